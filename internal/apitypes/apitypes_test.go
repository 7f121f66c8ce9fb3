package apitypes

import (
	"encoding/json"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/goccy/go-yaml"

	"forecourt/internal/catalog"
	"forecourt/internal/contracttest"
	"forecourt/internal/finance"
	"forecourt/internal/tenant"
)

// filled is a stored car with every field set to a value of its own, down
// through its nested values, so a field FromCar leaves out, swaps or
// renames shows.
// deep is deeper than any of the API's types nest.
const deep = 64

func filled() catalog.Car {
	var c catalog.Car
	contracttest.Fill(reflect.ValueOf(&c).Elem(), "Car", deep)
	return c
}

// sameJSON reports whether a and b encode to the same JSON.
func sameJSON(t *testing.T, a, b any) (string, string, bool) {
	t.Helper()
	ja, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	jb, err := json.Marshal(b)
	if err != nil {
		t.Fatal(err)
	}
	return string(ja), string(jb), string(ja) == string(jb)
}

// Every field of a stored car reaches the API under its own name, unless it
// is listed here as kept apart from the API's car. A new catalog.Car field
// makes this fail until it is added to Car (and api/openapi.yaml) or listed.
func TestFromCarCarriesEveryField(t *testing.T) {
	// PriceHistory is the car page's alone: CarDetail's price_history,
	// in its own shape (PricePoint), not in every car answer.
	storedOnly := []string{"PriceHistory"}
	c := filled()
	got := reflect.ValueOf(FromCar(c))
	want := reflect.ValueOf(c)
	for i := range want.NumField() {
		name := want.Type().Field(i).Name
		f := got.FieldByName(name)
		switch {
		case slices.Contains(storedOnly, name):
			if f.IsValid() {
				t.Errorf("%s is listed as stored only but is in the API's car", name)
			}
		case !f.IsValid():
			t.Errorf("catalog.Car.%s is not in the API's car", name)
		default:
			// The API's nested types are its own; a field carries the
			// stored value under the same names.
			if g, w, ok := sameJSON(t, f.Interface(), want.Field(i).Interface()); !ok {
				t.Errorf("%s = %s, want %s", name, g, w)
			}
		}
	}
	for i := range got.NumField() {
		if name := got.Type().Field(i).Name; !want.FieldByName(name).IsValid() {
			t.Errorf("Car.%s has no stored field to come from", name)
		}
	}
}

// jsonNames are the JSON names a struct's fields answer with.
func jsonNames(typ reflect.Type) []string {
	var out []string
	for i := range typ.NumField() {
		name, _, _ := strings.Cut(typ.Field(i).Tag.Get("json"), ",")
		if name != "-" && name != "" {
			out = append(out, name)
		}
	}
	slices.Sort(out)
	return out
}

