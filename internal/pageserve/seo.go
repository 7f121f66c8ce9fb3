package pageserve

import (
	"net/http"

	"forecourt/internal/sitepages"
)

// Robots is GET /robots.txt (sitepages.Robots).
func (s *Server) Robots(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	_, _ = w.Write(sitepages.Robots(site(r), s.Proxies.Origin(r), s.Routes.Personal))
}

// Sitemap lists the site's pages and every car a visitor can open
// (sitepages.Sitemap).
func (s *Server) Sitemap(w http.ResponseWriter, r *http.Request) {
	site := site(r)
	st, err := s.Listing.Stock(r.Context(), site)
	if err != nil {
		s.Fail(w, r, err)
		return
	}
	recs, err := s.Listing.Records(r.Context(), site)
	if err != nil {
		s.Fail(w, r, err)
		return
	}
	b, err := sitepages.Sitemap(site, s.Proxies.Origin(r), sitepages.RecordPages(recs), st.Index.Catalogue(), s.Routes.Personal)
	if err != nil {
		s.Logger.Error("sitemap", "err", err)
	}
	w.Header().Set("Content-Type", "application/xml; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=600")
	_, _ = w.Write(b)
}

// SiteCSS is GET /site.css: the site's theme, versioned by its content.
func (s *Server) SiteCSS(w http.ResponseWriter, r *http.Request) {
	css, version := s.styles.Sheet(site(r))
	etag := `"` + version + `"`
	w.Header().Set("ETag", etag)
	w.Header().Set("Content-Type", "text/css; charset=utf-8")
	if r.URL.Query().Get("v") != "" {
		w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		w.Header().Set("Cache-Control", "no-cache")
	}
	if r.Header.Get("If-None-Match") == etag {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	_, _ = w.Write(css)
}
