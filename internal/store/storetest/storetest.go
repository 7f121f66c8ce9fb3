// Package storetest is the conformance suite every store.Store must pass.
// Each implementation's test calls Run with a function that opens a fresh,
// empty store.
package storetest

import (
	"context"
	"fmt"
	"reflect"
	"sort"
	"sync"
	"testing"
	"time"

	"forecourt/internal/catalog"
	"forecourt/internal/store"
)

// Run runs every conformance test. open must return a new empty store; Run
// closes it.
func Run(t *testing.T, open func(t *testing.T) store.Store) {
	fresh := func(t *testing.T) store.Store {
		t.Helper()
		s := open(t)
		t.Cleanup(func() {
			if err := s.Close(); err != nil {
				t.Errorf("Close: %v", err)
			}
		})
		return s
	}
	tests := []struct {
		name string
		fn   func(t *testing.T, s store.Store)
	}{
		{"Empty", testEmpty},
		{"RoundTripCar", testRoundTripCar},
		{"RoundTripLocation", testRoundTripLocation},
		{"RoundTripDealership", testRoundTripDealership},
		{"RoundTripModel", testRoundTripModel},
		{"RoundTripReview", testRoundTripReview},
		{"RoundTripLead", testRoundTripLead},
		{"TimesStoredUTC", testTimesUTC},
		{"CarIDAssignment", testCarIDAssignment},
		{"OtherIDAssignment", testOtherIDAssignment},
		{"UpsertInPlace", testUpsert},
		{"CarBySlugNotFound", testCarBySlugNotFound},
		{"CountCars", testCountCars},
		{"SaveCarsBulk", testSaveCarsBulk},
		{"SameCarTwiceInOneSave", testSameCarTwice},
		{"LeadsSinceOrdered", testLeadsSince},
		{"LeadIdempotency", testLeadIdempotency},
		{"LeadIdempotencyConcurrent", testLeadIdempotencyConcurrent},
		{"ConcurrentDistinctLeads", testConcurrentLeads},
		{"TenantIsolation", testTenantIsolation},
		{"CarIDOfOtherSite", testCarIDOfOtherSite},
		{"CarViews", testCarViews},
		{"PriceHistory", testPriceHistory},
		{"ValuationRecords", testValuationRecords},
	}
	runEach(t, tests, fresh)
	runLeadTests(t, fresh)
	runAccountTests(t, fresh)
	runFeedTests(t, fresh)
	runPhotoTests(t, fresh)
	// Ping answers while the store is open and fails once it is closed
	// (the operators' /readyz turns 503 on it).
	t.Run("PingFollowsClose", func(t *testing.T) {
		s := open(t)
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := s.Ping(ctx); err != nil {
			t.Fatalf("Ping on an open store: %v", err)
		}
		if err := s.Close(); err != nil {
			t.Fatalf("Close: %v", err)
		}
		if err := s.Ping(ctx); err == nil {
			t.Error("Ping on a closed store succeeded")
		}
	})
}

// runEach runs each test on a fresh store of its own, side by side: on
// PostgreSQL most of a test's time is the server making its database.
func runEach(t *testing.T, tests []struct {
	name string
	fn   func(t *testing.T, s store.Store)
}, fresh func(t *testing.T) store.Store) {
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			tc.fn(t, fresh(t))
		})
	}
}

const (
	siteA = "alpha-motors"
	siteB = "bravo-cars"
)

var ctx = context.Background()

func day(y int, m time.Month, d, h, min int) time.Time {
	return time.Date(y, m, d, h, min, 0, 0, time.UTC)
}

