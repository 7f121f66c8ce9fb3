package demo

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"forecourt/internal/tenant"
	"math"
	"net/url"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"forecourt/internal/catalog"
	"forecourt/internal/places"
	"forecourt/internal/store"
)

// refs are reference days the demo must work for: mid-year, the eve of
// Christmas (holidays roll to next year) and a leap-year day.
var refs = []time.Time{
	time.Date(2026, 5, 14, 9, 30, 0, 0, time.UTC),
	time.Date(2025, 12, 24, 23, 59, 59, 0, time.UTC),
	time.Date(2028, 2, 29, 0, 0, 0, 0, time.UTC),
}

const (
	harbourside = "harbourside-toyota"
	summit      = "summit-motor-group"
	outback     = "outback-caravans"
	southern    = "southern-alps-motors"
	metro       = "metro-used-cars"
)

var allSites = []string{harbourside, summit, outback, southern, metro}

func bySlug(t *testing.T, sites []Site) map[string]Site {
	t.Helper()
	m := map[string]Site{}
	for _, s := range sites {
		m[s.Slug] = s
	}
	return m
}

func TestGenerateIsDeterministic(t *testing.T) {
	t.Parallel()
	for _, ref := range refs {
		a, b := Generate(ref), Generate(ref)
		if !reflect.DeepEqual(a, b) {
			t.Fatalf("ref %v: two runs differ", ref)
		}
		ja, err := json.Marshal(a)
		if err != nil {
			t.Fatal(err)
		}
		jb, _ := json.Marshal(b)
		if !bytes.Equal(ja, jb) {
			t.Fatalf("ref %v: JSON of two runs differs", ref)
		}
	}
	// Only dates follow ref: the same stock is drawn for another day.
	a, b := Generate(refs[0]), Generate(refs[0].Add(36*time.Hour))
	for i := range a {
		for j := range a[i].Cars {
			ca, cb := a[i].Cars[j], b[i].Cars[j]
			if ca.ID != cb.ID || ca.Model != cb.Model || ca.Status != cb.Status || ca.Price != cb.Price {
				t.Fatalf("%s car %d changed with ref: %s %s %d vs %s %s %d", a[i].Slug, ca.ID, ca.Model, ca.Status, ca.Price, cb.Model, cb.Status, cb.Price)
			}
			if cb.CreatedAt.Sub(ca.CreatedAt) != 36*time.Hour {
				t.Fatalf("%s car %d: created_at did not move with ref", a[i].Slug, ca.ID)
			}
		}
	}
}

// A demo car's history report is the site's own summary of it
// (docs/behaviour/http.md#api-history-report): a path on the site's own
// host, never an address elsewhere, since nothing loads from outside.
func TestHistoryReportsAreTheSitesOwn(t *testing.T) {
	t.Parallel()
	n := 0
	for _, s := range generated(refs[0]) {
		for _, c := range s.Cars {
			if c.File == "" {
				continue
			}
			n++
			u, err := url.Parse(c.File)
			if err != nil || u.Scheme != "" || u.Host != "" || strings.HasPrefix(c.File, "//") {
				t.Errorf("%s %s: file %q is not a path on the site's own host", s.Slug, c.Slug, c.File)
			}
			if want := "/api/cars/" + c.Slug + "/history-report.pdf"; c.File != want {
				t.Errorf("%s %s: file %q, want %q", s.Slug, c.Slug, c.File, want)
			}
		}
	}
	if n < 5 {
		t.Errorf("%d cars with a history report, want at least 5", n)
	}
}

func TestSitesAndTotals(t *testing.T) {
	t.Parallel()
	sites := generated(refs[0])
	var got []string
	total := 0
	for _, s := range sites {
		got = append(got, s.Slug)
		total += len(s.Cars)
	}
	if !slices.Equal(got, allSites) {
		t.Fatalf("sites = %v, want %v (docs/behaviour/http.md demo sites)", got, allSites)
	}
	if total < 3000 {
		t.Errorf("total cars = %d, docs/behaviour/http.md asks for at least 3,000", total)
	}
	want := map[string][2]int{harbourside: {550, 650}, summit: {1300, 1500}, outback: {250, 350}, southern: {350, 450}, metro: {350, 450}}
	for _, s := range sites {
		if n := len(s.Cars); n < want[s.Slug][0] || n > want[s.Slug][1] {
			t.Errorf("%s: %d cars, want %d..%d", s.Slug, n, want[s.Slug][0], want[s.Slug][1])
		}
	}
}

var (
	imageRe    = regexp.MustCompile(`^/img/car/(\d+)/([a-z-]+)/([0-9a-f]{6})/(\d+)\.jpg$`)
	interiorRe = regexp.MustCompile(`^/img/interior/(\d+)/([0-9a-f]{6})\.jpg$`)
	vinRe      = regexp.MustCompile(`^[A-HJ-NPR-Z0-9]{17}$`)
	hoursRe    = regexp.MustCompile(`^\d{1,2}:\d{2} (am|pm) - \d{1,2}:\d{2} (am|pm)$`)
	bodies     = []string{"sedan", "hatch", "wagon", "suv", "ute", "van", "coupe", "convertible", "people-mover", "cab-chassis", "caravan"}
)

func TestIdentifiersAreUnique(t *testing.T) {
	t.Parallel()
	sites := generated(refs[0])
	carIDs, vins := map[int64]string{}, map[string]bool{}
	otherIDs := map[int64]string{}
	claim := func(id int64, what string) {
		if prev, ok := otherIDs[id]; ok {
			t.Errorf("id %d used by %s and %s", id, prev, what)
		}
		otherIDs[id] = what
	}
	for _, s := range sites {
		slugs, stock := map[string]bool{}, map[string]bool{}
		for _, c := range s.Cars {
			if prev, ok := carIDs[c.ID]; ok {
				t.Errorf("car id %d on %s and %s", c.ID, prev, s.Slug)
			}
			carIDs[c.ID] = s.Slug
			if slugs[c.Slug] {
				t.Errorf("%s: duplicate car slug %s", s.Slug, c.Slug)
			}
			slugs[c.Slug] = true
			if stock[c.StockNum] {
				t.Errorf("%s: duplicate stocknum %s", s.Slug, c.StockNum)
			}
			stock[c.StockNum] = true
			if !vinRe.MatchString(c.VIN) || vins[c.VIN] {
				t.Errorf("%s: bad or repeated VIN %q", s.Slug, c.VIN)
			}
			vins[c.VIN] = true
		}
		for _, d := range s.Dealerships {
			claim(d.ID, s.Slug+" dealership "+d.Slug)
		}
		locSlugs := map[string]bool{}
		for _, l := range s.Locations {
			claim(l.ID, s.Slug+" location "+l.Slug)
			if locSlugs[l.Slug] {
				t.Errorf("%s: duplicate location slug %s", s.Slug, l.Slug)
			}
			locSlugs[l.Slug] = true
		}
		for _, r := range s.Reviews {
			claim(r.ID, s.Slug+" review")
		}
		modelSlugs := map[string]bool{}
		for _, m := range s.Models {
			claim(m.ID, s.Slug+" model "+m.Slug)
			if modelSlugs[m.Make+"/"+m.Slug] {
				t.Errorf("%s: duplicate model slug %s/%s", s.Slug, m.Make, m.Slug)
			}
			modelSlugs[m.Make+"/"+m.Slug] = true
			for _, v := range m.Variants {
				claim(v.ID, "variant")
			}
			for _, c := range m.Colours {
				claim(c.ID, "colour")
			}
		}
	}
}

