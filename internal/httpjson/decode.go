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
// way a handler reads a JSON body; ReadBody is for the two kept as sent. A
// body over the limit or not JSON is an invalid error saying which; no
// body at all is ErrEmptyBody.
func Decode(w http.ResponseWriter, r *http.Request, v any, limit int64) error {
	err := json.NewDecoder(http.MaxBytesReader(w, r.Body, limit)).Decode(v)
	switch {
	case err == nil:
		return nil
	case errors.Is(err, io.EOF):
		return ErrEmptyBody
	case tooLarge(err):
		return catalog.Errorf(catalog.EInvalid, "The request is too large.")
	default:
		return catalog.Errorf(catalog.EInvalid, "The request must be a JSON object with the documented fields.")
	}
}

// ReadBody reads the request's body whole, at most limit bytes, for the
// bodies kept as they came and parsed by the leads package (a lead, a
// kept valuation). A body over the limit is an invalid error with
// tooLargeMsg.
func ReadBody(w http.ResponseWriter, r *http.Request, limit int64, tooLargeMsg string) ([]byte, error) {
	b, err := io.ReadAll(http.MaxBytesReader(w, r.Body, limit))
	switch {
	case err == nil:
		return b, nil
	case tooLarge(err):
		return nil, catalog.Errorf(catalog.EInvalid, "%s", tooLargeMsg)
	default:
		return nil, catalog.Errorf(catalog.EInvalid, "The request could not be read; please try again.")
	}
}

func tooLarge(err error) bool {
	var e *http.MaxBytesError
	return errors.As(err, &e)
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