// FullCar is a car with every nested part filled, for round trips.
func FullCar(id int64, slug string) catalog.Car {
	return catalog.Car{
		ID: id, Slug: slug, Path: "/cars/" + slug, Name: "2021 Toyota Hilux SR5",
		Year: 2021, Make: "Toyota", Model: "Hilux", Badge: "SR5", Series: "GUN126R",
		CarType: catalog.TypeUsed, Status: catalog.StatusInStock,
		StockNum: "U" + slug, VIN: "MR0HA3CD" + slug, NVIC: "0ABC21", RegPlate: "ABC123",
		RegoExpiry: "2026-03-01", RegoState: "QLD", BuildDate: "2021-02", ComplianceDate: "2021-03",
		KM: 45210, Price: 52990, BeforePrice: 54990, OfferPrice: 51990, PriceType: "drive_away",
		Colour: "White", InteriorColour: "Black", Body: "Utility", SimpleBody: "ute",
		SimpleTransmission: "automatic", Trans: "6 Speed Automatic", SimpleFuel: "diesel",
		Fuel: "Diesel", SimpleDrive: "4x4", Drive: "Four Wheel Drive", Seats: 5, Doors: 4,
		EngineSize: 2755, EngineSizeLitres: 2.8, GearNum: 6, Certified: true, Tag: "Low KMs",
		CreatedAt: day(2024, 5, 1, 9, 30), UpdatedAt: day(2024, 6, 2, 10, 15),
		PhotosCount: 2, Views: 17,
		Images: []catalog.Image{
			{URL: "/img/car/1/ute/ffffff/0.jpg", Thumb: catalog.ImageRef{URL: "/img/car/1/ute/ffffff/0.jpg?w=200"}},
			{URL: "/img/car/1/ute/ffffff/90.jpg", Thumb: catalog.ImageRef{URL: "/img/car/1/ute/ffffff/90.jpg?w=200"}},
		},
		PrimaryImageURL:   "/img/car/1/ute/ffffff/0.jpg",
		SpinImages:        []string{"/img/car/1/ute/ffffff/0.jpg", "/img/car/1/ute/ffffff/10.jpg"},
		SpinInteriorImage: "/img/interior/1/222222.jpg",
		Hotspots: &catalog.Hotspots{
			Exterior: []catalog.Hotspot{{Description: "Tow bar", Anchor: "rear", Positions: []catalog.HotspotPosition{{Angle: 18, X: 42.5, Y: 61}}}},
			Interior: []catalog.Hotspot{{Description: "Touchscreen"}},
		},
		DealerComments:    "One owner, full service history.",
		StandardEquipment: []string{"Reversing camera", "Apple CarPlay"},
		LocationID:        11, LocationName: "Brisbane Used", DealershipID: 3,
		DealershipIDs: []int64{3, 4}, DealershipSlug: "alpha-toyota", ShowOnWebsite: true,
		ItemType: "car", ManufacturerBody: "Dual Cab",
		Variant: &catalog.Variant{
			Cylinders: 4, EngineSize: 2755, EngineSizeLitres: 2.8, Induction: "Turbo",
			GearType: "Automatic", FuelConsumptionCombined: 8.4, FuelCapacity: 80,
			TowingCapacityBraked: 3500, Torque: 500, AncapRating: 5, BodyConfiguration: "Dual Cab",
		},
		AutograbData:   &catalog.AutograbData{StateAverageMarketPrice: 53500, AverageMarketPrice: 54000},
		Specifications: &catalog.CaravanSpecs{BodyWidth: 7.5, BodyLength: 19.6, TareWeight: 2200, AxleType: "Tandem", Sleeps: 4, AggregateTrailerMass: 2800},
		YouxQuote:      &catalog.YouxQuote{WeeklyRepaymentAmount: 139.5, ComparisonRate: 9.1, AdvertisedRate: 8.5},
		FinanceLenders: map[string]catalog.FinanceLender{
			"plenti": {InterestRate: 7.99, ComparisonRate: 8.45, PaymentWeek: 151.2, Term: 60, TermYears: 5, Balloon: 0.25, FinanceProvider: "Plenti", Disclaimer: "Subject to approval."},
			"money3": {InterestRate: 9.5, ComparisonRate: 10.1, PaymentMonth: 640},
		},
		Rank: 7,
	}
}

func fullLocation(id int64) catalog.Location {
	return catalog.Location{
		ID: id, Name: "Alpha Toyota Brisbane", Slug: fmt.Sprintf("alpha-toyota-%d", id), Visible: true, Primary: true,
		LocationType: "", LocationSubtype: "new", DealershipID: 3, DealershipSlug: "alpha-toyota",
		Manufacturers: []string{"Toyota", "Lexus"}, DealerLicenseNumber: "3456789",
		MotorVehicleRepairer: "MVRL12345", Phone: "07 3000 0000",
		Image:   catalog.Image{URL: "/img/location/1.jpg", Thumb: catalog.ImageRef{URL: "/img/location/1.jpg?w=200"}},
		Address: catalog.Address{Street: "1 Main St", City: "Brisbane", State: "QLD", Postcode: "4000", Lat: -27.4698, Long: 153.0251, PlaceID: "ChIJ123"},
		ContactDetail: catalog.ContactDetail{
			Phone: "07 3000 0000", LandlinePhone: "07 3000 0001",
			OpeningHours: []catalog.OpeningHour{
				{Weekday: 0, Status: "Closed", FormatedHours: "Closed"},
				{Weekday: 1, Status: "Open", FormatedHours: "8:30am - 5:30pm", Open: "08:30", Close: "17:30"},
			},
			SpecialHours: []catalog.SpecialHour{
				{Date: "2025-12-25", Status: "Closed", Name: "Christmas Day", LocationID: id},
				{Date: "2025-12-24", Status: "Open", Name: "Christmas Eve", StartHour: "22:30", EndHour: "02:00"},
			},
		},
		Reviews: catalog.ReviewSummary{AverageRating: 4.7, Count: 212},
	}
}