func TestCarFieldsAreConsistent(t *testing.T) {
	t.Parallel()
	ref := refs[0]
	for _, s := range generated(ref) {
		locs := map[int64]catalog.Location{}
		for _, l := range s.Locations {
			locs[l.ID] = l
		}
		deals := map[int64]catalog.Dealership{}
		for _, d := range s.Dealerships {
			deals[d.ID] = d
		}
		for _, c := range s.Cars {
			fail := func(format string, args ...any) {
				t.Helper()
				t.Errorf("%s car %d (%s): %s", s.Slug, c.ID, c.Name, fmt.Sprintf(format, args...))
			}
			l, ok := locs[c.LocationID]
			if !ok {
				fail("location %d is not a location of the site", c.LocationID)
				continue
			}
			d := deals[c.DealershipID]
			if c.LocationName != l.Name || l.DealershipID != c.DealershipID || d.Slug != c.DealershipSlug ||
				!slices.Equal(c.DealershipIDs, []int64{c.DealershipID}) {
				fail("location/dealership fields disagree: %q %d %q %v", c.LocationName, c.DealershipID, c.DealershipSlug, c.DealershipIDs)
			}
			if l.LocationType == "service" || l.LocationType == "parts" || !l.Visible {
				fail("stocked at %s location %q", l.LocationType, l.Name)
			}
			if want := fmt.Sprintf("%d %s %s %s", c.Year, c.Make, c.Model, c.Badge); c.Name != want {
				fail("name %q, want %q", c.Name, want)
			}
			if c.Slug != places.Slugify(c.Name)+"-"+strconv.FormatInt(c.ID, 10) || c.Path != "/cars/"+c.Slug {
				fail("slug %q path %q", c.Slug, c.Path)
			}
			if !slices.Contains(bodies, c.Body) || bodyKeys[c.SimpleBody] != c.Body {
				fail("body %q simple_body %q", c.Body, c.SimpleBody)
			}
			if c.CarType != catalog.TypeNew && c.CarType != catalog.TypeUsed && c.CarType != catalog.TypeDemo {
				fail("car_type %q", c.CarType)
			}
			if c.Variant == nil || len(c.StandardEquipment) == 0 {
				fail("variant or equipment missing")
			}
			// Dates: created before now, updated between created and now,
			// sold after created.
			if c.CreatedAt.After(ref) || c.UpdatedAt.Before(c.CreatedAt) || c.UpdatedAt.After(ref) {
				fail("created %v updated %v vs ref %v", c.CreatedAt, c.UpdatedAt, ref)
			}
			if (c.Status == catalog.StatusSold) != (c.SoldDateTimestamp > 0) {
				fail("status %s with sold_date_timestamp %d", c.Status, c.SoldDateTimestamp)
			}
			if c.SoldDateTimestamp > 0 && (c.SoldDateTimestamp < c.CreatedAt.Unix() || c.SoldDateTimestamp > ref.Unix()) {
				fail("sold %d outside created..ref", c.SoldDateTimestamp)
			}
			if c.Reserved && c.Status != catalog.StatusInStock {
				fail("reserved while %s", c.Status)
			}
			// Images follow the agreed URL scheme.
			if c.PhotosCount != len(c.Images) {
				fail("photos_count %d, %d images", c.PhotosCount, len(c.Images))
			}
			wantPrimary := ""
			if len(c.Images) > 0 {
				wantPrimary = c.Images[0].URL
			}
			if c.PrimaryImageURL != wantPrimary {
				fail("primary_image_url %q, want %q", c.PrimaryImageURL, wantPrimary)
			}
			angles := map[string]bool{}
			for _, im := range c.Images {
				m := imageRe.FindStringSubmatch(im.URL)
				if m == nil || m[1] != strconv.FormatInt(c.ID, 10) || m[2] != c.Body || m[3] != colourHex[c.Colour] {
					fail("image url %q", im.URL)
					continue
				}
				if angles[m[4]] {
					fail("repeated angle in %q", im.URL)
				}
				angles[m[4]] = true
				if im.Thumb.URL != im.URL+"?w=200" {
					fail("thumb %q", im.Thumb.URL)
				}
			}
			if len(c.SpinImages) > 0 {
				if len(c.SpinImages) != 36 {
					fail("%d spin frames", len(c.SpinImages))
				}
				for i, u := range c.SpinImages {
					m := imageRe.FindStringSubmatch(u)
					if m == nil || m[4] != strconv.Itoa(i*10) || m[1] != strconv.FormatInt(c.ID, 10) {
						fail("spin frame %d = %q", i, u)
					}
				}
			}
			if c.SpinInteriorImage != "" {
				m := interiorRe.FindStringSubmatch(c.SpinInteriorImage)
				if m == nil || m[1] != strconv.FormatInt(c.ID, 10) || m[2] != colourHex[c.InteriorColour] {
					fail("interior %q", c.SpinInteriorImage)
				}
			}
			if c.Hotspots != nil {
				for _, h := range append(append([]catalog.Hotspot{}, c.Hotspots.Exterior...), c.Hotspots.Interior...) {
					for _, p := range h.Positions {
						if p.Angle < 0 || p.Angle >= 36 || p.X < 0 || p.X > 100 || p.Y < 0 || p.Y > 100 {
							fail("hotspot %q position %+v", h.Description, p)
						}
					}
				}
			}
			if c.Price < 0 || c.Price > 400000 || (c.Price > 0 && c.Price%10 != 0) {
				fail("price %d", c.Price)
			}
			if c.OfferPrice > c.Price || (c.OfferPrice != 0 && c.OfferPrice <= 10) {
				fail("offer_price %d vs price %d", c.OfferPrice, c.Price)
			}
			for key, fl := range c.FinanceLenders {
				if fl.InterestRate <= 0 || fl.ComparisonRate <= fl.InterestRate || fl.PaymentWeek <= 0 ||
					fl.PaymentMonth <= fl.PaymentWeek || fl.TermYears != 5 || fl.TotalPayable < float64(c.Price)*0.9 ||
					!strings.Contains(fl.Disclaimer, "5 year") {
					fail("finance %s = %+v", key, fl)
				}
				if key == "nissan_finance" && c.Make != "Nissan" {
					fail("nissan_finance on a %s", c.Make)
				}
			}
			if c.CarType == catalog.TypeNew && c.RegPlate != "" {
				fail("new car with a plate")
			}
			if c.CarType != catalog.TypeNew && c.ItemType == "" && c.RegPlate == "" {
				fail("%s car without a plate", c.CarType)
			}
		}
	}
}

// counts evaluates predicates over one site's cars.
type carCase struct {
	name  string
	sites []string // nil: every site
	min   int
	match func(c catalog.Car, ref time.Time, soldDays int) bool
}

func soldAgo(c catalog.Car, ref time.Time) time.Duration {
	return ref.Sub(time.Unix(c.SoldDateTimestamp, 0))
}

const day = 24 * time.Hour

