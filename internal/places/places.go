// Package places turns the dealerships and locations a site file declares
// (docs/onboarding.md) into the catalogue's records, and keeps the store's
// copy equal to them. Every site, demo or real, gets its places this way.
package places

import (
	"context"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"math"
	"net/url"
	"slices"
	"strings"
	"time"

	"forecourt/internal/catalog"
	"forecourt/internal/geo"
	"forecourt/internal/store"
	"forecourt/internal/tenant"
)

// Build returns the site's dealerships and locations as the API shows
// them. Special hours are each holiday's next occurrence on or after
// now's date in the site's time zone, so a long-running server rebuilds
// them daily (Sync).
func Build(s *tenant.Site, now time.Time) ([]catalog.Dealership, []catalog.Location) {
	zone, err := time.LoadLocation(s.Timezone)
	if err != nil {
		zone = time.UTC // the schema checks the zone; embedded tzdata resolves it
	}
	dealerIDs := map[string]int64{}
	ds := make([]catalog.Dealership, 0, len(s.Dealerships))
	for _, dc := range s.Dealerships {
		d := catalog.Dealership{
			ID: DealershipID(s.Slug, dc), Name: dc.Name, Slug: dc.Key, DealershipGroup: s.Name,
			Phone: dc.Phone, Email: dc.Email, Manufacturer: dc.Manufacturer,
			OffersCount: dc.OffersCount, IncludeSoldCarsDays: dc.IncludeSoldCarsDays,
			OffersSubscription: dc.OffersSubscription, OverrideCity: dc.OverrideCity,
			XtimeURL: dc.ServiceBookingURL,
		}
		for _, w := range dc.Websites {
			d.Websites = append(d.Websites, catalog.DealershipWebsite{
				Name: dc.Name, Slug: dc.Key, Make: w.Make,
				Logo: catalog.ImageRef{URL: "/img/make/" + Slugify(w.Make) + ".png"},
				URL:  w.URL,
			})
		}
		dealerIDs[dc.Key] = d.ID
		ds = append(ds, d)
	}
	order := make([]int, len(s.Locations))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return s.Locations[a].Sort - s.Locations[b].Sort })
	ls := make([]catalog.Location, 0, len(s.Locations))
	for n, i := range order {
		lc := s.Locations[i]
		l := buildLocation(s, lc, LocationID(s.Slug, lc), dealerIDs[lc.Dealership], now, zone)
		// Lists keep the file's order (after its sort fields): ids made
		// from keys say nothing of it.
		l.Sort = n + 1
		ls = append(ls, l)
	}
	for di := range ds {
		d := &ds[di]
		var selling []int64
		var sum float64
		for _, l := range ls {
			if l.DealershipID != d.ID {
				continue
			}
			d.LocationIDs = append(d.LocationIDs, l.ID)
			if d.Address == "" {
				a := l.Address
				d.Address = fmt.Sprintf("%s, %s %s %s", a.Street, a.City, a.State, a.Postcode)
			}
			if Selling(l) {
				selling = append(selling, l.ID)
			}
			// The dealership's rating sums its locations' own, so the
			// site's total (the sum over dealerships) adds up too.
			d.ReviewCount += l.Reviews.Count
			sum += l.Reviews.AverageRating * float64(l.Reviews.Count)
		}
		if d.ReviewCount > 0 {
			d.AverageRating = math.Round(sum/float64(d.ReviewCount)*10) / 10
		}
		// A selling location's stock is offered at every selling location
		// of its dealership.
		for li := range ls {
			if ls[li].DealershipID == d.ID && slices.Contains(selling, ls[li].ID) {
				ls[li].DistributionLocations = slices.Clone(selling)
			}
		}
	}
	return ds, ls
}

// Selling reports whether a location sells cars (sales or used), as
// opposed to service or parts.
func Selling(l catalog.Location) bool {
	switch l.LocationType {
	case "", "sales", catalog.TypeUsed:
		return true
	}
	return strings.Contains(strings.ToLower(l.LocationSubtype), catalog.UsedSubtype)
}

