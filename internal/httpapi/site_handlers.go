package httpapi

import (
	"context"
	"net/http"

	"forecourt/internal/catalog"
	"forecourt/internal/tenant"
)

// handleHealth is GET /healthz, the liveness check: 200 once the server has
// started, whether or not the database answers. While the database is down
// the server still answers searches and car pages from memory, so
// restarting it would help nobody; whether the database answers is a
// readiness question, not this one.
func (s *Server) handleHealth(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	if !s.ready.Load() {
		http.Error(w, "starting", http.StatusServiceUnavailable)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	_, _ = w.Write([]byte("ok\n"))
}

// handleSite is GET /api/site, the site's public config.
func (s *Server) handleSite(w http.ResponseWriter, r *http.Request) {
	s.writeSiteDoc(w, r, s.Listing.SiteConfig)
}

// handleLocations is GET /api/locations, the site's shown locations in
// full: the config a page carries leaves out their hours
// (docs/behaviour/http.md#page-config).
func (s *Server) handleLocations(w http.ResponseWriter, r *http.Request) {
	s.writeSiteDoc(w, r, s.Listing.LocationsJSON)
}

// writeSiteDoc answers one of the JSON documents made from the site's
// public config.
func (s *Server) writeSiteDoc(w http.ResponseWriter, r *http.Request, doc func(context.Context, *tenant.Site) ([]byte, error)) {
	b, err := doc(r.Context(), siteFrom(r.Context()))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	_, _ = w.Write(b)
}

func (s *Server) handleAPINotFound(w http.ResponseWriter, r *http.Request) {
	s.writeError(w, r, catalog.Errorf(catalog.ENotFound, "No such API endpoint."))
}
