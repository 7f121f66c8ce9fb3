package httpjson

import (
	"errors"
	"net/http/httptest"
	"strings"
	"testing"

	"forecourt/internal/catalog"
)

// One body decoder for every handler: what it keeps and what it refuses.
func TestDecodeJSON(t *testing.T) {
	type body struct {
		Year any    `json:"year"`
		Name string `json:"name"`
	}
	for _, tc := range []struct {
		name, body string
		limit      int64
		want       body
		err        string // "" none, "empty", or the message
	}{
		{"an object", `{"year": 2019, "name": "Jo"}`, 64, body{Year: 2019.0, Name: "Jo"}, ""},
		{"no body", ``, 64, body{}, "empty"},
		{"not JSON", `year=2019`, 64, body{}, "The request must be a JSON object with the documented fields."},
		{"a field of the wrong type", `{"name": 7}`, 64, body{}, "The request must be a JSON object with the documented fields."},
		{"over the limit", `{"name": "` + strings.Repeat("a", 100) + `"}`, 64, body{}, "The request is too large."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := httptest.NewRequest("POST", "/api/x", strings.NewReader(tc.body))
			var got body
			err := Decode(httptest.NewRecorder(), r, &got, tc.limit)
			switch {
			case tc.err == "" && err != nil:
				t.Fatalf("error %v", err)
			case tc.err == "empty" && !errors.Is(err, ErrEmptyBody):
				t.Fatalf("error %v, want the empty body's", err)
			case tc.err != "" && tc.err != "empty":
				if catalog.ErrorCode(err) != catalog.EInvalid || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error %v, want invalid %q", err, tc.err)
				}
			}
			if tc.err == "" && got != tc.want {
				t.Errorf("read %+v, want %+v", got, tc.want)
			}
		})
	}
}

// A body kept as sent is read whole up to its limit, and refused past it
// with the handler's own words.
func TestReadBody(t *testing.T) {
	read := func(body string) ([]byte, error) {
		return ReadBody(httptest.NewRecorder(), httptest.NewRequest("POST", "/api/x", strings.NewReader(body)), 8, "Too big for this form.")
	}
	if b, err := read(`{"a":1}`); err != nil || string(b) != `{"a":1}` {
		t.Errorf("within the limit: %q, %v", b, err)
	}
	if b, err := read(`12345678`); err != nil || len(b) != 8 {
		t.Errorf("at the limit: %q, %v", b, err)
	}
	if _, err := read(`123456789`); catalog.ErrorCode(err) != catalog.EInvalid || catalog.ErrorMessage(err) != "Too big for this form." {
		t.Errorf("past the limit: %v", err)
	}
}
