package photos

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/netip"
	"slices"
	"strings"
	"sync"
	"time"

	"forecourt/internal/catalog"
	"forecourt/internal/media"
	"forecourt/internal/store"
	"forecourt/internal/tenant"
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

// Pictures are the site file's location pictures on another server:
// fetched like the feed's photos, and named again at every sync of the
// places, so they are kept while the file names them.
func Pictures(site *tenant.Site) []string {
	var out []string
	for _, l := range site.Locations {
		if External(l.Picture) {
			out = append(out, l.Picture)
		}
	}
	return out
}

// Rewriter turns cars' photo addresses into the site's own.
type Rewriter struct {
	Store interface {
		PhotosByURL(ctx context.Context, site string, urls []string) (map[string]store.Photo, error)
	}
}

// fetchedPath is the site's own /img/ address of the photo at addr, when
// known holds it fetched.
func fetchedPath(known map[string]store.Photo, addr string) (string, bool) {
	p, ok := known[addr]
	if !ok || p.Status != store.PhotoFetched || p.Key == "" {
		return "", false
	}
	return media.PhotoPath(p.Key), true
}

// RewriteLocations gives each location whose picture is on another server
// (a site file's locations[].picture) that picture's /img/ address once
// it is fetched, and until then the site's own drawn picture of the
// location: a page never loads another server's picture.
func (rw Rewriter) RewriteLocations(ctx context.Context, site string, locs []catalog.Location) error {
	var addrs []string
	for _, l := range locs {
		if External(l.Image.URL) {
			addrs = append(addrs, l.Image.URL)
		}
	}
	if len(addrs) == 0 {
		return nil
	}
	known, err := rw.Store.PhotosByURL(ctx, site, addrs)
	for i := range locs {
		l := &locs[i]
		if !External(l.Image.URL) {
			continue
		}
		u, ok := fetchedPath(known, l.Image.URL)
		if !ok {
			u = media.LocationPath(l.ID)
		}
		l.Image = catalog.Image{URL: u, Thumb: catalog.ImageRef{URL: u + "?w=200"}}
	}
	return err
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
		return fetchedPath(known, a)
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
	// KeepFor is how long a photo that no car the site shows names any
	// more is kept after the last import that named it; 0 is 2 days.
	KeepFor time.Duration
	// Shown answers the cars a site shows, listed or sold within its sold
	// window, as the store has them (the dealer's photo addresses): their
	// photos are kept however long ago an import named them, so a site
	// whose feed stops still shows every photo. Nil: every photo named
	// within KeepFor is kept.
	Shown func(ctx context.Context, site string) ([]catalog.Car, error)
	// Recheck is how long a fetched photo goes before its source is asked
	// again whether it changed (a conditional GET); 0 is a day.
	Recheck time.Duration
	// Allow, when set, answers the addresses a site's own file lets its
	// photos be fetched from although private (feed.photo_allow_hosts),
	// besides the Fetcher's.
	Allow func(site string) []netip.Prefix
	// Since is a time before anything Changed refreshes was first read
	// (a node's start, before it builds its indexes): photos another
	// node fetched later may be missing from it, so the first look at a
	// site that finds one tells Changed. Zero: any fetched photo does.
	Since time.Time

	wake     chan struct{}
	wakeOnce sync.Once
	lastGC   time.Time
	// fetched is each site's fetched photos as last seen (their count and
	// latest fetch): a change made by another node redraws this node's
	// stock too.
	fetched map[string]fetchedMark

	fetchersMu sync.Mutex
	fetchers   map[string]*Fetcher // by a site's allow-list, as text
}

