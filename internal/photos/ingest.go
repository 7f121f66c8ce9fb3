package photos

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"sync"
	"time"

	"forecourt/internal/catalog"
	"forecourt/internal/media"
	"forecourt/internal/store"
)

// External reports whether an image address is on another server (a
// dealer's photo host): those are fetched and served as our own.
func External(addr string) bool {
	a := strings.ToLower(strings.TrimSpace(addr))
	return strings.HasPrefix(a, "http://") || strings.HasPrefix(a, "https://") || strings.HasPrefix(a, "//")
}

// Addresses lists the other servers' photo addresses the cars name:
// their photos, 360° frames and interior panorama, each once.
func Addresses(cars []catalog.Car) []string {
	seen := map[string]bool{}
	var out []string
	add := func(a string) {
		if External(a) && !seen[a] {
			seen[a] = true
			out = append(out, a)
		}
	}
	for _, c := range cars {
		for _, im := range c.Images {
			add(im.URL)
		}
		for _, f := range c.SpinImages {
			add(f)
		}
		add(c.SpinInteriorImage)
	}
	return out
}

// Rewriter turns cars' photo addresses into the site's own.
type Rewriter struct {
	Store interface {
		PhotosByURL(ctx context.Context, site string, urls []string) (map[string]store.Photo, error)
	}
}

// Rewrite gives each fetched photo its /img/ address and leaves out every
// other server's photo that is not fetched (yet, or ever): a page never
// loads a dealer's server, and a car with no photo left shows the
// site's placeholder. A 360° view with a frame missing is left out whole.
// On an error the other servers' photos are all left out.
func (rw Rewriter) Rewrite(ctx context.Context, site string, cars []catalog.Car) error {
	addrs := Addresses(cars)
	var known map[string]store.Photo
	var err error
	if len(addrs) > 0 {
		known, err = rw.Store.PhotosByURL(ctx, site, addrs)
		if err != nil {
			known = nil
		}
	}
	own := func(a string) (string, bool) {
		if !External(a) {
			return a, true
		}
		p, ok := known[a]
		if !ok || p.Status != store.PhotoFetched || p.Key == "" {
			return "", false
		}
		return media.PhotoPath(p.Key), true
	}
	for i := range cars {
		c := &cars[i]
		wasPrimary := c.PrimaryImageURL
		images := c.Images[:0:0]
		for _, im := range c.Images {
			u, ok := own(im.URL)
			if !ok {
				continue
			}
			thumb := im.Thumb
			if External(im.URL) || External(thumb.URL) {
				thumb = catalog.ImageRef{URL: u + "?w=200"}
			}
			images = append(images, catalog.Image{URL: u, Thumb: thumb})
		}
		c.Images = images
		if External(wasPrimary) || wasPrimary == "" {
			c.PrimaryImageURL = ""
			if len(images) > 0 {
				c.PrimaryImageURL = images[0].URL
			}
		}
		spin := make([]string, 0, len(c.SpinImages))
		for _, f := range c.SpinImages {
			if u, ok := own(f); ok {
				spin = append(spin, u)
			}
		}
		if len(spin) != len(c.SpinImages) {
			spin = nil
		}
		if c.SpinImages != nil {
			c.SpinImages = spin
		}
		if c.SpinInteriorImage != "" {
			c.SpinInteriorImage, _ = own(c.SpinInteriorImage)
		}
	}
	return err
}

// Ingest fetches the photos the sites' feeds name, in the background:
// every node runs one, and a lease per site lets one node fetch a site's
// photos at a time.
type Ingest struct {
	Store   store.Store
	Blobs   Blobs
	Fetcher *Fetcher
	Node    string
	Logger  *slog.Logger
	// Changed is told each site some of whose photos were fetched.
	Changed func(site string)
	// Tick is how often the waiting photos are looked at (default 2 s).
	Tick time.Duration
	// Batch is how many photos one round of a site fetches (default 24);
	// Workers fetch at once (default 4).
	Batch, Workers int
	// KeepFor is how long a photo no import names any more is kept (the
	// sold display window and a margin); 0 is 45 days.
	KeepFor time.Duration

	wake     chan struct{}
	wakeOnce sync.Once
	lastGC   time.Time
	// fetched is each site's count of fetched photos as last seen: a
	// change made by another node redraws this node's stock too.
	fetched map[string]int
}

// Wake has the worker look at the waiting photos now (after an import).
func (in *Ingest) Wake() {
	in.init()
	select {
	case in.wake <- struct{}{}:
	default:
	}
}

func (in *Ingest) init() {
	in.wakeOnce.Do(func() { in.wake = make(chan struct{}, 1) })
}

// tries is how many times a photo is tried before it is failed for good;
// retryAfter the first wait between tries, doubling.
const (
	tries      = 3
	retryAfter = time.Minute
	leaseFor   = 5 * time.Minute
	photoWait  = time.Minute
)

