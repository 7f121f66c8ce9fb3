// Command soak sends mixed buyer traffic to several forecourt serve nodes
// for a set time: searches, car pages (HTML and API), similar cars, car
// photos, leads and phone sign-ins, spread over the nodes so that one
// visitor's requests land on different nodes. It prints throughput, p50
// and p99 per endpoint, every answer that was not what a buyer expects,
// each node's memory at the start and the end, and how many answered
// leads are missing from the store (checked by the caller).
//
// Visitors are told apart by X-Forwarded-For (the nodes trust the
// loopback proxy), so the per-visitor limits behave as they would for
// real buyers instead of refusing one busy address.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

func main() {
	nodes := flag.String("nodes", "", "comma-separated public addresses of the nodes (host:port)")
	admins := flag.String("admins", "", "comma-separated admin addresses, in the same order")
	pids := flag.String("pids", "", "comma-separated process ids, in the same order (for memory)")
	logs := flag.String("logs", "", "comma-separated log files, in the same order (for sign-in codes)")
	sitesFlag := flag.String("sites", "summit-motor-group,harbourside-toyota,metro-used-cars,southern-alps-motors,outback-caravans", "sites to visit")
	duration := flag.Duration("d", 10*time.Minute, "how long to send traffic, after the warm-up")
	warmup := flag.Duration("warmup", time.Minute, "traffic first sent to fill the caches, before the start memory is read")
	sample := flag.Duration("sample", time.Minute, "read the nodes' memory this often")
	browsers := flag.Int("c", 12, "concurrent browsing visitors")
	leadEvery := flag.Duration("lead-every", 250*time.Millisecond, "one lead this often")
	signInEvery := flag.Duration("signin-every", time.Second, "one sign-in this often")
	idsFile := flag.String("ids", "", "write each answered lead as site,lead_id here")
	flag.Parse()

	r := &run{
		nodes:  strings.Split(*nodes, ","),
		admins: strings.Split(*admins, ","),
		logs:   strings.Split(*logs, ","),
		sites:  strings.Split(*sitesFlag, ","),
		stats:  map[string]*endpoint{},
	}
	for _, p := range strings.Split(*pids, ",") {
		n, _ := strconv.Atoi(p)
		r.pids = append(r.pids, n)
	}
	r.client = &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 64},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	if err := r.loadCars(); err != nil {
		fmt.Fprintln(os.Stderr, "soak:", err)
		os.Exit(1)
	}

	deadline := time.Now().Add(*warmup + *duration)
	var wg sync.WaitGroup
	for i := range *browsers {
		wg.Go(func() { r.browse(i, deadline) })
	}
	wg.Go(func() { r.every(*leadEvery, deadline, r.lead) })
	wg.Go(func() { r.every(*signInEvery, deadline, r.signIn) })
	// The warm-up fills the caches (pictures, drawn pages, answers); what
	// the nodes hold after it is the level memory must stay at.
	time.Sleep(*warmup)
	r.reset()
	began := time.Now()
	var series []mem
	for time.Now().Add(*sample).Before(deadline) {
		series = append(series, r.memory())
		time.Sleep(*sample)
	}
	wg.Wait()
	elapsed := time.Since(began)
	series = append(series, r.memory())

	r.report(elapsed, series)
	if *idsFile != "" {
		var b strings.Builder
		for _, id := range r.leadIDs {
			b.WriteString(id + "\n")
		}
		if err := os.WriteFile(*idsFile, []byte(b.String()), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "soak:", err)
			os.Exit(1)
		}
	}
	if r.errors.Load() > 0 {
		os.Exit(2)
	}
}

