package catalog

import (
	"errors"
	"fmt"
)

// Error codes; httpapi maps each to one HTTP status (docs/behaviour/http.md#errors).
const (
	EInvalid      = "invalid"
	ENotFound     = "not_found"
	EUnauthorized = "unauthorized"
	EConflict     = "conflict"
	ERateLimited  = "rate_limited"
	EInternal     = "internal"
	EForbidden    = "forbidden"   // the request may not do this (a foreign Origin, another visitor's records)
	EUnavailable  = "unavailable" // the service cannot answer now (no sender, database unreachable)
	// EUnsupportedMediaType: a request body that is not JSON where the API
	// reads JSON.
	EUnsupportedMediaType = "unsupported_media_type"
)

// Error is an error a visitor may see. Any other error is internal: it is
// logged and the visitor is told only "Internal error.".
type Error struct {
	Code    string
	Message string
	Fields  map[string]string
}

func (e *Error) Error() string { return fmt.Sprintf("%s: %s", e.Code, e.Message) }

// Errorf builds an Error with a formatted message.
func Errorf(code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// ErrorCode returns the code of err, EInternal for errors that are not ours.
func ErrorCode(err error) string {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return EInternal
}

// ErrorMessage returns the visitor-facing message of err.
func ErrorMessage(err error) string {
	var e *Error
	if errors.As(err, &e) {
		return e.Message
	}
	return "Internal error."
}
