package storetest

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"forecourt/internal/catalog"
	"forecourt/internal/store"
)

// runPhotoTests is the car-photo part of the suite: the record of each
// site's photo addresses and what became of them.
func runPhotoTests(t *testing.T, fresh func(t *testing.T) store.Store) {
	tests := []struct {
		name string
		fn   func(t *testing.T, s store.Store)
	}{
		{"PhotosAddAndAddAgain", testPhotosAdd},
		{"PhotosDue", testPhotosDue},
		{"PhotoSaveStates", testPhotoSave},
		{"PhotosManyAndLongURLs", testPhotosMany},
		{"PhotoByKey", testPhotoByKey},
		{"PhotoCounts", testPhotoCounts},
		{"DropPhotosOrphanKeysAndUnusedKeys", testDropPhotos},
		{"StalePhotos", testStalePhotos},
		{"PhotosPerSite", testPhotosPerSite},
	}
	runEach(t, tests, fresh)
}

// photoAt is a time with nanoseconds, in another zone: stored, it comes
// back in UTC cut to the microsecond.
func photoAt(min int) time.Time {
	return day(2026, 11, 24, 9, min).Add(123456789 * time.Nanosecond).In(time.FixedZone("AEST", 10*3600))
}

func stored(t time.Time) time.Time { return t.UTC().Truncate(time.Microsecond) }

func photoURL(i int) string { return fmt.Sprintf("https://photos.dealer.example/stock/%05d.jpg", i) }

// contentKey is a content key as the photo store makes them (hex SHA-256).
func contentKey(s string) string {
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:])
}

// longURL is an address of about n bytes that does not compress (a query
// of hex digests), as a signed CDN address may be.
func longURL(seed string, n int) string {
	var b strings.Builder
	b.WriteString("https://cdn.dealer.example/img/" + seed + ".jpg?sig=")
	for i := 0; b.Len() < n; i++ {
		b.WriteString(contentKey(fmt.Sprint(seed, i)))
	}
	return b.String()
}

func addPhotos(t *testing.T, s store.Store, site string, urls []string, now time.Time) int {
	t.Helper()
	n, err := s.AddPhotos(ctx, site, urls, now)
	must(t, err)
	return n
}

func photosByURL(t *testing.T, s store.Store, site string, urls ...string) map[string]store.Photo {
	t.Helper()
	got, err := s.PhotosByURL(ctx, site, urls)
	must(t, err)
	return got
}

func photoOf(t *testing.T, s store.Store, site, url string) store.Photo {
	t.Helper()
	p, ok := photosByURL(t, s, site, url)[url]
	if !ok {
		t.Fatalf("%s has no record of %s", site, url)
	}
	return p
}

func duePhotos(t *testing.T, s store.Store, site string, now time.Time, limit int) []string {
	t.Helper()
	due, err := s.DuePhotos(ctx, site, now, limit)
	must(t, err)
	urls := []string{}
	for _, p := range due {
		if p.Status != store.PhotoWaiting && p.Status != store.PhotoFetched {
			t.Errorf("DuePhotos gave %s, %s", p.URL, p.Status)
		}
		urls = append(urls, p.URL)
	}
	return urls
}

// fetchedPhoto is url fetched at at, its content key that of content,
// next looked at a day later.
func fetchedPhoto(url, content string, at time.Time) store.Photo {
	return store.Photo{
		URL: url, Status: store.PhotoFetched, Key: contentKey(content), Width: 1600, Height: 1200,
		ETag: `"v1-` + content + `"`, LastModified: "Tue, 24 Nov 2026 08:00:00 GMT",
		Attempts: 1, NextTry: stored(at.Add(24 * time.Hour)), FetchedAt: stored(at), SeenAt: stored(at),
	}
}

