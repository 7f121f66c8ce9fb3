package httpapi

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"strings"
	"time"

	"forecourt/internal/catalog"
	"forecourt/internal/httpmw"
	"forecourt/internal/metrics"
	"forecourt/internal/sitepages"
	"forecourt/internal/ssr"
	"forecourt/internal/tenant"
)

// PageRenderer draws a page's first screen with the web app's own
// components (ssr.Pool, or ssr.Remote for a render tier); nil leaves every
// page to the browser.
type PageRenderer interface {
	Render(ctx context.Context, req ssr.Request) (ssr.Page, error)
}

// DefaultRenderWait is how long a visitor waits for a page being drawn
// before getting the page the browser draws itself.
const DefaultRenderWait = 1500 * time.Millisecond

// renderPage draws the first screen of the requested page, from the cache
// when it is fresh. ok is false when the page is left to the browser: no
// renderer, a render error or one that takes too long (it still finishes
// and is kept for the next visitor).
func (s *Server) renderPage(r *http.Request, site *tenant.Site, config []byte) (ssr.Page, bool) {
	if (s.SSR == nil && !s.SSRUnavailable) || r.Method != http.MethodGet {
		return ssr.Page{}, false
	}
	// A page made for one visitor (their garage, sign-in, a checkout) shows
	// what only the browser knows; it is drawn there.
	if pg, ok := site.PageFor(r.URL.Path); ok && pg.Personal() {
		return ssr.Page{}, false
	}
	m, kind := s.Metrics, sitepages.PageKind(s.pageView(r))
	if s.SSR == nil {
		m.RenderFallback(site.Slug, kind, metrics.FallbackUnavailable)
		return ssr.Page{}, false
	}
	stock, err := s.stock(r.Context(), site)
	if err != nil {
		m.RenderFallback(site.Slug, kind, metrics.FallbackError)
		return ssr.Page{}, false
	}
	// The markup depends on the site and the URL, not on which of the
	// site's hosts was asked (the head, which names the host, is not kept).
	uri := r.URL.RequestURI()
	if p, ok := s.rendered.Get(site.Slug, uri, stock, s.Now()); ok {
		return p, true
	}
	// The render outlives a visitor who stops waiting, so the next one gets it.
	base := context.WithoutCancel(r.Context())
	req := ssr.Request{URL: uri, Origin: s.origin(r), Site: config, Host: r.Host}
	ch := s.rendered.Draw(site.Slug, uri, stock, s.Now, func() (ssr.Page, error) {
		start := time.Now()
		p, err := s.SSR.Render(base, req)
		switch {
		case err == nil || errors.Is(err, ssr.ErrRedirect):
			m.RenderDrawn(site.Slug, kind, time.Since(start))
		default:
			s.Logger.Warn("page render", "site", site.Slug, "path", httpmw.LoggedPath(r), "err", err)
		}
		return p, err
	})
	wait := s.RenderWait
	if wait <= 0 {
		wait = DefaultRenderWait
	}
	// A warm-up waits for its page to the end (ssr.Warming).
	var timeout <-chan time.Time
	if !ssr.Warming(r.Context()) {
		t := time.NewTimer(wait)
		defer t.Stop()
		timeout = t.C
	}
	select {
	case res := <-ch:
		if res.Err != nil {
			// A redirect is the router's answer, which the browser follows.
			if !errors.Is(res.Err, ssr.ErrRedirect) {
				m.RenderFallback(site.Slug, kind, metrics.FallbackError)
			}
			return ssr.Page{}, false
		}
		return res.Page, true
	case <-timeout:
		m.RenderFallback(site.Slug, kind, metrics.FallbackTimeout)
		return ssr.Page{}, false
	case <-r.Context().Done():
		return ssr.Page{}, false
	}
}

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

// WarmPages draws the pages most visitors land on (each site's home and
// default listing) ahead of them: at start, and for a site again when its
// stock changes. The node warms one site at a time, each page drawn to the
// end before the next is asked for: a thousand sites' imports at start
// would otherwise queue thousands of renders ahead of the first buyers
// (docs/behaviour/http.md#warm-pages).
func (s *Server) WarmPages(ctx context.Context, sites ...string) {
	if s.SSR == nil || s.handler == nil {
		return
	}
	for _, site := range s.Sites.Sites() {
		if len(sites) > 0 && !slices.Contains(sites, site.Slug) {
			continue
		}
		s.warming.Lock()
		ssr.Warm(ctx, s.handler, site.Slug+".localhost", "/", site.Search.DefaultPath)
		s.warming.Unlock()
	}
}
