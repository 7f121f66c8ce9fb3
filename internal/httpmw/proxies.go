package httpmw

import (
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"

	"forecourt/internal/netaddr"
)

// Proxies are the reverse proxies in front of the server: from them,
// X-Forwarded-For names the visitor and X-Forwarded-Proto its scheme.
type Proxies []netip.Prefix

// ParseTrustedProxies reads a comma-separated list of addresses and CIDR
// prefixes ("10.0.0.0/8, 192.168.1.7"); an empty list trusts none.
func ParseTrustedProxies(list string) ([]netip.Prefix, error) {
	return netaddr.List(list, "trusted proxy")
}

// ClientAddr is the visitor's address for rate limiting: the connection's
// peer, or, when the peer is a trusted proxy, the nearest address in
// X-Forwarded-For that is not one. Behind a load balancer every visitor
// would otherwise share the balancer's address, and one busy site's
// buyers would use up each other's lead allowance. From anyone else the
// header is ignored: any client can send it.
func (ps Proxies) ClientAddr(r *http.Request) string {
	peer := r.RemoteAddr
	if host, _, err := net.SplitHostPort(peer); err == nil {
		peer = host
	}
	addr, err := netip.ParseAddr(peer)
	if err != nil || len(ps) == 0 {
		return peer
	}
	addr = addr.Unmap()
	var hops []string
	for _, v := range r.Header.Values("X-Forwarded-For") {
		hops = append(hops, strings.Split(v, ",")...)
	}
	for i := len(hops) - 1; i >= 0 && ps.trusted(addr); i-- {
		hop, ok := parseHop(hops[i])
		if !ok {
			break // a malformed entry: the trusted proxy's own peer stands
		}
		addr = hop
	}
	return addr.String()
}

func (ps Proxies) trusted(a netip.Addr) bool {
	for _, p := range ps {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// parseHop reads one X-Forwarded-For entry: an address, with or without a
// port ("203.0.113.9", "203.0.113.9:5120", "[2001:db8::1]:443").
func parseHop(v string) (netip.Addr, bool) {
	v = strings.TrimSpace(v)
	if a, err := netip.ParseAddr(v); err == nil {
		return a.Unmap(), true
	}
	if ap, err := netip.ParseAddrPort(v); err == nil {
		return ap.Addr().Unmap(), true
	}
	return netip.Addr{}, false
}

// Origin is the scheme and host the visitor asked for ("https://a.example"),
// without a trailing slash: the base of every absolute address the server
// writes (canonical links, OpenGraph, JSON-LD, the sitemap, the printable
// sheet). The scheme is https when the connection is TLS, or when a trusted
// proxy says the visitor's was in X-Forwarded-Proto; from anyone else the
// header is ignored, as any client can send it.
func (ps Proxies) Origin(r *http.Request) string {
	scheme := "http"
	if ps.Secure(r) {
		scheme = "https"
	}
	return scheme + "://" + r.Host
}

// Secure reports whether the visitor reached us over TLS: directly, or
// through a trusted proxy that says so.
func (ps Proxies) Secure(r *http.Request) bool {
	if r.TLS != nil {
		return true
	}
	if !strings.EqualFold(strings.TrimSpace(r.Header.Get("X-Forwarded-Proto")), "https") {
		return false
	}
	a, ok := peerAddr(r)
	return ok && ps.trusted(a)
}

// peerAddr is the address of the connection's other end.
func peerAddr(r *http.Request) (netip.Addr, bool) {
	peer := r.RemoteAddr
	if host, _, err := net.SplitHostPort(peer); err == nil {
		peer = host
	}
	a, err := netip.ParseAddr(peer)
	if err != nil {
		return netip.Addr{}, false
	}
	return a.Unmap(), true
}

// SameHost compares the hosts of two origins ("https://a.example:8443"),
// each without its scheme's default port. "null" and anything unreadable
// differ. The schemes are not compared: the host tells one site from
// another, and behind a TLS proxy not listed as trusted the request's own
// origin reads http while the browser's says https.
func SameHost(a, b string) bool {
	ha, ok := originHost(a)
	hb, okb := originHost(b)
	return ok && okb && ha == hb
}

func originHost(origin string) (string, bool) {
	u, err := url.Parse(origin)
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
		return "", false
	}
	h := strings.ToLower(u.Host)
	if u.Scheme == "http" {
		return strings.TrimSuffix(h, ":80"), true
	}
	return strings.TrimSuffix(h, ":443"), true
}
