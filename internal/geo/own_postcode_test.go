package geo_test

import (
	"testing"
	"time"

	"forecourt/internal/demo"
	"forecourt/internal/geo"
	"forecourt/internal/tenant"
)

// ownPostcodeKM is how far a dealer may lie from its own postcode's point:
// a suburb's width, so a buyer in the dealer's postcode finds it within the
// smallest distance on offer (docs/behaviour/http.md#distance).
const ownPostcodeKM = 3

// Every demo location lies within a few km of its own postcode's point, in
// its site's country's table: a buyer searching from the dealer's own
// postcode finds the dealer, nearly 0 km away.
func TestDealersOwnPostcodeIsNearIt(t *testing.T) {
	sites, err := tenant.LoadEmbedded()
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, s := range demo.Generate(time.Date(2025, 6, 1, 0, 0, 0, 0, time.UTC)) {
		site, ok := sites.BySlug(s.Slug)
		if !ok {
			t.Fatalf("no site file for %s", s.Slug)
		}
		if !geo.HasPostcodes(site.Country) {
			t.Errorf("%s: country %q has no postcode table", s.Slug, site.Country)
			continue
		}
		for _, l := range s.Locations {
			a := l.Address
			p, err := geo.LookupIn(site.Country, a.Postcode)
			if err != nil {
				t.Errorf("%s: %s's postcode %s: %v", s.Slug, l.Name, a.Postcode, err)
				continue
			}
			checked++
			if d := geo.DistanceKM(p.Lat, p.Lng, a.Lat, a.Long); d > ownPostcodeKM {
				t.Errorf("%s: %s is %.1f km from its own postcode %s", s.Slug, l.Name, d, a.Postcode)
			}
		}
	}
	if checked < 10 {
		t.Fatalf("checked %d locations, want every demo location", checked)
	}
}

// A country's table answers only its own postcodes: 8011 is central
// Christchurch in New Zealand's, 4006 none of it, and a country without a
// table finds nothing.
func TestLookupInTheSitesCountry(t *testing.T) {
	p, err := geo.LookupIn("NZ", " 8011 ")
	if err != nil || p.State != "Canterbury" || geo.DistanceKM(p.Lat, p.Lng, -43.53, 172.63) > 3 {
		t.Fatalf("NZ 8011: %+v %v", p, err)
	}
	if _, err := geo.LookupIn("NZ", "4006"); err == nil {
		t.Error("NZ 4006 found")
	}
	if _, err := geo.LookupIn("nz", "80x1"); err == nil {
		t.Error("NZ 80x1 found")
	}
	if _, err := geo.LookupIn("FR", "4006"); err == nil || geo.HasPostcodes("FR") {
		t.Error("FR has a postcode table")
	}
	if !geo.HasPostcodes("NZ") || geo.CountIn("NZ") < 50 {
		t.Errorf("NZ table: %d postcodes", geo.CountIn("NZ"))
	}
	if got, want := geo.MsgPostcodeNotIn("NZ"), "Invalid postcode. Please enter a New Zealand postcode."; got != want {
		t.Errorf("message %q, want %q", got, want)
	}
}