// testPhotosAdd: new addresses are waiting and due at once; adding again
// counts only the new, moves SeenAt of the known and keeps their state;
// repeats and "" are no addresses.
func testPhotosAdd(t *testing.T, s store.Store) {
	t0, t1 := photoAt(0), photoAt(30)
	a, b, c, d := photoURL(1), photoURL(2), photoURL(3), photoURL(4)
	if n := addPhotos(t, s, siteA, nil, t0); n != 0 {
		t.Errorf("AddPhotos of none = %d", n)
	}
	if n := addPhotos(t, s, siteA, []string{a, b, c, a, ""}, t0); n != 3 {
		t.Errorf("AddPhotos of 3 new (one repeated, and \"\") = %d, want 3", n)
	}
	want := store.Photo{URL: a, Status: store.PhotoWaiting, NextTry: stored(t0), SeenAt: stored(t0)}
	got := photoOf(t, s, siteA, a)
	equal(t, "a new photo", got, want)
	if got.SeenAt.Location() != time.UTC || got.NextTry.Location() != time.UTC {
		t.Errorf("times not in UTC: %v, %v", got.SeenAt, got.NextTry)
	}
	if _, ok := photosByURL(t, s, siteA, "")[""]; ok {
		t.Error("\"\" was recorded as an address")
	}

	// b fetched, c failed, before the next import names them all again.
	fb := fetchedPhoto(b, "b", photoAt(10))
	must(t, s.SavePhoto(ctx, siteA, fb))
	fc := store.Photo{URL: c, Status: store.PhotoFailed, Reason: "http 404", Attempts: 1, NextTry: stored(t0), SeenAt: stored(t0)}
	must(t, s.SavePhoto(ctx, siteA, fc))

	if n := addPhotos(t, s, siteA, []string{c, b, d, a, d}, t1); n != 1 {
		t.Errorf("AddPhotos again with 1 new = %d, want 1", n)
	}
	got2 := photosByURL(t, s, siteA, a, b, c, d)
	want.SeenAt = stored(t1)
	equal(t, "a known waiting photo added again", got2[a], want)
	fb.SeenAt = stored(t1)
	equal(t, "a fetched photo added again", got2[b], fb)
	fc.SeenAt = stored(t1)
	equal(t, "a failed photo added again", got2[c], fc)
	equal(t, "a photo new in the second import", got2[d], store.Photo{URL: d, Status: store.PhotoWaiting, NextTry: stored(t1), SeenAt: stored(t1)})
	if n := addPhotos(t, s, siteA, []string{a, b, c, d}, photoAt(40)); n != 0 {
		t.Errorf("AddPhotos of known ones only = %d, want 0", n)
	}
}

// testPhotosDue: photos due by now, the waiting ones first, each oldest
// NextTry first, at most limit; one due later, and failed ones, are not
// due; a fetched one is due for a look again from its NextTry.
func testPhotosDue(t *testing.T, s store.Store) {
	now := photoAt(30)
	if due := duePhotos(t, s, siteA, now, 10); len(due) != 0 {
		t.Fatalf("DuePhotos of an empty store = %v", due)
	}
	// Added in reverse order of when they are due.
	for i := 5; i >= 1; i-- {
		addPhotos(t, s, siteA, []string{photoURL(i)}, photoAt(30-i))
	}
	// 3 is retried later than now: not due; 6 is due at exactly now.
	retry := photoOf(t, s, siteA, photoURL(3))
	retry.Attempts, retry.Reason, retry.NextTry = 1, "timeout", now.Add(time.Microsecond)
	must(t, s.SavePhoto(ctx, siteA, retry))
	addPhotos(t, s, siteA, []string{photoURL(6)}, now)
	looked := fetchedPhoto(photoURL(7), "7", photoAt(1))
	looked.NextTry = stored(photoAt(1))
	must(t, s.SavePhoto(ctx, siteA, looked))
	later := fetchedPhoto(photoURL(10), "10", photoAt(1))
	later.NextTry = stored(now.Add(time.Hour))
	must(t, s.SavePhoto(ctx, siteA, later))
	must(t, s.SavePhoto(ctx, siteA, store.Photo{URL: photoURL(8), Status: store.PhotoFailed, Reason: "not an image", NextTry: stored(photoAt(1))}))

	equal(t, "DuePhotos", duePhotos(t, s, siteA, now, 10), []string{photoURL(5), photoURL(4), photoURL(2), photoURL(1), photoURL(6), photoURL(7)})
	equal(t, "DuePhotos limited to 2", duePhotos(t, s, siteA, now, 2), []string{photoURL(5), photoURL(4)})
	equal(t, "DuePhotos a minute earlier", duePhotos(t, s, siteA, photoAt(29), 10), []string{photoURL(5), photoURL(4), photoURL(2), photoURL(1), photoURL(7)})
	equal(t, "DuePhotos once the retry is due", duePhotos(t, s, siteA, now.Add(time.Second), 10),
		[]string{photoURL(5), photoURL(4), photoURL(2), photoURL(1), photoURL(6), photoURL(3), photoURL(7)})
	equal(t, "DuePhotos once the fetched one's next look is due", duePhotos(t, s, siteA, now.Add(time.Hour), 10),
		[]string{photoURL(5), photoURL(4), photoURL(2), photoURL(1), photoURL(6), photoURL(3), photoURL(7), photoURL(10)})
	if due := duePhotos(t, s, siteA, now, 0); len(due) != 0 {
		t.Errorf("DuePhotos with limit 0 = %v", due)
	}
	// A due photo comes whole.
	due, err := s.DuePhotos(ctx, siteA, now.Add(time.Second), 10)
	must(t, err)
	equal(t, "a due photo retried", due[5], photoOf(t, s, siteA, photoURL(3)))
	if due[5].Reason != "timeout" || due[5].Attempts != 1 || !due[5].NextTry.Equal(stored(now.Add(time.Microsecond))) {
		t.Errorf("the retried photo = %+v", due[5])
	}
	// A photo saved waiting with no NextTry is due at once.
	must(t, s.SavePhoto(ctx, siteA, store.Photo{URL: photoURL(9), Status: store.PhotoWaiting}))
	if got := duePhotos(t, s, siteA, photoAt(0), 1); !slices.Equal(got, []string{photoURL(9)}) {
		t.Errorf("DuePhotos with a photo of no NextTry = %v, want it first", got)
	}
}

