package places

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"forecourt/internal/catalog"
	"forecourt/internal/media"
	"forecourt/internal/store"
	"forecourt/internal/store/sqlite"
	"forecourt/internal/tenant"
)

func TestEasterAndSpecialHours(t *testing.T) {
	// Easter Sundays from published tables.
	for year, want := range map[int]string{2025: "2025-04-20", 2026: "2026-04-05", 2027: "2027-03-28", 2028: "2028-04-16"} {
		if got := easterSunday(year, time.UTC).Format(time.DateOnly); got != want {
			t.Errorf("Easter %d = %s, want %s", year, got, want)
		}
	}
	syd, _ := time.LoadLocation("Australia/Sydney")
	goodFriday := -2
	days := []tenant.SpecialDay{
		{Name: "Boxing Day", Date: "12-26", Hours: "10:00-14:00"},
		{Name: "Good Friday", Easter: &goodFriday},
		{Name: "Stocktake", Date: "2026-03-01"}, // before now: past, left out
		{Name: "Open day", Date: "2026-07-04", Hours: "09:00-12:00"},
	}
	// Boxing Day 10:00 in Sydney summer time (UTC+11) is 23:00 UTC the day before.
	got := specialHours(days, 7, time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC), syd)
	want := []catalog.SpecialHour{
		{Date: "2026-07-04", Status: "Open", Name: "Open day", LocationID: 7, StartHour: "2026-07-03T23:00:00Z", EndHour: "2026-07-04T02:00:00Z"},
		{Date: "2026-12-26", Status: "Open", Name: "Boxing Day", LocationID: 7, StartHour: "2026-12-25T23:00:00Z", EndHour: "2026-12-26T03:00:00Z"},
		{Date: "2027-03-26", Status: "Closed", Name: "Good Friday", LocationID: 7},
	}
	if len(got) != len(want) {
		t.Fatalf("special hours %+v, want %+v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("special hours[%d] %+v, want %+v", i, got[i], want[i])
		}
	}
	// A location's own entry for a holiday's date replaces the site's.
	got = specialHours([]tenant.SpecialDay{{Name: "Boxing Day", Date: "12-26"}, {Name: "Boxing Day sale", Date: "12-26", Hours: "08:00-18:00"}},
		1, time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC), syd)
	if len(got) != 1 || got[0].Name != "Boxing Day sale" || got[0].Status != "Open" {
		t.Errorf("override: %+v", got)
	}
}

const coastal = `slug: coastal-mazda-kia
name: Coastal Mazda Kia
country: AU
currency: AUD
timezone: Australia/Sydney
theme:
  colors: {primary: "#101f5b", primary-foreground: "#ffffff", header: "#ffffff", header-foreground: "#111111"}
dealerships:
  - key: coastal-mazda
    name: Coastal Mazda
    phone: "02 4321 1000"
  - key: coastal-kia
    name: Coastal Kia
locations:
  - key: gosford
    code: GOS
    name: Coastal Mazda Gosford
    dealership: coastal-mazda
    sort: 2
    address: {street: "1 Pacific Highway", suburb: Gosford, state: NSW, postcode: "2250"}
    phone: "02 4321 1000"
    email: gosford@coastal.example
    makes: [Mazda]
    hours: {weekdays: "08:30-17:30", thursday: "08:30-19:00", saturday: "08:30-16:00"}
  - key: tuggerah
    name: Coastal Kia Tuggerah
    dealership: coastal-kia
    main: true
    sort: 1
    address: {street: "20 Wyong Road", suburb: Tuggerah, state: NSW, postcode: "2259", lat: -33.31, lng: 151.42}
    hours: {weekdays: "08:30-17:30", sunday: closed}
  - key: gosford-service
    name: Coastal Service Gosford
    dealership: coastal-mazda
    type: service
    address: {street: "1 Pacific Highway", suburb: Gosford, state: NSW, postcode: "2250"}
`

func loadCoastal(t *testing.T, src string) *tenant.Site {
	t.Helper()
	reg, err := tenant.Load(fstestMap(map[string]string{"coastal.yaml": src}))
	if err != nil {
		t.Fatal(err)
	}
	s, _ := reg.BySlug("coastal-mazda-kia")
	return s
}

