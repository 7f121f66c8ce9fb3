package geo

import (
	"math"
	"slices"
	"strings"
	"testing"

	"forecourt/internal/catalog"
	"forecourt/internal/tenant"
)

func TestLookupKnownPostcodes(t *testing.T) {
	// docs/behaviour/http.md GET /api/postcodes/{postcode}: postcode, state, localities, lat, lng.
	cases := []struct {
		postcode, state, locality string
		lat, lng                  float64
	}{
		{"4000", "QLD", "Brisbane", -27.47, 153.02},
		{"2000", "NSW", "Sydney", -33.87, 151.21},
		{"0800", "NT", "Darwin", -12.46, 130.84},
		{"3000", "VIC", "Melbourne", -37.81, 144.96},
		{"6000", "WA", "Perth", -31.95, 115.86},
		{"7000", "TAS", "Hobart", -42.88, 147.33},
		{"5000", "SA", "Adelaide", -34.93, 138.60},
		{"2600", "ACT", "Canberra", -35.30, 149.13},
		{"4558", "QLD", "Maroochydore", -26.66, 153.09},
		{" 4000 ", "QLD", "Brisbane", -27.47, 153.02}, // surrounding spaces are forgiven
	}
	for _, c := range cases {
		p, err := Lookup(c.postcode)
		if err != nil {
			t.Fatalf("Lookup(%q): %v", c.postcode, err)
		}
		if p.Postcode != strings.TrimSpace(c.postcode) || p.State != c.state {
			t.Errorf("Lookup(%q) = %s %s, want %s", c.postcode, p.Postcode, p.State, c.state)
		}
		if !slices.Contains(p.Localities, c.locality) {
			t.Errorf("Lookup(%q) localities %v lack %q", c.postcode, p.Localities, c.locality)
		}
		// Within about 10 km of the city centre.
		if d := DistanceKM(p.Lat, p.Lng, c.lat, c.lng); d > 10 {
			t.Errorf("Lookup(%q) at %.4f,%.4f is %.1f km from %.2f,%.2f", c.postcode, p.Lat, p.Lng, d, c.lat, c.lng)
		}
	}
	if n := Count(); n < 3000 {
		t.Errorf("table has %d postcodes, want the whole country (>3000)", n)
	}
}

func TestLookupBadInput(t *testing.T) {
	// docs/behaviour/validation.md#postcodes: exactly 4 digits, 'Invalid postcode.
	// Please enter a 4-digit number.'; docs/behaviour/errors.md#postcode-invalid:
	// geocoding 'Invalid postcode'.
	cases := []struct {
		in, code, msg string
	}{
		{"", catalog.EInvalid, MsgPostcodeFormat},
		{"abcd", catalog.EInvalid, MsgPostcodeFormat},
		{"400", catalog.EInvalid, MsgPostcodeFormat},
		{"40000", catalog.EInvalid, MsgPostcodeFormat},
		{"-400", catalog.EInvalid, MsgPostcodeFormat},
		{"4 00", catalog.EInvalid, MsgPostcodeFormat},
		{"99999999999999999999", catalog.EInvalid, MsgPostcodeFormat},
		{"٤٠٠٠", catalog.EInvalid, MsgPostcodeFormat}, // Arabic-Indic digits are not a postcode
		{"0000", catalog.ENotFound, MsgPostcodeUnknown},
		{"1000", catalog.ENotFound, MsgPostcodeUnknown},
		{strings.Repeat("4", MaxPostcodeInput), catalog.EInvalid, MsgPostcodeFormat},
		{strings.Repeat("4", MaxPostcodeInput+1), catalog.EInvalid, MsgPostcodeTooLong},
		{strings.Repeat(" ", 1<<20) + "4000", catalog.EInvalid, MsgPostcodeTooLong},
	}
	for _, c := range cases {
		_, err := Lookup(c.in)
		if catalog.ErrorCode(err) != c.code || catalog.ErrorMessage(err) != c.msg {
			t.Errorf("Lookup(%q) = %v, want %s %q", c.in, err, c.code, c.msg)
		}
	}
}

func TestDistanceKM(t *testing.T) {
	// docs/behaviour/constants.md: earth radius 6371 km (haversine).
	cases := []struct {
		name                   string
		lat1, lng1, lat2, lng2 float64
		want, tol              float64
	}{
		{"same point", -27.47, 153.02, -27.47, 153.02, 0, 1e-9},
		// A quarter of a meridian is π/2 × 6371 km.
		{"equator to pole", 0, 0, 90, 0, math.Pi / 2 * 6371, 1e-6},
		// Half the equator is π × 6371 km (antipodes).
		{"antipodes", 0, 0, 0, 180, math.Pi * 6371, 1e-6},
		// One degree of longitude on the equator is 6371 × π/180.
		{"one degree east", 0, 0, 0, 1, 6371 * math.Pi / 180, 1e-6},
		// Brisbane to Sydney is about 730 km by air.
		{"Brisbane to Sydney", -27.4698, 153.0251, -33.8688, 151.2093, 732, 5},
	}
	for _, c := range cases {
		got := DistanceKM(c.lat1, c.lng1, c.lat2, c.lng2)
		if math.Abs(got-c.want) > c.tol {
			t.Errorf("%s: DistanceKM = %.6f, want %.6f ± %g", c.name, got, c.want, c.tol)
		}
		if back := DistanceKM(c.lat2, c.lng2, c.lat1, c.lng1); math.Abs(back-got) > 1e-9 {
			t.Errorf("%s: not symmetric: %f vs %f", c.name, got, back)
		}
	}
}

