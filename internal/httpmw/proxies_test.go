package httpmw

import (
	"crypto/tls"
	"net/http"
	"net/http/httptest"
	"testing"
)

func TestClientAddr(t *testing.T) {
	proxies, err := ParseTrustedProxies(" 10.0.0.0/8, 192.168.1.7 ,::ffff:172.16.0.1, 2001:db8::/32")
	if err != nil {
		t.Fatal(err)
	}
	ps := Proxies(proxies)
	for _, tc := range []struct {
		peer string
		xff  []string
		want string
	}{
		{"203.0.113.5:4410", nil, "203.0.113.5"},
		{"203.0.113.5:4410", []string{"198.51.100.1"}, "203.0.113.5"}, // an untrusted peer's header is ignored
		{"10.1.2.3:80", []string{"198.51.100.1"}, "198.51.100.1"},
		{"10.1.2.3:80", []string{"198.51.100.1, 192.168.1.7"}, "198.51.100.1"},         // two trusted hops
		{"10.1.2.3:80", []string{"6.6.6.6, 198.51.100.1"}, "198.51.100.1"},             // a spoofed entry in front
		{"10.1.2.3:80", []string{"6.6.6.6", "198.51.100.1, 10.9.9.9"}, "198.51.100.1"}, // several headers
		{"10.1.2.3:80", []string{"198.51.100.1:5120"}, "198.51.100.1"},
		{"10.1.2.3:80", []string{"[2001:db9::1]:443"}, "2001:db9::1"},
		{"10.1.2.3:80", []string{"unknown"}, "10.1.2.3"}, // a malformed entry: the proxy stands
		{"10.1.2.3:80", []string{""}, "10.1.2.3"},
		{"10.1.2.3:80", []string{"10.4.4.4"}, "10.4.4.4"}, // only proxies: the farthest one
		{"172.16.0.1:80", []string{"198.51.100.1"}, "198.51.100.1"},
		{"[2001:db8::9]:80", []string{"198.51.100.1"}, "198.51.100.1"},
		{"pipe", []string{"198.51.100.1"}, "pipe"},
	} {
		r, _ := http.NewRequest("GET", "/", nil)
		r.RemoteAddr = tc.peer
		for _, v := range tc.xff {
			r.Header.Add("X-Forwarded-For", v)
		}
		if got := ps.ClientAddr(r); got != tc.want {
			t.Errorf("peer %s, X-Forwarded-For %q: %s, want %s", tc.peer, tc.xff, got, tc.want)
		}
	}
	for _, bad := range []string{"10.0.0.0/33", "proxy.internal", "10.0.0"} {
		if _, err := ParseTrustedProxies(bad); err == nil {
			t.Errorf("ParseTrustedProxies(%q) accepted", bad)
		}
	}
}

// An absolute address says https only when the visitor's connection was
// TLS: this one, or one a trusted proxy vouches for in X-Forwarded-Proto.
func TestOriginTrustsForwardedProtoOnlyFromTrustedProxies(t *testing.T) {
	proxies, err := ParseTrustedProxies("10.0.0.0/8, 2001:db8::1")
	if err != nil {
		t.Fatal(err)
	}
	ps := Proxies(proxies)
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
		if got := ps.Origin(r); got != tc.want {
			t.Errorf("%s: origin %q, want %q", tc.name, got, tc.want)
		}
	}
	r := httptest.NewRequest("GET", "/", nil)
	r.Host, r.RemoteAddr = "a.example", "10.1.2.3:443"
	r.Header.Set("X-Forwarded-Proto", "https")
	if got := Proxies(nil).Origin(r); got != "http://a.example" {
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
		if got := SameHost(tc.origin, tc.request); got != tc.want {
			t.Errorf("SameHost(%q, %q) = %v, want %v", tc.origin, tc.request, got, tc.want)
		}
	}
}
