package httpapi_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"forecourt/internal/httpapi"
	"forecourt/internal/sitepages"
	"forecourt/internal/ssr"
	"forecourt/web"
)

// builtApp serves the real built web app with its render workers over the
// demo data; it skips when the web app is not built (make build builds
// it) or there is no node to run the workers.
func builtApp(t testing.TB) (*testApp, *syncBuffer) {
	t.Helper()
	return builtAppLogging(t, slog.LevelWarn)
}

// builtAppLogging is builtApp with its log kept from level up.
func builtAppLogging(t testing.TB, level slog.Level) (*testApp, *syncBuffer) {
	t.Helper()
	bundle, err := fs.ReadFile(web.SSR, "ssr/render.mjs")
	if errors.Is(err, fs.ErrNotExist) {
		t.Skip("the web app is not built (run make build): no web/ssr/render.mjs to draw pages with")
	}
	if err != nil {
		t.Fatal(err)
	}
	dist, _ := fs.Sub(web.Dist, "dist")
	if _, err := fs.Stat(dist, "index.html"); err != nil {
		t.Skip("the web app is not built (run make build): no web/dist/index.html")
	}
	pages := corePages(t)
	log := &syncBuffer{}
	logger := slog.New(slog.NewTextHandler(log, &slog.HandlerOptions{Level: level}))
	ref := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	reg, st := demoStore(t, ref)
	// The tests check what a drawn page holds, not how fast it is drawn: a
	// busy machine must not leave a page to the browser.
	srv := &httpapi.Server{Sites: reg, Store: st, Web: dist, Pages: pages, Logger: logger, RenderWait: 2 * time.Minute}
	srv.SSR = renderPool(t, bundle, srv, logger)
	h, ts := serve(t, srv)
	return &testApp{srv: ts, handler: h}, log
}

// renderPool starts two render workers running bundle, fetching the API
// from srv as serve has them do; it skips when there is no node.
func renderPool(t testing.TB, bundle []byte, srv *httpapi.Server, logger *slog.Logger) *ssr.Pool {
	t.Helper()
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not on PATH: no render workers")
	}
	p, err := ssr.NewPool(ssr.PoolOptions{Bundle: bundle, Workers: 2, Logger: logger})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	ln, err := net.Listen("unix", p.APISocket())
	if err != nil {
		t.Fatal(err)
	}
	api := &http.Server{Handler: srv.RenderAPI()}
	go func() { _ = api.Serve(ln) }()
	t.Cleanup(func() { api.Close() })
	return p
}

var rootRe = regexp.MustCompile(`(?s)<div id="root">(.*)</div>\s*</body>`)

// firstScreen is what the page's HTML shows inside the app's root, with
// the data it was drawn from.
func firstScreen(t *testing.T, body string) (string, string) {
	t.Helper()
	m := rootRe.FindStringSubmatch(body)
	if m == nil {
		t.Fatalf("no app root in the page:\n%.500s", body)
	}
	state := ""
	if i := strings.Index(body, `<script id="query-state" type="application/json">`); i >= 0 {
		rest := body[i:]
		state = rest[strings.Index(rest, ">")+1 : strings.Index(rest, "</script>")]
	}
	return m[1], state
}

func apiJSON(t testing.TB, a *testApp, host, path string, into any) {
	t.Helper()
	res, body := a.get(t, host, path)
	if res.StatusCode != 200 {
		t.Fatalf("GET %s: %d %s", path, res.StatusCode, body)
	}
	if err := json.Unmarshal([]byte(body), into); err != nil {
		t.Fatal(err)
	}
}

type shownCar struct {
	Name            string `json:"name"`
	Year            int    `json:"year"`
	Make            string `json:"make"`
	Model           string `json:"model"`
	Slug            string `json:"slug"`
	PrimaryImageURL string `json:"primary_image_url"`
	PriceDisplay    struct {
		Text string `json:"text"`
	} `json:"price_display"`
}

