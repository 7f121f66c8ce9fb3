package httpapi

import (
	"net/http"

	"forecourt/internal/apitypes"
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
	out := apitypes.ModelList{Models: make([]apitypes.ModelSummary, 0, len(recs.Models))}
	live := sitepages.LiveNew(st.Index)
	for _, m := range recs.Models {
		out.Models = append(out.Models, apitypes.ModelSummary(sitepages.Summarise(m, st.Vocab, live)))
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
	writeJSON(w, http.StatusOK, modelDetail(sitepages.Detailed(m, st.Vocab, sitepages.LiveNew(st.Index))))
}

// modelDetail is the API's view of a model (package apitypes cannot
// import sitepages, which imports it).
func modelDetail(d sitepages.Detail) apitypes.ModelDetail {
	return apitypes.ModelDetail{ModelSummary: apitypes.ModelSummary(d.Summary), Variants: apitypes.FromModelVariants(d.Variants),
		Colours: apitypes.FromModelColours(d.Colours), Frames: apitypes.FromModelFrames(d.Frames)}
}
