// Package demo builds the deterministic demo sites of docs/behaviour/http.md: dealerships,
// locations, reviews, new-vehicle models and stock, dated relative to a
// reference day so that every rule of docs/behaviour/states.md and docs/behaviour/validation.md has cases
// whatever day the server starts on.
package demo

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"time"
	_ "time/tzdata" // holiday hours need the sites' zones on any machine

	"forecourt/internal/catalog"
	"forecourt/internal/store"
)

// Site is one demo tenant's data.
type Site struct {
	Slug        string
	Dealerships []catalog.Dealership
	Locations   []catalog.Location
	Reviews     []catalog.Review
	Models      []catalog.Model
	Cars        []catalog.Car
}

// Generate returns the five demo sites. The same ref gives the same output:
// every random draw comes from a fixed seed per site and ref only shifts dates.
func Generate(ref time.Time) []Site {
	ref = ref.UTC().Truncate(time.Second)
	rs := recipes()
	out := make([]Site, 0, len(rs))
	for i := range rs {
		out = append(out, generateSite(&rs[i], ref))
	}
	return out
}

// Load saves every demo site through the store.
func Load(ctx context.Context, st store.Store, ref time.Time) error {
	for _, s := range Generate(ref) {
		if err := st.SaveDealerships(ctx, s.Slug, s.Dealerships); err != nil {
			return fmt.Errorf("demo %s dealerships: %w", s.Slug, err)
		}
		if err := st.SaveLocations(ctx, s.Slug, s.Locations); err != nil {
			return fmt.Errorf("demo %s locations: %w", s.Slug, err)
		}
		if err := st.SaveReviews(ctx, s.Slug, s.Reviews); err != nil {
			return fmt.Errorf("demo %s reviews: %w", s.Slug, err)
		}
		if err := st.SaveModels(ctx, s.Slug, s.Models); err != nil {
			return fmt.Errorf("demo %s models: %w", s.Slug, err)
		}
		// Earlier prices first, so the store records the drops to today's.
		for _, round := range priceRounds(s.Cars, ref.UTC().Truncate(time.Second)) {
			if err := st.SaveCars(ctx, s.Slug, round); err != nil {
				return fmt.Errorf("demo %s price history: %w", s.Slug, err)
			}
		}
		if err := st.SaveCars(ctx, s.Slug, s.Cars); err != nil {
			return fmt.Errorf("demo %s cars: %w", s.Slug, err)
		}
	}
	return nil
}

// Each part has its own stream so that changing, say, the reviews never
// reshuffles the stock.
const (
	streamCars = iota + 1
	streamPlaces
	streamReviews
	streamModels
)

func newRand(rc *siteRecipe, stream uint64) *rand.Rand {
	return rand.New(rand.NewPCG(rc.Seed, stream))
}

func generateSite(rc *siteRecipe, ref time.Time) Site {
	s := Site{Slug: rc.Slug}
	s.Dealerships, s.Locations = buildPlaces(rc, ref, newRand(rc, streamPlaces))
	s.Reviews = buildReviews(rc, ref, s.Locations, newRand(rc, streamReviews))
	s.Models = buildModels(rc, ref, newRand(rc, streamModels))
	s.Cars = buildCars(rc, ref, s.Dealerships, s.Locations, newRand(rc, streamCars))
	return s
}

func dealershipID(rc *siteRecipe, n int) int64 { return int64(rc.Index*1000 + 100 + n) }
func locationID(rc *siteRecipe, n int) int64   { return int64(rc.Index*1000 + 200 + n) }
func reviewID(rc *siteRecipe, n int) int64     { return int64(rc.Index*1000 + 500 + n) }
func modelID(rc *siteRecipe, n int) int64      { return int64(rc.Index*1000 + 800 + n) }
func carID(rc *siteRecipe, n int) int64        { return int64(rc.Index*100000 + 1 + n) }

