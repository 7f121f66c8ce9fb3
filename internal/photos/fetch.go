// Package photos brings a dealer's car photos onto the platform: fetched once by a safe fetcher, checked, normalised and stored by content hash, then drawn by /img/ (docs/stock-feed.md).
package photos

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"forecourt/internal/netaddr"
)

// Fetcher fetches photos from dealers' servers, and from nowhere else: an
// address that is, or resolves to, a loopback, private, link-local (the
// cloud metadata address among them), carrier-grade NAT, unspecified,
// multicast or reserved address is refused, on the first request and on
// every redirect. The check is made when connecting, on the addresses the
// connection is made to, so a name that resolves to a public address
// once and a private one next (DNS rebinding) gains nothing.
//
// The zero Fetcher is ready to use; it is safe for concurrent use.
type Fetcher struct {
	// Allow are addresses or prefixes that may be fetched although private, loopback or link-local
	// (serve --photo-allow-hosts; a dealer's private host). Empty: none.
	Allow []netip.Prefix
	// Timeout bounds each attempt as a whole: connecting, every redirect
	// and reading the body (default 30 s). The caller's context bounds the
	// fetch with its retries.
	Timeout time.Duration
	// MaxBytes is the largest body accepted (default 25 MB).
	MaxBytes int64
	// PerHost is how many requests to one host may be under way at once
	// (default 4), whichever fetch they belong to.
	PerHost int
	// MaxRedirects is how many redirects a fetch follows (default 3;
	// negative: none).
	MaxRedirects int
	// Retries is how many attempts follow the first after a failure that
	// may pass: a time-out, a dropped connection, a 5xx answer, 408 or 429
	// (default 2; negative: none). Refusals and other answers are final.
	Retries int
	// Backoff is the wait before the first retry, doubling for each next
	// one (default 0.5 s).
	Backoff time.Duration

	// lookup resolves a host name (tests stand in their own); nil is the
	// system's resolver.
	lookup func(ctx context.Context, network, host string) ([]netip.Addr, error)

	once   sync.Once
	client *http.Client
	mu     sync.Mutex
	hosts  map[string]*hostSlots
}

// allowing is a Fetcher of f's settings that may also fetch from extra,
// with connections of its own.
func (f *Fetcher) allowing(extra []netip.Prefix) *Fetcher {
	return &Fetcher{Allow: append(slices.Clip(f.Allow), extra...), Timeout: f.Timeout, MaxBytes: f.MaxBytes,
		PerHost: f.PerHost, MaxRedirects: f.MaxRedirects, Retries: f.Retries, Backoff: f.Backoff, lookup: f.lookup}
}

// Defaults of the Fetcher's fields.
const (
	DefaultTimeout      = 30 * time.Second
	DefaultMaxBytes     = 25 << 20
	DefaultPerHost      = 4
	DefaultMaxRedirects = 3
	DefaultRetries      = 2
	DefaultBackoff      = 500 * time.Millisecond
)

// userAgent names the platform to the dealer's server.
const userAgent = "forecourt-photos/1"

// ParseAllow reads serve --photo-allow-hosts: a comma-separated list of
// addresses or CIDR prefixes ("10.1.2.3, 192.168.0.0/16, fd00::/8").
func ParseAllow(list string) ([]netip.Prefix, error) {
	return netaddr.List(list, "photo host")
}

// Validators are what a server said of the copy fetched before: sent back
// so an unchanged photo is answered 304 and not sent again.
type Validators struct{ ETag, LastModified string }

// Fetched is a fetch's result: the body, and the validators to send next
// time; NotModified when the server answered that the copy fetched before
// (prev) is still current, with no body.
type Fetched struct {
	Body               []byte
	ETag, LastModified string
	NotModified        bool
}

// Refused is a fetch the fetcher would not make or finish, or a server's
// answer that trying again will not change: the address is not allowed,
// the photo is too large, the server answered 404. Reason is worded for a
// dealer.
type Refused struct{ Reason string }

func (r *Refused) Error() string { return r.Reason }

// statusError is an answer that may be different later (5xx, 408, 429):
// retried, and not refused.
type statusError struct{ code int }

func (e *statusError) Error() string { return "answered " + statusText(e.code) }

func statusText(code int) string {
	if t := http.StatusText(code); t != "" {
		return strconv.Itoa(code) + " " + t
	}
	return strconv.Itoa(code)
}

