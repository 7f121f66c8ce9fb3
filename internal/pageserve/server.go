// Package pageserve serves a site's pages: the React app's shell with each
// page's own head (title, canonical, preloads, structured data), its first
// screen drawn on the server and kept for the next visitor, the app's
// build files, the site's style sheet, robots.txt and the sitemap. Which
// URLs are pages, and what each draws, is the app's route table
// (sitepages.Routes); the JSON API is package httpapi's.
package pageserve

import (
	"context"
	"errors"
	"io/fs"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"forecourt/internal/httpmw"
	"forecourt/internal/listing"
	"forecourt/internal/metrics"
	"forecourt/internal/sitepages"
	"forecourt/internal/ssr"
	"forecourt/internal/tenant"
	"forecourt/internal/theme"
)

// Server serves the pages of every site; the request's site is in its
// context (tenant.WithSite).
type Server struct {
	Web     fs.FS             // the built React app (index.html, assets/)
	Routes  *sitepages.Routes // the app's route table (routes.json)
	Listing *listing.Service
	Metrics *metrics.Metrics
	Logger  *slog.Logger
	Now     func() time.Time
	// Proxies are the trusted reverse proxies, whose X-Forwarded-* headers
	// name the origin a visitor asked for.
	Proxies httpmw.Proxies
	// Fail answers a request the page cannot be made for (the site's
	// config unreadable) in the API's error shape.
	Fail func(http.ResponseWriter, *http.Request, error)
	// SSR draws pages' first screens; nil leaves them to the browser.
	SSR Renderer
	// SSRUnavailable says pages were meant to be drawn on the server but
	// no renderer could be started: each page left to the browser counts
	// as a fallback.
	SSRUnavailable bool
	// RenderWait is how long a visitor waits for a page being drawn before
	// getting the page the browser draws itself; 0 is DefaultRenderWait.
	RenderWait time.Duration
	// CacheBytes bounds the drawn pages kept for the next visitor; 0 is
	// ssr.DefaultCacheBytes (docs/behaviour/http.md#page-cache).
	CacheBytes int64

	shell    *sitepages.Shell
	styles   theme.PageStyles // the styles each page carries, per site
	built    builtFiles       // the app's build files, kept as served
	warming  sync.Mutex       // one site's pages warmed at a time (Warm)
	rendered ssr.Cache        // drawn pages, by site and URL, per stock index
}

// Renderer draws a page's first screen with the web app's own components
// (ssr.Pool, or ssr.Remote for a render tier).
type Renderer interface {
	Render(ctx context.Context, req ssr.Request) (ssr.Page, error)
}

// Init reads the app's shell; it must be called before the first request.
func (s *Server) Init() error {
	switch {
	case s.Web == nil || s.Routes == nil || s.Listing == nil || s.Metrics == nil || s.Fail == nil:
		return errors.New("pageserve: the page server needs the app, its routes, the listing, metrics and an error answer")
	}
	if s.Logger == nil {
		s.Logger = slog.New(slog.DiscardHandler)
	}
	if s.Now == nil {
		s.Now = time.Now
	}
	shell, err := sitepages.LoadShell(s.Web)
	if err != nil {
		return err
	}
	s.shell = shell
	s.rendered.MaxBytes = s.CacheBytes
	s.styles.App = shell.CSS()
	return nil
}

// Forget drops a site's drawn pages ("" drops every site's).
func (s *Server) Forget(site string) { s.rendered.Forget(site) }

func site(r *http.Request) *tenant.Site { return tenant.SiteFrom(r.Context()) }
