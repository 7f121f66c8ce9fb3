// Package metrics is what the operators' /metrics shows: the HTTP
// requests, the search index and its kept answers, leads and their
// deliveries, and the pages drawn on the server.
package metrics

import (
	"net/http"
	"runtime/debug"
	"strconv"
	"time"

	"forecourt/internal/ssr"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Metrics are what the operators' /metrics shows. Each Server has its own
// registry (never Prometheus' global one), so tests do not share counts.
type Metrics struct {
	Registry *prometheus.Registry

	requests      *prometheus.CounterVec
	duration      *prometheus.HistogramVec
	leadsAccepted *prometheus.CounterVec
	indexBuilds   *prometheus.CounterVec
	indexBuild    *prometheus.HistogramVec
	search        *prometheus.HistogramVec
	cacheHits     *prometheus.CounterVec
	cacheMisses   *prometheus.CounterVec
	deliveries    *prometheus.CounterVec

	renderDuration  *prometheus.HistogramVec
	renderFallbacks *prometheus.CounterVec

	config configMetrics
}

// New makes the metrics in a fresh registry, with the Go runtime's
// and the process's own metrics (forecourt_go_*, forecourt_process_*) and
// forecourt_build_info beside them.
func New() *Metrics {
	reg := prometheus.NewRegistry()
	m := &Metrics{
		Registry: reg,
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "forecourt_http_requests_total",
			Help: "HTTP requests answered, by route pattern, site and status code.",
		}, []string{"route", "site", "code"}),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "forecourt_http_request_duration_seconds",
			Help:    "Time to answer an HTTP request, by route pattern and site.",
			Buckets: prometheus.DefBuckets,
		}, []string{"route", "site"}),
		leadsAccepted: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "forecourt_leads_accepted_total",
			Help: "Leads answered 201 (stored), by site; a replay with the same Idempotency-Key counts again.",
		}, []string{"site"}),
		indexBuilds: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "forecourt_search_index_builds_total",
			Help: "Search index builds from the store, by site.",
		}, []string{"site"}),
		indexBuild: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "forecourt_search_index_build_duration_seconds",
			Help:    "Time to read a site's stock from the store and build its search index.",
			Buckets: []float64{.01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10},
		}, []string{"site"}),
		search: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "forecourt_search_duration_seconds",
			Help:    "Time to answer a search from the index, by site and whether the answer was kept from an earlier one (cached).",
			Buckets: []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1},
		}, []string{"site", "cached"}),
		cacheHits: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "forecourt_search_cache_hits_total",
			Help: "Search answers given from the node's kept answers, by site.",
		}, []string{"site"}),
		cacheMisses: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "forecourt_search_cache_misses_total",
			Help: "Search answers drawn from the index because none was kept, by site.",
		}, []string{"site"}),
		deliveries: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "forecourt_lead_deliveries_total",
			Help: "Lead delivery attempts by site, destination and outcome (delivered, retried, dead_lettered).",
		}, []string{"site", "destination", "outcome"}),
		renderDuration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "forecourt_render_duration_seconds",
			Help:    "Time to draw a page on the server, by site and page type (home, results, vehicle, other); renders that completed.",
			Buckets: []float64{.025, .05, .1, .25, .5, 1, 1.5, 2.5, 5, 10},
		}, []string{"site", "page"}),
		renderFallbacks: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "forecourt_render_fallbacks_total",
			Help: "Pages meant to arrive drawn that were left to the browser, by site, page type and reason (timeout: the render wait was over; error: the render failed; unavailable: no renderer could start).",
		}, []string{"site", "page", "reason"}),
	}
	goVersion, version := buildVersions()
	info := prometheus.NewGauge(prometheus.GaugeOpts{
		Name:        "forecourt_build_info",
		Help:        "Always 1; the labels say which build is running.",
		ConstLabels: prometheus.Labels{"goversion": goVersion, "version": version},
	})
	info.Set(1)
	reg.MustRegister(m.requests, m.duration, m.leadsAccepted, m.indexBuilds, m.indexBuild, m.search, m.cacheHits, m.cacheMisses, m.deliveries,
		m.renderDuration, m.renderFallbacks, info)
	m.config = newConfigMetrics(reg)
	// Every name starts forecourt_ (docs/behaviour/http.md), the runtime's too.
	prometheus.WrapRegistererWithPrefix("forecourt_", reg).MustRegister(
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

func buildVersions() (goVersion, version string) {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown", "unknown"
	}
	version = bi.Main.Version
	if version == "" {
		version = "unknown"
	}
	return bi.GoVersion, version
}

