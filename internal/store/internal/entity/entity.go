// Package entity holds what both store implementations do the same way
// before a row is written: times to UTC, ids for new leads, and the next id
// for entities saved with id 0.
package entity

import (
	"encoding/json"
	"time"

	"github.com/google/uuid"

	"forecourt/internal/catalog"
)

// TimeLayout is a fixed-width UTC layout, so times stored as text sort in
// time order.
const TimeLayout = "2006-01-02T15:04:05.000000000Z"

// TimeText formats t for a text column.
func TimeText(t time.Time) string { return t.UTC().Format(TimeLayout) }

// PrepareCar stores times in UTC.
func PrepareCar(c *catalog.Car) {
	c.CreatedAt = utc(c.CreatedAt)
	c.UpdatedAt = utc(c.UpdatedAt)
}

// PrepareReview stores times in UTC.
func PrepareReview(r *catalog.Review) {
	r.ReviewDate = utc(r.ReviewDate)
	if r.ReplyDate != nil {
		t := utc(*r.ReplyDate)
		r.ReplyDate = &t
	}
}

// PrepareLead gives the lead an id and a creation time when it has none.
// Times are cut to microseconds: PostgreSQL keeps no finer, and both stores
// must filter and return the same instant.
func PrepareLead(l *catalog.Lead, now time.Time) {
	if l.ID == "" {
		l.ID = uuid.NewString()
	}
	if l.CreatedAt.IsZero() {
		l.CreatedAt = now
	}
	l.CreatedAt = l.CreatedAt.UTC().Truncate(time.Microsecond)
}

func utc(t time.Time) time.Time {
	if t.IsZero() {
		return time.Time{}
	}
	return t.UTC()
}

// NextID returns the first id to assign in a batch: above both the largest
// stored id and every id given in the batch, so an assigned id never
// collides with one saved a few rows later.
func NextID(storedMax int64, given []int64) int64 {
	next := storedMax
	for _, id := range given {
		if id > next {
			next = id
		}
	}
	return next + 1
}

// Marshal encodes an entity for the data column.
func Marshal(v any) ([]byte, error) { return json.Marshal(v) }