func fullDealership(id int64) catalog.Dealership {
	return catalog.Dealership{
		ID: id, Name: "Alpha Toyota", Slug: fmt.Sprintf("alpha-toyota-%d", id), DealershipGroup: "Alpha Group",
		Phone: "07 3000 0000", Email: "sales@example.com", Address: "1 Main St, Brisbane QLD 4000",
		Manufacturer: "Toyota", LocationIDs: []int64{11, 12},
		Websites:    []catalog.DealershipWebsite{{Name: "Alpha Toyota", Slug: "alpha-toyota", Make: "Toyota", Logo: catalog.ImageRef{URL: "/img/make/toyota.png"}, URL: "https://alpha.example.com"}},
		OffersCount: 4, XtimeURL: "https://service.example.com", IncludeSoldCarsDays: 14,
		OverrideCity: "Brisbane", AverageRating: 4.6, ReviewCount: 99, OffersSubscription: true,
	}
}

func fullModel(id int64) catalog.Model {
	return catalog.Model{
		ID: id, Slug: fmt.Sprintf("rav4-%d", id), Name: "RAV4", Make: "Toyota", ImageURL: "/img/car/9/suv/cc0000/0.jpg",
		Status: "active", ShortDescription: "Hybrid SUV", ManufacturerBody: "SUV",
		Variants: []catalog.ModelVariant{
			{ID: 1, FullName: "RAV4 GX 2WD", Series: "AXAH52R", Name: "GX", Features: []string{"8\" touchscreen"}, Image: catalog.ImageRef{URL: "/img/car/9/suv/cc0000/0.jpg"}, DapMinPrice: 41000, DapMaxPrice: 43000},
			{ID: 2, FullName: "RAV4 Cruiser AWD", Name: "Cruiser"},
		},
		Colours: []catalog.ModelColour{{ID: 5, Name: "Crimson Spark", PhotoURL: "/img/car/9/suv/cc0000/0.jpg", HexCode: "#cc0000", OemID: "3T3", ModelVariantName: "GX"}},
		Frames:  []catalog.ModelFrame{{Title: "Walkaround", URL: "/media/demo.mp4"}},
	}
}

func fullReview(id int64) catalog.Review {
	reply := day(2025, 2, 3, 4, 5)
	return catalog.Review{
		ID: id, LocationID: 11, Image: "https://example.com/a.png", CustomerName: "Sam P.",
		Text: "Great service — \"easy\" purchase.", Rating: 5, ReviewDate: day(2025, 2, 1, 0, 0),
		ReplyText: "Thanks Sam!", ReplyDate: &reply,
	}
}

func fullLead(key string) catalog.Lead {
	return catalog.Lead{
		Category: "enquiry", Subcategory: "General Enquiry", Name: "Jo", LastName: "Bloggs",
		Email: "jo@example.com", Phone: "0400 000 000", Postcode: "4000", Message: "Is it still available?",
		CarID: 42, IdempotencyKey: key,
		// Values as JSON decoding gives them back: numbers are float64.
		Payload: map[string]any{
			"category": "enquiry", "car_id": float64(42), "consent": true,
			"trade_in": map[string]any{"make": "Mazda", "km": float64(120000)},
			"tags":     []any{"a", "b"},
		},
		CreatedAt: time.Date(2025, 3, 4, 5, 6, 7, 123456000, time.UTC),
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func equal(t *testing.T, what string, got, want any) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s differs after round trip:\n got: %+v\nwant: %+v", what, got, want)
	}
}

func testEmpty(t *testing.T, s store.Store) {
	empty, err := s.Empty(ctx)
	must(t, err)
	if !empty {
		t.Fatal("a new store reports Empty() = false")
	}
	// Leads and models alone do not make a site: the demo still loads.
	_, err = s.CreateLead(ctx, siteA, fullLead(""))
	must(t, err)
	empty, err = s.Empty(ctx)
	must(t, err)
	if !empty {
		t.Error("Empty() = false with only a lead stored")
	}
	must(t, s.SaveDealerships(ctx, siteB, []catalog.Dealership{fullDealership(1)}))
	empty, err = s.Empty(ctx)
	must(t, err)
	if empty {
		t.Error("Empty() = true with a dealership stored")
	}
}