var carCases = []carCase{
	// docs/behaviour/states.md#availability and Listings.
	{"in stock", nil, 100, func(c catalog.Car, _ time.Time, _ int) bool { return c.Status == catalog.StatusInStock }},
	{"coming soon", nil, 3, func(c catalog.Car, _ time.Time, _ int) bool { return c.Status == catalog.StatusComingSoon }},
	{"sold within the last 3 days", nil, 3, func(c catalog.Car, ref time.Time, _ int) bool {
		return c.Status == catalog.StatusSold && soldAgo(c, ref) <= 3*day
	}},
	{"sold 4-7 days ago", nil, 3, func(c catalog.Car, ref time.Time, _ int) bool {
		return c.Status == catalog.StatusSold && soldAgo(c, ref) >= 4*day && soldAgo(c, ref) <= 7*day
	}},
	{"sold 4-7 days ago at a dealership keeping sold cars 7 days", []string{summit}, 3, func(c catalog.Car, ref time.Time, days int) bool {
		return days == 7 && c.Status == catalog.StatusSold && soldAgo(c, ref) > 3*day && soldAgo(c, ref) <= 7*day
	}},
	{"sold long ago", nil, 3, func(c catalog.Car, ref time.Time, _ int) bool {
		return c.Status == catalog.StatusSold && soldAgo(c, ref) > 14*day
	}},
	{"hidden from the website", nil, 3, func(c catalog.Car, _ time.Time, _ int) bool { return !c.ShowOnWebsite }},
	{"price 0", nil, 3, func(c catalog.Car, _ time.Time, _ int) bool { return c.Price == 0 && !c.Preorder }},
	{"preorder", []string{harbourside, summit, outback, southern}, 1, func(c catalog.Car, _ time.Time, _ int) bool { return c.Preorder }},
	{"reserved", nil, 2, func(c catalog.Car, _ time.Time, _ int) bool { return c.Reserved }},
	// Card tags, docs/behaviour/states.md.
	{"tag Test Drive Only", []string{harbourside, summit, southern}, 2, func(c catalog.Car, _ time.Time, _ int) bool {
		return c.Tag == "Test Drive Only"
	}},
	{"tag runout sale", []string{harbourside, summit, outback, southern}, 2, func(c catalog.Car, _ time.Time, _ int) bool {
		return c.Tag == "runout sale"
	}},
	{"tag Clearance", nil, 2, func(c catalog.Car, _ time.Time, _ int) bool { return c.Tag == "Clearance" }},
	{"created within 8 days", nil, 10, func(c catalog.Car, ref time.Time, _ int) bool {
		return ref.Sub(c.CreatedAt) < 8*day && c.Available()
	}},
	{"created over 8 days ago", nil, 100, func(c catalog.Car, ref time.Time, _ int) bool { return ref.Sub(c.CreatedAt) > 8*day }},
	{"with NVIC", []string{harbourside, summit, metro}, 50, func(c catalog.Car, _ time.Time, _ int) bool { return c.NVIC != "" }},
	{"without NVIC", nil, 20, func(c catalog.Car, _ time.Time, _ int) bool { return c.NVIC == "" }},
	// Images and media.
	{"no images", nil, 2, func(c catalog.Car, _ time.Time, _ int) bool { return len(c.Images) == 0 }},
	{"1-3 images", nil, 5, func(c catalog.Car, _ time.Time, _ int) bool { return len(c.Images) >= 1 && len(c.Images) <= 3 }},
	{"4-20 images", nil, 100, func(c catalog.Car, _ time.Time, _ int) bool { return len(c.Images) >= 4 && len(c.Images) <= 20 }},
	{"YouTube embed video", nil, 3, func(c catalog.Car, _ time.Time, _ int) bool {
		return strings.HasPrefix(c.VideoURL, "https://www.youtube.com/embed/")
	}},
	{"local mp4 video", nil, 3, func(c catalog.Car, _ time.Time, _ int) bool { return strings.HasSuffix(c.VideoURL, ".mp4") }},
	{"360 spin", nil, 5, func(c catalog.Car, _ time.Time, _ int) bool { return len(c.SpinImages) == 36 && c.Hotspots != nil }},
	{"360 interior with hotspots", nil, 2, func(c catalog.Car, _ time.Time, _ int) bool {
		return c.SpinInteriorImage != "" && c.Hotspots != nil && len(c.Hotspots.Interior) > 0
	}},
	{"history report file", nil, 5, func(c catalog.Car, _ time.Time, _ int) bool { return c.File != "" }},
	// Below-market badge, docs/behaviour/states.md.
	{"at least $500 under market", nil, 5, func(c catalog.Car, _ time.Time, _ int) bool {
		return c.AutograbData != nil && c.Price > 0 && marketPrice(c)-c.Price >= 500
	}},
	{"over market", nil, 5, func(c catalog.Car, _ time.Time, _ int) bool {
		return c.AutograbData != nil && c.Price > 0 && marketPrice(c) < c.Price
	}},
	{"only the national market average", nil, 2, func(c catalog.Car, _ time.Time, _ int) bool {
		return c.AutograbData != nil && c.AutograbData.StateAverageMarketPrice == 0
	}},
	// Finance, docs/behaviour/validation.md.
	{"finance lenders", nil, 50, func(c catalog.Car, _ time.Time, _ int) bool { return len(c.FinanceLenders) > 0 }},
	{"finance with deposit and balloon", nil, 5, func(c catalog.Car, _ time.Time, _ int) bool {
		for _, fl := range c.FinanceLenders {
			if fl.Balloon > 0 && fl.Deposit > 0 {
				return true
			}
		}
		return false
	}},
	{"youx quote", nil, 2, func(c catalog.Car, _ time.Time, _ int) bool { return c.YouxQuote != nil }},
	{"Suzuki", []string{harbourside, summit, southern, metro}, 2, func(c catalog.Car, _ time.Time, _ int) bool { return c.Make == "Suzuki" }},
	{"Suzuki with finance lenders", []string{southern}, 1, func(c catalog.Car, _ time.Time, _ int) bool {
		return c.Make == "Suzuki" && len(c.FinanceLenders) > 0
	}},
	{"older than 12 years", []string{harbourside, summit, outback, southern, metro}, 3, func(c catalog.Car, ref time.Time, _ int) bool {
		return c.Year < ref.Year()-12
	}},
	// Price display, docs/behaviour/states.md.
	{"Was price above price", nil, 5, func(c catalog.Car, _ time.Time, _ int) bool { return c.BeforePrice > c.Price && c.Price > 0 }},
	{"before_price not above price", nil, 1, func(c catalog.Car, _ time.Time, _ int) bool {
		return c.BeforePrice > 0 && c.BeforePrice <= c.Price
	}},
	{"subscription price", []string{harbourside, summit, outback, southern}, 3, func(c catalog.Car, _ time.Time, _ int) bool {
		return c.SubscriptionPrice > 0
	}},
	{"offer price reduction", nil, 3, func(c catalog.Car, _ time.Time, _ int) bool { return c.OfferPrice > 10 && c.OfferPrice < c.Price }},
	{"offer price equal to price", nil, 1, func(c catalog.Car, _ time.Time, _ int) bool { return c.OfferPrice > 10 && c.OfferPrice == c.Price }},
	// Car types and kinds.
	{"new", []string{harbourside, summit, outback, southern}, 50, func(c catalog.Car, _ time.Time, _ int) bool { return c.CarType == catalog.TypeNew }},
	{"used", nil, 50, func(c catalog.Car, _ time.Time, _ int) bool { return c.CarType == catalog.TypeUsed }},
	{"demo up to 3000 km", []string{harbourside, summit, southern}, 3, func(c catalog.Car, _ time.Time, _ int) bool {
		return c.CarType == catalog.TypeDemo && c.KM <= 3000
	}},
	{"demo over 3000 km", []string{harbourside, summit, southern}, 3, func(c catalog.Car, _ time.Time, _ int) bool {
		return c.CarType == catalog.TypeDemo && c.KM > 3000
	}},
	{"certified used Toyota", []string{harbourside}, 10, func(c catalog.Car, _ time.Time, _ int) bool {
		return c.Certified && c.Make == "Toyota" && c.CarType == catalog.TypeUsed
	}},
	{"certified used luxury make", []string{summit}, 1, func(c catalog.Car, _ time.Time, _ int) bool {
		return c.Certified && c.Make == "Mercedes-Benz"
	}},
	{"electric", []string{harbourside, summit, southern, metro}, 2, func(c catalog.Car, _ time.Time, _ int) bool { return c.SimpleFuel == "Electric" }},
	{"hybrid", []string{harbourside, summit, southern, metro}, 5, func(c catalog.Car, _ time.Time, _ int) bool { return c.SimpleFuel == "Hybrid" }},
	{"manual", []string{harbourside, summit, southern, metro}, 2, func(c catalog.Car, _ time.Time, _ int) bool {
		return c.SimpleTransmission == "Manual"
	}},
	// Words: docs/behaviour/states.md truncates comments at 400 characters and shows 8 features.
	{"dealer comments over 400 characters", nil, 10, func(c catalog.Car, _ time.Time, _ int) bool { return len(c.DealerComments) > 400 }},
	{"empty dealer comments", nil, 5, func(c catalog.Car, _ time.Time, _ int) bool { return c.DealerComments == "" }},
	{"more than 8 equipment items", nil, 50, func(c catalog.Car, _ time.Time, _ int) bool { return len(c.StandardEquipment) > 8 }},
}

