package httpapi

import (
	"net/http"
	"net/url"
	"strings"

	"forecourt/internal/catalog"
	"forecourt/internal/search"
	"forecourt/internal/sitepages"
	"forecourt/internal/tenant"
)

// usedCarBase is docs/behaviour/screens.md's breadcrumb link base: /used-car/{…}
// names the used-car listing of the segments that follow, unless they name
// a car type of their own (/used-car/new-cars/ford).
const usedCarBase = "/used-car"

// isListingPath reports whether p is under /search, the listing pages.
func isListingPath(p string) bool {
	return p == "/search" || strings.HasPrefix(p, "/search/")
}

// listingRedirect is where a listing URL that is not in its canonical form
// moves for good (301): the path CanonicalURL writes for the same filters
// (docs/behaviour/screens.md lists the all-types path with its trailing
// slash and the others without), and /used-car/… to its listing, the query
// string kept as it came. ok is false for a canonical or unknown path: an
// unknown one is the listing's 404. A site's default city is no redirect:
// the page lists that city at once, its canonical link names it, and the
// app writes it into the address (docs/behaviour/screens.md#search-url), so
// a buyer from a search engine waits for no second round trip.
func (s *Server) listingRedirect(r *http.Request, site *tenant.Site) (to string, ok bool) {
	p := r.URL.Path
	if p == usedCarBase || strings.HasPrefix(p, usedCarBase+"/") {
		p = usedCarListing(strings.TrimPrefix(p, usedCarBase))
	} else if !isListingPath(p) {
		return "", false
	}
	st, err := s.stock(r.Context(), site)
	if err != nil {
		return "", false
	}
	pathOnly := st.Vocab
	pathOnly.DefaultCity = ""
	q, err := search.ParseListing(p, nil, pathOnly)
	if err != nil {
		if r.URL.Path != p {
			// /used-car/{unknown}: its listing answers the 404.
			return withQuery(p, r.URL.RawQuery), true
		}
		return "", false
	}
	if canonical, _ := search.CanonicalURL(q, pathOnly); canonical != r.URL.Path {
		return withQuery(canonical, r.URL.RawQuery), true
	}
	return "", false
}

// usedCarListing turns the segments after /used-car into a listing path:
// used cars, unless a segment names another car type.
func usedCarListing(rest string) string {
	segs := strings.FieldsFunc(strings.ToLower(rest), func(r rune) bool { return r == '/' })
	for _, seg := range segs {
		if search.IsCarTypeSegment(seg) {
			return "/search/" + strings.Join(segs, "/")
		}
	}
	return "/search/" + strings.Join(append([]string{"used-cars"}, segs...), "/")
}

func withQuery(p, rawQuery string) string {
	if rawQuery == "" {
		return p
	}
	return p + "?" + rawQuery
}

// listingHead is a listing page's head: a 404 for a path segment that names
// no filter (as GET /api/search answers), else its title and the canonical
// URL of its filters.
func (s *Server) listingHead(r *http.Request, site *tenant.Site) (pageHead, error) {
	st, err := s.stock(r.Context(), site)
	if err != nil {
		return pageHead{}, err
	}
	q, err := search.ParseListing(r.URL.Path, r.URL.Query(), st.Vocab)
	if err != nil {
		if catalog.ErrorCode(err) == catalog.ENotFound {
			return pageHead{}, err
		}
		// A bad range still shows the listing; its canonical is the path's.
		q, err = search.ParseListing(r.URL.Path, url.Values{}, st.Vocab)
		if err != nil {
			return pageHead{}, err
		}
	}
	p, raw := search.CanonicalURL(q, st.Vocab)
	return pageHead{
		Title:       sitepages.StockTitle(sitepages.ListingTitle(q.Refinements), site.Wording.StockNounPlural) + " | " + site.Name,
		Description: sitepages.Description(site),
		Canonical:   s.origin(r) + withQuery(p, raw),
		Type:        "website",
	}, nil
}
