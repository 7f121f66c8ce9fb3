package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"syscall"
	"time"

	"forecourt/internal/photos"
	"forecourt/internal/places"
	"forecourt/internal/store"
	"forecourt/internal/tenant"
)

// siteFiles keeps a running serve's sites equal to the files of its
// --tenants directory: on SIGHUP, and when a file there changes, every
// file is read and checked again. A valid set replaces the old one at
// once; an invalid one is logged, file, line and field, and the sites keep
// their last good configuration (docs/onboarding.md).
type siteFiles struct {
	dir string
	// seen is the directory's fingerprint from before the sites in use
	// were read; "" takes it when run starts.
	seen   string
	sites  *tenant.Registry
	store  store.Store
	logger *slog.Logger
	// changed is told each site whose file is new, changed or gone, after
	// the new set is in place (its stock and drawn pages are dropped).
	changed func(slug string)
	// loaded is told the outcome of each reading, for the metrics.
	loaded func(hash string, ok bool)

	mu sync.Mutex // one reading at a time
}

// pollEvery is how often the directory is looked at for changes.
const pollEvery = 500 * time.Millisecond

// syncPlaces writes every site's configured dealerships and locations to
// the store. A failure is logged and left for the next reading: the
// store keeps what it had, and buyers are still served.
func syncPlaces(ctx context.Context, st store.Store, sites []*tenant.Site, logger *slog.Logger) (changed []string) {
	for _, s := range sites {
		// Pictures on the dealer's server are fetched like its car photos.
		if _, err := st.AddPhotos(ctx, s.Slug, photos.Pictures(s), time.Now()); err != nil {
			logger.Error("site's location pictures not recorded", "site", s.Slug, "err", err)
		}
		wrote, err := places.Sync(ctx, st, s, time.Now())
		if err != nil {
			logger.Error("site's locations not saved", "site", s.Slug, "err", err)
			continue
		}
		if wrote {
			changed = append(changed, s.Slug)
		}
	}
	return changed
}

// run watches until ctx ends.
func (f *siteFiles) run(ctx context.Context) {
	hup := make(chan os.Signal, 1)
	signal.Notify(hup, syscall.SIGHUP)
	defer signal.Stop(hup)
	last := f.seen
	if last == "" {
		last = f.fingerprint()
	}
	tick := time.NewTicker(pollEvery)
	defer tick.Stop()
	// The day's special hours move on at midnight: the places are written
	// again each hour, which writes only when something differs.
	hourly := time.NewTicker(time.Hour)
	defer hourly.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-hup:
			f.logger.Info("SIGHUP: reading the site files again", "dir", f.dir)
			last = f.fingerprint()
			f.reload(ctx)
		case <-tick.C:
			if now := f.fingerprint(); now != last {
				// A file still being written looks changed again on the
				// next tick; the reading of a half-written file fails
				// harmlessly and the next one succeeds.
				last = now
				f.reload(ctx)
			}
		case <-hourly.C:
			for _, slug := range syncPlaces(ctx, f.store, f.sites.Sites(), f.logger) {
				f.changed(slug)
			}
		}
	}
}

// fingerprint names every site file with its size and time of change.
func (f *siteFiles) fingerprint() string {
	entries, err := os.ReadDir(f.dir)
	if err != nil {
		return "unreadable: " + err.Error()
	}
	var parts []string
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".yaml") {
			continue
		}
		info, err := e.Info()
		if err != nil {
			continue
		}
		parts = append(parts, fmt.Sprintf("%s %d %d", e.Name(), info.Size(), info.ModTime().UnixNano()))
	}
	sort.Strings(parts)
	return strings.Join(parts, "\n")
}

// reload reads the directory and, when every file is valid, replaces the
// sites.
func (f *siteFiles) reload(ctx context.Context) {
	f.mu.Lock()
	defer f.mu.Unlock()
	next, err := tenant.LoadDir(f.dir)
	if err != nil {
		var ce *tenant.ConfigError
		if errors.As(err, &ce) {
			for _, line := range ce.Lines() {
				f.logger.Error("site file invalid; the sites keep their last good configuration", "problem", line)
			}
		} else {
			f.logger.Error("site files unreadable; the sites keep their last good configuration", "err", err)
		}
		f.loaded(f.sites.Hash(), false)
		return
	}
	if next.Hash() == f.sites.Hash() {
		return
	}
	old := map[string]string{}
	for _, s := range f.sites.Sites() {
		old[s.Slug] = s.Hash
	}
	var changed []string
	for _, s := range next.Sites() {
		if h, ok := old[s.Slug]; !ok || h != s.Hash {
			changed = append(changed, s.Slug)
		}
		delete(old, s.Slug)
	}
	for slug := range old {
		changed = append(changed, slug) // removed: its stock and pages go
	}
	// The places are written before the sites are swapped, so a changed
	// site's first answer already has its new locations.
	var news []*tenant.Site
	for _, slug := range changed {
		if s, ok := next.BySlug(slug); ok {
			news = append(news, s)
		}
	}
	syncPlaces(ctx, f.store, news, f.logger)
	f.sites.Replace(next)
	for _, slug := range changed {
		f.changed(slug)
	}
	f.loaded(next.Hash(), true)
	f.logger.Info("site files read again", "dir", filepath.Clean(f.dir), "sites", len(next.Sites()),
		"changed", strings.Join(changed, ","), "config_hash", next.Hash())
}
