package search

import (
	"testing"

	"forecourt/internal/contracttest"
)

// slugVector is one case of testdata/slug-vectors.json, which the app's
// slug functions are held to as well (web/src/app/slug-vectors.test.ts).
type slugVector struct {
	In   string `json:"in"`
	Want string `json:"want"`
}

func TestListingSlugSharedVectors(t *testing.T) {
	t.Parallel()
	var v struct {
		Listing []slugVector `json:"listing"`
	}
	contracttest.ReadVectors(t, "testdata/slug-vectors.json", &v)
	if len(v.Listing) == 0 {
		t.Fatal("slug vectors: no listing cases")
	}
	for _, c := range v.Listing {
		if got := listingSlug(c.In); got != c.Want {
			t.Errorf("listingSlug(%q) = %q, want %q", c.In, got, c.Want)
		}
	}
}
