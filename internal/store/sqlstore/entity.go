package sqlstore

// What is done to an entity before its row is written, on every database:
// times to UTC, ids for new leads, and the next id for entities saved with
// id 0.

import (
	"encoding/json"
	"time"

	"github.com/google/uuid"

	"forecourt/internal/catalog"
)

// timeLayout is a fixed-width UTC layout, so times stored as text sort in
// time order.
const timeLayout = "2006-01-02T15:04:05.000000000Z"

// prepareCar stores times in UTC.
func prepareCar(c *catalog.Car) {
	c.CreatedAt = utc(c.CreatedAt)
	c.UpdatedAt = utc(c.UpdatedAt)
}

// prepareReview stores times in UTC.
func prepareReview(r *catalog.Review) {
	r.ReviewDate = utc(r.ReviewDate)
	if r.ReplyDate != nil {
		t := utc(*r.ReplyDate)
		r.ReplyDate = &t
	}
}

// prepareLead gives the lead an id and a creation time when it has none.
// Times are cut to microseconds: PostgreSQL keeps no finer, and both stores
// must filter and return the same instant.
func prepareLead(l *catalog.Lead, now time.Time) {
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

// nextID returns the first id to assign in a batch: above both the largest
// stored id and every id given in the batch, so an assigned id never
// collides with one saved a few rows later.
func nextID(storedMax int64, given []int64) int64 {
	next := storedMax
	for _, id := range given {
		if id > next {
			next = id
		}
	}
	return next + 1
}

// marshal encodes an entity for the data column.
func marshal(v any) ([]byte, error) { return json.Marshal(v) }
