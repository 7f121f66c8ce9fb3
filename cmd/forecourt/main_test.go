package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"forecourt/internal/demo"
	"forecourt/internal/demo/demotest"
	"forecourt/internal/places"
	"forecourt/internal/store/postgres"
	"forecourt/internal/store/postgres/postgrestest"
	"forecourt/internal/tenant"
)

// seededData answers a new data directory for serve. On SQLite (env names
// no DATABASE_URL) it holds a copy of a database the demo sites were
// loaded into once for the package run, which is what serve loads into an
// empty one at start: each launch then skips the load.
func seededData(t testing.TB, env map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	if env["DATABASE_URL"] != "" {
		return dir
	}
	db, err := seededDB()
	if err != nil {
		t.Fatalf("seed the demo database: %v", err)
	}
	if err := os.WriteFile(filepath.Join(dir, "forecourt.db"), db, 0o600); err != nil {
		t.Fatal(err)
	}
	return dir
}

// seededPostgres is TestDatabase holding the demo sites: a copy of a
// database they were loaded into once for the package run (TestMain drops
// it at the end).
func seededPostgres(t testing.TB) string {
	t.Helper()
	template, err := seededPGTemplate()
	postgrestest.Need(t, err, "seed the demo database on PostgreSQL")
	return postgrestest.TestDatabaseFrom(t, template)
}

// seededCluster is PrivateCluster holding the demo sites, loaded once for
// the package run.
func seededCluster(t testing.TB) *postgrestest.Cluster {
	t.Helper()
	return postgrestest.PrivateClusterFrom(t, "demo", loadDemo)
}

// loadDemo loads the demo sites into the empty database at url.
func loadDemo(url string) error {
	ctx := context.Background()
	st, err := postgres.Open(ctx, url)
	if err != nil {
		return err
	}
	defer st.Close()
	return demo.Load(ctx, st, time.Now())
}

var seededPGName string // set once seededPGTemplate has made it

var seededPGTemplate = sync.OnceValues(func() (string, error) {
	url, name, err := postgrestest.CreateDatabase("")
	if err != nil {
		return "", err
	}
	seededPGName = name
	// loadDemo closes its connections: a template is copied only while
	// nobody is connected to it.
	if err := loadDemo(url); err != nil {
		return "", err
	}
	return name, nil
})

// seededDB is the bytes of a closed SQLite file holding the demo sites as
// loaded at the package run's start.
var seededDB = sync.OnceValues(func() ([]byte, error) { return demotest.SQLiteFile(time.Now()) })

// startServe runs `forecourt serve` on a free port and returns the port
// once /healthz answers; the server stops when the test ends. A test that
// reads only the API passes --ssr=false: a render worker is a Node process
// to start and pages to warm, for nothing. The tests run beside each other
// (t.Parallel): most of their time is waiting on a server, a feed or a
// database.
func startServe(t testing.TB, env map[string]string, args ...string) string {
	t.Helper()
	port, stop := launchServe(t, env, args...)
	t.Cleanup(stop)
	return port
}

// launchServe starts `forecourt serve` and returns its port once it is
// ready, and a function that stops it. Its log is kept: a test that fails
// shows the end of it.
func launchServe(t testing.TB, env map[string]string, args ...string) (string, func()) {
	t.Helper()
	log := &logTail{}
	port, stop := launchServeLogging(t, env, log, args...)
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("serve on port %s, the end of its log:\n%s", port, log.lines(40))
		}
	})
	return port, stop
}

// logTail keeps the last 64 KB of what is written to it, leaving out the
// lines of requests answered below 500: the tests' own polling would push
// out what the server did.
type logTail struct {
	mu   sync.Mutex
	buf  []byte
	part []byte // a line not yet ended
}

var answeredRequest = regexp.MustCompile(`"msg":"request",.*"status":[1-4]\d\d,`)

func (l *logTail) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.part = append(l.part, p...)
	for {
		i := bytes.IndexByte(l.part, '\n')
		if i < 0 {
			break
		}
		if line := l.part[:i+1]; !answeredRequest.Match(line) {
			l.buf = append(l.buf, line...)
		}
		l.part = l.part[i+1:]
	}
	if over := len(l.buf) - 64<<10; over > 0 {
		l.buf = append(l.buf[:0], l.buf[over:]...)
	}
	return len(p), nil
}

// lines is the last n lines kept.
func (l *logTail) lines(n int) string {
	l.mu.Lock()
	defer l.mu.Unlock()
	all := strings.Split(strings.TrimRight(string(l.buf), "\n"), "\n")
	return strings.Join(all[max(0, len(all)-n):], "\n")
}

