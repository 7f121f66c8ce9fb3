package netaddr

import (
	"fmt"
	"testing"
)

// TestList: addresses and prefixes, masked and unmapped; anything else is
// refused.
func TestList(t *testing.T) {
	cases := []struct {
		in   string
		want []string
		err  bool
	}{
		{in: "", want: nil},
		{in: " , ,", want: nil},
		{in: "10.0.0.7", want: []string{"10.0.0.7/32"}},
		{in: "fd00::1", want: []string{"fd00::1/128"}},
		{in: "192.168.0.0/16, 10.1.2.3", want: []string{"192.168.0.0/16", "10.1.2.3/32"}},
		{in: " 127.0.0.0/8 ,::1 ", want: []string{"127.0.0.0/8", "::1/128"}},
		{in: "10.1.2.3/8", want: []string{"10.0.0.0/8"}},                 // host bits dropped
		{in: "::ffff:10.0.0.0/104", want: []string{"10.0.0.0/8"}},        // IPv4-mapped: the IPv4 prefix
		{in: "::ffff:10.0.0.9", want: []string{"10.0.0.9/32"}},           // IPv4-mapped address
		{in: "fe80::1%eth0", want: []string{"fe80::1/128"}},              // zone ignored
		{in: "169.254.169.254/32", want: []string{"169.254.169.254/32"}}, // as asked
		{in: "fd00::/8,172.16.0.0/12", want: []string{"fd00::/8", "172.16.0.0/12"}},
		{in: "photos.dealer.example", err: true},
		{in: "10.0.0.0/33", err: true},
		{in: "10.0.0", err: true},
		{in: "1.2.3.4/", err: true},
		{in: "10.0.0.1, nope", err: true},
		{in: "10.0.0.1;10.0.0.2", err: true},
	}
	for _, c := range cases {
		got, err := List(c.in, "host")
		if c.err {
			if err == nil {
				t.Errorf("List(%q) = %v, want an error", c.in, got)
			}
			continue
		}
		if err != nil {
			t.Errorf("List(%q): %v", c.in, err)
			continue
		}
		var s []string
		for _, p := range got {
			s = append(s, p.String())
		}
		if fmt.Sprint(s) != fmt.Sprint(c.want) {
			t.Errorf("List(%q) = %v, want %v", c.in, s, c.want)
		}
	}
}
