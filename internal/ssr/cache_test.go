package ssr_test

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"forecourt/internal/ssr"
)

var t0 = time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)

type version struct{ n int } // a stock index stands in as a pointer

func TestCacheServesAPageUntilItsTTL(t *testing.T) {
	t.Parallel()
	var c ssr.Cache
	v := &version{}
	c.Put("a", "/", ssr.Page{HTML: "home"}, v, t0)
	for _, tc := range []struct {
		after time.Duration
		hit   bool
	}{
		{0, true},
		{ssr.DefaultCacheTTL, true},
		{ssr.DefaultCacheTTL + time.Second, false},
	} {
		p, ok := c.Get("a", "/", v, t0.Add(tc.after))
		if ok != tc.hit || (ok && p.HTML != "home") {
			t.Errorf("after %v: got %q, %v; want hit %v", tc.after, p.HTML, ok, tc.hit)
		}
	}
	c.TTL = time.Minute
	if _, ok := c.Get("a", "/", v, t0.Add(90*time.Second)); ok {
		t.Error("a page older than the cache's own TTL was served")
	}
}

func TestCacheMissesForANewVersion(t *testing.T) {
	t.Parallel()
	var c ssr.Cache
	old, fresh := &version{1}, &version{1}
	c.Put("a", "/", ssr.Page{HTML: "old stock"}, old, t0)
	if _, ok := c.Get("a", "/", fresh, t0); ok {
		t.Error("a page drawn from the old stock was served for the new one")
	}
	if _, ok := c.Get("a", "/", old, t0); !ok {
		t.Error("the page drawn from the same stock was missed")
	}
}

func TestCacheKeysBySiteAndURL(t *testing.T) {
	t.Parallel()
	var c ssr.Cache
	v := &version{}
	c.Put("a", "/x", ssr.Page{HTML: "a x"}, v, t0)
	for _, k := range [][2]string{{"b", "/x"}, {"a", "/y"}, {"a|", "x"}} {
		if _, ok := c.Get(k[0], k[1], v, t0); ok {
			t.Errorf("site %q URL %q got site a's /x", k[0], k[1])
		}
	}
}

func TestCacheIsBounded(t *testing.T) {
	t.Parallel()
	c := ssr.Cache{Max: 3}
	v := &version{}
	for i := range 3 {
		c.Put("a", fmt.Sprint("/", i), ssr.Page{}, v, t0)
	}
	// Full of fresh pages: the next one clears the rest.
	c.Put("a", "/new", ssr.Page{HTML: "new"}, v, t0)
	if _, ok := c.Get("a", "/0", v, t0); ok {
		t.Error("the cache holds more than its bound")
	}
	if p, ok := c.Get("a", "/new", v, t0); !ok || p.HTML != "new" {
		t.Error("the page put last was not kept")
	}
	// Stale pages make room first; fresh ones stay.
	c = ssr.Cache{Max: 3}
	c.Put("a", "/stale", ssr.Page{}, v, t0)
	c.Put("a", "/fresh1", ssr.Page{}, v, t0.Add(ssr.DefaultCacheTTL))
	c.Put("a", "/fresh2", ssr.Page{}, v, t0.Add(ssr.DefaultCacheTTL))
	now := t0.Add(ssr.DefaultCacheTTL + time.Second)
	c.Put("a", "/new", ssr.Page{}, v, now)
	for _, u := range []string{"/fresh1", "/fresh2", "/new"} {
		if _, ok := c.Get("a", u, v, now); !ok {
			t.Errorf("%s was dropped while a stale page made room", u)
		}
	}
}

func TestCacheForgetsBySite(t *testing.T) {
	t.Parallel()
	var c ssr.Cache
	v := &version{}
	for _, s := range []string{"a", "ab", "b"} {
		c.Put(s, "/", ssr.Page{}, v, t0)
	}
	c.Forget("a")
	for s, want := range map[string]bool{"a": false, "ab": true, "b": true} {
		if _, ok := c.Get(s, "/", v, t0); ok != want {
			t.Errorf("after forgetting a, site %s kept: %v, want %v", s, ok, want)
		}
	}
	c.Forget("")
	for _, s := range []string{"ab", "b"} {
		if _, ok := c.Get(s, "/", v, t0); ok {
			t.Errorf("after forgetting every site, %s is kept", s)
		}
	}
}

