package leads

import (
	"testing"

	"forecourt/internal/catalog"
)

// A valuation keeps its lead id and its result, nested or whole; an
// unsubscribe keeps only a valid address; anything else is refused.
func TestParseMiscellaneous(t *testing.T) {
	rec, err := ParseMiscellaneous([]byte(`{"column_name":"valuation","lead_id":1234,"valuation":{"low":1}}`))
	if err != nil || rec.LeadID != "1234" || string(rec.Data) != `{"low":1}` {
		t.Errorf("nested valuation: %+v, %v", rec, err)
	}
	whole := `{"column_name":"valuation","lead_id":" L9 ","low":1}`
	if rec, err := ParseMiscellaneous([]byte(whole)); err != nil || rec.LeadID != "L9" || string(rec.Data) != whole {
		t.Errorf("whole valuation: %+v, %v", rec, err)
	}
	if rec, err := ParseMiscellaneous([]byte(`{"column_name":"unsubscribe","email":" ann@example.com "}`)); err != nil || string(rec.Data) != `{"email":"ann@example.com"}` {
		t.Errorf("unsubscribe: %+v, %v", rec, err)
	}
	for body, field := range map[string]string{
		`{"column_name":"unsubscribe","email":"nobody"}`: "email",
		`{"column_name":"secrets"}`:                      "column_name",
		`[1]`:                                            "",
	} {
		_, err := ParseMiscellaneous([]byte(body))
		ce, ok := err.(*catalog.Error)
		if !ok || ce.Code != catalog.EInvalid || (field != "" && ce.Fields[field] == "") {
			t.Errorf("%s: %v, want invalid naming %q", body, err, field)
		}
	}
}