// LeadDelivery counts one delivery attempt's outcome; the lead dispatcher
// calls it.
func (m *Metrics) LeadDelivery(site, destination, outcome string) {
	m.deliveries.WithLabelValues(site, destination, outcome).Inc()
}

// RenderFallback counts a page left to the browser for reason (one of
// the Fallback reasons).
func (m *Metrics) RenderFallback(site, page, reason string) {
	m.renderFallbacks.WithLabelValues(site, page, reason).Inc()
}

// RenderWorkers are the render workers a process supervises (ssr.Pool).
type RenderWorkers interface {
	Live() int
	Restarts(reason string) uint64
}

// WatchRenderWorkers shows the render workers: how many are live
// (forecourt_render_workers) and how many were replaced, by reason
// (forecourt_render_worker_restarts_total: exit, timeout). Call it once.
func (m *Metrics) WatchRenderWorkers(w RenderWorkers) {
	m.Registry.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{
		Name: "forecourt_render_workers",
		Help: "Render workers live now.",
	}, func() float64 { return float64(w.Live()) }))
	for _, reason := range []string{ssr.RestartExit, ssr.RestartTimeout} {
		m.Registry.MustRegister(prometheus.NewCounterFunc(prometheus.CounterOpts{
			Name:        "forecourt_render_worker_restarts_total",
			Help:        "Render workers replaced, by reason (exit: it exited or was killed; timeout: a render on it took too long).",
			ConstLabels: prometheus.Labels{"reason": reason},
		}, func() float64 { return float64(w.Restarts(reason)) }))
	}
}

// ObserveRequest counts one answered request (httpmw.Observer).
func (m *Metrics) ObserveRequest(route, site string, status int, took time.Duration) {
	if route == "" {
		route = "none"
	}
	m.requests.WithLabelValues(route, site, strconv.Itoa(status)).Inc()
	m.duration.WithLabelValues(route, site).Observe(took.Seconds())
}

// Handler serves the metrics in Prometheus' text format.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.Registry, promhttp.HandlerOpts{})
}

// LeadAccepted counts a lead answered 201.
func (m *Metrics) LeadAccepted(site string) { m.leadsAccepted.WithLabelValues(site).Inc() }

// IndexBuilt counts a site's search index built from the store in took
// (listing.Service.Built).
func (m *Metrics) IndexBuilt(site string, took time.Duration) {
	m.indexBuilds.WithLabelValues(site).Inc()
	m.indexBuild.WithLabelValues(site).Observe(took.Seconds())
}

// Searched counts a search answered in took, kept from an earlier answer
// or not (listing.Service.Searched).
func (m *Metrics) Searched(site string, took time.Duration, kept bool) {
	m.search.WithLabelValues(site, strconv.FormatBool(kept)).Observe(took.Seconds())
	if kept {
		m.cacheHits.WithLabelValues(site).Inc()
	} else {
		m.cacheMisses.WithLabelValues(site).Inc()
	}
}

// RenderDrawn counts a page of the kind page drawn on the server in took.
func (m *Metrics) RenderDrawn(site, page string, took time.Duration) {
	m.renderDuration.WithLabelValues(site, page).Observe(took.Seconds())
}

// Why a page meant to arrive drawn was left to the browser
// (forecourt_render_fallbacks_total).
const (
	FallbackTimeout     = "timeout"     // the visitor's wait was over first
	FallbackError       = "error"       // the render failed
	FallbackUnavailable = "unavailable" // no renderer could be started
)
