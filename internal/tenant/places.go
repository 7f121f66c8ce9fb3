package tenant

import (
	"fmt"
	"regexp"
	"strings"
)

// Dealership is one business of the site's group, as its site file
// declares it (docs/onboarding.md). internal/places turns it, with its
// locations, into the catalogue's records.
type Dealership struct {
	// Key names the dealership in the file's locations and in a feed's
	// dealership column; it is also the dealership's slug.
	Key string `yaml:"key" json:"key"`
	// ID is the dealership's number in the API and in a feed's
	// dealership_id column; 0 derives a stable one from the key.
	ID           int64  `yaml:"id" json:"id,omitempty"`
	Name         string `yaml:"name" json:"name"`
	Manufacturer string `yaml:"manufacturer" json:"manufacturer,omitempty"`
	Phone        string `yaml:"phone" json:"phone,omitempty"`
	Email        string `yaml:"email" json:"email,omitempty"`
	// Websites are the brand websites the dealership runs, one a make.
	Websites            []DealershipWebsite `yaml:"websites" json:"websites,omitempty"`
	IncludeSoldCarsDays int                 `yaml:"include_sold_cars_days" json:"include_sold_cars_days,omitempty"`
	OverrideCity        string              `yaml:"override_city" json:"override_city,omitempty"`
	OffersSubscription  bool                `yaml:"offers_subscription" json:"offers_subscription,omitempty"`
	OffersCount         int                 `yaml:"offers_count" json:"offers_count,omitempty"`
	ServiceBookingURL   string              `yaml:"service_booking_url" json:"service_booking_url,omitempty"`
}

// DealershipWebsite is one brand website of a dealership.
type DealershipWebsite struct {
	Make string `yaml:"make" json:"make"`
	URL  string `yaml:"url" json:"url"`
}

// Location is one place of a dealership (a showroom, a used-car yard, a
// service centre or a parts counter) as the site file declares it. A
// business with sales, service and parts at one address declares one
// location per department, each with its own phone, email and hours.
type Location struct {
	// Key is the location's slug, and what a feed's location column names.
	Key string `yaml:"key" json:"key"`
	// Code is the dealer's own code for the location (its management
	// system's branch code); a feed may name the location by it too.
	Code       string `yaml:"code" json:"code,omitempty"`
	ID         int64  `yaml:"id" json:"id,omitempty"`
	Name       string `yaml:"name" json:"name"`
	Dealership string `yaml:"dealership" json:"dealership"`
	// Type is the department: sales (the default), used, service or parts.
	Type    string `yaml:"type" json:"type,omitempty"`
	Subtype string `yaml:"subtype" json:"subtype,omitempty"`
	// Main marks the site's main location: a feed row naming no location
	// puts its car here. Without one, the first selling location is main.
	Main    bool            `yaml:"main" json:"main,omitempty"`
	Hidden  bool            `yaml:"hidden" json:"hidden,omitempty"`
	Sort    int             `yaml:"sort" json:"sort,omitempty"`
	Address LocationAddress `yaml:"address" json:"address"`
	Phone   string          `yaml:"phone" json:"phone,omitempty"`
	// Landline is a second number shown beside a mobile main number.
	Landline string    `yaml:"landline" json:"landline,omitempty"`
	Email    string    `yaml:"email" json:"email,omitempty"`
	Licence  string    `yaml:"licence" json:"licence,omitempty"`
	Repairer string    `yaml:"repairer" json:"repairer,omitempty"`
	Makes    []string  `yaml:"makes" json:"makes,omitempty"`
	Hours    WeekHours `yaml:"hours" json:"hours"`
	// SpecialHours add to, or override, the site's holidays for this location.
	SpecialHours []SpecialDay `yaml:"special_hours" json:"special_hours,omitempty"`
	Picture      string       `yaml:"picture" json:"picture,omitempty"`
	Rating       *Rating      `yaml:"rating" json:"rating,omitempty"`
}