// The API's car has exactly the fields api/openapi.yaml describes for Car,
// so the description lists every field an answer carries and no other.
func TestCarIsTheDescribedCar(t *testing.T) {
	src, err := os.ReadFile("../../api/openapi.yaml")
	if err != nil {
		t.Fatal(err)
	}
	type schema struct {
		Properties map[string]any `yaml:"properties"`
	}
	var doc struct {
		// An answer described inline: its 200's JSON schema, by path.
		Paths map[string]struct {
			Get struct {
				Responses map[string]struct {
					Content map[string]struct {
						Schema schema `yaml:"schema"`
					} `yaml:"content"`
				} `yaml:"responses"`
			} `yaml:"get"`
		} `yaml:"paths"`
		Components struct {
			Schemas map[string]struct {
				Properties map[string]any `yaml:"properties"`
				AllOf      []struct {
					Properties map[string]any `yaml:"properties"`
				} `yaml:"allOf"`
			} `yaml:"schemas"`
		} `yaml:"components"`
	}
	if err := yaml.Unmarshal(src, &doc); err != nil {
		t.Fatal(err)
	}
	described := func(name string, part int) []string {
		s := doc.Components.Schemas[name]
		props := s.Properties
		if part >= 0 {
			props = s.AllOf[part].Properties
		}
		// "GET /api/cars/{slug}": the answer that path describes inline.
		if path, ok := strings.CutPrefix(name, "GET "); ok {
			props = doc.Paths[path].Get.Responses["200"].Content["application/json"].Schema.Properties
		}
		names := slices.Sorted(func(yield func(string) bool) {
			for k := range props {
				if !yield(k) {
					return
				}
			}
		})
		return names
	}
	for _, c := range []struct {
		schema string
		part   int // the allOf entry holding the fields beyond Car's (CarDetail: beyond SearchHit's); -1 for none
		got    []string
	}{
		{"Car", -1, jsonNames(reflect.TypeFor[Car]())},
		{"SearchHit", 1, jsonNames(reflect.TypeFor[Hit]())},
		// CarDetail is a SearchHit (it embeds Hit) and the fields beyond it.
		{"CarDetail", 1, jsonNames(reflect.TypeFor[CarDetail]())},
		{"Location", -1, jsonNames(reflect.TypeFor[Location]())},
		{"Dealership", -1, jsonNames(reflect.TypeFor[Dealership]())},
		{"FinanceEstimate", -1, jsonNames(reflect.TypeFor[FinanceEstimate]())},
		{"GarageEnquiry", -1, jsonNames(reflect.TypeFor[Enquiry]())},
		{"Success", -1, jsonNames(reflect.TypeFor[Success]())},
		{"Error", -1, jsonNames(reflect.TypeFor[Error]())},
		{"TradeInOptions", -1, jsonNames(reflect.TypeFor[TradeInOptions]())},
		{"TradeInTargetCar", -1, jsonNames(reflect.TypeFor[TradeInTargetCar]())},
		{"Watchlist", -1, jsonNames(reflect.TypeFor[Watchlist]())},
		{"SavedSearch", -1, jsonNames(reflect.TypeFor[SavedSearch]())},
		{"AlertSettings", -1, jsonNames(reflect.TypeFor[AlertSettings]())},
		{"AlertStopped", -1, jsonNames(reflect.TypeFor[AlertStopped]())},
		{"Garage", -1, jsonNames(reflect.TypeFor[Garage]())},
		{"User", -1, jsonNames(reflect.TypeFor[User]())},
		{"GET /api/cars/{slug}", -1, jsonNames(reflect.TypeFor[CarAnswer]())},
		{"GET /api/finance/cars/{id}", -1, jsonNames(reflect.TypeFor[CarAnswer]())},
		{"GET /api/cars/{slug}/similar", -1, jsonNames(reflect.TypeFor[SimilarCars]())},
		{"GET /api/cars", -1, jsonNames(reflect.TypeFor[CompareCars]())},
		{"GET /api/models", -1, jsonNames(reflect.TypeFor[ModelList]())},
		{"MenuModel", -1, jsonNames(reflect.TypeFor[ModelSummary]())},
		{"ModelDetail", 1, jsonNames(reflect.TypeFor[ModelDetail]())},
		{"ModelVariant", -1, jsonNames(reflect.TypeFor[ModelVariant]())},
		{"ModelColour", -1, jsonNames(reflect.TypeFor[ModelColour]())},
		{"ModelFrame", -1, jsonNames(reflect.TypeFor[ModelFrame]())},
		{"PageContent", -1, jsonNames(reflect.TypeFor[ContentPage]())},
		{"BookingLink", -1, jsonNames(reflect.TypeFor[BookingLink]())},
		{"Reviews", -1, jsonNames(reflect.TypeFor[Reviews]())},
		{"Review", -1, jsonNames(reflect.TypeFor[Review]())},
		{"Appointments", -1, jsonNames(reflect.TypeFor[Appointments]())},
		{"AppointmentDays", -1, jsonNames(reflect.TypeFor[AppointmentDays]())},
		{"Postcode", -1, jsonNames(reflect.TypeFor[Postcode]())},
		{"DeliveryQuote", -1, jsonNames(reflect.TypeFor[DeliveryQuote]())},
		{"TradeInQuestion", -1, jsonNames(reflect.TypeFor[TradeInQuestion]())},
		{"TradeInCar", -1, jsonNames(reflect.TypeFor[TradeInCar]())},
		{"TradeInValuation", -1, jsonNames(reflect.TypeFor[TradeInValuation]())},
		{"Autogauge", -1, jsonNames(reflect.TypeFor[Autogauge]())},
		{"YouxQuote", -1, jsonNames(reflect.TypeFor[YouxQuote]())},
	} {
		if want := described(c.schema, c.part); !slices.Equal(c.got, want) {
			t.Errorf("%s: the type answers with %v\nthe description lists %v", c.schema, c.got, want)
		}
	}
}

