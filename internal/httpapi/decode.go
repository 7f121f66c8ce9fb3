package httpapi

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"

	"forecourt/internal/catalog"
)

// errEmptyBody is decodeJSON's answer to a request with no body at all;
// a handler whose fields are all optional reads it as an empty object.
var errEmptyBody = errors.New("empty body")

// decodeJSON reads the request's body, at most limit bytes, as one JSON
// value into v (a number where v asks for any is a float64, as the trade-in
// rules read it; a json.Number field keeps it as written). It is the one
// way a handler reads a JSON body; a lead's and a kept valuation's bodies
// are the exceptions, read whole and kept as sent (the leads package
// parses them). A body over the limit or not JSON is an invalid error
// saying which; no body at all is errEmptyBody.
func decodeJSON(w http.ResponseWriter, r *http.Request, v any, limit int64) error {
	err := json.NewDecoder(http.MaxBytesReader(w, r.Body, limit)).Decode(v)
	var tooBig *http.MaxBytesError
	switch {
	case err == nil:
		return nil
	case errors.Is(err, io.EOF):
		return errEmptyBody
	case errors.As(err, &tooBig):
		return catalog.Errorf(catalog.EInvalid, "The request is too large.")
	default:
		return catalog.Errorf(catalog.EInvalid, "The request must be a JSON object with the documented fields.")
	}
}

// Body limits: a visitor's small requests (a phone, a code, a setting),
// and a buyer tool's (a trade-in valuation with its answers).
const (
	maxSmallBody = 8 << 10
	maxToolBody  = 64 << 10
)
