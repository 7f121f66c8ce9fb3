package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"forecourt/internal/store"
)

const feedStateColumns = "etag, last_modified, last_attempt, last_success, last_error, suspect, row_count, added, updated, sold, rejected, unchanged, content_hash"

// FeedState reads the site's feed state; none stored is the zero value.
func (s *Store) FeedState(ctx context.Context, site string) (store.FeedState, error) {
	var st store.FeedState
	err := s.queryRow(ctx, s.read, "SELECT "+feedStateColumns+" FROM feed_states WHERE site = ?", site).Scan(
		&st.ETag, &st.LastModified, timeCol{&st.LastAttempt}, timeCol{&st.LastSuccess}, &st.LastError, &st.Suspect,
		&st.Rows, &st.Added, &st.Updated, &st.Sold, &st.Rejected, &st.Unchanged, &st.ContentHash)
	if errors.Is(err, sql.ErrNoRows) {
		return store.FeedState{}, nil
	}
	if err != nil {
		return store.FeedState{}, s.errorf("feed state", err)
	}
	return st, nil
}

// SaveFeedState inserts or replaces the site's feed state.
func (s *Store) SaveFeedState(ctx context.Context, site string, st store.FeedState) error {
	_, err := s.exec(ctx, s.write, `INSERT INTO feed_states (site, `+feedStateColumns+`)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (site) DO UPDATE SET etag = excluded.etag, last_modified = excluded.last_modified,
	last_attempt = excluded.last_attempt, last_success = excluded.last_success, last_error = excluded.last_error,
	suspect = excluded.suspect, row_count = excluded.row_count, added = excluded.added, updated = excluded.updated,
	sold = excluded.sold, rejected = excluded.rejected, unchanged = excluded.unchanged, content_hash = excluded.content_hash`,
		site, st.ETag, st.LastModified, s.optional(st.LastAttempt), s.optional(st.LastSuccess), st.LastError, st.Suspect,
		st.Rows, st.Added, st.Updated, st.Sold, st.Rejected, st.Unchanged, st.ContentHash)
	if err != nil {
		return s.errorf("save feed state", err)
	}
	return nil
}

// ClaimFeed takes or renews the site's feed lease in one statement: the
// row is inserted when there is none, and otherwise taken over only when
// its lease has expired or is owner's own. Claimers racing on one site meet
// on its primary key; each loser finds the winner's lease unexpired and
// another's, changes nothing and gets no row back.
func (s *Store) ClaimFeed(ctx context.Context, site, owner string, now time.Time, lease time.Duration) (bool, error) {
	if owner == "" {
		return false, s.errorf("claim feed", errors.New("no owner given"))
	}
	var got string
	err := s.queryRow(ctx, s.write, `INSERT INTO feed_leases (site, owner, lease_until) VALUES (?, ?, ?)
ON CONFLICT (site) DO UPDATE SET owner = excluded.owner, lease_until = excluded.lease_until
WHERE feed_leases.owner = excluded.owner OR feed_leases.lease_until <= ?
RETURNING owner`, site, owner, s.at(now.Add(lease)), s.at(now)).Scan(&got)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, s.errorf("claim feed", err)
	}
	return got == owner, nil
}

// ReleaseFeed drops owner's lease on the site's feed.
func (s *Store) ReleaseFeed(ctx context.Context, site, owner string) error {
	if _, err := s.exec(ctx, s.write, "DELETE FROM feed_leases WHERE site = ? AND owner = ?", site, owner); err != nil {
		return s.errorf("release feed", err)
	}
	return nil
}

// SiteStats counts the site's cars, leads and undelivered deliveries in
// one statement, so the figures are of one moment.
func (s *Store) SiteStats(ctx context.Context, site string) (store.SiteStats, error) {
	var st store.SiteStats
	err := s.queryRow(ctx, s.read, `SELECT
  (SELECT count(*) FROM cars WHERE site = ?),
  (SELECT count(*) FROM leads WHERE site = ?),
  (SELECT count(*) FROM lead_deliveries WHERE site = ? AND state = ?),
  (SELECT count(*) FROM lead_deliveries WHERE site = ? AND state = ?)`,
		site, site, site, store.DeliveryDead, site, store.DeliveryPending).
		Scan(&st.Cars, &st.LeadsReceived, &st.DeliveriesDead, &st.DeliveriesPending)
	if err != nil {
		return store.SiteStats{}, s.errorf("site stats", err)
	}
	return st, nil
}
