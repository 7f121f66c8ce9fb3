package httpapi

import (
	"net/http"

	"forecourt/internal/sitepages"
)

// handleImage serves GET /img/...: a picture of the site's through the
// image service, anything else 404 without drawing.
func (s *Server) handleImage(w http.ResponseWriter, r *http.Request) {
	site := siteFrom(r.Context())
	si, err := sitepages.SiteImages(r.Context(), s.Listing, site)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	if !si.Has(r.URL.Path) {
		w.Header().Set("Cache-Control", "no-store")
		http.Error(w, "Image not found.", http.StatusNotFound)
		return
	}
	s.Media.ServeHTTP(w, r)
}
