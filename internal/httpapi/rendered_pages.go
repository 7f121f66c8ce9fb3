package httpapi

import (
	"bytes"
	"context"
	"net/http"
	"slices"
	"strings"
	"time"

	"forecourt/internal/ssr"
	"forecourt/internal/tenant"
)

// PageRenderer draws a page's first screen with the web app's own
// components (ssr.Renderer); nil leaves every page to the browser.
type PageRenderer interface {
	Render(ctx context.Context, url, origin string, site []byte, fetch ssr.Fetch) (ssr.Page, error)
}

// DefaultRenderWait is how long a visitor waits for a page being drawn
// before getting the page the browser draws itself.
const DefaultRenderWait = 1500 * time.Millisecond

// renderPage draws the first screen of the requested page, from the cache
// when it is fresh. ok is false when the page is left to the browser: no
// renderer, a render error or one that takes too long (it still finishes
// and is kept for the next visitor).
func (s *Server) renderPage(r *http.Request, site *tenant.Site, config []byte) (ssr.Page, bool) {
	if s.SSR == nil || r.Method != http.MethodGet {
		return ssr.Page{}, false
	}
	// A page made for one visitor (their garage, sign-in, a checkout) shows
	// what only the browser knows; it is drawn there.
	if pg, ok := site.PageFor(r.URL.Path); ok && pg.Personal() {
		return ssr.Page{}, false
	}
	stock, err := s.stock(r.Context(), site)
	if err != nil {
		return ssr.Page{}, false
	}
	// The markup depends on the site and the URL, not on which of the
	// site's hosts was asked (the head, which names the host, is not kept).
	origin := s.origin(r)
	uri := r.URL.RequestURI()
	if p, ok := s.rendered.Get(site.Slug, uri, stock, s.Now()); ok {
		return p, true
	}
	// The render outlives a visitor who stops waiting, so the next one gets it.
	base := context.WithoutCancel(r.Context())
	ch := s.rendered.Draw(site.Slug, uri, stock, s.Now, func() (ssr.Page, error) {
		p, err := s.SSR.Render(base, uri, origin, config, s.apiFetch(base, r.Host))
		if err != nil {
			s.Logger.Warn("page render", "site", site.Slug, "path", r.URL.Path, "err", err)
		}
		return p, err
	})
	wait := s.RenderWait
	if wait <= 0 {
		wait = DefaultRenderWait
	}
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case res := <-ch:
		if res.Err != nil {
			return ssr.Page{}, false
		}
		return res.Page, true
	case <-t.C:
		return ssr.Page{}, false
	case <-r.Context().Done():
		return ssr.Page{}, false
	}
}

// apiFetch answers the renderer's GETs of the site's public API in-process,
// as an anonymous visitor of the same host: no cookies, so nothing personal
// is drawn into a page that is kept for everyone.
func (s *Server) apiFetch(ctx context.Context, host string) ssr.Fetch {
	return func(path string) ssr.Answer {
		if !strings.HasPrefix(path, "/api/") {
			return ssr.Answer{Status: http.StatusNotFound, Body: `{"code":"not_found","message":"Not found."}`, Type: "application/json"}
		}
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, path, nil)
		if err != nil {
			return ssr.Answer{Status: http.StatusBadRequest, Body: `{"code":"invalid","message":"Bad address."}`, Type: "application/json"}
		}
		req.Host = host
		req.RemoteAddr = "127.0.0.1:0"
		w := &bufferedResponse{header: http.Header{}, status: http.StatusOK}
		s.siteMux.ServeHTTP(w, req)
		return ssr.Answer{Status: w.status, Body: w.body.String(), Type: w.header.Get("Content-Type")}
	}
}

// bufferedResponse keeps an in-process answer.
type bufferedResponse struct {
	header http.Header
	status int
	wrote  bool
	body   bytes.Buffer
}

func (w *bufferedResponse) Header() http.Header { return w.header }
func (w *bufferedResponse) WriteHeader(code int) {
	if !w.wrote {
		w.status, w.wrote = code, true
	}
}
func (w *bufferedResponse) Write(b []byte) (int, error) {
	w.wrote = true
	return w.body.Write(b)
}

// WarmPages draws the pages most visitors land on (each site's home and
// default listing) ahead of them: at start, and for a site again when its
// stock changes.
func (s *Server) WarmPages(ctx context.Context, sites ...string) {
	if s.SSR == nil || s.handler == nil {
		return
	}
	for _, site := range s.Sites.Sites() {
		if len(sites) > 0 && !slices.Contains(sites, site.Slug) {
			continue
		}
		for _, path := range []string{"/", site.Search.DefaultPath} {
			if path == "" || ctx.Err() != nil {
				continue
			}
			req, err := http.NewRequestWithContext(ctx, http.MethodGet, path, nil)
			if err != nil {
				continue
			}
			req.Host = site.Slug + ".localhost"
			req.RemoteAddr = "127.0.0.1:0"
			// The log and the metrics tell these from buyers' requests.
			req.Header.Set("X-Request-Id", "warm-pages")
			s.handler.ServeHTTP(&bufferedResponse{header: http.Header{}, status: http.StatusOK}, req)
		}
	}
}