func marketPrice(c catalog.Car) int {
	if c.AutograbData.StateAverageMarketPrice > 0 {
		return c.AutograbData.StateAverageMarketPrice
	}
	return c.AutograbData.AverageMarketPrice
}

func TestEveryRuleHasCases(t *testing.T) {
	t.Parallel()
	for _, ref := range refs {
		for _, s := range generated(ref) {
			days := map[int64]int{}
			for _, d := range s.Dealerships {
				days[d.ID] = d.IncludeSoldCarsDays
			}
			for _, cc := range carCases {
				if cc.sites != nil && !slices.Contains(cc.sites, s.Slug) {
					continue
				}
				n := 0
				for _, c := range s.Cars {
					if cc.match(c, ref, days[c.DealershipID]) {
						n++
					}
				}
				if n < cc.min {
					t.Errorf("ref %s, %s: %d cars %s, want at least %d", ref.Format(time.DateOnly), s.Slug, n, cc.name, cc.min)
				}
			}
		}
	}
}

func TestSoldDatesStayClearOfWindowEdges(t *testing.T) {
	t.Parallel()
	// A server started at ref keeps serving for a day; no sold car may sit
	// within a day of the 3- or 7-day window (docs/behaviour/states.md#listings).
	ref := refs[0]
	for _, s := range generated(ref) {
		for _, c := range s.Cars {
			if c.Status != catalog.StatusSold {
				continue
			}
			a := soldAgo(c, ref)
			if (a > 2*day && a < 4*day) || (a > 6*day && a < 8*day) {
				t.Errorf("%s car %d sold %v before ref, too close to a window edge", s.Slug, c.ID, a)
			}
		}
		for _, c := range s.Cars {
			if a := ref.Sub(c.CreatedAt); a > 7*day && a < 9*day {
				t.Errorf("%s car %d created %v before ref, too close to the 8-day new tag", s.Slug, c.ID, a)
			}
		}
	}
}

func TestFinanceProvidersCovered(t *testing.T) {
	t.Parallel()
	keys := map[string]int{}
	for _, s := range generated(refs[0]) {
		for _, c := range s.Cars {
			for k := range c.FinanceLenders {
				keys[k]++
			}
		}
	}
	for _, k := range []string{"manual", "angle", "nissan_finance"} {
		if keys[k] < 5 {
			t.Errorf("finance_lenders key %q on %d cars, want some", k, keys[k])
		}
	}
}

func TestLenderOfferMatchesSpecExample(t *testing.T) {
	t.Parallel()
	// docs/behaviour/constants.md: "secured loan, 5 years, 6.29% p.a., comparison rate 8.19% p.a., no deposit".
	fl := lenderOffer(lenderRecipe{Key: "manual", Provider: "Toyota Finance", Rate: 6.29, Comparison: 8.19}, 30000, false)
	if fl.Disclaimer != "Secured loan, 5 years, 6.29% p.a., comparison rate 8.19% p.a., no deposit." {
		t.Errorf("disclaimer %q", fl.Disclaimer)
	}
	// $30,000 over 60 months at 6.29% is $584.27 a month.
	if fl.PaymentMonth != 585 || fl.PaymentWeek != 135 || fl.TotalPayable != 585*60 {
		t.Errorf("payments %+v", fl)
	}
	withBalloon := lenderOffer(lenderRecipe{Rate: 6.29, Comparison: 8.19}, 30000, true)
	if withBalloon.Deposit != 3000 || withBalloon.Balloon != 9000 || withBalloon.PaymentMonth >= fl.PaymentMonth ||
		!strings.Contains(withBalloon.Disclaimer, "10.0% deposit, 30.0% final payment") {
		t.Errorf("balloon offer %+v", withBalloon)
	}
}

func TestCaravans(t *testing.T) {
	t.Parallel()
	s := bySlug(t, generated(refs[0]))[outback]
	axles := map[string]int{}
	for _, c := range s.Cars {
		sp := c.Specifications
		if c.ItemType != "caravan" || c.Body != "caravan" || c.SimpleBody != "Caravan" || sp == nil {
			t.Fatalf("car %d is not a caravan with specifications: %q %q %+v", c.ID, c.ItemType, c.Body, sp)
		}
		if sp.BodyLength < 14 || sp.BodyLength > 26 || sp.BodyWidth < 7 || sp.BodyWidth > 8.5 || sp.Sleeps < 2 ||
			sp.TareWeight < 1500 || sp.AggregateTrailerMass <= sp.TareWeight {
			t.Errorf("car %d specifications %+v", c.ID, sp)
		}
		axles[sp.AxleType]++
	}
	if axles["Single"] == 0 || axles["Tandem"] == 0 || len(axles) != 2 {
		t.Errorf("axle types %v, want Single and Tandem", axles)
	}
	if len(s.Locations) != 2 {
		t.Errorf("%d locations, want 2", len(s.Locations))
	}
	// A caravan is inspected, not test driven, and has no odometer: its
	// comments never offer a test drive or speak of kilometres or cars.
	carWords := regexp.MustCompile(`(?i)test drive|kilomet|fuel economy|\bcars?\b`)
	comments := 0
	for _, c := range s.Cars {
		if c.DealerComments != "" {
			comments++
		}
		if w := carWords.FindString(c.DealerComments); w != "" {
			t.Errorf("caravan %d's comments say %q: %s", c.ID, w, c.DealerComments)
		}
	}
	if comments == 0 {
		t.Error("no caravan has comments")
	}
	// Every comment set is as long as every other, so any car draws the
	// same random numbers and every other figure of the demo stays put.
	ref := commentSets["car"][catalog.TypeUsed]
	for kind, byType := range commentSets {
		for carType, set := range byType {
			if len(set.Short) != len(ref.Short) || len(set.Sentences) != len(ref.Sentences) {
				t.Errorf("the %s %s comment set differs in length from the used car's", carType, kind)
			}
		}
	}
}

func TestNewZealandSite(t *testing.T) {
	t.Parallel()
	s := bySlug(t, generated(refs[0]))[southern]
	for _, d := range s.Dealerships {
		if !strings.HasPrefix(d.Phone, "+64 3 ") {
			t.Errorf("dealership phone %q", d.Phone)
		}
	}
	for _, l := range s.Locations {
		if !strings.HasPrefix(l.Phone, "+64 3 ") || l.Address.City != "Christchurch" ||
			!regexp.MustCompile(`^8\d{3}$`).MatchString(l.Address.Postcode) || !near(l.Address, -43.53, 172.63, 0.1) {
			t.Errorf("location %+v is not in Christchurch", l.Address)
		}
		var names []string
		for _, sh := range l.ContactDetail.SpecialHours {
			names = append(names, sh.Name)
		}
		if !slices.Contains(names, "Waitangi Day") || slices.Contains(names, "Australia Day") {
			t.Errorf("NZ holidays %v", names)
		}
	}
	for _, c := range s.Cars {
		if c.NVIC != "" || c.RegoState != "" {
			t.Errorf("NZ car %d with Australian NVIC %q or state %q", c.ID, c.NVIC, c.RegoState)
		}
		if c.CarType != catalog.TypeNew && !regexp.MustCompile(`^[A-Z]{3}\d{3}$`).MatchString(c.RegPlate) {
			t.Errorf("NZ plate %q", c.RegPlate)
		}
		// Prices are plain whole amounts in the site's own currency.
		if c.Price != 0 && (c.Price < 990 || c.Price > 200000) {
			t.Errorf("NZ price %d", c.Price)
		}
	}
}

