package sitepages

import (
	"net/http/httptest"
	"testing"

	"forecourt/internal/tenant"
	"forecourt/web"
)

// The route table tells a site's pages by their view: a core route on
// every site, a configured one only where the site lists it, and a page
// made for one visitor as personal.
func TestRoutesMatchPagesByView(t *testing.T) {
	routes, err := ParseRoutes(web.Routes)
	if err != nil {
		t.Fatal(err)
	}
	site := &tenant.Site{Pages: []tenant.Page{{Path: "/my-garage"}, {Path: "/about-us", Title: "About"}, {Path: "/models/:slug"}, {Path: "/our-own-page"}}}
	for _, c := range []struct {
		path, view string
		page       bool
		personal   bool
		configured bool
	}{
		{"/", "home", true, false, false},
		{"/search/used-cars/toyota", "search", true, false, false},
		{"/cars/2021-toyota-hilux", "vehicle", true, false, false},
		{"/cars/trade-in", "trade-in", true, false, false},
		{"/my-garage", "garage", true, true, true},
		{"/about-us", "page", true, false, true},
		{"/models/hilux", "model", true, false, true},
		{"/our-own-page", "page", true, false, true},
		{"/warranty", "", false, false, false}, // a configurable route the site does not list
		{"/no-such-page", "", false, false, false},
	} {
		pg, ok := routes.Match(site, httptest.NewRequest("GET", c.path, nil))
		if ok != c.page || pg.View != c.view || pg.Personal != c.personal || pg.Configured != c.configured {
			t.Errorf("%s: page %v, %+v; want page %v, view %q, personal %v, configured %v", c.path, ok, pg.Route, c.page, c.view, c.personal, c.configured)
		}
		if c.configured && (pg.Config == nil || pg.Config.Path == "") {
			t.Errorf("%s: no site page", c.path)
		}
	}
	if !routes.Personal("/cars/:slug/checkout") || !routes.Personal("/sign-in") || routes.Personal("/about-us") || routes.Personal("/") {
		t.Error("Personal does not follow the table's personal routes")
	}
	if _, err := NewRoutes([]Route{{Route: "/a/:x", View: "page", Patterns: []string{"/a/{x}"}}, {Route: "/:y/b", View: "page", Patterns: []string{"/{y}/b"}}}); err == nil {
		t.Error("two patterns ServeMux refuses together made a table")
	}
}
