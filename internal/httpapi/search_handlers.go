package httpapi

import (
	"net/http"

	"forecourt/internal/catalog"
	"forecourt/internal/listing"
	"forecourt/internal/search"
)

// handleSearch answers GET /api/search: the listing page's own URL query
// plus path (API.md).
func (s *Server) handleSearch(w http.ResponseWriter, r *http.Request) {
	values := r.URL.Query()
	site := siteFrom(r.Context())
	b, err := s.listings().Search(r.Context(), site, values.Get("path"), values)
	if err != nil {
		// A mistyped segment is a 404 that offers the listings it may have meant.
		if catalog.ErrorCode(err) == catalog.ENotFound {
			if st, serr := s.stock(r.Context(), site); serr == nil {
				if sugg := search.SuggestListings(values.Get("path"), st.Vocab); len(sugg) > 0 {
					err = &suggestingError{error: err, suggestions: sugg}
				}
			}
		}
		s.writeError(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	_, _ = w.Write(b)
}

// handleCar answers GET /api/cars/{slug}: any car of the site that is shown
// on the website, sold ones included (their page offers similar cars).
func (s *Server) handleCar(w http.ResponseWriter, r *http.Request) {
	site := siteFrom(r.Context())
	car, st, err := s.detailCar(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"car": listing.DetailFor(car, site, st.Index.Config(), s.Now())})
}

// handleSimilar answers GET /api/cars/{slug}/similar: at most 6 in-stock cars.
func (s *Server) handleSimilar(w http.ResponseWriter, r *http.Request) {
	site := siteFrom(r.Context())
	car, st, err := s.detailCar(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	cfg, now := st.Index.Config(), s.Now()
	hits := []listing.Card{}
	for _, c := range st.Index.Similar(car, search.MaxSimilar) {
		hits = append(hits, listing.Brief(listing.CardFor(c, site, cfg, now)))
	}
	writeJSON(w, http.StatusOK, map[string]any{"hits": hits})
}
