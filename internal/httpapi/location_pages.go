package httpapi

import (
	"net/http"

	"forecourt/internal/sitepages"
	"forecourt/internal/tenant"
)

// locationHead describes a locations page (sitepages.LocationPage), or ok
// false for other paths. An unknown slug is not_found, so the page answers
// the site's 404.
func (s *Server) locationHead(r *http.Request, site *tenant.Site) (h pageHead, ok bool, err error) {
	pg, ok := sitepages.ParseLocationPage(r.URL.Path)
	if !ok {
		return h, false, nil
	}
	base := s.origin(r)
	recs, err := s.Listing.Records(r.Context(), site)
	if err != nil {
		return pageHead{Description: sitepages.Description(site), Type: "website"}, true, err
	}
	sh, err := pg.Head(site, base, recs)
	return headOf(sh), true, err
}

// headOf is a page's head as the page template draws it.
func headOf(h sitepages.Head) pageHead {
	return pageHead{Title: h.Title, Description: h.Description, Canonical: h.Canonical, Image: h.Image, Type: h.Type, JSONLD: h.JSONLD}
}
