package httpapi_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"forecourt/internal/accounts"
	"forecourt/internal/catalog"
	"forecourt/internal/demo"
	"forecourt/internal/demo/demotest"
	"forecourt/internal/httpapi"
	"forecourt/internal/leads"
	"forecourt/internal/listing"
	"forecourt/internal/metrics"
	"forecourt/internal/paralleltest"
	"forecourt/internal/store/sqlite"
	"forecourt/internal/tenant"
	"forecourt/tenants"
)

// webApp stands in for the built React app: the server only needs its
// index.html with its three injection markers.
var webApp = fstest.MapFS{
	"index.html":         {Data: []byte("<!doctype html><html><head><meta charset=\"utf-8\"><title>Forecourt</title><!--app-head--></head><body><!--app-config--><div id=\"root\"><!--app-html--></div></body></html>")},
	"assets/app-1a2b.js": {Data: []byte("console.log('app')")},
	"assets/unhashed.js": {Data: []byte("console.log('no hash')")},
	"favicon.svg":        {Data: []byte("<svg xmlns=\"http://www.w3.org/2000/svg\"></svg>")},
}

type testApp struct {
	srv     *httptest.Server
	handler http.Handler
	data    func() []demo.Site // the catalogue the store was loaded with
}

// generated is the demo catalogue as of ref, generated once per package
// run when a test first asks for it (most never do) and shared: tests only
// read it.
func generated(ref time.Time) func() []demo.Site {
	gen, _ := demoCatalogues.LoadOrStore(ref, sync.OnceValue(func() []demo.Site { return demo.Generate(ref) }))
	return gen.(func() []demo.Site)
}

var demoCatalogues sync.Map // time.Time → func() []demo.Site

// appRef is the day newTestApp's and sharedApp's catalogue is drawn for.
var appRef = time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)

// newTestApp serves the demo sites over a copy of the demo catalogue of
// the test's own, closed when the test ends.
func newTestApp(t testing.TB) *testApp {
	t.Helper()
	reg, st := demoStore(t, appRef)
	h, srv := serve(t, &httpapi.Server{Sites: reg, Store: st, Web: webApp, Pages: corePages(t)})
	return &testApp{srv: srv, handler: h, data: generated(appRef)}
}

// sharedApp is one app like newTestApp's for every test that only reads:
// asks for stock, cars, models, pages and tools, and changes nothing a
// later answer shows (no lead, view, reveal or rate-limited sheet), checks
// no metric or kept answer, and configures nothing. Its indexes are built
// once for all of them, which is most of what a newTestApp costs. It
// serves until the package's tests end (TestMain).
func sharedApp(t testing.TB) *testApp {
	t.Helper()
	app, err := shared()
	if err != nil {
		t.Fatal(err)
	}
	return app
}

var (
	shared = sync.OnceValues(func() (*testApp, error) {
		dir, err := os.MkdirTemp("", "httpapi-shared-")
		if err != nil {
			return nil, err
		}
		sharedCleanups = append(sharedCleanups, func() { os.RemoveAll(dir) })
		st, err := openDemoCopy(dir, appRef)
		if err != nil {
			return nil, err
		}
		sharedCleanups = append(sharedCleanups, func() { st.Close() })
		reg, err := demoSites()
		if err != nil {
			return nil, err
		}
		pages, err := routeTable()
		if err != nil {
			return nil, err
		}
		h, srv, err := start(&httpapi.Server{Sites: reg, Store: st, Web: webApp, Pages: pages})
		if err != nil {
			return nil, err
		}
		sharedCleanups = append(sharedCleanups, srv.Close)
		return &testApp{srv: srv, handler: h, data: generated(appRef)}, nil
	})
	sharedCleanups []func() // last first, once the tests end
)

func TestMain(m *testing.M) {
	// A few tests wait (on a database that does not answer, a render that
	// hangs): four at once keep both cores busy: 16 s alone rather than 18.
	paralleltest.Default(4)
	code := m.Run()
	for i := len(sharedCleanups) - 1; i >= 0; i-- {
		sharedCleanups[i]()
	}
	os.Exit(code)
}

// demoSites is the demo sites' registry, parsed once per package run and
// shared by every test that only reads it (the server never changes a
// site). A test that changes a site loads its own with ownSites.
var demoSites = sync.OnceValues(func() (*tenant.Registry, error) { return tenant.Load(tenants.FS) })

