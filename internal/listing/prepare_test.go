package listing

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"forecourt/internal/tenant"
)

func manySites(n int) []*tenant.Site {
	sites := make([]*tenant.Site, n)
	for i := range sites {
		sites[i] = &tenant.Site{Slug: fmt.Sprintf("site-%d", i)}
	}
	return sites
}

// A thousand sites' indexes are built a few at a time, never all at once,
// and every site's is built.
func TestPrepareEachBoundsBuildsAtOnce(t *testing.T) {
	t.Parallel()
	sites := manySites(1000)
	var now, most atomic.Int64
	var mu sync.Mutex
	done := map[string]int{}
	prepareEach(context.Background(), sites, 2, func(_ context.Context, s *tenant.Site) {
		n := now.Add(1)
		for {
			m := most.Load()
			if n <= m || most.CompareAndSwap(m, n) {
				break
			}
		}
		time.Sleep(10 * time.Microsecond)
		mu.Lock()
		done[s.Slug]++
		mu.Unlock()
		now.Add(-1)
	})
	if got := most.Load(); got > 2 {
		t.Errorf("%d builds ran at once, want at most 2", got)
	}
	if len(done) != len(sites) {
		t.Errorf("%d of %d sites built", len(done), len(sites))
	}
	for slug, n := range done {
		if n != 1 {
			t.Errorf("%s built %d times", slug, n)
		}
	}
}

// Once the start's time is up no further site is handed out: the rest are
// built on their first request.
func TestPrepareEachStopsWhenTimeIsUp(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	var built atomic.Int64
	prepareEach(ctx, manySites(100), 1, func(context.Context, *tenant.Site) {
		if built.Add(1) == 3 {
			cancel()
		}
	})
	if got := built.Load(); got > 4 {
		t.Errorf("%d sites built after the time was up at the third", got)
	}
}
