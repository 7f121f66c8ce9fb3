package photos

import (
	"bytes"
	"context"
	"crypto/sha256"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"forecourt/internal/catalog"
	"forecourt/internal/store"
	"forecourt/internal/store/sqlite"
)

// openStore is a new SQLite store in the test's directory, closed after.
func openStore(tb testing.TB) *sqlite.DB {
	tb.Helper()
	st, err := sqlite.Open(context.Background(), filepath.Join(tb.TempDir(), "f.db"))
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { st.Close() })
	return st
}

func encoded(t *testing.T, w, h int, asPNG bool) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.Set(x, y, color.RGBA{uint8(x), uint8(y), 120, 255})
		}
	}
	var b bytes.Buffer
	var err error
	if asPNG {
		err = png.Encode(&b, img)
	} else {
		err = jpeg.Encode(&b, img, &jpeg.Options{Quality: 80})
	}
	if err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestIngestFetchesStoresAndRewrites takes a feed's photo addresses
// through the worker and the rewrite: good photos come back as /img/
// addresses of stored originals, bad ones are failed with their reason
// and left out, and a car with none left has no photo at all.
func TestIngestFetchesStoresAndRewrites(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	jpg, pngAsJPG := encoded(t, 300, 200, false), encoded(t, 120, 80, true)
	var requests atomic.Int64
	mux := http.NewServeMux()
	mux.HandleFunc("/a.jpg", func(w http.ResponseWriter, r *http.Request) { requests.Add(1); w.Write(jpg) })
	mux.HandleFunc("/b.jpg", func(w http.ResponseWriter, r *http.Request) { requests.Add(1); w.Write(pngAsJPG) })
	mux.HandleFunc("/gone.jpg", func(w http.ResponseWriter, r *http.Request) { requests.Add(1); http.NotFound(w, r) })
	mux.HandleFunc("/text.jpg", func(w http.ResponseWriter, r *http.Request) { requests.Add(1); io.WriteString(w, "<html>no</html>") })
	mux.HandleFunc("/meta.jpg", func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		http.Redirect(w, r, "http://169.254.169.254/latest/meta-data", http.StatusFound)
	})
	src := httptest.NewServer(mux)
	defer src.Close()

	st := openStore(t)
	blobs := NewDirBlobs(t.TempDir())
	const site = "coastal"
	cars := []catalog.Car{
		{ID: 1, Images: []catalog.Image{{URL: src.URL + "/a.jpg"}, {URL: src.URL + "/gone.jpg"}, {URL: src.URL + "/b.jpg"}},
			PrimaryImageURL: src.URL + "/a.jpg"},
		{ID: 2, Images: []catalog.Image{{URL: src.URL + "/text.jpg"}, {URL: src.URL + "/meta.jpg"}}, PrimaryImageURL: src.URL + "/text.jpg"},
		{ID: 3, Images: []catalog.Image{{URL: "/img/car/3/suv/ffffff/30.jpg"}}, PrimaryImageURL: "/img/car/3/suv/ffffff/30.jpg"},
	}
	addrs := Addresses(cars)
	if len(addrs) != 5 {
		t.Fatalf("addresses %v", addrs)
	}
	if n, err := st.AddPhotos(ctx, site, addrs, time.Now()); err != nil || n != 5 {
		t.Fatalf("added %d, %v", n, err)
	}
	changed := 0
	in := &Ingest{Store: st, Blobs: blobs, Node: "a", Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Fetcher: &Fetcher{Allow: []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}, Retries: 0},
		Changed: func(string) { changed++ }}
	if got := in.Round(ctx, site, time.Now()); got != 2 || changed != 1 {
		t.Fatalf("fetched %d (changed told %d times), want 2 and 1", got, changed)
	}
	counts, err := st.PhotoCounts(ctx, site)
	if err != nil {
		t.Fatal(err)
	}
	// A 404, a web page and a redirect to the metadata address are
	// failed for good, each with its reason.
	if counts.Fetched != 2 || counts.Failed != 3 || counts.Waiting != 0 {
		t.Errorf("counts %+v", counts)
	}
	for _, want := range []string{"404", "not a JPEG", "169.254.169.254"} {
		found := false
		for reason := range counts.Reasons {
			found = found || strings.Contains(reason, want)
		}
		if !found {
			t.Errorf("no failure reason names %q: %v", want, counts.Reasons)
		}
	}
	// A second round finds nothing due: nothing is fetched again.
	before := requests.Load()
	if got := in.Round(ctx, site, time.Now()); got != 0 || requests.Load() != before {
		t.Errorf("second round fetched %d with %d more requests", got, requests.Load()-before)
	}

	rw := Rewriter{Store: st}
	if err := rw.Rewrite(ctx, site, cars); err != nil {
		t.Fatal(err)
	}
	c := cars[0]
	if len(c.Images) != 2 || !strings.HasPrefix(c.Images[0].URL, "/img/photo/") || c.PrimaryImageURL != c.Images[0].URL ||
		c.Images[0].Thumb.URL != c.Images[0].URL+"?w=200" {
		t.Fatalf("car 1 images %+v primary %q", c.Images, c.PrimaryImageURL)
	}
	key := strings.TrimSuffix(strings.TrimPrefix(c.Images[1].URL, "/img/photo/"), ".jpg")
	data, err := blobs.Get(ctx, key)
	if err != nil {
		t.Fatal(err)
	}
	if cfg, format, err := image.DecodeConfig(bytes.NewReader(data)); err != nil || format != "png" || cfg.Width != 120 {
		t.Errorf("the PNG named .jpg is stored as %s %dx%d (%v)", format, cfg.Width, cfg.Height, err)
	}
	if len(cars[1].Images) != 0 || cars[1].PrimaryImageURL != "" {
		t.Errorf("a car whose photos all failed keeps %+v %q", cars[1].Images, cars[1].PrimaryImageURL)
	}
	if cars[2].PrimaryImageURL != "/img/car/3/suv/ffffff/30.jpg" || len(cars[2].Images) != 1 {
		t.Errorf("the site's own picture changed: %+v", cars[2])
	}

	// Photos no import names any more are dropped with their originals.
	in.KeepFor = time.Minute
	if n, err := in.Collect(ctx, site, time.Now().Add(time.Hour)); err != nil || n != 5 {
		t.Fatalf("collected %d, %v", n, err)
	}
	if ok, _ := blobs.Has(ctx, key); ok {
		t.Error("a dropped photo's original is still stored")
	}
	if counts, _ := st.PhotoCounts(ctx, site); counts.Fetched+counts.Waiting+counts.Failed != 0 {
		t.Errorf("after collecting: %+v", counts)
	}
}

