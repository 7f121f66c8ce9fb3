// Package httpjson is how the API's handlers speak JSON: the one body
// decoder with its limits, the one answer writer, and the one error
// answer with its table from error codes to HTTP statuses
// (docs/behaviour/http.md#errors).
package httpjson

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"

	"forecourt/internal/catalog"
)

// ErrEmptyBody is Decode's answer to a request with no body at all;
// a handler whose fields are all optional reads it as an empty object.
var ErrEmptyBody = errors.New("empty body")

// Decode reads the request's body, at most limit bytes, as one JSON
// value into v (a number where v asks for any is a float64, as the trade-in
// rules read it; a json.Number field keeps it as written). It is the one
// way a handler reads a JSON body; a lead's and a kept valuation's bodies
// are the exceptions, read whole and kept as sent (the leads package
// parses them). A body over the limit or not JSON is an invalid error
// saying which; no body at all is ErrEmptyBody.
func Decode(w http.ResponseWriter, r *http.Request, v any, limit int64) error {
	err := json.NewDecoder(http.MaxBytesReader(w, r.Body, limit)).Decode(v)
	var tooBig *http.MaxBytesError
	switch {
	case err == nil:
		return nil
	case errors.Is(err, io.EOF):
		return ErrEmptyBody
	case errors.As(err, &tooBig):
		return catalog.Errorf(catalog.EInvalid, "The request is too large.")
	default:
		return catalog.Errorf(catalog.EInvalid, "The request must be a JSON object with the documented fields.")
	}
}

// Body limits: a visitor's small requests (a phone, a code, a setting),
// and a buyer tool's (a trade-in valuation with its answers).
const (
	MaxSmallBody = 8 << 10
	MaxToolBody  = 64 << 10
)

// DecodeSmall reads a visitor's small JSON object (a phone, a code, a
// setting) into v; a body that is not one is answered 422 naming field
// with msg, and DecodeSmall is false.
func (s *Errors) DecodeSmall(w http.ResponseWriter, r *http.Request, v any, field, msg string) bool {
	if err := Decode(w, r, v, MaxSmallBody); err != nil {
		s.Write(w, r, &catalog.Error{Code: catalog.EInvalid, Message: msg, Fields: map[string]string{field: msg}})
		return false
	}
	return true
}
