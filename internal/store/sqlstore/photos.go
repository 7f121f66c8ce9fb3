package sqlstore

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"time"

	"forecourt/internal/catalog"
	"forecourt/internal/store"
)

// A photo's row is keyed by its site and the sha256 hex of its address
// (migration 00013): an address may be longer than a PostgreSQL index
// entry may be. Lookups by address hash the addresses here.

const photoColumns = "url, status, content_key, width, height, etag, last_modified, reason, attempts, next_try, fetched_at, seen_at"

// photosPerStatement bounds the addresses one statement names: far inside
// either database's limit on parameters (SQLite's is the lower, 32766),
// whatever a statement adds per address.
const photosPerStatement = 500

// urlHash is the key of an address in the photos table.
func urlHash(url string) string {
	h := sha256.Sum256([]byte(url))
	return hex.EncodeToString(h[:])
}

// photoTime cuts t to what PostgreSQL keeps, in UTC, so that both
// databases store, compare and return the same instant.
func photoTime(t time.Time) time.Time {
	if t.IsZero() {
		return time.Time{}
	}
	return t.UTC().Truncate(time.Microsecond)
}

// uniqueURLs is urls without repeats and "", in their order.
func uniqueURLs(urls []string) []string {
	seen := make(map[string]bool, len(urls))
	out := make([]string, 0, len(urls))
	for _, u := range urls {
		if u != "" && !seen[u] {
			seen[u] = true
			out = append(out, u)
		}
	}
	return out
}

// inBatches calls fn with successive runs of at most photosPerStatement
// of urls.
func inBatches(urls []string, fn func(batch []string) error) error {
	for start := 0; start < len(urls); start += photosPerStatement {
		if err := fn(urls[start:min(start+photosPerStatement, len(urls))]); err != nil {
			return err
		}
	}
	return nil
}

// hashArgs is the url_hash values of batch, after the args before them.
func hashArgs(batch []string, before ...any) []any {
	args := append(make([]any, 0, len(before)+len(batch)), before...)
	for _, u := range batch {
		args = append(args, urlHash(u))
	}
	return args
}

func scanPhoto(r interface{ Scan(...any) error }) (store.Photo, error) {
	var p store.Photo
	err := r.Scan(&p.URL, &p.Status, &p.Key, &p.Width, &p.Height, &p.ETag, &p.LastModified, &p.Reason,
		&p.Attempts, timeCol{&p.NextTry}, timeCol{&p.FetchedAt}, timeCol{&p.SeenAt})
	return p, err
}

// AddPhotos records the addresses not yet known as waiting, due at now,
// and marks the known ones seen at now, in one transaction: the known
// ones are updated first, so that the insert that follows adds (and
// counts) only the new.
func (s *Store) AddPhotos(ctx context.Context, site string, urls []string, now time.Time) (int, error) {
	urls = uniqueURLs(urls)
	if len(urls) == 0 {
		return 0, nil
	}
	at := s.at(photoTime(now))
	added := 0
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		added = 0
		return inBatches(urls, func(batch []string) error {
			if _, err := s.exec(ctx, tx, "UPDATE photos SET seen_at = ? WHERE site = ? AND url_hash IN ("+placeholders(len(batch))+")",
				hashArgs(batch, at, site)...); err != nil {
				return err
			}
			args := make([]any, 0, 6*len(batch))
			for _, u := range batch {
				args = append(args, site, urlHash(u), u, store.PhotoWaiting, at, at)
			}
			n, err := affected(s.exec(ctx, tx, "INSERT INTO photos (site, url_hash, url, status, next_try, seen_at) VALUES "+
				rowPlaceholders(6, len(batch))+" ON CONFLICT (site, url_hash) DO NOTHING", args...))
			added += n
			return err
		})
	})
	if err != nil {
		return 0, s.errorf("add photos", err)
	}
	return added, nil
}

// rowPlaceholders is rows parenthesised groups of n placeholders.
func rowPlaceholders(n, rows int) string {
	row := "(" + placeholders(n) + ")"
	b := make([]byte, 0, rows*(len(row)+2))
	for i := range rows {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = append(b, row...)
	}
	return string(b)
}

