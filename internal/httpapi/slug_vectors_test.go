package httpapi

import (
	"encoding/json"
	"os"
	"testing"
)

// The make logo and body icon names, held to the slug vectors the app
// checks too (internal/search/testdata/slug-vectors.json).
func TestFacetImageSlugSharedVectors(t *testing.T) {
	b, err := os.ReadFile("../search/testdata/slug-vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var v struct {
		Image []struct{ In, Want string } `json:"image"`
	}
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	if len(v.Image) == 0 {
		t.Fatal("slug vectors: no image cases")
	}
	for _, c := range v.Image {
		if got := facetImageSlug(c.In); got != c.Want {
			t.Errorf("facetImageSlug(%q) = %q, want %q", c.In, got, c.Want)
		}
	}
}
