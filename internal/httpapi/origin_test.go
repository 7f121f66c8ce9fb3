package httpapi

import (
	"crypto/tls"
	"net/http/httptest"
	"testing"
)

// An absolute address says https only when the visitor's connection was
// TLS: this one, or one a trusted proxy vouches for in X-Forwarded-Proto.
func TestOriginTrustsForwardedProtoOnlyFromTrustedProxies(t *testing.T) {
	proxies, err := ParseTrustedProxies("10.0.0.0/8, 2001:db8::1")
	if err != nil {
		t.Fatal(err)
	}
	s := &Server{TrustedProxies: proxies}
	tests := []struct {
		name, peer, proto string
		tls               bool
		want              string
	}{
		{"plain", "203.0.113.9:5120", "", false, "http://a.example"},
		{"TLS here", "203.0.113.9:5120", "", true, "https://a.example"},
		{"a trusted proxy says https", "10.1.2.3:443", "https", false, "https://a.example"},
		{"a trusted proxy says so in capitals", "10.1.2.3:443", "HTTPS", false, "https://a.example"},
		{"a trusted IPv6 proxy", "[2001:db8::1]:443", "https", false, "https://a.example"},
		{"a trusted proxy says http", "10.1.2.3:443", "http", false, "http://a.example"},
		{"anyone else says https", "203.0.113.9:5120", "https", false, "http://a.example"},
		{"an IPv4-mapped untrusted peer", "[::ffff:203.0.113.9]:5120", "https", false, "http://a.example"},
		{"an unreadable peer", "pipe", "https", false, "http://a.example"},
	}
	for _, tc := range tests {
		r := httptest.NewRequest("GET", "/cars/x", nil)
		r.Host, r.RemoteAddr = "a.example", tc.peer
		if tc.proto != "" {
			r.Header.Set("X-Forwarded-Proto", tc.proto)
		}
		if tc.tls {
			r.TLS = &tls.ConnectionState{}
		}
		if got := s.origin(r); got != tc.want {
			t.Errorf("%s: origin %q, want %q", tc.name, got, tc.want)
		}
	}
	r := httptest.NewRequest("GET", "/", nil)
	r.Host, r.RemoteAddr = "a.example", "10.1.2.3:443"
	r.Header.Set("X-Forwarded-Proto", "https")
	if got := (&Server{}).origin(r); got != "http://a.example" {
		t.Errorf("with no trusted proxies: %q, want http", got)
	}
}

// A write from a page of another site is refused; the same site's page
// passes whichever scheme and default port it names.
func TestSameHost(t *testing.T) {
	tests := []struct {
		origin, request string
		want            bool
	}{
		{"http://a.example", "http://a.example", true},
		{"https://a.example", "http://a.example", true},
		{"https://a.example:443", "https://a.example", true},
		{"http://A.example:80", "http://a.example", true},
		{"https://a.example:8443", "http://a.example:8443", true},
		{"https://b.example", "http://a.example", false},
		{"https://a.example:8443", "http://a.example", false},
		{"null", "http://a.example", false},
		{"ftp://a.example", "http://a.example", false},
		{"", "http://a.example", false},
	}
	for _, tc := range tests {
		if got := sameHost(tc.origin, tc.request); got != tc.want {
			t.Errorf("sameHost(%q, %q) = %v, want %v", tc.origin, tc.request, got, tc.want)
		}
	}
}
