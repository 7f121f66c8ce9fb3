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
// not-found URLs as SPEC.md section 2 lists them.
func TestRoutesFitServeMux(t *testing.T) {
	var patterns []string
	if err := json.Unmarshal(Routes, &patterns); err != nil {
		t.Fatalf("routes.json: %v", err)
	}
	if len(patterns) < 60 {
		t.Fatalf("routes.json has %d patterns, want every route of SPEC.md section 2", len(patterns))
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
		{"/cars/abc/checkout", true},
		{"/cars/trade-in", true},
		{"/book-test-drive/", true},
		{"/book-test-drive", true},
		{"/privacy-policy", true},
		{"/used-car/toyota/hilux", true},
		{"/contact-us/harbourside-toyota", true},
		{"/no-such-page", false},
		{"/privacy-policy/extra", false},
		{"/cars/abc/def", false},
		{"/search/a/b/c/d", false},
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
