package photos

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// The test servers listen on 127.0.0.1: the fetchers that reach them
// allow 127.0.0.0/8.
var fetchTestLoopback = []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}

// fetchTestFetcher is a fetcher of the test servers with short waits.
func fetchTestFetcher() *Fetcher {
	return &Fetcher{Allow: fetchTestLoopback, Timeout: 5 * time.Second, Backoff: time.Millisecond}
}

// fetchTestBody is a small body standing for a photo.
var fetchTestBody = []byte("\x89PNG\r\n\x1a\n a photo's bytes")

// fetchTestServer serves h and counts its requests.
func fetchTestServer(t *testing.T, h http.HandlerFunc) (*httptest.Server, *atomic.Int64) {
	t.Helper()
	var hits atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		h(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv, &hits
}

// fetchTestReason is the reason of a refusal, failing the test when err is
// not a *Refused.
func fetchTestReason(t *testing.T, err error) string {
	t.Helper()
	var refused *Refused
	if !errors.As(err, &refused) {
		t.Fatalf("error %v (%T), want a *Refused", err, err)
	}
	if Reason(err) != refused.Reason {
		t.Errorf("Reason %q, want the refusal's %q", Reason(err), refused.Reason)
	}
	return refused.Reason
}

func TestAddrKind(t *testing.T) {
	t.Parallel()
	cases := []struct{ addr, kind string }{
		{"8.8.8.8", ""},
		{"203.0.113.7", ""},
		{"2606:4700::1111", ""},
		{"172.15.255.255", ""},
		{"172.32.0.0", ""},
		{"100.63.255.255", ""},
		{"100.128.0.0", ""},
		{"127.0.0.1", "loopback"},
		{"127.255.0.9", "loopback"},
		{"::1", "loopback"},
		{"::ffff:127.0.0.1", "loopback"},
		{"2002:7f00:1::", "loopback"}, // 6to4 of 127.0.0.1
		{"10.0.0.1", "private"},
		{"172.16.0.1", "private"},
		{"172.31.255.255", "private"},
		{"192.168.1.1", "private"},
		{"fc00::1", "private"},
		{"fd00:ec2::254", "private"}, // a cloud's IPv6 metadata address
		{"::ffff:192.168.0.1", "private"},
		{"64:ff9b::a00:1", "private"}, // NAT64 of 10.0.0.1
		{"169.254.169.254", "link-local or metadata"},
		{"169.254.0.1", "link-local or metadata"},
		{"::ffff:169.254.169.254", "link-local or metadata"},
		{"64:ff9b::a9fe:a9fe", "link-local or metadata"}, // NAT64 of 169.254.169.254
		{"fe80::1", "link-local or metadata"},
		{"fe80::1%eth0", "link-local or metadata"},
		{"0.0.0.0", "unspecified"},
		{"0.1.2.3", "unspecified"},
		{"::", "unspecified"},
		{"::ffff:0.0.0.0", "unspecified"},
		{"100.64.0.1", "carrier-grade NAT"},
		{"100.127.255.255", "carrier-grade NAT"},
		{"224.0.0.1", "multicast"},
		{"239.255.255.250", "multicast"},
		{"ff02::1", "multicast"},
		{"255.255.255.255", "reserved"},
		{"240.0.0.1", "reserved"},
		{"::7f00:1", "reserved"},   // IPv4-compatible
		{"2001::1", "reserved"},    // Teredo
		{"198.18.0.1", "reserved"}, // benchmarking
	}
	for _, c := range cases {
		if got := addrKind(netip.MustParseAddr(c.addr)); got != c.kind {
			t.Errorf("addrKind(%s) = %q, want %q", c.addr, got, c.kind)
		}
	}
}

func TestForbiddenUnlessAllowed(t *testing.T) {
	t.Parallel()
	f := &Fetcher{Allow: []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("fd12::/16")}}
	cases := []struct{ addr, kind string }{
		{"10.1.2.3", ""},
		{"::ffff:10.1.2.3", ""}, // mapped form of an allowed address
		{"fd12::5", ""},
		{"8.8.8.8", ""},
		{"192.168.1.1", "private"},
		{"fd13::5", "private"},
		{"127.0.0.1", "loopback"},
		{"169.254.169.254", "link-local or metadata"},
	}
	for _, c := range cases {
		if got := f.forbidden(netip.MustParseAddr(c.addr)); got != c.kind {
			t.Errorf("forbidden(%s) with Allow %v = %q, want %q", c.addr, f.Allow, got, c.kind)
		}
	}
	// The dialer's last check, on the address a socket connects to.
	if err := f.control("tcp4", "169.254.169.254:80", nil); err == nil {
		t.Error("control let 169.254.169.254 be connected to")
	}
	if err := f.control("tcp4", "10.9.9.9:443", nil); err != nil {
		t.Errorf("control refused an allowed address: %v", err)
	}
	if err := (&Fetcher{}).control("tcp6", "[::1]:80", nil); err == nil {
		t.Error("control let ::1 be connected to without Allow")
	}
}