// testPhotoSave: fetched, failed and waiting-again states round-trip;
// saving an unknown address inserts it; SeenAt never moves back; an empty
// address or an unknown state is refused.
func testPhotoSave(t *testing.T, s store.Store) {
	u := longURL("save", 300)
	addPhotos(t, s, siteA, []string{u}, photoAt(0))

	// A try that failed, to be tried again.
	p := photoOf(t, s, siteA, u)
	p.Attempts, p.Reason, p.NextTry = 1, "http 503", photoAt(1)
	must(t, s.SavePhoto(ctx, siteA, p))
	p.NextTry = stored(p.NextTry)
	equal(t, "a photo to be tried again", photoOf(t, s, siteA, u), p)

	// Fetched: every field.
	f := fetchedPhoto(u, "content", photoAt(2))
	f.Attempts, f.SeenAt, f.FetchedAt = 2, stored(photoAt(0)), photoAt(2).Add(time.Nanosecond)
	must(t, s.SavePhoto(ctx, siteA, f))
	f.FetchedAt = stored(f.FetchedAt)
	got := photoOf(t, s, siteA, u)
	equal(t, "a fetched photo", got, f)
	if got.FetchedAt.Location() != time.UTC {
		t.Errorf("FetchedAt %v not in UTC", got.FetchedAt)
	}

	// Failed for good: the validators and key of an earlier fetch may stay
	// or go as the caller says; here cleared.
	failed := store.Photo{URL: u, Status: store.PhotoFailed, Reason: "not an image", Attempts: 3, NextTry: stored(photoAt(3)), SeenAt: stored(photoAt(0))}
	must(t, s.SavePhoto(ctx, siteA, failed))
	equal(t, "a failed photo", photoOf(t, s, siteA, u), failed)

	// SeenAt saved earlier than stored stays; later moves.
	addPhotos(t, s, siteA, []string{u}, photoAt(20))
	failed.SeenAt = stored(photoAt(5))
	must(t, s.SavePhoto(ctx, siteA, failed))
	if got := photoOf(t, s, siteA, u); !got.SeenAt.Equal(stored(photoAt(20))) {
		t.Errorf("SeenAt after saving an older one = %v, want %v", got.SeenAt, stored(photoAt(20)))
	}
	failed.SeenAt = stored(photoAt(25))
	must(t, s.SavePhoto(ctx, siteA, failed))
	equal(t, "a photo saved with a later SeenAt", photoOf(t, s, siteA, u), failed)

	// An address never added is inserted as given.
	n := fetchedPhoto(photoURL(99), "99", photoAt(4))
	must(t, s.SavePhoto(ctx, siteA, n))
	equal(t, "a photo saved unknown", photoOf(t, s, siteA, n.URL), n)

	if err := s.SavePhoto(ctx, siteA, store.Photo{Status: store.PhotoWaiting}); err == nil {
		t.Error("SavePhoto with no address succeeded")
	}
	if err := s.SavePhoto(ctx, siteA, store.Photo{URL: photoURL(100), Status: "fetching"}); err == nil {
		t.Error("SavePhoto with an unknown status succeeded")
	}
	if _, ok := photosByURL(t, s, siteA, photoURL(100))[photoURL(100)]; ok {
		t.Error("a refused photo was stored")
	}
}

