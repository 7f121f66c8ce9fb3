package web

import (
	"encoding/json"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"testing"
)

// TestRoutesFitServeMux checks that routes.json registers on one ServeMux
// without a conflict (which would panic the server) and tells pages from
// not-found URLs as docs/behaviour/screens.md lists them.
func TestRoutesFitServeMux(t *testing.T) {
	var patterns []string
	if err := json.Unmarshal(Routes, &patterns); err != nil {
		t.Fatalf("routes.json: %v", err)
	}
	// The pages a site may or may not offer (its `pages` config) are not
	// here: the server asks the site's config for those.
	if len(patterns) < 20 {
		t.Fatalf("routes.json has %d patterns, want every core route of docs/behaviour/screens.md", len(patterns))
	}
	mux := http.NewServeMux()
	noop := http.HandlerFunc(func(http.ResponseWriter, *http.Request) {})
	for _, p := range patterns {
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Fatalf("pattern %q does not register: %v", p, r)
				}
			}()
			mux.Handle("GET "+p, noop)
		}()
	}
	cases := []struct {
		path string
		page bool
	}{
		{"/", true},
		{"/search/new-used-and-demo-cars/", true},
		{"/search/used-cars", true},
		{"/search/used-cars/toyota", true},
		{"/search/new-cars/toyota/hilux", true},
		{"/cars/2021-toyota-hilux-sr5-123", true},
		{"/cars/abc/checkout", false}, // a site offers checkout in its pages
		{"/cars/trade-in", true},
		{"/book-test-drive/", true},
		{"/book-test-drive", true},
		{"/used-car/toyota/hilux", true},
		{"/contact-us/harbourside-toyota", true},
		// Configured per site, so not a fixed page.
		{"/privacy-policy", false},
		{"/about-us", false},
		{"/no-such-page", false},
		{"/cars/abc/def", false},
		// Listing paths name up to seven filters; the listing's own head
		// reads the segments and answers 404 for one it does not know.
		{"/search/used-cars/toyota/hilux/ute/summit-ford", true},
	}
	for _, c := range cases {
		_, pattern := mux.Handler(httptest.NewRequest("GET", c.path, nil))
		if got := pattern != ""; got != c.page {
			t.Errorf("%s: page = %v (pattern %q), want %v", c.path, got, pattern, c.page)
		}
	}
}

func TestDistIsEmbedded(t *testing.T) {
	if _, err := fs.Stat(Dist, "dist/placeholder.txt"); err != nil {
		t.Fatalf("dist/placeholder.txt missing: %v", err)
	}
}
