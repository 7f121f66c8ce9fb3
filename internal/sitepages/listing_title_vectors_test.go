package sitepages_test

import (
	"testing"

	"forecourt/internal/contracttest"
	"forecourt/internal/sitepages"
)

// testdata/listing-title-vectors.json: the server's listing <title> and the
// app's heading (web/src/features/search/lib/listing-title.test.ts) name a
// listing in the same words, so the tab does not change as the page loads.
func TestListingTitleVectors(t *testing.T) {
	var v struct {
		Cases []struct {
			Refinements map[string][]string
			UsedOnly    bool `json:"used_only"`
			Want        string
		}
	}
	contracttest.ReadVectors(t, "testdata/listing-title-vectors.json", &v)
	if len(v.Cases) == 0 {
		t.Fatal("no cases")
	}
	for _, c := range v.Cases {
		if got := sitepages.ListingTitle(c.Refinements, c.UsedOnly); got != c.Want {
			t.Errorf("ListingTitle(%v, used only %v) = %q, want %q", c.Refinements, c.UsedOnly, got, c.Want)
		}
	}
}