func testRoundTripCar(t *testing.T, s store.Store) {
	want := []catalog.Car{FullCar(1001, "2021-toyota-hilux-1001"), FullCar(1002, "2021-toyota-hilux-1002")}
	want[1].Status = catalog.StatusSold
	want[1].ShowOnWebsite = false
	want[1].SoldDateTimestamp = 1717200000
	want[1].Hotspots, want[1].Variant, want[1].FinanceLenders = nil, nil, nil
	in := append([]catalog.Car(nil), want...)
	must(t, s.SaveCars(ctx, siteA, in))
	// A new car's history is the price it was listed at, on its listing day.
	for i := range want {
		want[i].PriceHistory = []catalog.PriceChange{{At: want[i].CreatedAt, Price: want[i].Price}}
	}
	got, err := s.Cars(ctx, siteA)
	must(t, err)
	equal(t, "Cars", got, want)
	one, err := s.CarBySlug(ctx, siteA, want[0].Slug)
	must(t, err)
	equal(t, "CarBySlug", one, want[0])
}

func testRoundTripLocation(t *testing.T, s store.Store) {
	want := []catalog.Location{fullLocation(11), fullLocation(12)}
	want[1].LocationType, want[1].Visible = "service", false
	must(t, s.SaveLocations(ctx, siteA, append([]catalog.Location(nil), want...)))
	got, err := s.Locations(ctx, siteA)
	must(t, err)
	equal(t, "Locations", got, want)
}

func testRoundTripDealership(t *testing.T, s store.Store) {
	want := []catalog.Dealership{fullDealership(3), fullDealership(4)}
	must(t, s.SaveDealerships(ctx, siteA, append([]catalog.Dealership(nil), want...)))
	got, err := s.Dealerships(ctx, siteA)
	must(t, err)
	equal(t, "Dealerships", got, want)
}

func testRoundTripModel(t *testing.T, s store.Store) {
	want := []catalog.Model{fullModel(21), fullModel(22)}
	must(t, s.SaveModels(ctx, siteA, append([]catalog.Model(nil), want...)))
	got, err := s.Models(ctx, siteA)
	must(t, err)
	equal(t, "Models", got, want)
}

func testRoundTripReview(t *testing.T, s store.Store) {
	want := []catalog.Review{fullReview(31), fullReview(32)}
	want[1].ReplyDate, want[1].ReplyText = nil, ""
	must(t, s.SaveReviews(ctx, siteA, append([]catalog.Review(nil), want...)))
	got, err := s.Reviews(ctx, siteA)
	must(t, err)
	equal(t, "Reviews", got, want)
}

func testRoundTripLead(t *testing.T, s store.Store) {
	in := fullLead("key-1")
	out, err := s.CreateLead(ctx, siteA, in)
	must(t, err)
	if out.ID == "" {
		t.Fatal("CreateLead returned a lead without an id")
	}
	want := in
	want.ID = out.ID
	equal(t, "CreateLead result", out, want)
	got, err := s.Leads(ctx, siteA, time.Time{})
	must(t, err)
	equal(t, "Leads", got, []catalog.Lead{want})

	// A lead given an id keeps it.
	in2 := fullLead("")
	in2.ID = "11111111-2222-4333-8444-555555555555"
	out2, err := s.CreateLead(ctx, siteA, in2)
	must(t, err)
	if out2.ID != in2.ID {
		t.Errorf("lead id = %q, want the given %q", out2.ID, in2.ID)
	}
}

func testTimesUTC(t *testing.T, s store.Store) {
	brisbane := time.FixedZone("AEST", 10*3600)
	local := time.Date(2025, 1, 2, 9, 0, 0, 0, brisbane)
	c := FullCar(0, "tz-car")
	c.CreatedAt, c.UpdatedAt = local, local
	must(t, s.SaveCars(ctx, siteA, []catalog.Car{c}))
	got, err := s.CarBySlug(ctx, siteA, "tz-car")
	must(t, err)
	if !got.UpdatedAt.Equal(local) || got.UpdatedAt.Location() != time.UTC {
		t.Errorf("UpdatedAt = %v, want %v in UTC", got.UpdatedAt, local.UTC())
	}
	l := fullLead("")
	l.CreatedAt = local
	out, err := s.CreateLead(ctx, siteA, l)
	must(t, err)
	leads, err := s.Leads(ctx, siteA, time.Time{})
	must(t, err)
	if len(leads) != 1 || !leads[0].CreatedAt.Equal(local) || leads[0].CreatedAt.Location() != time.UTC {
		t.Errorf("lead CreatedAt = %v, want %v in UTC", leads, local.UTC())
	}
	if !out.CreatedAt.Equal(local) {
		t.Errorf("CreateLead CreatedAt = %v, want %v", out.CreatedAt, local)
	}

	// A lead without a time gets the time it was stored.
	before := time.Now().Add(-time.Second)
	out, err = s.CreateLead(ctx, siteB, fullLeadNoTime())
	must(t, err)
	if out.CreatedAt.Before(before) || out.CreatedAt.After(time.Now().Add(time.Second)) {
		t.Errorf("CreatedAt of an untimed lead = %v, want about now", out.CreatedAt)
	}
}

