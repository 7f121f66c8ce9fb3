package httpapi

import (
	"net/http"
	"testing"
)

func TestClientAddr(t *testing.T) {
	proxies, err := ParseTrustedProxies(" 10.0.0.0/8, 192.168.1.7 ,::ffff:172.16.0.1, 2001:db8::/32")
	if err != nil {
		t.Fatal(err)
	}
	s := &Server{TrustedProxies: proxies}
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
		if got := s.clientAddr(r); got != tc.want {
			t.Errorf("peer %s, X-Forwarded-For %q: %s, want %s", tc.peer, tc.xff, got, tc.want)
		}
	}
	for _, bad := range []string{"10.0.0.0/33", "proxy.internal", "10.0.0"} {
		if _, err := ParseTrustedProxies(bad); err == nil {
			t.Errorf("ParseTrustedProxies(%q) accepted", bad)
		}
	}
}
