package httpapi

import (
	"net/http"

	"forecourt/internal/catalog"
	"forecourt/internal/sitepages"
)

// handleModels answers GET /api/models: the site's new models in the
// dealer's order.
func (s *Server) handleModels(w http.ResponseWriter, r *http.Request) {
	site := siteFrom(r.Context())
	recs, err := s.Listing.Records(r.Context(), site)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	st, err := s.stock(r.Context(), site)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	out := sitepages.ModelList{Models: make([]sitepages.Summary, 0, len(recs.Models))}
	live := sitepages.LiveNew(st.Index)
	for _, m := range recs.Models {
		out.Models = append(out.Models, sitepages.Summarise(m, st.Vocab, live))
	}
	writeJSON(w, http.StatusOK, out)
}

// handleModel answers GET /api/models/{slug}: one model of the site
// (sitepages.Detailed).
func (s *Server) handleModel(w http.ResponseWriter, r *http.Request) {
	site := siteFrom(r.Context())
	recs, err := s.Listing.Records(r.Context(), site)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	m, ok := sitepages.FindModel(recs.Models, r.PathValue("slug"))
	if !ok {
		s.writeError(w, r, catalog.Errorf(catalog.ENotFound, "no such model"))
		return
	}
	st, err := s.stock(r.Context(), site)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, sitepages.Detailed(m, st.Vocab, sitepages.LiveNew(st.Index)))
}