func fullLeadNoTime() catalog.Lead {
	l := fullLead("")
	l.CreatedAt = time.Time{}
	return l
}

func testCarIDAssignment(t *testing.T, s store.Store) {
	a := []catalog.Car{FullCar(0, "new-a1"), FullCar(0, "new-a2")}
	must(t, s.SaveCars(ctx, siteA, a))
	b := []catalog.Car{FullCar(0, "new-b1")}
	must(t, s.SaveCars(ctx, siteB, b))
	ids := map[int64]string{}
	for _, c := range append(append([]catalog.Car(nil), a...), b...) {
		if c.ID == 0 {
			t.Fatalf("car %s: id 0 not replaced in the slice", c.Slug)
		}
		if prev, ok := ids[c.ID]; ok {
			t.Errorf("cars %s and %s share id %d; car ids must be unique across sites", prev, c.Slug, c.ID)
		}
		ids[c.ID] = c.Slug
	}
	got, err := s.CarBySlug(ctx, siteA, "new-a2")
	must(t, err)
	if got.ID != a[1].ID {
		t.Errorf("stored id %d, slice says %d", got.ID, a[1].ID)
	}
	// A given id is kept, and later assigned ids never reuse it.
	must(t, s.SaveCars(ctx, siteA, []catalog.Car{FullCar(900000, "given")}))
	next := []catalog.Car{FullCar(0, "after-given")}
	must(t, s.SaveCars(ctx, siteB, next))
	if next[0].ID == 900000 || next[0].ID == 0 {
		t.Errorf("assigned id %d after a given id 900000", next[0].ID)
	}
	g, err := s.CarBySlug(ctx, siteA, "given")
	must(t, err)
	if g.ID != 900000 {
		t.Errorf("given id 900000 stored as %d", g.ID)
	}
	// In one batch, id 0 never takes an id given later in the same batch.
	mixed := []catalog.Car{FullCar(0, "mixed-new"), FullCar(800000, "mixed-given")}
	must(t, s.SaveCars(ctx, siteA, mixed))
	if mixed[0].ID == 800000 {
		t.Error("a new car took the id given to another car in the same batch")
	}
	n, err := s.CountCars(ctx, siteA)
	must(t, err)
	if n != 5 {
		t.Errorf("CountCars = %d, want 5", n)
	}
}

func testOtherIDAssignment(t *testing.T, s store.Store) {
	ls := []catalog.Location{fullLocation(0), fullLocation(7), fullLocation(0)}
	must(t, s.SaveLocations(ctx, siteA, ls))
	seen := map[int64]bool{}
	for _, l := range ls {
		if l.ID == 0 || seen[l.ID] {
			t.Errorf("location ids %v: want distinct non-zero ids", []int64{ls[0].ID, ls[1].ID, ls[2].ID})
			break
		}
		seen[l.ID] = true
	}
	if ls[1].ID != 7 {
		t.Errorf("given location id 7 became %d", ls[1].ID)
	}
	got, err := s.Locations(ctx, siteA)
	must(t, err)
	if len(got) != 3 {
		t.Fatalf("got %d locations, want 3", len(got))
	}
	for _, l := range got {
		if !seen[l.ID] {
			t.Errorf("stored location id %d not written back to the slice", l.ID)
		}
	}

	ds := []catalog.Dealership{fullDealership(0)}
	must(t, s.SaveDealerships(ctx, siteA, ds))
	ms := []catalog.Model{fullModel(0)}
	must(t, s.SaveModels(ctx, siteA, ms))
	rs := []catalog.Review{fullReview(0)}
	must(t, s.SaveReviews(ctx, siteA, rs))
	if ds[0].ID == 0 || ms[0].ID == 0 || rs[0].ID == 0 {
		t.Errorf("ids not assigned: dealership %d, model %d, review %d", ds[0].ID, ms[0].ID, rs[0].ID)
	}
	gotD, err := s.Dealerships(ctx, siteA)
	must(t, err)
	if len(gotD) != 1 || gotD[0].ID != ds[0].ID {
		t.Errorf("Dealerships = %+v, want id %d", gotD, ds[0].ID)
	}
}