// DuePhotos lists the site's waiting photos due by now, oldest first.
func (s *Store) DuePhotos(ctx context.Context, site string, now time.Time, limit int) ([]store.Photo, error) {
	if limit <= 0 {
		return nil, nil
	}
	rows, err := s.query(ctx, s.read, "SELECT "+photoColumns+" FROM photos WHERE site = ? AND status IN (?, ?) AND next_try <= ?"+
		" ORDER BY CASE WHEN status = ? THEN 0 ELSE 1 END, next_try, url LIMIT ?",
		site, store.PhotoWaiting, store.PhotoFetched, s.at(photoTime(now)), store.PhotoWaiting, limit)
	out, err := collect(rows, err, func(r *sql.Rows) (store.Photo, error) { return scanPhoto(r) })
	if err != nil {
		return nil, s.errorf("due photos", err)
	}
	return out, nil
}

// SavePhoto upserts the photo by site and address; seen_at keeps the later
// of the stored and the given.
func (s *Store) SavePhoto(ctx context.Context, site string, p store.Photo) error {
	if p.URL == "" {
		return s.errorf("save photo", errors.New("no address given"))
	}
	switch p.Status {
	case store.PhotoWaiting, store.PhotoFetched, store.PhotoFailed:
	default:
		return s.errorf("save photo", fmt.Errorf("unknown status %q", p.Status))
	}
	_, err := s.exec(ctx, s.write, `INSERT INTO photos (site, url_hash, `+photoColumns+`)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (site, url_hash) DO UPDATE SET status = excluded.status, content_key = excluded.content_key,
	width = excluded.width, height = excluded.height, etag = excluded.etag, last_modified = excluded.last_modified,
	reason = excluded.reason, attempts = excluded.attempts, next_try = excluded.next_try, fetched_at = excluded.fetched_at,
	seen_at = CASE WHEN excluded.seen_at > photos.seen_at THEN excluded.seen_at ELSE photos.seen_at END`,
		site, urlHash(p.URL), p.URL, p.Status, p.Key, p.Width, p.Height, p.ETag, p.LastModified, p.Reason, p.Attempts,
		s.at(photoTime(p.NextTry)), s.optional(photoTime(p.FetchedAt)), s.at(photoTime(p.SeenAt)))
	if err != nil {
		return s.errorf("save photo", err)
	}
	return nil
}

// PhotosByURL reads the known ones among urls, a batch of addresses a
// query.
func (s *Store) PhotosByURL(ctx context.Context, site string, urls []string) (map[string]store.Photo, error) {
	urls = uniqueURLs(urls)
	out := make(map[string]store.Photo, len(urls))
	err := inBatches(urls, func(batch []string) error {
		rows, err := s.query(ctx, s.read, "SELECT "+photoColumns+" FROM photos WHERE site = ? AND url_hash IN ("+placeholders(len(batch))+")",
			hashArgs(batch, site)...)
		got, err := collect(rows, err, func(r *sql.Rows) (store.Photo, error) { return scanPhoto(r) })
		for _, p := range got {
			out[p.URL] = p
		}
		return err
	})
	if err != nil {
		return nil, s.errorf("photos by url", err)
	}
	return out, nil
}

// PhotoByKey returns the site's fetched photo with that content key, or a
// not_found error.
func (s *Store) PhotoByKey(ctx context.Context, site, key string) (store.Photo, error) {
	notFound := &catalog.Error{Code: catalog.ENotFound, Message: "Photo not found."}
	if key == "" {
		return store.Photo{}, notFound
	}
	p, err := scanPhoto(s.queryRow(ctx, s.read, "SELECT "+photoColumns+" FROM photos WHERE content_key = ? AND site = ? AND status = ? ORDER BY url LIMIT 1",
		key, site, store.PhotoFetched))
	if errors.Is(err, sql.ErrNoRows) {
		return store.Photo{}, notFound
	}
	if err != nil {
		return store.Photo{}, s.errorf("photo by key", err)
	}
	return p, nil
}

