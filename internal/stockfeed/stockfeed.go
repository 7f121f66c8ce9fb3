// Package stockfeed brings a site's stock feed into the store: it fetches
// the feed (a file, or an address with a conditional GET), imports it with
// the site's column map and locations, guards against a truncated full
// feed, and on a schedule does both under a lease in the database, so one
// node of many pulls each feed (docs/stock-feed.md).
package stockfeed

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"maps"
	"net/http"
	"os"
	"slices"
	"strings"
	"time"

	"forecourt/internal/catalog"
	"forecourt/internal/feed"
	"forecourt/internal/photos"
	"forecourt/internal/places"
	"forecourt/internal/store"
	"forecourt/internal/tenant"
)

// Source is where one pull reads the feed.
type Source struct {
	URL, File string
	// Header is sent with an http(s) pull (the site's auth header).
	Header http.Header
}

// SourceOf is the site's configured source; getenv reads its auth value.
func SourceOf(f tenant.Feed, getenv func(string) string) Source {
	src := Source{URL: f.URL, File: f.File}
	if f.AuthHeader != "" {
		src.Header = http.Header{}
		src.Header.Set(f.AuthHeader, getenv(f.AuthEnv))
	}
	return src
}

// Fetched is what a pull read.
type Fetched struct {
	Body               []byte
	ETag, LastModified string
	// Unchanged: the source answered 304 to the conditional GET.
	Unchanged bool
}

// fetchTimeout bounds one pull; a dealer's whole stock arrives far sooner.
const fetchTimeout = 2 * time.Minute

// Fetch reads the source. With prev's validators an address is asked
// only for a changed feed (If-None-Match, If-Modified-Since).
func Fetch(ctx context.Context, client *http.Client, src Source, prev store.FeedState) (Fetched, error) {
	if src.File != "" {
		f, err := os.Open(src.File)
		if err != nil {
			return Fetched{}, err
		}
		defer f.Close()
		body, err := readLimited(f)
		return Fetched{Body: body}, err
	}
	if src.URL == "" {
		return Fetched{}, errors.New("the site's feed names no url or file")
	}
	ctx, cancel := context.WithTimeout(ctx, fetchTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, src.URL, nil)
	if err != nil {
		return Fetched{}, err
	}
	if req.URL.Scheme != "http" && req.URL.Scheme != "https" {
		return Fetched{}, fmt.Errorf("%s: only http and https feeds are pulled", src.URL)
	}
	for k, v := range src.Header {
		req.Header[k] = v
	}
	if prev.ETag != "" {
		req.Header.Set("If-None-Match", prev.ETag)
	}
	if prev.LastModified != "" {
		req.Header.Set("If-Modified-Since", prev.LastModified)
	}
	res, err := client.Do(req)
	if err != nil {
		return Fetched{}, err
	}
	defer res.Body.Close()
	if res.StatusCode == http.StatusNotModified {
		return Fetched{Unchanged: true, ETag: prev.ETag, LastModified: prev.LastModified}, nil
	}
	if res.StatusCode != http.StatusOK {
		return Fetched{}, fmt.Errorf("%s answered %s", src.URL, res.Status)
	}
	body, err := readLimited(res.Body)
	if err != nil {
		return Fetched{}, err
	}
	return Fetched{Body: body, ETag: res.Header.Get("ETag"), LastModified: res.Header.Get("Last-Modified")}, nil
}

func readLimited(r io.Reader) ([]byte, error) {
	body, err := io.ReadAll(io.LimitReader(r, feed.MaxFeedBytes+1))
	if err != nil {
		return nil, fmt.Errorf("read feed: %w", err)
	}
	if len(body) > feed.MaxFeedBytes {
		return nil, fmt.Errorf("feed is larger than %d MB", feed.MaxFeedBytes>>20)
	}
	return body, nil
}

// Options are one import's choices beyond the site's feed config.
type Options struct {
	// Full: cars missing from the feed are sold (a site's scheduled feed
	// is full unless its config says partial).
	Full bool
	// Force sells past the site's share of listed cars.
	Force bool
	// Format overrides the site's (e.g. from a file's name).
	Format string
	Now    time.Time
}

// Outcome is what an import did.
type Outcome struct {
	feed.Result
	// Imported counts the rows that were read and kept.
	Imported int
	// AtMain lists the cars put at the site's main location because
	// their row named no location.
	AtMain []string
	Main   string // that location's name
	// Suspect: the full feed would have sold more than the site's share
	// of its listed cars, so it sold none.
	Suspect bool
	// NewPhotos counts the photo addresses the feed named for the first
	// time: they are fetched in the background.
	NewPhotos int
	// Photos are the site's photos after the import: fetched, waiting
	// and failed, with each failure's reason.
	Photos store.PhotoCounts
}