// Reason is a short reason for any error of Fetch or Normalize, worded
// for a dealer: the Refused reason, "timed out", "answered 503 Service
// Unavailable", "host photos.example not found"...
func Reason(err error) string {
	if err == nil {
		return ""
	}
	var refused *Refused
	var img *imageError
	var status *statusError
	var dns *net.DNSError
	var unknownCA x509.UnknownAuthorityError
	var hostname x509.HostnameError
	var invalid x509.CertificateInvalidError
	var record tls.RecordHeaderError
	var netErr net.Error
	switch {
	case errors.As(err, &refused):
		return refused.Reason
	case errors.As(err, &img):
		return img.Error()
	case errors.As(err, &status):
		return status.Error()
	case errors.Is(err, context.DeadlineExceeded), errors.As(err, &netErr) && netErr.Timeout():
		return "timed out"
	case errors.Is(err, context.Canceled):
		return "cancelled"
	case errors.As(err, &dns):
		if dns.IsNotFound {
			return "host " + dns.Name + " not found"
		}
		return "host " + dns.Name + " could not be looked up"
	case errors.Is(err, syscall.ECONNREFUSED):
		return "connection refused"
	case errors.Is(err, syscall.ECONNRESET), errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
		return "connection dropped"
	case errors.Is(err, syscall.EHOSTUNREACH), errors.Is(err, syscall.ENETUNREACH):
		return "host unreachable"
	case errors.As(err, &unknownCA):
		return "https certificate not trusted"
	case errors.As(err, &hostname):
		return "https certificate is for another host"
	case errors.As(err, &invalid):
		return "https certificate not valid"
	case errors.As(err, &record):
		return "not an https server"
	}
	// An address may carry a token: only the inner error is told.
	var u *url.Error
	if errors.As(err, &u) {
		err = u.Err
	}
	s := err.Error()
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	return s
}

// retryable reports whether another attempt may succeed.
func retryable(err error) bool {
	var refused *Refused
	var img *imageError
	var status *statusError
	var netErr net.Error
	switch {
	case errors.As(err, &refused), errors.As(err, &img):
		return false
	case errors.As(err, &status):
		return true
	case errors.Is(err, context.DeadlineExceeded), errors.As(err, &netErr) && netErr.Timeout():
		return true
	case errors.Is(err, syscall.ECONNRESET), errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
		return true
	}
	return false
}

func (f *Fetcher) timeout() time.Duration {
	if f.Timeout > 0 {
		return f.Timeout
	}
	return DefaultTimeout
}

func (f *Fetcher) maxBytes() int64 {
	if f.MaxBytes > 0 {
		return f.MaxBytes
	}
	return DefaultMaxBytes
}

func (f *Fetcher) perHost() int {
	if f.PerHost > 0 {
		return f.PerHost
	}
	return DefaultPerHost
}

func (f *Fetcher) maxRedirects() int {
	switch {
	case f.MaxRedirects > 0:
		return f.MaxRedirects
	case f.MaxRedirects < 0:
		return 0
	}
	return DefaultMaxRedirects
}

func (f *Fetcher) retries() int {
	switch {
	case f.Retries > 0:
		return f.Retries
	case f.Retries < 0:
		return 0
	}
	return DefaultRetries
}

func (f *Fetcher) backoff() time.Duration {
	if f.Backoff > 0 {
		return f.Backoff
	}
	return DefaultBackoff
}

// sizeText is a byte count for a dealer: "25 MB", "512 KB", "1000 bytes".
func sizeText(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return strconv.FormatInt(n>>20, 10) + " MB"
	case n >= 1<<10 && n%(1<<10) == 0:
		return strconv.FormatInt(n>>10, 10) + " KB"
	}
	return strconv.FormatInt(n, 10) + " bytes"
}

func (f *Fetcher) init() {
	f.once.Do(func() {
		tr := &http.Transport{
			// Never a proxy: the address checked must be the one connected to.
			Proxy:                  nil,
			DialContext:            f.dial,
			TLSClientConfig:        &tls.Config{MinVersion: tls.VersionTLS12},
			TLSHandshakeTimeout:    10 * time.Second,
			ResponseHeaderTimeout:  0, // the attempt's deadline bounds it
			MaxIdleConns:           64,
			MaxIdleConnsPerHost:    f.perHost(),
			IdleConnTimeout:        60 * time.Second,
			MaxResponseHeaderBytes: 64 << 10,
			ForceAttemptHTTP2:      true,
		}
		f.client = &http.Client{
			Transport:     &slotTransport{f: f, next: tr},
			CheckRedirect: f.checkRedirect,
		}
		f.hosts = map[string]*hostSlots{}
	})
}

