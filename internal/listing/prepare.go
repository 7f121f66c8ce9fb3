package listing

import (
	"context"
	"runtime"
	"sync"

	"forecourt/internal/tenant"
)

// PrepareAll builds every site's search index before the first buyer
// comes, a few sites at a time (one per core), waiting at most until ctx
// ends; a site whose build fails (the database away) or is not reached in
// time is built on its first request instead. One goroutine per site would
// hold every site's rows in memory at once: on a node of a thousand sites
// that is a spike far past what the built indexes keep.
func (s *Service) PrepareAll(ctx context.Context) {
	prepareEach(ctx, s.Sites.Sites(), runtime.GOMAXPROCS(0), func(ctx context.Context, site *tenant.Site) {
		if err := s.Prepare(ctx, site); err != nil {
			s.logger().Warn("search index not built at start", "site", site.Slug, "err", err)
		}
	})
}

// prepareEach calls prepare for every site, at most workers at once, and
// stops handing out sites once ctx ends.
func prepareEach(ctx context.Context, sites []*tenant.Site, workers int, prepare func(context.Context, *tenant.Site)) {
	if workers < 1 {
		workers = 1
	}
	if workers > len(sites) {
		workers = len(sites)
	}
	next := make(chan *tenant.Site)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for site := range next {
				prepare(ctx, site)
			}
		}()
	}
	for _, site := range sites {
		if ctx.Err() != nil {
			break
		}
		next <- site
	}
	close(next)
	wg.Wait()
}