func TestSizeText(t *testing.T) {
	t.Parallel()
	cases := []struct {
		n    int64
		want string
	}{
		{DefaultMaxBytes, "25 MB"},
		{1 << 20, "1 MB"},
		{1 << 10, "1 KB"},
		{1536 << 10, "1536 KB"},
		{1000, "1000 bytes"},
		{1, "1 bytes"},
	}
	for _, c := range cases {
		if got := sizeText(c.n); got != c.want {
			t.Errorf("sizeText(%d) = %q, want %q", c.n, got, c.want)
		}
	}
}

func TestFetchBodyAndValidators(t *testing.T) {
	t.Parallel()
	var ua, accept string
	srv, _ := fetchTestServer(t, func(w http.ResponseWriter, r *http.Request) {
		ua, accept = r.Header.Get("User-Agent"), r.Header.Get("Accept")
		if r.Header.Get("If-None-Match") != "" || r.Header.Get("If-Modified-Since") != "" {
			t.Errorf("a first fetch sent validators: %v", r.Header)
		}
		w.Header().Set("ETag", `"v1"`)
		w.Header().Set("Last-Modified", "Mon, 02 Jan 2006 15:04:05 GMT")
		w.Write(fetchTestBody)
	})
	got, err := fetchTestFetcher().Fetch(context.Background(), srv.URL+"/car/1.jpg#frag", Validators{})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got.Body, fetchTestBody) || got.NotModified {
		t.Errorf("got %q (not modified %v), want the body", got.Body, got.NotModified)
	}
	if got.ETag != `"v1"` || got.LastModified != "Mon, 02 Jan 2006 15:04:05 GMT" {
		t.Errorf("validators %q %q", got.ETag, got.LastModified)
	}
	if ua == "" || !strings.Contains(accept, "image/jpeg") {
		t.Errorf("User-Agent %q, Accept %q", ua, accept)
	}
}

func TestFetchConditional(t *testing.T) {
	t.Parallel()
	const etag, lastMod = `"v2"`, "Tue, 03 Jan 2006 10:00:00 GMT"
	srv, _ := fetchTestServer(t, func(w http.ResponseWriter, r *http.Request) {
		inm, ims := r.Header.Get("If-None-Match"), r.Header.Get("If-Modified-Since")
		if inm == etag || inm == "" && ims == lastMod {
			w.Header().Set("ETag", etag)
			w.WriteHeader(http.StatusNotModified)
			return
		}
		w.Header().Set("ETag", etag)
		w.Header().Set("Last-Modified", lastMod)
		w.Write(fetchTestBody)
	})
	cases := []struct {
		name        string
		prev        Validators
		notModified bool
	}{
		{"none", Validators{}, false},
		{"current etag", Validators{ETag: etag}, true},
		{"current last-modified", Validators{LastModified: lastMod}, true},
		{"both", Validators{ETag: etag, LastModified: lastMod}, true},
		{"stale etag", Validators{ETag: `"v1"`}, false},
		{"stale last-modified", Validators{LastModified: "Mon, 02 Jan 2006 10:00:00 GMT"}, false},
	}
	f := fetchTestFetcher()
	for _, c := range cases {
		got, err := f.Fetch(context.Background(), srv.URL+"/p.jpg", c.prev)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if got.NotModified != c.notModified {
			t.Errorf("%s: NotModified %v, want %v", c.name, got.NotModified, c.notModified)
		}
		if c.notModified && got.Body != nil {
			t.Errorf("%s: a 304 gave a body %q", c.name, got.Body)
		}
		if !c.notModified && !bytes.Equal(got.Body, fetchTestBody) {
			t.Errorf("%s: body %q", c.name, got.Body)
		}
		if got.ETag != etag {
			t.Errorf("%s: ETag %q, want %q", c.name, got.ETag, etag)
		}
		if c.notModified && c.prev.LastModified != "" && got.LastModified != c.prev.LastModified {
			t.Errorf("%s: a 304 lost the Last-Modified kept: %q", c.name, got.LastModified)
		}
	}
}

