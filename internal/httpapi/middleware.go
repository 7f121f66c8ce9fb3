package httpapi

import (
	"bytes"
	"context"
	"io"
	"mime"
	"net/http"
	"strings"

	"forecourt/internal/apitypes"
	"forecourt/internal/catalog"
	"forecourt/internal/httpmw"
	"forecourt/internal/tenant"
)

// siteFrom returns the site resolved for this request by withSite.
func siteFrom(ctx context.Context) *tenant.Site { return tenant.SiteFrom(ctx) }

// withSite resolves the site from the Host header. An unknown host gets a
// plain 404, never another site's content.
func (s *Server) withSite(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !tenant.ValidPort(r.Host) {
			const msg = "The Host header's port must be a number of 1 to 5 digits."
			if strings.HasPrefix(r.URL.Path, "/api/") {
				writeJSON(w, http.StatusBadRequest, apitypes.Error{Error: apitypes.ErrorDetail{Code: catalog.EInvalid, Message: msg}})
				return
			}
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			w.Header().Set("Cache-Control", "no-store")
			w.WriteHeader(http.StatusBadRequest)
			_, _ = io.WriteString(w, msg+"\n")
			return
		}
		site, ok := s.Sites.ByHost(r.Host)
		if !ok {
			if strings.HasPrefix(r.URL.Path, "/api/") {
				s.writeError(w, r, catalog.Errorf(catalog.ENotFound, "No site is configured for this address."))
				return
			}
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			w.Header().Set("Cache-Control", "no-store")
			w.WriteHeader(http.StatusNotFound)
			_, _ = io.WriteString(w, "No site is configured for this address.\n")
			return
		}
		next.ServeHTTP(w, r.WithContext(tenant.WithSite(r.Context(), site)))
	})
}

// jsonBodies refuses an API write whose body is not declared as JSON with
// 415. Every API body is JSON, and a form post or a text/plain body is what
// another site's page can make a browser send without asking first (no
// CORS preflight), so anything else is refused before it is read. A write
// without a body (sign-out, marking a saved search seen) passes.
func (s *Server) jsonBodies(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.Method {
		case http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete:
			if strings.HasPrefix(r.URL.Path, "/api/") && r.ContentLength != 0 {
				if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || mt != "application/json" {
					s.writeError(w, r, catalog.Errorf(catalog.EUnsupportedMediaType, "This request must be sent as JSON, with Content-Type: application/json."))
					return
				}
				// A lead names the field in its own words (package leads).
				if r.URL.Path != "/api/leads" {
					head, err := io.ReadAll(io.LimitReader(r.Body, httpmw.NulScanBytes))
					if err != nil {
						s.writeError(w, r, catalog.Errorf(catalog.EInvalid, "The request could not be read; please try again."))
						return
					}
					if field, ok := httpmw.NulField(head); ok {
						msg := "This must not contain a null character."
						e := &catalog.Error{Code: catalog.EInvalid, Message: msg}
						if field != "" {
							e.Fields = map[string]string{field: msg}
						}
						s.writeError(w, r, e)
						return
					}
					r.Body = struct {
						io.Reader
						io.Closer
					}{io.MultiReader(bytes.NewReader(head), r.Body), r.Body}
				}
			}
		}
		next.ServeHTTP(w, r)
	})
}

// middleware wraps the whole surface in the generic middleware: security
// headers, the request log and metrics, panic recovery, the same-origin
// check for writes and compression.
func (s *Server) middleware(root http.Handler) http.Handler {
	proxies := httpmw.Proxies(s.TrustedProxies)
	fail := func(w http.ResponseWriter, r *http.Request) {
		s.writeError(w, r, catalog.Errorf(catalog.EInternal, "panic"))
	}
	refuse := func(w http.ResponseWriter, r *http.Request) {
		s.writeError(w, r, catalog.Errorf(catalog.EForbidden, "This request came from another website and was refused."))
	}
	return httpmw.SecurityHeaders(proxies, httpmw.LogRequests(s.Logger, s.Metrics.ObserveRequest,
		httpmw.Recoverer(s.Logger, fail, httpmw.SameOrigin(proxies, refuse, httpmw.Compress(routed(root))))))
}

// routed notes the route that answered and the request's site for the log
// and the metrics (httpmw.Routed).
func routed(mux http.Handler) http.Handler {
	return httpmw.Routed(func(ctx context.Context) string {
		if site := siteFrom(ctx); site != nil {
			return site.Slug
		}
		return ""
	}, mux)
}

// clientAddr is the visitor's address (httpmw.Proxies.ClientAddr).
func (s *Server) clientAddr(r *http.Request) string {
	return httpmw.Proxies(s.TrustedProxies).ClientAddr(r)
}

// origin is the scheme and host the visitor asked for (httpmw.Proxies.Origin).
func (s *Server) origin(r *http.Request) string { return httpmw.Proxies(s.TrustedProxies).Origin(r) }