// testPhotosMany: a feed's worth of addresses in one call (past SQLite's
// limit on parameters), and addresses of a few KB that do not compress,
// in every method that takes addresses.
func testPhotosMany(t *testing.T, s store.Store) {
	const n = 5000
	urls := make([]string, 0, n+3)
	for i := range n {
		urls = append(urls, photoURL(i))
	}
	long := []string{longURL("a", 3000), longURL("b", 5000), longURL("c", 8000)}
	urls = append(urls, long...)
	t0 := photoAt(0)
	if got := addPhotos(t, s, siteA, urls, t0); got != len(urls) {
		t.Fatalf("AddPhotos of %d = %d", len(urls), got)
	}
	if got := addPhotos(t, s, siteA, urls, photoAt(1)); got != 0 {
		t.Fatalf("AddPhotos of %d known = %d", len(urls), got)
	}
	asked := append(slices.Clone(urls), photoURL(n), photoURL(n+1), longURL("unknown", 4000))
	got := photosByURL(t, s, siteA, asked...)
	if len(got) != len(urls) {
		t.Fatalf("PhotosByURL of %d (%d known) = %d", len(asked), len(urls), len(got))
	}
	for _, u := range urls {
		if p, ok := got[u]; !ok || p.URL != u || !p.SeenAt.Equal(stored(photoAt(1))) || !p.NextTry.Equal(stored(t0)) {
			t.Fatalf("PhotosByURL[%.60s…] = %+v, %v", u, p, ok)
		}
	}
	for i, u := range long {
		f := fetchedPhoto(u, fmt.Sprint("long", i), photoAt(2))
		must(t, s.SavePhoto(ctx, siteA, f))
		equal(t, "a fetched long address", photoOf(t, s, siteA, u), f)
	}
	if due := duePhotos(t, s, siteA, photoAt(2), n+10); len(due) != n {
		t.Errorf("%d due, want %d", len(due), n)
	}
	c, err := s.PhotoCounts(ctx, siteA)
	must(t, err)
	if c.Waiting != n || c.Fetched != len(long) {
		t.Errorf("PhotoCounts = %+v", c)
	}
	stale, err := s.StalePhotos(ctx, siteA, photoAt(3))
	must(t, err)
	if len(stale) != len(urls) {
		t.Errorf("%d stale, want %d", len(stale), len(urls))
	}
	orphans, err := s.DropPhotos(ctx, siteA, stale)
	must(t, err)
	if len(orphans) != len(long) {
		t.Errorf("DropPhotos freed %d keys, want the %d fetched", len(orphans), len(long))
	}
	if left := photosByURL(t, s, siteA, asked...); len(left) != 0 {
		t.Errorf("%d photos left after dropping them all", len(left))
	}
}

// testPhotoByKey: a fetched photo is found by its content key on its own
// site only; a key unknown, or held only by a photo not fetched, is not
// found.
func testPhotoByKey(t *testing.T, s store.Store) {
	notFound := func(site, key, what string) {
		t.Helper()
		if _, err := s.PhotoByKey(ctx, site, key); catalog.ErrorCode(err) != catalog.ENotFound {
			t.Errorf("PhotoByKey of %s: err = %v, want not_found", what, err)
		}
	}
	notFound(siteA, contentKey("x"), "a key in an empty store")
	notFound(siteA, "", "the empty key")

	f := fetchedPhoto(photoURL(1), "x", photoAt(0))
	must(t, s.SavePhoto(ctx, siteA, f))
	got, err := s.PhotoByKey(ctx, siteA, f.Key)
	must(t, err)
	equal(t, "PhotoByKey", got, f)
	notFound(siteB, f.Key, "another site's key")
	notFound(siteA, contentKey("y"), "an unknown key")
	notFound(siteA, strings.ToUpper(f.Key), "a key in other case")

	// A photo waiting to be fetched again, or failed, with an earlier key
	// is not served; its site's other address of the same content is.
	again := fetchedPhoto(photoURL(2), "y", photoAt(0))
	again.Status = store.PhotoWaiting
	must(t, s.SavePhoto(ctx, siteA, again))
	gone := fetchedPhoto(photoURL(3), "z", photoAt(0))
	gone.Status, gone.Reason = store.PhotoFailed, "http 410"
	must(t, s.SavePhoto(ctx, siteA, gone))
	notFound(siteA, again.Key, "a waiting photo's key")
	notFound(siteA, gone.Key, "a failed photo's key")
	twin := fetchedPhoto(photoURL(4), "y", photoAt(1))
	must(t, s.SavePhoto(ctx, siteA, twin))
	got, err = s.PhotoByKey(ctx, siteA, twin.Key)
	must(t, err)
	equal(t, "PhotoByKey of content at two addresses", got, twin)

	// The same content on B is B's.
	bf := fetchedPhoto(photoURL(9), "x", photoAt(5))
	must(t, s.SavePhoto(ctx, siteB, bf))
	got, err = s.PhotoByKey(ctx, siteB, f.Key)
	must(t, err)
	equal(t, "PhotoByKey on B", got, bf)
	got, err = s.PhotoByKey(ctx, siteA, f.Key)
	must(t, err)
	equal(t, "PhotoByKey on A once B has the content", got, f)
}

