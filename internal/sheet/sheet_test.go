package sheet

import (
	"bytes"
	"strings"
	"testing"

	"forecourt/internal/apitypes"
	"forecourt/internal/catalog"
	"forecourt/internal/listing"
	"forecourt/internal/sheet/sheettest"
	"forecourt/internal/tenant"
)

// docs/behaviour/entities.md#tenant-config (per-car-type phone numbers with a
// flag to filter by car type) and docs/behaviour/constants.md#dealer-phones
// (dealer phone numbers per tenant and location).
func TestDealerPhone(t *testing.T) {
	loc := &catalog.Location{ContactDetail: catalog.ContactDetail{Phone: "07 4655 3100"}}
	byType := tenant.Phones{Main: "1300 000 000", ByCarType: map[string]string{"used": "07 5550 1102"}}
	tests := []struct {
		name    string
		phones  tenant.Phones
		filter  bool
		carType string
		loc     *catalog.Location
		want    string
	}{
		{"filtered by car type", byType, true, "used", loc, "07 5550 1102"},
		{"no number for the car type: the location's", byType, true, "new", loc, "07 4655 3100"},
		{"not filtered: the location's", byType, false, "used", loc, "07 4655 3100"},
		{"no location: the main number", byType, false, "used", nil, "1300 000 000"},
	}
	for _, tc := range tests {
		site := &tenant.Site{Phones: tc.phones}
		site.Phones.FilterByCarType = tc.filter
		if got := dealerPhone(site, tc.carType, tc.loc); got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.name, got, tc.want)
		}
	}
}

// The sheet lists only what is known about the car.
func TestSheetSpecsSkipUnknown(t *testing.T) {
	specs := sheetSpecs(apitypes.FromCar(catalog.Car{Year: 2021, Make: "Toyota", Model: "HiLux", CarType: catalog.TypeUsed, KM: 45210, VIN: ""}))
	var labels []string
	for _, s := range specs {
		labels = append(labels, s[0])
	}
	got := strings.Join(labels, ",")
	if got != "Year,Make,Model,Condition,Odometer" {
		t.Errorf("labels %s", got)
	}
	if specs[4][1] != "45,210 km" {
		t.Errorf("odometer %q", specs[4][1])
	}
}

func TestSheetPlainText(t *testing.T) {
	got := sheetPlainText("<p>One owner &amp; <strong>full history</strong>.</p><ul><li>Tow bar</li></ul>")
	if got != "One owner & full history.\nTow bar" {
		t.Errorf("got %q", got)
	}
}

// docs/behaviour/states.md#price-rule-2: the print sheet shows a reduced price as a reduction, like
// the card and the page: the car price struck through and the saving.
func TestCarSheetShowsTheReduction(t *testing.T) {
	c := catalog.Car{Name: "2022 Toyota Yaris Cross", Year: 2022, Make: "Toyota", Model: "Yaris Cross", Status: catalog.StatusInStock, Price: 19990, OfferPrice: 18490, PriceType: "DAP"}
	sheet := Sheet{
		Site: &tenant.Site{Name: "Harbourside Toyota"},
		Car:  listing.Card{Car: apitypes.FromCar(c), PriceDisplay: apitypes.PriceDisplayFrom(catalog.DisplayPrice(c, false, "")), IsAvailable: true},
	}
	doc, err := sheet.PDF()
	if err != nil {
		t.Fatal(err)
	}
	text := sheettest.Text(t, doc)
	// The price type in words beside the price.
	for _, want := range []string{"($18,490)", "(Drive Away)", "(Was $19,990)", "(Save $1,500)"} {
		if !bytes.Contains([]byte(text), []byte(want)) {
			t.Errorf("sheet lacks %s", want)
		}
	}
}

// A subscription price on the sheet is labelled as one, with the cash
// price beside it.
func TestCarSheetLabelsASubscription(t *testing.T) {
	c := catalog.Car{Name: "2025 Hyundai IONIQ 5", Year: 2025, Make: "Hyundai", Model: "IONIQ 5", Status: catalog.StatusInStock, Price: 72990, SubscriptionPrice: 365, PriceType: "EGC"}
	sheet := Sheet{
		Site: &tenant.Site{Name: "Summit Motor Group"},
		Car:  listing.Card{Car: apitypes.FromCar(c), PriceDisplay: apitypes.PriceDisplayFrom(catalog.DisplayPrice(c, true, "")), IsAvailable: true},
	}
	doc, err := sheet.PDF()
	if err != nil {
		t.Fatal(err)
	}
	text := sheettest.Text(t, doc)
	for _, want := range []string{"(Subscription)", "($365/wk)", "(Cash price $72,990 Excl. Government Charges)"} {
		if !strings.Contains(text, want) {
			t.Errorf("sheet lacks %s", want)
		}
	}
}

// docs/behaviour/http.md#api-history-report: the history summary names the
// car, its identity as the site gives it and the dealer, and says it is a
// demo summary from the dealer's own records.
func TestHistorySummaryNamesTheCar(t *testing.T) {
	c := catalog.Car{Name: "2012 Mitsubishi Lancer ES", Year: 2012, Make: "Mitsubishi", Model: "Lancer", KM: 179113,
		VIN: "MMC7H3PEELN500232", RegPlate: "JF61YX", RegoState: "NSW", RegoExpiry: "2027-10-29"}
	doc, err := History{Site: &tenant.Site{Name: "Metro Used Cars"}, Car: apitypes.FromCar(c), Date: "23 November 2026"}.PDF()
	if err != nil {
		t.Fatal(err)
	}
	text := sheettest.Text(t, doc)
	for _, want := range []string{"(Metro Used Cars)", "(2012 Mitsubishi Lancer)", "(MMC7H3PEELN500232)", "(JF61YX \\(NSW\\))", "(29 Oct 2027)", "(179,113 km)", "demo vehicle history summary", "dealer's own records"} {
		if !strings.Contains(text, want) {
			t.Errorf("summary lacks %s", want)
		}
	}
	c.VIN, c.RegPlate, c.RegoExpiry = "", "", ""
	doc, _ = History{Site: &tenant.Site{Name: "Metro Used Cars"}, Car: apitypes.FromCar(c), Date: "23 November 2026"}.PDF()
	if text := sheettest.Text(t, doc); strings.Contains(text, "(VIN)") || strings.Contains(text, "(Rego") {
		t.Errorf("a summary without the identity still labels it")
	}
}