func buildLocation(s *tenant.Site, lc tenant.Location, id, dealerID int64, now time.Time, zone *time.Location) catalog.Location {
	a := lc.Address
	lat, lng := 0.0, 0.0
	if a.Lat != nil && a.Lng != nil {
		lat, lng = *a.Lat, *a.Lng
	} else if pc, err := geo.Lookup(a.Postcode); err == nil {
		lat, lng = pc.Lat, pc.Lng
	}
	placeID := a.PlaceID
	if placeID == "" {
		placeID = Slugify(a.Street + " " + a.Postcode) // one place per address
	}
	mapURL := a.MapURL
	if mapURL == "" {
		mapURL = "https://www.google.com/maps/search/?api=1&query=" +
			url.QueryEscape(fmt.Sprintf("%s, %s %s %s", a.Street, a.Suburb, a.State, a.Postcode))
	}
	// A picture on another server is fetched and served as the site's
	// own (internal/photos); until then the drawn one stands in. (The
	// address is media.LocationPath's, which this package cannot import:
	// the media tests use the demo, which uses this package.)
	picture := lc.Picture
	if picture == "" {
		picture = fmt.Sprintf("/img/location/%d.jpg", id)
	}
	landline := lc.Landline
	if landline == "" {
		landline = lc.Phone
	}
	typ := lc.Type
	if typ == "sales" {
		typ = "" // the catalogue's sales location has no type
	}
	l := catalog.Location{
		ID: id, Name: lc.Name, Slug: lc.Key, Visible: !lc.Hidden, Primary: lc.Main,
		LocationType: typ, LocationSubtype: lc.Subtype,
		DealershipID: dealerID, DealershipSlug: lc.Dealership,
		Manufacturers:        append([]string{}, lc.Makes...),
		DealerLicenseNumber:  lc.Licence,
		MotorVehicleRepairer: lc.Repairer,
		Phone:                lc.Phone,
		Image:                catalog.Image{URL: picture, Thumb: catalog.ImageRef{URL: picture + "?w=200"}},
		Address: catalog.Address{
			Street: a.Street, City: a.Suburb, State: a.State, Postcode: a.Postcode,
			Lat: lat, Long: lng, PlaceID: placeID, PlaceURL: mapURL,
		},
		ContactDetail: catalog.ContactDetail{
			Phone: lc.Phone, LandlinePhone: landline, Email: lc.Email,
			OpeningHours: openingHours(lc.Hours),
			SpecialHours: specialHours(append(slices.Clone(s.Holidays), lc.SpecialHours...), id, now, zone),
		},
	}
	if lc.Rating != nil {
		l.Reviews = catalog.ReviewSummary{AverageRating: lc.Rating.Average, Count: lc.Rating.Count}
	}
	return l
}

