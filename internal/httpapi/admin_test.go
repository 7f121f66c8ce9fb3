package httpapi_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"forecourt/internal/admin"
	"forecourt/internal/catalog"
	"forecourt/internal/httpapi"
	"forecourt/internal/store"
	"forecourt/internal/store/sqlite"
)

// adminApp is a server over an empty SQLite store with both of its
// handlers: the public one and the operators' one.
type adminApp struct {
	srv    *httpapi.Server
	public http.Handler
	admin  http.Handler
	store  *sqlite.DB
	log    *bytes.Buffer
}

func newAdminApp(t *testing.T) *adminApp {
	t.Helper()
	reg, st := demoSitesOnEmptyStore(t)
	var log bytes.Buffer
	s := &httpapi.Server{Sites: reg, Store: st, Web: webApp, Logger: slog.New(slog.NewJSONHandler(&log, nil))}
	h, err := wire(s).Handler()
	if err != nil {
		t.Fatal(err)
	}
	s.MarkReady()
	return &adminApp{srv: s, public: h, admin: adminOf(s), store: st, log: &log}
}

// adminOf is the operators' address over the server's services, as serve
// wires it.
func adminOf(s *httpapi.Server) http.Handler {
	return (&admin.Admin{Sites: s.Sites, Store: s.Store, Listing: s.Listing, Metrics: s.Metrics, Logger: s.Logger, Ready: s.Ready}).Handler()
}

func call(h http.Handler, host, path string, header ...string) (*httptest.ResponseRecorder, string) {
	req := httptest.NewRequest(http.MethodGet, path, nil)
	req.Host = host
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	b, _ := io.ReadAll(rec.Result().Body)
	return rec, string(b)
}

// The operators' endpoints answer on the admin address and nowhere else:
// on the public address they are unknown pages like any other.
func TestAdminEndpointsOnlyOnAdminAddress(t *testing.T) {
	t.Parallel()
	app := newAdminApp(t)
	for path, want := range map[string]string{
		"/metrics":      "forecourt_build_info",
		"/livez":        "ok",
		"/readyz":       "ok",
		"/debug/pprof/": "goroutine",
	} {
		rec, body := call(app.admin, "127.0.0.1:9090", path)
		if rec.Code != http.StatusOK || !strings.Contains(body, want) {
			t.Errorf("admin %s: %d, body without %q", path, rec.Code, want)
		}
		rec, body = call(app.public, "harbourside-toyota.localhost", path)
		if rec.Code != http.StatusNotFound || !strings.Contains(body, "Page not found") {
			t.Errorf("public %s on a site: %d, want the site's 404 page", path, rec.Code)
		}
		rec, body = call(app.public, "nobody.example", path)
		if rec.Code != http.StatusNotFound || !strings.Contains(body, "No site is configured") {
			t.Errorf("public %s on an unknown host: %d %q, want the unknown-host 404", path, rec.Code, body)
		}
	}
	if rec, _ := call(app.admin, "127.0.0.1:9090", "/api/site"); rec.Code != http.StatusNotFound {
		t.Errorf("the admin address answered the public API: %d", rec.Code)
	}
}

// A public request is counted under the route pattern that answered it,
// its site and its status; a car's slug never becomes a label, and every
// metric's name starts forecourt_ (docs/behaviour/http.md).
func TestMetricsCountRequestsByRoute(t *testing.T) {
	t.Parallel()
	app := newAdminApp(t)
	const host = "harbourside-toyota.localhost"
	if rec, _ := call(app.public, host, "/api/site"); rec.Code != http.StatusOK {
		t.Fatalf("/api/site answered %d", rec.Code)
	}
	if rec, _ := call(app.public, host, "/api/cars/no-such-car-123"); rec.Code != http.StatusNotFound {
		t.Fatalf("a missing car answered %d", rec.Code)
	}
	_, body := call(app.admin, "127.0.0.1:9090", "/metrics")
	for _, want := range []string{
		`forecourt_http_requests_total{code="200",route="GET /api/site",site="harbourside-toyota"} 1`,
		`forecourt_http_requests_total{code="404",route="GET /api/cars/{slug}",site="harbourside-toyota"} 1`,
		`forecourt_http_request_duration_seconds_count{route="GET /api/site",site="harbourside-toyota"} 1`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("/metrics lacks %s", want)
		}
	}
	if strings.Contains(body, "no-such-car-123") {
		t.Error("a raw path reached the metrics' labels")
	}
	for _, line := range strings.Split(body, "\n") {
		if line != "" && !strings.HasPrefix(line, "#") && !strings.HasPrefix(line, "forecourt_") {
			t.Errorf("metric %q does not start forecourt_", line)
		}
	}
}

