package stockfeed

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"testing/fstest"
	"time"

	"forecourt/internal/store"
	"forecourt/internal/store/sqlite"
	"forecourt/internal/tenant"
)

const siteFile = `slug: coastal-mazda-kia
name: Coastal Mazda Kia
country: AU
currency: AUD
timezone: Australia/Sydney
theme:
  colors: {primary: "#101f5b", primary-foreground: "#ffffff", header: "#ffffff", header-foreground: "#111827"}
dealerships:
  - {key: coastal, name: Coastal Mazda Kia}
locations:
  - key: gosford
    code: GOS
    name: Gosford
    dealership: coastal
    address: {street: "1 Pacific Highway", suburb: Gosford, state: NSW, postcode: "2250"}
  - key: tuggerah
    name: Tuggerah
    dealership: coastal
    main: true
    address: {street: "20 Wyong Road", suburb: Tuggerah, state: NSW, postcode: "2259"}
feed:
  columns: {Yard: location}
`

func setup(t *testing.T) (*tenant.Site, store.Store) {
	t.Helper()
	reg, err := tenant.Load(fstest.MapFS{"c.yaml": &fstest.MapFile{Data: []byte(siteFile)}})
	if err != nil {
		t.Fatal(err)
	}
	site, _ := reg.BySlug("coastal-mazda-kia")
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "f.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return site, st
}

// stock is a feed of n used cars; yard names each car's location.
func stock(n int, yard func(i int) string) []byte {
	var b strings.Builder
	b.WriteString("Stock No,Condition,Year,Make,Model,Retail Price,Yard\n")
	for i := range n {
		fmt.Fprintf(&b, "S%02d,Used,2020,Mazda,CX-5,$%d,%s\n", i, 20000+i, yard(i))
	}
	return []byte(b.String())
}

func TestImportPlacesCarsAtTheirLocations(t *testing.T) {
	site, st := setup(t)
	ctx := context.Background()
	body := stock(4, func(i int) string { return []string{"GOS", "tuggerah", "", "Nowhere"}[i] })
	out, err := Import(ctx, st, site, body, Options{Full: true})
	if err != nil {
		t.Fatal(err)
	}
	if out.Imported != 3 || len(out.Result.Report.Rejected) != 1 || out.Result.Report.Rejected[0].Field != "location" {
		t.Fatalf("imported %d, rejected %+v", out.Imported, out.Result.Report.Rejected)
	}
	if len(out.AtMain) != 1 || out.AtMain[0] != "S02" || out.Main != "Tuggerah" {
		t.Errorf("at main %v %q", out.AtMain, out.Main)
	}
	cars, _ := st.Cars(ctx, site.Slug)
	at := map[string]string{}
	for _, c := range cars {
		at[c.StockNum] = c.LocationName
		if c.DealershipSlug != "coastal" || c.LocationID == 0 {
			t.Errorf("%s: dealership %q location %d", c.StockNum, c.DealershipSlug, c.LocationID)
		}
	}
	if at["S00"] != "Gosford" || at["S01"] != "Tuggerah" || at["S02"] != "Tuggerah" {
		t.Errorf("locations %v", at)
	}
	var report strings.Builder
	if err := out.WriteReport(&report); err != nil || !strings.Contains(report.String(), "placed at Tuggerah") {
		t.Errorf("report %q (%v)", report.String(), err)
	}
}

func TestATruncatedFullFeedSellsNothing(t *testing.T) {
	site, st := setup(t)
	ctx := context.Background()
	gos := func(int) string { return "GOS" }
	if _, err := Import(ctx, st, site, stock(20, gos), Options{Full: true}); err != nil {
		t.Fatal(err)
	}
	// 20 → 15 sells a quarter: within the 30 % share.
	out, err := Import(ctx, st, site, stock(15, gos), Options{Full: true})
	if err != nil || out.Suspect || len(out.Result.Report.Sold) != 5 {
		t.Fatalf("15 of 20: suspect %v, sold %d, %v", out.Suspect, len(out.Result.Report.Sold), err)
	}
	// 15 → 3 would sell 12 of 15: suspect, nothing sold.
	out, err = Import(ctx, st, site, stock(3, gos), Options{Full: true})
	if err != nil || !out.Suspect || len(out.Result.Report.Sold) != 0 || out.Result.Report.WouldSell != 12 {
		t.Fatalf("3 of 15: suspect %v, sold %d, would sell %d, %v", out.Suspect, len(out.Result.Report.Sold), out.Result.Report.WouldSell, err)
	}
	if n := listed(t, st, site.Slug); n != 15 {
		t.Errorf("%d listed after the suspect feed, want 15", n)
	}
	// --force sells them.
	out, err = Import(ctx, st, site, stock(3, gos), Options{Full: true, Force: true})
	if err != nil || out.Suspect || len(out.Result.Report.Sold) != 12 {
		t.Fatalf("forced: suspect %v, sold %d, %v", out.Suspect, len(out.Result.Report.Sold), err)
	}
	// A feed with no usable row changes nothing and says so.
	if _, err := Import(ctx, st, site, []byte("Stock No,Year\nX,abc\n"), Options{Full: true}); !errors.Is(err, ErrNothingImported) {
		t.Errorf("no usable row: %v", err)
	}
	if n := listed(t, st, site.Slug); n != 3 {
		t.Errorf("%d listed after an empty feed, want 3", n)
	}
}

