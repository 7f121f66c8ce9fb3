// Package netaddr reads the lists of addresses and CIDR prefixes that
// flags and site files give (trusted proxies, hosts photos may be fetched
// from although private).
package netaddr

import (
	"fmt"
	"net/netip"
	"strings"
)

// Prefix reads one address or CIDR prefix ("10.1.2.3", "192.168.0.0/16",
// "fd00::/8"): an address is a /32 or /128 prefix, a prefix is masked, and
// an IPv4-mapped one stands for its IPv4 addresses, which is how the
// addresses it is matched against are written.
func Prefix(item string) (netip.Prefix, bool) {
	item = strings.TrimSpace(item)
	if strings.Contains(item, "/") {
		p, err := netip.ParsePrefix(item)
		if err != nil {
			return netip.Prefix{}, false
		}
		p = p.Masked()
		if a := p.Addr(); a.Is4In6() && p.Bits() >= 96 {
			p = netip.PrefixFrom(a.Unmap(), p.Bits()-96)
		}
		return p, true
	}
	a, err := netip.ParseAddr(item)
	if err != nil {
		return netip.Prefix{}, false
	}
	a = a.WithZone("").Unmap()
	return netip.PrefixFrom(a, a.BitLen()), true
}

// List reads a comma-separated list of addresses or prefixes; spaces and
// empty items are ignored, an empty list is none. what names an item in
// the error ("trusted proxy").
func List(list, what string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for item := range strings.SplitSeq(list, ",") {
		if strings.TrimSpace(item) == "" {
			continue
		}
		p, ok := Prefix(item)
		if !ok {
			return nil, fmt.Errorf("%s %q is not an address or CIDR prefix", what, strings.TrimSpace(item))
		}
		out = append(out, p)
	}
	return out, nil
}
