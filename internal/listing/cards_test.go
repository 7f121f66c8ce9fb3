package listing_test

import (
	"testing"
	"time"

	"forecourt/internal/catalog"
	"forecourt/internal/listing"
	"forecourt/internal/search"
	"forecourt/internal/tenant"
)

// docs/behaviour/states.md#dealer-comments: shown as HTML, so the server keeps
// formatting and drops anything that could run.
func TestSanitizeDealerComments(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in, want string
	}{
		{"<p>One owner, <strong>full history</strong>.</p>", "<p>One owner, <strong>full history</strong>.</p>"},
		{"<p>Nice</p><script>alert(1)</script>", "<p>Nice</p>"},
		{`<a href="javascript:alert(1)">x</a>`, "x"},
		{`<p onclick="steal()">Clean</p>`, "<p>Clean</p>"},
		{`<ul><li>Tow bar</li></ul>`, `<ul><li>Tow bar</li></ul>`},
		{"   ", ""},
	}
	for _, tc := range tests {
		if got := listing.SanitizeDealerComments(tc.in); got != tc.want {
			t.Errorf("SanitizeDealerComments(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// docs/behaviour/entities.md: a card is the car with what the rules derive; a
// listing's card leaves out what only the vehicle page shows, and the
// compare table's keeps the equipment it lists.
func TestCardDerivation(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	site := &tenant.Site{Name: "Harbourside"}
	site.Wording.NoPriceText = "Call us"
	cfg := search.Config{
		Cities: map[int64]string{7: "Brisbane"},
		Places: map[int64]catalog.CarLocation{7: {ID: 7, Name: "Harbourside Brisbane", City: "Brisbane"}},
	}
	car := catalog.Car{
		ID: 1, Name: "2022 Toyota Yaris", Make: "Toyota", Status: catalog.StatusInStock, ShowOnWebsite: true,
		Price: 19990, OfferPrice: 18490, LocationID: 7,
		Images:            []catalog.Image{{URL: "/img/car/1/a.jpg", Thumb: catalog.ImageRef{URL: "/img/car/1/a-thumb.jpg"}}, {URL: "/img/car/1/b.jpg"}},
		StandardEquipment: []string{"Cruise control"},
		DealerComments:    "<p>One owner</p>",
	}
	tests := []struct {
		name  string
		car   func(catalog.Car) catalog.Car
		check func(t *testing.T, c listing.Card)
	}{
		{"city and location of its location id", func(c catalog.Car) catalog.Car { return c }, func(t *testing.T, c listing.Card) {
			if c.City != "Brisbane" || c.Location == nil || c.Location.Name != "Harbourside Brisbane" {
				t.Errorf("city %q, location %+v", c.City, c.Location)
			}
		}},
		{"no location of an unknown id", func(c catalog.Car) catalog.Car { c.LocationID = 99; return c }, func(t *testing.T, c listing.Card) {
			if c.City != "" || c.Location != nil {
				t.Errorf("city %q, location %+v; want none", c.City, c.Location)
			}
		}},
		{"thumbnails fall back to the image", func(c catalog.Car) catalog.Car { return c }, func(t *testing.T, c listing.Card) {
			if len(c.Thumbnails) != 2 || c.Thumbnails[0] != "/img/car/1/a-thumb.jpg" || c.Thumbnails[1] != "/img/car/1/b.jpg" {
				t.Errorf("thumbnails %q", c.Thumbnails)
			}
		}},
		{"a sold car is not available", func(c catalog.Car) catalog.Car { c.Status = catalog.StatusSold; return c }, func(t *testing.T, c listing.Card) {
			if c.IsAvailable || c.WeeklyPayment != nil {
				t.Errorf("available %v, weekly %v", c.IsAvailable, c.WeeklyPayment)
			}
		}},
		{"a reduced price shows as a reduction (docs/behaviour/states.md#price-rule-2)", func(c catalog.Car) catalog.Car { return c }, func(t *testing.T, c listing.Card) {
			if c.PriceDisplay.Kind != "reduced" || c.PriceDisplay.Text != "$18,490" || c.PriceDisplay.Was == nil || *c.PriceDisplay.Was != "$19,990" {
				t.Errorf("price display %+v", c.PriceDisplay)
			}
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tc.check(t, listing.CardFor(tc.car(car), site, cfg, now))
		})
	}

	full := listing.CardFor(car, site, cfg, now)
	brief := listing.Brief(full)
	if brief.Images != nil || brief.StandardEquipment != nil || brief.DealerComments != "" {
		t.Errorf("a listing card keeps the page's fields: %+v", brief.Car)
	}
	if len(brief.Thumbnails) != 2 || brief.City != "Brisbane" {
		t.Error("a listing card lost what was derived from the whole car")
	}
	if cmp := listing.ForCompare(full); len(cmp.StandardEquipment) != 1 || cmp.Images != nil {
		t.Errorf("a compare card: equipment %q, images %d", cmp.StandardEquipment, len(cmp.Images))
	}
	if len(full.Images) != 2 || full.DealerComments == "" {
		t.Error("Brief changed the card it was called on")
	}
}

// A price type reads as the site's buyers say it: no Australian government
// charges on a New Zealand car, and a caravan is towed away.
func TestPriceTypeInTheSitesWords(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		country, item, code, want string
	}{
		{"AU", "", "EGC", "Excl. Government Charges"},
		{"AU", "", "DAP", "Drive Away"},
		{"NZ", "", "EGC", "+ ORC"},
		{"NZ", "", "DAP", "Drive Away"},
		{"AU", catalog.ItemCaravan, "DAP", "Tow Away"},
		{"AU", catalog.ItemCaravan, "EGC", "Excl. Government Charges"},
	} {
		site := &tenant.Site{Country: tc.country}
		c := catalog.Car{ID: 1, CarType: "used", Status: "in_stock", Price: 20000, PriceType: tc.code, ItemType: tc.item}
		if got := listing.CardFor(c, site, search.Config{}, now).PriceDisplay.PriceType; got != tc.want {
			t.Errorf("%s %q %s: %q, want %q", tc.country, tc.item, tc.code, got, tc.want)
		}
	}
}

// docs/behaviour/constants.md#finance-summary: the estimate names the car's own
// location, not the dealership that location belongs to.
func TestFinanceEstimateNamesTheCarsOwnLocation(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	site := &tenant.Site{Name: "Summit Motor Group"}
	site.Finance.Provider = "Angle"
	site.Finance.Lenders = []tenant.FinanceLenderSource{{Key: "angle", Provider: "Angle"}}
	cfg := search.Config{DealershipNames: map[int64]string{2101: "Summit Subaru"}}
	car := catalog.Car{
		Make: "Tesla", Model: "Model Y", CarType: "used", Status: catalog.StatusInStock, ShowOnWebsite: true, Price: 38990, Year: 2022,
		DealershipID: 2101, DealershipSlug: "summit-subaru", LocationName: "Summit Used Cars Brisbane",
		FinanceLenders: map[string]catalog.FinanceLender{"angle": {InterestRate: 8.99, ComparisonRate: 10.12, PaymentWeek: 139, PaymentMonth: 601, FinanceProvider: "Angle Finance"}},
	}
	e := listing.FinanceEstimate(car, site, cfg, now)
	if e == nil || e.Dealer != "Summit Used Cars Brisbane" || e.Text != "per week* for used Model Y with Angle Finance at Summit Used Cars Brisbane" {
		t.Fatalf("estimate %+v: want it at Summit Used Cars Brisbane", e)
	}
	car.LocationName = ""
	if e := listing.FinanceEstimate(car, site, cfg, now); e == nil || e.Dealer != "Summit Subaru" {
		t.Errorf("without a location: %+v, want the dealership's name", e)
	}
}
