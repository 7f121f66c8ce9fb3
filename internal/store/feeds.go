package store

import (
	"context"
	"time"
)

// FeedState is what the store keeps of a site's scheduled feed.
type FeedState struct {
	ETag, LastModified string    // the source's validators for a conditional GET
	LastAttempt        time.Time // zero when never tried
	LastSuccess        time.Time
	LastError          string // of the last attempt; "" when it succeeded
	Suspect            bool   // the last full feed would have sold too many cars and sold none
	// Counts of the last successful (or suspect) run.
	Rows, Added, Updated, Sold, Rejected int
	Unchanged                            bool   // the last attempt found the source unchanged (304 or the same bytes)
	ContentHash                          string // sha256 hex of the last body imported
}

// FeedStore keeps each site's scheduled feed: its state between runs and
// the lease that lets one node at a time pull it.
type FeedStore interface {
	// FeedState returns the site's stored state, the zero value when none
	// is stored.
	FeedState(ctx context.Context, site string) (FeedState, error)
	// SaveFeedState stores the site's state, replacing what was stored.
	SaveFeedState(ctx context.Context, site string, st FeedState) error
	// ClaimFeed takes the site's feed lease for owner until now+lease when
	// nobody holds it, its holder's lease has expired (by now), or owner
	// already holds it (which renews it); it reports whether owner holds
	// it. Of several claiming at once, exactly one wins.
	ClaimFeed(ctx context.Context, site, owner string, now time.Time, lease time.Duration) (bool, error)
	// ReleaseFeed gives up owner's lease on the site's feed, so another may
	// claim it at once; a lease owner does not hold is left alone.
	ReleaseFeed(ctx context.Context, site, owner string) error
}

// SiteStats are a site's operations figures, counted in the database (so
// every node reports the same).
type SiteStats struct {
	Cars              int // every stored car of the site, hidden and sold included
	LeadsReceived     int // leads stored for the site
	DeliveriesDead    int // lead deliveries dead-lettered
	DeliveriesPending int // lead deliveries not yet delivered nor dead (claimed ones included)
}
