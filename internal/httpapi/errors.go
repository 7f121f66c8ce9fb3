package httpapi

import (
	"encoding/json"
	"log/slog"
	"net/http"

	"forecourt/internal/catalog"
)

// statusByCode is the one table from error codes to HTTP statuses (API.md, Errors).
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
	catalog.EBadRequest:           http.StatusBadRequest,
}

type errorBody struct {
	Error errorDetail `json:"error"`
}

type errorDetail struct {
	Code    string            `json:"code"`
	Message string            `json:"message"`
	Fields  map[string]string `json:"fields,omitempty"`
}

// writeError answers with the API's one error shape. Internal errors are
// logged and reach the visitor only as "Internal error.".
func (s *Server) writeError(w http.ResponseWriter, r *http.Request, err error) {
	code := catalog.ErrorCode(err)
	detail := errorDetail{Code: code, Message: catalog.ErrorMessage(err)}
	if e, ok := err.(*catalog.Error); ok {
		detail.Fields = e.Fields
	}
	if code == catalog.EInternal {
		s.Logger.Error("internal error", slog.String("request_id", w.Header().Get("X-Request-Id")), slog.String("method", r.Method), slog.String("path", r.URL.Path), slog.Any("err", err))
	}
	writeJSON(w, statusByCode[code], errorBody{Error: detail})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}
