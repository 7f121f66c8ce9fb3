package httpapi

import (
	"strings"
	"testing"

	"forecourt/internal/apitypes"
	"forecourt/internal/catalog"
	"forecourt/internal/tenant"
)

// SPEC.md section 3 (Tenant config: per-car-type phone numbers with a flag
// to filter by car type) and section 9 (dealer phone numbers per tenant and
// location).
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
