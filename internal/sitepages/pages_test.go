package sitepages

import (
	"strings"
	"testing"

	"forecourt/internal/tenant"
)

func TestPageKind(t *testing.T) {
	for view, want := range map[string]string{
		"home": "home", "search": "results", "vehicle": "vehicle", "trade-in": "other", "checkout": "other", "": "other",
	} {
		if got := PageKind(view); got != want {
			t.Errorf("PageKind(%q) = %q, want %q", view, got, want)
		}
	}
}

// robots.txt keeps crawlers off the API and every page made for one
// visitor, a parameter route by its ending, and names the sitemap.
func TestRobots(t *testing.T) {
	site := &tenant.Site{Pages: []tenant.Page{{Path: "/watchlist"}, {Path: "/about-us"}}}
	personal := func(route string) bool { return route == "/watchlist" }
	got := string(Robots(site, "https://a.example", personal))
	if !strings.HasPrefix(got, "User-agent: *\nDisallow: /api/\n") || !strings.HasSuffix(got, "Allow: /\n\nSitemap: https://a.example/sitemap.xml\n") {
		t.Errorf("robots.txt:\n%s", got)
	}
	if !strings.Contains(got, "Disallow: /watchlist\n") || strings.Contains(got, "/about-us") {
		t.Errorf("robots.txt keeps crawlers off a public page:\n%s", got)
	}
}