// sites is the shared demo registry: read it, never change it.
func sites(tb testing.TB) *tenant.Registry {
	tb.Helper()
	reg, err := demoSites()
	if err != nil {
		tb.Fatal(err)
	}
	return reg
}

// ownSites is a registry of the demo sites for the test alone to change.
func ownSites(tb testing.TB) *tenant.Registry {
	tb.Helper()
	reg, err := tenant.Load(tenants.FS)
	if err != nil {
		tb.Fatal(err)
	}
	return reg
}

// demoStore gives the shared demo registry and a new SQLite file holding
// the demo catalogue as of ref. The catalogue is loaded once per ref and
// package run (demotest.SQLiteFile) and each test gets its own copy of that
// file, so a test may write freely without paying for the whole load.
func demoStore(tb testing.TB, ref time.Time) (*tenant.Registry, *sqlite.DB) {
	tb.Helper()
	return sites(tb), demoFile(tb, ref)
}

// demoFile is a new SQLite file holding the demo catalogue as of ref.
func demoFile(tb testing.TB, ref time.Time) *sqlite.DB {
	tb.Helper()
	st, err := openDemoCopy(tb.TempDir(), ref)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { st.Close() })
	return st
}

// openDemoCopy writes the demo catalogue as of ref to a new SQLite file in
// dir and opens it.
func openDemoCopy(dir string, ref time.Time) (*sqlite.DB, error) {
	tmpl, err := demotest.SQLiteFile(ref)
	if err != nil {
		return nil, err
	}
	path := filepath.Join(dir, "forecourt.db")
	if err := os.WriteFile(path, tmpl, 0o600); err != nil {
		return nil, err
	}
	return sqlite.Open(context.Background(), path)
}

// wire gives s what main wires (cmd/forecourt/serve.go) and the test left
// out: the listing service over its store on the server's clock, fresh
// metrics, sign-in with no code sender and leads with no destination
// switched on. Every test's Server is built through it.
func wire(s *httpapi.Server) *httpapi.Server {
	now := func() time.Time {
		if s.Now == nil {
			return time.Now()
		}
		return s.Now()
	}
	if s.Metrics == nil {
		s.Metrics = metrics.New()
	}
	if s.Listing == nil {
		s.Listing = listing.New(s.Store, s.Sites)
		// A busy test machine may take seconds to build a site's index: a
		// request here waits for it rather than answering 503 as a buyer's
		// would (the listing package tests those waits).
		s.Listing.FirstWait, s.Listing.FreshWait = time.Minute, time.Minute
		s.Listing.Now, s.Listing.Logger = now, s.Logger
		s.Listing.Built, s.Listing.Searched = s.Metrics.IndexBuilt, s.Metrics.Searched
	}
	s.Listing.OnStockChanged(s.PagesChanged)
	if s.Accounts == nil {
		s.Accounts = &accounts.Service{Store: s.Store, Now: now, Logger: s.Logger}
	}
	if s.Leads == nil {
		s.Leads = &leads.Service{Store: s.Store, Now: now}
	}
	return s
}

// serve starts the server's handler, ready, on a test listener closed with
// the test.
func serve(tb testing.TB, s *httpapi.Server) (http.Handler, *httptest.Server) {
	tb.Helper()
	h, srv, err := start(s)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(srv.Close)
	return h, srv
}

// start wires s, marks it ready and serves its handler on a test listener
// the caller closes.
func start(s *httpapi.Server) (http.Handler, *httptest.Server, error) {
	h, err := wire(s).Handler()
	if err != nil {
		return nil, nil, err
	}
	s.MarkReady()
	return h, httptest.NewServer(h), nil
}