// Fetch gets rawURL's body, sending prev's validators so an unchanged
// photo is answered 304 (NotModified). It retries a failure that may pass
// (see Retries); a *Refused error is one that will not.
func (f *Fetcher) Fetch(ctx context.Context, rawURL string, prev Validators) (Fetched, error) {
	f.init()
	u, err := checkURL(rawURL)
	if err != nil {
		return Fetched{}, err
	}
	for attempt := 0; ; attempt++ {
		got, err := f.attempt(ctx, u, prev)
		if err == nil || !retryable(err) || attempt >= f.retries() || ctx.Err() != nil {
			return got, err
		}
		t := time.NewTimer(f.backoff() << attempt)
		select {
		case <-ctx.Done():
			t.Stop()
			return Fetched{}, err
		case <-t.C:
		}
	}
}

// checkURL parses a photo address: http or https with a host. A
// protocol-relative address (//host/path) is taken as https.
func checkURL(rawURL string) (*url.URL, error) {
	raw := strings.TrimSpace(rawURL)
	if strings.HasPrefix(raw, "//") {
		raw = "https:" + raw
	}
	u, err := url.Parse(raw)
	if err != nil {
		return nil, &Refused{Reason: "not a valid address"}
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return nil, &Refused{Reason: "not http or https"}
	}
	if u.Hostname() == "" {
		return nil, &Refused{Reason: "no host in the address"}
	}
	u.Fragment, u.RawFragment = "", ""
	return u, nil
}

// attempt is one try: the request, its redirects and the body.
func (f *Fetcher) attempt(ctx context.Context, u *url.URL, prev Validators) (Fetched, error) {
	// An address written as an IP is refused before anything else.
	if a, err := netip.ParseAddr(u.Hostname()); err == nil {
		if kind := f.forbidden(a); kind != "" {
			return Fetched{}, &Refused{Reason: "address " + a.WithZone("").String() + " is " + kind + ", never fetched"}
		}
	}
	ctx, cancel := context.WithTimeout(ctx, f.timeout())
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return Fetched{}, &Refused{Reason: "not a valid address"}
	}
	req.Header.Set("User-Agent", userAgent)
	req.Header.Set("Accept", "image/jpeg, image/png, image/webp")
	conditional := prev.ETag != "" || prev.LastModified != ""
	if prev.ETag != "" {
		req.Header.Set("If-None-Match", prev.ETag)
	}
	if prev.LastModified != "" {
		req.Header.Set("If-Modified-Since", prev.LastModified)
	}
	resp, err := f.client.Do(req)
	if err != nil {
		if resp != nil {
			resp.Body.Close()
		}
		return Fetched{}, f.explain(err, u)
	}
	defer resp.Body.Close()
	etag, lastMod := resp.Header.Get("ETag"), resp.Header.Get("Last-Modified")
	switch code := resp.StatusCode; {
	case code == http.StatusNotModified && conditional:
		if etag == "" {
			etag = prev.ETag
		}
		if lastMod == "" {
			lastMod = prev.LastModified
		}
		return Fetched{ETag: etag, LastModified: lastMod, NotModified: true}, nil
	case code == http.StatusOK || code == http.StatusNonAuthoritativeInfo:
	case code >= 500 || code == http.StatusTooManyRequests || code == http.StatusRequestTimeout:
		return Fetched{}, &statusError{code: code}
	default:
		return Fetched{}, &Refused{Reason: "answered " + statusText(code)}
	}
	limit := f.maxBytes()
	if resp.ContentLength > limit {
		return Fetched{}, &Refused{Reason: "larger than " + sizeText(limit)}
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, limit+1))
	if err != nil {
		return Fetched{}, f.explain(err, u)
	}
	if int64(len(body)) > limit {
		return Fetched{}, &Refused{Reason: "larger than " + sizeText(limit)}
	}
	return Fetched{Body: body, ETag: etag, LastModified: lastMod}, nil
}

// explain turns a transport error into the fetch's error: a refusal told
// as one (naming the redirect it came from), else the error itself
// without the address (which may carry a token).
func (f *Fetcher) explain(err error, first *url.URL) error {
	var refused *Refused
	if errors.As(err, &refused) {
		return refused
	}
	var bad *addrRefused
	if errors.As(err, &bad) {
		host := bad.host
		var u *url.Error
		redirected := false
		if errors.As(err, &u) {
			if at, perr := url.Parse(u.URL); perr == nil {
				host = at.Hostname()
				redirected = at.Host != first.Host || at.Scheme != first.Scheme
			}
		}
		addr := bad.addr.String()
		switch {
		case redirected && host == addr:
			return &Refused{Reason: "redirects to " + addr + ", " + article(bad.kind) + " address"}
		case redirected:
			return &Refused{Reason: "redirects to " + host + ", at " + addr + ", " + article(bad.kind) + " address"}
		case host == addr || host == "":
			return &Refused{Reason: "address " + addr + " is " + bad.kind + ", never fetched"}
		}
		return &Refused{Reason: host + " is at " + addr + ", " + article(bad.kind) + " address, never fetched"}
	}
	var u *url.Error
	if errors.As(err, &u) {
		return u.Err
	}
	return err
}