// TestANodeSeesPhotosAnotherFetched: a node tells Changed of the photos
// another node fetched, the first time it looks as well as after, when
// they may be newer than what it read at its start; photos fetched well
// before it started were in what it read, and a look that finds nothing
// new tells nobody.
func TestANodeSeesPhotosAnotherFetched(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	jpg := encoded(t, 300, 200, false)
	src := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write(jpg) }))
	defer src.Close()
	st := openStore(t)
	blobs := NewDirBlobs(t.TempDir())
	const site = "coastal"
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	fetcher := &Fetcher{Allow: []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}}
	node := func(name string, since time.Time, changed *int) *Ingest {
		return &Ingest{Store: st, Blobs: blobs, Node: name, Logger: quiet, Fetcher: fetcher, Since: since,
			Changed: func(string) { *changed++ }}
	}
	if _, err := st.AddPhotos(ctx, site, []string{src.URL + "/1.jpg"}, time.Now()); err != nil {
		t.Fatal(err)
	}
	var byA, byB, byOld int
	a := node("a", time.Now(), &byA)
	b := node("b", time.Now(), &byB)                        // started before a fetched
	old := node("old", time.Now().Add(2*clockSkew), &byOld) // read its stock after a fetched
	if got := a.Round(ctx, site, time.Now()); got != 1 || byA != 1 {
		t.Fatalf("a fetched %d and told %d times", got, byA)
	}
	b.notice(ctx, site, false)
	old.notice(ctx, site, false)
	if byB != 1 || byOld != 0 {
		t.Errorf("first looks told %d (started before the fetch) and %d (after it), want 1 and 0", byB, byOld)
	}
	before := byB
	b.notice(ctx, site, false)
	if byB != before {
		t.Error("a look that found nothing new told Changed")
	}
	if _, err := st.AddPhotos(ctx, site, []string{src.URL + "/2.jpg"}, time.Now()); err != nil {
		t.Fatal(err)
	}
	a.Round(ctx, site, time.Now())
	old.notice(ctx, site, false)
	if byOld != 1 {
		t.Errorf("a photo fetched after the first look was not told (%d)", byOld)
	}
}