// A 304 to a request that sent no validators is no photo.
func TestFetchUnaskedNotModified(t *testing.T) {
	t.Parallel()
	srv, _ := fetchTestServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusNotModified)
	})
	_, err := fetchTestFetcher().Fetch(context.Background(), srv.URL, Validators{})
	if r := fetchTestReason(t, err); r != "answered 304 Not Modified" {
		t.Errorf("reason %q", r)
	}
}

// redirectServer redirects /r/N to /r/N-1, and serves the photo at /r/0.
func redirectServer(t *testing.T) (*httptest.Server, *atomic.Int64) {
	return fetchTestServer(t, func(w http.ResponseWriter, r *http.Request) {
		n, err := strconv.Atoi(strings.TrimPrefix(r.URL.Path, "/r/"))
		if err != nil {
			http.NotFound(w, r)
			return
		}
		if n > 0 {
			http.Redirect(w, r, "/r/"+strconv.Itoa(n-1), http.StatusFound)
			return
		}
		w.Write(fetchTestBody)
	})
}

func TestFetchRedirectChains(t *testing.T) {
	t.Parallel()
	srv, hits := redirectServer(t)
	cases := []struct {
		redirects, max int
		refused        string // "" when followed
		requests       int64
	}{
		{0, 0, "", 1},
		{2, 0, "", 3},
		{3, 0, "", 4},
		{4, 0, "more than 3 redirects", 4},
		{9, 0, "more than 3 redirects", 4},
		{1, 1, "", 2},
		{2, 1, "more than 1 redirect", 2},
		{5, 5, "", 6},
		{1, -1, "redirects, and redirects are not followed", 1},
	}
	for _, c := range cases {
		hits.Store(0)
		f := fetchTestFetcher()
		f.MaxRedirects = c.max
		got, err := f.Fetch(context.Background(), fmt.Sprintf("%s/r/%d", srv.URL, c.redirects), Validators{})
		if c.refused == "" {
			if err != nil || !bytes.Equal(got.Body, fetchTestBody) {
				t.Errorf("%d redirects (max %d): %v, body %q", c.redirects, c.max, err, got.Body)
			}
		} else if err == nil {
			t.Errorf("%d redirects (max %d) followed", c.redirects, c.max)
		} else if r := fetchTestReason(t, err); r != c.refused {
			t.Errorf("%d redirects (max %d): reason %q, want %q", c.redirects, c.max, r, c.refused)
		}
		if n := hits.Load(); n != c.requests {
			t.Errorf("%d redirects (max %d): %d requests, want %d", c.redirects, c.max, n, c.requests)
		}
	}
}

// A redirect to a forbidden address is refused before anything connects to
// it: nothing listens on 169.254.169.254 here, so a connection would end
// in another error (a time-out, unreachable) than the refusal.
func TestFetchRedirectToMetadataRefused(t *testing.T) {
	t.Parallel()
	cases := []struct {
		location, reason string
	}{
		{"http://169.254.169.254/latest/meta-data/", "redirects to 169.254.169.254, a link-local or metadata address"},
		{"https://169.254.169.254/", "redirects to 169.254.169.254, a link-local or metadata address"},
		{"http://[::ffff:169.254.169.254]/", "redirects to ::ffff:169.254.169.254, a link-local or metadata address"},
		{"http://[fd00:ec2::254]/", "redirects to fd00:ec2::254, a private address"},
		{"http://metadata.test/computeMetadata/v1/", "redirects to metadata.test, at 169.254.169.254, a link-local or metadata address"},
		{"http://10.0.0.1:8080/x.jpg", "redirects to 10.0.0.1, a private address"},
		{"http://0.0.0.0/", "redirects to 0.0.0.0, an unspecified address"},
		{"ftp://photos.example/1.jpg", "redirects to an address that is not http or https"},
		{"file:///etc/passwd", "redirects to an address that is not http or https"},
	}
	for _, c := range cases {
		srv, hits := fetchTestServer(t, func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, c.location, http.StatusMovedPermanently)
		})
		f := fetchTestFetcher()
		f.Retries = 3
		var looked atomic.Int64
		f.lookup = func(ctx context.Context, network, host string) ([]netip.Addr, error) {
			looked.Add(1)
			if host == "metadata.test" {
				return []netip.Addr{netip.MustParseAddr("169.254.169.254")}, nil
			}
			return nil, &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
		}
		start := time.Now()
		_, err := f.Fetch(context.Background(), srv.URL+"/1.jpg", Validators{})
		if err == nil {
			t.Errorf("redirect to %s followed", c.location)
			continue
		}
		if r := fetchTestReason(t, err); r != c.reason {
			t.Errorf("redirect to %s: reason %q, want %q", c.location, r, c.reason)
		}
		if n := hits.Load(); n != 1 {
			t.Errorf("redirect to %s: %d requests, want 1 (a refusal is not retried)", c.location, n)
		}
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("redirect to %s took %v: something tried to connect", c.location, d)
		}
	}
}

