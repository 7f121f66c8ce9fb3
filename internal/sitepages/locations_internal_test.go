package sitepages

import (
	"reflect"
	"testing"

	"forecourt/internal/catalog"
	"forecourt/internal/listing"
	"forecourt/internal/tenant"
)

func loc(id int64, typ, street, postcode string, primary bool) catalog.Location {
	l := catalog.Location{ID: id, Name: typ, Slug: typ, LocationType: typ, Primary: primary, Visible: true}
	l.Address.Street, l.Address.Postcode = street, postcode
	return l
}

func ids(ls []catalog.Location) []int64 {
	out := []int64{}
	for _, l := range ls {
		out = append(out, l.ID)
	}
	return out
}

// docs/behaviour/constants.md: departments rank sales 1, service 2, parts 3.
func TestLocationRank(t *testing.T) {
	for _, c := range []struct {
		typ  string
		want int
	}{
		{"", 1}, {"sales", 1}, {catalog.TypeUsed, 1}, {"service", 2}, {"parts", 3}, {"body shop", 4},
	} {
		if got := locationRank(catalog.Location{LocationType: c.typ}); got != c.want {
			t.Errorf("locationRank(%q) = %d, want %d", c.typ, got, c.want)
		}
	}
}

// docs/behaviour/screens.md: departments at the same address are one place.
func TestAddressKey(t *testing.T) {
	a := loc(1, "sales", "1  Harbour Rd", "4000", false)
	for _, c := range []struct {
		name string
		b    catalog.Location
		same bool
	}{
		{"spacing and case", loc(2, "service", "1 harbour rd", "4000", false), true},
		{"another postcode", loc(3, "parts", "1 Harbour Rd", "4001", false), false},
		{"another street", loc(4, "parts", "2 Harbour Rd", "4000", false), false},
	} {
		if got := addressKey(a) == addressKey(c.b); got != c.same {
			t.Errorf("%s: same address %v, want %v", c.name, got, c.same)
		}
	}
}

func TestAddressGroups(t *testing.T) {
	ls := []catalog.Location{
		loc(1, "parts", "1 Harbour Rd", "4000", false),
		loc(2, "service", "9 Other St", "4001", false),
		loc(3, "sales", "1 Harbour Rd", "4000", false),
		loc(4, "service", "1 Harbour Rd", "4000", false),
		loc(5, "sales", "9 Other St", "4001", true),
	}
	var got [][]int64
	for _, g := range addressGroups(ls) {
		got = append(got, ids(g))
	}
	// The primary sales location leads; each address's departments by rank.
	want := [][]int64{{5, 2}, {3, 4, 1}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("groups %v, want %v", got, want)
	}
	if ls[0].ID != 1 {
		t.Error("grouping reordered the caller's locations")
	}
}

func TestOneLineAddress(t *testing.T) {
	for _, c := range []struct {
		a    catalog.Address
		want string
	}{
		{catalog.Address{Street: "1 Harbour Rd", City: "Brisbane", State: "QLD", Postcode: "4000"}, "1 Harbour Rd, Brisbane QLD 4000"},
		{catalog.Address{Street: "1 Harbour Rd", City: "Auckland", Postcode: "1010"}, "1 Harbour Rd, Auckland  1010"},
	} {
		if got := oneLineAddress(c.a); got != c.want {
			t.Errorf("oneLineAddress = %q, want %q", got, c.want)
		}
	}
}