func buildPlaces(rc *siteRecipe, ref time.Time, r *rand.Rand) ([]catalog.Dealership, []catalog.Location) {
	zone, err := time.LoadLocation(rc.Timezone)
	if err != nil {
		zone = time.UTC // the embedded zone database makes this unreachable
	}
	var ds []catalog.Dealership
	var ls []catalog.Location
	for di, dr := range rc.Dealerships {
		d := catalog.Dealership{
			ID: dealershipID(rc, di), Name: dr.Name, Slug: dr.Slug, DealershipGroup: rc.Name,
			Phone: dr.Phone, Email: dr.Email, Manufacturer: dr.Manufacturer,
			OffersCount: dr.OffersCount, IncludeSoldCarsDays: dr.IncludeSoldCarsDays,
			OffersSubscription: dr.OffersSubscription, OverrideCity: dr.OverrideCity,
		}
		for _, mk := range dr.Makes {
			d.Websites = append(d.Websites, catalog.DealershipWebsite{
				Name: dr.Name, Slug: dr.Slug, Make: mk,
				Logo: catalog.ImageRef{URL: "/img/make/" + slugify(mk) + ".png"},
				URL:  "https://" + dr.Slug + ".example/" + slugify(mk),
			})
		}
		first := len(ls)
		var selling []int64 // the dealership's sales and used locations
		for _, lr := range dr.Locations {
			id := locationID(rc, len(ls))
			d.LocationIDs = append(d.LocationIDs, id)
			if d.Address == "" {
				d.Address = fmt.Sprintf("%s, %s %s %s", lr.Street, lr.City, lr.State, lr.Postcode)
			}
			switch lr.Type {
			case "service":
				// Its service bookings go to the dealership's booking page.
				d.XtimeURL = "https://" + dr.Slug + ".example/service-booking"
			case "", "sales", "used":
				selling = append(selling, id)
			}
			ls = append(ls, buildLocation(rc, lr, id, d, ref, zone, r))
		}
		// The dealership's rating sums its locations' own reviews, so the
		// site's total (the sum over dealerships) adds up too.
		var sum float64
		for _, l := range ls[first:] {
			d.ReviewCount += l.Reviews.Count
			sum += l.Reviews.AverageRating * float64(l.Reviews.Count)
		}
		if d.ReviewCount > 0 {
			d.AverageRating = math.Round(sum/float64(d.ReviewCount)*10) / 10
		}
		// A selling location's stock is offered at all of its dealership's
		// selling locations.
		for i := first; i < len(ls); i++ {
			if slices.Contains(selling, ls[i].ID) {
				ls[i].DistributionLocations = slices.Clone(selling)
			}
		}
		ds = append(ds, d)
	}
	return ds, ls
}

func buildLocation(rc *siteRecipe, lr locationRecipe, id int64, d catalog.Dealership, ref time.Time, zone *time.Location, r *rand.Rand) catalog.Location {
	img := fmt.Sprintf("/img/location/%d.jpg", id)
	query := strings.ReplaceAll(fmt.Sprintf("%s, %s %s %s", lr.Street, lr.City, lr.State, lr.Postcode), " ", "+")
	query = strings.ReplaceAll(query, ",", "%2C")
	return catalog.Location{
		ID: id, Name: lr.Name, Slug: slugify(lr.Name), Visible: !lr.Hidden, Primary: lr.Primary,
		LocationType: lr.Type, LocationSubtype: lr.Subtype,
		DealershipID: d.ID, DealershipSlug: d.Slug,
		Manufacturers:        append([]string{}, lr.Manufacturers...),
		DealerLicenseNumber:  lr.Licence,
		MotorVehicleRepairer: lr.Repairer,
		Phone:                lr.Phone,
		Image:                catalog.Image{URL: img, Thumb: catalog.ImageRef{URL: img + "?w=200"}},
		Address: catalog.Address{
			Street: lr.Street, City: lr.City, State: lr.State, Postcode: lr.Postcode,
			Lat: lr.Lat, Long: lr.Long,
			PlaceID:  "demo-" + slugify(lr.Street+" "+lr.Postcode), // one place per address
			PlaceURL: "https://www.google.com/maps/search/?api=1&query=" + query,
		},
		ContactDetail: catalog.ContactDetail{
			Phone: lr.Phone, LandlinePhone: lr.Phone,
			OpeningHours: openingHours(lr.Hours),
			SpecialHours: specialHours(rc.Holidays, id, ref, zone),
		},
		Reviews: locationReviews(lr, r),
	}
}

// locationReviews is a believable rating for one location: a showroom
// gathers a few hundred reviews, a service centre fewer, a parts counter or
// a hidden site a handful.
func locationReviews(lr locationRecipe, r *rand.Rand) catalog.ReviewSummary {
	lo, hi := 120, 780
	switch {
	case lr.Hidden:
		lo, hi = 0, 0
	case lr.Type == "service":
		lo, hi = 60, 320
	case lr.Type == "parts":
		lo, hi = 8, 45
	}
	n := lo + r.IntN(hi-lo+1)
	if n == 0 {
		return catalog.ReviewSummary{}
	}
	return catalog.ReviewSummary{AverageRating: float64(41+r.IntN(9)) / 10, Count: n}
}