// testPhotoCounts: by state, failed ones by reason, per site.
func testPhotoCounts(t *testing.T, s store.Store) {
	check := func(site string, want store.PhotoCounts) {
		t.Helper()
		got, err := s.PhotoCounts(ctx, site)
		must(t, err)
		equal(t, "PhotoCounts("+site+")", got, want)
	}
	check(siteA, store.PhotoCounts{Reasons: map[string]int{}})

	addPhotos(t, s, siteA, []string{photoURL(1), photoURL(2), photoURL(3), photoURL(4), photoURL(5), photoURL(6), photoURL(7)}, photoAt(0))
	must(t, s.SavePhoto(ctx, siteA, fetchedPhoto(photoURL(1), "1", photoAt(1))))
	must(t, s.SavePhoto(ctx, siteA, fetchedPhoto(photoURL(2), "2", photoAt(3))))
	for i, reason := range []string{"http 404", "http 404", "not an image", "too large"} {
		must(t, s.SavePhoto(ctx, siteA, store.Photo{URL: photoURL(3 + i), Status: store.PhotoFailed, Reason: reason, Attempts: 1}))
	}
	// A waiting photo's last reason is no failure.
	retry := photoOf(t, s, siteA, photoURL(7))
	retry.Reason, retry.Attempts = "timeout", 1
	must(t, s.SavePhoto(ctx, siteA, retry))
	addPhotos(t, s, siteB, []string{photoURL(1), photoURL(8)}, photoAt(0))
	must(t, s.SavePhoto(ctx, siteB, store.Photo{URL: photoURL(8), Status: store.PhotoFailed, Reason: "dns"}))

	check(siteA, store.PhotoCounts{Waiting: 1, Fetched: 2, Failed: 4, Reasons: map[string]int{"http 404": 2, "not an image": 1, "too large": 1},
		LastFetched: stored(photoAt(3))})
	// A photo replaced moves LastFetched on.
	replaced := fetchedPhoto(photoURL(1), "1 again", photoAt(9))
	must(t, s.SavePhoto(ctx, siteA, replaced))
	check(siteA, store.PhotoCounts{Waiting: 1, Fetched: 2, Failed: 4, Reasons: map[string]int{"http 404": 2, "not an image": 1, "too large": 1},
		LastFetched: stored(photoAt(9))})
	check(siteB, store.PhotoCounts{Waiting: 1, Failed: 1, Reasons: map[string]int{"dns": 1}})
	check("no-such-site", store.PhotoCounts{Reasons: map[string]int{}})
}