// internalPkgs are the packages whose types an API answer never holds:
// the stored and imported records (catalog) and the finance rules'
// results (finance) have JSON tags of their own, which must not become
// the API's by accident; the others' types are the domain's, converted
// here.
var internalPkgs = []string{"/internal/catalog", "/internal/finance", "/internal/market", "/internal/geo", "/internal/leads", "/internal/sitepages", "/internal/tenant"}

// answerRoots are the API's answer types the reflection tests walk.
var answerRoots = []reflect.Type{
	reflect.TypeFor[Car](), reflect.TypeFor[Hit](), reflect.TypeFor[CarDetail](),
	reflect.TypeFor[Location](), reflect.TypeFor[Dealership](),
	reflect.TypeFor[Enquiry](), reflect.TypeFor[LeadCreated](),
	reflect.TypeFor[Success](), reflect.TypeFor[TradeInOptions](), reflect.TypeFor[TradeInTargetCar](),
	reflect.TypeFor[CarView](), reflect.TypeFor[Watchlist](), reflect.TypeFor[SavedSearches](),
	reflect.TypeFor[SavedSearchCreated](), reflect.TypeFor[AlertSettings](), reflect.TypeFor[AlertStopped](),
	reflect.TypeFor[Error](), reflect.TypeFor[CarAnswer](), reflect.TypeFor[SimilarCars](), reflect.TypeFor[CompareCars](),
	reflect.TypeFor[Garage](), reflect.TypeFor[User](),
	reflect.TypeFor[Postcode](), reflect.TypeFor[DeliveryQuote](), reflect.TypeFor[TradeInCar](), reflect.TypeFor[TradeInValuation](),
	reflect.TypeFor[Autogauge](), reflect.TypeFor[YouxQuote](), reflect.TypeFor[ModelList](), reflect.TypeFor[ModelDetail](),
	reflect.TypeFor[ContentPage](), reflect.TypeFor[Reviews](), reflect.TypeFor[Appointments](), reflect.TypeFor[AppointmentDays](),
}

// internalTypesIn are the types of internalPkgs reachable from root, by path.
func internalTypesIn(root reflect.Type) map[string]reflect.Type {
	out := map[string]reflect.Type{}
	for path, typ := range contracttest.NamedTypes(root, root.Name()) {
		for _, pkg := range internalPkgs {
			if strings.HasSuffix(typ.PkgPath(), pkg) {
				out[path] = typ
			}
		}
	}
	return out
}

// No type of internalPkgs is in an API answer's type, however deep: the
// API's shapes are its own, so a change there cannot change an answer.
func TestNoCatalogTypes(t *testing.T) {
	for _, root := range answerRoots {
		for path, typ := range internalTypesIn(root) {
			t.Errorf("%s is %s, an internal type", path, typ)
		}
	}
}

// The walk finds a catalog or finance type where one is: the test above
// can fail.
func TestTypesInFindsCatalogTypes(t *testing.T) {
	type probe struct {
		Deep     map[string][]*struct{ Tag catalog.Tag }
		Estimate *finance.Estimate
	}
	found := internalTypesIn(reflect.TypeFor[probe]())
	for path, want := range map[string]reflect.Type{
		"probe.Deep{}[][].Tag": reflect.TypeFor[catalog.Tag](),
		"probe.Estimate[]":     reflect.TypeFor[finance.Estimate](),
	} {
		if found[path] != want {
			t.Errorf("internalTypesIn missed %s at %s (found %v)", want, path, found)
		}
	}
}

// The API's finance estimate carries every field of the rules' estimate
// under the same JSON name.
func TestFinanceEstimateFromCarriesEveryField(t *testing.T) {
	var e finance.Estimate
	contracttest.Fill(reflect.ValueOf(&e).Elem(), "Estimate", deep)
	if g, w, ok := sameJSON(t, FinanceEstimateFrom(&e), e); !ok {
		t.Errorf("FinanceEstimateFrom = %s\nwant %s", g, w)
	}
	if FinanceEstimateFrom(nil) != nil {
		t.Error("no estimate became one")
	}
}

