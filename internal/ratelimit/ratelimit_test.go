package ratelimit_test

import (
	"context"
	"testing"
	"time"

	"forecourt/internal/ratelimit"
	"forecourt/internal/ratelimit/ratelimittest"
)

func TestMemory(t *testing.T) {
	ratelimittest.Run(t, &ratelimit.Memory{})
}

// Buckets that have filled up again are forgotten, so the map holds only
// the visitors of the last while.
func TestMemoryForgetsFullBuckets(t *testing.T) {
	var m ratelimit.Memory
	ctx := context.Background()
	start := time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC)
	for _, k := range []string{"a", "b", "c"} {
		if _, err := m.Take(ctx, k, time.Second, 1, start); err != nil {
			t.Fatal(err)
		}
	}
	if m.Len() != 3 {
		t.Fatalf("remembered %d keys, want 3", m.Len())
	}
	m.Take(ctx, "d", time.Second, 1, start.Add(2*time.Minute))
	if m.Len() != 1 {
		t.Errorf("after the others filled up %d keys remembered, want 1", m.Len())
	}
}