func TestMetroUsedCars(t *testing.T) {
	t.Parallel()
	s := bySlug(t, generated(refs[0]))[metro]
	fewPhotos, zero, listed := 0, 0, 0
	for _, c := range s.Cars {
		if c.CarType != catalog.TypeUsed {
			t.Fatalf("car %d is %s; metro sells used cars only", c.ID, c.CarType)
		}
		switch {
		case c.PhotosCount < 5:
			fewPhotos++
		case c.Price == 0:
			zero++
		default:
			listed++
		}
	}
	// Its stock rules (min photos 5, no price 0) must have cars to drop and plenty to keep.
	if fewPhotos < 10 || zero < 5 || listed < 250 {
		t.Errorf("few photos %d, price 0 %d, passing %d", fewPhotos, zero, listed)
	}
	for _, l := range s.Locations {
		if l.Address.State != "NSW" || !strings.HasPrefix(l.Phone, "02 ") || !near(l.Address, -33.87, 151.0, 0.3) {
			t.Errorf("metro location %q at %+v", l.Name, l.Address)
		}
	}
	if len(s.Locations) != 2 || len(s.Models) != 0 {
		t.Errorf("%d locations and %d models, want 2 and none", len(s.Locations), len(s.Models))
	}
}

func TestHarbourside(t *testing.T) {
	t.Parallel()
	s := bySlug(t, generated(refs[0]))[harbourside]
	if len(s.Dealerships) != 1 {
		t.Fatalf("%d dealerships", len(s.Dealerships))
	}
	var types []string
	for _, l := range s.Locations {
		types = append(types, l.LocationType)
		if l.Address != s.Locations[0].Address {
			t.Errorf("location %q is not at the one address", l.Name)
		}
		if l.Address.City != "Brisbane" || !near(l.Address, -27.47, 153.02, 0.1) {
			t.Errorf("location %+v not in Brisbane", l.Address)
		}
	}
	if !slices.Equal(types, []string{"", "service", "parts"}) {
		t.Errorf("location types %q, want sales, service and parts", types)
	}
	for _, c := range s.Cars {
		if c.CarType != catalog.TypeUsed && c.Make != "Toyota" {
			t.Errorf("%s %s at a Toyota dealer", c.CarType, c.Make)
		}
		if c.Certified && (c.Make != "Toyota" || c.CarType != catalog.TypeUsed) {
			t.Errorf("certified %s %s", c.CarType, c.Make)
		}
	}
}

func TestSummit(t *testing.T) {
	t.Parallel()
	s := bySlug(t, generated(refs[0]))[summit]
	if len(s.Dealerships) < 5 || len(s.Locations) < 10 {
		t.Fatalf("%d dealerships, %d locations; docs/behaviour/http.md asks for 5 and 10", len(s.Dealerships), len(s.Locations))
	}
	cities := map[string]bool{}
	hidden, used, seven, subs := 0, 0, 0, 0
	for _, l := range s.Locations {
		cities[strings.Fields(l.Address.City)[0]] = true
		if !l.Visible {
			hidden++
		}
		if strings.Contains(l.LocationSubtype, "pre-owned sales") {
			used++
		}
	}
	for _, want := range []string{"Brisbane", "Maroochydore", "Noosa"} {
		if !cities[want] && !cities[want+"ville"] {
			t.Errorf("no location in %s (cities %v)", want, cities)
		}
	}
	subscriber := map[int64]bool{}
	for _, d := range s.Dealerships {
		if d.IncludeSoldCarsDays == 7 {
			seven++
		}
		if d.OffersSubscription {
			subscriber[d.ID] = true
		}
	}
	for _, c := range s.Cars {
		if subscriber[c.DealershipID] && c.SubscriptionPrice > 0 {
			subs++
		}
	}
	if hidden != 1 || used < 1 || seven != 1 || len(subscriber) != 1 || subs < 3 {
		t.Errorf("hidden %d, used locations %d, 7-day dealerships %d, subscribers %d, subscription cars there %d",
			hidden, used, seven, len(subscriber), subs)
	}
	makes := map[string]bool{}
	for _, c := range s.Cars {
		makes[c.Make] = true
	}
	if len(makes) < 12 {
		t.Errorf("%d makes, want many", len(makes))
	}
}

func near(a catalog.Address, lat, long, tol float64) bool {
	return math.Abs(a.Lat-lat) <= tol && math.Abs(a.Long-long) <= tol
}

func TestLocations(t *testing.T) {
	t.Parallel()
	centres := map[string][2]float64{
		"Brisbane": {-27.47, 153.02}, "Maroochydore": {-26.65, 153.09}, "Noosa Heads": {-26.39, 153.09},
		"Noosaville": {-26.39, 153.09}, "Toowoomba": {-27.56, 151.95}, "Rockhampton": {-23.38, 150.51},
		"Christchurch": {-43.53, 172.63}, "Parramatta": {-33.81, 151.00}, "Liverpool": {-33.92, 150.92},
	}
	sundayClosed, lateNight, reduced := 0, 0, 0
	for _, ref := range refs {
		for _, s := range generated(ref) {
			primaries := 0
			byID := map[int64]bool{}
			for _, l := range s.Locations {
				byID[l.ID] = true
				if l.Primary {
					primaries++
				}
				c, ok := centres[l.Address.City]
				if !ok || !near(l.Address, c[0], c[1], 0.1) {
					t.Errorf("%s: %q at %s %.4f,%.4f", s.Slug, l.Name, l.Address.City, l.Address.Lat, l.Address.Long)
				}
				if l.Slug != places.Slugify(l.Name) || l.Image.URL != fmt.Sprintf("/img/location/%d.jpg", l.ID) ||
					!strings.HasPrefix(l.Address.PlaceURL, "https://") || l.DealerLicenseNumber == "" || l.Phone == "" ||
					len(l.Address.Postcode) != 4 {
					t.Errorf("%s: location fields %+v", s.Slug, l)
				}
				if r := l.Reviews; l.Visible && (r.AverageRating < 3.9 || r.AverageRating > 4.9 || r.Count < 5 || r.Count > 1000) ||
					!l.Visible && r.Count != 0 {
					t.Errorf("%s: reviews summary %+v", s.Slug, r)
				}
				hours := l.ContactDetail.OpeningHours
				if len(hours) != 7 {
					t.Fatalf("%s: %d opening hours", s.Slug, len(hours))
				}
				for wd, h := range hours {
					if h.Weekday != wd || (h.Status == "Open") != hoursRe.MatchString(h.FormatedHours) ||
						(h.Status == "Closed") != (h.FormatedHours == "Closed") {
						t.Errorf("%s: hours %+v", s.Slug, h)
					}
				}
				if hours[0].Status == "Closed" {
					sundayClosed++
				}
				if hours[4] != (catalog.OpeningHour{Weekday: 4, Status: hours[1].Status, FormatedHours: hours[1].FormatedHours, Open: hours[1].Open, Close: hours[1].Close}) ||
					hours[5].Close != hours[1].Close {
					lateNight++
				}
				specials := l.ContactDetail.SpecialHours
				if len(specials) < 5 {
					t.Errorf("%s: %d special hours", s.Slug, len(specials))
				}
				prev := ""
				for _, sh := range specials {
					d, err := time.Parse(time.DateOnly, sh.Date)
					if err != nil || sh.Date < prev || d.Before(ref.Add(-2*day)) || d.After(ref.AddDate(1, 0, 1)) || sh.LocationID != l.ID {
						t.Errorf("%s ref %v: special hours %+v out of order or range", s.Slug, ref, sh)
					}
					prev = sh.Date
					if sh.Name == "Christmas Day" && (sh.Status != "Closed" || !strings.HasSuffix(sh.Date, "-12-25")) {
						t.Errorf("Christmas %+v", sh)
					}
					if sh.Status == "Open" {
						reduced++
						start, e1 := time.Parse(time.RFC3339, sh.StartHour)
						end, e2 := time.Parse(time.RFC3339, sh.EndHour)
						if e1 != nil || e2 != nil || !end.After(start) || start.Location() != time.UTC {
							t.Errorf("reduced hours %+v", sh)
						}
					}
				}
			}
			if primaries != 1 {
				t.Errorf("%s: %d primary locations, want 1", s.Slug, primaries)
			}
			for _, d := range s.Dealerships {
				if len(d.LocationIDs) == 0 || d.Phone == "" || d.Email == "" || d.Address == "" || d.DealershipGroup == "" {
					t.Errorf("%s: dealership %+v", s.Slug, d)
				}
				for _, id := range d.LocationIDs {
					if !byID[id] {
						t.Errorf("%s: dealership %s lists unknown location %d", s.Slug, d.Slug, id)
					}
				}
				for _, w := range d.Websites {
					if w.Logo.URL != "/img/make/"+places.Slugify(w.Make)+".png" {
						t.Errorf("logo %q", w.Logo.URL)
					}
				}
			}
		}
	}
	if sundayClosed == 0 || lateNight == 0 || reduced == 0 {
		t.Errorf("sunday closed %d, late nights %d, reduced holiday hours %d; want each", sundayClosed, lateNight, reduced)
	}
}