// /readyz follows the database: 200 while it answers, 503 once it is gone;
// /livez and the public /healthz stay 200.
func TestReadyzFollowsTheDatabase(t *testing.T) {
	t.Parallel()
	app := newAdminApp(t)
	if rec, _ := call(app.admin, "127.0.0.1:9090", "/readyz"); rec.Code != http.StatusOK {
		t.Fatalf("/readyz with the database open: %d, want 200", rec.Code)
	}
	app.store.Close()
	if rec, _ := call(app.admin, "127.0.0.1:9090", "/readyz"); rec.Code != http.StatusServiceUnavailable {
		t.Errorf("/readyz with the database closed: %d, want 503", rec.Code)
	}
	if rec, _ := call(app.admin, "127.0.0.1:9090", "/livez"); rec.Code != http.StatusOK {
		t.Errorf("/livez with the database closed: %d, want 200", rec.Code)
	}
	if rec, _ := call(app.public, "anything", "/healthz"); rec.Code != http.StatusOK {
		t.Errorf("/healthz with the database closed: %d, want 200", rec.Code)
	}
}

// Every answer carries X-Request-Id and its log line the same id: a sane
// incoming id is kept, anything else is replaced by a fresh one.
func TestRequestIDs(t *testing.T) {
	t.Parallel()
	app := newAdminApp(t)
	fresh := regexp.MustCompile(`^[0-9a-f]{16}$`)
	loggedID := func() string {
		t.Helper()
		m := regexp.MustCompile(`"request_id":"([^"]*)"`).FindStringSubmatch(app.log.String())
		if m == nil {
			t.Fatalf("no request id in the log line %s", app.log.String())
		}
		return m[1]
	}
	for _, tc := range []struct {
		name, incoming string
		kept           bool
	}{
		{"sane", "lb-7f3a.9_Z", true},
		{"longest sane", strings.Repeat("a", 128), true},
		{"none", "", false},
		{"too long", strings.Repeat("a", 129), false},
		{"spaces", "a b", false},
		{"quote", `x"y`, false},
		{"non-ascii", "idé", false},
	} {
		app.log.Reset()
		var rec *httptest.ResponseRecorder
		if tc.incoming == "" {
			rec, _ = call(app.public, "harbourside-toyota.localhost", "/api/site")
		} else {
			rec, _ = call(app.public, "harbourside-toyota.localhost", "/api/site", "X-Request-Id", tc.incoming)
		}
		got := rec.Header().Get("X-Request-Id")
		if tc.kept && got != tc.incoming {
			t.Errorf("%s: answered id %q, want %q kept", tc.name, got, tc.incoming)
		}
		if !tc.kept && !fresh.MatchString(got) {
			t.Errorf("%s: answered id %q, want a fresh 16 hex digits", tc.name, got)
		}
		if logged := loggedID(); logged != got {
			t.Errorf("%s: logged id %q, answered %q", tc.name, logged, got)
		}
	}
	a, _ := call(app.public, "nobody.example", "/")
	b, _ := call(app.public, "nobody.example", "/")
	if a.Header().Get("X-Request-Id") == b.Header().Get("X-Request-Id") {
		t.Error("two requests got the same fresh id")
	}
}

// A stored lead is counted for its site, a refused one is not; a search
// that builds the site's index counts the build.
func TestMetricsCountLeadsAndIndexBuilds(t *testing.T) {
	t.Parallel()
	var srv *httpapi.Server
	app := newLeadsAppWith(t, func(s *httpapi.Server) { srv = s })
	const site = "harbourside-toyota"
	car := app.car(t, site, func(c catalog.Car) bool { return c.Status == catalog.StatusInStock })
	if res, body := app.post(t, site, "/api/leads", enquiry(car.ID)); res.StatusCode != http.StatusCreated {
		t.Fatalf("lead: %d %s", res.StatusCode, body)
	}
	if res, _ := app.post(t, site, "/api/leads", map[string]any{"category": "enquiry"}); res.StatusCode != http.StatusUnprocessableEntity {
		t.Fatalf("an invalid lead answered %d", res.StatusCode)
	}
	search := func() {
		t.Helper()
		req, _ := http.NewRequest("GET", app.srv.URL+"/api/search?path=/search/used-cars&query=metric", nil)
		req.Host = site + ".localhost"
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusOK {
			t.Fatalf("search: %d", res.StatusCode)
		}
	}
	searches := func(body, cached string) int {
		t.Helper()
		re := regexp.MustCompile(`forecourt_search_duration_seconds_count\{cached="` + cached + `",site="harbourside-toyota"\} (\d+)`)
		m := re.FindStringSubmatch(body)
		if m == nil {
			return 0
		}
		n, _ := strconv.Atoi(m[1])
		return n
	}
	search()
	_, body := call(adminOf(srv), "127.0.0.1:9090", "/metrics")
	for _, want := range []string{
		`forecourt_leads_accepted_total{site="harbourside-toyota"} 1`,
		`forecourt_search_index_builds_total{site="harbourside-toyota"} 1`,
		`forecourt_search_index_build_duration_seconds_count{site="harbourside-toyota"} 1`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("/metrics lacks %s", want)
		}
	}
	// The same search again is answered from the kept answer: the search
	// latency counts it as cached, and not as a new search of the index.
	fresh, kept := searches(body, "false"), searches(body, "true")
	if fresh < 1 {
		t.Errorf("a search of the index is not timed: %d", fresh)
	}
	search()
	_, body = call(adminOf(srv), "127.0.0.1:9090", "/metrics")
	if got := searches(body, "true"); got != kept+1 {
		t.Errorf("cached searches went %d → %d after a repeated search, want one more", kept, got)
	}
	if got := searches(body, "false"); got != fresh {
		t.Errorf("index searches went %d → %d after a repeated search, want none more", fresh, got)
	}
	// The hit and miss counters say the same, for the hit rate.
	counter := func(name string) int {
		m := regexp.MustCompile(name + `\{site="harbourside-toyota"\} (\d+)`).FindStringSubmatch(body)
		if m == nil {
			return -1
		}
		n, _ := strconv.Atoi(m[1])
		return n
	}
	if hits, misses := counter("forecourt_search_cache_hits_total"), counter("forecourt_search_cache_misses_total"); hits != kept+1 || misses != fresh {
		t.Errorf("cache hits %d and misses %d, want %d and %d", hits, misses, kept+1, fresh)
	}
}