func article(kind string) string {
	switch kind[0] {
	case 'a', 'e', 'i', 'o', 'u':
		return "an " + kind
	}
	return "a " + kind
}

// checkRedirect follows at most MaxRedirects redirects, each to http or
// https, and refuses one to an address written as a forbidden IP before
// it is connected to; a name is checked when it is connected to.
func (f *Fetcher) checkRedirect(req *http.Request, via []*http.Request) error {
	if max := f.maxRedirects(); len(via) > max {
		if max == 0 {
			return &Refused{Reason: "redirects, and redirects are not followed"}
		}
		if max == 1 {
			return &Refused{Reason: "more than 1 redirect"}
		}
		return &Refused{Reason: fmt.Sprintf("more than %d redirects", max)}
	}
	if s := req.URL.Scheme; s != "http" && s != "https" {
		return &Refused{Reason: "redirects to an address that is not http or https"}
	}
	host := req.URL.Hostname()
	if host == "" {
		return &Refused{Reason: "redirects to an address with no host"}
	}
	if a, err := netip.ParseAddr(host); err == nil {
		if kind := f.forbidden(a); kind != "" {
			return &Refused{Reason: "redirects to " + a.WithZone("").String() + ", " + article(kind) + " address"}
		}
	}
	return nil
}

// addrRefused is a connection refused for its address: kind says why.
type addrRefused struct {
	host string
	addr netip.Addr
	kind string
}

func (e *addrRefused) Error() string {
	return "address " + e.addr.String() + " is " + e.kind + ", never fetched"
}

// dial resolves the host, refuses it if any of its addresses is
// forbidden, then connects to those checked addresses (never resolving
// again); the dialer's Control checks each address once more as the
// socket connects.
func (f *Fetcher) dial(ctx context.Context, network, address string) (net.Conn, error) {
	host, port, err := net.SplitHostPort(address)
	if err != nil {
		return nil, err
	}
	var addrs []netip.Addr
	if a, err := netip.ParseAddr(host); err == nil {
		addrs = []netip.Addr{a}
	} else {
		ipNet := "ip"
		switch network {
		case "tcp4":
			ipNet = "ip4"
		case "tcp6":
			ipNet = "ip6"
		}
		lookup := f.lookup
		if lookup == nil {
			lookup = net.DefaultResolver.LookupNetIP
		}
		addrs, err = lookup(ctx, ipNet, host)
		if err != nil {
			return nil, err
		}
		if len(addrs) == 0 {
			return nil, &net.DNSError{Err: "no addresses", Name: host, IsNotFound: true}
		}
	}
	for _, a := range addrs {
		if kind := f.forbidden(a); kind != "" {
			return nil, &addrRefused{host: host, addr: a.WithZone("").Unmap(), kind: kind}
		}
	}
	d := net.Dialer{Timeout: 10 * time.Second, KeepAlive: 30 * time.Second, Control: f.control}
	var first error
	for _, a := range addrs {
		c, err := d.DialContext(ctx, network, net.JoinHostPort(a.String(), port))
		if err == nil {
			return c, nil
		}
		if first == nil {
			first = err
		}
		if ctx.Err() != nil {
			break
		}
	}
	return nil, first
}

// control checks the address a socket is about to connect to.
func (f *Fetcher) control(network, address string, _ syscall.RawConn) error {
	ap, err := netip.ParseAddrPort(address)
	if err != nil {
		return &addrRefused{addr: netip.IPv6Unspecified(), kind: "not an address"}
	}
	if kind := f.forbidden(ap.Addr()); kind != "" {
		return &addrRefused{addr: ap.Addr().WithZone("").Unmap(), kind: kind}
	}
	return nil
}

// forbidden is why an address may not be fetched ("loopback", "private",
// ...), or "" when it may: a public address, or one inside Allow.
func (f *Fetcher) forbidden(a netip.Addr) string {
	a = a.WithZone("").Unmap()
	for _, p := range f.Allow {
		if p.Contains(a) {
			return ""
		}
	}
	return addrKind(a)
}