func TestCacheDrawsOncePerPageAndKeepsIt(t *testing.T) {
	t.Parallel()
	var c ssr.Cache
	v := &version{}
	var draws atomic.Int32
	release := make(chan struct{})
	started := make(chan struct{})
	first := c.Draw("a", "/", v, func() time.Time { return t0 }, func() (ssr.Page, error) {
		draws.Add(1)
		close(started)
		<-release
		return ssr.Page{HTML: "drawn"}, nil
	})
	<-started
	// Asked again while the first draw runs: it joins it.
	second := c.Draw("a", "/", v, func() time.Time { return t0 }, func() (ssr.Page, error) {
		draws.Add(1)
		return ssr.Page{HTML: "again"}, nil
	})
	close(release)
	var wg sync.WaitGroup
	for _, ch := range []<-chan ssr.Drawn{first, second} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if d := <-ch; d.Err != nil || d.Page.HTML != "drawn" {
				t.Errorf("got %+v, want the one drawing", d)
			}
		}()
	}
	wg.Wait()
	if n := draws.Load(); n != 1 {
		t.Errorf("drawn %d times, want once", n)
	}
	if p, ok := c.Get("a", "/", v, t0); !ok || p.HTML != "drawn" {
		t.Error("the drawn page was not kept")
	}
}

func TestCacheKeepsNoFailedDraw(t *testing.T) {
	t.Parallel()
	var c ssr.Cache
	v := &version{}
	boom := errors.New("boom")
	d := <-c.Draw("a", "/", v, func() time.Time { return t0 }, func() (ssr.Page, error) { return ssr.Page{}, boom })
	if !errors.Is(d.Err, boom) {
		t.Errorf("err %v, want the draw's", d.Err)
	}
	if _, ok := c.Get("a", "/", v, t0); ok {
		t.Error("a failed draw was kept")
	}
}

// docs/behaviour/http.md#page-cache
func TestCacheIsBoundedInBytes(t *testing.T) {
	t.Parallel()
	const budget = 1 << 20
	c := ssr.Cache{MaxBytes: budget}
	v := &version{}
	big := strings.Repeat("x", 100<<10)
	for i := range 100 {
		c.Put("a", fmt.Sprint("/search/?query=", i), ssr.Page{HTML: big, State: big}, v, t0)
		if b := c.Bytes(); b > budget {
			t.Fatalf("after %d large pages the cache holds %d bytes, over its %d", i+1, b, budget)
		}
	}
	if n := c.Len(); n < 4 || n > 5 {
		t.Errorf("%d pages of 200 KB kept in 1 MB", n)
	}
	// The least recently used go first: a page read again stays.
	c = ssr.Cache{MaxBytes: budget}
	for i := range 4 {
		c.Put("a", fmt.Sprint("/", i), ssr.Page{HTML: big, State: big}, v, t0)
	}
	if _, ok := c.Get("a", "/0", v, t0); !ok {
		t.Fatal("/0 not kept")
	}
	c.Put("a", "/4", ssr.Page{HTML: big, State: big}, v, t0)
	c.Put("a", "/5", ssr.Page{HTML: big, State: big}, v, t0)
	if _, ok := c.Get("a", "/0", v, t0); !ok {
		t.Error("the page read last was dropped before older ones")
	}
	if _, ok := c.Get("a", "/1", v, t0); ok {
		t.Error("the least recently used page was kept")
	}
	// A page larger than the whole budget is not kept, and drops nothing.
	before := c.Len()
	c.Put("a", "/huge", ssr.Page{HTML: strings.Repeat("y", budget)}, v, t0)
	if _, ok := c.Get("a", "/huge", v, t0); ok || c.Len() != before {
		t.Errorf("a page over the budget was kept (%v) or dropped others (%d, was %d)", ok, c.Len(), before)
	}
	c.Forget("")
	if c.Bytes() != 0 || c.Len() != 0 {
		t.Errorf("forgotten, the cache holds %d pages, %d bytes", c.Len(), c.Bytes())
	}
}
