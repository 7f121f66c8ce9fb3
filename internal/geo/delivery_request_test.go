package geo

import (
	"testing"

	"forecourt/internal/catalog"
)

// A quote needs a well-formed postcode and a car; the first missing one
// is named.
func TestDeliveryRequest(t *testing.T) {
	if p, c, err := DeliveryRequest(" 2000 ", " a-car "); err != nil || p != "2000" || c != "a-car" {
		t.Errorf("good request: %q %q %v", p, c, err)
	}
	for _, tc := range []struct{ postcode, car, field string }{
		{"", "a-car", "postcode"}, {"20x0", "a-car", "postcode"}, {"2000", " ", "car"}, {"200000000000000000000000000000000000", "", "postcode"},
	} {
		_, _, err := DeliveryRequest(tc.postcode, tc.car)
		ce, ok := err.(*catalog.Error)
		if !ok || ce.Fields[tc.field] == "" {
			t.Errorf("%q %q: %v, want %s named", tc.postcode, tc.car, err, tc.field)
		}
	}
}
