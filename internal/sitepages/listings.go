package sitepages

import (
	"net/url"
	"strings"

	"forecourt/internal/catalog"
	"forecourt/internal/search"
	"forecourt/internal/tenant"
)

// usedCarBase is docs/behaviour/screens.md's breadcrumb link base: /used-car/{…}
// names the used-car listing of the segments that follow, unless they name
// a car type of their own (/used-car/new-cars/ford).
const usedCarBase = "/used-car"

// IsListingPath reports whether p is under /search, the listing pages.
func IsListingPath(p string) bool {
	return p == "/search" || strings.HasPrefix(p, "/search/")
}

// ListingRedirect is where a listing URL that is not in its canonical form
// moves for good (301): the path CanonicalURL writes for the same filters
// (docs/behaviour/screens.md lists the all-types path with its trailing
// slash and the others without), and /used-car/… to its listing, the query
// string kept as it came. ok is false for a canonical or unknown path: an
// unknown one is the listing's 404. A site's default city is no redirect:
// the page lists that city at once, its canonical link names it, and the
// app writes it into the address (docs/behaviour/screens.md#search-url), so
// a buyer from a search engine waits for no second round trip.
func ListingRedirect(path, rawQuery string, vocab search.Vocabulary) (to string, ok bool) {
	p := path
	if p == usedCarBase || strings.HasPrefix(p, usedCarBase+"/") {
		p = usedCarListing(strings.TrimPrefix(p, usedCarBase))
	} else if !IsListingPath(p) {
		return "", false
	}
	pathOnly := vocab
	pathOnly.DefaultCity = ""
	q, err := search.ParseListing(p, nil, pathOnly)
	if err != nil {
		if path != p {
			// /used-car/{unknown}: its listing answers the 404.
			return withQuery(p, rawQuery), true
		}
		return "", false
	}
	if canonical, _ := search.CanonicalURL(q, pathOnly); canonical != path {
		return withQuery(canonical, rawQuery), true
	}
	return "", false
}

// IsRedirectCandidate reports whether ListingRedirect may move path: a
// listing path or one under /used-car.
func IsRedirectCandidate(path string) bool {
	return path == usedCarBase || strings.HasPrefix(path, usedCarBase+"/") || IsListingPath(path)
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

// ListingHead is a listing page's head: a 404 for a path segment that names
// no filter (as GET /api/search answers), else its title and the canonical
// URL of its filters.
func ListingHead(site *tenant.Site, base, path string, query url.Values, vocab search.Vocabulary) (Head, error) {
	q, err := search.ParseListing(path, query, vocab)
	if err != nil {
		if catalog.ErrorCode(err) == catalog.ENotFound {
			return Head{}, err
		}
		// A bad range still shows the listing; its canonical is the path's.
		q, err = search.ParseListing(path, url.Values{}, vocab)
		if err != nil {
			return Head{}, err
		}
	}
	// What a buyer typed is no page of its own: the canonical link (and
	// og:url) name the listing without it, so the text is not written into
	// the head twice more (docs/behaviour/http.md#query-once).
	q.Text = ""
	p, raw := search.CanonicalURL(q, vocab)
	return Head{
		Title:       StockTitle(ListingTitle(q.Refinements, site.Search.StockRules.UsedOnly), site.Wording.StockNounPlural) + " | " + site.Name,
		Description: Description(site),
		Canonical:   base + withQuery(p, raw),
		Type:        "website",
	}, nil
}

// PageKind is the page label of the render metrics for a page's view: home,
// results (the listings), vehicle (a car's page) or other.
func PageKind(view string) string {
	switch view {
	case "home":
		return "home"
	case "search":
		return "results"
	case "vehicle":
		return "vehicle"
	}
	return "other"
}