// A location and a dealership reach GET /api/site with every stored field
// under the name it had before the API had types of its own, and empty
// lists stay lists.
func TestSiteTypesCarryEveryField(t *testing.T) {
	var l catalog.Location
	contracttest.Fill(reflect.ValueOf(&l).Elem(), "Location", deep)
	if g, w, ok := sameJSON(t, FromLocation(l), l); !ok {
		t.Errorf("FromLocation = %s\nwant %s", g, w)
	}
	var d catalog.Dealership
	contracttest.Fill(reflect.ValueOf(&d).Elem(), "Dealership", deep)
	if g, w, ok := sameJSON(t, FromDealership(d), d); !ok {
		t.Errorf("FromDealership = %s\nwant %s", g, w)
	}
	for _, c := range []struct{ got, want any }{
		{FromLocations([]catalog.Location{}), []catalog.Location{}},
		{FromLocations(nil), []catalog.Location(nil)},
		{FromDealerships([]catalog.Dealership{{}}), []catalog.Dealership{{}}},
		{FromDealership(catalog.Dealership{Locations: []catalog.LocationRef{}}), catalog.Dealership{Locations: []catalog.LocationRef{}}},
		{FromLocation(catalog.Location{ContactDetail: catalog.ContactDetail{OpeningHours: []catalog.OpeningHour{{}}}}), catalog.Location{ContactDetail: catalog.ContactDetail{OpeningHours: []catalog.OpeningHour{{}}}}},
	} {
		if g, w, ok := sameJSON(t, c.got, c.want); !ok {
			t.Errorf("got %s\nwant %s", g, w)
		}
	}
}

// A garage enquiry names the lead, its car and when it came in, in UTC;
// a lead about no car has a null car.
func TestEnquiryFrom(t *testing.T) {
	zone := time.FixedZone("AEST", 10*3600)
	l := catalog.Lead{
		ID: "L1", Category: "enquiry", Subcategory: "General Enquiry", Name: "Not in the garage",
		CarID: 42, CreatedAt: time.Date(2026, 11, 23, 20, 0, 0, 0, zone),
		Car: &catalog.LeadCar{Year: 2020, Make: "Toyota", Model: "Corolla", Badge: ""},
	}
	want := `{"lead_id":"L1","category":"enquiry","subcategory":"General Enquiry","car_id":42,"car_name":"2020 Toyota Corolla","created_at":"2026-11-23T10:00:00Z"}`
	if g, _ := json.Marshal(EnquiryFrom(l)); string(g) != want {
		t.Errorf("EnquiryFrom = %s\nwant %s", g, want)
	}
	l.CarID, l.Car = 0, nil
	want = `{"lead_id":"L1","category":"enquiry","subcategory":"General Enquiry","car_id":null,"car_name":null,"created_at":"2026-11-23T10:00:00Z"}`
	if g, _ := json.Marshal(EnquiryFrom(l)); string(g) != want {
		t.Errorf("EnquiryFrom without a car = %s\nwant %s", g, want)
	}
}

// A model's parts, a page's booking links and a finance quote reach the
// API with every stored or configured field under the name it has there,
// and empty lists stay lists.
func TestStoredPartsCarryEveryField(t *testing.T) {
	var m catalog.Model
	contracttest.Fill(reflect.ValueOf(&m).Elem(), "Model", deep)
	var links []tenant.BookingLink
	contracttest.Fill(reflect.ValueOf(&links).Elem(), "BookingLinks", deep)
	var q catalog.YouxQuote
	contracttest.Fill(reflect.ValueOf(&q).Elem(), "YouxQuote", deep)
	for _, c := range []struct{ got, want any }{
		{FromModelVariants(m.Variants), m.Variants},
		{FromModelColours(m.Colours), m.Colours},
		{FromModelFrames(m.Frames), m.Frames},
		{FromModelVariants([]catalog.ModelVariant{{Features: []string{}}}), []catalog.ModelVariant{{Features: []string{}}}},
		{FromModelFrames([]catalog.ModelFrame{}), []catalog.ModelFrame{}},
		{FromBookingLinks(links), links},
		{FromBookingLinks([]tenant.BookingLink{}), []tenant.BookingLink{}},
		{FromYouxQuote(q), q},
	} {
		if g, w, ok := sameJSON(t, c.got, c.want); !ok {
			t.Errorf("got %s\nwant %s", g, w)
		}
	}
}