func (a *testApp) get(t testing.TB, host, path string, header ...string) (*http.Response, string) {
	t.Helper()
	req, _ := http.NewRequest("GET", a.srv.URL+path, nil)
	req.Host = host
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	tr := &http.Transport{DisableCompression: true}
	res, err := (&http.Client{Transport: tr}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var r io.Reader = res.Body
	if res.Header.Get("Content-Encoding") == "gzip" {
		gz, err := gzip.NewReader(res.Body)
		if err != nil {
			t.Fatal(err)
		}
		r = gz
	}
	b, _ := io.ReadAll(r)
	return res, string(b)
}

func (a *testApp) site(slug string) demo.Site {
	for _, s := range a.data() {
		if s.Slug == slug {
			return s
		}
	}
	panic("no demo site " + slug)
}

func TestUnknownHostGets404AndNoSiteContent(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	for _, host := range []string{"nobody.localhost", "example.com", "harbourside-toyota.localhost.evil.test"} {
		for _, path := range []string{"/", "/api/site", "/finance"} {
			res, body := app.get(t, host, path)
			if res.StatusCode != http.StatusNotFound {
				t.Errorf("%s%s: status %d, want 404", host, path, res.StatusCode)
			}
			for _, s := range app.data() {
				if strings.Contains(body, s.Slug) {
					t.Errorf("%s%s leaks site %s", host, path, s.Slug)
				}
			}
		}
	}
}

func TestSiteConfigIsThatSitesOwn(t *testing.T) {
	t.Parallel()
	app := sharedApp(t)
	for _, s := range app.data() {
		res, body := app.get(t, s.Slug+".localhost:8080", "/api/site")
		if res.StatusCode != 200 {
			t.Fatalf("%s: status %d", s.Slug, res.StatusCode)
		}
		var got struct {
			Slug      string             `json:"slug"`
			Name      string             `json:"name"`
			Features  map[string]any     `json:"features"`
			Locations []catalog.Location `json:"locations"`
		}
		if err := json.Unmarshal([]byte(body), &got); err != nil {
			t.Fatal(err)
		}
		if got.Slug != s.Slug || got.Name == "" || len(got.Features) == 0 {
			t.Errorf("%s: got slug %q name %q features %d", s.Slug, got.Slug, got.Name, len(got.Features))
		}
		own := map[int64]bool{}
		for _, l := range s.Locations {
			own[l.ID] = true
		}
		if len(got.Locations) == 0 {
			t.Errorf("%s: no locations", s.Slug)
		}
		for _, l := range got.Locations {
			if !own[l.ID] {
				t.Errorf("%s: location %d (%s) belongs to another site", s.Slug, l.ID, l.Name)
			}
			if !l.Visible {
				t.Errorf("%s: hidden location %s is public", s.Slug, l.Name)
			}
		}
		for _, other := range app.data() {
			if other.Slug != s.Slug && strings.Contains(body, `"`+other.Slug+`"`) {
				t.Errorf("%s: /api/site mentions %s", s.Slug, other.Slug)
			}
		}
	}
}

func TestCarPagesStayWithinTheirSite(t *testing.T) {
	t.Parallel()
	app := sharedApp(t)
	a, b := app.data()[0], app.data()[1]
	var shown, hidden catalog.Car
	for _, c := range a.Cars {
		if c.ShowOnWebsite && c.Available() && c.PrimaryImageURL != "" && shown.ID == 0 {
			shown = c
		}
		if !c.ShowOnWebsite && hidden.ID == 0 {
			hidden = c
		}
	}
	if shown.ID == 0 || hidden.ID == 0 {
		t.Fatal("demo data lacks a shown and a hidden car")
	}
	res, body := app.get(t, a.Slug+".localhost", "/cars/"+shown.Slug)
	if res.StatusCode != 200 {
		t.Fatalf("own car: status %d", res.StatusCode)
	}
	for _, want := range []string{
		"<title>" + shown.Name, `property="og:title"`, `property="og:image" content="http://` + a.Slug + ".localhost" + shown.PrimaryImageURL,
		`<link rel="canonical" href="http://` + a.Slug + `.localhost/cars/` + shown.Slug + `">`, `"@type":"Car"`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("car page lacks %s", want)
		}
	}
	if res, _ := app.get(t, b.Slug+".localhost", "/cars/"+shown.Slug); res.StatusCode != 404 {
		t.Errorf("site %s serves site %s's car: status %d", b.Slug, a.Slug, res.StatusCode)
	}
	if res, _ := app.get(t, a.Slug+".localhost", "/cars/"+hidden.Slug); res.StatusCode != 404 {
		t.Errorf("hidden car page: status %d, want 404", res.StatusCode)
	}
	_, sitemap := app.get(t, a.Slug+".localhost", "/sitemap.xml")
	if !strings.Contains(sitemap, "/cars/"+shown.Slug+"<") || strings.Contains(sitemap, "/cars/"+hidden.Slug+"<") {
		t.Error("sitemap must list shown cars and leave hidden ones out")
	}
	_, sitemapB := app.get(t, b.Slug+".localhost", "/sitemap.xml")
	if strings.Contains(sitemapB, shown.Slug) {
		t.Error("site B's sitemap lists site A's car")
	}
}

