// Package admin is the operators' address (serve --admin-addr): /metrics,
// /readyz, /livez, every site's figures (/admin/sites) and Go's profiler.
// None of it is on the public handler (docs/operations.md).
package admin

import (
	"context"
	"log/slog"
	"net/http"
	"net/http/pprof"
	"time"

	"forecourt/internal/listing"
	"forecourt/internal/metrics"
	"forecourt/internal/store"
	"forecourt/internal/tenant"
)

// Admin holds what the operators' address reads.
type Admin struct {
	Sites   *tenant.Registry
	Store   store.Store
	Listing *listing.Service
	Metrics *metrics.Metrics
	Logger  *slog.Logger
	// Ready says the node has started (httpapi.Server.Ready).
	Ready func() bool
}

// Handler serves the operators' address.
func (s *Admin) Handler() http.Handler {
	if s.Logger == nil {
		s.Logger = slog.New(slog.DiscardHandler)
	}
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", s.Metrics.Handler())
	mux.HandleFunc("GET /livez", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		_, _ = w.Write([]byte("ok\n"))
	})
	mux.HandleFunc("GET /readyz", s.handleReady)
	mux.HandleFunc("GET /admin/sites", s.handleAdminSites)
	// Registered here by hand: importing net/http/pprof also adds them to
	// http.DefaultServeMux, which nothing in Forecourt serves.
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	return mux
}

// readyTimeout bounds the store's ping: a database that does not answer
// within it counts as unreachable.
const readyTimeout = time.Second

// handleReady is /readyz: 200 when this node can serve (started, the
// store answers and every site's search index is built), else 503, so a load balancer sends buyers elsewhere.
func (s *Admin) handleReady(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	// Which site files this node serves, ready or not, so an operator can
	// see that every node has read the same ones.
	w.Header().Set("X-Config-Hash", s.Sites.Hash())
	if !s.Ready() {
		w.WriteHeader(http.StatusServiceUnavailable)
		_, _ = w.Write([]byte("starting\n"))
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), readyTimeout)
	defer cancel()
	if err := s.Store.Ping(ctx); err != nil {
		s.Logger.Warn("not ready: the database does not answer", "err", err)
		w.WriteHeader(http.StatusServiceUnavailable)
		_, _ = w.Write([]byte("database unreachable\n"))
		return
	}
	// Every site's search index is built (the first probe builds those
	// missing), so a node does not take buyers before it can answer them.
	ictx, icancel := context.WithTimeout(r.Context(), indexReadyTimeout)
	defer icancel()
	for _, site := range s.Sites.Sites() {
		if _, err := s.Listing.Stock(ictx, site); err != nil {
			s.Logger.Warn("not ready: a search index is not built", "site", site.Slug, "err", err)
			w.WriteHeader(http.StatusServiceUnavailable)
			_, _ = w.Write([]byte("search index not built\n"))
			return
		}
	}
	_, _ = w.Write([]byte("ok\nconfig " + s.Sites.Hash() + "\n"))
}

// indexReadyTimeout bounds the index builds a readiness probe may wait for.
const indexReadyTimeout = 20 * time.Second