// An internal error's log line carries the id the buyer's answer carried,
// so a support call can find it.
func TestInternalErrorLogCarriesTheRequestID(t *testing.T) {
	t.Parallel()
	app := newAdminApp(t)
	app.store.Close()
	app.log.Reset()
	rec, _ := call(app.public, "harbourside-toyota.localhost", "/api/site", "X-Request-Id", "support-42")
	if rec.Code < 500 {
		t.Fatalf("/api/site with the database closed: %d, want a 5xx", rec.Code)
	}
	var found bool
	for _, line := range strings.Split(app.log.String(), "\n") {
		if strings.Contains(line, `"level":"ERROR"`) {
			found = true
			if !strings.Contains(line, `"request_id":"support-42"`) {
				t.Errorf("error line without the request id: %s", line)
			}
		}
	}
	if !found {
		t.Fatalf("no error logged: %s", app.log.String())
	}
}

// panickyStore panics when asked for reviews, as a bug would.
type panickyStore struct{ store.Store }

func (panickyStore) Reviews(context.Context, string) ([]catalog.Review, error) { panic("a bug") }

// A request that panics is answered 500 and still has its request log
// line and its count in the metrics, like any other.
func TestPanicIsLoggedAndCounted(t *testing.T) {
	t.Parallel()
	reg, st := demoSitesOnEmptyStore(t)
	var log bytes.Buffer
	s := &httpapi.Server{Sites: reg, Store: panickyStore{st}, Web: webApp, Logger: slog.New(slog.NewJSONHandler(&log, nil))}
	h, err := wire(s).Handler()
	if err != nil {
		t.Fatal(err)
	}
	s.MarkReady()
	rec, _ := call(h, "harbourside-toyota.localhost", "/api/reviews", "X-Request-Id", "bug-7")
	if rec.Code != http.StatusInternalServerError {
		t.Fatalf("/api/reviews panicking: %d, want 500", rec.Code)
	}
	if !regexp.MustCompile(`"msg":"request","request_id":"bug-7".*"status":500`).MatchString(log.String()) {
		t.Errorf("no request line with status 500 for the panic:\n%s", log.String())
	}
	_, body := call(adminOf(s), "127.0.0.1:9090", "/metrics")
	if want := `forecourt_http_requests_total{code="500",route="GET /api/reviews",site="harbourside-toyota"} 1`; !strings.Contains(body, want) {
		t.Errorf("/metrics lacks %s", want)
	}
}

// carlessStore answers pings but cannot read cars.
type carlessStore struct{ store.Store }

func (carlessStore) Cars(context.Context, string) ([]catalog.Car, error) {
	return nil, errors.New("cars unreadable")
}

// A node is ready only once every site's search index is built: with the
// database answering but the cars unreadable, /readyz is 503.
func TestNotReadyUntilTheIndexIsBuilt(t *testing.T) {
	t.Parallel()
	reg, st := demoSitesOnEmptyStore(t)
	for _, c := range []struct {
		st   store.Store
		want int
	}{{carlessStore{st}, 503}, {st, 200}} {
		s := &httpapi.Server{Sites: reg, Store: c.st, Web: webApp}
		if _, err := wire(s).Handler(); err != nil {
			t.Fatal(err)
		}
		s.MarkReady()
		if rec, body := call(adminOf(s), "127.0.0.1:9090", "/readyz"); rec.Code != c.want {
			t.Errorf("/readyz over %T: %d %s, want %d", c.st, rec.Code, body, c.want)
		}
	}
}