// checkRedirect refuses a redirect to a loopback address when Allow is
// empty, before any connection.
func TestCheckRedirectToLoopback(t *testing.T) {
	t.Parallel()
	f := &Fetcher{}
	first, _ := http.NewRequest(http.MethodGet, "https://photos.dealer.example/1.jpg", nil)
	cases := []struct{ to, reason string }{
		{"http://127.0.0.1/", "redirects to 127.0.0.1, a loopback address"},
		{"http://127.0.0.1:8080/admin", "redirects to 127.0.0.1, a loopback address"},
		{"http://[::1]:9000/", "redirects to ::1, a loopback address"},
		{"http://127.1.2.3/", "redirects to 127.1.2.3, a loopback address"},
		{"https://photos2.dealer.example/1.jpg", ""}, // a name: checked when connecting
		{"https://8.8.8.8/1.jpg", ""},
	}
	for _, c := range cases {
		req, _ := http.NewRequest(http.MethodGet, c.to, nil)
		err := f.checkRedirect(req, []*http.Request{first})
		if c.reason == "" {
			if err != nil {
				t.Errorf("redirect to %s: %v", c.to, err)
			}
			continue
		}
		if err == nil {
			t.Errorf("redirect to %s allowed", c.to)
			continue
		}
		if r := fetchTestReason(t, err); r != c.reason {
			t.Errorf("redirect to %s: %q, want %q", c.to, r, c.reason)
		}
	}
}

// A dealer's host allowed by address may not redirect to another loopback
// address, by address or by name. The dealer's host here listens on
// 127.0.0.2, the only address allowed.
func TestFetchRedirectFromAllowedHostToLoopback(t *testing.T) {
	t.Parallel()
	ln, err := net.Listen("tcp", "127.0.0.2:0")
	if err != nil {
		t.Skipf("no 127.0.0.2 to listen on: %v", err)
	}
	target, targetHits := fetchTestServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte("internal"))
	})
	port := target.Listener.Addr().(*net.TCPAddr).Port
	var location atomic.Value
	dealer := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/ok.jpg" {
			w.Write(fetchTestBody)
			return
		}
		http.Redirect(w, r, location.Load().(string), http.StatusFound)
	}))
	dealer.Listener.Close()
	dealer.Listener = ln
	dealer.Start()
	t.Cleanup(dealer.Close)

	f := &Fetcher{Allow: []netip.Prefix{netip.MustParsePrefix("127.0.0.2/32")}, Backoff: time.Millisecond}
	if got, err := f.Fetch(context.Background(), dealer.URL+"/ok.jpg", Validators{}); err != nil || !bytes.Equal(got.Body, fetchTestBody) {
		t.Fatalf("the allowed host: %v %q", err, got.Body)
	}
	cases := []struct{ location, reason string }{
		{fmt.Sprintf("http://127.0.0.1:%d/", port), "redirects to 127.0.0.1, a loopback address"},
		{fmt.Sprintf("http://localhost:%d/", port), "redirects to localhost, at "},
	}
	for _, c := range cases {
		location.Store(c.location)
		_, err := f.Fetch(context.Background(), dealer.URL+"/1.jpg", Validators{})
		if err == nil {
			t.Errorf("redirect to %s followed", c.location)
			continue
		}
		r := fetchTestReason(t, err)
		if !strings.HasPrefix(r, c.reason) || !strings.HasSuffix(r, "a loopback address") {
			t.Errorf("redirect to %s: reason %q, want %q… a loopback address", c.location, r, c.reason)
		}
	}
	if n := targetHits.Load(); n != 0 {
		t.Errorf("the loopback server got %d requests", n)
	}
}

