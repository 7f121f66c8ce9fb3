package finance

import (
	"strings"
	"testing"

	"forecourt/internal/catalog"
)

// A field of the wrong JSON type is named with the type it must be; a body
// that is no JSON object is refused as a whole.
func TestReadQuoteRequest(t *testing.T) {
	if _, err := ReadQuoteRequest(strings.NewReader(`{}`)); err != nil {
		t.Errorf("an empty object: %v", err)
	}
	_, err := ReadQuoteRequest(strings.NewReader(`not json`))
	if ce, ok := err.(*catalog.Error); !ok || ce.Code != catalog.EInvalid || len(ce.Fields) != 0 {
		t.Errorf("not JSON: %v", err)
	}
	for body, want := range map[string]string{
		`{"purchasePrice":"lots"}`: "Must be a number.", `{"vin":7}`: "Must be text.",
	} {
		_, err := ReadQuoteRequest(strings.NewReader(body))
		ce, ok := err.(*catalog.Error)
		if !ok || len(ce.Fields) != 1 || !strings.Contains(body, "\""+firstKey(ce.Fields)+"\"") || firstKey(ce.Fields) == "" || ce.Fields[firstKey(ce.Fields)] != want {
			t.Errorf("%s: %v, want the field named: %s", body, err, want)
		}
	}
}

func firstKey(m map[string]string) string {
	for k := range m {
		return k
	}
	return ""
}