// PhotoCounts counts the site's photos by state and failed reason in one
// statement.
func (s *Store) PhotoCounts(ctx context.Context, site string) (store.PhotoCounts, error) {
	c := store.PhotoCounts{Reasons: map[string]int{}}
	rows, err := s.query(ctx, s.read, "SELECT status, reason, count(*), MAX(fetched_at) FROM photos WHERE site = ? GROUP BY status, reason", site)
	_, err = collect(rows, err, func(r *sql.Rows) (struct{}, error) {
		var status, reason string
		var n int
		var last time.Time
		if err := r.Scan(&status, &reason, &n, timeCol{&last}); err != nil {
			return struct{}{}, err
		}
		switch status {
		case store.PhotoWaiting:
			c.Waiting += n
		case store.PhotoFetched:
			c.Fetched += n
			if last.After(c.LastFetched) {
				c.LastFetched = last
			}
		case store.PhotoFailed:
			c.Failed += n
			c.Reasons[reason] += n
		}
		return struct{}{}, nil
	})
	if err != nil {
		return store.PhotoCounts{}, s.errorf("photo counts", err)
	}
	return c, nil
}

// DropPhotos deletes the site's rows of urls and, in the same transaction,
// finds which of the content keys they held no row holds any more.
func (s *Store) DropPhotos(ctx context.Context, site string, urls []string) ([]string, error) {
	urls = uniqueURLs(urls)
	if len(urls) == 0 {
		return nil, nil
	}
	var orphans []string
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		held := map[string]bool{}
		err := inBatches(urls, func(batch []string) error {
			rows, err := s.query(ctx, tx, "DELETE FROM photos WHERE site = ? AND url_hash IN ("+placeholders(len(batch))+") RETURNING content_key",
				hashArgs(batch, site)...)
			keys, err := collect(rows, err, scanString)
			for _, k := range keys {
				if k != "" {
					held[k] = true
				}
			}
			return err
		})
		if err != nil {
			return err
		}
		keys := make([]string, 0, len(held))
		for k := range held {
			keys = append(keys, k)
		}
		orphans, err = s.unusedKeys(ctx, tx, keys)
		return err
	})
	if err != nil {
		return nil, s.errorf("drop photos", err)
	}
	return orphans, nil
}

// UnusedPhotoKeys answers those of keys no photo record holds.
func (s *Store) UnusedPhotoKeys(ctx context.Context, keys []string) ([]string, error) {
	out, err := s.unusedKeys(ctx, s.read, keys)
	if err != nil {
		return nil, s.errorf("unused photo keys", err)
	}
	return out, nil
}

// unusedKeys is those of keys (repeats and "" ignored) that no record
// holds, sorted.
func (s *Store) unusedKeys(ctx context.Context, q querier, keys []string) ([]string, error) {
	keys = uniqueURLs(keys)
	slices.Sort(keys)
	var out []string
	err := inBatches(keys, func(batch []string) error {
		args := make([]any, len(batch))
		for i, k := range batch {
			args[i] = k
		}
		rows, err := s.query(ctx, q, "SELECT DISTINCT content_key FROM photos WHERE content_key IN ("+placeholders(len(batch))+")", args...)
		used, err := collect(rows, err, scanString)
		if err != nil {
			return err
		}
		for _, k := range batch {
			if !slices.Contains(used, k) {
				out = append(out, k)
			}
		}
		return nil
	})
	return out, err
}

// StalePhotos lists the site's addresses last seen before before.
func (s *Store) StalePhotos(ctx context.Context, site string, before time.Time) ([]string, error) {
	rows, err := s.query(ctx, s.read, "SELECT url FROM photos WHERE site = ? AND seen_at < ? ORDER BY url", site, s.at(photoTime(before)))
	out, err := collect(rows, err, scanString)
	if err != nil {
		return nil, s.errorf("stale photos", err)
	}
	return out, nil
}

func scanString(r *sql.Rows) (string, error) {
	var v string
	err := r.Scan(&v)
	return v, err
}