func openingHours(h tenant.WeekHours) []catalog.OpeningHour {
	out := make([]catalog.OpeningHour, 7)
	for wd, span := range h.Days() {
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
	if h >= 12 && h < 24 {
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

// specialHours lists each special day's next occurrence on or after now's
// local date, in date order; a later entry for the same date (a
// location's own) replaces an earlier one (the site's holiday). Hours are
// given in UTC, as the API's special hours are.
func specialHours(days []tenant.SpecialDay, locID int64, now time.Time, zone *time.Location) []catalog.SpecialHour {
	local := now.In(zone)
	today := time.Date(local.Year(), local.Month(), local.Day(), 0, 0, 0, 0, zone)
	type dated struct {
		day time.Time
		sd  tenant.SpecialDay
	}
	var list []dated
	for _, sd := range days {
		day, ok := nextOccurrence(sd, today, zone)
		if !ok {
			continue
		}
		if i := slices.IndexFunc(list, func(d dated) bool { return d.day.Equal(day) }); i >= 0 {
			list[i] = dated{day, sd}
			continue
		}
		list = append(list, dated{day, sd})
	}
	slices.SortStableFunc(list, func(a, b dated) int { return a.day.Compare(b.day) })
	out := make([]catalog.SpecialHour, 0, len(list))
	for _, e := range list {
		sh := catalog.SpecialHour{Date: e.day.Format("2006-01-02"), Status: "Closed", Name: e.sd.Name, LocationID: locID}
		if open, close, ok := strings.Cut(e.sd.Hours, "-"); ok {
			sh.Status = "Open"
			sh.StartHour = atLocal(e.day, open).UTC().Format(time.RFC3339)
			sh.EndHour = atLocal(e.day, close).UTC().Format(time.RFC3339)
		}
		out = append(out, sh)
	}
	return out
}

// nextOccurrence is the special day's date on or after today: this year's
// or next year's for a yearly day, the day itself for a one-off day not
// yet past.
func nextOccurrence(sd tenant.SpecialDay, today time.Time, zone *time.Location) (time.Time, bool) {
	if len(sd.Date) == len("2006-01-02") {
		d, err := time.ParseInLocation("2006-01-02", sd.Date, zone)
		return d, err == nil && !d.Before(today)
	}
	for y := today.Year(); y <= today.Year()+1; y++ {
		var day time.Time
		if sd.Easter != nil {
			day = easterSunday(y, zone).AddDate(0, 0, *sd.Easter)
		} else {
			var m, d int
			if _, err := fmt.Sscanf(sd.Date, "%d-%d", &m, &d); err != nil {
				return time.Time{}, false
			}
			day = time.Date(y, time.Month(m), d, 0, 0, 0, 0, zone)
		}
		if !day.Before(today) {
			return day, true
		}
	}
	return time.Time{}, false
}

func atLocal(day time.Time, hhmm string) time.Time {
	var h, m int
	fmt.Sscanf(hhmm, "%d:%d", &h, &m)
	return time.Date(day.Year(), day.Month(), day.Day(), h, m, 0, 0, day.Location())
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

// DealershipID is the dealership's configured id, or one made from the
// site and key that stays the same from one start to the next.
func DealershipID(site string, d tenant.Dealership) int64 {
	if d.ID != 0 {
		return d.ID
	}
	return stableID(site + "/dealership/" + d.Key)
}

// LocationID is the location's configured id, or a stable one from its key.
func LocationID(site string, l tenant.Location) int64 {
	if l.ID != 0 {
		return l.ID
	}
	return stableID(site + "/location/" + l.Key)
}

// stableID lies in 1,000,000,000–1,999,999,999: above the small ids a
// dealer numbers by hand, below JavaScript's and PostgreSQL's integer limits.
func stableID(s string) int64 {
	h := fnv.New32a()
	h.Write([]byte(s))
	return 1_000_000_000 + int64(h.Sum32()%1_000_000_000)
}

// Main is the location a feed row that names none puts its car at
// (tenant.Site.MainLocation).
func Main(s *tenant.Site) (tenant.Location, bool) { return s.MainLocation() }

// Find is the location a feed names by its key, code, name or id, in any
// letter case.
func Find(s *tenant.Site, name string) (tenant.Location, bool) {
	name = strings.TrimSpace(name)
	for _, l := range s.Locations {
		if strings.EqualFold(l.Key, name) || (l.Code != "" && strings.EqualFold(l.Code, name)) ||
			strings.EqualFold(l.Name, name) || fmt.Sprint(LocationID(s.Slug, l)) == name {
			return l, true
		}
	}
	return tenant.Location{}, false
}

// FindDealership is the dealership a feed names by its key, name or id.
func FindDealership(s *tenant.Site, name string) (tenant.Dealership, bool) {
	name = strings.TrimSpace(name)
	for _, d := range s.Dealerships {
		if strings.EqualFold(d.Key, name) || strings.EqualFold(d.Name, name) || fmt.Sprint(DealershipID(s.Slug, d)) == name {
			return d, true
		}
	}
	return tenant.Dealership{}, false
}

// DealershipOf is the dealership a location belongs to.
func DealershipOf(s *tenant.Site, l tenant.Location) tenant.Dealership {
	for _, d := range s.Dealerships {
		if d.Key == l.Dealership {
			return d
		}
	}
	return tenant.Dealership{}
}

// Sync makes the store's dealerships and locations of the site those its
// file declares, writing only when they differ, and reports whether it
// wrote. A site whose file declares none keeps what the store has.
func Sync(ctx context.Context, st store.Store, s *tenant.Site, now time.Time) (bool, error) {
	if len(s.Dealerships) == 0 && len(s.Locations) == 0 {
		return false, nil
	}
	ds, ls := Build(s, now)
	oldD, err := st.Dealerships(ctx, s.Slug)
	if err != nil {
		return false, err
	}
	oldL, err := st.Locations(ctx, s.Slug)
	if err != nil {
		return false, err
	}
	if same(oldD, ds) && same(oldL, ls) {
		return false, nil
	}
	if err := st.ReplacePlaces(ctx, s.Slug, ds, ls); err != nil {
		return false, fmt.Errorf("save %s's dealerships and locations: %w", s.Slug, err)
	}
	return true, nil
}

// same compares two lists as the API would send them.
func same[T any](a, b []T) bool {
	if len(a) != len(b) {
		return false
	}
	ja, err1 := json.Marshal(a)
	jb, err2 := json.Marshal(b)
	return err1 == nil && err2 == nil && string(ja) == string(jb)
}

// Slugify lowercases and joins words with hyphens ("+" reads "plus").
func Slugify(s string) string {
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