// testDropPhotos: dropping removes the site's records of the addresses
// only, and returns a content key only once no record of any site, in any
// state, holds it.
func testDropPhotos(t *testing.T, s store.Store) {
	orphans, err := s.DropPhotos(ctx, siteA, []string{photoURL(1)})
	must(t, err)
	if len(orphans) != 0 {
		t.Errorf("dropping an unknown address freed %v", orphans)
	}
	drop := func(site string, urls ...string) []string {
		t.Helper()
		got, err := s.DropPhotos(ctx, site, urls)
		must(t, err)
		if got == nil {
			got = []string{}
		}
		return got
	}
	at := photoAt(0)
	// A's 1 and 2 have the same content; A's 3 and B's 9 another; A's 4 a
	// content of its own; A's 5 is waiting, 6 failed, and 7 waiting to be
	// fetched again while holding an earlier content, which B's 8 has too.
	for _, p := range []store.Photo{
		fetchedPhoto(photoURL(1), "same-site", at), fetchedPhoto(photoURL(2), "same-site", at),
		fetchedPhoto(photoURL(3), "two-sites", at), fetchedPhoto(photoURL(4), "own", at),
		{URL: photoURL(5), Status: store.PhotoWaiting},
		{URL: photoURL(6), Status: store.PhotoFailed, Reason: "http 404"},
	} {
		must(t, s.SavePhoto(ctx, siteA, p))
	}
	refetch := fetchedPhoto(photoURL(7), "refetch", at)
	refetch.Status = store.PhotoWaiting
	must(t, s.SavePhoto(ctx, siteA, refetch))
	must(t, s.SavePhoto(ctx, siteB, fetchedPhoto(photoURL(9), "two-sites", at)))
	must(t, s.SavePhoto(ctx, siteB, fetchedPhoto(photoURL(8), "refetch", at)))
	// B's record of A's address 4 holds nothing.
	addPhotos(t, s, siteB, []string{photoURL(4)}, at)

	unused := func(keys ...string) []string {
		t.Helper()
		got, err := s.UnusedPhotoKeys(ctx, keys)
		must(t, err)
		if got == nil {
			got = []string{}
		}
		return got
	}
	equal(t, "unused keys of none", unused(), []string{})
	equal(t, "unused keys among held and not", unused(contentKey("own"), contentKey("never"), "", contentKey("refetch"), contentKey("gone"), contentKey("never")),
		[]string{min(contentKey("never"), contentKey("gone")), max(contentKey("never"), contentKey("gone"))})

	equal(t, "keys freed dropping one of two same-site holders", drop(siteA, photoURL(1)), []string{})
	equal(t, "keys freed dropping the last same-site holder", drop(siteA, photoURL(2), photoURL(2)), []string{contentKey("same-site")})
	equal(t, "keys freed dropping A's of content B has", drop(siteA, photoURL(3)), []string{})
	equal(t, "keys freed dropping the holder on B", drop(siteB, photoURL(9)), []string{contentKey("two-sites")})
	equal(t, "keys freed dropping a waiting holder of content B has", drop(siteA, photoURL(7)), []string{})
	equal(t, "keys freed dropping photos holding none", drop(siteA, photoURL(5), photoURL(6)), []string{})
	if left := photosByURL(t, s, siteB, photoURL(4), photoURL(8)); len(left) != 2 {
		t.Fatalf("dropping A's photos dropped B's: %v left", len(left))
	}
	equal(t, "keys freed dropping several", drop(siteA, photoURL(4), photoURL(99), "", photoURL(1)), []string{contentKey("own")})
	// Dropped on A, address 4 is still B's, and B's photo 8 still holds
	// the refetched content.
	equal(t, "keys freed dropping B's address 4", drop(siteB, photoURL(4)), []string{})
	got := drop(siteB, photoURL(8))
	equal(t, "keys freed dropping B's last", got, []string{contentKey("refetch")})
	equal(t, "unused keys once dropped", unused(contentKey("refetch"), contentKey("two-sites")), []string{contentKey("refetch"), contentKey("two-sites")})
	for _, site := range []string{siteA, siteB} {
		if left := photosByURL(t, s, site, photoURL(1), photoURL(2), photoURL(3), photoURL(4), photoURL(5), photoURL(6), photoURL(7), photoURL(8), photoURL(9)); len(left) != 0 {
			t.Errorf("%s keeps %d dropped photos", site, len(left))
		}
	}
	// Several keys in one drop come back sorted.
	for i := range 4 {
		must(t, s.SavePhoto(ctx, siteA, fetchedPhoto(photoURL(20+i), fmt.Sprint("k", i), at)))
	}
	got = drop(siteA, photoURL(23), photoURL(21), photoURL(22), photoURL(20))
	want := []string{contentKey("k0"), contentKey("k1"), contentKey("k2"), contentKey("k3")}
	slices.Sort(want)
	equal(t, "keys freed dropping four", got, want)
}

