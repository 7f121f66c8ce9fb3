package httpapi_test

import (
	"encoding/json"
	"strings"
	"testing"

	"forecourt/internal/catalog"
	"forecourt/internal/sheet/sheettest"
)

// identityCar is a listed, available car of a site with a VIN, a rego
// plate and a rego expiry, with or without a history report file.
func identityCar(t *testing.T, a *testApp, site string, withFile bool) catalog.Car {
	t.Helper()
	cars := first(a.site(site), 1, func(c catalog.Car) bool {
		return c.VIN != "" && c.RegPlate != "" && c.RegoExpiry != "" && (c.File != "") == withFile
	})
	if len(cars) == 0 {
		t.Fatalf("%s: no car with a VIN and rego (file %v) in the demo", site, withFile)
	}
	return cars[0]
}

// docs/behaviour/screens.md#car-identity: a site with features.car_identity
// sends a car's VIN, rego plate and rego expiry; any other site sends them
// empty, in the car's answer, in the listing's and in the page's head.
func TestCarIdentityFollowsTheSiteSetting(t *testing.T) {
	t.Parallel()
	a := sharedApp(t)
	for site, on := range map[string]bool{"metro-used-cars": true, "summit-motor-group": true, "harbourside-toyota": false, "southern-alps-motors": false} {
		host := site + ".localhost"
		_, body := a.get(t, host, "/api/site")
		var cfg struct {
			Features map[string]any `json:"features"`
		}
		if err := json.Unmarshal([]byte(body), &cfg); err != nil {
			t.Fatal(err)
		}
		if cfg.Features["car_identity"] != on {
			t.Errorf("%s: features.car_identity %v, want %v", site, cfg.Features["car_identity"], on)
		}

		c := identityCar(t, a, site, false)
		res, body := a.get(t, host, "/api/cars/"+c.Slug)
		if res.StatusCode != 200 {
			t.Fatalf("%s %s: status %d", site, c.Slug, res.StatusCode)
		}
		var got struct {
			Car struct {
				VIN        string `json:"vin"`
				RegPlate   string `json:"regplate"`
				RegoExpiry string `json:"rego_expiry"`
			} `json:"car"`
		}
		if err := json.Unmarshal([]byte(body), &got); err != nil {
			t.Fatal(err)
		}
		want := [3]string{}
		if on {
			want = [3]string{c.VIN, c.RegPlate, c.RegoExpiry}
		}
		if g := [3]string{got.Car.VIN, got.Car.RegPlate, got.Car.RegoExpiry}; g != want {
			t.Errorf("%s %s: vin, regplate, rego_expiry %q, want %q", site, c.Slug, g, want)
		}

		_, listing := a.get(t, host, "/api/search?path=/search/used-cars")
		if on && strings.Contains(listing, `"slug":"`+c.Slug+`"`) && !strings.Contains(listing, `"vin":"`+c.VIN+`"`) {
			t.Errorf("%s: the listing lacks the VIN of %s", site, c.Slug)
		}
		_, page := a.get(t, host, "/cars/"+c.Slug)
		if strings.Contains(page, `"vehicleIdentificationNumber":"`+c.VIN+`"`) != on {
			t.Errorf("%s: the page head's VIN of %s does not follow the setting (%v)", site, c.Slug, on)
		}
		if !on && (strings.Contains(listing, c.VIN) || strings.Contains(page, c.VIN) || strings.Contains(page, c.RegPlate)) {
			t.Errorf("%s: the VIN or rego of %s reaches the browser", site, c.Slug)
		}
	}
}

// docs/behaviour/http.md#api-history-report: a car with a history report
// file gets its summary as a PDF drawn by the site, naming the car and,
// where the site shows them, its VIN and rego; a car without one, a missing
// car and a bad slug get the site's 404.
func TestHistoryReport(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	for _, tc := range []struct {
		site, name string
		on         bool
	}{{"metro-used-cars", "Metro Used Cars", true}, {"harbourside-toyota", "Harbourside Toyota", false}} {
		site, on, host := tc.site, tc.on, tc.site+".localhost"
		c := identityCar(t, a, site, true)
		res, body := a.get(t, host, c.File)
		if res.StatusCode != 200 {
			t.Fatalf("%s %s: status %d: %.200s", site, c.File, res.StatusCode, body)
		}
		if ct := res.Header.Get("Content-Type"); ct != "application/pdf" {
			t.Errorf("%s: Content-Type %q", site, ct)
		}
		if !strings.HasPrefix(body, "%PDF-") {
			t.Errorf("%s: not a PDF: %.40q", site, body)
		}
		text := sheettest.Text(t, []byte(body))
		for _, want := range []string{tc.name, "demo vehicle history summary", c.Make, c.Model, catalog.FormatKM(c.KM)} {
			if !strings.Contains(text, want) {
				t.Errorf("%s: the summary lacks %q", site, want)
			}
		}
		for _, id := range []string{c.VIN, c.RegPlate} {
			if strings.Contains(text, "("+id) != on {
				t.Errorf("%s: the summary's %s does not follow the site's setting (%v)", site, id, on)
			}
		}

		without := identityCar(t, a, site, false)
		for _, slug := range []string{without.Slug, "no-such-car", "%00", strings.Repeat("x", 3000)} {
			res, body := a.get(t, host, "/api/cars/"+slug+"/history-report.pdf")
			if res.StatusCode != 404 || !strings.Contains(body, `"not_found"`) {
				t.Errorf("%s %.40s: status %d, want the site's 404: %.200s", site, slug, res.StatusCode, body)
			}
		}
	}
}
