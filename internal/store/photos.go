package store

import (
	"context"
	"time"
)

// Photo states.
const (
	PhotoWaiting = "waiting" // known, not fetched yet (or to be tried again)
	PhotoFetched = "fetched"
	PhotoFailed  = "failed" // gave up: Reason says why
)

// Photo is one source address of a site's photos (a dealer's photo that a
// feed names, fetched once by the server and stored by content hash) and
// what became of it. Times come back in UTC, cut to the microsecond (what
// both databases keep).
type Photo struct {
	URL                string // the address as the feed gives it (the key, with the site)
	Status             string // PhotoWaiting, PhotoFetched or PhotoFailed
	Key                string // content key (hex SHA-256) of the stored original; "" until fetched
	Width, Height      int
	ETag, LastModified string    // the source's validators for a conditional GET
	Reason             string    // why the last try failed
	Attempts           int       // tries so far
	NextTry            time.Time // due from then (the zero time: at once): a waiting photo's next try, a fetched one's next look
	FetchedAt          time.Time // zero until fetched
	SeenAt             time.Time // the last import that named it
}

// PhotoCounts are a site's photos by state.
type PhotoCounts struct {
	Waiting, Fetched, Failed int
	Reasons                  map[string]int // failed photos by reason; never nil
	// LastFetched is the latest FetchedAt of the fetched photos (zero
	// when none): it moves when a photo is fetched or replaced.
	LastFetched time.Time
}

// PhotoStore keeps each site's record of its photo addresses. An address
// is the key with the site: the same address on two sites is two records,
// and no method reads or changes another site's.
type PhotoStore interface {
	// AddPhotos records addresses: a new one as waiting (due now), a known
	// one only has SeenAt set to now. Repeats and "" among urls are
	// ignored. Returns how many were new.
	AddPhotos(ctx context.Context, site string, urls []string, now time.Time) (int, error)
	// DuePhotos is at most limit photos whose NextTry is at or before
	// now: the waiting ones first, then the fetched ones due to be looked
	// at again (a photo replaced at the same address), each oldest
	// NextTry first (then by URL). Failed photos are never due.
	DuePhotos(ctx context.Context, site string, now time.Time, limit int) ([]Photo, error)
	// SavePhoto stores a photo's new state by site and URL, every field as
	// given but SeenAt, which never moves back (an import may have named
	// the photo while it was being fetched); an unknown URL is inserted.
	// An empty URL or an unknown Status is refused.
	SavePhoto(ctx context.Context, site string, p Photo) error
	// PhotosByURL answers the known ones among urls, by URL.
	PhotosByURL(ctx context.Context, site string, urls []string) (map[string]Photo, error)
	// PhotoByKey finds a fetched photo of the site by its content key (for
	// serving); a key no fetched photo of the site has is a not_found
	// catalog.Error. Of several addresses with the same content, the
	// first by URL answers.
	PhotoByKey(ctx context.Context, site, key string) (Photo, error)
	// PhotoCounts counts the site's photos by state, and the failed ones
	// by reason.
	PhotoCounts(ctx context.Context, site string) (PhotoCounts, error)
	// UnusedPhotoKeys answers, sorted, those of keys that no record (of
	// any site, in any state) holds: originals the caller may delete.
	UnusedPhotoKeys(ctx context.Context, keys []string) ([]string, error)
	// DropPhotos removes the site's records of these addresses and returns
	// the content keys that no record (of any site, in any state) holds
	// any more, sorted: the caller deletes those originals.
	DropPhotos(ctx context.Context, site string, urls []string) ([]string, error)
	// StalePhotos lists, sorted, the site's addresses whose SeenAt is
	// before before (for dropping photos of cars gone from the feed).
	StalePhotos(ctx context.Context, site string, before time.Time) ([]string, error)
}