// ErrNothingImported is an import that kept no row: a cron job or the
// schedule must see it fail.
var ErrNothingImported = errors.New("no row of the feed could be imported")

// Import reads body as the site's feed and saves what it changes. An
// error before the save leaves the store as it was.
func Import(ctx context.Context, st store.Store, site *tenant.Site, body []byte, opts Options) (Outcome, error) {
	fo := site.Feed.Options()
	if opts.Format != "" {
		fo.Format = opts.Format
	}
	now := opts.Now
	if now.IsZero() {
		now = time.Now()
	}
	rows, rejected, err := feed.ParseWith(bytes.NewReader(body), fo, now)
	if err != nil {
		return Outcome{}, err
	}
	existing, err := st.Cars(ctx, site.Slug)
	if err != nil {
		return Outcome{}, err
	}
	rows, placeRejected, err := placeRows(ctx, st, site, rows)
	if err != nil {
		return Outcome{}, err
	}
	rejected = append(rejected, placeRejected...)
	slices.SortStableFunc(rejected, func(a, b feed.Rejection) int { return a.Line - b.Line })
	out := Outcome{Imported: len(rows)}
	if len(rows) == 0 {
		// A full feed with no usable row would sell the whole stock.
		out.Result = feed.Plan(existing, nil, false, now, rejected...)
		return out, ErrNothingImported
	}
	out.Result = feed.Plan(existing, rows, opts.Full, now, rejected...)
	if opts.Full && !opts.Force && out.Result.SoldShare() > site.Feed.MaxSold() {
		// A truncated feed: save what it says of its own cars, sell none.
		out.Suspect = true
		wouldSell, listed := out.Result.Report.WouldSell, out.Result.Report.Listed
		out.Result = feed.Plan(existing, rows, false, now, rejected...)
		out.Result.Report.WouldSell, out.Result.Report.Listed = wouldSell, listed
	}
	out.Main, out.AtMain = atMainLocation(site, out.Result.Save)
	if err := st.SaveCars(ctx, site.Slug, out.Result.Save); err != nil {
		return Outcome{}, err
	}
	// Every photo the feed names is recorded: a new one is fetched in the
	// background (internal/photos), a known one is seen again and kept.
	var named []catalog.Car
	for _, r := range rows {
		named = append(named, r.Car)
	}
	if out.NewPhotos, err = st.AddPhotos(ctx, site.Slug, photos.Addresses(named), now); err != nil {
		return out, fmt.Errorf("the cars are saved, but their photos were not recorded: %w", err)
	}
	// The counts are a report's: a store that cannot give them now leaves
	// them out, and the import stands.
	out.Photos, _ = st.PhotoCounts(ctx, site.Slug)
	return out, nil
}

// placeRows sets each row's location and dealership from the keys it
// names, and keeps only rows whose numeric ids are the site's own.
func placeRows(ctx context.Context, st store.Store, site *tenant.Site, rows []feed.Row) ([]feed.Row, []feed.Rejection, error) {
	var rejected []feed.Rejection
	kept := rows[:0:0]
	for _, r := range rows {
		if r.LocationKey != "" {
			l, ok := places.Find(site, r.LocationKey)
			if !ok {
				rejected = append(rejected, feed.Rejection{Line: r.Line, Field: "location", StockNum: r.Car.StockNum, VIN: r.Car.VIN,
					Reason: fmt.Sprintf("%q is not one of this site's locations (%s)", r.LocationKey, locationKeys(site))})
				continue
			}
			setLocation(&r, site, l)
		}
		if r.DealershipKey != "" {
			d, ok := places.FindDealership(site, r.DealershipKey)
			if !ok {
				rejected = append(rejected, feed.Rejection{Line: r.Line, Field: "dealership", StockNum: r.Car.StockNum, VIN: r.Car.VIN,
					Reason: fmt.Sprintf("%q is not one of this site's dealerships", r.DealershipKey)})
				continue
			}
			r.Car.DealershipID, r.Car.DealershipSlug = places.DealershipID(site.Slug, d), d.Key
			r.Given["dealership_id"], r.Given["dealership_slug"] = true, true
		}
		kept = append(kept, r)
	}
	// Numeric ids must be this site's own: those its file declares, or,
	// for a site whose file declares no places, those in the store.
	var locIDs, dealerIDs []int64
	if len(site.Locations) > 0 || len(site.Dealerships) > 0 {
		for _, l := range site.Locations {
			locIDs = append(locIDs, places.LocationID(site.Slug, l))
		}
		for _, d := range site.Dealerships {
			dealerIDs = append(dealerIDs, places.DealershipID(site.Slug, d))
		}
	} else {
		locs, err1 := st.Locations(ctx, site.Slug)
		dealers, err2 := st.Dealerships(ctx, site.Slug)
		if err1 != nil || err2 != nil {
			return nil, nil, errors.Join(err1, err2)
		}
		for _, l := range locs {
			locIDs = append(locIDs, l.ID)
		}
		for _, d := range dealers {
			dealerIDs = append(dealerIDs, d.ID)
		}
	}
	var foreign []feed.Rejection
	kept, foreign = feed.KeepOwned(kept, locIDs, dealerIDs)
	rejected = append(rejected, foreign...)
	return kept, rejected, nil
}

