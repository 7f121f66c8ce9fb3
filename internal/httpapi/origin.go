package httpapi

import (
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// origin is the scheme and host the visitor asked for ("https://a.example"),
// without a trailing slash: the base of every absolute address the server
// writes (canonical links, OpenGraph, JSON-LD, the sitemap, the printable
// sheet). The scheme is https when the connection is TLS, or when a trusted
// proxy (TrustedProxies) says the visitor's was in X-Forwarded-Proto; from
// anyone else the header is ignored, as any client can send it.
func (s *Server) origin(r *http.Request) string {
	scheme := "http"
	if s.secureRequest(r) {
		scheme = "https"
	}
	return scheme + "://" + r.Host
}

// secureRequest reports whether the visitor reached us over TLS: directly,
// or through a trusted proxy that says so.
func (s *Server) secureRequest(r *http.Request) bool {
	if r.TLS != nil {
		return true
	}
	if !strings.EqualFold(strings.TrimSpace(r.Header.Get("X-Forwarded-Proto")), "https") {
		return false
	}
	a, ok := peerAddr(r)
	return ok && s.trusted(a)
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