// launchServeLogging is launchServe with serve's log written to log.
func launchServeLogging(t testing.TB, env map[string]string, log io.Writer, args ...string) (string, func()) {
	t.Helper()
	needBuiltApp(t)
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	getenv := func(k string) string { return env[k] }
	go func() {
		// One render worker unless the test asks for more: the tests draw a
		// page at a time, and each worker is a Node process to start.
		done <- run(ctx, append([]string{"serve", "--addr", "127.0.0.1:0", "--render-workers", "1"}, args...), getenv, pw, log)
		pw.Close()
	}()
	stop := func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("serve: %v", err)
		}
	}
	portRE := regexp.MustCompile(`\.localhost:(\d+)`)
	sc := bufio.NewScanner(pr)
	port := ""
	for sc.Scan() {
		if m := portRE.FindStringSubmatch(sc.Text()); m != nil {
			port = m[1]
			break
		}
	}
	go io.Copy(io.Discard, pr)
	if port == "" {
		cancel()
		t.Fatalf("serve printed no site URL: %v", <-done)
	}
	res, err := http.Get("http://127.0.0.1:" + port + "/healthz")
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("healthz: %v %v", res, err)
	}
	res.Body.Close()
	return port, stop
}

func getJSON(t testing.TB, port, host, path string, v any) int {
	t.Helper()
	req, _ := http.NewRequest("GET", "http://127.0.0.1:"+port+path, nil)
	req.Host = host
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if v != nil {
		if err := json.NewDecoder(res.Body).Decode(v); err != nil {
			t.Fatalf("%s%s: %v", host, path, err)
		}
	}
	return res.StatusCode
}

var demoSlugs = []string{"harbourside-toyota", "summit-motor-group", "outback-caravans", "southern-alps-motors", "metro-used-cars"}

// siteLocations returns the location names each demo site answers with.
func siteLocations(t *testing.T, port string) map[string]int {
	out := map[string]int{}
	for _, slug := range demoSlugs {
		var site struct {
			Slug      string `json:"slug"`
			Locations []struct {
				Name string `json:"name"`
			} `json:"locations"`
		}
		if code := getJSON(t, port, slug+".localhost", "/api/site", &site); code != 200 || site.Slug != slug {
			t.Fatalf("%s: status %d slug %q", slug, code, site.Slug)
		}
		out[slug] = len(site.Locations)
	}
	return out
}

func TestServeOnSQLiteAndPostgreSQLServesTheSameSites(t *testing.T) {
	t.Parallel()
	sqlitePort := startServe(t, nil, "--data", seededData(t, nil), "--ssr=false")
	fromSQLite := siteLocations(t, sqlitePort)

	pgURL := seededPostgres(t)
	pgPort := startServe(t, map[string]string{"DATABASE_URL": pgURL}, "--data", t.TempDir(), "--ssr=false")
	fromPG := siteLocations(t, pgPort)
	for _, slug := range demoSlugs {
		if fromSQLite[slug] == 0 || fromSQLite[slug] != fromPG[slug] {
			t.Errorf("%s: %d locations on SQLite, %d on PostgreSQL", slug, fromSQLite[slug], fromPG[slug])
		}
	}
	// Same car counts: compare the sitemaps' car entries.
	for _, slug := range demoSlugs {
		if a, b := countCars(t, sqlitePort, slug), countCars(t, pgPort, slug); a == 0 || a != b {
			t.Errorf("%s: %d cars listed on SQLite, %d on PostgreSQL", slug, a, b)
		}
	}
}

func countCars(t *testing.T, port, slug string) int {
	req, _ := http.NewRequest("GET", "http://127.0.0.1:"+port+"/sitemap.xml", nil)
	req.Host = slug + ".localhost"
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return strings.Count(string(b), "/cars/")
}

