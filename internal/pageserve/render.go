package pageserve

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"time"

	"forecourt/internal/httpmw"
	"forecourt/internal/metrics"
	"forecourt/internal/ssr"
	"forecourt/internal/tenant"
)

// DefaultRenderWait is how long a visitor waits for a page being drawn
// before getting the page the browser draws itself.
const DefaultRenderWait = 1500 * time.Millisecond

// rendered is a page's first screen as drawn on the server; drawn is false
// when the page is left to the browser.
type rendered struct {
	ssr.Page
	drawn bool
}

// renderPage draws the first screen of the requested page, from the cache
// when it is fresh. It is left to the browser (drawn false) with no
// renderer, on a render error, or when the render takes too long (it still
// finishes and is kept for the next visitor). kind labels the metrics.
func (s *Server) renderPage(r *http.Request, site *tenant.Site, config []byte, kind string) rendered {
	if (s.SSR == nil && !s.SSRUnavailable) || r.Method != http.MethodGet {
		return rendered{}
	}
	m := s.Metrics
	if s.SSR == nil {
		m.RenderFallback(site.Slug, kind, metrics.FallbackUnavailable)
		return rendered{}
	}
	stock, err := s.Listing.Stock(r.Context(), site)
	if err != nil {
		m.RenderFallback(site.Slug, kind, metrics.FallbackError)
		return rendered{}
	}
	// The markup depends on the site and the URL, not on which of the
	// site's hosts was asked (the head, which names the host, is not kept).
	uri := r.URL.RequestURI()
	if p, ok := s.rendered.Get(site.Slug, uri, stock, s.Now()); ok {
		return rendered{p, true}
	}
	// The render outlives a visitor who stops waiting, so the next one gets it.
	base := context.WithoutCancel(r.Context())
	req := ssr.Request{URL: uri, Origin: s.Proxies.Origin(r), Site: config, Host: r.Host}
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
			return rendered{}
		}
		return rendered{res.Page, true}
	case <-timeout:
		m.RenderFallback(site.Slug, kind, metrics.FallbackTimeout)
		return rendered{}
	case <-r.Context().Done():
		return rendered{}
	}
}

// Warm draws the pages most visitors land on (each site's home and default
// listing) ahead of them, through h (the whole public handler): at start,
// and for a site again when its stock changes. The node warms one site at
// a time, each page drawn to the end before the next is asked for: a
// thousand sites' imports at start would otherwise queue thousands of
// renders ahead of the first buyers (docs/behaviour/http.md#warm-pages).
func (s *Server) Warm(ctx context.Context, h http.Handler, sites []*tenant.Site, only ...string) {
	if s.SSR == nil || h == nil {
		return
	}
	for _, site := range sites {
		if len(only) > 0 && !slices.Contains(only, site.Slug) {
			continue
		}
		s.warming.Lock()
		ssr.Warm(ctx, h, site.Slug+".localhost", "/", site.Search.DefaultPath)
		s.warming.Unlock()
	}
}
