package httpapi_test

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"forecourt/internal/catalog"
	"forecourt/internal/httpapi"
)

// Pages that show one record named in their URL answer the site's 404 when
// the record does not exist, and 200 with their own title when it does
// (docs/behaviour/screens.md: /contact-us/{slug}, /print?car_id=, and
// /cars/trade-in?car_id={id} "shown only when the car is in stock or coming soon").
func TestRecordPagesAnswer404ForMissingRecords(t *testing.T) {
	t.Parallel()
	ref := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	reg, st := demoStore(t, ref)
	_, srv := serve(t, &httpapi.Server{Sites: reg, Store: st, Web: webApp,
		Pages: corePages(t)})
	app := &testApp{srv: srv, data: generated(ref)}
	const host = "summit-motor-group.localhost"
	site := app.site("summit-motor-group")
	var inStock, sold catalog.Car
	for _, c := range site.Cars {
		if !c.ShowOnWebsite {
			continue
		}
		if c.Status == catalog.StatusInStock && inStock.ID == 0 {
			inStock = c
		}
		if c.Status == catalog.StatusSold && sold.ID == 0 {
			sold = c
		}
	}
	if inStock.ID == 0 || sold.ID == 0 {
		t.Fatal("the demo has no in-stock or no sold car")
	}
	var loc catalog.Location
	for _, l := range site.Locations {
		if l.Visible {
			loc = l
			break
		}
	}
	id := strconv.FormatInt(inStock.ID, 10)
	for _, tc := range []struct {
		path   string
		status int
		title  string
	}{
		{"/contact-us/" + loc.Slug, 200, "Contact " + loc.Name + " | Summit Motor Group"},
		{"/contact-us/bogus", 404, "Page not found | Summit Motor Group"},
		{"/print?car_id=" + inStock.Slug, 200, inStock.Name + " | Print Vehicle"},
		{"/print?car_id=bogus", 404, "Page not found"},
		{"/print", 404, "Page not found"},
		{"/cars/trade-in?car_id=" + id, 200, "Trade-In Valuation | " + inStock.Name},
		{"/cars/trade-in?car_id=" + strconv.FormatInt(sold.ID, 10), 404, "Page not found"},
		{"/cars/trade-in?car_id=999999999", 404, "Page not found"},
		{"/cars/trade-in", 404, "Page not found"},
		{"/cars/" + inStock.Slug, 200, inStock.Name + " | Summit Motor Group"},
		{"/contact", 200, "Contact | Summit Motor Group"},
	} {
		res, body := app.get(t, host, tc.path)
		if res.StatusCode != tc.status || !strings.Contains(body, "<title>"+tc.title) {
			t.Errorf("%s: status %d, head %q; want %d and title %q", tc.path, res.StatusCode, headTitle(body), tc.status, tc.title)
		}
	}
}

func headTitle(body string) string {
	_, rest, _ := strings.Cut(body, "<title>")
	t, _, _ := strings.Cut(rest, "</title>")
	return t
}
