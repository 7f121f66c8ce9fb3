package httpapi

import (
	"net/http"

	"forecourt/internal/sitepages"
	"forecourt/internal/tenant"
)

// locationHead describes a locations page (sitepages.LocationPage), or ok
// false for other paths. An unknown slug is not_found, so the page answers
// the site's 404.
func (s *Server) locationHead(r *http.Request, site *tenant.Site) (h sitepages.Head, ok bool, err error) {
	pg, ok := sitepages.ParseLocationPage(r.URL.Path)
	if !ok {
		return h, false, nil
	}
	base := s.origin(r)
	recs, err := s.Listing.Records(r.Context(), site)
	if err != nil {
		return sitepages.Head{Description: sitepages.Description(site), Type: "website"}, true, err
	}
	h, err = pg.Head(site, base, recs)
	return h, true, err
}
