package httpapi

import (
	"context"
	"net/http"

	"forecourt/internal/catalog"
	"forecourt/internal/sitepages"
	"forecourt/internal/tenant"
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

// modelPageHead describes the model and brand pages (sitepages.ModelPage);
// ok is false for other paths.
func (s *Server) modelPageHead(ctx context.Context, site *tenant.Site, base, p string) (h sitepages.Head, ok bool, err error) {
	pg, ok := sitepages.ParseModelPage(p)
	if !ok {
		return sitepages.Head{}, false, nil
	}
	recs, err := s.Listing.Records(ctx, site)
	if err != nil {
		return sitepages.Head{}, true, err
	}
	h, err = pg.Head(site, base, recs.Models)
	return h, true, err
}