type run struct {
	nodes, admins, logs, sites []string
	pids                       []int
	client                     *http.Client
	cars                       map[string][]car    // site → cars in stock
	paths                      map[string][]string // site → listing paths it offers
	makes                      map[string][]string // site → make facet values

	mu      sync.Mutex
	stats   map[string]*endpoint
	leadIDs []string
	firsts  []string // the first few unexpected answers, for the report

	errors  atomic.Int64
	visitor atomic.Int64
	logMu   sync.Mutex // one reader of the nodes' logs at a time
	logOff  []int64    // how far each node's log has been read
	nzSites sync.Map   // site → whether it is a New Zealand site
}

type car struct {
	Slug  string `json:"slug"`
	ID    int64  `json:"id"`
	Image string `json:"primary_image_url"`
}

type endpoint struct {
	took   []time.Duration
	errors int
}

// loadCars reads each site's first pages of stock from the first node, for
// car pages, similar cars, photos and leads to name real cars.
func (r *run) loadCars() error {
	r.cars = map[string][]car{}
	r.paths = map[string][]string{}
	r.makes = map[string][]string{}
	for _, site := range r.sites {
		for _, p := range searchPaths {
			q := url.Values{"path": {p}}
			body, status, err := r.do(0, site, "GET", "/api/search?"+q.Encode(), nil, nil, "")
			if err != nil || status != 200 {
				continue
			}
			r.paths[site] = append(r.paths[site], p)
			var res struct {
				Facets map[string][]struct {
					Value string `json:"value"`
				} `json:"facets"`
			}
			if json.Unmarshal(body, &res) == nil && len(r.makes[site]) == 0 {
				for _, f := range res.Facets["make"] {
					r.makes[site] = append(r.makes[site], f.Value)
				}
			}
		}
		if len(r.paths[site]) == 0 {
			return fmt.Errorf("%s offers none of the listing paths", site)
		}
		for page := 1; page <= 5; page++ {
			var res struct {
				Hits []car `json:"hits"`
			}
			q := url.Values{"path": {"/search/new-used-and-demo-cars"}, "page": {strconv.Itoa(page)}}
			body, status, err := r.do(0, site, "GET", "/api/search?"+q.Encode(), nil, nil, "")
			if err != nil || status != 200 {
				return fmt.Errorf("%s search page %d: %d %v", site, page, status, err)
			}
			if err := json.Unmarshal(body, &res); err != nil {
				return fmt.Errorf("%s search: %w", site, err)
			}
			r.cars[site] = append(r.cars[site], res.Hits...)
		}
		if len(r.cars[site]) == 0 {
			return fmt.Errorf("%s has no cars", site)
		}
	}
	return nil
}

var searchPaths = []string{
	"/search/used-cars", "/search/new-cars", "/search/new-used-and-demo-cars", "/search/demo-cars",
}
var searchWords = []string{"", "", "", "hilux", "corolla", "auto", "white", "4x4", "diesel", "sedan", "ute", "corrola"}
var sorts = []string{"", "price_asc", "price_desc", "year_desc", "km_asc"}
var cardWidths = []int{400, 600, 800}

