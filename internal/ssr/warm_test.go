package ssr

import (
	"net/http"
	"slices"
	"testing"
)

// Warm asks for each page on the site's host, marked as warming, and
// skips an empty path.
func TestWarm(t *testing.T) {
	t.Parallel()
	var got []string
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got = append(got, r.Method+" "+r.Host+r.URL.Path+" "+r.Header.Get("X-Request-Id"))
		if !Warming(r.Context()) {
			t.Errorf("%s is not marked as warming", r.URL.Path)
		}
		_, _ = w.Write([]byte("page"))
	})
	Warm(t.Context(), h, "a.localhost", "/", "", "/search/used-cars")
	want := []string{"GET a.localhost/ warm-pages", "GET a.localhost/search/used-cars warm-pages"}
	if !slices.Equal(got, want) {
		t.Errorf("asked %q, want %q", got, want)
	}
	if Warming(t.Context()) {
		t.Error("any request counts as warming")
	}
}