func testUpsert(t *testing.T, s store.Store) {
	cars := []catalog.Car{FullCar(0, "upsert-me")}
	must(t, s.SaveCars(ctx, siteA, cars))
	c := cars[0]
	c.Price, c.Status, c.Slug = 39990, catalog.StatusSold, "upsert-me-renamed"
	must(t, s.SaveCars(ctx, siteA, []catalog.Car{c}))
	got, err := s.Cars(ctx, siteA)
	must(t, err)
	if len(got) != 1 {
		t.Fatalf("after saving the same id twice: %d cars, want 1", len(got))
	}
	if got[0].ID != c.ID || got[0].Price != 39990 || got[0].Status != catalog.StatusSold {
		t.Errorf("updated car = id %d price %d status %s; want id %d price 39990 sold", got[0].ID, got[0].Price, got[0].Status, c.ID)
	}
	if _, err := s.CarBySlug(ctx, siteA, "upsert-me"); catalog.ErrorCode(err) != catalog.ENotFound {
		t.Errorf("old slug after rename: err = %v, want not_found", err)
	}
	if _, err := s.CarBySlug(ctx, siteA, "upsert-me-renamed"); err != nil {
		t.Errorf("new slug after rename: %v", err)
	}

	l := fullLocation(5)
	must(t, s.SaveLocations(ctx, siteA, []catalog.Location{l}))
	l.Name = "Renamed"
	must(t, s.SaveLocations(ctx, siteA, []catalog.Location{l}))
	ls, err := s.Locations(ctx, siteA)
	must(t, err)
	if len(ls) != 1 || ls[0].Name != "Renamed" {
		t.Errorf("Locations after upsert = %+v, want one named Renamed", ls)
	}
	d := fullDealership(5)
	must(t, s.SaveDealerships(ctx, siteA, []catalog.Dealership{d}))
	d.Phone = "1300 000 000"
	must(t, s.SaveDealerships(ctx, siteA, []catalog.Dealership{d}))
	ds, err := s.Dealerships(ctx, siteA)
	must(t, err)
	if len(ds) != 1 || ds[0].Phone != "1300 000 000" {
		t.Errorf("Dealerships after upsert = %+v", ds)
	}
	m := fullModel(5)
	must(t, s.SaveModels(ctx, siteA, []catalog.Model{m}))
	m.Status = "discontinued"
	must(t, s.SaveModels(ctx, siteA, []catalog.Model{m}))
	ms, err := s.Models(ctx, siteA)
	must(t, err)
	if len(ms) != 1 || ms[0].Status != "discontinued" {
		t.Errorf("Models after upsert = %+v", ms)
	}
	r := fullReview(5)
	must(t, s.SaveReviews(ctx, siteA, []catalog.Review{r}))
	r.Rating = 4
	must(t, s.SaveReviews(ctx, siteA, []catalog.Review{r}))
	rs, err := s.Reviews(ctx, siteA)
	must(t, err)
	if len(rs) != 1 || rs[0].Rating != 4 {
		t.Errorf("Reviews after upsert = %+v", rs)
	}
}

func testCarBySlugNotFound(t *testing.T, s store.Store) {
	_, err := s.CarBySlug(ctx, siteA, "no-such-car")
	if catalog.ErrorCode(err) != catalog.ENotFound {
		t.Fatalf("err = %v, want code %s", err, catalog.ENotFound)
	}
	if msg := catalog.ErrorMessage(err); msg != "Car not found." {
		t.Errorf("message = %q, want %q", msg, "Car not found.")
	}
}

func testCountCars(t *testing.T, s store.Store) {
	n, err := s.CountCars(ctx, siteA)
	must(t, err)
	if n != 0 {
		t.Errorf("CountCars on an empty site = %d", n)
	}
	cars := []catalog.Car{FullCar(0, "c1"), FullCar(0, "c2"), FullCar(0, "c3")}
	cars[1].ShowOnWebsite = false // hidden and sold still count (Cars returns them)
	cars[2].Status = catalog.StatusSold
	must(t, s.SaveCars(ctx, siteA, cars))
	n, err = s.CountCars(ctx, siteA)
	must(t, err)
	if n != 3 {
		t.Errorf("CountCars = %d, want 3", n)
	}
	all, err := s.Cars(ctx, siteA)
	must(t, err)
	if len(all) != 3 {
		t.Errorf("Cars returned %d, want 3 (hidden and sold included)", len(all))
	}
}

func testSaveCarsBulk(t *testing.T, s store.Store) {
	const n = 3000
	cars := make([]catalog.Car, n)
	for i := range cars {
		cars[i] = FullCar(0, fmt.Sprintf("bulk-%d", i))
	}
	must(t, s.SaveCars(ctx, siteA, cars))
	got, err := s.CountCars(ctx, siteA)
	must(t, err)
	if got != n {
		t.Errorf("CountCars = %d, want %d", got, n)
	}
	// Saving them all again updates, it does not duplicate.
	for i := range cars {
		cars[i].Price = i
	}
	must(t, s.SaveCars(ctx, siteA, cars))
	all, err := s.Cars(ctx, siteA)
	must(t, err)
	if len(all) != n {
		t.Fatalf("Cars after resave = %d, want %d", len(all), n)
	}
	for _, c := range all {
		var i int
		fmt.Sscanf(c.Slug, "bulk-%d", &i)
		if c.Price != i {
			t.Fatalf("car %s price %d, want %d", c.Slug, c.Price, i)
		}
	}
}