func TestFetchRefusesAddresses(t *testing.T) {
	t.Parallel()
	srv, hits := fetchTestServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.Write(fetchTestBody)
	})
	port := srv.Listener.Addr().(*net.TCPAddr).Port
	cases := []struct{ url, reason string }{
		{srv.URL + "/1.jpg", "address 127.0.0.1 is loopback, never fetched"},
		{fmt.Sprintf("http://localhost:%d/1.jpg", port), "localhost is at "},
		{fmt.Sprintf("http://LOCALHOST:%d/1.jpg", port), "LOCALHOST is at "},
		{"http://[::1]:1/1.jpg", "address ::1 is loopback, never fetched"},
		{"http://[::ffff:127.0.0.1]:1/", "address ::ffff:127.0.0.1 is loopback, never fetched"},
		{"http://169.254.169.254/latest/meta-data/", "address 169.254.169.254 is link-local or metadata, never fetched"},
		{"http://[fe80::1%25eth0]/", "address fe80::1 is link-local or metadata, never fetched"},
		{"http://10.0.0.1/1.jpg", "address 10.0.0.1 is private, never fetched"},
		{"https://192.168.1.20/1.jpg", "address 192.168.1.20 is private, never fetched"},
		{"http://0.0.0.0/", "address 0.0.0.0 is unspecified, never fetched"},
		{"http://100.64.0.1/", "address 100.64.0.1 is carrier-grade NAT, never fetched"},
		{"http://224.0.0.1/", "address 224.0.0.1 is multicast, never fetched"},
		{"http://private.test/1.jpg", "private.test is at 10.0.0.5, a private address, never fetched"},
		// One forbidden address among public ones refuses the host.
		{"http://mixed.test/1.jpg", "mixed.test is at 10.0.0.5, a private address, never fetched"},
		{"http://metadata.test/", "metadata.test is at 169.254.169.254, a link-local or metadata address, never fetched"},
	}
	f := &Fetcher{Backoff: time.Millisecond}
	f.lookup = func(ctx context.Context, network, host string) ([]netip.Addr, error) {
		switch host {
		case "private.test":
			return []netip.Addr{netip.MustParseAddr("10.0.0.5")}, nil
		case "mixed.test":
			return []netip.Addr{netip.MustParseAddr("203.0.113.7"), netip.MustParseAddr("10.0.0.5")}, nil
		case "metadata.test":
			return []netip.Addr{netip.MustParseAddr("169.254.169.254")}, nil
		}
		return net.DefaultResolver.LookupNetIP(ctx, network, host)
	}
	for _, c := range cases {
		_, err := f.Fetch(context.Background(), c.url, Validators{})
		if err == nil {
			t.Errorf("%s fetched", c.url)
			continue
		}
		r := fetchTestReason(t, err)
		if strings.HasSuffix(c.reason, " ") {
			if !strings.HasPrefix(r, c.reason) || !strings.Contains(r, "a loopback address") {
				t.Errorf("%s: reason %q, want %q… a loopback address", c.url, r, c.reason)
			}
		} else if r != c.reason {
			t.Errorf("%s: reason %q, want %q", c.url, r, c.reason)
		}
	}
	if n := hits.Load(); n != 0 {
		t.Errorf("the loopback server got %d requests", n)
	}
}

// The address connected to is the one checked: a name is resolved once,
// and its checked address dialled.
func TestFetchDialsTheCheckedAddress(t *testing.T) {
	t.Parallel()
	var host string
	srv, _ := fetchTestServer(t, func(w http.ResponseWriter, r *http.Request) {
		host = r.Host
		w.Write(fetchTestBody)
	})
	port := srv.Listener.Addr().(*net.TCPAddr).Port
	var lookups atomic.Int64
	f := fetchTestFetcher()
	f.lookup = func(ctx context.Context, network, h string) ([]netip.Addr, error) {
		lookups.Add(1)
		if h != "photos.dealer.test" {
			return nil, &net.DNSError{Err: "no such host", Name: h, IsNotFound: true}
		}
		return []netip.Addr{netip.MustParseAddr("127.0.0.1")}, nil
	}
	u := fmt.Sprintf("http://photos.dealer.test:%d/1.jpg", port)
	got, err := f.Fetch(context.Background(), u, Validators{})
	if err != nil || !bytes.Equal(got.Body, fetchTestBody) {
		t.Fatalf("%v %q", err, got.Body)
	}
	if want := fmt.Sprintf("photos.dealer.test:%d", port); host != want {
		t.Errorf("Host %q, want %q", host, want)
	}
	if n := lookups.Load(); n != 1 {
		t.Errorf("%d look-ups, want 1", n)
	}
	// The same host, no longer allowed: refused at the connection.
	f2 := &Fetcher{lookup: f.lookup}
	if _, err := f2.Fetch(context.Background(), u, Validators{}); err == nil {
		t.Error("fetched from a loopback address without Allow")
	} else if r := fetchTestReason(t, err); r != "photos.dealer.test is at 127.0.0.1, a loopback address, never fetched" {
		t.Errorf("reason %q", r)
	}
	// A name that does not resolve is told as such, and not retried.
	_, err = f.Fetch(context.Background(), "http://nowhere.test/1.jpg", Validators{})
	if r := Reason(err); r != "host nowhere.test not found" {
		t.Errorf("reason %q (%v)", r, err)
	}
}