func TestServeRefusesABrokenSiteConfig(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	src, err := os.ReadFile(filepath.Join("..", "..", "tenants", "harbourside-toyota.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	broken := strings.Replace(string(src), "features:\n", "features:\n  favourits: true\n", 1)
	if broken == string(src) {
		t.Fatal("fixture: no features block to break")
	}
	if err := os.WriteFile(filepath.Join(dir, "harbourside-toyota.yaml"), []byte(broken), 0o644); err != nil {
		t.Fatal(err)
	}
	line := strings.Count(broken[:strings.Index(broken, "favourits")], "\n") + 1
	want := regexp.MustCompile(`harbourside-toyota\.yaml:` + strconv.Itoa(line) + `:.*favourits`)

	err = run(context.Background(), []string{"serve", "--addr", "127.0.0.1:0", "--data", t.TempDir(), "--tenants", dir}, func(string) string { return "" }, io.Discard, io.Discard)
	if err == nil || !want.MatchString(err.Error()) {
		t.Errorf("serve: got %v, want an error matching %s", err, want)
	}
	var stderr bytes.Buffer
	err = run(context.Background(), []string{"tenants", "check", "--tenants", dir}, func(string) string { return "" }, io.Discard, &stderr)
	if err == nil || !want.MatchString(stderr.String()) {
		t.Errorf("tenants check: err %v, stderr %q, want a line matching %s", err, stderr.String(), want)
	}
	var stdout bytes.Buffer
	if err := run(context.Background(), []string{"tenants", "check", "--tenants", filepath.Join("..", "..", "tenants")}, func(string) string { return "" }, &stdout, io.Discard); err != nil {
		t.Errorf("the demo configs fail the check: %v", err)
	}
}

func TestImportThenExportLeads(t *testing.T) {
	t.Parallel()
	data := t.TempDir()
	ctx := context.Background()
	noEnv := func(string) string { return "" }
	// First import loads nothing of the demo: the database starts empty.
	var out bytes.Buffer
	err := run(ctx, []string{"import", "--data", data, "--site", "metro-used-cars", "--file", filepath.Join("..", "..", "internal", "feed", "testdata", "feed.csv")}, noEnv, &out, io.Discard)
	if err != nil {
		t.Fatalf("import: %v", err)
	}
	report := out.String()
	if !regexp.MustCompile(`added [1-9]`).MatchString(report) || !regexp.MustCompile(`line \d+:`).MatchString(report) {
		t.Errorf("import report lacks added cars or a rejected line:\n%s", report)
	}
	// Importing the same feed again updates instead of adding.
	out.Reset()
	if err := run(ctx, []string{"import", "--data", data, "--site", "metro-used-cars", "--file", filepath.Join("..", "..", "internal", "feed", "testdata", "feed.csv")}, noEnv, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "added 0") {
		t.Errorf("second import added cars again:\n%s", out.String())
	}

	out.Reset()
	if err := run(ctx, []string{"leads", "export", "--data", data, "--site", "metro-used-cars"}, noEnv, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&out).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 1 || strings.Join(rows[0], ",") != "lead_id,category,subcategory,name,email,phone,message,car_id,created_at" {
		t.Errorf("export of no leads: %q", rows)
	}
	if err := run(ctx, []string{"leads", "export", "--data", data, "--site", "metro-used-cars", "--since", "23/11/2026"}, noEnv, io.Discard, io.Discard); err == nil {
		t.Error("a bad --since date was accepted")
	}
}

// A large feed's report names at most 20 stock numbers of each kind with
// "and N more" and every rejected row; --report keeps the full lists.
func TestImportReportIsShortAndFullListGoesToFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	var feedCSV strings.Builder
	feedCSV.WriteString("stocknum,year,make,model,car_type,price,km\n")
	for i := range 45 {
		fmt.Fprintf(&feedCSV, "BULK%03d,2021,Toyota,Corolla,used,%d,40000\n", i, 20000+i)
	}
	feedCSV.WriteString("BAD1,1850,Toyota,Corolla,used,20000,40000\n")
	feedPath := filepath.Join(dir, "stock.csv")
	if err := os.WriteFile(feedPath, []byte(feedCSV.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	reportPath := filepath.Join(dir, "report.csv")
	var out bytes.Buffer
	err := run(context.Background(), []string{"import", "--data", dir, "--site", "metro-used-cars", "--file", feedPath, "--report", reportPath},
		func(string) string { return "" }, &out, io.Discard)
	if err != nil {
		t.Fatalf("import: %v\n%s", err, out.String())
	}
	printed := out.String()
	if !strings.Contains(printed, "added 45, updated 0, sold 0, rejected 1") || !strings.Contains(printed, "BULK019 and 25 more\n") ||
		strings.Contains(printed, "BULK020") || !regexp.MustCompile(`line 47: year: `).MatchString(printed) ||
		!strings.Contains(printed, reportPath) {
		t.Errorf("printed report:\n%s", printed)
	}
	f, err := os.Open(reportPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 1+45+1 || rows[45][1] != "BULK044" || rows[46][0] != "rejected" || rows[46][1] != "BAD1" || rows[46][2] != "47" {
		t.Errorf("report file rows: %d, last %v %v", len(rows), rows[len(rows)-2], rows[len(rows)-1])
	}
}

func TestUnknownCommand(t *testing.T) {
	t.Parallel()
	if err := run(context.Background(), []string{"frobnicate"}, func(string) string { return "" }, io.Discard, io.Discard); err == nil {
		t.Error("unknown command accepted")
	}
}

// An import run beside a running server on the same SQLite file reaches the
// server's search index without a restart: a full feed marks the demo stock
// sold, and the listing changes.
func TestImportReachesARunningServer(t *testing.T) {
	t.Parallel()
	data := seededData(t, nil)
	port := startServe(t, nil, "--data", data, "--ssr=false")
	listed := func() int {
		var res struct {
			Total int `json:"total"`
		}
		if code := getJSON(t, port, "harbourside-toyota.localhost", "/api/search?path=/search/new-used-and-demo-cars/", &res); code != 200 {
			t.Fatalf("search answered %d", code)
		}
		return res.Total
	}
	before := listed()
	var out bytes.Buffer
	noEnv := func(string) string { return "" }
	feed := filepath.Join("..", "..", "internal", "feed", "testdata", "feed.csv")
	if err := run(context.Background(), []string{"import", "--data", data, "--site", "harbourside-toyota", "--file", feed, "--full", "--force"}, noEnv, &out, io.Discard); err != nil {
		t.Fatalf("import: %v\n%s", err, out.String())
	}
	deadline := time.Now().Add(15 * time.Second)
	for {
		after := listed()
		if after != before {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("listing still shows %d cars 15 s after the import:\n%s", after, out.String())
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// `forecourt import` refuses a row that places its car at another site's
// location or dealership, naming the line and field, and imports the rest.
func TestImportRefusesAnotherSitesIDs(t *testing.T) {
	t.Parallel()
	data := t.TempDir()
	ctx := context.Background()
	// The sites' own places are those their files declare.
	sites, err := tenant.LoadEmbedded()
	if err != nil {
		t.Fatal(err)
	}
	metro, _ := sites.BySlug("metro-used-cars")
	harbourside, _ := sites.BySlug("harbourside-toyota")
	own := places.LocationID(metro.Slug, metro.Locations[0])
	other := places.LocationID(harbourside.Slug, harbourside.Locations[0])
	otherDealer := places.DealershipID(harbourside.Slug, harbourside.Dealerships[0])
	feedFile := filepath.Join(t.TempDir(), "feed.json")
	os.WriteFile(feedFile, []byte(fmt.Sprintf(`[
{"stocknum":"OWN1","make":"Toyota","model":"Yaris","year":2020,"car_type":"used","location_id":%d},
{"stocknum":"FOREIGN1","make":"Toyota","model":"Yaris","year":2020,"car_type":"used","location_id":%d},
{"stocknum":"FOREIGN2","make":"Toyota","model":"Yaris","year":2020,"car_type":"used","dealership_id":%d},
{"stocknum":"SCRIPT1","make":"Toyota","model":"Yaris","year":2020,"car_type":"used","video_url":"javascript:alert(1)"}
]`, own, other, otherDealer)), 0o644)
	var out bytes.Buffer
	if err := run(ctx, []string{"import", "--data", data, "--site", "metro-used-cars", "--file", feedFile}, noEnv, &out, io.Discard); err != nil {
		t.Fatalf("import: %v", err)
	}
	for _, want := range []string{"added 1", "line 3: location_id:", "line 4: dealership_id:", "line 5: video_url:"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("import report lacks %q:\n%s", want, out.String())
		}
	}
	st, _, _ := openStore(ctx, data, noEnv)
	defer st.Close()
	cars, _ := st.Cars(ctx, "metro-used-cars")
	var stored []string
	for _, c := range cars {
		stored = append(stored, fmt.Sprintf("%s at location %d", c.StockNum, c.LocationID))
	}
	if len(cars) != 1 || cars[0].StockNum != "OWN1" || cars[0].LocationID != own {
		t.Errorf("stored cars %v, want only OWN1 at location %d", stored, own)
	}
}

// A serve whose address is taken says so and exits, on PostgreSQL too,
// where the watcher of stock changes is running by then.
func TestServeOnATakenAddressExits(t *testing.T) {
	t.Parallel()
	needBuiltApp(t)
	pgURL := postgrestest.TestDatabase(t)
	taken, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer taken.Close()
	done := make(chan error, 1)
	go func() {
		done <- run(context.Background(), []string{"serve", "--ssr=false", "--addr", taken.Addr().String(), "--data", t.TempDir()},
			func(k string) string { return map[string]string{"DATABASE_URL": pgURL}[k] }, io.Discard, io.Discard)
	}()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "address already in use") {
			t.Errorf("serve on a taken address: %v, want it to name the address in use", err)
		}
	case <-time.After(60 * time.Second):
		t.Fatal("serve on a taken address did not exit within a minute")
	}
}