// browse is one visitor after another looking at stock: a search or two,
// a car's page and data, its similar cars and photos.
func (r *run) browse(worker int, deadline time.Time) {
	rng := rand.New(rand.NewPCG(uint64(worker), 7))
	for time.Now().Before(deadline) {
		site := r.sites[rng.IntN(len(r.sites))]
		ip := r.visitorIP()
		node := rng.IntN(len(r.nodes))
		next := func() int { node = (node + 1) % len(r.nodes); return node }
		q := url.Values{"path": {r.paths[site][rng.IntN(len(r.paths[site]))]}}
		if m := r.makes[site]; len(m) > 0 && rng.IntN(3) == 0 {
			q.Set("refinementList[make][0]", m[rng.IntN(len(m))])
		}
		if w := searchWords[rng.IntN(len(searchWords))]; w != "" {
			q.Set("query", w)
		}
		if s := sorts[rng.IntN(len(sorts))]; s != "" {
			q.Set("sortBy", s)
		}
		q.Set("page", strconv.Itoa(1+rng.IntN(3)))
		r.expect("search", next(), site, "GET", "/api/search?"+q.Encode(), nil, ip, 200)
		c := r.cars[site][rng.IntN(len(r.cars[site]))]
		r.expect("car page", next(), site, "GET", "/cars/"+c.Slug, nil, ip, 200)
		r.expect("car api", next(), site, "GET", "/api/cars/"+c.Slug, nil, ip, 200)
		r.expect("similar", next(), site, "GET", "/api/cars/"+c.Slug+"/similar", nil, ip, 200)
		if strings.HasPrefix(c.Image, "/img/") {
			u, err := url.Parse(c.Image)
			if err == nil {
				v := u.Query()
				v.Set("w", strconv.Itoa(cardWidths[rng.IntN(len(cardWidths))]))
				v.Set("q", "75")
				u.RawQuery = v.Encode()
				r.expect("image", next(), site, "GET", u.String(), nil, ip, 200)
			}
		}
		if rng.IntN(4) == 0 {
			r.expect("home page", next(), site, "GET", "/", nil, ip, 200)
		}
	}
}

// every calls f once per period until the deadline, each call from a new
// visitor.
func (r *run) every(period time.Duration, deadline time.Time, f func(n int64)) {
	t := time.NewTicker(period)
	defer t.Stop()
	var n int64
	for time.Now().Before(deadline) {
		n++
		f(n)
		<-t.C
	}
}

// lead sends one enquiry about a real car to one node.
func (r *run) lead(n int64) {
	site := r.sites[int(n)%len(r.sites)]
	c := r.cars[site][int(n)%len(r.cars[site])]
	body, _ := json.Marshal(map[string]any{
		"category": "enquiry", "subcategory": "General Enquiry", "name": "Soak", "last_name": fmt.Sprint(n),
		"email": fmt.Sprintf("soak%d@example.com", n), "phone": r.phone(site, n), "message": "Is it still available?",
		"car_id": c.ID, "opt_in": true, "terms": true,
	})
	node := int(n) % len(r.nodes)
	b, status, took, err := r.timed(node, site, "POST", "/api/leads", body, nil, r.visitorIP())
	var out struct {
		LeadID string `json:"lead_id"`
	}
	ok := err == nil && status == 201 && json.Unmarshal(b, &out) == nil && out.LeadID != ""
	r.record("lead", took, ok, fmt.Sprintf("lead on node %d: %d %v %.200s", node+1, status, err, b))
	if ok {
		r.mu.Lock()
		r.leadIDs = append(r.leadIDs, site+","+out.LeadID)
		r.mu.Unlock()
	}
}

var codeLine = regexp.MustCompile(`"msg":"one-time code".*"code":"(\d{6})"`)

// signIn asks one node for a code, reads it from that node's log, verifies
// it on the other node and asks the first who is signed in: the session
// made on one node must hold on the other.
func (r *run) signIn(n int64) {
	site := r.sites[int(n)%len(r.sites)]
	phone := r.phone(site, n)
	ip := r.visitorIP()
	a := int(n) % len(r.nodes)
	b := (a + 1) % len(r.nodes)
	body, _ := json.Marshal(map[string]string{"phone": phone})
	_, status, took, err := r.timed(a, site, "POST", "/api/auth/otp", body, nil, ip)
	if !r.record("sign-in code", took, err == nil && status == 204, fmt.Sprintf("code on node %d: %d %v", a+1, status, err)) {
		return
	}
	code, err := r.awaitCode(a)
	if err != nil {
		r.record("sign-in verify", 0, false, "code: "+err.Error())
		return
	}
	jar, _ := cookiejar.New(nil)
	body, _ = json.Marshal(map[string]string{"phone": phone, "code": code})
	_, status, took, err = r.timed(b, site, "POST", "/api/auth/verify", body, jar, ip)
	if !r.record("sign-in verify", took, err == nil && status == 200, fmt.Sprintf("verify on node %d: %d %v", b+1, status, err)) {
		return
	}
	r.expectJar("signed-in me", a, site, "/api/me", jar, ip, 200)
}

