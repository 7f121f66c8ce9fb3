package httpapi

import (
	"net/http"

	"forecourt/internal/sitepages"
)

// handleRobots is GET /robots.txt (sitepages.Robots).
func (s *Server) handleRobots(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	_, _ = w.Write(sitepages.Robots(siteFrom(r.Context()), s.origin(r)))
}

// handleSitemap lists the site's pages and every car a visitor can open
// (sitepages.Sitemap).
func (s *Server) handleSitemap(w http.ResponseWriter, r *http.Request) {
	site := siteFrom(r.Context())
	st, err := s.stock(r.Context(), site)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	recs, err := s.Listing.Records(r.Context(), site)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	b, err := sitepages.Sitemap(site, s.origin(r), sitepages.RecordPages(recs), st.Index.Catalogue())
	if err != nil {
		s.Logger.Error("sitemap", "err", err)
	}
	w.Header().Set("Content-Type", "application/xml; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=600")
	_, _ = w.Write(b)
}
