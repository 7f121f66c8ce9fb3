package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"

	"forecourt/internal/accounts"
	"forecourt/internal/admin"
	"forecourt/internal/alerts"
	"forecourt/internal/catalog"
	"forecourt/internal/demo"
	"forecourt/internal/httpapi"
	"forecourt/internal/httpmw"
	"forecourt/internal/leads"
	"forecourt/internal/listing"
	"forecourt/internal/media"
	"forecourt/internal/metrics"
	"forecourt/internal/photos"
	"forecourt/internal/ratelimit"
	"forecourt/internal/sitepages"
	"forecourt/internal/ssr"
	"forecourt/internal/stockfeed"
	"forecourt/internal/store"
	"forecourt/internal/tenant"
	"forecourt/web"
)

func runServe(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	fset := newFlags("serve", stderr)
	addr := fset.String("addr", "127.0.0.1:8080", "address to listen on, HOST:PORT")
	adminAddr := fset.String("admin-addr", "", "operators' address, HOST:PORT, serving /metrics, /readyz, /livez and /debug/pprof/ (default: none); keep it off the internet")
	dataDir := fset.String("data", "data", "directory for the SQLite database and image cache")
	tenantsDir := fset.String("tenants", "", "directory of site configs (default: the built-in demo sites); read again on SIGHUP and when a file in it changes")
	demoStock := fset.Bool("demo", false, "load the demo sites' generated stock into an empty database (on by default without --tenants)")
	retryBase := fset.Duration("lead-retry-base", 5*time.Second, "first wait before a failed lead delivery is retried; doubles per attempt")
	retryMax := fset.Duration("lead-retry-max", time.Hour, "longest wait between lead delivery retries")
	trust := fset.String("trusted-proxies", "", "comma-separated addresses or CIDR prefixes of reverse proxies whose X-Forwarded-For names the visitor (for lead rate limits)")
	otpLog := fset.Bool("otp-log", false, "development only: write each sign-in code to the log (phone masked) instead of sending it")
	ssrOn := fset.Bool("ssr", true, "draw each page's first screen on the server (false: pages are drawn in the browser only)")
	renderWorkers := fset.Int("render-workers", runtime.NumCPU(), "Node render workers to start and supervise for drawing pages (needs node on PATH)")
	renderURL := fset.String("render-url", "", "draw pages on a render tier (forecourt render) at this base URL instead of starting workers")
	renderAPIURL := fset.String("render-api-url", "", "with --render-url: the base URL the render tier fetches the sites' API from (default: each page's own origin)")
	imageCacheMB := fset.Int64("image-cache-mb", envInt64(getenv, "FORECOURT_IMAGE_CACHE_MB", media.DefaultDiskBytes>>20), "most megabytes of drawn images kept on disk under --data; past it the least recently used are removed (0: no disk cache); also FORECOURT_IMAGE_CACHE_MB")
	pageCacheMB := fset.Int64("page-cache-mb", ssr.DefaultCacheBytes>>20, "memory for kept drawn pages, in MB, shared by every site of the node; past it the least recently used are dropped")
	searchCacheMB := fset.Int("search-cache-mb", listing.DefaultAnswerBudget>>20, "memory for kept search answers, in MB, shared by every site of the node")
	smsURL := fset.String("sms-gateway-url", getenv("FORECOURT_SMS_GATEWAY_URL"), "HTTP SMS gateway that sends sign-in codes and alerts (POST {to, message}); its token is FORECOURT_SMS_GATEWAY_TOKEN")
	photoAllow := fset.String("photo-allow-hosts", getenv("FORECOURT_PHOTO_ALLOW_HOSTS"), "comma-separated addresses or CIDR prefixes that feed photos may be fetched from although private, loopback or link-local (local tests, a dealer's private host); also FORECOURT_PHOTO_ALLOW_HOSTS")
	alertsQuiet := fset.Bool("alerts-quiet-hours", true, "hold buyers' SMS alerts from 9 pm to 8 am in each site's time zone (false: send at any hour, for demos and tests; off by default with --otp-log, where nothing reaches a phone)")
	if err := fset.Parse(args); err != nil {
		return err
	}
	// With --otp-log no text reaches a phone, so a developer (or a check)
	// sees each alert at once, at any hour, unless they ask for quiet hours.
	if *otpLog && !flagSet(fset, "alerts-quiet-hours") {
		*alertsQuiet = false
	}
	if *searchCacheMB < 1 {
		return fmt.Errorf("--search-cache-mb: %d is below 1", *searchCacheMB)
	}
	if *pageCacheMB < 1 {
		return fmt.Errorf("--page-cache-mb: %d is below 1", *pageCacheMB)
	}
	if *imageCacheMB < 0 {
		return fmt.Errorf("--image-cache-mb: %d is negative", *imageCacheMB)
	}
	allowPhotos, err := photos.ParseAllow(*photoAllow)
	if err != nil {
		return fmt.Errorf("--photo-allow-hosts: %w", err)
	}
	proxies, err := httpmw.ParseTrustedProxies(*trust)
	if err != nil {
		return fmt.Errorf("--trusted-proxies: %w", err)
	}
	logger := slog.New(slog.NewJSONHandler(stderr, &slog.HandlerOptions{Level: slog.LevelInfo}))
	start := time.Now()

	// The directory as it was before it was read: a file added while
	// serve starts is a change the watcher reads, never one it misses.
	filesSeen := ""
	if *tenantsDir != "" {
		filesSeen = (&siteFiles{dir: *tenantsDir}).fingerprint()
	}
	sites, err := loadSites(*tenantsDir)
	if err != nil {
		return err
	}
	st, storeName, err := openStore(ctx, *dataDir, getenv)
	if err != nil {
		return err
	}
	defer st.Close()

	// The built-in sites are the demo; a deployment's own site files get
	// demo stock only when asked, and then only for its demo sites.
	if *tenantsDir == "" && !flagSet(fset, "demo") {
		*demoStock = true
	}
	if *demoStock {
		empty, err := st.Empty(ctx)
		if err != nil {
			return err
		}
		if empty {
			if err := demo.LoadFor(ctx, st, sites, time.Now()); err != nil {
				return fmt.Errorf("load demo data: %w", err)
			}
			logger.Info("demo data loaded", "store", storeName)
		}
	}
	// Every site's dealerships and locations are those its file declares.
	syncPlaces(ctx, st, sites.Sites(), logger)

	dist, err := fs.Sub(web.Dist, "dist")
	if err != nil {
		return err
	}
	var pages []sitepages.Route
	if err := json.Unmarshal(web.Routes, &pages); err != nil {
		return fmt.Errorf("read the app's routes: %w", err)
	}
	meters := metrics.New()
	if pg, ok := st.(interface{ PoolStat() *pgxpool.Stat }); ok {
		registerPoolMetrics(meters.Registry, pg.PoolStat)
	}
	// Leads are delivered by a worker beside the web server; a lead is
	// committed before it is answered, so delivery never holds up a buyer.
	sender := codeSender(*otpLog, *smsURL, getenv, logger)
	dispatcher := &leads.Dispatcher{Store: st, Sites: sites, Getenv: getenv, Logger: logger,
		BaseDelay: *retryBase, MaxDelay: *retryMax, Outcome: meters.LeadDelivery}
	lastGood := store.LastGood(st)
	listings := listing.New(lastGood, sites)
	listings.Logger, listings.Built, listings.Searched = logger, meters.IndexBuilt, meters.Searched
	listings.AnswerBudget = *searchCacheMB << 20
	images := media.NewLimited(filepath.Join(*dataDir, "img-cache"), 128<<20, *imageCacheMB<<20)
	srv := &httpapi.Server{
		Sites:   sites,
		Store:   lastGood,
		Media:   images,
		Web:     dist,
		Pages:   pages,
		Logger:  logger,
		Metrics: meters,
		Leads:   &leads.Service{Store: st, Getenv: getenv, Stored: dispatcher.Wake},
		Listing: listings,

		TrustedProxies: proxies,
		Accounts:       &accounts.Service{Store: st, Sender: sender, Logger: logger},
		PageCacheBytes: *pageCacheMB << 20,
	}
	// Dealers' photos: fetched once in the background, kept by content
	// hash (a directory under --data, or a bucket several nodes share) and
	// drawn by /img/ like every other picture.
	blobs, blobsName, err := photos.BlobsFromEnv(ctx, getenv, *dataDir)
	if err != nil {
		return fmt.Errorf("photo storage: %w", err)
	}
	images.Originals = func(ctx context.Context, key string) ([]byte, error) {
		b, err := blobs.Get(ctx, key)
		if errors.Is(err, photos.ErrNoBlob) {
			return nil, media.ErrNoPhoto
		}
		return b, err
	}
	listings.Photos = photos.Rewriter{Store: lastGood}
	node := nodeName()
	ingest := &photos.Ingest{Store: st, Blobs: blobs, Fetcher: &photos.Fetcher{Allow: allowPhotos}, Node: node,
		// A fetched photo may be a location's picture, which the site's
		// public config names, as well as a car's.
		Logger: logger, Changed: func(slug string) { listings.ForgetSite(slug); listings.StockChanged(slug) },
		// The indexes are built after the start: a photo another node
		// fetched since may be missing from them.
		Since: start,
		Allow: func(slug string) []netip.Prefix {
			if site, ok := sites.BySlug(slug); ok {
				return site.Feed.PhotoAllow()
			}
			return nil
		},
		Shown: func(ctx context.Context, slug string) ([]catalog.Car, error) {
			site, ok := sites.BySlug(slug)
			if !ok {
				return nil, fmt.Errorf("no site %q", slug)
			}
			return listings.ShownCars(ctx, site)
		}}
	// Every stock change also drops the site's drawn pages and draws them anew.
	listings.OnStockChanged(srv.PagesChanged)
	// On PostgreSQL the lead and sign-in limits are counted in the shared
	// database, so a visitor is one visitor whichever node answers; on
	// SQLite (one node) they are counted in this process.
	if b, ok := st.(ratelimit.Buckets); ok {
		srv.LeadLimiter.Buckets = b
		srv.Accounts.Buckets = b
	}
	if *ssrOn {
		stopRenderer := pageRenderer(srv, renderSetup{workers: *renderWorkers, url: *renderURL, apiURL: *renderAPIURL}, logger)
		defer stopRenderer()
	}
	dispatchCtx, stopDispatch := context.WithCancel(context.WithoutCancel(ctx))
	dispatchDone := make(chan struct{})
	go func() { dispatcher.Run(dispatchCtx); close(dispatchDone) }()
	defer func() { stopDispatch(); <-dispatchDone }()
	handler, err := srv.Handler()
	if err != nil {
		return err
	}
	// Every node drops a site's search index when any node (or an import
	// beside the server) saves its cars.
	watching := make(chan struct{})
	if w, ok := st.(interface {
		WatchStock(ctx context.Context, changed func(string), watching func()) error
	}); ok {
		// It ends before the store closes (defers run last first), so a
		// serve that fails to bind its address exits without a watcher
		// still reconnecting to a closed store.
		watchCtx, stopWatch := context.WithCancel(ctx)
		watchDone := make(chan struct{})
		go func() {
			_ = w.WatchStock(watchCtx, listings.StockChanged, func() { close(watching) })
			close(watchDone)
		}()
		defer func() { stopWatch(); <-watchDone }()
	} else {
		close(watching)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	httpServer := &http.Server{
		Handler:           handler,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       120 * time.Second,
		ErrorLog:          slog.NewLogLogger(logger.Handler(), slog.LevelWarn),
	}
	ops := &admin.Admin{Sites: sites, Store: lastGood, Listing: listings, Metrics: meters, Logger: logger, Ready: srv.Ready}
	var adminServer *http.Server
	if *adminAddr != "" {
		aln, err := net.Listen("tcp", *adminAddr)
		if err != nil {
			return fmt.Errorf("--admin-addr: %w", err)
		}
		// No write timeout: a CPU profile takes as long as it is asked to.
		adminServer = &http.Server{
			Handler:           ops.Handler(),
			ReadHeaderTimeout: 10 * time.Second,
			ErrorLog:          slog.NewLogLogger(logger.Handler(), slog.LevelWarn),
		}
		go func() { _ = adminServer.Serve(aln) }()
		defer adminServer.Close()
		logger.Info("admin address", "addr", aln.Addr().String())
	}
	// Every site's index is built before the first buyer comes (at most
	// 30 s: a database that does not answer leaves it to the first request).
	// It is built once the watch is in place, so that cars another node
	// saves while this one starts are either in the index or heard of.
	prepCtx, cancelPrep := context.WithTimeout(ctx, 30*time.Second)
	select {
	case <-watching:
	case <-prepCtx.Done():
	}
	listings.PrepareAll(prepCtx)
	cancelPrep()
	stopAlerts := startAlerts(ctx, sites, listings, st, sender, *alertsQuiet, logger)
	defer stopAlerts()
	meters.ConfigInUse(sites.Hash())
	meters.WatchSites(ops.SiteFigures)
	if *tenantsDir != "" {
		files := &siteFiles{dir: *tenantsDir, seen: filesSeen, sites: sites, store: st, logger: logger,
			changed: func(slug string) { listings.ForgetSite(slug); listings.StockChanged(slug); srv.PagesChanged(slug) },
			loaded:  meters.ConfigReloaded}
		filesCtx, stopFiles := context.WithCancel(ctx)
		filesDone := make(chan struct{})
		go func() { files.run(filesCtx); close(filesDone) }()
		defer func() { stopFiles(); <-filesDone }()
	} else {
		// The built-in sites are part of the binary: there is nothing to
		// read again, and a SIGHUP must not stop the server.
		signal.Ignore(syscall.SIGHUP)
	}
	// Each site's feed is pulled on its schedule; on PostgreSQL a lease
	// in the database lets one node pull it.
	puller := &stockfeed.Puller{Store: st, Sites: sites, Node: node, Client: &http.Client{}, Getenv: getenv,
		Logger: logger, Imported: func(slug string) { listings.StockChanged(slug); ingest.Wake() }}
	pullCtx, stopPull := context.WithCancel(ctx)
	pullDone := make(chan struct{})
	go func() { puller.Run(pullCtx); close(pullDone) }()
	defer func() { stopPull(); <-pullDone }()
	ingestDone := make(chan struct{})
	go func() {
		ingest.Run(pullCtx, func() []string {
			var slugs []string
			for _, s := range sites.Sites() {
				slugs = append(slugs, s.Slug)
			}
			return slugs
		})
		close(ingestDone)
	}()
	defer func() { stopPull(); <-ingestDone }()
	logger.Info("photo storage", "blobs", blobsName)
	srv.MarkReady()
	// The pages most visitors land on are drawn before they come.
	go srv.WarmPages(ctx)
	logger.Info("ready", "addr", ln.Addr().String(), "store", storeName, "sites", len(sites.Sites()), "startup", time.Since(start).String())

	port := ln.Addr().(*net.TCPAddr).Port
	fmt.Fprintf(stdout, "Forecourt is serving %d sites (%s):\n", len(sites.Sites()), storeName)
	for _, s := range sites.Sites() {
		fmt.Fprintf(stdout, "  %-24s http://%s.localhost:%d\n", s.Name, s.Slug, port)
	}

	errc := make(chan error, 1)
	go func() { errc <- httpServer.Serve(ln) }()
	media.WarmEncoder()
	select {
	case err := <-errc:
		if errors.Is(err, http.ErrServerClosed) {
			return nil
		}
		return err
	case <-ctx.Done():
	}
	logger.Info("shutting down")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	if adminServer != nil {
		_ = adminServer.Shutdown(shutdownCtx)
	}
	if err := httpServer.Shutdown(shutdownCtx); err != nil {
		return err
	}
	return nil
}

// codeSender picks how sign-in codes reach buyers: the development log
// sender when asked for, else the SMS gateway when one is configured, else
// none (sign-in answers 503).
func codeSender(otpLog bool, gatewayURL string, getenv func(string) string, logger *slog.Logger) accounts.Sender {
	switch {
	case otpLog:
		logger.Warn("sign-in codes are written to this log (--otp-log); never use it for real buyers")
		return accounts.LogSender{Logger: logger}
	case gatewayURL != "":
		return accounts.GatewaySender{URL: gatewayURL, Token: getenv("FORECOURT_SMS_GATEWAY_TOKEN")}
	}
	return nil
}

// startAlerts runs the worker that sends buyers' alerts through the
// sender of sign-in codes, after every stock change and each minute, and
// returns what stops it. Without a sender there are no alerts.
func startAlerts(ctx context.Context, sites *tenant.Registry, listings *listing.Service, st store.Store, sender accounts.Sender, quietHours bool, logger *slog.Logger) (stop func()) {
	texts, ok := sender.(accounts.TextSender)
	if !ok {
		logger.Info("alerts are off: no SMS sender is configured")
		return func() {}
	}
	w := alerts.NewWorker(alerts.Worker{Store: st, Sites: sites, Stock: listings.FreshStock, Sender: texts,
		Rules: alerts.Rules{QuietHours: quietHours}, Logger: logger})
	listings.OnStockChanged(w.Wake)
	ctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	done := make(chan struct{})
	go func() { w.Run(ctx); close(done) }()
	return func() { cancel(); <-done }
}

// renderSetup is how serve draws pages: local workers, or a render tier.
type renderSetup struct {
	workers int
	url     string // a render tier's base URL; "" starts local workers
	apiURL  string // where the tier fetches the API; "" is each page's origin
}

// pageRenderer gives srv its page renderer and returns what stops it. Local
// workers fetch the sites' API from a Unix socket in their own directory.
// Without node or the web app's server build (go build before the web
// build), pages are drawn in the browser only and serve says so once.
func pageRenderer(srv *httpapi.Server, setup renderSetup, logger *slog.Logger) (stop func()) {
	if setup.url != "" {
		srv.SSR = ssr.NewRemote(strings.TrimSuffix(setup.url, "/"), strings.TrimSuffix(setup.apiURL, "/"))
		logger.Info("pages are drawn by the render tier", "url", setup.url)
		return func() {}
	}
	pool, err := startRenderPool(setup.workers, logger)
	if err != nil {
		srv.SSRUnavailable = true
		switch {
		case errors.Is(err, ssr.ErrNoNode):
			logger.Warn("node not found: pages will be drawn in the browser")
		case errors.Is(err, ssr.ErrNoBundle):
			logger.Warn("the web app's server build is missing: pages will be drawn in the browser")
		default:
			logger.Error("the render workers did not start: pages will be drawn in the browser", "err", err)
		}
		return func() {}
	}
	ln, err := net.Listen("unix", pool.APISocket())
	if err != nil {
		srv.SSRUnavailable = true
		logger.Error("the render workers' API socket did not open: pages will be drawn in the browser", "err", err)
		pool.Close()
		return func() {}
	}
	api := &http.Server{Handler: srv.RenderAPI(), ReadHeaderTimeout: 10 * time.Second,
		ErrorLog: slog.NewLogLogger(logger.Handler(), slog.LevelWarn)}
	go func() { _ = api.Serve(ln) }()
	srv.SSR = pool
	if srv.Metrics != nil {
		srv.Metrics.WatchRenderWorkers(pool)
	}
	logger.Info("render workers started", "workers", pool.Live())
	return func() {
		_ = api.Close()
		_ = pool.Close()
	}
}

// startRenderPool starts workers running the web app's server build.
func startRenderPool(workers int, logger *slog.Logger) (*ssr.Pool, error) {
	bundle, err := fs.ReadFile(web.SSR, "ssr/render.mjs")
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	return ssr.NewPool(ssr.PoolOptions{Bundle: bundle, Workers: workers, Logger: logger})
}

// registerPoolMetrics shows the PostgreSQL connection pool's use: a pool
// always at its limit, with acquires waiting, needs more connections or
// fewer slow queries.
func registerPoolMetrics(reg *prometheus.Registry, stat func() *pgxpool.Stat) {
	gauge := func(name, help string, value func(*pgxpool.Stat) float64) prometheus.Collector {
		return prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: name, Help: help},
			func() float64 { return value(stat()) })
	}
	reg.MustRegister(
		gauge("forecourt_db_pool_max_connections", "Most connections the pool opens.",
			func(s *pgxpool.Stat) float64 { return float64(s.MaxConns()) }),
		gauge("forecourt_db_pool_connections", "Connections open now.",
			func(s *pgxpool.Stat) float64 { return float64(s.TotalConns()) }),
		gauge("forecourt_db_pool_connections_in_use", "Connections running a query now.",
			func(s *pgxpool.Stat) float64 { return float64(s.AcquiredConns()) }),
		gauge("forecourt_db_pool_connections_idle", "Open connections waiting for work.",
			func(s *pgxpool.Stat) float64 { return float64(s.IdleConns()) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "forecourt_db_pool_acquires_waited_total",
			Help: "Times a query waited for a free connection."},
			func() float64 { return float64(stat().EmptyAcquireCount()) }),
	)
}

// envInt64 is the environment variable's number, or def when it is unset
// or not a number (a flag given on the command line still wins).
func envInt64(getenv func(string) string, name string, def int64) int64 {
	if v, err := strconv.ParseInt(strings.TrimSpace(getenv(name)), 10, 64); err == nil {
		return v
	}
	return def
}

// flagSet reports whether the command line named the flag.
func flagSet(fset *flag.FlagSet, name string) bool {
	set := false
	fset.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// nodeName names this process in the feed leases: its host and pid, and
// a random part so a restarted process is another node.
func nodeName() string {
	host, _ := os.Hostname()
	var b [4]byte
	_, _ = rand.Read(b[:])
	return fmt.Sprintf("%s-%d-%s", host, os.Getpid(), hex.EncodeToString(b[:]))
}