func TestFetchSchemes(t *testing.T) {
	t.Parallel()
	cases := []struct{ url, reason string }{
		{"ftp://photos.example/1.jpg", "not http or https"},
		{"file:///etc/passwd", "not http or https"},
		{"gopher://photos.example/", "not http or https"},
		{"javascript:alert(1)", "not http or https"},
		{"data:image/png;base64,iVBORw0KGgo=", "not http or https"},
		{"/img/1.jpg", "not http or https"},
		{"", "not http or https"},
		{"http://", "no host in the address"},
		{"https:///1.jpg", "no host in the address"},
		{"http://[::1", "not a valid address"},
		{"http://a b/1.jpg", "not a valid address"},
	}
	f := fetchTestFetcher()
	for _, c := range cases {
		_, err := f.Fetch(context.Background(), c.url, Validators{})
		if err == nil {
			t.Errorf("%q fetched", c.url)
			continue
		}
		if r := fetchTestReason(t, err); r != c.reason {
			t.Errorf("%q: reason %q, want %q", c.url, r, c.reason)
		}
	}
}

// A protocol-relative address is fetched over https.
func TestFetchProtocolRelative(t *testing.T) {
	t.Parallel()
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Write(fetchTestBody)
	}))
	srv.Config.ErrorLog = log.New(io.Discard, "", 0) // the refused handshake
	srv.StartTLS()
	defer srv.Close()
	f := fetchTestFetcher()
	_, err := f.Fetch(context.Background(), strings.TrimPrefix(srv.URL, "https:")+"/1.jpg", Validators{})
	// The test server's certificate is not trusted: that it was refused
	// for it shows the fetch was https.
	if r := Reason(err); r != "https certificate not trusted" {
		t.Errorf("reason %q (%v)", r, err)
	}
}

func TestFetchMaxBytes(t *testing.T) {
	t.Parallel()
	const limit = 1 << 10
	cases := []struct {
		size    int
		chunked bool // no Content-Length: the limit is found reading
		ok      bool
	}{
		{limit, false, true},
		{limit, true, true},
		{limit + 1, false, false},
		{limit + 1, true, false},
		{50 * limit, false, false},
		{50 * limit, true, false},
	}
	for _, c := range cases {
		srv, _ := fetchTestServer(t, func(w http.ResponseWriter, r *http.Request) {
			body := bytes.Repeat([]byte{'x'}, c.size)
			if c.chunked {
				for len(body) > 0 {
					n := min(len(body), 100)
					w.Write(body[:n])
					w.(http.Flusher).Flush()
					body = body[n:]
				}
				return
			}
			w.Header().Set("Content-Length", strconv.Itoa(len(body)))
			w.Write(body)
		})
		f := fetchTestFetcher()
		f.MaxBytes = limit
		got, err := f.Fetch(context.Background(), srv.URL, Validators{})
		if c.ok {
			if err != nil || len(got.Body) != c.size {
				t.Errorf("%d bytes (chunked %v): %v, %d bytes", c.size, c.chunked, err, len(got.Body))
			}
			continue
		}
		if err == nil {
			t.Errorf("%d bytes (chunked %v) accepted over %d", c.size, c.chunked, limit)
			continue
		}
		if r := fetchTestReason(t, err); r != "larger than 1 KB" {
			t.Errorf("%d bytes (chunked %v): reason %q", c.size, c.chunked, r)
		}
	}

	// A length declared over the limit is refused from the header, before
	// any of the body is read: this server sends a little and then waits.
	srv, _ := fetchTestServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Length", strconv.Itoa(1<<30))
		w.Write([]byte("a little"))
		w.(http.Flusher).Flush()
		select {
		case <-r.Context().Done():
		case <-time.After(5 * time.Second):
		}
	})
	f := fetchTestFetcher()
	f.MaxBytes = limit
	f.Timeout = 2 * time.Second
	start := time.Now()
	_, err := f.Fetch(context.Background(), srv.URL, Validators{})
	if err == nil {
		t.Fatal("a declared 1 GB body accepted")
	}
	if r := fetchTestReason(t, err); r != "larger than 1 KB" {
		t.Errorf("declared 1 GB: reason %q", r)
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("declared 1 GB: refused after %v, not from the header", d)
	}
}