func TestPagesArriveDrawn(t *testing.T) {
	t.Parallel()
	a, log := builtApp(t)
	for _, host := range []string{"summit-motor-group.localhost", "harbourside-toyota.localhost"} {
		t.Run(host, func(t *testing.T) {
			var results struct {
				Hits  []shownCar `json:"hits"`
				Count int        `json:"count"`
			}
			apiJSON(t, a, host, "/api/search?path=/search/new-used-and-demo-cars/", &results)
			if len(results.Hits) < 2 {
				t.Fatalf("the demo site lists %d cars", len(results.Hits))
			}

			// The results page: the first cards with their photos and prices.
			res, body := a.get(t, host, "/search/new-used-and-demo-cars/")
			if res.StatusCode != 200 {
				t.Fatalf("results page: %d", res.StatusCode)
			}
			root, state := firstScreen(t, body)
			for _, car := range results.Hits[:2] {
				title := html.EscapeString(fmt.Sprintf("%d %s %s", car.Year, car.Make, car.Model))
				for _, want := range []string{title, car.PriceDisplay.Text, car.PrimaryImageURL, "/cars/" + car.Slug} {
					if !strings.Contains(root, want) {
						t.Errorf("results page HTML lacks %q of its first cards", want)
					}
				}
			}
			if !strings.Contains(state, `"search"`) {
				t.Errorf("results page does not carry the results it was drawn from: %.200s", state)
			}

			// The vehicle page: name, price and first photo.
			car := results.Hits[1]
			var detail struct {
				Car shownCar `json:"car"`
			}
			apiJSON(t, a, host, "/api/cars/"+car.Slug, &detail)
			res, body = a.get(t, host, "/cars/"+car.Slug)
			if res.StatusCode != 200 {
				t.Fatalf("vehicle page: %d", res.StatusCode)
			}
			root, state = firstScreen(t, body)
			for _, want := range []string{"<h1", html.EscapeString(detail.Car.Name), detail.Car.PriceDisplay.Text, detail.Car.PrimaryImageURL} {
				if !strings.Contains(root, want) {
					t.Errorf("vehicle page HTML lacks %q", want)
				}
			}
			if !strings.Contains(state, `"car"`) {
				t.Errorf("vehicle page does not carry its car: %.200s", state)
			}

			// The home page: the banner.
			var site struct {
				Home struct {
					Banners []struct {
						Title string `json:"title"`
						Image string `json:"image"`
					} `json:"banners"`
				} `json:"home"`
			}
			apiJSON(t, a, host, "/api/site", &site)
			_, body = a.get(t, host, "/")
			root, _ = firstScreen(t, body)
			if len(site.Home.Banners) == 0 {
				t.Fatal("the demo site has no banners")
			}
			for _, b := range site.Home.Banners {
				if !strings.Contains(root, html.EscapeString(b.Title)) || !strings.Contains(root, b.Image) {
					t.Errorf("home page HTML lacks the banner %q (%s)", b.Title, b.Image)
				}
			}
		})
	}
	if strings.Contains(log.String(), "component error") || strings.Contains(log.String(), "page render") {
		t.Errorf("the renders reported problems:\n%s", log.String())
	}
}

func TestAMissingCarIsDrawnAsNotFound(t *testing.T) {
	t.Parallel()
	a, _ := builtApp(t)
	res, body := a.get(t, "summit-motor-group.localhost", "/cars/no-such-car-1")
	if res.StatusCode != http.StatusNotFound {
		t.Fatalf("status %d", res.StatusCode)
	}
	root, _ := firstScreen(t, body)
	if !strings.Contains(root, "<h1") {
		t.Errorf("the not-found page arrives empty:\n%.300s", root)
	}
}

// failingRenderer stands for a render that breaks, or hangs until release
// is closed.
type failingRenderer struct{ release chan struct{} }

func (f failingRenderer) Render(ctx context.Context, _ ssr.Request) (ssr.Page, error) {
	if f.release != nil {
		select {
		case <-f.release:
		case <-ctx.Done():
		}
	}
	return ssr.Page{}, errors.New("broken")
}

// A render that fails, or one still under way when the visitor's wait is
// over, leaves the page to the browser: the page is answered while the
// hanging render is still held, so it cannot have waited for it.
func TestABrokenRenderLeavesThePageToTheBrowser(t *testing.T) {
	t.Parallel()
	for _, hangs := range []bool{false, true} {
		ref := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
		reg, st := demoStore(t, ref)
		r := failingRenderer{}
		if hangs {
			r.release = make(chan struct{})
		}
		_, srv := serve(t, &httpapi.Server{Sites: reg, Store: st, Web: webApp, Pages: corePages(t), SSR: r, RenderWait: 50 * time.Millisecond})
		a := &testApp{srv: srv}
		res, body := a.get(t, "summit-motor-group.localhost", "/")
		if hangs {
			close(r.release)
		}
		if res.StatusCode != 200 {
			t.Fatalf("status %d", res.StatusCode)
		}
		if !strings.Contains(body, `<div id="root"></div>`) || strings.Contains(body, "query-state") {
			t.Errorf("a failed render should leave an empty root for the browser: %.300s", body)
		}
	}
}