// fetcher is the Fetcher for a site's photos: the shared one, or, for a
// site whose file allows private hosts, one of its own with those added
// (its own connections too, so no other site reaches those hosts through
// a connection it left open).
func (in *Ingest) fetcher(site string) *Fetcher {
	var extra []netip.Prefix
	if in.Allow != nil {
		extra = in.Allow(site)
	}
	if len(extra) == 0 {
		return in.Fetcher
	}
	key := fmt.Sprint(extra)
	in.fetchersMu.Lock()
	defer in.fetchersMu.Unlock()
	if f, ok := in.fetchers[key]; ok {
		return f
	}
	f := in.Fetcher.allowing(extra)
	if in.fetchers == nil {
		in.fetchers = map[string]*Fetcher{}
	}
	in.fetchers[key] = f
	return f
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

// fetchedMark is what changes when a site's stored photos do.
type fetchedMark struct {
	count int
	last  time.Time
}

// clockSkew is how far apart two nodes' clocks may be: a photo another
// node says it fetched this long before Since may still be after it.
const clockSkew = time.Minute

// notice tells Changed of a site whose fetched photos changed since the
// last look, whichever node fetched them; told tells it this node's round
// already did. The first look has no last look to compare with: it tells
// Changed when another node fetched a photo after Since, which what
// Changed refreshes may have been read before (a node that starts while
// another is fetching would otherwise keep the photos it first read).
func (in *Ingest) notice(ctx context.Context, site string, told bool) {
	c, err := in.Store.PhotoCounts(ctx, site)
	if err != nil {
		return
	}
	if in.fetched == nil {
		in.fetched = map[string]fetchedMark{}
	}
	now := fetchedMark{c.Fetched, c.LastFetched}
	last, seen := in.fetched[site]
	in.fetched[site] = now
	changed := last != now
	if !seen {
		changed = now.count > 0 && (in.Since.IsZero() || now.last.After(in.Since.Add(-clockSkew)))
	}
	if changed && !told && in.Changed != nil {
		in.Changed(site)
	}
}

// Round fetches the site's due photos, a batch at a time while there are
// any, under the site's photo lease; it returns how many of the site's
// stored photos changed (fetched for the first time, or replaced).
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
	fetcher := in.fetcher(site)
	fetched := 0
	for ctx.Err() == nil {
		// Due by the round's start: a photo looked at in this round is
		// not due again before the next, however short Recheck is.
		due, err := in.Store.DuePhotos(ctx, site, now, batch)
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
					if in.one(ctx, site, p, fetcher) {
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

// one fetches, checks and stores one photo and records what became of it;
// it reports whether the site's stored photo changed. A fetched photo due
// for a look again is asked for with its validators: unchanged, it keeps
// its original; changed, the new original replaces the old, which is
// deleted once no record holds it; if the source fails, the photo keeps
// what it has and is looked at again later.
func (in *Ingest) one(ctx context.Context, site string, p store.Photo, fetcher *Fetcher) bool {
	now := time.Now()
	// One photo never holds the round for long, whatever the bucket does.
	ctx, cancel := context.WithTimeout(ctx, photoWait)
	defer cancel()
	recheck := in.Recheck
	if recheck <= 0 {
		recheck = 24 * time.Hour
	}
	had := p.Status == store.PhotoFetched && p.Key != ""
	if !had {
		p.Attempts++
	}
	got, err := fetcher.Fetch(ctx, p.URL, Validators{ETag: p.ETag, LastModified: p.LastModified})
	var orig Original
	if err == nil && !got.NotModified {
		orig, err = Normalize(got.Body)
	}
	if err == nil && got.NotModified && had {
		p.NextTry = now.Add(recheck)
		in.save(ctx, site, p)
		return false
	}
	if err == nil {
		ct := "image/jpeg"
		if orig.Format == "png" {
			ct = "image/png"
		}
		err = in.Blobs.Put(ctx, orig.Key, orig.Data, ct)
	}
	if err != nil && had {
		// The photo shown stays: a source down or a photo taken away is
		// no reason to take it off a car the site still shows.
		p.Reason, p.NextTry = Reason(err), now.Add(recheck)
		in.Logger.Info("photo not looked at again; the stored one stays", "site", site, "url", p.URL, "reason", p.Reason)
		in.save(ctx, site, p)
		return false
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
	old := p.Key
	p.Status, p.Reason, p.Key = store.PhotoFetched, "", orig.Key
	p.Width, p.Height, p.FetchedAt, p.NextTry = orig.Width, orig.Height, now, now.Add(recheck)
	p.ETag, p.LastModified = got.ETag, got.LastModified
	if !in.save(ctx, site, p) {
		return false
	}
	if old != "" && old != orig.Key {
		in.forget(ctx, []string{old})
	}
	return old != orig.Key
}

// forget deletes those of keys' originals that no record holds.
func (in *Ingest) forget(ctx context.Context, keys []string) {
	unused, err := in.Store.UnusedPhotoKeys(ctx, keys)
	if err != nil {
		in.Logger.Warn("replaced photo originals not looked up", "err", err)
		return
	}
	in.delete(ctx, unused)
}

// delete deletes the originals of keys.
func (in *Ingest) delete(ctx context.Context, keys []string) {
	for _, key := range keys {
		if err := in.Blobs.Delete(ctx, key); err != nil {
			in.Logger.Warn("photo original not deleted", "key", key, "err", err)
		}
	}
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

// Collect drops the site's photos that no import has named for KeepFor
// and no car the site shows names, and deletes the originals no site uses
// any more.
func (in *Ingest) Collect(ctx context.Context, site string, now time.Time) (int, error) {
	keep := in.KeepFor
	if keep <= 0 {
		keep = 2 * 24 * time.Hour
	}
	stale, err := in.Store.StalePhotos(ctx, site, now.Add(-keep))
	if err != nil || len(stale) == 0 {
		return 0, err
	}
	if in.Shown != nil {
		cars, err := in.Shown(ctx, site)
		if err != nil {
			return 0, err
		}
		shown := map[string]bool{}
		for _, a := range Addresses(cars) {
			shown[a] = true
		}
		stale = slices.DeleteFunc(stale, func(u string) bool { return shown[u] })
		if len(stale) == 0 {
			return 0, nil
		}
	}
	orphans, err := in.Store.DropPhotos(ctx, site, stale)
	if err != nil {
		return 0, err
	}
	in.delete(ctx, orphans)
	return len(stale), nil
}
