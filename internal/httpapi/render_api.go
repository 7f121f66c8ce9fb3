package httpapi

import (
	"net/http"
	"strings"

	"forecourt/internal/catalog"
)

// RenderAPI answers the render workers' GETs of a site's public API (the
// site named by the Host header), as an anonymous visitor: no cookies and
// no credentials reach the site's handlers, so nothing personal is drawn
// into a page that is kept for everyone. Anything but a GET of /api/...
// is not found. serve serves it on a Unix socket only its workers reach.
func (s *Server) RenderAPI() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet || !strings.HasPrefix(r.URL.Path, "/api/") || s.siteMux == nil {
			s.writeError(w, r, catalog.Errorf(catalog.ENotFound, "Not found."))
			return
		}
		// A request of its own, carrying only what the answer depends on.
		req, err := http.NewRequestWithContext(r.Context(), http.MethodGet, r.URL.RequestURI(), nil)
		if err != nil {
			s.writeError(w, r, catalog.Errorf(catalog.EInvalid, "Bad address."))
			return
		}
		req.Host = r.Host
		req.RemoteAddr = "127.0.0.1:0"
		if a := r.Header.Get("Accept"); a != "" {
			req.Header.Set("Accept", a)
		}
		s.withSite(s.siteMux).ServeHTTP(w, req)
	})
}