func TestPagesForOneVisitorAreDrawnInTheBrowser(t *testing.T) {
	t.Parallel()
	a, _ := builtApp(t)
	for _, path := range []string{"/sign-in", "/my-garage", "/compare"} {
		res, body := a.get(t, "summit-motor-group.localhost", path)
		if res.StatusCode != 200 {
			t.Fatalf("%s: status %d", path, res.StatusCode)
		}
		if root, _ := firstScreen(t, body); root != "" || strings.Contains(body, "query-state") {
			t.Errorf("%s was drawn on the server for everyone: %.200s", path, root)
		}
	}
	// A page for everyone next to them is drawn.
	_, body := a.get(t, "summit-motor-group.localhost", "/finance")
	if root, _ := firstScreen(t, body); !strings.Contains(root, "<h1") {
		t.Errorf("/finance arrives empty")
	}
}

var (
	headRe       = regexp.MustCompile(`(?s)<head>(.*)</head>`)
	blockingCSS  = regexp.MustCompile(`<link[^>]*rel="stylesheet"[^>]*>`)
	scriptTagRe  = regexp.MustCompile(`<script[^>]*>`)
	styleNonceRe = regexp.MustCompile(`<style nonce="([^"]+)">`)
)

// TestNothingBlocksTheFirstPaint is the page's render-blocking budget: the
// HTML is the one request the first paint waits for. Styles come inline
// (with the page's nonce), scripts are modules (deferred) or data.
func TestNothingBlocksTheFirstPaint(t *testing.T) {
	t.Parallel()
	a, _ := builtApp(t)
	for _, path := range []string{"/", "/search/new-used-and-demo-cars/", "/finance", "/no-such-page"} {
		res, body := a.get(t, "harbourside-toyota.localhost", path)
		m := headRe.FindStringSubmatch(body)
		if m == nil {
			t.Fatalf("%s: no head", path)
		}
		head := m[1]
		if l := blockingCSS.FindAllString(head, -1); len(l) > 0 {
			t.Errorf("%s: render-blocking stylesheets %q", path, l)
		}
		for _, tag := range scriptTagRe.FindAllString(head, -1) {
			if !strings.Contains(tag, `type="module"`) && !strings.Contains(tag, "application/") && !strings.Contains(tag, " async") && !strings.Contains(tag, " defer") {
				t.Errorf("%s: render-blocking script %s", path, tag)
			}
		}
		n := styleNonceRe.FindStringSubmatch(head)
		if n == nil || !strings.Contains(res.Header.Get("Content-Security-Policy"), "'nonce-"+n[1]+"'") {
			t.Errorf("%s: the inline styles lack the page's nonce", path)
		}
		// The app's styles (a Tailwind class the header uses) and the site's theme.
		if !strings.Contains(head, ".flex{") || !strings.Contains(head, "--primary") {
			t.Errorf("%s: the inline styles lack the app's stylesheet or the site's theme", path)
		}
	}
}

// countingRenderer draws a page naming the URL and counts its renders.
type countingRenderer struct {
	mu    sync.Mutex
	calls map[string]int
}

func (c *countingRenderer) Render(_ context.Context, req ssr.Request) (ssr.Page, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.calls[req.URL]++
	var site struct{ Slug string }
	if err := json.Unmarshal(req.Site, &site); err != nil || site.Slug == "" || req.Host == "" || req.Origin != "http://"+req.Host {
		return ssr.Page{}, fmt.Errorf("a render request without its site: %+v", req)
	}
	return ssr.Page{HTML: "<p>drawn " + html.EscapeString(req.URL) + "</p>", State: `{"queries":[]}`, Status: 200}, nil
}