func TestReviews(t *testing.T) {
	t.Parallel()
	ref := refs[0]
	for _, s := range generated(ref) {
		if n := len(s.Reviews); n < 18 || n > 22 {
			t.Errorf("%s: %d reviews", s.Slug, n)
		}
		high, replied := 0, 0
		for _, r := range s.Reviews {
			if r.Rating < 1 || r.Rating > 5 || r.CustomerName == "" || r.Text == "" {
				t.Errorf("%s: review %+v", s.Slug, r)
			}
			if r.Rating >= 4 {
				high++
			}
			if r.ReviewDate.After(ref) || r.ReviewDate.Before(ref.AddDate(-2, 0, 0)) {
				t.Errorf("%s: review date %v", s.Slug, r.ReviewDate)
			}
			if r.ReplyDate != nil {
				replied++
				if r.ReplyText == "" || r.ReplyDate.Before(r.ReviewDate) || r.ReplyDate.After(ref) {
					t.Errorf("%s: reply %+v", s.Slug, r)
				}
			}
		}
		if high*10 < len(s.Reviews)*7 || replied == 0 || replied == len(s.Reviews) {
			t.Errorf("%s: %d of %d rated 4+, %d replied", s.Slug, high, len(s.Reviews), replied)
		}
	}
}

func TestModels(t *testing.T) {
	t.Parallel()
	sites := bySlug(t, generated(refs[0]))
	for _, slug := range []string{harbourside, summit, southern} {
		s := sites[slug]
		newMakes := map[string]bool{}
		for _, c := range s.Cars {
			if c.CarType == catalog.TypeNew {
				newMakes[c.Make] = true
			}
		}
		modelMakes := map[string]bool{}
		soon, noOEM, manyFeatures := 0, 0, 0
		for _, m := range s.Models {
			modelMakes[m.Make] = true
			if m.Status == catalog.StatusComingSoon {
				soon++
			}
			if !imageRe.MatchString(m.ImageURL) || m.ShortDescription == "" || m.ManufacturerBody == "" || m.Slug != places.Slugify(m.Name) {
				t.Errorf("%s: model %s fields %q %q", slug, m.Name, m.ImageURL, m.ShortDescription)
			}
			// The embedded views are the site's own media, never an outside page.
			if len(m.Frames) == 0 {
				t.Errorf("%s: %s has no embedded views", slug, m.Name)
			}
			for _, f := range m.Frames {
				if f.Title == "" || !strings.HasPrefix(f.URL, "/") || strings.HasPrefix(f.URL, "//") {
					t.Errorf("%s: %s frame %+v", slug, m.Name, f)
				}
			}
			if len(m.Variants) < 1 || len(m.Variants) > 5 {
				t.Errorf("%s: %s has %d variants", slug, m.Name, len(m.Variants))
			}
			names := map[string]bool{}
			for _, v := range m.Variants {
				names[v.Name] = true
				if v.DapMinPrice <= 0 || v.DapMaxPrice < v.DapMinPrice || len(v.Features) == 0 || !imageRe.MatchString(v.Image.URL) {
					t.Errorf("%s: variant %+v", slug, v)
				}
				for _, f := range v.Features {
					if !strings.HasPrefix(f, "<p>") {
						t.Errorf("feature %q is not HTML", f)
					}
				}
				if len(v.Features) > 8 {
					manyFeatures++
				}
			}
			for _, c := range m.Colours {
				if !regexp.MustCompile(`^#[0-9a-f]{6}$`).MatchString(c.HexCode) || !names[c.ModelVariantName] || !imageRe.MatchString(c.PhotoURL) {
					t.Errorf("%s: colour %+v", slug, c)
				}
				if c.OemID == "" {
					noOEM++
				}
			}
		}
		if !reflect.DeepEqual(newMakes, modelMakes) {
			t.Errorf("%s: model makes %v, new stock makes %v", slug, modelMakes, newMakes)
		}
		if soon == 0 || noOEM == 0 || manyFeatures == 0 {
			t.Errorf("%s: coming soon %d, colours without oem_id %d, variants over 8 features %d", slug, soon, noOEM, manyFeatures)
		}
	}
	// The colour viewer groups colours by body type when there are 3 or
	// more and over 15 colours (docs/behaviour/states.md#model-colour-viewer).
	for _, m := range sites[harbourside].Models {
		if m.Name != "HiLux" {
			continue
		}
		cabs := map[string]bool{}
		for _, v := range m.Variants {
			for _, cab := range []string{"Dual Cab", "Extra Cab", "Single Cab"} {
				if strings.HasSuffix(v.Name, cab) {
					cabs[cab] = true
				}
			}
		}
		if len(cabs) < 3 || len(m.Colours) <= 15 {
			t.Errorf("HiLux: %d body types %v, %d colours", len(cabs), cabs, len(m.Colours))
		}
		return
	}
	t.Error("no HiLux model")
}

// recordingStore records what Load saves; it fails on request.
type recordingStore struct {
	store.Store
	calls  []string
	cars   int
	failOn string
	// prices is each car's price history as the store records it.
	prices map[string]map[int64][]catalog.PriceChange
}

func (r *recordingStore) record(what, site string, n int) error {
	r.calls = append(r.calls, what+" "+site+" "+strconv.Itoa(n))
	if what+" "+site == r.failOn {
		return errors.New("disk full")
	}
	return nil
}

