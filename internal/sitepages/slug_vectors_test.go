package sitepages_test

import (
	"encoding/json"
	"os"
	"testing"

	"forecourt/internal/sitepages"
)

// The /models?body= and /{brand}/overview names, held to the slug vectors
// the app checks too (internal/search/testdata/slug-vectors.json).
func TestBodyParamSharedVectors(t *testing.T) {
	b, err := os.ReadFile("../search/testdata/slug-vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var v struct {
		Body []struct{ In, Want string } `json:"body"`
	}
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	if len(v.Body) == 0 {
		t.Fatal("slug vectors: no body cases")
	}
	for _, c := range v.Body {
		if got := sitepages.BodyParam(c.In); got != c.Want {
			t.Errorf("BodyParam(%q) = %q, want %q", c.In, got, c.Want)
		}
	}
}

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
		if got := sitepages.FacetImageSlug(c.In); got != c.Want {
			t.Errorf("FacetImageSlug(%q) = %q, want %q", c.In, got, c.Want)
		}
	}
}
