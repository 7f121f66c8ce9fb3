// Package httpapi is Forecourt's HTTP face: it resolves the site from the
// Host header, answers the JSON API and serves images, and hands every
// other URL to the site's pages (package pageserve). Handlers only
// translate between HTTP and the domain packages.
package httpapi

import (
	"errors"
	"io/fs"
	"log/slog"
	"net/http"
	"net/netip"
	"sync/atomic"
	"time"

	"forecourt/internal/accountapi"
	"forecourt/internal/accounts"
	"forecourt/internal/httpjson"
	"forecourt/internal/httpmw"
	"forecourt/internal/leads"
	"forecourt/internal/listing"
	"forecourt/internal/metrics"
	"forecourt/internal/pageserve"
	"forecourt/internal/ratelimit"
	"forecourt/internal/sitepages"
	"forecourt/internal/store"
	"forecourt/internal/tenant"
)

// Server holds what the handlers need; main wires it.
type Server struct {
	Sites  *tenant.Registry
	Store  store.Store
	Media  MediaService      // serves /img/... and the demo video
	Web    fs.FS             // the built React app (index.html, assets/)
	Pages  []sitepages.Route // the React app's route table (routes.json)
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
	SSR pageserve.Renderer
	// SSRUnavailable says pages were meant to be drawn on the server but
	// no renderer could be started (no node, or no server build): each
	// page left to the browser counts as a fallback.
	SSRUnavailable bool
	// RenderWait is how long a visitor waits for a page being drawn before
	// getting the page the browser draws itself; 0 is
	// pageserve.DefaultRenderWait.
	RenderWait time.Duration
	// PageCacheBytes bounds the drawn pages kept for the next visitor; 0 is
	// ssr.DefaultCacheBytes (docs/behaviour/http.md#page-cache).
	PageCacheBytes int64
	// Metrics count what the server does; the operators read them on the
	// admin address (package admin).
	Metrics *metrics.Metrics
	// Listing keeps every site's search index and answers. Its stock
	// changes must reach PagesChanged (main wires it).
	Listing *listing.Service

	ready    atomic.Bool
	errs     *httpjson.Errors
	accounts *accountapi.API
	pages    *pageserve.Server
	siteMux  http.Handler
	handler  http.Handler

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

// Ready reports whether MarkReady was called.
func (s *Server) Ready() bool { return s.ready.Load() }

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
	s.errs = &httpjson.Errors{Logger: s.Logger, Store: s.Store}
	s.accounts = &accountapi.API{Accounts: s.Accounts, Store: s.Store, Listing: s.Listing, Errors: s.errs,
		Proxies: httpmw.Proxies(s.TrustedProxies), Now: s.Now, Logger: s.Logger}
	routes, err := sitepages.NewRoutes(s.Pages)
	if err != nil {
		return nil, err
	}
	s.pages = &pageserve.Server{Web: s.Web, Routes: routes, Listing: s.Listing, Metrics: s.Metrics, Logger: s.Logger, Now: s.Now,
		Proxies: httpmw.Proxies(s.TrustedProxies), Fail: s.writeError,
		SSR: s.SSR, SSRUnavailable: s.SSRUnavailable, RenderWait: s.RenderWait, CacheBytes: s.PageCacheBytes}
	if err := s.pages.Init(); err != nil {
		return nil, err
	}
	s.handler = s.routes()
	return s.handler, nil
}

// writeError answers err in the API's one error shape (httpjson.Errors).
func (s *Server) writeError(w http.ResponseWriter, r *http.Request, err error) {
	s.errs.Write(w, r, err)
}

// writeJSON answers v as JSON (httpjson.Write).
var writeJSON = httpjson.Write
