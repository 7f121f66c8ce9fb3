package ssr

import (
	"strings"
	"sync"
	"time"

	"golang.org/x/sync/singleflight"
)

// DefaultCacheTTL is how long a drawn page is served again before it is
// drawn anew. A page is drawn anew at once when its version changes (for a
// site, a new stock index); the rest (reviews, models, opening hours) may
// be this old.
const DefaultCacheTTL = 2 * time.Minute

// DefaultCacheMax bounds how many drawn pages a Cache holds.
const DefaultCacheMax = 2000

// Cache keeps drawn pages by site and URL. Each page is kept with the
// version it was drawn from, an opaque token compared by identity: a page
// asked for with another version is a miss. The zero value is ready to use
// with DefaultCacheTTL and DefaultCacheMax.
type Cache struct {
	TTL time.Duration // 0 is DefaultCacheTTL
	Max int           // 0 is DefaultCacheMax

	mu    sync.Mutex
	pages map[string]keptPage
	group singleflight.Group
}

type keptPage struct {
	page    Page
	at      time.Time
	version any
}

// Drawn is the outcome of a Draw.
type Drawn struct {
	Page Page
	Err  error
}

func cacheKey(site, uri string) string { return site + "|" + uri }

func (c *Cache) ttl() time.Duration {
	if c.TTL <= 0 {
		return DefaultCacheTTL
	}
	return c.TTL
}

func (c *Cache) max() int {
	if c.Max <= 0 {
		return DefaultCacheMax
	}
	return c.Max
}

// Get returns the site's page of uri when one drawn from version is kept
// and is no older than the TTL at now.
func (c *Cache) Get(site, uri string, version any, now time.Time) (Page, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	p, ok := c.pages[cacheKey(site, uri)]
	if !ok || now.Sub(p.at) > c.ttl() || p.version != version {
		return Page{}, false
	}
	return p.page, true
}

// Put keeps the site's page of uri, drawn from version at now.
func (c *Cache) Put(site, uri string, p Page, version any, now time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.pages == nil {
		c.pages = map[string]keptPage{}
	}
	if len(c.pages) >= c.max() {
		// Drop what is stale, and if that is not enough, everything: the
		// pages are drawn again on demand.
		for k, v := range c.pages {
			if now.Sub(v.at) > c.ttl() {
				delete(c.pages, k)
			}
		}
		if len(c.pages) >= c.max() {
			clear(c.pages)
		}
	}
	c.pages[cacheKey(site, uri)] = keptPage{page: p, at: now, version: version}
}

// Forget drops a site's pages ("" for every site).
func (c *Cache) Forget(site string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for k := range c.pages {
		if site == "" || strings.HasPrefix(k, site+"|") {
			delete(c.pages, k)
		}
	}
}

// Draw runs draw for the site's page of uri, once however many ask for it
// at the same time, and keeps what it draws under version at the time now
// gives when it finishes. The channel gets the outcome; a caller that stops
// waiting leaves the draw to finish and be kept.
func (c *Cache) Draw(site, uri string, version any, now func() time.Time, draw func() (Page, error)) <-chan Drawn {
	ch := c.group.DoChan(cacheKey(site, uri), func() (any, error) {
		p, err := draw()
		if err != nil {
			return Page{}, err
		}
		c.Put(site, uri, p, version, now())
		return p, nil
	})
	out := make(chan Drawn, 1)
	go func() {
		res := <-ch
		p, _ := res.Val.(Page)
		out <- Drawn{Page: p, Err: res.Err}
	}()
	return out
}
