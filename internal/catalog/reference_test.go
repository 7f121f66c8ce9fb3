package catalog

import (
	"strings"
	"testing"
)

// A lead's reference is short, readable on the phone, and always the same
// for the same lead.
func TestLeadReference(t *testing.T) {
	id := "0d6f3b8e-4c1a-4b5e-9f2a-7c3d2e1f0a9b"
	ref := LeadReference(id)
	if len(ref) != ReferenceLength || ref != LeadReference(id) {
		t.Fatalf("LeadReference(%q) = %q, then %q", id, ref, LeadReference(id))
	}
	seen := map[string]bool{}
	for i := range 2000 {
		r := LeadReference(id + string(rune('a'+i%26)) + strings.Repeat("x", i/26))
		if strings.ContainsAny(r, "01OILUV") {
			t.Fatalf("%q has a look-alike character", r)
		}
		if seen[r] {
			t.Fatalf("%q repeats within 2000 leads", r)
		}
		seen[r] = true
	}
}