// phone is a mobile number of the site's country, a new one for each n.
func (r *run) phone(site string, n int64) string {
	if r.isNZ(site) {
		return fmt.Sprintf("021%07d", 1000000+n%9000000)
	}
	return fmt.Sprintf("04%08d", 10000000+n%90000000)
}

func (r *run) isNZ(site string) bool {
	if v, ok := r.nzSites.Load(site); ok {
		return v.(bool)
	}
	var cfg struct {
		Country string `json:"country"`
	}
	b, _, _ := r.do(0, site, "GET", "/api/site", nil, nil, "")
	_ = json.Unmarshal(b, &cfg)
	nz := cfg.Country == "NZ"
	r.nzSites.Store(site, nz)
	return nz
}

// awaitCode reads node i's log from where it was last read until a
// one-time code line shows (sign-ins run one at a time, so it is ours).
func (r *run) awaitCode(i int) (string, error) {
	r.logMu.Lock()
	defer r.logMu.Unlock()
	if r.logOff == nil {
		r.logOff = make([]int64, len(r.logs))
	}
	stop := time.Now().Add(5 * time.Second)
	for time.Now().Before(stop) {
		f, err := os.Open(r.logs[i])
		if err != nil {
			return "", err
		}
		_, _ = f.Seek(r.logOff[i], io.SeekStart)
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 1<<20), 1<<22)
		var code string
		var read int64
		for sc.Scan() {
			line := sc.Bytes()
			read += int64(len(line)) + 1
			if m := codeLine.FindSubmatch(line); m != nil {
				code = string(m[1])
				break
			}
		}
		f.Close()
		if code != "" {
			r.logOff[i] += read
			return code, nil
		}
		time.Sleep(20 * time.Millisecond)
	}
	return "", errors.New("no one-time code in the log within 5 s")
}

func (r *run) visitorIP() string {
	n := r.visitor.Add(1)
	return fmt.Sprintf("198.%d.%d.%d", 18+(n>>16)%2, (n>>8)%256, n%256)
}

func (r *run) expect(name string, node int, site, method, path string, body []byte, ip string, want int) {
	_, status, took, err := r.timed(node, site, method, path, body, nil, ip)
	r.record(name, took, err == nil && status == want, fmt.Sprintf("%s %s on node %d: %d %v", method, path, node+1, status, err))
}

func (r *run) expectJar(name string, node int, site, path string, jar http.CookieJar, ip string, want int) {
	_, status, took, err := r.timed(node, site, "GET", path, nil, jar, ip)
	r.record(name, took, err == nil && status == want, fmt.Sprintf("GET %s on node %d: %d %v", path, node+1, status, err))
}

func (r *run) timed(node int, site, method, path string, body []byte, jar http.CookieJar, ip string) ([]byte, int, time.Duration, error) {
	t0 := time.Now()
	b, status, err := r.do(node, site, method, path, body, jar, ip)
	return b, status, time.Since(t0), err
}

// do sends one request to a node as the site's host. A jar carries the
// session cookie between nodes, as a browser would on one host.
func (r *run) do(node int, site, method, path string, body []byte, jar http.CookieJar, ip string) ([]byte, int, error) {
	host := site + ".localhost"
	req, err := http.NewRequest(method, "http://"+r.nodes[node]+path, bytes.NewReader(body))
	if err != nil {
		return nil, 0, err
	}
	req.Host = host
	req.Header.Set("Accept", "image/webp,*/*")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Origin", "http://"+host)
	}
	if ip != "" {
		req.Header.Set("X-Forwarded-For", ip)
	}
	siteURL := &url.URL{Scheme: "http", Host: host, Path: "/"}
	if jar != nil {
		for _, c := range jar.Cookies(siteURL) {
			req.AddCookie(c)
		}
	}
	res, err := r.client.Do(req)
	if err != nil {
		return nil, 0, err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if jar != nil {
		jar.SetCookies(siteURL, res.Cookies())
	}
	return b, res.StatusCode, err
}

