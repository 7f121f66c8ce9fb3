package sitepages

import (
	"encoding/json"
	"fmt"
	"net/http"

	"forecourt/internal/tenant"
)

// Route is one of the app's page routes as routes.json gives them (made
// from web/src/config/routes.ts): the route as the router writes it, the
// view it draws and, for a core route every site has, the ServeMux
// patterns of its URLs. A configured route is a page only where the site's
// `pages` config lists it (docs/behaviour/screens.md#routes).
type Route struct {
	Route      string   `json:"route"`
	View       string   `json:"view"`
	Patterns   []string `json:"patterns,omitempty"`
	Configured bool     `json:"configured,omitempty"`
	// Personal is a page made for one visitor (sign-in, their lists, a
	// checkout): never drawn on the server, never in the sitemap.
	Personal bool `json:"personal,omitempty"`
}

// Routes is the app's route table, ready to tell the page a URL asks for.
type Routes struct {
	core       *http.ServeMux
	byPattern  map[string]Route // "GET "+pattern → its route
	configured map[string]Route // by the route as the router writes it
}

// ParseRoutes reads routes.json.
func ParseRoutes(b []byte) (*Routes, error) {
	var rs []Route
	if err := json.Unmarshal(b, &rs); err != nil {
		return nil, fmt.Errorf("read the app's routes: %w", err)
	}
	return NewRoutes(rs)
}

// NewRoutes builds the table; a pattern ServeMux refuses is an error, not
// a panic.
func NewRoutes(rs []Route) (t *Routes, err error) {
	t = &Routes{core: http.NewServeMux(), byPattern: map[string]Route{}, configured: map[string]Route{}}
	noop := http.HandlerFunc(func(http.ResponseWriter, *http.Request) {})
	defer func() {
		if r := recover(); r != nil {
			t, err = nil, fmt.Errorf("the app's routes: %v", r)
		}
	}()
	for _, r := range rs {
		if r.Configured {
			t.configured[r.Route] = r
			continue
		}
		for _, p := range r.Patterns {
			t.core.Handle("GET "+p, noop)
			t.byPattern["GET "+p] = r
		}
	}
	return t, nil
}

// Page is what a page URL is on a site: its route and, for a configured
// route, the site's own page of it (its title, content, component).
type Page struct {
	Route
	Config *tenant.Page
}

// Match finds the page a GET or HEAD request asks for on the site: a core
// route's, or one of the site's configured pages; ok is false for a URL
// that is no page of the site's. A page the site configures on a route the
// table does not know draws the site's own content ("page").
func (t *Routes) Match(site *tenant.Site, r *http.Request) (Page, bool) {
	if _, pattern := t.core.Handler(r); pattern != "" {
		return Page{Route: t.byPattern[pattern]}, true
	}
	pg, ok := site.PageFor(r.URL.Path)
	if !ok {
		return Page{}, false
	}
	rt, ok := t.configured[pg.Path]
	if !ok {
		rt = Route{Route: pg.Path, View: "page", Configured: true}
	}
	return Page{Route: rt, Config: pg}, true
}

// Personal reports whether a configured route (as the router writes it,
// "/cars/:slug/checkout") is made for one visitor.
func (t *Routes) Personal(route string) bool { return t.configured[route].Personal }