func TestPagesCarryTheirOwnHead(t *testing.T) {
	t.Parallel()
	app := sharedApp(t)
	res, body := app.get(t, "summit-motor-group.localhost:8080", "/finance")
	if res.StatusCode != 200 {
		t.Fatalf("status %d", res.StatusCode)
	}
	if !strings.Contains(body, "<title>Finance | Summit Motor Group</title>") {
		t.Errorf("title missing: %s", body[:min(len(body), 600)])
	}
	if strings.Contains(body, "<title>Forecourt</title>") {
		t.Error("the bare title is still there")
	}
	if !strings.Contains(body, `<link rel="canonical" href="http://summit-motor-group.localhost:8080/finance">`) {
		t.Error("canonical missing")
	}
	m := regexp.MustCompile(`<script id="site-config" type="application/json">(.*?)</script>`).FindStringSubmatch(body)
	if m == nil || !strings.Contains(m[1], `"slug":"summit-motor-group"`) {
		t.Fatal("site config not injected")
	}
	// docs/behaviour/http.md#page-config: the locations come without their hours.
	if !strings.Contains(m[1], `"contact_detail":{"phone"`) || strings.Contains(m[1], "opening_hours") || strings.Contains(m[1], "special_hours") {
		t.Errorf("the page's config should carry its locations without their hours: %.400s", m[1])
	}
	if res, body := app.get(t, "summit-motor-group.localhost", "/no-such-page"); res.StatusCode != 404 || !strings.Contains(body, "Page not found | Summit Motor Group") {
		t.Errorf("unknown page: status %d", res.StatusCode)
	}
	if res, body := app.get(t, "summit-motor-group.localhost", "/"); res.StatusCode != 200 || !strings.Contains(body, `"@type":"AutoDealer"`) {
		t.Errorf("home: status %d", res.StatusCode)
	}
}

// An app page's policy allows styles carrying that response's own nonce
// (the dialogs' scroll lock adds a <style> element), named in the page for
// the app; each response has a new one, and no other response allows any.
func TestPageStyleNonce(t *testing.T) {
	t.Parallel()
	app := sharedApp(t)
	host := "harbourside-toyota.localhost"
	nonceOf := func() (string, string) {
		res, body := app.get(t, host, "/finance")
		m := regexp.MustCompile(`<meta name="csp-nonce" content="([A-Za-z0-9+/=]{24})">`).FindStringSubmatch(body)
		if m == nil {
			t.Fatal("no nonce in the page")
		}
		return m[1], res.Header.Get("Content-Security-Policy")
	}
	n1, csp := nonceOf()
	if !strings.Contains(csp, "style-src 'self' 'nonce-"+n1+"';") || !strings.Contains(csp, "script-src 'self';") {
		t.Errorf("policy %q does not name the page's nonce %q for styles only", csp, n1)
	}
	if n2, _ := nonceOf(); n2 == n1 {
		t.Error("two responses share a nonce")
	}
	res, _ := app.get(t, host, "/api/site")
	if csp := res.Header.Get("Content-Security-Policy"); strings.Contains(csp, "nonce-") {
		t.Errorf("an API answer allows a nonce: %q", csp)
	}
}

