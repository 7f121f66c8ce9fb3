package apitypes

import (
	"forecourt/internal/catalog"
	"forecourt/internal/convert"
)

// The locations and dealerships GET /api/site lists, with the JSON names
// clients read (api/openapi.yaml: Location, Dealership). As in nested.go, a
// flat value is converted from catalog's type of the same fields, so a
// field added there fails to compile here until the API takes it or
// leaves it out; the others are copied field by field.

// Location is one of the site's shown locations: sales, used, service or
// parts.
type Location struct {
	ID                   int64         `json:"id"`
	Name                 string        `json:"name"`
	Slug                 string        `json:"slug"`
	Visible              bool          `json:"visible"`
	Primary              bool          `json:"primary"`
	LocationType         string        `json:"location_type"` // '' means sales
	LocationSubtype      string        `json:"location_subtype"`
	DealershipID         int64         `json:"dealership_id"`
	DealershipSlug       string        `json:"dealership_slug"`
	Manufacturers        []string      `json:"manufacturers"`
	DealerLicenseNumber  string        `json:"dealer_license_number"`
	MotorVehicleRepairer string        `json:"motor_vehicle_repairer,omitempty"`
	Phone                string        `json:"phone"`
	Image                Image         `json:"image"`
	Address              Address       `json:"address"`
	ContactDetail        ContactDetail `json:"contact_detail"`
	Reviews              ReviewSummary `json:"reviews"`
	// DistributionLocations are the ids of the locations this one's stock
	// is also offered at.
	DistributionLocations []int64 `json:"distribution_locations"`
	// AverageRating and ReviewCount repeat Reviews at the top level.
	AverageRating float64 `json:"average_rating"`
	ReviewCount   int     `json:"review_count"`
	// Sort is the location's place in the site's lists, lowest first.
	Sort int `json:"sort,omitempty"`
}

// Address is where a location is.
type Address struct {
	Street   string  `json:"street"`
	City     string  `json:"city"`
	State    string  `json:"state"`
	Postcode string  `json:"postcode"`
	Lat      float64 `json:"lat"`
	Long     float64 `json:"long"`
	PlaceID  string  `json:"place_id,omitempty"`
	PlaceURL string  `json:"place_url,omitempty"`
	MapKey   string  `json:"map_key"`
	ID       int64   `json:"id"`
}

// ContactDetail holds a location's phones and hours.
type ContactDetail struct {
	Phone         string        `json:"phone"`
	LandlinePhone string        `json:"landline_phone,omitempty"`
	Email         string        `json:"email,omitempty"`
	OpeningHours  []OpeningHour `json:"opening_hours"`
	SpecialHours  []SpecialHour `json:"special_hours,omitempty"`
}

// OpeningHour is one weekday's hours (weekday 0 is Sunday).
type OpeningHour struct {
	Weekday       int        `json:"weekday"`
	Status        string     `json:"status"`
	FormatedHours string     `json:"formated_hours"`
	Open          string     `json:"open,omitempty"`
	Close         string     `json:"close,omitempty"`
	Hours         *HoursSpan `json:"hours,omitempty"`
}

// HoursSpan is a day's opening span.
type HoursSpan struct {
	Begin string `json:"begin"`
	End   string `json:"end"`
}

// SpecialHour is a holiday or special date; hours are UTC.
type SpecialHour struct {
	Date       string `json:"date"` // YYYY-MM-DD
	Status     string `json:"status"`
	Name       string `json:"name,omitempty"`
	LocationID int64  `json:"location_id,omitempty"`
	StartHour  string `json:"start_hour,omitempty"`
	EndHour    string `json:"end_hour,omitempty"`
}

// ReviewSummary is a location's rating.
type ReviewSummary struct {
	AverageRating float64 `json:"average_rating"`
	Count         int     `json:"count"`
}

// Dealership is one business within the dealer group.
type Dealership struct {
	ID                  int64               `json:"id"`
	Name                string              `json:"name"`
	Slug                string              `json:"slug"`
	DealershipGroup     string              `json:"dealership_group"`
	Phone               string              `json:"phone"`
	Email               string              `json:"email"`
	Address             string              `json:"address"`
	Manufacturer        string              `json:"manufacturer"`
	LocationIDs         []int64             `json:"location_ids"`
	Websites            []DealershipWebsite `json:"dealership_websites"`
	OffersCount         int                 `json:"offers_count"`
	XtimeURL            string              `json:"xtime_url"`
	IncludeSoldCarsDays int                 `json:"include_sold_cars_days"`
	OverrideCity        string              `json:"override_city"`
	AverageRating       float64             `json:"average_rating"`
	ReviewCount         int                 `json:"review_count"`
	OffersSubscription  bool                `json:"offers_subscription"`
	// Locations are the dealership's shown locations (LocationIDs by name).
	Locations []LocationRef `json:"locations"`
}