func TestFetchRetries(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name     string
		statuses []int // answered in turn; the last one again after
		retries  int
		ok       bool
		reason   string
		requests int64
	}{
		{"500 then 200", []int{500, 200}, 0, true, "", 2},
		{"429 then 200", []int{429, 200}, 0, true, "", 2},
		{"503 502 then 200", []int{503, 502, 200}, 0, true, "", 3},
		{"408 then 200", []int{408, 200}, 0, true, "", 2},
		{"503 always", []int{503}, 0, false, "answered 503 Service Unavailable", 3},
		{"500 always, 4 retries", []int{500}, 4, false, "answered 500 Internal Server Error", 5},
		{"500, no retries", []int{500, 200}, -1, false, "answered 500 Internal Server Error", 1},
		{"404", []int{404, 200}, 0, false, "answered 404 Not Found", 1},
		{"403", []int{403, 200}, 0, false, "answered 403 Forbidden", 1},
		{"401", []int{401, 200}, 0, false, "answered 401 Unauthorized", 1},
		{"410", []int{410, 200}, 0, false, "answered 410 Gone", 1},
		{"204", []int{204, 200}, 0, false, "answered 204 No Content", 1},
		{"599", []int{599, 200}, 0, true, "", 2},
	}
	for _, c := range cases {
		var n atomic.Int64
		srv, hits := fetchTestServer(t, func(w http.ResponseWriter, r *http.Request) {
			i := int(n.Add(1)) - 1
			code := c.statuses[min(i, len(c.statuses)-1)]
			if code != 200 {
				w.WriteHeader(code)
				return
			}
			w.Write(fetchTestBody)
		})
		f := fetchTestFetcher()
		f.Retries = c.retries
		got, err := f.Fetch(context.Background(), srv.URL, Validators{})
		switch {
		case c.ok && (err != nil || !bytes.Equal(got.Body, fetchTestBody)):
			t.Errorf("%s: %v, body %q", c.name, err, got.Body)
		case !c.ok && err == nil:
			t.Errorf("%s: no error", c.name)
		case !c.ok && Reason(err) != c.reason:
			t.Errorf("%s: reason %q, want %q", c.name, Reason(err), c.reason)
		}
		if got := hits.Load(); got != c.requests {
			t.Errorf("%s: %d requests, want %d", c.name, got, c.requests)
		}
		var refused *Refused
		if !c.ok && errors.As(err, &refused) != (c.requests == 1 && c.retries == 0) {
			t.Errorf("%s: refused %v: only an answer not worth retrying is a refusal", c.name, errors.As(err, &refused))
		}
	}
}

func TestFetchTimeouts(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name     string
		slow     int // how many first requests hang
		ok       bool
		requests int64
	}{
		{"slow once", 1, true, 2},
		{"slow always", 100, false, 3},
	}
	for _, c := range cases {
		var n atomic.Int64
		srv, hits := fetchTestServer(t, func(w http.ResponseWriter, r *http.Request) {
			if int(n.Add(1)) <= c.slow {
				select {
				case <-r.Context().Done():
				case <-time.After(5 * time.Second):
				}
				return
			}
			w.Write(fetchTestBody)
		})
		f := fetchTestFetcher()
		f.Timeout = 100 * time.Millisecond
		got, err := f.Fetch(context.Background(), srv.URL, Validators{})
		if c.ok && (err != nil || !bytes.Equal(got.Body, fetchTestBody)) {
			t.Errorf("%s: %v", c.name, err)
		}
		if !c.ok && Reason(err) != "timed out" {
			t.Errorf("%s: reason %q (%v), want timed out", c.name, Reason(err), err)
		}
		if got := hits.Load(); got != c.requests {
			t.Errorf("%s: %d requests, want %d", c.name, got, c.requests)
		}
	}
}

// The caller's context ends the fetch and its retries.
func TestFetchCancelled(t *testing.T) {
	t.Parallel()
	srv, hits := fetchTestServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusServiceUnavailable)
	})
	f := fetchTestFetcher()
	f.Backoff = time.Hour
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := f.Fetch(ctx, srv.URL, Validators{})
	if err == nil || time.Since(start) > 5*time.Second {
		t.Fatalf("%v after %v", err, time.Since(start))
	}
	if n := hits.Load(); n != 1 {
		t.Errorf("%d requests, want 1", n)
	}
	ctx, cancel = context.WithCancel(context.Background())
	cancel()
	if _, err := f.Fetch(ctx, srv.URL, Validators{}); Reason(err) != "cancelled" {
		t.Errorf("reason %q (%v), want cancelled", Reason(err), err)
	}
}

