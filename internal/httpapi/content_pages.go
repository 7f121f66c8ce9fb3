package httpapi

import (
	"net/http"
	"strings"

	"forecourt/internal/apitypes"
	"forecourt/internal/catalog"
	"forecourt/internal/convert"
	"forecourt/internal/sitepages"
)

// handleContentPage answers GET /api/pages?path=/about-us with the site's page, or
// not_found when the site does not offer that route.
func (s *Server) handleContentPage(w http.ResponseWriter, r *http.Request) {
	site := siteFrom(r.Context())
	p := r.URL.Query().Get("path")
	pg, ok := site.PageFor(p)
	if p == "" || !strings.HasPrefix(p, "/") || !ok {
		s.writeError(w, r, catalog.Errorf(catalog.ENotFound, "This site has no such page."))
		return
	}
	// The page may name the towns of the site's locations.
	recs, err := s.Listing.Records(r.Context(), site)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, contentPage(sitepages.Content(site, recs.Locations, pg)))
}

// contentPage is the API's view of a page (package apitypes cannot import
// sitepages, which imports it).
func contentPage(p sitepages.ContentPage) apitypes.ContentPage {
	return apitypes.ContentPage{Path: p.Path, Title: p.Title, Description: p.Description, Component: p.Component, HTML: p.HTML,
		FAQs:         convert.List(p.FAQs, func(f sitepages.FAQ) apitypes.FAQ { return apitypes.FAQ(f) }),
		BookingLinks: apitypes.FromBookingLinks(p.BookingLinks)}
}