func TestBuildFromASiteFile(t *testing.T) {
	s := loadCoastal(t, coastal)
	now := time.Date(2026, 11, 28, 0, 0, 0, 0, time.UTC)
	ds, ls := Build(s, now)
	if len(ds) != 2 || len(ls) != 3 {
		t.Fatalf("%d dealerships, %d locations", len(ds), len(ls))
	}
	// Sorted by sort: tuggerah (1) before gosford (2); the service centre (0) first.
	if ls[0].Slug != "gosford-service" || ls[1].Slug != "tuggerah" || ls[2].Slug != "gosford" {
		t.Errorf("order %s %s %s", ls[0].Slug, ls[1].Slug, ls[2].Slug)
	}
	gos := ls[2]
	if gos.Address.Lat == 0 || gos.Address.Long == 0 {
		t.Errorf("gosford has no coordinates from its postcode: %+v", gos.Address)
	}
	if gos.ID != LocationID(s.Slug, s.Locations[0]) || gos.ID < 1_000_000_000 {
		t.Errorf("gosford id %d is not its stable id", gos.ID)
	}
	// With no picture of its own, a location shows the one drawn for it,
	// at the address the image handler draws it under.
	for _, l := range ls {
		if l.Image.URL != media.LocationPath(l.ID) || l.Image.Thumb.URL != l.Image.URL+"?w=200" {
			t.Errorf("%s's picture %+v, want %s", l.Slug, l.Image, media.LocationPath(l.ID))
		}
	}
	if gos.ContactDetail.Email != "gosford@coastal.example" {
		t.Errorf("gosford email %q", gos.ContactDetail.Email)
	}
	if h := gos.ContactDetail.OpeningHours[4]; h.Status != "Open" || h.FormatedHours != "8:30 am - 7:00 pm" {
		t.Errorf("thursday %+v", h)
	}
	if h := gos.ContactDetail.OpeningHours[0]; h.Status != "Closed" {
		t.Errorf("sunday %+v", h)
	}
	if ls[1].Address.Lat != -33.31 || !ls[1].Primary {
		t.Errorf("tuggerah %+v", ls[1])
	}
	// The selling locations of one dealership offer each other's stock; service does not.
	if len(gos.DistributionLocations) != 1 || len(ls[0].DistributionLocations) != 0 {
		t.Errorf("distribution gosford %v, service %v", gos.DistributionLocations, ls[0].DistributionLocations)
	}
	if ds[0].LocationIDs == nil || ds[0].Address != "1 Pacific Highway, Gosford NSW 2250" {
		t.Errorf("dealership %+v", ds[0])
	}
	if m, _ := Main(s); m.Key != "tuggerah" {
		t.Errorf("main %s, want tuggerah", m.Key)
	}
	for _, name := range []string{"GOS", "gosford", "Coastal Mazda Gosford"} {
		if l, ok := Find(s, name); !ok || l.Key != "gosford" {
			t.Errorf("Find(%q) = %v %v", name, l.Key, ok)
		}
	}
	if _, ok := Find(s, "nowhere"); ok {
		t.Error("Find found an unknown location")
	}
}

func TestSyncReplacesTheStoredPlaces(t *testing.T) {
	ctx := context.Background()
	st := openStore(t)
	now := time.Date(2026, 11, 28, 0, 0, 0, 0, time.UTC)
	s := loadCoastal(t, coastal)
	if wrote, err := Sync(ctx, st, s, now); err != nil || !wrote {
		t.Fatalf("first sync: wrote %v, %v", wrote, err)
	}
	if wrote, err := Sync(ctx, st, s, now); err != nil || wrote {
		t.Fatalf("second sync of the same file wrote again (%v, %v)", wrote, err)
	}
	// A location removed from the file leaves the store; a phone changes.
	s2 := loadCoastal(t, withoutServiceNewPhone(coastal))
	if wrote, err := Sync(ctx, st, s2, now); err != nil || !wrote {
		t.Fatalf("changed sync: wrote %v, %v", wrote, err)
	}
	ls, err := st.Locations(ctx, s.Slug)
	if err != nil {
		t.Fatal(err)
	}
	if len(ls) != 2 {
		t.Fatalf("%d locations stored, want 2", len(ls))
	}
	for _, l := range ls {
		if l.Slug == "gosford" && l.Phone != "02 4321 9999" {
			t.Errorf("gosford phone %q", l.Phone)
		}
		if l.Slug == "gosford-service" {
			t.Error("the removed location is still stored")
		}
	}
}

func TestStoredLocationsKeepTheFilesOrder(t *testing.T) {
	ctx := context.Background()
	st := openStore(t)
	s := loadCoastal(t, coastal)
	if _, err := Sync(ctx, st, s, time.Now()); err != nil {
		t.Fatal(err)
	}
	ls, err := st.Locations(ctx, s.Slug)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, l := range ls {
		got = append(got, l.Slug)
	}
	// The ids made from keys would order them otherwise.
	if want := "gosford-service tuggerah gosford"; strings.Join(got, " ") != want {
		t.Errorf("stored order %v, want %s", got, want)
	}
}

func openStore(t *testing.T) store.Store {
	t.Helper()
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "f.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}