func (r *recordingStore) ReplacePlaces(_ context.Context, site string, ds []catalog.Dealership, ls []catalog.Location) error {
	return r.record(fmt.Sprintf("places %d", len(ds)), site, len(ls))
}
func (r *recordingStore) SaveReviews(_ context.Context, site string, rs []catalog.Review) error {
	return r.record("reviews", site, len(rs))
}
func (r *recordingStore) SaveModels(_ context.Context, site string, ms []catalog.Model) error {
	return r.record("models", site, len(ms))
}
func (r *recordingStore) SaveCars(_ context.Context, site string, cs []catalog.Car) error {
	r.cars += len(cs)
	if r.prices == nil {
		r.prices = map[string]map[int64][]catalog.PriceChange{}
	}
	if r.prices[site] == nil {
		r.prices[site] = map[int64][]catalog.PriceChange{}
	}
	for _, c := range cs {
		h := r.prices[site][c.ID]
		switch {
		case len(h) == 0:
			h = append(h, catalog.PriceChange{At: c.CreatedAt, Price: c.Price})
		case h[len(h)-1].Price != c.Price:
			h = append(h, catalog.PriceChange{At: c.UpdatedAt, Price: c.Price})
		}
		r.prices[site][c.ID] = h
	}
	return r.record("cars", site, len(cs))
}

func TestLoadSavesEverySite(t *testing.T) {
	t.Parallel()
	ref := refs[0]
	st := &recordingStore{}
	if err := Load(context.Background(), st, ref); err != nil {
		t.Fatal(err)
	}
	var want []string
	total := 0
	for _, s := range generated(ref) {
		want = append(want,
			fmt.Sprintf("places %d %s %d", len(s.Dealerships), s.Slug, len(s.Locations)),
			fmt.Sprintf("reviews %s %d", s.Slug, len(s.Reviews)),
			fmt.Sprintf("models %s %d", s.Slug, len(s.Models)))
		for _, round := range priceRounds(s.Cars, ref) {
			want = append(want, fmt.Sprintf("cars %s %d", s.Slug, len(round)))
			total += len(round)
		}
		want = append(want, fmt.Sprintf("cars %s %d", s.Slug, len(s.Cars)))
		total += len(s.Cars)
	}
	if !slices.Equal(st.calls, want) || st.cars != total {
		t.Errorf("calls %v\nwant %v", st.calls, want)
	}

	failing := &recordingStore{failOn: "reviews " + summit}
	err := Load(context.Background(), failing, ref)
	if err == nil || !strings.Contains(err.Error(), summit) || !strings.Contains(err.Error(), "disk full") {
		t.Errorf("error %v, want the site and cause", err)
	}
	if last := failing.calls[len(failing.calls)-1]; !strings.HasPrefix(last, "reviews "+summit) {
		t.Errorf("Load went on after a failure: last call %q", last)
	}
}

// Load gives some listed cars of every site a price history that ends in
// a drop to today's price in the last weeks: one or two drops of a round
// few per cent, oldest first, the car's own price last.
func TestLoadGivesSomeCarsPriceDrops(t *testing.T) {
	t.Parallel()
	for _, ref := range refs {
		st := &recordingStore{}
		if err := Load(context.Background(), st, ref); err != nil {
			t.Fatal(err)
		}
		for _, s := range generated(ref) {
			drops, twice, recent := 0, 0, 0
			for _, c := range s.Cars {
				h := st.prices[s.Slug][c.ID]
				if h[len(h)-1].Price != c.Price {
					t.Fatalf("%s %s: history %+v ends away from the price %d", s.Slug, c.Slug, h, c.Price)
				}
				if len(h) == 1 {
					continue
				}
				at, amount, ok := catalog.LastPriceDrop(h)
				if !ok || !at.Equal(c.UpdatedAt) || amount < 500 || amount%500 != 0 || amount > c.Price/10 {
					t.Errorf("%s %s: history %+v, want a round drop at its last update %v", s.Slug, c.Slug, h, c.UpdatedAt)
				}
				for i := 1; i < len(h); i++ {
					if !h[i].At.After(h[i-1].At) || h[i].Price >= h[i-1].Price {
						t.Errorf("%s %s: history %+v is not a series of drops", s.Slug, c.Slug, h)
					}
				}
				if age := ref.Sub(at); age < 0 || age > 21*24*time.Hour {
					t.Errorf("%s %s: dropped %v before ref", s.Slug, c.Slug, age)
				}
				drops++
				if len(h) == 3 {
					twice++
				}
				if ref.Sub(at) < 14*24*time.Hour {
					recent++
				}
			}
			if drops < 3 || twice == 0 || recent == 0 || drops > len(s.Cars)/5 {
				t.Errorf("%s at %v: %d of %d cars dropped (%d twice, %d in the last two weeks); want some, not most", s.Slug, ref, drops, len(s.Cars), twice, recent)
			}
		}
	}
}

func TestRecipesAreConsistent(t *testing.T) {
	t.Parallel()
	// Recipes are data; a typo in a location name would silently drop stock.
	sites, err := tenant.LoadEmbedded()
	if err != nil {
		t.Fatal(err)
	}
	for _, rc := range recipes() {
		names := map[string]bool{}
		site, ok := sites.BySlug(rc.Slug)
		if !ok {
			t.Fatalf("no built-in site file for %s", rc.Slug)
		}
		for _, l := range site.Locations {
			names[l.Name] = true
		}
		for _, line := range rc.Stock {
			for _, n := range line.Locations {
				if !names[n] {
					t.Errorf("%s: stock line names unknown location %q", rc.Slug, n)
				}
			}
			for _, m := range line.Makes {
				found := false
				for _, v := range vehicles {
					found = found || (v.Make == m.Make && (line.CarType == catalog.TypeUsed || !v.NotNew))
				}
				if !found || makePalette[m.Make] == nil {
					t.Errorf("%s: no %s %s in the catalogue", rc.Slug, line.CarType, m.Make)
				}
			}
		}
	}
	for _, v := range vehicles {
		if bodyKeys[v.Body] == "" {
			t.Errorf("%s %s: unknown body %q", v.Make, v.Model, v.Body)
		}
		for _, c := range makePalette[v.Make] {
			if len(colourHex[c]) != 6 {
				t.Errorf("colour %q has no hex", c)
			}
		}
	}
}

func BenchmarkGenerate(b *testing.B) {
	for b.Loop() {
		Generate(refs[0])
	}
}

// TestCarsFitTheirModel holds every car of the whole demo catalogue to its
// generation's launch and run-out years and its badge's equipment, and
// every new or demo car to a location that sells its make.
func TestCarsFitTheirModel(t *testing.T) {
	t.Parallel()
	for _, v := range vehicles {
		if v.Body != "Caravan" && v.First == 0 {
			t.Errorf("%s %s %s has no launch year", v.Make, v.Model, v.Series)
		}
	}
	for _, ref := range refs {
		for _, s := range generated(ref) {
			locs := map[int64]catalog.Location{}
			for _, l := range s.Locations {
				locs[l.ID] = l
			}
			for _, c := range s.Cars {
				var v vehicle
				var bd badge
				found := false
				for _, e := range vehicles {
					if e.Make != c.Make || e.Model != c.Model || e.Series != c.Series || e.Body != c.SimpleBody {
						continue
					}
					for _, x := range e.Badges {
						if x.Name == c.Badge {
							v, bd, found = e, x, true
						}
					}
				}
				if !found {
					t.Fatalf("%s: %s has no catalogue entry", s.Slug, c.Name)
				}
				first, last := v.years(bd)
				if last == 0 {
					last = ref.Year()
				}
				if c.Year < first || c.Year > last {
					t.Errorf("%s: %s (%s) is outside %d-%d", s.Slug, c.Name, v.Series, first, last)
				}
				if c.CarType != catalog.TypeUsed && v.NotNew {
					t.Errorf("%s: %s is %s but no longer sold new", s.Slug, c.Name, c.CarType)
				}
				if c.CarType == catalog.TypeNew && c.Year < ref.Year()-1 {
					t.Errorf("%s: new %s is more than a year old", s.Slug, c.Name)
				}
				if c.CarType != catalog.TypeUsed && !slices.Contains(locs[c.LocationID].Manufacturers, c.Make) {
					t.Errorf("%s: %s %s sits at %s, which sells %v", s.Slug, c.CarType, c.Name, c.LocationName,
						locs[c.LocationID].Manufacturers)
				}
				if v.Body == "Caravan" {
					continue
				}
				if c.GearNum == 1 {
					t.Errorf("%s: %s shows 1 gear", s.Slug, c.Name)
				}
				if strings.Contains(c.Variant.Induction, "Turbo") != (bd.Turbo || bd.Fuel == "Diesel") {
					t.Errorf("%s: %s induction %q does not fit its engine", s.Slug, c.Name, c.Variant.Induction)
				}
				for _, e := range c.StandardEquipment {
					if from := equipmentFrom[e]; c.Year < from {
						t.Errorf("%s: %s lists %s, first fitted in %d", s.Slug, c.Name, e, from)
					}
				}
				if c.Hotspots != nil {
					for _, h := range c.Hotspots.Interior {
						if c.Year < 2016 && strings.Contains(h.Description, "CarPlay") {
							t.Errorf("%s: %s shows %q", s.Slug, c.Name, h.Description)
						}
					}
				}
			}
		}
	}
}

