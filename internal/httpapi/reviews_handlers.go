package httpapi

import (
	"net/http"

	"forecourt/internal/sitepages"
)

// handleReviews answers GET /api/reviews: the site's shown reviews and its
// main location's rating (sitepages.Reviews).
func (s *Server) handleReviews(w http.ResponseWriter, r *http.Request) {
	site := siteFrom(r.Context())
	rs, err := s.Listing.Reviews(r.Context(), site)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	recs, err := s.Listing.Records(r.Context(), site)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, sitepages.Reviews(site, rs, recs.Locations, s.Now()))
}