// A feed that names one car twice saves it twice, in order: the later wins.
func testSameCarTwice(t *testing.T, s store.Store) {
	cars := []catalog.Car{FullCar(0, "twice")}
	must(t, s.SaveCars(ctx, siteA, cars))
	first, second := cars[0], cars[0]
	first.Price, second.Price = 1, 2
	must(t, s.SaveCars(ctx, siteA, []catalog.Car{first, FullCar(0, "between"), second}))
	got, err := s.CarBySlug(ctx, siteA, "twice")
	must(t, err)
	equal(t, "price", got.Price, 2)
	n, err := s.CountCars(ctx, siteA)
	must(t, err)
	equal(t, "cars", n, 2)
}

func testLeadsSince(t *testing.T, s store.Store) {
	t0 := day(2025, 1, 1, 0, 0)
	// Stored out of order; returned by created_at.
	for _, h := range []int{5, 1, 3, 2, 4} {
		l := fullLead("")
		l.Message = fmt.Sprint(h)
		l.CreatedAt = t0.Add(time.Duration(h) * time.Hour)
		_, err := s.CreateLead(ctx, siteA, l)
		must(t, err)
	}
	cases := []struct {
		since time.Time
		want  []string
	}{
		{time.Time{}, []string{"1", "2", "3", "4", "5"}},
		{t0.Add(3 * time.Hour), []string{"3", "4", "5"}}, // since is inclusive
		{t0.Add(3*time.Hour + time.Microsecond), []string{"4", "5"}},
		{t0.Add(6 * time.Hour), nil},
	}
	for _, c := range cases {
		got, err := s.Leads(ctx, siteA, c.since)
		must(t, err)
		var msgs []string
		for _, l := range got {
			msgs = append(msgs, l.Message)
		}
		if !reflect.DeepEqual(msgs, c.want) {
			t.Errorf("Leads since %v = %v, want %v", c.since, msgs, c.want)
		}
	}
}

func testLeadIdempotency(t *testing.T, s store.Store) {
	first, err := s.CreateLead(ctx, siteA, fullLead("same-key"))
	must(t, err)
	again := fullLead("same-key")
	again.Message = "a retry with a different body"
	second, err := s.CreateLead(ctx, siteA, again)
	must(t, err)
	if second.ID != first.ID {
		t.Errorf("same idempotency key gave ids %q and %q", first.ID, second.ID)
	}
	if second.Message != first.Message {
		t.Errorf("retry returned message %q, want the stored %q", second.Message, first.Message)
	}
	leads, err := s.Leads(ctx, siteA, time.Time{})
	must(t, err)
	if len(leads) != 1 {
		t.Errorf("stored %d leads for one idempotency key, want 1", len(leads))
	}
	// Leads without a key are never merged.
	for range 2 {
		_, err := s.CreateLead(ctx, siteA, fullLead(""))
		must(t, err)
	}
	leads, err = s.Leads(ctx, siteA, time.Time{})
	must(t, err)
	if len(leads) != 3 {
		t.Errorf("stored %d leads, want 3 (two without a key)", len(leads))
	}
}

func testLeadIdempotencyConcurrent(t *testing.T, s store.Store) {
	const n = 20
	ids := make([]string, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			l := fullLead("double-click")
			l.CreatedAt = time.Time{}
			out, err := s.CreateLead(ctx, siteA, l)
			if err != nil {
				t.Errorf("submit %d: %v", i, err)
				return
			}
			ids[i] = out.ID
		}()
	}
	wg.Wait()
	for i := range ids {
		if ids[i] != ids[0] {
			t.Fatalf("concurrent submits with one key got different ids: %q and %q", ids[0], ids[i])
		}
	}
	leads, err := s.Leads(ctx, siteA, time.Time{})
	must(t, err)
	if len(leads) != 1 || leads[0].ID != ids[0] {
		t.Errorf("stored %d leads for %d concurrent submits with one key, want 1 with id %q", len(leads), n, ids[0])
	}
}

func testConcurrentLeads(t *testing.T, s store.Store) {
	const n = 200
	ids := make([]string, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			l := fullLead(fmt.Sprintf("key-%d", i))
			l.Message = fmt.Sprint(i)
			l.CreatedAt = time.Time{}
			out, err := s.CreateLead(ctx, siteA, l)
			if err != nil {
				t.Errorf("lead %d lost: %v", i, err)
				return
			}
			ids[i] = out.ID
		}()
	}
	wg.Wait()
	leads, err := s.Leads(ctx, siteA, time.Time{})
	must(t, err)
	if len(leads) != n {
		t.Fatalf("stored %d of %d concurrent leads", len(leads), n)
	}
	stored := make([]string, 0, n)
	for _, l := range leads {
		stored = append(stored, l.ID)
	}
	sort.Strings(stored)
	sort.Strings(ids)
	if !reflect.DeepEqual(stored, ids) {
		t.Error("stored lead ids differ from the ids CreateLead returned")
	}
}

