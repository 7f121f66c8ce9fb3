package httpapi

import (
	"net/http"

	"forecourt/internal/apitypes"
	"forecourt/internal/convert"
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
	writeJSON(w, http.StatusOK, reviews(sitepages.Reviews(site, rs, recs.Locations, s.Now())))
}

// reviews is the API's view of the reviews (package apitypes cannot import
// sitepages, which imports it).
func reviews(a sitepages.ReviewsAnswer) apitypes.Reviews {
	return apitypes.Reviews{AverageRating: a.AverageRating, Count: a.Count,
		Reviews: convert.List(a.Reviews, func(r sitepages.ReviewItem) apitypes.Review { return apitypes.Review(r) })}
}