func setLocation(r *feed.Row, site *tenant.Site, l tenant.Location) {
	d := places.DealershipOf(site, l)
	r.Car.LocationID, r.Car.LocationName = places.LocationID(site.Slug, l), l.Name
	r.Given["location_id"], r.Given["location_name"] = true, true
	if !r.Given["dealership_id"] && d.Key != "" {
		r.Car.DealershipID, r.Car.DealershipSlug = places.DealershipID(site.Slug, d), d.Key
		r.Given["dealership_id"], r.Given["dealership_slug"] = true, true
	}
}

// atMainLocation puts every car that has no location at the site's main
// one, so no car is stored but never listed, and names them.
func atMainLocation(site *tenant.Site, cars []catalog.Car) (string, []string) {
	main, ok := places.Main(site)
	if !ok {
		return "", nil
	}
	d := places.DealershipOf(site, main)
	var placed []string
	for i := range cars {
		c := &cars[i]
		if c.LocationID != 0 {
			continue
		}
		c.LocationID, c.LocationName = places.LocationID(site.Slug, main), main.Name
		if c.DealershipID == 0 && d.Key != "" {
			c.DealershipID, c.DealershipSlug = places.DealershipID(site.Slug, d), d.Key
		}
		placed = append(placed, ident(*c))
	}
	return main.Name, placed
}

func ident(c catalog.Car) string {
	if c.StockNum != "" {
		return c.StockNum
	}
	return c.VIN
}

func locationKeys(site *tenant.Site) string {
	var keys []string
	for _, l := range site.Locations {
		k := l.Key
		if l.Code != "" {
			k += " or " + l.Code
		}
		keys = append(keys, k)
	}
	if len(keys) == 0 {
		return "the site's file declares none"
	}
	return "one of " + strings.Join(keys, ", ")
}

// WriteReport writes the import's report for the operator.
func (o Outcome) WriteReport(w io.Writer) error {
	if err := o.Result.Report.Write(w); err != nil {
		return err
	}
	if len(o.AtMain) > 0 {
		fmt.Fprintf(w, "placed at %s (their rows name no location): %d: %s\n", o.Main, len(o.AtMain), strings.Join(first(o.AtMain, 10), ", "))
	}
	if p := o.Photos; o.NewPhotos > 0 || p.Waiting+p.Fetched+p.Failed > 0 {
		fmt.Fprintf(w, "photos: %d new addresses; %d fetched, %d waiting (the server fetches them in the background), %d failed\n",
			o.NewPhotos, p.Fetched, p.Waiting, p.Failed)
		reasons := slices.Sorted(maps.Keys(p.Reasons))
		for _, r := range reasons {
			fmt.Fprintf(w, "  failed: %d: %s\n", p.Reasons[r], r)
		}
	}
	if o.Suspect {
		r := o.Result.Report
		_, err := fmt.Fprintf(w, "SUSPECT FEED: it would sell %d of %d listed cars (%.0f%%), more than the site allows; nothing was sold. Check the feed, or import it again with --force.\n",
			r.WouldSell, r.Listed, 100*float64(r.WouldSell)/float64(max(r.Listed, 1)))
		return err
	}
	return nil
}

func first(ss []string, n int) []string {
	if len(ss) > n {
		return append(ss[:n:n], fmt.Sprintf("and %d more", len(ss)-n))
	}
	return ss
}

// Hash is a feed body's content hash, to skip an unchanged feed.
func Hash(body []byte) string {
	sum := sha256.Sum256(body)
	return hex.EncodeToString(sum[:])
}
