package sitepages_test

import (
	"testing"

	"forecourt/internal/contracttest"
	"forecourt/internal/sitepages"
)

// slugCases are the cases of internal/search/testdata/slug-vectors.json,
// which the app's slug functions are held to as well.
type slugCases struct {
	Body  []struct{ In, Want string } `json:"body"`
	Image []struct{ In, Want string } `json:"image"`
}

// The /models?body= and /{brand}/overview names, and the make logo and
// body icon names, are held to the slug vectors the app checks too.
func TestSlugsSharedVectors(t *testing.T) {
	var v slugCases
	contracttest.ReadVectors(t, "../search/testdata/slug-vectors.json", &v)
	if len(v.Body) == 0 || len(v.Image) == 0 {
		t.Fatal("slug vectors: no body or no image cases")
	}
	for _, c := range v.Body {
		if got := sitepages.BodyParam(c.In); got != c.Want {
			t.Errorf("BodyParam(%q) = %q, want %q", c.In, got, c.Want)
		}
	}
	for _, c := range v.Image {
		if got := sitepages.FacetImageSlug(c.In); got != c.Want {
			t.Errorf("FacetImageSlug(%q) = %q, want %q", c.In, got, c.Want)
		}
	}
}