// TestModelPagesShowLaunchedModels: the new-vehicle pages list only models
// and badges on sale in the reference year.
func TestModelPagesShowLaunchedModels(t *testing.T) {
	t.Parallel()
	ref := time.Date(2023, 3, 1, 0, 0, 0, 0, time.UTC)
	for _, s := range generated(ref) {
		for _, m := range s.Models {
			for _, mv := range m.Variants {
				ok := false
				for _, v := range vehicles {
					if v.Make != m.Make || v.Model != m.Name || v.NotNew {
						continue
					}
					for _, bd := range v.Badges {
						if strings.HasPrefix(mv.Name, bd.Name) && v.soldIn(bd, ref.Year()) {
							ok = true
						}
					}
				}
				if !ok {
					t.Errorf("%s: %s page offers %s, not on sale in %d", s.Slug, m.Name, mv.Name, ref.Year())
				}
			}
		}
	}
}

// TestTenantPagesFitTheDealers: a site's warranty lines name only makes it
// sells, and a location's service page books only makes that location
// services (every booking link on a general page, a make the site sells).
func TestTenantPagesFitTheDealers(t *testing.T) {
	t.Parallel()
	reg, err := tenant.LoadEmbedded()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range generated(refs[0]) {
		site, ok := reg.BySlug(s.Slug)
		if !ok {
			t.Fatalf("no tenant %s", s.Slug)
		}
		sells := map[string]bool{}
		for _, d := range s.Dealerships {
			for _, w := range d.Websites {
				sells[w.Make] = true
			}
		}
		// docs/behaviour/screens.md#search-url: a default city is a city
		// the site's locations are in, else the listings would name none.
		if c := site.Search.DefaultCity; c != "" {
			cities := map[string]bool{}
			for _, l := range s.Locations {
				cities[strings.ToLower(l.Address.City)] = true
			}
			for _, d := range s.Dealerships {
				cities[strings.ToLower(d.OverrideCity)] = true
			}
			if !cities[strings.ToLower(c)] {
				t.Errorf("%s: default city %s is none of its locations' cities", s.Slug, c)
			}
		}
		for _, w := range site.Wording.Warranty {
			if w.Make != "" && !sells[w.Make] {
				t.Errorf("%s: warranty line for %s, a make it does not sell", s.Slug, w.Make)
			}
		}
		for _, pg := range site.Pages {
			makes := sells
			if pg.Location != "" {
				makes = nil
				for _, l := range s.Locations {
					if l.Slug == pg.Location {
						makes = map[string]bool{}
						for _, m := range l.Manufacturers {
							makes[m] = true
						}
					}
				}
				if makes == nil {
					t.Errorf("%s %s: no location %s", s.Slug, pg.Path, pg.Location)
					continue
				}
			}
			for _, bl := range pg.BookingLinks {
				if bl.Make != "" && !makes[bl.Make] {
					t.Errorf("%s %s: books %s service, not serviced there", s.Slug, pg.Path, bl.Make)
				}
			}
		}
	}
}

// TestAddressesNameTheSuburbOnce: a location's street never ends in the
// suburb its city already names ("…, Maroochydore, Maroochydore QLD").
func TestAddressesNameTheSuburbOnce(t *testing.T) {
	t.Parallel()
	for _, s := range generated(refs[0]) {
		for _, l := range s.Locations {
			parts := strings.Split(l.Address.Street, ",")
			last := strings.TrimSpace(parts[len(parts)-1])
			if len(parts) > 1 && (strings.Contains(last, l.Address.City) || strings.Contains(l.Address.City, last)) {
				t.Errorf("%s: %q, %s repeats the suburb", s.Slug, l.Address.Street, l.Address.City)
			}
		}
		for _, d := range s.Dealerships {
			if parts := strings.Split(d.Address, ", "); len(parts) > 2 && strings.HasPrefix(parts[len(parts)-1], parts[len(parts)-2]+" ") {
				t.Errorf("%s: dealership address %q repeats the suburb", s.Slug, d.Address)
			}
		}
	}
}

// TestReviewsAddUp: each review is written once, by one customer, and the
// ratings add up: a dealership's count is the sum of its locations', its
// average their count-weighted average, so the site's total (the sum over
// dealerships) is the sum over locations.
func TestReviewsAddUp(t *testing.T) {
	t.Parallel()
	for _, ref := range refs {
		for _, s := range generated(ref) {
			texts, names := map[string]bool{}, map[string]bool{}
			for _, rv := range s.Reviews {
				if texts[rv.Text] || names[rv.CustomerName] {
					t.Errorf("%s: review %d repeats %q or %q", s.Slug, rv.ID, rv.Text, rv.CustomerName)
				}
				texts[rv.Text], names[rv.CustomerName] = true, true
			}
			siteCount, locCount := 0, 0
			for _, d := range s.Dealerships {
				n, sum := 0, 0.0
				for _, l := range s.Locations {
					if l.DealershipID == d.ID {
						n += l.Reviews.Count
						sum += l.Reviews.AverageRating * float64(l.Reviews.Count)
						if l.Reviews.Count > 0 && (l.Reviews.AverageRating < 1 || l.Reviews.AverageRating > 5) {
							t.Errorf("%s: location %s rated %v", s.Slug, l.Name, l.Reviews.AverageRating)
						}
						if l.Reviews.Count > 1000 {
							t.Errorf("%s: location %s has %d reviews", s.Slug, l.Name, l.Reviews.Count)
						}
					}
				}
				if d.ReviewCount != n || n > 0 && math.Abs(d.AverageRating-sum/float64(n)) > 0.051 {
					t.Errorf("%s: dealership %s %v from %d, its locations give %.2f from %d",
						s.Slug, d.Name, d.AverageRating, d.ReviewCount, sum/float64(max(n, 1)), n)
				}
				siteCount += d.ReviewCount
			}
			for _, l := range s.Locations {
				locCount += l.Reviews.Count
			}
			if siteCount != locCount {
				t.Errorf("%s: site total %d, locations sum to %d", s.Slug, siteCount, locCount)
			}
		}
	}
}

// TestAustralianModelNames: the trade-in form lists the demo stock's
// models, so the catalogue names models as they were sold in Australia,
// never by their Japanese-market names.
func TestAustralianModelNames(t *testing.T) {
	t.Parallel()
	japanese := []string{"Atenza", "Axela", "Aqua", "Corolla Fielder", "Alphard", "Fit", "Note", "Demio", "Vezel"}
	for _, v := range vehicles {
		if slices.Contains(japanese, v.Model) {
			t.Errorf("%s %s: a Japanese-market name", v.Make, v.Model)
		}
	}
}
