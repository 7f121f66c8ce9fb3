package httpapi_test

import (
	"encoding/json"
	"strings"
	"testing"

	"forecourt/internal/catalog"
)

// docs/behaviour/entities.md (Entities and their fields): a car carries thumbnails
// and its location; a location its distribution_locations, address map_key
// and id, top-level average_rating and review_count, hours.begin/end on each
// open day, and the used type of a 'pre-owned sales' subtype; a dealership
// its locations, xtime_url and override_city.
func TestRecordsCarrySpecFields(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	const host = "summit-motor-group.localhost"
	data := app.site("summit-motor-group")

	var car catalog.Car
	for _, c := range data.Cars {
		if c.ShowOnWebsite && c.Status == catalog.StatusInStock && len(c.Images) > 1 {
			car = c
			break
		}
	}
	type place struct {
		ID   int64  `json:"id"`
		Name string `json:"name"`
		Slug string `json:"slug"`
		City string `json:"city"`
	}
	type carFields struct {
		Slug         string   `json:"slug"`
		Thumbnails   []string `json:"thumbnails"`
		Location     *place   `json:"location"`
		LocationID   int64    `json:"location_id"`
		LocationName string   `json:"location_name"`
		City         string   `json:"city"`
	}
	checkCar := func(where string, got carFields, want catalog.Car) {
		t.Helper()
		if len(got.Thumbnails) != len(want.Images) || len(got.Thumbnails) == 0 || got.Thumbnails[0] != want.Images[0].Thumb.URL {
			t.Errorf("%s: thumbnails %v, want the %d image thumbs", where, got.Thumbnails, len(want.Images))
		}
		if got.Location == nil || got.Location.ID != want.LocationID || got.Location.Name != want.LocationName || got.Location.City == "" || got.Location.City != got.City {
			t.Errorf("%s: location %+v, want location %d %q in the card's city %q", where, got.Location, want.LocationID, want.LocationName, got.City)
		}
	}

	res, body := app.get(t, host, "/api/cars/"+car.Slug)
	var detail struct{ Car carFields }
	if err := json.Unmarshal([]byte(body), &detail); err != nil || res.StatusCode != 200 {
		t.Fatalf("car: %d %v", res.StatusCode, err)
	}
	checkCar("GET /api/cars", detail.Car, car)

	res, body = app.get(t, host, "/api/search?path=/search/new-used-and-demo-cars/&query="+car.StockNum)
	var found struct{ Hits []carFields }
	if err := json.Unmarshal([]byte(body), &found); err != nil || res.StatusCode != 200 {
		t.Fatalf("search: %d %v", res.StatusCode, err)
	}
	hit := -1
	for i, h := range found.Hits {
		if h.Slug == car.Slug {
			hit = i
		}
	}
	if hit < 0 {
		t.Fatalf("search for stock number %s did not find %s", car.StockNum, car.Slug)
	}
	// A search answer's card names the location and its city, not the
	// whole place and the thumbnails the car page has.
	if h := found.Hits[hit]; h.LocationName != car.LocationName || h.City == "" || h.City != detail.Car.City {
		t.Errorf("search card: location %q in %q, want %q in %q", h.LocationName, h.City, car.LocationName, detail.Car.City)
	}

	res, body = app.get(t, host, "/api/site")
	if res.StatusCode != 200 {
		t.Fatalf("site: %d", res.StatusCode)
	}
	var site struct {
		Locations []struct {
			ID                    int64   `json:"id"`
			Name                  string  `json:"name"`
			Slug                  string  `json:"slug"`
			LocationType          string  `json:"location_type"`
			LocationSubtype       string  `json:"location_subtype"`
			DistributionLocations []int64 `json:"distribution_locations"`
			AverageRating         float64 `json:"average_rating"`
			ReviewCount           int     `json:"review_count"`
			Reviews               struct {
				AverageRating float64 `json:"average_rating"`
				Count         int     `json:"count"`
			} `json:"reviews"`
			Address struct {
				MapKey string `json:"map_key"`
				ID     int64  `json:"id"`
			} `json:"address"`
			ContactDetail struct {
				OpeningHours []struct {
					Status string `json:"status"`
					Open   string `json:"open"`
					Close  string `json:"close"`
					Hours  *struct {
						Begin string `json:"begin"`
						End   string `json:"end"`
					} `json:"hours"`
				} `json:"opening_hours"`
			} `json:"contact_detail"`
		} `json:"locations"`
		Dealerships []struct {
			Slug         string  `json:"slug"`
			LocationIDs  []int64 `json:"location_ids"`
			XtimeURL     *string `json:"xtime_url"`
			OverrideCity *string `json:"override_city"`
			Locations    []struct {
				ID   int64  `json:"id"`
				Name string `json:"name"`
			} `json:"locations"`
		} `json:"dealerships"`
	}
	if err := json.Unmarshal([]byte(body), &site); err != nil {
		t.Fatal(err)
	}
	names := map[int64]string{}
	usedBySubtype, distributing := 0, 0
	for _, l := range site.Locations {
		names[l.ID] = l.Name
		if l.AverageRating != l.Reviews.AverageRating || l.ReviewCount != l.Reviews.Count || l.ReviewCount == 0 {
			t.Errorf("%s: average_rating %v and review_count %d, reviews %+v", l.Name, l.AverageRating, l.ReviewCount, l.Reviews)
		}
		if l.Address.ID == 0 || l.Address.MapKey == "" {
			t.Errorf("%s: address id %d, map_key %q", l.Name, l.Address.ID, l.Address.MapKey)
		}
		if l.DistributionLocations == nil {
			t.Errorf("%s: no distribution_locations", l.Name)
		}
		if len(l.DistributionLocations) > 0 {
			distributing++
		}
		if strings.Contains(l.LocationSubtype, "pre-owned sales") {
			usedBySubtype++
			if l.LocationType != "used" {
				t.Errorf("%s: subtype %q but location_type %q; want used", l.Name, l.LocationSubtype, l.LocationType)
			}
		}
		for _, h := range l.ContactDetail.OpeningHours {
			if h.Status == "Open" && (h.Hours == nil || h.Hours.Begin != h.Open || h.Hours.End != h.Close) {
				t.Errorf("%s: open day without hours.begin/end: %+v", l.Name, h)
			}
		}
	}
	if distributing == 0 {
		t.Error("the demo gives no location distribution_locations")
	}
	if usedBySubtype == 0 {
		t.Error("no location with a 'pre-owned sales' subtype")
	}
	var xtime, override bool
	for _, d := range site.Dealerships {
		if d.XtimeURL == nil || d.OverrideCity == nil {
			t.Errorf("%s: xtime_url or override_city missing", d.Slug)
			continue
		}
		xtime = xtime || *d.XtimeURL != ""
		override = override || *d.OverrideCity != ""
		shown := 0
		for _, id := range d.LocationIDs {
			if names[id] != "" {
				shown++
			}
		}
		if len(d.Locations) != shown {
			t.Errorf("%s: locations %+v for ids %v", d.Slug, d.Locations, d.LocationIDs)
		}
		for _, l := range d.Locations {
			if names[l.ID] != l.Name {
				t.Errorf("%s: location %d named %q, want %q", d.Slug, l.ID, l.Name, names[l.ID])
			}
		}
	}
	if !xtime || !override {
		t.Errorf("the demo gives no dealership an xtime_url (%v) or override_city (%v)", xtime, override)
	}
}
