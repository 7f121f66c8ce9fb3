// Package httpapi is Forecourt's HTTP face: it resolves the site from the
// Host header, answers the JSON API, serves images and serves the React app
// with each page's own head. Handlers only translate between HTTP and the
// domain packages.
package httpapi

import (
	"context"
	"errors"
	"io/fs"
	"log/slog"
	"net/http"
	"net/netip"
	"sync"
	"sync/atomic"
	"time"

	"forecourt/internal/accounts"
	"forecourt/internal/leads"
	"forecourt/internal/listing"
	"forecourt/internal/metrics"
	"forecourt/internal/ratelimit"
	"forecourt/internal/sitepages"
	"forecourt/internal/ssr"
	"forecourt/internal/store"
	"forecourt/internal/tenant"
	"forecourt/internal/theme"
)

// Server holds what the handlers need; main wires it.
type Server struct {
	Sites  *tenant.Registry
	Store  store.Store
	Media  MediaService      // serves /img/... and the demo video
	Web    fs.FS             // the built React app (index.html, assets/)
	Pages  []sitepages.Route // the React app's page routes (routes.json)
	Logger *slog.Logger
	Now    func() time.Time
	// Leads validates and stores leads.
	Leads       *leads.Service
	LeadLimiter leads.Limiter
	// Accounts signs buyers in; with no code sender, sign-in answers 503.
	Accounts *accounts.Service
	// TrustedProxies are the reverse proxies in front of the server: from
	// them, X-Forwarded-For names the visitor (httpmw.ParseTrustedProxies).
	TrustedProxies []netip.Prefix
	// SSR draws pages' first screens on the server; nil leaves them to the
	// browser.
	SSR PageRenderer
	// SSRUnavailable says pages were meant to be drawn on the server but
	// no renderer could be started (no node, or no server build): each
	// page left to the browser counts as a fallback.
	SSRUnavailable bool
	// RenderWait is how long a visitor waits for a page being drawn before
	// getting the page the browser draws itself; 0 is DefaultRenderWait.
	RenderWait time.Duration
	// PageCacheBytes bounds the drawn pages kept for the next visitor; 0 is
	// ssr.DefaultCacheBytes (docs/behaviour/http.md#page-cache).
	PageCacheBytes int64
	// Metrics are served on the admin address (AdminHandler).
	Metrics *metrics.Metrics
	// Listing keeps every site's search index and answers. Its stock
	// changes must reach PagesChanged (main wires it).
	Listing *listing.Service

	ready    atomic.Bool
	pages    *http.ServeMux
	views    map[string]string // the view of each of pages' patterns
	shell    *sitepages.Shell
	siteMux  http.Handler
	handler  http.Handler
	styles   theme.PageStyles // the styles each page carries, per site
	built    builtFiles       // the app's build files, kept as served
	warming  sync.Mutex       // one site's pages warmed at a time (WarmPages)
	rendered ssr.Cache        // drawn pages, by site and URL, per stock index

	// sheetLimiter bounds the printable sheets one address asks for.
	sheetLimiter ratelimit.Memory
}

// MediaService serves the sites' pictures and draws the printable sheet's
// (media.Handler).
type MediaService interface {
	http.Handler
	JPEG(path string, width, quality int) ([]byte, bool)
}

// MarkReady makes /healthz answer 200.
func (s *Server) MarkReady() { s.ready.Store(true) }

// Handler builds the whole HTTP surface. routes.go lists every route.
func (s *Server) Handler() (http.Handler, error) {
	if s.Logger == nil {
		s.Logger = slog.New(slog.DiscardHandler)
	}
	if s.Now == nil {
		s.Now = time.Now
	}
	switch {
	case s.Listing == nil:
		return nil, errors.New("httpapi: the server has no listing service")
	case s.Metrics == nil:
		return nil, errors.New("httpapi: the server has no metrics")
	case s.Accounts == nil:
		return nil, errors.New("httpapi: the server has no accounts service")
	case s.Leads == nil:
		return nil, errors.New("httpapi: the server has no lead service")
	}
	shell, err := sitepages.LoadShell(s.Web)
	if err != nil {
		return nil, err
	}
	s.shell = shell
	s.rendered.MaxBytes = s.PageCacheBytes
	s.styles.App = shell.CSS()
	s.pages = http.NewServeMux()
	s.views = make(map[string]string, len(s.Pages))
	noop := http.HandlerFunc(func(http.ResponseWriter, *http.Request) {})
	for _, p := range s.Pages {
		s.pages.Handle("GET "+p.Pattern, noop)
		s.views["GET "+p.Pattern] = p.View
	}
	s.handler = s.routes()
	return s.handler, nil
}

// isPage reports whether path is one of the app's core page URLs, which
// every site offers; the site's configured pages are matched by headFor.
func (s *Server) isPage(r *http.Request) bool {
	_, pattern := s.pages.Handler(r)
	return pattern != ""
}

// pageView names the view a core page URL draws; "" for any other.
func (s *Server) pageView(r *http.Request) string {
	_, pattern := s.pages.Handler(r)
	return s.views[pattern]
}

// pageConfig returns the config a page of the site carries
// (listing.Service.PageConfig).
func (s *Server) pageConfig(ctx context.Context, site *tenant.Site) ([]byte, error) {
	return s.Listing.PageConfig(ctx, site)
}

// ForgetSite drops cached public data of a site after its locations or
// dealerships change.
func (s *Server) ForgetSite(slug string) { s.Listing.ForgetSite(slug) }