// LocationAddress is where a location is. Lat and Lng default to the
// postcode's centre where the country has a postcode table.
type LocationAddress struct {
	Street   string   `yaml:"street" json:"street"`
	Suburb   string   `yaml:"suburb" json:"suburb"`
	State    string   `yaml:"state" json:"state"`
	Postcode string   `yaml:"postcode" json:"postcode"`
	Lat      *float64 `yaml:"lat" json:"lat,omitempty"`
	Lng      *float64 `yaml:"lng" json:"lng,omitempty"`
	PlaceID  string   `yaml:"place_id" json:"place_id,omitempty"`
	MapURL   string   `yaml:"map_url" json:"map_url,omitempty"`
}

// WeekHours are a location's usual opening hours: "HH:MM-HH:MM" or
// "closed" per day; Weekdays fills Monday to Friday where a day says
// nothing, and a day with nothing at all is closed.
type WeekHours struct {
	Weekdays  string `yaml:"weekdays" json:"weekdays,omitempty"`
	Monday    string `yaml:"monday" json:"monday,omitempty"`
	Tuesday   string `yaml:"tuesday" json:"tuesday,omitempty"`
	Wednesday string `yaml:"wednesday" json:"wednesday,omitempty"`
	Thursday  string `yaml:"thursday" json:"thursday,omitempty"`
	Friday    string `yaml:"friday" json:"friday,omitempty"`
	Saturday  string `yaml:"saturday" json:"saturday,omitempty"`
	Sunday    string `yaml:"sunday" json:"sunday,omitempty"`
}

// Days are the week's spans from Sunday (0) to Saturday (6), "" when closed.
func (h WeekHours) Days() [7]string {
	or := func(day, def string) string {
		if day == "" {
			day = def
		}
		if strings.EqualFold(day, "closed") {
			return ""
		}
		return day
	}
	return [7]string{or(h.Sunday, ""), or(h.Monday, h.Weekdays), or(h.Tuesday, h.Weekdays),
		or(h.Wednesday, h.Weekdays), or(h.Thursday, h.Weekdays), or(h.Friday, h.Weekdays), or(h.Saturday, "")}
}

// SpecialDay is a holiday or other day with its own hours: Date is
// MM-DD every year or YYYY-MM-DD once; Easter is days from Easter Sunday
// (-2 is Good Friday) instead. Hours are "closed" (or empty) or
// "HH:MM-HH:MM" local time.
type SpecialDay struct {
	Name   string `yaml:"name" json:"name"`
	Date   string `yaml:"date" json:"date,omitempty"`
	Easter *int   `yaml:"easter" json:"easter,omitempty"`
	Hours  string `yaml:"hours" json:"hours,omitempty"`
}

// Rating is a location's review rating as shown beside it.
type Rating struct {
	Average float64 `yaml:"average" json:"average"`
	Count   int     `yaml:"count" json:"count"`
}

var spanPattern = regexp.MustCompile(`^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-4]):[0-5]\d$`)

// ValidSpan reports whether s is "closed", empty, or an opening span
// whose close is after its open.
func ValidSpan(s string) bool {
	if s == "" || strings.EqualFold(s, "closed") {
		return true
	}
	if !spanPattern.MatchString(s) {
		return false
	}
	open, close, _ := strings.Cut(s, "-")
	return open < close
}

