package listing_test

import (
	"os"
	"regexp"
	"slices"
	"testing"

	"forecourt/internal/listing"
)

// The facets a listing answer carries are the ones the app's filter panel
// shows: a facet added to the panel and not to the answer would show no
// options.
func TestPanelFacetsAreTheAppsPanel(t *testing.T) {
	t.Parallel()
	src, err := os.ReadFile("../../web/src/features/search/lib/facets.ts")
	if err != nil {
		t.Fatal(err)
	}
	var app []string
	for _, m := range regexp.MustCompile(`\{ field: '([a-z_]+)'`).FindAllStringSubmatch(string(src), -1) {
		app = append(app, m[1])
	}
	if len(app) == 0 || !slices.Equal(app, listing.PanelFacets) {
		t.Errorf("the app's panel lists %v; the answer carries %v", app, listing.PanelFacets)
	}
}