// TestIngestLooksAgainKeepsAndReplaces: a fetched photo is asked for again
// once its Recheck is due. Unchanged (304) it keeps its original and tells
// nobody; replaced at the same address, the new original is served and
// the old deleted; with the source down it keeps what it has. Collect
// keeps every photo of a car the site shows, however long ago an import
// named it, and drops the others once KeepFor has passed.
func TestIngestLooksAgainKeepsAndReplaces(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	first, second := encoded(t, 300, 200, false), encoded(t, 200, 300, false)
	body := first
	down := false
	var asked, notModified int
	var mu sync.Mutex // a round's workers ask at once
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		asked++
		if down {
			http.Error(w, "down", http.StatusServiceUnavailable)
			return
		}
		etag := fmt.Sprintf(`"%x"`, sha256.Sum256(body))
		if r.Header.Get("If-None-Match") == etag {
			notModified++
			w.WriteHeader(http.StatusNotModified)
			return
		}
		w.Header().Set("ETag", etag)
		w.Write(body)
	})
	src := httptest.NewServer(mux)
	defer src.Close()
	st := openStore(t)
	blobs := NewDirBlobs(t.TempDir())
	const site = "coastal"
	shownCar := catalog.Car{ID: 1, Images: []catalog.Image{{URL: src.URL + "/shown.jpg"}}}
	goneCar := catalog.Car{ID: 2, Images: []catalog.Image{{URL: src.URL + "/gone.jpg"}}}
	t0 := time.Now()
	if _, err := st.AddPhotos(ctx, site, Addresses([]catalog.Car{shownCar, goneCar}), t0); err != nil {
		t.Fatal(err)
	}
	changed := 0
	in := &Ingest{Store: st, Blobs: blobs, Node: "a", Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Fetcher: &Fetcher{Retries: -1}, Recheck: time.Millisecond, KeepFor: time.Hour,
		// The source is on 127.0.0.1: private, fetched only because the
		// site's own file allows it.
		Allow: func(s string) []netip.Prefix {
			return map[string][]netip.Prefix{site: {netip.MustParsePrefix("127.0.0.1/32")}}[s]
		},
		Shown:   func(context.Context, string) ([]catalog.Car, error) { return []catalog.Car{shownCar}, nil },
		Changed: func(string) { changed++ }}
	if got := in.Round(ctx, "other-site", t0); got != 0 {
		t.Fatalf("a site with no photos fetched %d", got)
	}
	if got := in.Round(ctx, site, t0); got != 2 || changed != 1 {
		t.Fatalf("first round changed %d photos (told %d times), want 2 and 1", got, changed)
	}
	key := func() string {
		t.Helper()
		p, err := st.PhotosByURL(ctx, site, []string{src.URL + "/shown.jpg"})
		if err != nil {
			t.Fatal(err)
		}
		return p[src.URL+"/shown.jpg"].Key
	}
	k1 := key()

	// Unchanged: asked with its validator, answered 304, nothing redrawn.
	time.Sleep(2 * time.Millisecond) // past Recheck
	if got := in.Round(ctx, site, time.Now()); got != 0 || notModified != 2 || changed != 1 {
		t.Fatalf("unchanged: %d changed, %d answered 304, told %d times", got, notModified, changed)
	}
	// The source down: the photo stays fetched and served.
	down = true
	time.Sleep(2 * time.Millisecond)
	before := asked
	if got := in.Round(ctx, site, time.Now()); got != 0 || asked == before || key() != k1 {
		t.Fatalf("source down: %d changed, asked %d times, key %s → %s", got, asked-before, k1, key())
	}
	if c, _ := st.PhotoCounts(ctx, site); c.Fetched != 2 || c.Failed != 0 {
		t.Errorf("source down: counts %+v, want both still fetched", c)
	}
	// Replaced at the same address: the new original, the old deleted.
	down, body = false, second
	time.Sleep(2 * time.Millisecond)
	if got := in.Round(ctx, site, time.Now()); got != 2 || changed != 2 {
		t.Fatalf("replaced: %d changed (told %d times), want 2 and 2", got, changed)
	}
	k2 := key()
	if k2 == k1 {
		t.Fatal("the replaced photo kept its old original")
	}
	data, err := blobs.Get(ctx, k2)
	if err != nil {
		t.Fatal(err)
	}
	if cfg, _, _ := image.DecodeConfig(bytes.NewReader(data)); cfg.Width != 200 || cfg.Height != 300 {
		t.Errorf("the new original is %dx%d, want 200x300", cfg.Width, cfg.Height)
	}
	if ok, _ := blobs.Has(ctx, k1); ok {
		t.Error("the replaced original is still stored")
	}

	// A week on, no import named either: the shown car's photo stays.
	if n, err := in.Collect(ctx, site, t0.Add(7*24*time.Hour)); err != nil || n != 1 {
		t.Fatalf("collected %d (%v), want the gone car's one", n, err)
	}
	left, _ := st.PhotosByURL(ctx, site, []string{src.URL + "/shown.jpg", src.URL + "/gone.jpg"})
	if _, ok := left[src.URL+"/shown.jpg"]; !ok || len(left) != 1 {
		t.Errorf("after collecting: %v", left)
	}
	if ok, _ := blobs.Has(ctx, k2); !ok {
		t.Error("the shown car's original was deleted")
	}

	// Without the site's allow-list the same source is refused.
	if _, err := in.fetcher("other-site").Fetch(ctx, src.URL+"/shown.jpg", Validators{}); err == nil {
		t.Error("another site fetched from a private address")
	}
}