func testTenantIsolation(t *testing.T, s store.Store) {
	must(t, s.SaveCars(ctx, siteA, []catalog.Car{FullCar(0, "only-in-a"), FullCar(0, "shared-slug")}))
	bCar := FullCar(0, "shared-slug")
	bCar.Make = "Mazda"
	must(t, s.SaveCars(ctx, siteB, []catalog.Car{bCar}))
	must(t, s.SaveLocations(ctx, siteA, []catalog.Location{fullLocation(1)}))
	must(t, s.SaveDealerships(ctx, siteA, []catalog.Dealership{fullDealership(1)}))
	must(t, s.SaveReviews(ctx, siteA, []catalog.Review{fullReview(1)}))
	must(t, s.SaveModels(ctx, siteA, []catalog.Model{fullModel(1)}))
	// Same entity ids on B are B's own rows, not A's.
	bLoc := fullLocation(1)
	bLoc.Name = "Bravo Location"
	must(t, s.SaveLocations(ctx, siteB, []catalog.Location{bLoc}))
	aLead, err := s.CreateLead(ctx, siteA, fullLead("shared-key"))
	must(t, err)
	bLead, err := s.CreateLead(ctx, siteB, fullLead("shared-key"))
	must(t, err)
	if aLead.ID == bLead.ID {
		t.Error("the same idempotency key on two sites returned one lead")
	}

	if _, err := s.CarBySlug(ctx, siteB, "only-in-a"); catalog.ErrorCode(err) != catalog.ENotFound {
		t.Errorf("CarBySlug of A's slug on B: err = %v, want not_found", err)
	}
	c, err := s.CarBySlug(ctx, siteB, "shared-slug")
	must(t, err)
	if c.Make != "Mazda" {
		t.Errorf("CarBySlug on B returned %s's car", c.Make)
	}
	cars, err := s.Cars(ctx, siteB)
	must(t, err)
	if len(cars) != 1 || cars[0].Make != "Mazda" {
		t.Errorf("Cars(B) = %d cars, want B's one", len(cars))
	}
	if n, _ := s.CountCars(ctx, siteB); n != 1 {
		t.Errorf("CountCars(B) = %d, want 1", n)
	}
	locs, err := s.Locations(ctx, siteB)
	must(t, err)
	if len(locs) != 1 || locs[0].Name != "Bravo Location" {
		t.Errorf("Locations(B) = %+v, want only B's", locs)
	}
	locsA, err := s.Locations(ctx, siteA)
	must(t, err)
	if len(locsA) != 1 || locsA[0].Name == "Bravo Location" {
		t.Errorf("saving location id 1 on B changed A's: %+v", locsA)
	}
	if ds, _ := s.Dealerships(ctx, siteB); len(ds) != 0 {
		t.Errorf("Dealerships(B) returned %d of A's", len(ds))
	}
	if rs, _ := s.Reviews(ctx, siteB); len(rs) != 0 {
		t.Errorf("Reviews(B) returned %d of A's", len(rs))
	}
	if ms, _ := s.Models(ctx, siteB); len(ms) != 0 {
		t.Errorf("Models(B) returned %d of A's", len(ms))
	}
	leads, err := s.Leads(ctx, siteB, time.Time{})
	must(t, err)
	if len(leads) != 1 || leads[0].ID != bLead.ID {
		t.Errorf("Leads(B) = %d leads, want only B's", len(leads))
	}
	if other, _ := s.Leads(ctx, "charlie", time.Time{}); len(other) != 0 {
		t.Errorf("a site with no leads got %d", len(other))
	}
}

func testCarIDOfOtherSite(t *testing.T, s store.Store) {
	a := []catalog.Car{FullCar(0, "a-car")}
	must(t, s.SaveCars(ctx, siteA, a))
	thief := FullCar(a[0].ID, "b-car")
	thief.Price = 1
	if err := s.SaveCars(ctx, siteB, []catalog.Car{FullCar(0, "b-own"), thief}); err == nil {
		t.Error("site B saved a car with site A's car id")
	}
	got, err := s.CarBySlug(ctx, siteA, "a-car")
	must(t, err)
	if got.Price == 1 {
		t.Error("site B overwrote site A's car")
	}
	if n, _ := s.CountCars(ctx, siteB); n != 0 {
		t.Errorf("site B has %d cars after a refused save", n)
	}
}
