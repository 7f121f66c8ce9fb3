package httpjson

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"time"

	"forecourt/internal/apitypes"
	"forecourt/internal/catalog"
	"forecourt/internal/httpmw"
	"forecourt/internal/search"
	"forecourt/internal/tenant"
)

// statusByCode is the one table from error codes to HTTP statuses (docs/behaviour/http.md#errors).
var statusByCode = map[string]int{
	catalog.EInvalid:              http.StatusUnprocessableEntity,
	catalog.ENotFound:             http.StatusNotFound,
	catalog.EUnauthorized:         http.StatusUnauthorized,
	catalog.EConflict:             http.StatusConflict,
	catalog.ERateLimited:          http.StatusTooManyRequests,
	catalog.EInternal:             http.StatusInternalServerError,
	catalog.EForbidden:            http.StatusForbidden,
	catalog.EUnavailable:          http.StatusServiceUnavailable,
	catalog.EUnsupportedMediaType: http.StatusUnsupportedMediaType,
}

// Errors writes the API's one error answer.
type Errors struct {
	Logger *slog.Logger
	// Store is pinged when an internal error is met, to tell an outage
	// from a fault; nil never is away.
	Store interface{ Ping(context.Context) error }
}

// Write answers with the API's one error shape. Internal errors are
// logged and reach the visitor only as "Internal error.".
func (s *Errors) Write(w http.ResponseWriter, r *http.Request, err error) {
	code := catalog.ErrorCode(err)
	if code == catalog.EInternal && (errors.Is(err, context.DeadlineExceeded) || s.databaseUnreachable(r.Context())) {
		s.Logger.Error("refused while the database cannot be reached", slog.String("request_id", w.Header().Get("X-Request-Id")),
			slog.String("method", r.Method), slog.String("path", httpmw.LoggedPath(r)), slog.Any("err", err))
		err, code = unreachableError(tenant.SiteFrom(r.Context())), catalog.EUnavailable
	}
	detail := apitypes.ErrorDetail{Code: code, Message: catalog.ErrorMessage(err)}
	var sugg *suggestingError
	if errors.As(err, &sugg) {
		detail.Suggestions = apitypes.ListingSuggestionsOf(sugg.suggestions)
	}
	var ce *catalog.Error
	if errors.As(err, &ce) {
		detail.Fields = ce.Fields
	}
	if code == catalog.EInternal {
		s.Logger.Error("internal error", slog.String("request_id", w.Header().Get("X-Request-Id")), slog.String("method", r.Method), slog.String("path", httpmw.LoggedPath(r)), slog.Any("err", err))
	}
	Write(w, statusByCode[code], apitypes.Error{Error: detail})
}

// suggestingError is a not_found that names what the visitor may have meant.
type suggestingError struct {
	error
	suggestions []search.Suggestion
}

func (e *suggestingError) Unwrap() error { return e.error }

// Suggesting is err answered with what the visitor may have meant.
func Suggesting(err error, suggestions []search.Suggestion) error {
	return &suggestingError{error: err, suggestions: suggestions}
}

// databaseUnreachable reports whether the database fails to answer a ping
// within half a second: an internal error met then is the outage's, and
// the visitor is told to try again rather than that something broke.
func (s *Errors) databaseUnreachable(ctx context.Context) bool {
	if s.Store == nil {
		return false
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 500*time.Millisecond)
	defer cancel()
	return s.Store.Ping(ctx) != nil
}

// unreachableError is what a visitor reads when what they sent could not
// be stored because the database is away: try again, or call the dealer.
func unreachableError(site *tenant.Site) error {
	if site != nil && site.Phones.Main != "" {
		return catalog.Errorf(catalog.EUnavailable, MsgUnreachableCall, site.Phones.Main)
	}
	return catalog.Errorf(catalog.EUnavailable, MsgUnreachable)
}

// Messages for a write refused while the database cannot be reached.
const (
	MsgUnreachableCall = "We could not take this just now. Please try again in a moment, or call us on %s."
	MsgUnreachable     = "We could not take this just now. Please try again in a moment, or call the dealer."
)

// Write answers v as JSON, never kept by a cache. Only an apitypes value
// is an answer: a domain value cannot reach the wire by mistake.
func Write(w http.ResponseWriter, status int, v apitypes.Answer) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}