// TestRewriteLocations: a location's picture on another server is the
// site's own /img/ address once fetched, the drawn picture of the
// location until then; a picture of the site's own stays as it is.
func TestRewriteLocations(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := openStore(t)
	const site = "coastal"
	fetched, waiting := "https://photos.dealer.example/gosford.jpg", "https://photos.dealer.example/tuggerah.jpg"
	if _, err := st.AddPhotos(ctx, site, []string{fetched, waiting}, time.Now()); err != nil {
		t.Fatal(err)
	}
	key := fmt.Sprintf("%064x", 5)
	if err := st.SavePhoto(ctx, site, store.Photo{URL: fetched, Status: store.PhotoFetched, Key: key, Width: 1200, Height: 800}); err != nil {
		t.Fatal(err)
	}
	pic := func(u string) catalog.Image { return catalog.Image{URL: u, Thumb: catalog.ImageRef{URL: u + "?w=200"}} }
	locs := []catalog.Location{{ID: 1, Image: pic(fetched)}, {ID: 2, Image: pic(waiting)}, {ID: 3, Image: pic("/img/location/3.jpg")}}
	if err := (Rewriter{Store: st}).RewriteLocations(ctx, site, locs); err != nil {
		t.Fatal(err)
	}
	want := []catalog.Image{pic("/img/photo/" + key + ".jpg"), pic("/img/location/2.jpg"), pic("/img/location/3.jpg")}
	for i, l := range locs {
		if l.Image != want[i] {
			t.Errorf("location %d: %+v, want %+v", l.ID, l.Image, want[i])
		}
	}
}