// checkPlaces are the rules of the dealerships and locations that the
// schema cannot say: unique keys, codes and ids, and references that
// resolve.
func (d *document) checkPlaces(s *Site, bad func(ptr, msg string)) {
	dealers := map[string]bool{}
	ids := map[int64]string{}
	for i, dl := range s.Dealerships {
		ptr := fmt.Sprintf("/dealerships/%d", i)
		if dealers[dl.Key] {
			bad(ptr+"/key", fmt.Sprintf("duplicate dealership key %q", dl.Key))
		}
		dealers[dl.Key] = true
		if dl.ID != 0 {
			if prev, ok := ids[dl.ID]; ok {
				bad(ptr+"/id", fmt.Sprintf("id %d is also %s's", dl.ID, prev))
			}
			ids[dl.ID] = dl.Key
		}
	}
	keys := map[string]bool{}
	main := -1
	for i, l := range s.Locations {
		ptr := fmt.Sprintf("/locations/%d", i)
		if keys[strings.ToLower(l.Key)] {
			bad(ptr+"/key", fmt.Sprintf("duplicate location key %q", l.Key))
		}
		keys[strings.ToLower(l.Key)] = true
		if l.Code != "" {
			if keys[strings.ToLower(l.Code)] && !strings.EqualFold(l.Code, l.Key) {
				bad(ptr+"/code", fmt.Sprintf("code %q is already another location's key or code", l.Code))
			}
			keys[strings.ToLower(l.Code)] = true
		}
		if l.ID != 0 {
			if prev, ok := ids[l.ID]; ok {
				bad(ptr+"/id", fmt.Sprintf("id %d is also %s's", l.ID, prev))
			}
			ids[l.ID] = l.Key
		}
		if !dealers[l.Dealership] {
			bad(ptr+"/dealership", fmt.Sprintf("%q is not one of this file's dealerships", l.Dealership))
		}
		if l.Main {
			if main >= 0 {
				bad(ptr+"/main", fmt.Sprintf("only one location can be main; %s already is", s.Locations[main].Key))
			}
			main = i
			if l.Hidden {
				bad(ptr+"/hidden", "the main location cannot be hidden")
			}
		}
		if (l.Address.Lat == nil) != (l.Address.Lng == nil) {
			bad(ptr+"/address", "give both lat and lng, or neither (they then come from the postcode)")
		}
		if l.Address.Lat == nil && s.Country != "AU" {
			bad(ptr+"/address", fmt.Sprintf("give lat and lng: %s postcodes have no table to place them", s.Country))
		}
		days := map[string]string{"weekdays": l.Hours.Weekdays, "monday": l.Hours.Monday, "tuesday": l.Hours.Tuesday,
			"wednesday": l.Hours.Wednesday, "thursday": l.Hours.Thursday, "friday": l.Hours.Friday,
			"saturday": l.Hours.Saturday, "sunday": l.Hours.Sunday}
		for day, span := range days {
			if !ValidSpan(span) {
				bad(ptr+"/hours/"+day, fmt.Sprintf("%q is not closed or HH:MM-HH:MM with the close after the open", span))
			}
		}
		checkSpecialDays(bad, ptr+"/special_hours", l.SpecialHours)
	}
	checkSpecialDays(bad, "/holidays", s.Holidays)
	checkFeed(s.Feed, bad)
}

func checkSpecialDays(bad func(ptr, msg string), base string, days []SpecialDay) {
	for i, sd := range days {
		ptr := fmt.Sprintf("%s/%d", base, i)
		if (sd.Date == "") == (sd.Easter == nil) {
			bad(ptr, "give date (MM-DD or YYYY-MM-DD) or easter (days from Easter Sunday), not both or neither")
		}
		if !ValidSpan(sd.Hours) {
			bad(ptr+"/hours", fmt.Sprintf("%q is not closed or HH:MM-HH:MM with the close after the open", sd.Hours))
		}
	}
}

// MainLocation is the site's main location: the one marked main, else the
// first selling location shown, else the first; false when the site
// declares none. A feed row naming no location puts its car here, and the
// site's own phone number is this location's (docs/onboarding.md).
func (s *Site) MainLocation() (Location, bool) {
	for _, l := range s.Locations {
		if l.Main {
			return l, true
		}
	}
	for _, l := range s.Locations {
		if !l.Hidden && (l.Type == "" || l.Type == "sales" || l.Type == "used") {
			return l, true
		}
	}
	if len(s.Locations) > 0 {
		return s.Locations[0], true
	}
	return Location{}, false
}
