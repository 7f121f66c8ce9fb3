package httpapi_test

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"forecourt/internal/demo"
	"forecourt/internal/httpapi"
	"forecourt/internal/sitepages"
	"forecourt/internal/tenant"
	"forecourt/web"
)

func corePages(t testing.TB) []sitepages.Route {
	t.Helper()
	pages, err := routeTable()
	if err != nil {
		t.Fatal(err)
	}
	return pages
}

// routeTable is the app's route table (web/routes.json).
func routeTable() ([]sitepages.Route, error) {
	var pages []sitepages.Route
	err := json.Unmarshal(web.Routes, &pages)
	return pages, err
}

// docs/behaviour/screens.md#routes: which pages a site has is configuration. A
// configurable route answers 200 with its configured title where the site
// offers it and the site's 404 elsewhere; core routes answer everywhere.
func TestConfiguredPagesAnswerOnlyWhereOffered(t *testing.T) {
	t.Parallel()
	ref := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	reg, st := demoStore(t, ref)
	_, srv := serve(t, &httpapi.Server{Sites: reg, Store: st, Web: webApp, Pages: corePages(t)})
	app := &testApp{srv: srv, data: generated(ref)}
	for _, tc := range []struct {
		site, path string
		status     int
		title      string
	}{
		{"harbourside-toyota", "/about-us", 200, "About Us | Harbourside Toyota"},
		{"harbourside-toyota", "/new-vehicle-warranty", 200, "Toyota Warranty | Harbourside Toyota"},
		{"harbourside-toyota", "/fleet", 404, "Page not found | Harbourside Toyota"},
		{"harbourside-toyota", "/eofy", 404, "Page not found"},
		{"summit-motor-group", "/eofy", 200, "End of Financial Year Sale | Summit Motor Group"},
		{"summit-motor-group", "/service-noosa", 200, "Service Noosa | Summit Motor Group"},
		{"summit-motor-group", "/book-a-service-smithfield", 404, "Page not found"},
		{"metro-used-cars", "/models", 404, "Page not found"}, // a used-car site sells no new models
		{"metro-used-cars", "/dealer-locator", 200, "Dealer Locator | Metro Used Cars"},
		{"outback-caravans", "/4x4-outdoor", 200, "4x4 Outdoor | Outback Caravans"},
		{"southern-alps-motors", "/sign-in", 404, "Page not found"}, // no site offers accounts yet
		{"southern-alps-motors", "/mitsubishi/overview", 200, "Mitsubishi"},
		{"metro-used-cars", "/mazda/overview", 404, "Page not found"},
		{"metro-used-cars", "/finance", 200, "Finance | Metro Used Cars"},
	} {
		res, body := app.get(t, tc.site+".localhost", tc.path)
		if res.StatusCode != tc.status || !strings.Contains(body, "<title>"+tc.title) {
			t.Errorf("%s %s: status %d, title %q; want %d and %q", tc.site, tc.path, res.StatusCode, headTitle(body), tc.status, tc.title)
		}
		if tc.status == 200 && !strings.Contains(body, `<link rel="canonical" href="http://`+tc.site+`.localhost`+tc.path+`">`) {
			t.Errorf("%s %s: canonical missing", tc.site, tc.path)
		}
	}
	// The description comes from the page's config.
	if _, body := app.get(t, "summit-motor-group.localhost", "/fleet"); !strings.Contains(body, `<meta name="description" content="Fleet and business buying.">`) {
		t.Error("/fleet: the configured description is not in the head")
	}

	// GET /api/pages renders the Markdown with the site's values; a page the
	// site does not offer is not_found.
	res, body := app.get(t, "harbourside-toyota.localhost", "/api/pages?path=/fleet")
	if res.StatusCode != http.StatusNotFound || !strings.Contains(body, `"not_found"`) {
		t.Errorf("/api/pages?path=/fleet on a site without it: %d %s", res.StatusCode, body)
	}
	res, body = app.get(t, "metro-used-cars.localhost", "/api/pages?path=/faqs")
	var page struct {
		HTML string `json:"html"`
		FAQs []struct{ Question, HTML string }
	}
	if err := json.Unmarshal([]byte(body), &page); err != nil || res.StatusCode != 200 {
		t.Fatalf("/api/pages?path=/faqs: %d %s", res.StatusCode, body)
	}
	// docs/behaviour/validation.md, Trade-in FAQ: 7 years and 100,000 km from trade_in.
	var tradeIn string
	for _, f := range page.FAQs {
		if strings.Contains(f.Question, "trade-in") {
			tradeIn = f.HTML
		}
	}
	if !strings.Contains(tradeIn, "<strong>7 years</strong>") || !strings.Contains(tradeIn, "<strong>100,000 km</strong>") {
		t.Errorf("the trade-in FAQ does not give the site's limits: %q", tradeIn)
	}
	// About Us names the towns the caravan dealer's yards are in, from its
	// locations: Toowoomba and Rockhampton, never a town it has no yard in.
	res, body = app.get(t, "outback-caravans.localhost", "/api/pages?path=/about-us")
	if res.StatusCode != 200 || !strings.Contains(body, "from Toowoomba and Rockhampton.") || strings.Contains(body, "Dalby") {
		t.Errorf("/about-us on outback-caravans does not name its yards' towns: %d %s", res.StatusCode, body)
	}
}