func (r *run) record(name string, took time.Duration, ok bool, what string) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	e := r.stats[name]
	if e == nil {
		e = &endpoint{}
		r.stats[name] = e
	}
	if took > 0 {
		e.took = append(e.took, took)
	}
	if !ok {
		e.errors++
		r.errors.Add(1)
		if len(r.firsts) < 10 {
			r.firsts = append(r.firsts, what)
		}
	}
	return ok
}

type mem struct {
	rss, heap []float64 // MB per node
}

// memory reads each node's resident set (from /proc) and Go heap in use
// (from its metrics).
func (r *run) memory() mem {
	var m mem
	for i := range r.nodes {
		rss := 0.0
		if i < len(r.pids) {
			if b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", r.pids[i])); err == nil {
				for _, line := range strings.Split(string(b), "\n") {
					if f := strings.Fields(line); len(f) >= 2 && f[0] == "VmRSS:" {
						kb, _ := strconv.ParseFloat(f[1], 64)
						rss = kb / 1024
					}
				}
			}
		}
		heap := 0.0
		if i < len(r.admins) && r.admins[i] != "" {
			if res, err := r.client.Get("http://" + r.admins[i] + "/metrics"); err == nil {
				sc := bufio.NewScanner(res.Body)
				sc.Buffer(make([]byte, 1<<20), 1<<22)
				for sc.Scan() {
					if v, ok := strings.CutPrefix(sc.Text(), "forecourt_go_memstats_heap_inuse_bytes "); ok {
						b, _ := strconv.ParseFloat(v, 64)
						heap = b / (1 << 20)
					}
				}
				res.Body.Close()
			}
		}
		m.rss = append(m.rss, rss)
		m.heap = append(m.heap, heap)
	}
	return m
}

// reset forgets what the warm-up measured.
func (r *run) reset() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.stats = map[string]*endpoint{}
	r.firsts = nil
	r.errors.Store(0)
}

func (r *run) report(elapsed time.Duration, series []mem) {
	names := make([]string, 0, len(r.stats))
	total := 0
	for n, e := range r.stats {
		names = append(names, n)
		total += len(e.took)
	}
	slices.Sort(names)
	fmt.Printf("soak: %d nodes, %s, %d requests, %.1f requests/s\n", len(r.nodes), elapsed.Round(time.Second), total, float64(total)/elapsed.Seconds())
	fmt.Printf("%-16s %8s %8s %9s %9s %7s\n", "endpoint", "count", "per s", "p50 ms", "p99 ms", "errors")
	for _, n := range names {
		e := r.stats[n]
		slices.Sort(e.took)
		fmt.Printf("%-16s %8d %8.1f %9.1f %9.1f %7d\n", n, len(e.took), float64(len(e.took))/elapsed.Seconds(),
			ms(pct(e.took, 50)), ms(pct(e.took, 99)), e.errors)
	}
	for i := range r.nodes {
		var rss, heap []string
		for _, m := range series {
			rss = append(rss, fmt.Sprintf("%.0f", m.rss[i]))
			heap = append(heap, fmt.Sprintf("%.0f", m.heap[i]))
		}
		fmt.Printf("node %d memory (MB, after the warm-up, then every sample): resident %s; Go heap in use %s\n",
			i+1, strings.Join(rss, " "), strings.Join(heap, " "))
	}
	fmt.Printf("errors: %d\n", r.errors.Load())
	for _, f := range r.firsts {
		fmt.Println("  ", f)
	}
}

func pct(d []time.Duration, p int) time.Duration {
	if len(d) == 0 {
		return 0
	}
	return d[min(len(d)-1, len(d)*p/100)]
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