func openingHours(h hoursRecipe) []catalog.OpeningHour {
	days := [7]string{h.Sunday, h.Weekday, h.Weekday, h.Weekday, h.Weekday, h.Weekday, h.Saturday}
	if h.Thursday != "" {
		days[4] = h.Thursday
	}
	if h.Friday != "" {
		days[5] = h.Friday
	}
	out := make([]catalog.OpeningHour, 7)
	for wd, span := range days {
		oh := catalog.OpeningHour{Weekday: wd, Status: "Closed", FormatedHours: "Closed"}
		if open, close, ok := strings.Cut(span, "-"); ok {
			oh.Status, oh.Open, oh.Close = "Open", open, close
			oh.FormatedHours = clock(open) + " - " + clock(close)
		}
		out[wd] = oh
	}
	return out
}

// clock turns "17:30" into "5:30 pm".
func clock(hhmm string) string {
	var h, m int
	fmt.Sscanf(hhmm, "%d:%d", &h, &m)
	suffix := "am"
	if h >= 12 {
		suffix = "pm"
	}
	if h > 12 {
		h -= 12
	}
	if h == 0 {
		h = 12
	}
	return fmt.Sprintf("%d:%02d %s", h, m, suffix)
}

// specialHours lists each holiday's next occurrence on or after ref's local
// date, in date order; reduced hours are given in UTC as docs/behaviour/README.md asks.
func specialHours(hs []holiday, locID int64, ref time.Time, zone *time.Location) []catalog.SpecialHour {
	local := ref.In(zone)
	today := time.Date(local.Year(), local.Month(), local.Day(), 0, 0, 0, 0, zone)
	type dated struct {
		day time.Time
		h   holiday
	}
	var list []dated
	for _, h := range hs {
		for y := local.Year(); y <= local.Year()+1; y++ {
			day := holidayDate(h, y, zone)
			if !day.Before(today) {
				list = append(list, dated{day, h})
				break
			}
		}
	}
	// insertion sort: a handful of entries, and stable for equal dates
	for i := 1; i < len(list); i++ {
		for j := i; j > 0 && list[j].day.Before(list[j-1].day); j-- {
			list[j], list[j-1] = list[j-1], list[j]
		}
	}
	out := make([]catalog.SpecialHour, 0, len(list))
	for _, e := range list {
		sh := catalog.SpecialHour{Date: e.day.Format("2006-01-02"), Status: "Closed", Name: e.h.Name, LocationID: locID}
		if e.h.Open != "" {
			sh.Status = "Open"
			sh.StartHour = atLocal(e.day, e.h.Open).UTC().Format(time.RFC3339)
			sh.EndHour = atLocal(e.day, e.h.Close).UTC().Format(time.RFC3339)
		}
		out = append(out, sh)
	}
	return out
}

func atLocal(day time.Time, hhmm string) time.Time {
	var h, m int
	fmt.Sscanf(hhmm, "%d:%d", &h, &m)
	return time.Date(day.Year(), day.Month(), day.Day(), h, m, 0, 0, day.Location())
}

func holidayDate(h holiday, year int, zone *time.Location) time.Time {
	if h.FromEaster {
		return easterSunday(year, zone).AddDate(0, 0, h.EasterDelta)
	}
	return time.Date(year, time.Month(h.Month), h.Day, 0, 0, 0, 0, zone)
}

// easterSunday is the Gregorian computus (anonymous algorithm).
func easterSunday(y int, zone *time.Location) time.Time {
	a := y % 19
	b, c := y/100, y%100
	d, e := b/4, b%4
	f := (b + 8) / 25
	g := (b - f + 1) / 3
	h := (19*a + b - d - g + 15) % 30
	i, k := c/4, c%4
	l := (32 + 2*e + 2*i - h - k) % 7
	m := (a + 11*h + 22*l) / 451
	month := (h + l - 7*m + 114) / 31
	day := (h+l-7*m+114)%31 + 1
	return time.Date(y, time.Month(month), day, 0, 0, 0, 0, zone)
}

// slugify lowercases and joins words with hyphens.
func slugify(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			b.WriteRune(r)
			dash = false
		case r == '+':
			if b.Len() > 0 && !dash {
				b.WriteByte('-')
			}
			b.WriteString("plus")
			dash = false
		default:
			if b.Len() > 0 && !dash {
				b.WriteByte('-')
				dash = true
			}
		}
	}
	return strings.TrimSuffix(b.String(), "-")
}