func listed(t *testing.T, st store.Store, site string) int {
	cars, err := st.Cars(context.Background(), site)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, c := range cars {
		if c.Available() && c.ShowOnWebsite {
			n++
		}
	}
	return n
}

func TestPullAsksOnlyForAChangedFeed(t *testing.T) {
	site, st := setup(t)
	site.Feed.Schedule = "1s"
	var requests, notModified atomic.Int64
	body := stock(5, func(int) string { return "GOS" })
	src := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		if r.Header.Get("Authorization") != "Bearer secret" {
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		if r.Header.Get("If-None-Match") == `"v1"` {
			notModified.Add(1)
			w.WriteHeader(http.StatusNotModified)
			return
		}
		w.Header().Set("ETag", `"v1"`)
		w.Write(body)
	}))
	defer src.Close()
	site.Feed.URL, site.Feed.AuthHeader, site.Feed.AuthEnv = src.URL, "Authorization", "FEED_TOKEN"
	var imported []string
	p := &Puller{Store: st, Node: "a", Client: src.Client(), Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Getenv:   func(k string) string { return map[string]string{"FEED_TOKEN": "Bearer secret"}[k] },
		Imported: func(s string) { imported = append(imported, s) }}
	ctx := context.Background()
	now := time.Now()
	state := p.Pull(ctx, site, store.FeedState{}, now)
	if state.LastError != "" || state.Added != 5 || state.ETag != `"v1"` || len(imported) != 1 {
		t.Fatalf("first pull: %+v, imported %v", state, imported)
	}
	saved, _ := st.FeedState(ctx, site.Slug)
	if saved.ETag != `"v1"` || saved.LastSuccess.IsZero() || saved.Added != 5 {
		t.Errorf("saved state %+v", saved)
	}
	state = p.Pull(ctx, site, state, now.Add(time.Second))
	if !state.Unchanged || notModified.Load() != 1 || len(imported) != 1 {
		t.Errorf("second pull: %+v, 304s %d, imported %v", state, notModified.Load(), imported)
	}
	// A source that refuses is recorded as the last error, the stock kept.
	site.Feed.AuthEnv = "NO_SUCH_TOKEN"
	state = p.Pull(ctx, site, state, now.Add(2*time.Second))
	if !strings.Contains(state.LastError, "401") || listed(t, st, site.Slug) != 5 {
		t.Errorf("refused pull: %+v", state)
	}
	if requests.Load() != 3 {
		t.Errorf("%d requests, want 3", requests.Load())
	}
}

// TestImportReportCountsPhotos: the report gives the new photo addresses
// and the site's photos by state, each failure with its reason.
func TestImportReportCountsPhotos(t *testing.T) {
	site, st := setup(t)
	ctx := context.Background()
	body := "Stock No,Condition,Year,Make,Model,Retail Price,Yard,Images\n" +
		"S01,Used,2020,Mazda,CX-5,$20000,GOS,https://photos.dealer.example/1.jpg|https://photos.dealer.example/2.jpg\n" +
		"S02,Used,2021,Mazda,CX-30,$25000,GOS,https://photos.dealer.example/3.jpg\n"
	if _, err := Import(ctx, st, site, []byte(body), Options{Full: true}); err != nil {
		t.Fatal(err)
	}
	// The worker has since fetched one and given up on another.
	if err := st.SavePhoto(ctx, site.Slug, store.Photo{URL: "https://photos.dealer.example/1.jpg", Status: store.PhotoFetched, Key: strings.Repeat("a", 64)}); err != nil {
		t.Fatal(err)
	}
	if err := st.SavePhoto(ctx, site.Slug, store.Photo{URL: "https://photos.dealer.example/2.jpg", Status: store.PhotoFailed, Reason: "http 404"}); err != nil {
		t.Fatal(err)
	}
	out, err := Import(ctx, st, site, []byte(body+"S03,Used,2022,Mazda,BT-50,$30000,GOS,https://photos.dealer.example/4.jpg\n"), Options{Full: true})
	if err != nil {
		t.Fatal(err)
	}
	var report strings.Builder
	if err := out.WriteReport(&report); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"photos: 1 new addresses; 1 fetched, 2 waiting (the server fetches them in the background), 1 failed\n",
		"  failed: 1: http 404\n",
	} {
		if !strings.Contains(report.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, report.String())
		}
	}
}