// testStalePhotos: the site's addresses last seen before the cut, sorted;
// adding again freshens them.
func testStalePhotos(t *testing.T, s store.Store) {
	stale := func(site string, before time.Time) []string {
		t.Helper()
		got, err := s.StalePhotos(ctx, site, before)
		must(t, err)
		if got == nil {
			got = []string{}
		}
		return got
	}
	equal(t, "StalePhotos of an empty store", stale(siteA, photoAt(59)), []string{})
	addPhotos(t, s, siteA, []string{photoURL(3), photoURL(1), photoURL(2)}, photoAt(0))
	addPhotos(t, s, siteA, []string{photoURL(4)}, photoAt(10))
	addPhotos(t, s, siteA, []string{photoURL(2)}, photoAt(20))
	addPhotos(t, s, siteB, []string{photoURL(5)}, photoAt(0))

	equal(t, "StalePhotos before the first import", stale(siteA, photoAt(0)), []string{})
	equal(t, "StalePhotos just after the first import", stale(siteA, photoAt(0).Add(time.Microsecond)), []string{photoURL(1), photoURL(3)})
	equal(t, "StalePhotos before the third", stale(siteA, photoAt(20)), []string{photoURL(1), photoURL(3), photoURL(4)})
	equal(t, "StalePhotos after all", stale(siteA, photoAt(21)), []string{photoURL(1), photoURL(2), photoURL(3), photoURL(4)})
	equal(t, "StalePhotos of B", stale(siteB, photoAt(21)), []string{photoURL(5)})
	// A fetched photo is stale by when it was last named, not fetched.
	p := photoOf(t, s, siteA, photoURL(1))
	p.Status, p.Key, p.Attempts, p.FetchedAt = store.PhotoFetched, contentKey("1"), 1, photoAt(30)
	must(t, s.SavePhoto(ctx, siteA, p))
	equal(t, "StalePhotos after a fetch", stale(siteA, photoAt(1)), []string{photoURL(1), photoURL(3)})
}

// testPhotosPerSite: the same address on two sites is two records; no
// method reads or changes another site's.
func testPhotosPerSite(t *testing.T, s store.Store) {
	u := photoURL(1)
	at := photoAt(0)
	if n := addPhotos(t, s, siteA, []string{u, photoURL(2)}, at); n != 2 {
		t.Fatalf("AddPhotos on A = %d", n)
	}
	if n := addPhotos(t, s, siteB, []string{u}, photoAt(5)); n != 1 {
		t.Errorf("AddPhotos on B of A's address = %d, want 1 new", n)
	}
	must(t, s.SavePhoto(ctx, siteA, fetchedPhoto(u, "a", at)))
	equal(t, "B's photo after A's was fetched", photoOf(t, s, siteB, u),
		store.Photo{URL: u, Status: store.PhotoWaiting, NextTry: stored(photoAt(5)), SeenAt: stored(photoAt(5))})
	if a := photoOf(t, s, siteA, u); a.Status != store.PhotoFetched || !a.SeenAt.Equal(stored(at)) {
		t.Errorf("A's photo after B added it: %+v", a)
	}
	equal(t, "due on B", duePhotos(t, s, siteB, photoAt(59), 10), []string{u})
	equal(t, "due on A", duePhotos(t, s, siteA, photoAt(59), 10), []string{photoURL(2)})
	if got := photosByURL(t, s, siteB, photoURL(2)); len(got) != 0 {
		t.Errorf("B reads A's photo: %v", got)
	}
	if got := duePhotos(t, s, "no-such-site", photoAt(59), 10); len(got) != 0 {
		t.Errorf("a site with no photos has %v due", got)
	}
	stale, err := s.StalePhotos(ctx, siteB, photoAt(59))
	must(t, err)
	equal(t, "stale on B", stale, []string{u})
	orphans, err := s.DropPhotos(ctx, siteB, []string{u, photoURL(2)})
	must(t, err)
	if len(orphans) != 0 {
		t.Errorf("dropping B's waiting photo freed %v", orphans)
	}
	if got := photosByURL(t, s, siteA, u, photoURL(2)); len(got) != 2 {
		t.Errorf("dropping on B removed A's: %d left", len(got))
	}
	if _, err := s.PhotoByKey(ctx, siteA, contentKey("a")); err != nil {
		t.Errorf("A's photo by key after B's drop: %v", err)
	}
}
