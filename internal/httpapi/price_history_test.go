package httpapi_test

import (
	"encoding/json"
	"testing"
	"time"

	"forecourt/internal/httpapi"
)

// priceAnswer is the price history part of GET /api/cars/{slug}.
type priceAnswer struct {
	Car struct {
		Price          int        `json:"price"`
		PriceDroppedAt *time.Time `json:"price_dropped_at"`
		Tag            *struct {
			Kind string `json:"kind"`
		} `json:"tag"`
		History []struct {
			Date  string `json:"date"`
			Price int    `json:"price"`
		} `json:"price_history"`
	} `json:"car"`
}

// A car's answer carries its price history, oldest first, ending at its
// price; a car whose last change was a drop says when, and carries the
// "Price drop" tag on the sites that turn it on (tags.price_drop_days).
func TestCarAnswerCarriesPriceHistory(t *testing.T) {
	t.Parallel()
	// The server's clock stays at the demo's day, so its recent drops stay
	// recent whenever the test runs.
	ref := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	reg, st := demoStore(t, ref)
	h, srv := serve(t, &httpapi.Server{Sites: reg, Store: st, Web: webApp, Now: func() time.Time { return ref.Add(time.Hour) }})
	app := &testApp{srv: srv, handler: h, data: generated(ref)}
	for _, tc := range []struct {
		site    string
		tagging bool
	}{{"metro-used-cars", true}, {"harbourside-toyota", false}} {
		drops, tagged := 0, 0
		for _, c := range app.site(tc.site).Cars {
			if !c.ShowOnWebsite || !c.Available() {
				continue
			}
			res, body := app.get(t, tc.site+".localhost", "/api/cars/"+c.Slug)
			if res.StatusCode != 200 {
				t.Fatalf("%s %s: status %d", tc.site, c.Slug, res.StatusCode)
			}
			var a priceAnswer
			if err := json.Unmarshal([]byte(body), &a); err != nil {
				t.Fatal(err)
			}
			h := a.Car.History
			if len(h) == 0 || h[len(h)-1].Price != a.Car.Price {
				t.Fatalf("%s %s: history %+v does not end at the price %d", tc.site, c.Slug, h, a.Car.Price)
			}
			for i, p := range h {
				if _, err := time.Parse(time.DateOnly, p.Date); err != nil {
					t.Errorf("%s %s: date %q", tc.site, c.Slug, p.Date)
				}
				if i > 0 && p.Date < h[i-1].Date {
					t.Errorf("%s %s: history %+v is not oldest first", tc.site, c.Slug, h)
				}
			}
			dropped := len(h) > 1 && h[len(h)-1].Price < h[len(h)-2].Price
			if dropped != (a.Car.PriceDroppedAt != nil) {
				t.Errorf("%s %s: history %+v but price_dropped_at %v", tc.site, c.Slug, h, a.Car.PriceDroppedAt)
			}
			if dropped {
				drops++
			}
			if a.Car.Tag != nil && a.Car.Tag.Kind == "price_drop" {
				tagged++
				if a.Car.PriceDroppedAt == nil || ref.Sub(*a.Car.PriceDroppedAt) > 14*24*time.Hour {
					t.Errorf("%s %s: a price drop tag for a drop at %v", tc.site, c.Slug, a.Car.PriceDroppedAt)
				}
			}
		}
		if drops == 0 {
			t.Errorf("%s: no car's price dropped", tc.site)
		}
		if tc.tagging != (tagged > 0) {
			t.Errorf("%s: %d cars carry the price drop tag, want some: %v", tc.site, tagged, tc.tagging)
		}
	}
	if res, _ := app.get(t, "metro-used-cars.localhost", "/api/cars/no-such-car"); res.StatusCode != 404 {
		t.Errorf("an unknown car answers %d", res.StatusCode)
	}
}
