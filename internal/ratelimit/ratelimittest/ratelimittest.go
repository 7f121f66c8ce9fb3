// Package ratelimittest is the behaviour every ratelimit.Buckets must
// show, run against each implementation (in process and PostgreSQL).
package ratelimittest

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"forecourt/internal/ratelimit"
)

// Run checks b. Keys are made unique per run, so a shared database may
// be used.
func Run(t *testing.T, b ratelimit.Buckets) {
	ctx := context.Background()
	start := time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC)
	prefix := fmt.Sprintf("test %d ", time.Now().UnixNano())
	take := func(key string, every time.Duration, burst int, at time.Time) time.Duration {
		t.Helper()
		wait, err := b.Take(ctx, prefix+key, every, burst, at)
		if err != nil {
			t.Fatal(err)
		}
		return wait
	}

	t.Run("BurstThenOneEachInterval", func(t *testing.T) {
		for i := 0; i < 3; i++ {
			if w := take("a", 10*time.Second, 3, start); w != 0 {
				t.Fatalf("take %d of a burst of 3: wait %v", i+1, w)
			}
		}
		if w := take("a", 10*time.Second, 3, start); w != 10*time.Second {
			t.Errorf("fourth take at once: wait %v, want 10s", w)
		}
		if w := take("a", 10*time.Second, 3, start.Add(4*time.Second)); w != 6*time.Second {
			t.Errorf("fourth take 4 s later: wait %v, want 6s", w)
		}
		if w := take("a", 10*time.Second, 3, start.Add(10*time.Second)); w != 0 {
			t.Errorf("take after one interval: wait %v, want none", w)
		}
		// A full interval per token: after 30 s the bucket is full again.
		for i := 0; i < 3; i++ {
			if w := take("a", 10*time.Second, 3, start.Add(40*time.Second)); w != 0 {
				t.Fatalf("take %d after the bucket refilled: wait %v", i+1, w)
			}
		}
	})
	t.Run("KeysAreApart", func(t *testing.T) {
		take("b", time.Minute, 1, start)
		if w := take("b", time.Minute, 1, start); w == 0 {
			t.Error("second take from a bucket of one: no wait")
		}
		if w := take("c", time.Minute, 1, start); w != 0 {
			t.Errorf("another key waited %v", w)
		}
	})
	t.Run("GiveReturnsAToken", func(t *testing.T) {
		take("d", time.Minute, 1, start)
		if err := b.Give(ctx, prefix+"d", time.Minute); err != nil {
			t.Fatal(err)
		}
		if w := take("d", time.Minute, 1, start); w != 0 {
			t.Errorf("take after a give: wait %v", w)
		}
	})
	t.Run("ConcurrentTakesCountOnce", func(t *testing.T) {
		// Twenty callers at once on a bucket of five: exactly five pass.
		var passed atomic.Int64
		var wg sync.WaitGroup
		for i := 0; i < 20; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				w, err := b.Take(ctx, prefix+"e", time.Minute, 5, start)
				if err != nil {
					t.Error(err)
				} else if w == 0 {
					passed.Add(1)
				}
			}()
		}
		wg.Wait()
		if n := passed.Load(); n != 5 {
			t.Errorf("%d of 20 concurrent takes passed a bucket of 5", n)
		}
	})
}