func TestHeadersCompressionAndCaching(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	host := "harbourside-toyota.localhost"
	res, _ := app.get(t, host, "/", "Accept-Encoding", "gzip")
	for _, h := range []string{"Content-Security-Policy", "X-Content-Type-Options", "Referrer-Policy"} {
		if res.Header.Get(h) == "" {
			t.Errorf("missing %s", h)
		}
	}
	if res.Header.Get("Strict-Transport-Security") != "" {
		t.Error("HSTS sent over plain HTTP")
	}
	// docs/behaviour/http.md#asset-headers: a built script carries nosniff,
	// not a document's policies.
	if res, _ := app.get(t, host, "/assets/app-1a2b.js"); res.StatusCode != 200 || res.Header.Get("X-Content-Type-Options") != "nosniff" {
		t.Errorf("a script: %d, nosniff %q", res.StatusCode, res.Header.Get("X-Content-Type-Options"))
	} else {
		for _, h := range []string{"Content-Security-Policy", "Referrer-Policy", "X-Frame-Options", "Permissions-Policy"} {
			if v := res.Header.Get(h); v != "" {
				t.Errorf("a script carries %s: %q", h, v)
			}
		}
	}
	if res.Header.Get("Content-Encoding") != "gzip" || res.Header.Get("Cache-Control") != "no-cache" {
		t.Errorf("page: encoding %q cache %q", res.Header.Get("Content-Encoding"), res.Header.Get("Cache-Control"))
	}
	// Any client can say X-Forwarded-Proto: only a trusted proxy is believed.
	res, _ = app.get(t, host, "/", "X-Forwarded-Proto", "https")
	if res.Header.Get("Strict-Transport-Security") != "" {
		t.Error("HSTS sent on an untrusted client's word")
	}
	reg := sites(t)
	proxied := httptest.NewRecorder()
	h, err := wire(&httpapi.Server{Sites: reg, Web: webApp, TrustedProxies: []netip.Prefix{netip.MustParsePrefix("192.0.2.0/24")}}).Handler()
	if err != nil {
		t.Fatal(err)
	}
	req := httptest.NewRequest(http.MethodGet, "/healthz", nil) // from 192.0.2.1, the trusted proxy
	req.Host = host
	req.Header.Set("X-Forwarded-Proto", "https")
	h.ServeHTTP(proxied, req)
	if proxied.Header().Get("Strict-Transport-Security") == "" {
		t.Error("no HSTS behind a trusted proxy's TLS")
	}
	res, _ = app.get(t, host, "/assets/app-1a2b.js")
	if !strings.Contains(res.Header.Get("Cache-Control"), "immutable") {
		t.Errorf("asset cache %q", res.Header.Get("Cache-Control"))
	}
	if res, _ := app.get(t, host, "/assets/nope.js"); res.StatusCode != 404 {
		t.Errorf("missing asset: %d", res.StatusCode)
	}
	res, css := app.get(t, host, "/site.css?v=1")
	if res.StatusCode != 200 || !strings.Contains(css, "--primary:") || !strings.Contains(css, "--header:") {
		t.Errorf("site.css: %d %q", res.StatusCode, css)
	}
}

func TestAPIErrorsHaveOneShape(t *testing.T) {
	t.Parallel()
	app := sharedApp(t)
	res, body := app.get(t, "harbourside-toyota.localhost", "/api/no-such-thing")
	if res.StatusCode != 404 {
		t.Fatalf("status %d", res.StatusCode)
	}
	var e struct {
		Error struct{ Code, Message string } `json:"error"`
	}
	if err := json.Unmarshal([]byte(body), &e); err != nil || e.Error.Code != "not_found" || e.Error.Message == "" {
		t.Errorf("error body %q", body)
	}
}

func TestHealth(t *testing.T) {
	t.Parallel()
	app := sharedApp(t)
	if res, _ := app.get(t, "anything", "/healthz"); res.StatusCode != 200 {
		t.Errorf("healthz %d", res.StatusCode)
	}
}

