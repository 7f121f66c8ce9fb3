// Package ratelimit keeps the token buckets that cap how often a visitor
// may send a lead or ask for a sign-in code. A bucket is kept as the
// generic cell rate algorithm's one number per key (the time at which the
// bucket will be full again), so the same rule can live in this process
// (one node, SQLite) or in the shared database (several nodes), where
// every node sees the same count.
package ratelimit

import (
	"context"
	"sync"
	"time"
)

// Buckets takes from and gives back to token buckets by key. A bucket
// holds up to burst tokens and gains one every `every`.
type Buckets interface {
	// Take takes one token from the key's bucket at now. When the bucket is
	// empty nothing is taken and wait says how long until one is there.
	Take(ctx context.Context, key string, every time.Duration, burst int, now time.Time) (wait time.Duration, err error)
	// Give puts back a token taken by Take (a later limit refused the
	// same request, so it should not count).
	Give(ctx context.Context, key string, every time.Duration) error
}

// Allow applies the cell rule to a bucket whose full-again time is tat:
// it returns the new full-again time, or the wait when the bucket is empty.
func Allow(tat, now time.Time, every time.Duration, burst int) (time.Time, time.Duration) {
	if tat.Before(now) {
		tat = now
	}
	next := tat.Add(every)
	if over := next.Sub(now) - time.Duration(max(1, burst))*every; over > 0 {
		return tat, over
	}
	return next, 0
}

// Every is the interval between tokens for a rate of n per period.
func Every(n float64, period time.Duration) time.Duration {
	if n <= 0 {
		return 0
	}
	return time.Duration(float64(period) / n)
}

// Memory keeps buckets in this process. The zero value is ready; it is
// safe for concurrent use. Buckets that have filled up are forgotten, so
// it holds only the keys seen lately.
type Memory struct {
	mu        sync.Mutex
	tat       map[string]time.Time
	lastSweep time.Time
}

var _ Buckets = (*Memory)(nil)

func (m *Memory) Take(_ context.Context, key string, every time.Duration, burst int, now time.Time) (time.Duration, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.tat == nil {
		m.tat = map[string]time.Time{}
	}
	if now.Sub(m.lastSweep) > time.Minute {
		m.lastSweep = now
		for k, t := range m.tat {
			if t.Before(now) {
				delete(m.tat, k)
			}
		}
	}
	next, wait := Allow(m.tat[key], now, every, burst)
	if wait > 0 {
		return wait, nil
	}
	m.tat[key] = next
	return 0, nil
}

func (m *Memory) Give(_ context.Context, key string, every time.Duration) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if t, ok := m.tat[key]; ok {
		m.tat[key] = t.Add(-every)
	}
	return nil
}

// Len is how many keys are remembered (for tests of the sweep).
func (m *Memory) Len() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.tat)
}