var (
	v4Ranges = []struct {
		p    netip.Prefix
		kind string
	}{
		{netip.MustParsePrefix("0.0.0.0/8"), "unspecified"},
		{netip.MustParsePrefix("127.0.0.0/8"), "loopback"},
		{netip.MustParsePrefix("10.0.0.0/8"), "private"},
		{netip.MustParsePrefix("172.16.0.0/12"), "private"},
		{netip.MustParsePrefix("192.168.0.0/16"), "private"},
		{netip.MustParsePrefix("169.254.0.0/16"), "link-local or metadata"},
		{netip.MustParsePrefix("100.64.0.0/10"), "carrier-grade NAT"},
		{netip.MustParsePrefix("192.0.0.0/24"), "reserved"},
		{netip.MustParsePrefix("198.18.0.0/15"), "reserved"},
		{netip.MustParsePrefix("224.0.0.0/4"), "multicast"},
		{netip.MustParsePrefix("240.0.0.0/4"), "reserved"},
	}
	v6Ranges = []struct {
		p    netip.Prefix
		kind string
	}{
		{netip.MustParsePrefix("::/128"), "unspecified"},
		{netip.MustParsePrefix("::1/128"), "loopback"},
		{netip.MustParsePrefix("::/96"), "reserved"}, // IPv4-compatible, deprecated
		{netip.MustParsePrefix("fc00::/7"), "private"},
		{netip.MustParsePrefix("fec0::/10"), "private"}, // site-local, deprecated
		{netip.MustParsePrefix("fe80::/10"), "link-local or metadata"},
		{netip.MustParsePrefix("ff00::/8"), "multicast"},
		{netip.MustParsePrefix("64:ff9b:1::/48"), "private"}, // local NAT64
		{netip.MustParsePrefix("100::/64"), "reserved"},      // discard
		{netip.MustParsePrefix("2001::/32"), "reserved"},     // Teredo tunnels
	}
	nat64  = netip.MustParsePrefix("64:ff9b::/96")
	sixTo4 = netip.MustParsePrefix("2002::/16")
)

// addrKind is why an address is never fetched, or "" for a public one.
// An IPv6 address that carries an IPv4 one (IPv4-mapped, NAT64, 6to4) is
// judged by the IPv4 address; a Teredo tunnel's is refused.
func addrKind(a netip.Addr) string {
	a = a.WithZone("").Unmap()
	if !a.IsValid() {
		return "not an address"
	}
	if a.Is6() {
		b := a.As16()
		switch {
		case nat64.Contains(a):
			return addrKind(netip.AddrFrom4([4]byte(b[12:16])))
		case sixTo4.Contains(a):
			return addrKind(netip.AddrFrom4([4]byte(b[2:6])))
		}
		for _, r := range v6Ranges {
			if r.p.Contains(a) {
				return r.kind
			}
		}
		return ""
	}
	if a == netip.AddrFrom4([4]byte{255, 255, 255, 255}) {
		return "reserved"
	}
	for _, r := range v4Ranges {
		if r.p.Contains(a) {
			return r.kind
		}
	}
	return ""
}

// hostSlots bounds the requests under way to one host.
type hostSlots struct {
	slots chan struct{}
	users int
}

// acquire waits for a slot of host, or for ctx to end.
func (f *Fetcher) acquire(ctx context.Context, host string) (release func(), err error) {
	f.mu.Lock()
	h := f.hosts[host]
	if h == nil {
		h = &hostSlots{slots: make(chan struct{}, f.perHost())}
		f.hosts[host] = h
	}
	h.users++
	f.mu.Unlock()
	done := func() {
		f.mu.Lock()
		h.users--
		if h.users == 0 {
			delete(f.hosts, host)
		}
		f.mu.Unlock()
	}
	select {
	case h.slots <- struct{}{}:
	case <-ctx.Done():
		done()
		return nil, ctx.Err()
	}
	var once sync.Once
	return func() {
		once.Do(func() {
			<-h.slots
			done()
		})
	}, nil
}

// slotTransport holds a slot of the request's host from sending the
// request until its body is closed: every hop of a redirect chain counts
// against its own host, and a redirect's body is closed before the next
// hop is sent.
type slotTransport struct {
	f    *Fetcher
	next http.RoundTripper
}

func (t *slotTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	release, err := t.f.acquire(req.Context(), strings.ToLower(req.URL.Hostname()))
	if err != nil {
		if req.Body != nil {
			req.Body.Close()
		}
		return nil, err
	}
	resp, err := t.next.RoundTrip(req)
	if err != nil {
		release()
		return nil, err
	}
	resp.Body = &releaseBody{ReadCloser: resp.Body, release: release}
	return resp, nil
}

type releaseBody struct {
	io.ReadCloser
	release func()
}

func (b *releaseBody) Close() error {
	err := b.ReadCloser.Close()
	b.release()
	return err
}
