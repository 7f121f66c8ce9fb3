package tenant

import (
	"strings"
	"sync/atomic"
)

// Registry is the set of configured sites, looked up per request. A
// reload replaces the whole set at once (Replace), so a request sees the
// old set or the new one, never a mix; it is safe for concurrent use.
type Registry struct {
	cur atomic.Pointer[siteSet]
}

// siteSet is one reading of the site files; it never changes.
type siteSet struct {
	sites    []*Site
	bySlug   map[string]*Site
	byDomain map[string]*Site
	hash     string
}

func (r *Registry) set() *siteSet {
	if s := r.cur.Load(); s != nil {
		return s
	}
	return &siteSet{}
}

// Replace makes next's sites this registry's, for everyone holding it.
func (r *Registry) Replace(next *Registry) { r.cur.Store(next.set()) }

// Hash identifies the configuration the registry holds: the SHA-256 of
// every site file's name and bytes, so nodes reading the same files show
// the same hash.
func (r *Registry) Hash() string { return r.set().hash }

// Sites returns every site, sorted by slug.
func (r *Registry) Sites() []*Site {
	return append([]*Site(nil), r.set().sites...)
}

// BySlug finds a site by its slug.
func (r *Registry) BySlug(slug string) (*Site, bool) {
	s, ok := r.set().bySlug[slug]
	return s, ok
}

// localSuffix is the development host suffix: {slug}.localhost reaches
// every site without DNS, since browsers resolve *.localhost to loopback.
const localSuffix = ".localhost"

// ByHost picks the site for a request's Host header: one of its configured
// domains, or {slug}.localhost, with any port and in any letter case.
// Anything else is no site at all, never a fallback to another dealer.
func (r *Registry) ByHost(host string) (*Site, bool) {
	if !ValidPort(host) {
		return nil, false
	}
	h := strings.ToLower(stripPort(strings.TrimSpace(host)))
	h = strings.TrimSuffix(h, ".") // "example.com." is the same host
	if h == "" {
		return nil, false
	}
	if s, ok := r.set().byDomain[h]; ok {
		return s, true
	}
	if label, ok := strings.CutSuffix(h, localSuffix); ok && label != "" && !strings.Contains(label, ".") {
		return r.BySlug(label)
	}
	return nil, false
}

// ValidPort reports whether a Host header's port, if it has one, is 1 to
// 5 digits: "example.com:443" and "example.com" are valid,
// "example.com:" and "example.com:<a million digits>" are not.
func ValidPort(host string) bool {
	h := strings.TrimSpace(host)
	i := strings.LastIndexByte(h, ':')
	if i < 0 || strings.Count(h, ":") > 1 && !strings.HasPrefix(h, "[") {
		return true // no port, or a bare IPv6 literal (never a site)
	}
	if strings.HasPrefix(h, "[") && strings.LastIndexByte(h, ']') > i {
		return true // the colon is inside a bracketed IPv6 literal
	}
	port := h[i+1:]
	if len(port) < 1 || len(port) > 5 {
		return false
	}
	for _, c := range port {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// stripPort removes a trailing :port. Bracketed IPv6 literals keep their
// colons; they never name a site anyway.
func stripPort(h string) string {
	i := strings.LastIndexByte(h, ':')
	if i < 0 {
		return h
	}
	if strings.HasPrefix(h, "[") {
		if j := strings.LastIndexByte(h, ']'); j >= 0 {
			return h[1:j]
		}
		return h
	}
	if strings.Count(h, ":") > 1 { // bare IPv6 without brackets
		return h
	}
	return h[:i]
}

// DefaultEnquiryCategory is the general enquiry forms' category selector's
// default (docs/behaviour/validation.md#enquiry-form).
const DefaultEnquiryCategory = "General Enquiry"

// DefaultWarranty is the warranty line when no configured line matches
// (docs/behaviour/states.md, "Why Buy From Us?").
const DefaultWarranty = "3 Year Warranty Standard"

// WarrantyLine is the "Why Buy From Us?" warranty text for a car: the first
// configured line whose make and car type match ("" matches any), else
// DefaultWarranty.
func (s *Site) WarrantyLine(make, carType string) string {
	if t, ok := MatchLine(s.Wording.Warranty, make, carType); ok {
		return t
	}
	return DefaultWarranty
}

// MatchLine is the text of the first line whose make and car type match a
// car's ("" matches any).
func MatchLine(lines []WarrantyLine, make, carType string) (string, bool) {
	for _, w := range lines {
		if (w.Make == "" || strings.EqualFold(w.Make, make)) &&
			(w.CarType == "" || strings.EqualFold(w.CarType, carType)) {
			return w.Text, true
		}
	}
	return "", false
}