// Nothing on a site links to a page it does not offer: every internal link
// of its header, footer, home banners and feature links, promo cards and
// offers is a core route or one of its pages.
func TestDemoSitesLinkOnlyToPagesTheyOffer(t *testing.T) {
	t.Parallel()
	reg, err := tenant.LoadEmbedded()
	if err != nil {
		t.Fatal(err)
	}
	core := http.NewServeMux()
	for _, r := range corePages(t) {
		for _, p := range r.Patterns {
			core.HandleFunc("GET "+p, func(http.ResponseWriter, *http.Request) {})
		}
	}
	offered := func(site *tenant.Site, href string) bool {
		if !strings.HasPrefix(href, "/") {
			return true
		}
		p, _, _ := strings.Cut(href, "?")
		p, _, _ = strings.Cut(p, "#")
		if _, ok := site.PageFor(p); ok {
			return true
		}
		r, _ := http.NewRequest(http.MethodGet, p, nil)
		_, pattern := core.Handler(r)
		return pattern != ""
	}
	for _, site := range reg.Sites() {
		var links []tenant.Link
		var walk func([]tenant.Link)
		walk = func(ls []tenant.Link) {
			for _, l := range ls {
				links = append(links, l)
				walk(l.Children)
			}
		}
		walk(site.Navigation.Header)
		for _, g := range site.Navigation.Footer {
			walk(g.Links)
		}
		walk(site.Home.FeatureLinks)
		for _, b := range site.Home.Banners {
			links = append(links, tenant.Link{Label: "banner " + b.Title, Href: b.Href})
		}
		for _, c := range site.PromoCards {
			links = append(links, tenant.Link{Label: "promo " + c.Title, Href: c.Href})
		}
		for _, o := range site.Offers {
			links = append(links, tenant.Link{Label: "offer " + o.Title, Href: o.Href})
		}
		if len(links) == 0 {
			t.Errorf("%s: no links found", site.Slug)
		}
		for _, l := range links {
			if !offered(site, l.Href) {
				t.Errorf("%s: %q links to %s, which the site does not offer", site.Slug, l.Label, l.Href)
			}
		}
	}
}

// The sitemap lists the core pages and the pages the site offers, and no
// configurable route it does not offer.
func TestSitemapListsOfferedPages(t *testing.T) {
	t.Parallel()
	ref := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	reg, st := demoStore(t, ref)
	_, srv := serve(t, &httpapi.Server{Sites: reg, Store: st, Web: webApp, Pages: corePages(t)})
	app := &testApp{srv: srv, data: generated(ref)}
	_, body := app.get(t, "harbourside-toyota.localhost", "/sitemap.xml")
	for _, want := range []string{"/about-us</loc>", "/pages/capped-price-servicing</loc>", "/finance</loc>", "/dealer-locator</loc>"} {
		if !strings.Contains(body, want) {
			t.Errorf("sitemap lacks %s", want)
		}
	}
	for _, not := range []string{"/fleet</loc>", "/eofy</loc>", ":slug", "/warranty</loc>"} {
		if strings.Contains(body, not) {
			t.Errorf("sitemap lists %s, which the site does not offer", not)
		}
	}
	// A route with a parameter is listed once per record it names.
	site := app.data()[0]
	for _, s := range app.data() {
		if s.Slug == "harbourside-toyota" {
			site = s
		}
	}
	for _, l := range site.Locations {
		if !l.Visible {
			continue
		}
		for _, want := range []string{"/our-location/" + l.Slug + "</loc>", "/contact-us/" + l.Slug + "</loc>"} {
			if !strings.Contains(body, want) {
				t.Errorf("sitemap lacks %s", want)
			}
		}
	}
	for _, m := range site.Models {
		if !strings.Contains(body, "/models/"+m.Slug+"</loc>") {
			t.Errorf("sitemap lacks model %s", m.Slug)
		}
	}
	if !strings.Contains(body, "/toyota/overview</loc>") || !strings.Contains(body, "/locations/") {
		t.Error("sitemap lacks the brand or dealership pages")
	}
}