func TestLandingPagesAreDrawnAheadAndKept(t *testing.T) {
	t.Parallel()
	ref := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	reg, st := demoStore(t, ref)
	r := &countingRenderer{calls: map[string]int{}}
	srv := &httpapi.Server{Sites: reg, Store: st, Web: webApp, Pages: corePages(t), SSR: r}
	_, ts := serve(t, srv)
	srv.WarmPages(context.Background())
	site, _ := reg.BySlug("summit-motor-group")
	def := site.Search.DefaultPath
	r.mu.Lock()
	home, listing := r.calls["/"], r.calls[def]
	r.mu.Unlock()
	if home == 0 || listing == 0 {
		t.Fatalf("warming drew home %d and %s %d times", home, def, listing)
	}
	a := &testApp{srv: ts}
	// Any host of the site gets the kept page, without a new render.
	for _, host := range []string{"summit-motor-group.localhost", "summit-motor-group.localhost:8080"} {
		_, body := a.get(t, host, "/")
		if !strings.Contains(body, "<p>drawn /</p>") || !strings.Contains(body, `<script id="query-state"`) {
			t.Errorf("%s: home not drawn: %.300s", host, body)
		}
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.calls["/"] != home {
		t.Errorf("home was drawn again (%d renders after warming with %d)", r.calls["/"], home)
	}
}

// slowRenderer takes its time over each page and records how many it
// draws at once.
type slowRenderer struct {
	mu             sync.Mutex
	now, most, all int
}

func (s *slowRenderer) Render(_ context.Context, req ssr.Request) (ssr.Page, error) {
	s.mu.Lock()
	s.now++
	s.most = max(s.most, s.now)
	s.mu.Unlock()
	time.Sleep(30 * time.Millisecond)
	s.mu.Lock()
	s.now--
	s.all++
	s.mu.Unlock()
	return ssr.Page{HTML: "<p>drawn</p>", State: `{"queries":[]}`, Status: 200}, nil
}

// docs/behaviour/http.md#warm-pages: warm-ups started together (every
// site's stock arriving at once) draw one page at a time, each to the end,
// however short a buyer's wait for a render is.
func TestWarmUpsDrawOnePageAtATime(t *testing.T) {
	t.Parallel()
	ref := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	reg, st := demoStore(t, ref)
	r := &slowRenderer{}
	srv := &httpapi.Server{Sites: reg, Store: st, Web: webApp, Pages: corePages(t), SSR: r, RenderWait: time.Millisecond}
	serve(t, srv)
	var wg sync.WaitGroup
	for _, site := range reg.Sites() {
		wg.Go(func() { srv.WarmPages(context.Background(), site.Slug) })
	}
	wg.Wait()
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.most != 1 {
		t.Errorf("%d pages were drawn at once", r.most)
	}
	if want := 2 * len(reg.Sites()); r.all < want || r.now != 0 {
		t.Errorf("%d pages drawn and %d still drawing when the warm-ups returned, want %d drawn", r.all, r.now, want)
	}
}

func TestTheBuildsRecordsAreNotServed(t *testing.T) {
	t.Parallel()
	a, _ := builtApp(t)
	res, body := a.get(t, "summit-motor-group.localhost", "/.vite/manifest.json")
	if res.StatusCode != http.StatusNotFound || strings.Contains(body, `"isEntry"`) {
		t.Errorf("/.vite/manifest.json: %d %.200s", res.StatusCode, body)
	}
}

// TestEveryBuiltAssetIsServed holds the /assets name rule to the real
// build: every file the build writes there is served, cached for a year.
func TestEveryBuiltAssetIsServed(t *testing.T) {
	t.Parallel()
	a, _ := builtApp(t)
	dist, _ := fs.Sub(web.Dist, "dist")
	files, err := fs.ReadDir(dist, "assets")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 10 {
		t.Fatalf("the build has %d assets", len(files))
	}
	for _, f := range files {
		res, _ := a.get(t, "harbourside-toyota.localhost", "/assets/"+f.Name())
		if res.StatusCode != http.StatusOK || !strings.Contains(res.Header.Get("Cache-Control"), "immutable") {
			t.Errorf("/assets/%s: %d, cache %q", f.Name(), res.StatusCode, res.Header.Get("Cache-Control"))
		}
	}
}

// The render workers reach the site's public API through RenderAPI on the
// pool's socket, as an anonymous visitor of the host the page was asked
// on; RenderAPI answers nothing but GETs of /api/.
func TestRenderWorkersFetchTheSitesAPI(t *testing.T) {
	t.Parallel()
	ref := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	reg, st := demoStore(t, ref)
	srv := &httpapi.Server{Sites: reg, Store: st, Web: webApp}
	if _, err := wire(srv).Handler(); err != nil {
		t.Fatal(err)
	}
	worker, err := os.ReadFile("../ssr/testdata/worker.mjs")
	if err != nil {
		t.Fatal(err)
	}
	p := renderPool(t, worker, srv, nil)
	host := "summit-motor-group.localhost:8080"
	page, err := p.Render(context.Background(), ssr.Request{URL: "/api?path=/api/site", Origin: "http://" + host, Site: json.RawMessage(`{}`), Host: host})
	if err != nil {
		t.Fatal(err)
	}
	if page.Status != 200 || !strings.Contains(page.HTML, `"slug":"summit-motor-group"`) {
		t.Errorf("the worker's GET /api/site: %d %.200s", page.Status, page.HTML)
	}
	api := srv.RenderAPI()
	for _, c := range []struct {
		method, path string
		want         int
	}{
		{"GET", "/api/site", 200},
		{"GET", "/api/cars/no-such-car-1", 404},
		{"POST", "/api/leads", 404},
		{"GET", "/", 404},
		{"GET", "/search/new-used-and-demo-cars/", 404},
	} {
		req := httptest.NewRequest(c.method, c.path, nil)
		req.Host = host
		rec := httptest.NewRecorder()
		api.ServeHTTP(rec, req)
		if rec.Code != c.want {
			t.Errorf("%s %s: %d, want %d", c.method, c.path, rec.Code, c.want)
		}
		// A refusal has the API's one error shape.
		if c.want == 404 && !strings.Contains(rec.Body.String(), `"error":{"code":"not_found"`) {
			t.Errorf("%s %s: %s, want the error shape", c.method, c.path, rec.Body.String())
		}
	}
}

// Each page meant to arrive drawn that the browser draws instead is
// counted with its reason; each completed render is timed. Pages drawn in
// the browser by design are not counted.
func TestRenderFallbacksAndDurationsAreCounted(t *testing.T) {
	t.Parallel()
	ref := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	host := "summit-motor-group.localhost"
	release := make(chan struct{})
	defer close(release)
	reg, st := demoStore(t, ref)
	site, _ := reg.BySlug("summit-motor-group")
	for _, c := range []struct {
		name string
		srv  *httpapi.Server
		path string
		want []string // lines of /metrics
		not  string
	}{
		{"error", &httpapi.Server{SSR: failingRenderer{}}, "/search/new-used-and-demo-cars/",
			[]string{`forecourt_render_fallbacks_total{page="results",reason="error",site="summit-motor-group"} 1`}, "forecourt_render_duration_seconds_count"},
		{"timeout", &httpapi.Server{SSR: failingRenderer{release: release}, RenderWait: 20 * time.Millisecond}, "/cars/some-car",
			[]string{`forecourt_render_fallbacks_total{page="vehicle",reason="timeout",site="summit-motor-group"} 1`}, ""},
		{"unavailable", &httpapi.Server{SSRUnavailable: true}, "/finance",
			[]string{`forecourt_render_fallbacks_total{page="other",reason="unavailable",site="summit-motor-group"} 1`}, ""},
		// The trade-in page sits under /cars/ and is no car's page: the
		// route table's view names it.
		{"trade-in", &httpapi.Server{SSRUnavailable: true}, "/cars/trade-in",
			[]string{`forecourt_render_fallbacks_total{page="other",reason="unavailable",site="summit-motor-group"} 1`}, `page="vehicle"`},
		{"drawn", &httpapi.Server{SSR: &countingRenderer{calls: map[string]int{}}}, "/",
			[]string{`forecourt_render_duration_seconds_count{page="home",site="summit-motor-group"} 1`}, "forecourt_render_fallbacks_total{"},
		{"personal", &httpapi.Server{SSRUnavailable: true}, "/my-garage", nil, "forecourt_render_fallbacks_total{"},
		{"off", &httpapi.Server{}, "/", nil, "forecourt_render_fallbacks_total{"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := c.srv
			s.Sites, s.Store, s.Web, s.Pages = reg, st, webApp, corePages(t)
			if c.path == "/my-garage" {
				routes, err := sitepages.NewRoutes(s.Pages)
				if err != nil {
					t.Fatal(err)
				}
				if pg, ok := routes.Match(site, httptest.NewRequest("GET", c.path, nil)); !ok || !pg.Personal {
					t.Fatal("the demo site has no personal page at /my-garage")
				}
			}
			_, ts := serve(t, s)
			(&testApp{srv: ts}).get(t, host, c.path)
			_, body := call(adminOf(s), "127.0.0.1:9090", "/metrics")
			for _, want := range c.want {
				if !strings.Contains(body, want) {
					t.Errorf("/metrics lacks %s", want)
				}
			}
			if c.not != "" && strings.Contains(body, c.not) {
				t.Errorf("/metrics counts %s", c.not)
			}
		})
	}
}