// DealershipWebsite is one brand website of a dealership.
type DealershipWebsite struct {
	Name string   `json:"name"`
	Slug string   `json:"slug"`
	Make string   `json:"make"`
	Logo ImageRef `json:"logo"`
	URL  string   `json:"url"`
}

// LocationRef names a location within another record.
type LocationRef struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
	Slug string `json:"slug"`
}

// FromLocation is the API's view of a location.
func FromLocation(l catalog.Location) Location {
	return Location{
		ID:                    l.ID,
		Name:                  l.Name,
		Slug:                  l.Slug,
		Visible:               l.Visible,
		Primary:               l.Primary,
		LocationType:          l.LocationType,
		LocationSubtype:       l.LocationSubtype,
		DealershipID:          l.DealershipID,
		DealershipSlug:        l.DealershipSlug,
		Manufacturers:         l.Manufacturers,
		DealerLicenseNumber:   l.DealerLicenseNumber,
		MotorVehicleRepairer:  l.MotorVehicleRepairer,
		Phone:                 l.Phone,
		Image:                 Image{URL: l.Image.URL, Thumb: ImageRef(l.Image.Thumb)},
		Address:               Address(l.Address),
		ContactDetail:         contactFrom(l.ContactDetail),
		Reviews:               ReviewSummary(l.Reviews),
		DistributionLocations: l.DistributionLocations,
		AverageRating:         l.AverageRating,
		ReviewCount:           l.ReviewCount,
		Sort:                  l.Sort,
	}
}

// FromLocations is the API's view of a list of locations; nil stays nil.
func FromLocations(in []catalog.Location) []Location { return convert.List(in, FromLocation) }

func contactFrom(c catalog.ContactDetail) ContactDetail {
	out := ContactDetail{Phone: c.Phone, LandlinePhone: c.LandlinePhone, Email: c.Email}
	if c.OpeningHours != nil {
		out.OpeningHours = make([]OpeningHour, len(c.OpeningHours))
		for i, h := range c.OpeningHours {
			out.OpeningHours[i] = OpeningHour{
				Weekday: h.Weekday, Status: h.Status, FormatedHours: h.FormatedHours,
				Open: h.Open, Close: h.Close,
			}
			if h.Hours != nil {
				span := HoursSpan(*h.Hours)
				out.OpeningHours[i].Hours = &span
			}
		}
	}
	if c.SpecialHours != nil {
		out.SpecialHours = make([]SpecialHour, len(c.SpecialHours))
		for i, h := range c.SpecialHours {
			out.SpecialHours[i] = SpecialHour(h)
		}
	}
	return out
}

// FromDealership is the API's view of a dealership.
func FromDealership(d catalog.Dealership) Dealership {
	out := Dealership{
		ID:                  d.ID,
		Name:                d.Name,
		Slug:                d.Slug,
		DealershipGroup:     d.DealershipGroup,
		Phone:               d.Phone,
		Email:               d.Email,
		Address:             d.Address,
		Manufacturer:        d.Manufacturer,
		LocationIDs:         d.LocationIDs,
		OffersCount:         d.OffersCount,
		XtimeURL:            d.XtimeURL,
		IncludeSoldCarsDays: d.IncludeSoldCarsDays,
		OverrideCity:        d.OverrideCity,
		AverageRating:       d.AverageRating,
		ReviewCount:         d.ReviewCount,
		OffersSubscription:  d.OffersSubscription,
	}
	if d.Websites != nil {
		out.Websites = make([]DealershipWebsite, len(d.Websites))
		for i, w := range d.Websites {
			out.Websites[i] = DealershipWebsite{Name: w.Name, Slug: w.Slug, Make: w.Make, Logo: ImageRef(w.Logo), URL: w.URL}
		}
	}
	if d.Locations != nil {
		out.Locations = make([]LocationRef, len(d.Locations))
		for i, r := range d.Locations {
			out.Locations[i] = LocationRef(r)
		}
	}
	return out
}

// FromDealerships is the API's view of a list of dealerships; nil stays nil.
func FromDealerships(in []catalog.Dealership) []Dealership { return convert.List(in, FromDealership) }

// PageLocation is a location as the config a page carries gives it
// (docs/behaviour/http.md#page-config): without its opening and holiday
// hours, which GET /api/locations gives.
type PageLocation struct {
	Location
	ContactDetail PageContact `json:"contact_detail"`
}

// PageContact is a location's phones and email, without its hours.
type PageContact struct {
	Phone         string `json:"phone"`
	LandlinePhone string `json:"landline_phone,omitempty"`
	Email         string `json:"email,omitempty"`
}

// PageLocations is the page's view of a list of locations; nil stays nil.
func PageLocations(in []Location) []PageLocation {
	return convert.List(in, func(l Location) PageLocation {
		c := l.ContactDetail
		return PageLocation{Location: l, ContactDetail: PageContact{Phone: c.Phone, LandlinePhone: c.LandlinePhone, Email: c.Email}}
	})
}
