package ssr

import (
	"container/list"
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

// DefaultCacheBytes bounds the bytes of the drawn pages a Cache holds
// (docs/behaviour/http.md#page-cache): a count alone lets a few hundred
// large pages take hundreds of MB.
const DefaultCacheBytes = 64 << 20

// Cache keeps drawn pages by site and URL. Each page is kept with the
// version it was drawn from, an opaque token compared by identity: a page
// asked for with another version is a miss. Past MaxBytes (or Max pages)
// the least recently used pages are dropped first. The zero value is
// ready to use with DefaultCacheTTL, DefaultCacheMax and DefaultCacheBytes.
type Cache struct {
	TTL      time.Duration // 0 is DefaultCacheTTL
	Max      int           // 0 is DefaultCacheMax
	MaxBytes int64         // 0 is DefaultCacheBytes

	mu    sync.Mutex
	pages map[string]*list.Element // of *keptPage
	order list.List                // most recently used first
	bytes int64                    // the kept pages' size
	group singleflight.Group
}

type keptPage struct {
	key     string
	page    Page
	at      time.Time
	version any
	size    int64
}

// Drawn is the outcome of a Draw.
type Drawn struct {
	Page Page
	Err  error
}

func cacheKey(site, uri string) string { return site + "|" + uri }

// pageSize is what a kept page costs: its markup, its data and its key.
func pageSize(key string, p Page) int64 {
	return int64(len(key) + len(p.HTML) + len(p.State) + 64)
}

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

func (c *Cache) maxBytes() int64 {
	if c.MaxBytes <= 0 {
		return DefaultCacheBytes
	}
	return c.MaxBytes
}

// Bytes is the size of the pages kept now.
func (c *Cache) Bytes() int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.bytes
}

// Len is how many pages are kept now.
func (c *Cache) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.pages)
}

// Get returns the site's page of uri when one drawn from version is kept
// and is no older than the TTL at now.
func (c *Cache) Get(site, uri string, version any, now time.Time) (Page, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.pages[cacheKey(site, uri)]
	if !ok {
		return Page{}, false
	}
	p := e.Value.(*keptPage)
	if now.Sub(p.at) > c.ttl() || p.version != version {
		return Page{}, false
	}
	c.order.MoveToFront(e)
	return p.page, true
}

// Put keeps the site's page of uri, drawn from version at now. A page
// larger than the whole budget is not kept.
func (c *Cache) Put(site, uri string, p Page, version any, now time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.pages == nil {
		c.pages = map[string]*list.Element{}
	}
	key := cacheKey(site, uri)
	if e, ok := c.pages[key]; ok {
		c.remove(e)
	}
	size := pageSize(key, p)
	if size > c.maxBytes() {
		return
	}
	// The least recently used make room first.
	for len(c.pages) > 0 && (len(c.pages) >= c.max() || c.bytes+size > c.maxBytes()) {
		c.remove(c.order.Back())
	}
	c.pages[key] = c.order.PushFront(&keptPage{key: key, page: p, at: now, version: version, size: size})
	c.bytes += size
}

// remove drops one kept page; c.mu is held.
func (c *Cache) remove(e *list.Element) {
	p := c.order.Remove(e).(*keptPage)
	delete(c.pages, p.key)
	c.bytes -= p.size
}

// Forget drops a site's pages ("" for every site).
func (c *Cache) Forget(site string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for k, e := range c.pages {
		if site == "" || strings.HasPrefix(k, site+"|") {
			c.remove(e)
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