// Run fetches the photos of the sites slugs names until ctx ends.
func (in *Ingest) Run(ctx context.Context, slugs func() []string) {
	in.init()
	tick := in.Tick
	if tick <= 0 {
		tick = 2 * time.Second
	}
	t := time.NewTicker(tick)
	defer t.Stop()
	for {
		for _, slug := range slugs() {
			if ctx.Err() != nil {
				return
			}
			// A round that fetched has told Changed itself; the look after
			// it only takes the new count, so the stock is not redrawn twice.
			in.notice(ctx, slug, in.Round(ctx, slug, time.Now()) > 0)
		}
		if time.Since(in.lastGC) > time.Hour {
			in.lastGC = time.Now()
			for _, slug := range slugs() {
				in.Collect(ctx, slug, time.Now())
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		case <-in.wake:
		}
	}
}

// notice tells Changed of a site whose fetched photos changed since the
// last look, whichever node fetched them; told tells it this node's round
// already did.
func (in *Ingest) notice(ctx context.Context, site string, told bool) {
	c, err := in.Store.PhotoCounts(ctx, site)
	if err != nil {
		return
	}
	if in.fetched == nil {
		in.fetched = map[string]int{}
	}
	last, seen := in.fetched[site]
	in.fetched[site] = c.Fetched
	if seen && !told && last != c.Fetched && in.Changed != nil {
		in.Changed(site)
	}
}

// Round fetches the site's due photos, a batch at a time while there are
// any, under the site's photo lease; it returns how many it fetched.
func (in *Ingest) Round(ctx context.Context, site string, now time.Time) int {
	lease := "photos/" + site
	held, err := in.Store.ClaimFeed(ctx, lease, in.Node, now, leaseFor)
	if err != nil {
		in.Logger.Warn("photo lease not claimed", "site", site, "err", err)
	}
	if err != nil || !held {
		return 0
	}
	defer func() {
		rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 2*time.Second)
		defer cancel()
		_ = in.Store.ReleaseFeed(rctx, lease, in.Node)
	}()
	batch, workers := in.Batch, in.Workers
	if batch <= 0 {
		batch = 24
	}
	if workers <= 0 {
		workers = 4
	}
	fetched := 0
	for ctx.Err() == nil {
		due, err := in.Store.DuePhotos(ctx, site, time.Now(), batch)
		if err != nil {
			in.Logger.Warn("waiting photos not read", "site", site, "err", err)
		}
		if err != nil || len(due) == 0 {
			break
		}
		var mu sync.Mutex
		jobs := make(chan store.Photo)
		var wg sync.WaitGroup
		for range min(workers, len(due)) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for p := range jobs {
					if in.one(ctx, site, p) {
						mu.Lock()
						fetched++
						mu.Unlock()
					}
				}
			}()
		}
		for _, p := range due {
			jobs <- p
		}
		close(jobs)
		wg.Wait()
		// Renewed between batches: a long first ingest keeps its lease.
		if ok, err := in.Store.ClaimFeed(ctx, lease, in.Node, time.Now(), leaseFor); err != nil || !ok {
			break
		}
	}
	if fetched > 0 && in.Changed != nil {
		in.Changed(site)
	}
	return fetched
}

// one fetches, checks and stores one photo and records what became of it.
func (in *Ingest) one(ctx context.Context, site string, p store.Photo) bool {
	now := time.Now()
	p.Attempts++
	// One photo never holds the round for long, whatever the bucket does.
	ctx, cancel := context.WithTimeout(ctx, photoWait)
	defer cancel()
	got, err := in.Fetcher.Fetch(ctx, p.URL, Validators{ETag: p.ETag, LastModified: p.LastModified})
	var orig Original
	if err == nil && !got.NotModified {
		orig, err = Normalize(got.Body)
	}
	if err == nil && got.NotModified && p.Key != "" {
		p.Status, p.Reason, p.FetchedAt = store.PhotoFetched, "", now
		return in.save(ctx, site, p)
	}
	if err == nil {
		ct := "image/jpeg"
		if orig.Format == "png" {
			ct = "image/png"
		}
		err = in.Blobs.Put(ctx, orig.Key, orig.Data, ct)
	}
	if err != nil {
		p.Reason = Reason(err)
		var refused *Refused
		permanent := errors.As(err, &refused) || errors.Is(err, ErrNotImage) || errors.Is(err, ErrTooLarge)
		if permanent || p.Attempts >= tries {
			p.Status = store.PhotoFailed
		} else {
			p.Status = store.PhotoWaiting
			p.NextTry = now.Add(retryAfter << (p.Attempts - 1))
		}
		in.Logger.Warn("photo not fetched", "site", site, "url", p.URL, "reason", p.Reason, "attempt", p.Attempts, "status", p.Status)
		in.save(ctx, site, p)
		return false
	}
	p.Status, p.Reason, p.Key = store.PhotoFetched, "", orig.Key
	p.Width, p.Height, p.FetchedAt = orig.Width, orig.Height, now
	p.ETag, p.LastModified = got.ETag, got.LastModified
	return in.save(ctx, site, p)
}

func (in *Ingest) save(ctx context.Context, site string, p store.Photo) bool {
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	if err := in.Store.SavePhoto(sctx, site, p); err != nil {
		in.Logger.Error("photo state not saved", "site", site, "url", p.URL, "err", err)
		return false
	}
	return p.Status == store.PhotoFetched
}

// Collect drops the site's photos that no import has named for KeepFor,
// and deletes the originals no site uses any more.
func (in *Ingest) Collect(ctx context.Context, site string, now time.Time) (int, error) {
	keep := in.KeepFor
	if keep <= 0 {
		keep = 45 * 24 * time.Hour
	}
	stale, err := in.Store.StalePhotos(ctx, site, now.Add(-keep))
	if err != nil || len(stale) == 0 {
		return 0, err
	}
	orphans, err := in.Store.DropPhotos(ctx, site, stale)
	if err != nil {
		return 0, err
	}
	for _, key := range orphans {
		if err := in.Blobs.Delete(ctx, key); err != nil {
			in.Logger.Warn("photo original not deleted", "key", key, "err", err)
		}
	}
	return len(stale), nil
}