// /pages/unsubscribe records the request in the site's miscellaneous log;
// a bad address is refused with a field message.
func TestUnsubscribeIsRecorded(t *testing.T) {
	t.Parallel()
	ref := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	reg, st := demoStore(t, ref)
	_, srv := serve(t, &httpapi.Server{Sites: reg, Store: st, Web: webApp, Pages: corePages(t)})
	post := func(body string) (int, string) {
		req, _ := http.NewRequest(http.MethodPost, srv.URL+"/api/miscellaneous", strings.NewReader(body))
		req.Host = "metro-used-cars.localhost"
		req.Header.Set("Content-Type", "application/json")
		res, err := srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		var b strings.Builder
		_, _ = io.Copy(&b, res.Body)
		return res.StatusCode, b.String()
	}
	if code, body := post(`{"column_name":"unsubscribe","email":"not an email"}`); code != 422 && code != 400 || !strings.Contains(body, `"email"`) {
		t.Errorf("bad address: %d %s", code, body)
	}
	if code, body := post(`{"column_name":"unsubscribe","email":"jo@example.com"}`); code != 200 {
		t.Fatalf("unsubscribe: %d %s", code, body)
	}
	recs, err := st.ValuationRecords(t.Context(), "metro-used-cars")
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 1 || recs[0].ColumnName != "unsubscribe" || !strings.Contains(string(recs[0].Data), "jo@example.com") {
		t.Errorf("records: %+v", recs)
	}
}

// A page's `location` names a visible location of its own site, so its form
// books there (a per-location service page).
func TestPageLocationsNameTheSitesLocations(t *testing.T) {
	t.Parallel()
	reg := sites(t)
	data := demo.Generate(time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC))
	named := 0
	for _, site := range reg.Sites() {
		visible := map[string]bool{}
		for _, s := range data {
			if s.Slug == site.Slug {
				for _, l := range s.Locations {
					visible[l.Slug] = l.Visible
				}
			}
		}
		for _, p := range site.Pages {
			if p.Location == "" {
				continue
			}
			named++
			if !visible[p.Location] {
				t.Errorf("%s %s: location %q is not a visible location of the site", site.Slug, p.Path, p.Location)
			}
		}
	}
	if named == 0 {
		t.Error("no demo page names its location")
	}
}

// Pages made for one visitor (sign-in, watchlist, garage, compare,
// checkout, the gated pages) are offered but never listed for crawlers:
// not in the sitemap, disallowed in robots.txt.
func TestPersonalPagesStayOutOfTheSitemap(t *testing.T) {
	t.Parallel()
	ref := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	reg, st := demoStore(t, ref)
	_, srv := serve(t, &httpapi.Server{Sites: reg, Store: st, Web: webApp, Pages: corePages(t)})
	app := &testApp{srv: srv, data: generated(ref)}
	_, sitemap := app.get(t, "summit-motor-group.localhost", "/sitemap.xml")
	_, robots := app.get(t, "summit-motor-group.localhost", "/robots.txt")
	if !strings.Contains(sitemap, "/about-us</loc>") {
		t.Fatal("sitemap lacks /about-us")
	}
	for _, path := range []string{"/sign-in", "/watchlist", "/my-garage", "/compare", "/favourites", "/spin-to-win", "/online-payment"} {
		if strings.Contains(sitemap, path+"</loc>") {
			t.Errorf("sitemap lists %s", path)
		}
		if !strings.Contains(robots, "Disallow: "+path+"\n") {
			t.Errorf("robots.txt does not disallow %s:\n%s", path, robots)
		}
	}
	if !strings.Contains(robots, "Disallow: /*/checkout\n") || strings.Contains(sitemap, "/checkout</loc>") {
		t.Errorf("checkout pages are not kept from crawlers:\n%s", robots)
	}
}