func TestFetchPerHost(t *testing.T) {
	t.Parallel()
	cases := []struct{ perHost, fetches, want int }{
		{2, 10, 2},
		{1, 5, 1},
		{4, 10, 4},
	}
	for _, c := range cases {
		var cur, most atomic.Int64
		srv, hits := fetchTestServer(t, func(w http.ResponseWriter, r *http.Request) {
			n := cur.Add(1)
			defer cur.Add(-1)
			for {
				m := most.Load()
				if n <= m || most.CompareAndSwap(m, n) {
					break
				}
			}
			time.Sleep(40 * time.Millisecond)
			w.Write(fetchTestBody)
		})
		f := fetchTestFetcher()
		f.PerHost = c.perHost
		var wg sync.WaitGroup
		errs := make(chan error, c.fetches)
		for range c.fetches {
			wg.Go(func() {
				if _, err := f.Fetch(context.Background(), srv.URL+"/1.jpg", Validators{}); err != nil {
					errs <- err
				}
			})
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Errorf("PerHost %d: %v", c.perHost, err)
		}
		if m := most.Load(); m != int64(c.want) {
			t.Errorf("PerHost %d: %d requests at once, want %d", c.perHost, m, c.want)
		}
		if n := hits.Load(); n != int64(c.fetches) {
			t.Errorf("PerHost %d: %d requests, want %d", c.perHost, n, c.fetches)
		}
		f.mu.Lock()
		left := len(f.hosts)
		f.mu.Unlock()
		if left != 0 {
			t.Errorf("PerHost %d: %d hosts' slots kept after the fetches", c.perHost, left)
		}
	}
}

// timeoutError is a network error that timed out.
type timeoutError struct{}

func (timeoutError) Error() string   { return "i/o timeout" }
func (timeoutError) Timeout() bool   { return true }
func (timeoutError) Temporary() bool { return true }

func TestReason(t *testing.T) {
	t.Parallel()
	cases := []struct {
		err  error
		want string
	}{
		{nil, ""},
		{&Refused{Reason: "more than 3 redirects"}, "more than 3 redirects"},
		{fmt.Errorf("photo: %w", &Refused{Reason: "larger than 25 MB"}), "larger than 25 MB"},
		{&statusError{code: 503}, "answered 503 Service Unavailable"},
		{&statusError{code: 599}, "answered 599"},
		{context.DeadlineExceeded, "timed out"},
		{&url.Error{Op: "Get", URL: "https://x/?token=secret", Err: timeoutError{}}, "timed out"},
		{os.ErrDeadlineExceeded, "timed out"},
		{context.Canceled, "cancelled"},
		{&net.DNSError{Err: "no such host", Name: "photos.example", IsNotFound: true}, "host photos.example not found"},
		{&net.DNSError{Err: "server misbehaving", Name: "photos.example"}, "host photos.example could not be looked up"},
		{&net.OpError{Op: "dial", Err: os.NewSyscallError("connect", syscall.ECONNREFUSED)}, "connection refused"},
		{&net.OpError{Op: "read", Err: os.NewSyscallError("read", syscall.ECONNRESET)}, "connection dropped"},
		{io.ErrUnexpectedEOF, "connection dropped"},
		{&imageError{msg: "60 megapixels, more than 50", kind: ErrTooLarge}, "60 megapixels, more than 50"},
		{&url.Error{Op: "Get", URL: "https://x/?token=secret", Err: errors.New("something odd")}, "something odd"},
		{errors.New(strings.Repeat("x", 300)), strings.Repeat("x", 200) + "…"},
	}
	for _, c := range cases {
		if got := Reason(c.err); got != c.want {
			t.Errorf("Reason(%v) = %q, want %q", c.err, got, c.want)
		}
	}
}

func TestRetryable(t *testing.T) {
	t.Parallel()
	cases := []struct {
		err  error
		want bool
	}{
		{&statusError{code: 500}, true},
		{&statusError{code: 429}, true},
		{context.DeadlineExceeded, true},
		{timeoutError{}, true},
		{io.ErrUnexpectedEOF, true},
		{&Refused{Reason: "answered 404 Not Found"}, false},
		{&imageError{msg: "x", kind: ErrNotImage}, false},
		{&net.DNSError{Err: "no such host", Name: "x", IsNotFound: true}, false},
		{errors.New("odd"), false},
	}
	for _, c := range cases {
		if got := retryable(c.err); got != c.want {
			t.Errorf("retryable(%v) = %v, want %v", c.err, got, c.want)
		}
	}
}