var testZones = []tenant.DeliveryZone{
	// Deliberately out of order: the nearest reach must win, not the first listed.
	{Name: "Regional", MaxKM: 500, Price: 790},
	{Name: "Local", MaxKM: 40, Price: 0},
	{Name: "Metro", MaxKM: 120, Price: 290},
}

func TestDeliveryZoneFor(t *testing.T) {
	cases := []struct {
		km   float64
		want string
		ok   bool
	}{
		{0, "Local", true},
		{40, "Local", true}, // the edge belongs to the zone
		{40.01, "Metro", true},
		{120, "Metro", true},
		{499.9, "Regional", true},
		{500.1, "", false},
	}
	for _, c := range cases {
		z, ok := DeliveryZoneFor(testZones, c.km)
		if ok != c.ok || z.Name != c.want {
			t.Errorf("DeliveryZoneFor(%v) = %q %v, want %q %v", c.km, z.Name, ok, c.want, c.ok)
		}
	}
	if _, ok := DeliveryZoneFor(nil, 0); ok {
		t.Error("a site without zones must give no estimate")
	}
}

func TestQuoteDelivery(t *testing.T) {
	// A car in Brisbane CBD (docs/behaviour/states.md#delivery-calculator; the
	// messages of docs/behaviour/errors.md#delivery-empty-postcode and
	// docs/behaviour/errors.md#delivery-no-estimate).
	const lat, lng = -27.4698, 153.0251
	cases := []struct {
		postcode string
		code     string // "" = success
		msg      string
		zone     string
		price    int
	}{
		{"4000", "", "", "Local", 0},
		{"4558", "", "", "Metro", 290},    // Maroochydore, ~90 km
		{"4350", "", "", "Regional", 790}, // Toowoomba, ~110–130 km: Metro or Regional depending on centroid
		{"2000", "", "", "", 0},           // Sydney, ~730 km: beyond every zone
		{"", catalog.EInvalid, MsgDeliveryPostcodeEmpty, "", 0},
		{"   ", catalog.EInvalid, MsgDeliveryPostcodeEmpty, "", 0},
		{"abc", catalog.EInvalid, MsgPostcodeFormat, "", 0},
		{"-4000", catalog.EInvalid, MsgPostcodeFormat, "", 0},
		{"400000000000", catalog.EInvalid, MsgPostcodeFormat, "", 0},
		{"0001", catalog.ENotFound, MsgDeliveryNoEstimate, "", 0},
	}
	for _, c := range cases {
		q, err := QuoteDelivery(testZones, lat, lng, c.postcode)
		if c.postcode == "2000" {
			// Beyond every zone: the answer says why, with the distance and
			// the zones' reach, and invites the buyer to ask the dealer.
			p, _ := Lookup("2000")
			d := int(DistanceKM(lat, lng, p.Lat, p.Lng) + 0.5)
			want := MsgDeliveryOutsideZones("2000", d, 500)
			if catalog.ErrorCode(err) != catalog.ENotFound || catalog.ErrorMessage(err) != want {
				t.Errorf("QuoteDelivery(2000) = %+v, %v; want %q", q, err, want)
			}
			if !strings.Contains(want, "outside our delivery zones") || !strings.Contains(want, "up to 500 km") || !strings.Contains(want, "Ask us") {
				t.Errorf("outside-zones message %q", want)
			}
			continue
		}
		if c.postcode == "4350" {
			// Toowoomba sits near the Metro/Regional edge; assert the zone agrees with the distance.
			p, _ := Lookup("4350")
			d := DistanceKM(lat, lng, p.Lat, p.Lng)
			want, _ := DeliveryZoneFor(testZones, d)
			if err != nil || q.Name != want.Name || q.Price != want.Price || q.DistanceKM != int(d+0.5) {
				t.Errorf("QuoteDelivery(4350) = %+v, %v; want zone %q at %.0f km", q, err, want.Name, d)
			}
			continue
		}
		if c.code != "" {
			if catalog.ErrorCode(err) != c.code || catalog.ErrorMessage(err) != c.msg {
				t.Errorf("QuoteDelivery(%q) = %+v, %v; want %s %q", c.postcode, q, err, c.code, c.msg)
			}
			continue
		}
		if err != nil || q.Name != c.zone || q.Price != c.price {
			t.Errorf("QuoteDelivery(%q) = %+v, %v; want %s $%d", c.postcode, q, err, c.zone, c.price)
		}
	}
	// A car with no position gets no estimate, never a guess from (0, 0).
	if _, err := QuoteDelivery(testZones, 0, 0, "4000"); catalog.ErrorMessage(err) != MsgDeliveryNoEstimate {
		t.Errorf("car without position: %v", err)
	}
	// A site without zones has no reach to name: the plain answer.
	if _, err := QuoteDelivery(nil, lat, lng, "4000"); catalog.ErrorMessage(err) != MsgDeliveryNoEstimate {
		t.Errorf("no zones: %v", err)
	}
}
