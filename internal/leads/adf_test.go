package leads

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"forecourt/internal/catalog"
	"forecourt/internal/tenant"
)

// ValidateADF checks doc against the shipped ADF 1.0 DTD with xmllint. The
// test skips when xmllint is missing (scripts/ensure-xmllint.sh installs it).
func ValidateADF(t testing.TB, doc []byte) error {
	t.Helper()
	xmllint, err := exec.LookPath("xmllint")
	if err != nil {
		t.Skip("xmllint is not installed; run scripts/ensure-xmllint.sh (Debian's libxml2-utils) to validate ADF against its DTD")
	}
	dir := t.TempDir()
	dtd := filepath.Join(dir, "adf.dtd")
	file := filepath.Join(dir, "lead.xml")
	if err := os.WriteFile(dtd, ADFDTD, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, doc, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(xmllint, "--noout", "--nonet", "--dtdvalid", dtd, file).CombinedOutput()
	if err != nil {
		return &adfError{string(out)}
	}
	return nil
}

type adfError struct{ out string }

func (e *adfError) Error() string { return "ADF does not validate: " + e.out }

var testSite = &tenant.Site{Slug: "harbourside-toyota", Name: "Harbourside Toyota", Country: "AU", Currency: "AUD", Timezone: "Australia/Brisbane"}

func TestADFValidatesAgainstDTD(t *testing.T) {
	at := time.Date(2026, 11, 24, 0, 30, 0, 0, time.UTC)
	created := time.Date(2026, 11, 23, 3, 4, 5, 0, time.UTC)
	car := &catalog.LeadCar{ID: 9, StockNum: "U123", VIN: "JTMABC123", Year: 2021, Make: "Toyota", Model: "RAV4", Badge: "GX",
		CarType: "used", Price: 38990, Status: "in_stock", URL: "https://harbourside-toyota.example/cars/2021-toyota-rav4"}
	cases := map[string]catalog.Lead{
		"enquiry about a car": {ID: "lead-1", Category: "enquiry", Subcategory: "General Enquiry", Name: "Jo", LastName: "Bloggs",
			Email: "jo@example.com", Phone: "0412 345 678", Message: "Is it <still> available & on \"special\"?", Car: car,
			Postcode: "4000", OptIn: true, AdditionalServices: []string{"Window tint"}, CreatedAt: created},
		"test drive with a time": {ID: "lead-2", Category: "test_drive", Name: "Sam", Email: "sam@example.com", Phone: "0412345678",
			Car: car, AppointmentAt: &at, CreatedAt: created},
		"trade-in of their own car": {ID: "lead-3", Category: "trade_in", Name: "Alex", LastName: "Lee", Email: "a@example.com", Phone: "0412345678",
			Payload: map[string]any{"Vehicle Make": "Mazda", "Vehicle Model": "CX-5", "Vehicle Year": float64(2015)}, CreatedAt: created},
		"contact with no car": {ID: "lead-4", Category: "contact", Name: "Kim", Email: "k@example.com", Phone: "0733334444", Message: "Hours?", CreatedAt: created},
	}
	for name, lead := range cases {
		t.Run(name, func(t *testing.T) {
			doc, err := ADF(lead, testSite, Vendor{Slug: "harbourside-toyota", Name: "Harbourside Toyota", Email: "sales@harbourside.example", Phone: "07 3000 0000"}, "https://harbourside-toyota.example")
			if err != nil {
				t.Fatal(err)
			}
			if err := ValidateADF(t, doc); err != nil {
				t.Fatalf("%v\n%s", err, doc)
			}
			s := string(doc)
			for _, want := range []string{`<?adf version="1.0"?>`, "<requestdate>2026-11-23T13:04:05+10:00</requestdate>",
				"<vendorname>Harbourside Toyota</vendorname>", "<provider>", "<email>" + lead.Email + "</email>"} {
				if !strings.Contains(s, want) {
					t.Errorf("ADF lacks %s:\n%s", want, s)
				}
			}
			if lead.Car != nil && !strings.Contains(s, "<stock>U123</stock>") {
				t.Errorf("ADF lacks the car's stock number:\n%s", s)
			}
		})
	}
	// The validator itself must be able to say no.
	bad := []byte(`<?xml version="1.0"?><adf><prospect><requestdate>x</requestdate></prospect></adf>`)
	if err := ValidateADF(t, bad); err == nil {
		t.Error("a prospect without vehicle, customer and vendor validated")
	}
}

func TestADFVehicleInterest(t *testing.T) {
	at := time.Date(2026, 11, 24, 0, 30, 0, 0, time.UTC)
	car := &catalog.LeadCar{Year: 2024, Make: "Toyota", Model: "HiLux", CarType: "new", Price: 60000}
	for _, c := range []struct {
		lead catalog.Lead
		want []string
	}{
		{catalog.Lead{Category: "test_drive", Subcategory: ViewingTestDrive, Car: car, AppointmentAt: &at}, []string{`interest="test-drive" status="new"`, "<earliestdate>2026-11-24T10:30:00+10:00</earliestdate>", "Test drive booked for Tuesday 24 November 2026"}},
		// A caravan's booking reads as the inspection it is.
		{catalog.Lead{Category: "test_drive", Subcategory: ViewingInspection, Car: car, AppointmentAt: &at}, []string{"Inspection booked for Tuesday 24 November 2026", "test drive (Inspection)"}},
		{catalog.Lead{Category: "enquiry", Car: car}, []string{`interest="buy" status="new"`, `<price type="asking" currency="AUD">60000</price>`}},
		{catalog.Lead{Category: "trade_in", Payload: map[string]any{"Vehicle Make": "Mazda", "Vehicle Model": "3"}}, []string{`interest="trade-in" status="used"`, "<make>Mazda</make>"}},
	} {
		doc, err := ADF(c.lead, testSite, Vendor{}, "")
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range c.want {
			if !strings.Contains(string(doc), w) {
				t.Errorf("%s lead: ADF lacks %s:\n%s", c.lead.Category, w, doc)
			}
		}
	}
}

func TestViewingIsNamedByTheStock(t *testing.T) {
	caravanYard := &tenant.Site{}
	caravanYard.Wording.Viewing = "inspection"
	for _, c := range []struct {
		site *tenant.Site
		car  *catalog.Car
		want string
	}{
		{testSite, &catalog.Car{}, ViewingTestDrive},
		{testSite, &catalog.Car{ItemType: catalog.ItemCaravan}, ViewingInspection},
		{caravanYard, &catalog.Car{}, ViewingTestDrive}, // a car on a caravan yard is still driven
		{caravanYard, nil, ViewingInspection},
		{testSite, nil, ViewingTestDrive},
	} {
		if got := Viewing(c.site, c.car); got != c.want {
			t.Errorf("Viewing(viewing %q, car %+v) = %q, want %q", c.site.Wording.Viewing, c.car, got, c.want)
		}
	}
}
