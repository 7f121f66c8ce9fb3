package httpapi_test

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"testing"

	"forecourt/internal/catalog"
)

// The compare page's link carries car ids (/compare?ids=…): GET /api/cars
// answers those cars in the order asked, sold ones marked unavailable, and
// lists the ids this site does not show (hidden, unknown, another site's).
func TestCarsByIDForCompare(t *testing.T) {
	t.Parallel()
	app := sharedApp(t)
	host := "summit-motor-group.localhost"
	var inStock, sold, hidden *catalog.Car
	cars := app.site("summit-motor-group").Cars
	for i := range cars {
		c := &cars[i]
		switch {
		case c.ShowOnWebsite && c.Status == "in_stock" && len(c.StandardEquipment) > 0 && inStock == nil:
			inStock = c
		case c.ShowOnWebsite && c.Status == "sold" && sold == nil:
			sold = c
		case !c.ShowOnWebsite && hidden == nil:
			hidden = c
		}
	}
	if inStock == nil || sold == nil || hidden == nil {
		t.Fatal("demo stock lacks an in-stock, a sold or a hidden car")
	}
	other := app.site("harbourside-toyota").Cars[0]
	if other.ID == inStock.ID || other.ID == sold.ID || other.ID == hidden.ID {
		t.Fatal("demo car ids overlap between sites")
	}
	id := func(c *catalog.Car) string { return strconv.FormatInt(c.ID, 10) }

	q := strings.Join([]string{id(sold), id(inStock), id(hidden), id(&other), "999999999", id(inStock)}, ",")
	res, body := app.get(t, host, "/api/cars?ids="+q)
	if res.StatusCode != 200 {
		t.Fatalf("status %d: %s", res.StatusCode, body)
	}
	var out struct {
		Cars []struct {
			ID                int64    `json:"id"`
			Slug              string   `json:"slug"`
			Available         bool     `json:"available"`
			Seats             int      `json:"seats"`
			StandardEquipment []string `json:"standardEquipment"`
			Images            []any    `json:"images"`
			PriceDisplay      struct {
				Text string `json:"text"`
			} `json:"price_display"`
		} `json:"cars"`
		Missing []int64 `json:"missing"`
	}
	if err := json.Unmarshal([]byte(body), &out); err != nil {
		t.Fatal(err)
	}
	if len(out.Cars) != 2 || out.Cars[0].ID != sold.ID || out.Cars[1].ID != inStock.ID {
		t.Fatalf("cars = %+v, want the sold then the in-stock car, each once", out.Cars)
	}
	if out.Cars[0].Available || !out.Cars[1].Available {
		t.Errorf("available = %v, %v; want false for the sold car, true in stock", out.Cars[0].Available, out.Cars[1].Available)
	}
	if got := out.Cars[1]; got.Slug != inStock.Slug || got.PriceDisplay.Text == "" || !slices.Equal(got.StandardEquipment, inStock.StandardEquipment) {
		t.Errorf("in-stock car = %+v, want its slug, price display and feature list", got)
	}
	if out.Cars[1].Images != nil {
		t.Errorf("the compare answer carries the gallery: %d images", len(out.Cars[1].Images))
	}
	wantMissing := []int64{hidden.ID, other.ID, 999999999}
	if !slices.Equal(out.Missing, wantMissing) {
		t.Errorf("missing = %v, want %v", out.Missing, wantMissing)
	}

	// Bad input is 422 naming ids, never 500.
	for _, bad := range []string{"", "?ids=", "?ids=abc", "?ids=1,-2", "?ids=1,2,3,4,5,6,7,8,9", "?ids=1.5"} {
		res, body := app.get(t, host, "/api/cars"+bad)
		if res.StatusCode != 422 || !strings.Contains(body, `"ids"`) {
			t.Errorf("%q: %d %s, want 422 naming ids", bad, res.StatusCode, body)
		}
	}
}
