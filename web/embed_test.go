package web

import (
	"encoding/json"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"testing"
)

// TestRoutesFitServeMux checks that routes.json registers on one ServeMux
// without a conflict (which would panic the server), tells pages from
// not-found URLs as docs/behaviour/screens.md lists them, and names the
// view of each.
func TestRoutesFitServeMux(t *testing.T) {
	var routes []struct {
		Route, View string
		Patterns    []string
		Configured  bool
	}
	if err := json.Unmarshal(Routes, &routes); err != nil {
		t.Fatalf("routes.json: %v", err)
	}
	var patterns []string
	views := map[string]string{}
	for i, r := range routes {
		// The pages a site may or may not offer (its `pages` config) have
		// no pattern: the server asks the site's config for those.
		if r.Route == "" || r.View == "" || r.Configured != (len(r.Patterns) == 0) {
			t.Errorf("routes.json entry %d: route %q, view %q, patterns %q, configured %v", i, r.Route, r.View, r.Patterns, r.Configured)
		}
		for _, p := range r.Patterns {
			patterns = append(patterns, p)
			views["GET "+p] = r.View
		}
	}
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
		view string
	}{
		{"/", true, "home"},
		{"/search/new-used-and-demo-cars/", true, "search"},
		{"/search/used-cars", true, "search"},
		{"/search/used-cars/toyota", true, "search"},
		{"/search/new-cars/toyota/hilux", true, "search"},
		{"/cars/2021-toyota-hilux-sr5-123", true, "vehicle"},
		{"/cars/abc/checkout", false, ""}, // a site offers checkout in its pages
		{"/cars/trade-in", true, "trade-in"},
		{"/book-test-drive/", true, "test-drive"},
		{"/book-test-drive", true, "test-drive"},
		{"/used-car/toyota/hilux", true, "used-car"},
		{"/contact-us/harbourside-toyota", true, "contact"},
		// Configured per site, so not a fixed page.
		{"/privacy-policy", false, ""},
		{"/about-us", false, ""},
		{"/no-such-page", false, ""},
		{"/cars/abc/def", false, ""},
		// Listing paths name up to seven filters; the listing's own head
		// reads the segments and answers 404 for one it does not know.
		{"/search/used-cars/toyota/hilux/ute/summit-ford", true, "search"},
	}
	for _, c := range cases {
		_, pattern := mux.Handler(httptest.NewRequest("GET", c.path, nil))
		if got := pattern != ""; got != c.page {
			t.Errorf("%s: page = %v (pattern %q), want %v", c.path, got, pattern, c.page)
		}
		if views[pattern] != c.view {
			t.Errorf("%s: view %q, want %q", c.path, views[pattern], c.view)
		}
	}
}

func TestDistIsEmbedded(t *testing.T) {
	if _, err := fs.Stat(Dist, "dist/placeholder.txt"); err != nil {
		t.Fatalf("dist/placeholder.txt missing: %v", err)
	}
}