func TestLocationsJSONLD(t *testing.T) {
	site := &tenant.Site{Name: "Harbourside", Country: "AU", Timezone: "Australia/Brisbane"}
	sales := loc(1, "sales", "1 Harbour Rd", "4000", true)
	sales.Slug = "harbourside-sales"
	sales.Address.Lat, sales.Address.Long = -27.4, 153
	sales.Reviews = catalog.ReviewSummary{AverageRating: 4.5, Count: 10}
	sales.ContactDetail.OpeningHours = []catalog.OpeningHour{{Weekday: 1, Hours: &catalog.HoursSpan{Begin: "08:00", End: "17:00"}}, {Weekday: 0}}
	sales.ContactDetail.SpecialHours = []catalog.SpecialHour{
		{Date: "2026-12-25", Status: "closed"},
		{Date: "2026-12-24", StartHour: "2026-12-23T23:00:00Z", EndHour: "2026-12-24T02:00:00Z"},
		{Date: "2026-12-26", LocationID: 99},
	}
	service := loc(2, "service", "1 Harbour Rd", "4000", false)
	other := loc(3, "sales", "9 Other St", "4001", false)

	one := locationsJSONLD("https://h.example", site, []catalog.Location{service, sales}, true).(map[string]any)
	if one["@type"] != "AutoDealer" || one["name"] != "sales" || one["url"] != "https://h.example/our-location/harbourside-sales" {
		t.Errorf("the place: %v %v %v", one["@type"], one["name"], one["url"])
	}
	if one["aggregateRating"] == nil || one["geo"] == nil {
		t.Error("the place lacks its rating or position")
	}
	deps := one["department"].([]any)
	if len(deps) != 1 || deps[0].(map[string]any)["@type"] != "AutoRepair" {
		t.Errorf("departments %v, want the service department as AutoRepair", deps)
	}
	hours := one["openingHoursSpecification"].([]any)
	want := []map[string]any{
		{"@type": "OpeningHoursSpecification", "dayOfWeek": "https://schema.org/Monday", "opens": "08:00", "closes": "17:00"},
		{"@type": "OpeningHoursSpecification", "validFrom": "2026-12-25", "validThrough": "2026-12-25", "opens": "00:00", "closes": "00:00"},
		{"@type": "OpeningHoursSpecification", "validFrom": "2026-12-24", "validThrough": "2026-12-24", "opens": "09:00", "closes": "12:00"},
	}
	if len(hours) != len(want) {
		t.Fatalf("hours %v, want %v", hours, want)
	}
	for i := range want {
		if !reflect.DeepEqual(hours[i], want[i]) {
			t.Errorf("hours[%d] = %v, want %v", i, hours[i], want[i])
		}
	}

	// Hidden reviews carry no rating; two addresses are a list.
	site.Reviews.Hidden = true
	list, ok := locationsJSONLD("https://h.example", site, []catalog.Location{other, sales, service}, true).([]any)
	if !ok || len(list) != 2 {
		t.Fatalf("two addresses: %v", list)
	}
	if list[0].(map[string]any)["aggregateRating"] != nil {
		t.Error("a rating shown on a site that hides reviews")
	}
	// Not by rank: the location named first leads its address.
	lead := locationsJSONLD("https://h.example", site, []catalog.Location{service, sales}, false).(map[string]any)
	if lead["name"] != "service" || lead["@type"] != "AutoDealer" {
		t.Errorf("lead %v (%v), want the service location as the AutoDealer", lead["name"], lead["@type"])
	}
}

func TestLocationPages(t *testing.T) {
	site := &tenant.Site{Name: "Harbourside", Country: "AU"}
	sales := loc(1, "sales", "1 Harbour Rd", "4000", true)
	sales.Slug, sales.Name, sales.DealershipID = "harbour-sales", "Harbour Sales", 7
	service := loc(2, "service", "1 Harbour Rd", "4000", false)
	service.Slug, service.Name, service.DealershipID = "harbour-service", "Harbour Service", 7
	hidden := loc(3, "sales", "9 Other St", "4001", false)
	hidden.Slug, hidden.Visible = "hidden", false
	recs := recordsOf([]catalog.Location{sales, service, hidden}, []catalog.Dealership{{ID: 7, Slug: "harbour", Name: "Harbour Motors"}})

	for _, c := range []struct {
		path, title, canonical string
		notFound               bool
	}{
		{"/dealer-locator/", "Dealer Locator | Harbourside", "https://h.example/dealer-locator", false},
		{"/locations/harbour", "Harbour Motors Locations | Harbourside", "https://h.example/locations/harbour", false},
		{"/contact-us/harbour-service", "Contact Harbour Service | Harbourside", "https://h.example/contact-us/harbour-service", false},
		{"/our-location/harbour-sales", "Harbour Sales | Harbourside", "https://h.example/our-location/harbour-sales", false},
		{"/locations/nowhere", "", "", true},
		{"/our-location/hidden", "", "", true},
	} {
		pg, ok := ParseLocationPage(c.path)
		if !ok {
			t.Errorf("%s is not a locations page", c.path)
			continue
		}
		h, err := pg.Head(site, "https://h.example", recs)
		if c.notFound {
			if catalog.ErrorCode(err) != catalog.ENotFound {
				t.Errorf("%s: err %v, want not found", c.path, err)
			}
			continue
		}
		if err != nil || h.Title != c.title || h.Canonical != c.canonical || h.JSONLD == nil {
			t.Errorf("%s: %q %q %v (JSON-LD %v), want %q %q", c.path, h.Title, h.Canonical, err, h.JSONLD != nil, c.title, c.canonical)
		}
	}
	// The named department leads its address's data.
	pg, _ := ParseLocationPage("/contact-us/harbour-service")
	h, _ := pg.Head(site, "https://h.example", recs)
	if d := h.JSONLD.(map[string]any); d["name"] != "Harbour Service" {
		t.Errorf("contact page of the service department led by %v", d["name"])
	}
	for _, p := range []string{"/", "/locations/", "/locations/a/b", "/contact-us", "/cars/x"} {
		if _, ok := ParseLocationPage(p); ok {
			t.Errorf("%s taken for a locations page", p)
		}
	}
}

func recordsOf(ls []catalog.Location, ds []catalog.Dealership) listing.Records {
	return listing.Records{Locations: ls, Dealerships: ds}
}
