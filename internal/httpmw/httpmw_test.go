package httpmw

import "testing"

// A body holds a null character raw or escaped; a backslash before
// "u0000" is only text. The field named is the top-level key that holds it.
func TestNulField(t *testing.T) {
	for _, tc := range []struct {
		body  string
		field string
		found bool
	}{
		{`{"name":"Ann"}`, "", false},
		{`{"name":"A\u0000nn"}`, "name", true},
		{`{"name":"A\\u0000nn"}`, "", false},
		{`{"a":"x","notes":["y",{"z":"\u0000"}]}`, "notes", true},
		{"[\"\x00\"]", "", true},
	} {
		field, found := NulField([]byte(tc.body))
		if field != tc.field || found != tc.found {
			t.Errorf("NulField(%q) = %q, %v; want %q, %v", tc.body, field, found, tc.field, tc.found)
		}
	}
}

// The log keeps at most n bytes of a visitor's value, never cutting a
// character in two; only sane request ids are echoed.
func TestCappedAndRequestIDs(t *testing.T) {
	if got := capped("abcdef", 4); got != "abcd…" {
		t.Errorf("capped: %q", got)
	}
	if got := capped("ab€d", 3); got != "ab…" {
		t.Errorf("capped inside a character: %q", got)
	}
	for id, want := range map[string]bool{"bug-7": true, "a.b_c": true, "": false, "a b": false, "x\ny": false} {
		if saneRequestID(id) != want {
			t.Errorf("saneRequestID(%q) = %v", id, !want)
		}
	}
}
