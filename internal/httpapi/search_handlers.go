package httpapi

import (
	"fmt"
	"net/http"
	"unicode/utf8"

	"forecourt/internal/apitypes"
	"forecourt/internal/catalog"
	"forecourt/internal/convert"
	"forecourt/internal/httpjson"
	"forecourt/internal/httpmw"
	"forecourt/internal/listing"
	"forecourt/internal/search"
)

// handleSearch answers GET /api/search: the listing page's own URL query
// plus path (docs/behaviour/http.md).
func (s *Server) handleSearch(w http.ResponseWriter, r *http.Request) {
	values := r.URL.Query()
	site := siteFrom(r.Context())
	a, err := s.Listing.SearchAnswer(r.Context(), site, values.Get("path"), values)
	if err != nil {
		// A mistyped segment is a 404 that offers the listings it may have meant.
		if catalog.ErrorCode(err) == catalog.ENotFound {
			if st, serr := s.stock(r.Context(), site); serr == nil {
				if sugg := search.SuggestListings(values.Get("path"), st.Vocab); len(sugg) > 0 {
					err = httpjson.Suggesting(err, sugg)
				}
			}
		}
		s.writeError(w, r, err)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	// The answer was gzipped once when drawn: a client that takes gzip gets
	// those bytes, and the compression middleware leaves an encoded body be.
	body := httpmw.PreGzipped(w, r, a.JSON, a.Gzip)
	_, _ = w.Write(body)
}

// maxSuggestQuery bounds what /api/suggest reads of q, in characters as
// the API description counts them, not bytes
// (docs/behaviour/http.md#lengths-in-characters).
const maxSuggestQuery = 100

// handleSuggest answers GET /api/suggest?q=: the listings a buyer's typing
// may be heading for, at most 8, each with its path and count.
func (s *Server) handleSuggest(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query().Get("q")
	if utf8.RuneCountInString(q) > maxSuggestQuery {
		msg := fmt.Sprintf("q must be at most %d characters.", maxSuggestQuery)
		s.writeError(w, r, &catalog.Error{Code: catalog.EInvalid, Message: msg, Fields: map[string]string{"q": msg}})
		return
	}
	got, err := s.Listing.Suggest(r.Context(), siteFrom(r.Context()), q)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, apitypes.Suggestions{Suggestions: convert.List(got, func(t search.Typeahead) apitypes.Suggestion {
		return apitypes.Suggestion{Label: t.Label, Path: t.Path, Count: t.Count}
	})})
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
	writeJSON(w, http.StatusOK, apitypes.CarAnswer{Car: listing.DetailFor(car, site, st.Index.Config(), s.Now())})
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
	writeJSON(w, http.StatusOK, apitypes.SimilarCars{Hits: hits})
}