// A huge Host header (up to the 1 MB header limit) must not reach the
// request log whole: an unknown host is cut to a short prefix.
func TestRequestLogCapsAHugeHost(t *testing.T) {
	t.Parallel()
	reg := sites(t)
	var log bytes.Buffer
	s := &httpapi.Server{Sites: reg, Web: webApp, Logger: slog.New(slog.NewJSONHandler(&log, nil))}
	h, err := wire(s).Handler()
	if err != nil {
		t.Fatal(err)
	}
	huge := strings.Repeat("a", 900<<10) + ".example"
	req := httptest.NewRequest(http.MethodGet, "/", nil)
	req.Host = huge
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != http.StatusNotFound {
		t.Fatalf("unknown host answered %d", rec.Code)
	}
	line := log.String()
	if len(line) > 1000 {
		t.Fatalf("request log line is %d bytes for a %d-byte Host", len(line), len(huge))
	}
	var entry struct {
		Msg  string `json:"msg"`
		Host string `json:"host"`
	}
	if err := json.Unmarshal([]byte(line), &entry); err != nil {
		t.Fatalf("log line %q: %v", line, err)
	}
	if entry.Msg != "request" || entry.Host != strings.Repeat("a", 100)+"…" {
		t.Errorf("logged %q with host %q", entry.Msg, entry.Host)
	}

	// A site's host with a port of a million digits is no site's: 400,
	// and the log keeps a short prefix of it; so too a huge path.
	for _, path := range []string{"/", "/api/site"} {
		log.Reset()
		req = httptest.NewRequest(http.MethodGet, path, nil)
		req.Host = "harbourside-toyota.localhost:" + strings.Repeat("1", 1_000_000)
		rec = httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), "port") {
			t.Errorf("GET %s with a million-digit port: %d %.200s, want 400 naming the port", path, rec.Code, rec.Body.String())
		}
		if len(log.String()) > 1000 {
			t.Errorf("GET %s with a million-digit port logged %d bytes", path, len(log.String()))
		}
	}
	log.Reset()
	req = httptest.NewRequest(http.MethodGet, "/assets/"+strings.Repeat("p", 500<<10), nil)
	req.Host = "harbourside-toyota.localhost"
	h.ServeHTTP(httptest.NewRecorder(), req)
	for _, line := range strings.Split(strings.TrimSpace(log.String()), "\n") {
		if len(line) > 700 {
			t.Errorf("a 500 KB path logged a line of %d bytes: %.300s", len(line), line)
		}
	}

	// A site's own host is logged as it is.
	log.Reset()
	req = httptest.NewRequest(http.MethodGet, "/healthz", nil)
	req.Host = "harbourside-toyota.localhost:8080"
	h.ServeHTTP(httptest.NewRecorder(), req)
	if !strings.Contains(log.String(), `"host":"harbourside-toyota.localhost:8080"`) {
		t.Errorf("a known host was not logged whole: %s", log.String())
	}
}

// Only the build's hashed files under /assets are served, cached for a
// year; any other path there, an encoded "../" above all, answers the
// site's own 404 page and never the page template or another file.
func TestAssetsServeOnlyHashedFiles(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	const host = "harbourside-toyota.localhost"
	res, body := app.get(t, host, "/assets/app-1a2b.js")
	if res.StatusCode != 200 || body != "console.log('app')" || !strings.Contains(res.Header.Get("Cache-Control"), "immutable") {
		t.Errorf("hashed asset: %d %q cache %q", res.StatusCode, body, res.Header.Get("Cache-Control"))
	}
	for _, p := range []string{
		"/assets/%2e%2e%2findex.html", "/assets/..%2findex.html", "/assets/%2e%2e%2ffavicon.svg",
		"/assets/%2e%2e%2fassets%2fapp-1a2b.js", "/assets/unhashed.js", "/assets/nope-1a2b.js", "/assets/",
	} {
		res, body := app.get(t, host, p)
		if res.StatusCode != http.StatusNotFound || strings.Contains(res.Header.Get("Cache-Control"), "immutable") ||
			!strings.Contains(body, "Page not found") {
			t.Errorf("%s: %d cache %q, want the site's 404 page", p, res.StatusCode, res.Header.Get("Cache-Control"))
		}
	}
}

// /healthz is liveness: once started it answers 200 even while the
// database cannot be reached, since the server still serves reads.
func TestHealthzStaysUpWithoutTheDatabase(t *testing.T) {
	t.Parallel()
	reg, st := demoSitesOnEmptyStore(t)
	st.Close() // the database is gone
	_, srv := serve(t, &httpapi.Server{Sites: reg, Store: st, Web: webApp})
	res, err := http.Get(srv.URL + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Errorf("/healthz answered %d with the database down, want 200", res.StatusCode)
	}
}

// A caravan yard's listing is titled for caravans (wording.stock_noun).
func TestListingTitleNamesTheSitesStock(t *testing.T) {
	t.Parallel()
	app := sharedApp(t)
	for host, want := range map[string]string{
		"outback-caravans.localhost":   "<title>Used Caravans for Sale | Outback Caravans</title>",
		"harbourside-toyota.localhost": "<title>Used Cars for Sale | Harbourside Toyota</title>",
	} {
		// city=any: harbourside's listings otherwise name its default city.
		res, body := app.get(t, host, "/search/used-cars?city=any")
		if res.StatusCode != 200 || !strings.Contains(body, want) {
			t.Errorf("%s/search/used-cars: status %d, want %s in the page", host, res.StatusCode, want)
		}
	}
}
