package httpapi_test

import (
	"encoding/json"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"forecourt/internal/catalog"
	"forecourt/internal/httpapi"
	"forecourt/internal/tenant"
)

type ldHours struct {
	DayOfWeek    string `json:"dayOfWeek"`
	Opens        string `json:"opens"`
	Closes       string `json:"closes"`
	ValidFrom    string `json:"validFrom"`
	ValidThrough string `json:"validThrough"`
}

type ldDealer struct {
	Type      string `json:"@type"`
	Name      string `json:"name"`
	Telephone string `json:"telephone"`
	Address   struct {
		Street   string `json:"streetAddress"`
		Postcode string `json:"postalCode"`
	} `json:"address"`
	Hours      []ldHours  `json:"openingHoursSpecification"`
	Department []ldDealer `json:"department"`
}

// pageJSONLD reads the page head's JSON-LD: one object or a list.
func pageJSONLD(t *testing.T, body string) []ldDealer {
	t.Helper()
	_, rest, ok := strings.Cut(body, `<script type="application/ld+json">`)
	if !ok {
		t.Fatal("no JSON-LD in the page")
	}
	raw, _, _ := strings.Cut(rest, "</script>")
	var list []ldDealer
	if strings.HasPrefix(raw, "[") {
		if err := json.Unmarshal([]byte(raw), &list); err != nil {
			t.Fatal(err)
		}
		return list
	}
	var one ldDealer
	if err := json.Unmarshal([]byte(raw), &one); err != nil {
		t.Fatal(err)
	}
	return []ldDealer{one}
}

// wantWeek is a location's open days as JSON-LD lists them.
func wantWeek(l catalog.Location) map[string]string {
	days := []string{"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"}
	out := map[string]string{}
	for _, oh := range l.ContactDetail.OpeningHours {
		if oh.Open != "" {
			out["https://schema.org/"+days[oh.Weekday]] = oh.Open + "-" + oh.Close
		}
	}
	return out
}

func gotWeek(d ldDealer) map[string]string {
	out := map[string]string{}
	for _, h := range d.Hours {
		if h.DayOfWeek != "" {
			out[h.DayOfWeek] = h.Opens + "-" + h.Closes
		}
	}
	return out
}

// Every locations page carries schema.org AutoDealer data with each
// department's weekly hours from the same data the page shows
// (docs/behaviour/screens.md#locations-page: "opening hours", "a dropdown
// switches between Sales, Service and Parts at the same address";
// docs/behaviour/constants.md#locations: ordering sales 1, service 2, parts
// 3); an unknown slug answers the site's 404.
func TestLocationPagesCarryAutoDealerHours(t *testing.T) {
	t.Parallel()
	ref := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	reg, st := demoStore(t, ref)
	_, srv := serve(t, &httpapi.Server{Sites: reg, Store: st, Web: webApp,
		Pages: corePages(t)})
	app := &testApp{srv: srv, data: generated(ref)}

	byName := map[string]catalog.Location{}
	visible := 0
	for _, s := range app.data() {
		for _, l := range s.Locations {
			byName[l.Name] = l
			if s.Slug == "summit-motor-group" && l.Visible {
				visible++
			}
		}
	}
	check := func(t *testing.T, d ldDealer) {
		t.Helper()
		l, ok := byName[d.Name]
		if !ok {
			t.Fatalf("JSON-LD names %q, not a location", d.Name)
		}
		if d.Telephone != catalog.FormatPhone(l.ContactDetail.Phone) || d.Address.Street != l.Address.Street || d.Address.Postcode != l.Address.Postcode {
			t.Errorf("%s: phone %q, address %+v", d.Name, d.Telephone, d.Address)
		}
		want, got := wantWeek(l), gotWeek(d)
		if len(want) == 0 || len(want) != len(got) {
			t.Errorf("%s: hours %v, want %v", d.Name, got, want)
		}
		for k, v := range want {
			if got[k] != v {
				t.Errorf("%s: %s %q, want %q", d.Name, k, got[k], v)
			}
		}
		special := 0
		for _, h := range d.Hours {
			if h.ValidFrom != "" {
				special++
			}
		}
		if special != len(l.ContactDetail.SpecialHours) {
			t.Errorf("%s: %d special dates, want %d", d.Name, special, len(l.ContactDetail.SpecialHours))
		}
	}

	t.Run("one address, three departments", func(t *testing.T) {
		res, body := app.get(t, "harbourside-toyota.localhost", "/dealer-locator")
		if res.StatusCode != 200 {
			t.Fatalf("status %d", res.StatusCode)
		}
		ld := pageJSONLD(t, body)
		if len(ld) != 1 || ld[0].Type != "AutoDealer" || ld[0].Name != "Harbourside Toyota" {
			t.Fatalf("JSON-LD %+v", ld)
		}
		check(t, ld[0])
		if len(ld[0].Department) != 2 || ld[0].Department[0].Name != "Harbourside Toyota Service" || ld[0].Department[1].Name != "Harbourside Toyota Parts" {
			t.Fatalf("departments %+v, want service then parts", ld[0].Department)
		}
		for _, d := range ld[0].Department {
			check(t, d)
		}
	})

	t.Run("every visible location of a group", func(t *testing.T) {
		_, body := app.get(t, "summit-motor-group.localhost", "/dealer-locator")
		seen := 0
		for _, d := range pageJSONLD(t, body) {
			if d.Type != "AutoDealer" {
				t.Errorf("%s: type %s", d.Name, d.Type)
			}
			check(t, d)
			seen++
			for _, dep := range d.Department {
				check(t, dep)
				seen++
			}
		}
		if seen != visible || strings.Contains(body, "Summit Fleet Centre") {
			t.Errorf("%d locations in JSON-LD, want the %d visible ones", seen, visible)
		}
	})

	t.Run("one location page leads with its location", func(t *testing.T) {
		for _, p := range []string{"/our-location/summit-ford-service-noosa", "/contact-us/summit-ford-service-noosa"} {
			res, body := app.get(t, "summit-motor-group.localhost", p)
			ld := pageJSONLD(t, body)
			if res.StatusCode != 200 || len(ld) != 1 || ld[0].Type != "AutoDealer" || ld[0].Name != "Summit Ford Service Noosa" || len(ld[0].Department) != 2 {
				t.Fatalf("%s: status %d, JSON-LD %+v", p, res.StatusCode, ld)
			}
			check(t, ld[0])
		}
		_, body := app.get(t, "summit-motor-group.localhost", "/locations/summit-kia")
		ld := pageJSONLD(t, body)
		if len(ld) != 2 || ld[0].Name != "Summit Kia Maroochydore" || ld[1].Name != "Summit Used Cars Maroochydore" {
			t.Fatalf("/locations/summit-kia JSON-LD %+v", ld)
		}
	})

	t.Run("unknown slugs are not found", func(t *testing.T) {
		for _, p := range []string{"/locations/bogus", "/our-location/bogus", "/contact-us/bogus", "/our-location/summit-fleet-centre"} {
			if res, _ := app.get(t, "summit-motor-group.localhost", p); res.StatusCode != 404 {
				t.Errorf("%s: status %d, want 404", p, res.StatusCode)
			}
		}
	})
}

// GET /api/reviews lists reviews rated at least the site's minimum (4 by
// default), newest first, at most the configured maximum and never more than
// 12 (docs/behaviour/entities.md#review), with dates as dd/MM/yyyy
// (docs/behaviour/constants.md#formats).
func TestReviewsAPI(t *testing.T) {
	t.Parallel()
	_, app := demoAppAtRef(t)
	for _, tc := range []struct {
		site string
		max  int
	}{{"harbourside-toyota", 12}, {"outback-caravans", 8}} {
		res, body := app.get(t, tc.site+".localhost", "/api/reviews")
		var got struct {
			AverageRating float64 `json:"average_rating"`
			Count         int     `json:"count"`
			Reviews       []struct {
				Rating     int    `json:"rating"`
				ReviewDate string `json:"review_date"`
				Ago        string `json:"created_at_time_ago_in_words"`
			} `json:"reviews"`
		}
		if err := json.Unmarshal([]byte(body), &got); err != nil || res.StatusCode != 200 {
			t.Fatalf("%s: status %d, %v", tc.site, res.StatusCode, err)
		}
		eligible := 0
		for _, r := range app.site(tc.site).Reviews {
			if r.Rating >= 4 {
				eligible++
			}
		}
		if len(got.Reviews) != min(eligible, tc.max) || got.Count == 0 || got.AverageRating < 3.9 || got.AverageRating > 4.9 {
			t.Errorf("%s: %d reviews of %d eligible (max %d), summary %v/%d", tc.site, len(got.Reviews), eligible, tc.max, got.AverageRating, got.Count)
		}
		last := ""
		for _, r := range got.Reviews {
			d, err := time.Parse("02/01/2006", r.ReviewDate)
			if r.Rating < 4 || err != nil || !strings.HasSuffix(r.Ago, "ago") {
				t.Errorf("%s: review %+v", tc.site, r)
			}
			if key := d.Format("2006-01-02"); last != "" && key > last {
				t.Errorf("%s: reviews not newest first", tc.site)
			} else {
				last = key
			}
		}
	}
}

// demoAppAtRef serves the demo sites on a store and clock both set at the
// tests' reference time.
func demoAppAtRef(t *testing.T) (*tenant.Registry, *testApp) {
	ref := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	reg, st := demoStore(t, ref)
	_, srv := serve(t, &httpapi.Server{Sites: reg, Store: st, Web: webApp, Now: func() time.Time { return ref }})
	return reg, &testApp{srv: srv, data: generated(ref)}
}

// siteLocation is what GET /api/site says of a location's number and rating.
type siteLocation struct {
	Primary bool   `json:"primary"`
	Phone   string `json:"phone"`
	Reviews struct {
		AverageRating float64 `json:"average_rating"`
		Count         int     `json:"count"`
	} `json:"reviews"`
}

// One site, one answer: on every demo site the site's number (the header's)
// is its main location's phone, and the reviews summary is that location's
// rating, the one its location box shows.
func TestEverySiteGivesOneNumberAndOneRating(t *testing.T) {
	t.Parallel()
	reg, app := demoAppAtRef(t)
	for _, s := range reg.Sites() {
		_, body := app.get(t, s.Slug+".localhost", "/api/site")
		var site struct {
			Phones    struct{ Main string } `json:"phones"`
			Locations []siteLocation        `json:"locations"`
		}
		if err := json.Unmarshal([]byte(body), &site); err != nil {
			t.Fatalf("%s: %v", s.Slug, err)
		}
		main := slices.IndexFunc(site.Locations, func(l siteLocation) bool { return l.Primary })
		if main < 0 {
			t.Errorf("%s: no primary location", s.Slug)
			continue
		}
		loc := site.Locations[main]
		if site.Phones.Main != loc.Phone {
			t.Errorf("%s: header number %q, main location's %q", s.Slug, site.Phones.Main, loc.Phone)
		}
		_, body = app.get(t, s.Slug+".localhost", "/api/reviews")
		var rv struct {
			AverageRating float64 `json:"average_rating"`
			Count         int     `json:"count"`
		}
		if err := json.Unmarshal([]byte(body), &rv); err != nil {
			t.Fatalf("%s: %v", s.Slug, err)
		}
		if rv.AverageRating != loc.Reviews.AverageRating || rv.Count != loc.Reviews.Count || rv.Count == 0 {
			t.Errorf("%s: reviews summary %v from %d, location box %v from %d", s.Slug, rv.AverageRating, rv.Count, loc.Reviews.AverageRating, loc.Reviews.Count)
		}
	}
}

// Every listing a demo site's menus, footer or home links open lists at
// least one car: a link to an empty listing ("Off-road Caravans", 0) is a
// dead end.
func TestEveryMenuListingLinkListsStock(t *testing.T) {
	t.Parallel()
	reg, app := demoAppAtRef(t)
	for _, s := range reg.Sites() {
		var hrefs []string
		var walk func(ls []tenant.Link)
		walk = func(ls []tenant.Link) {
			for _, l := range ls {
				hrefs = append(hrefs, l.Href)
				walk(l.Children)
			}
		}
		walk(s.Navigation.Header)
		for _, g := range s.Navigation.Footer {
			walk(g.Links)
		}
		walk(s.Home.FeatureLinks)
		for _, b := range s.Home.Banners {
			hrefs = append(hrefs, b.Href)
		}
		for _, href := range hrefs {
			if !strings.HasPrefix(href, "/search") {
				continue
			}
			p, q, _ := strings.Cut(href, "?")
			api := "/api/search?path=" + url.QueryEscape(p)
			if q != "" {
				api += "&" + q
			}
			_, body := app.get(t, s.Slug+".localhost", api)
			var got struct {
				Total int `json:"total"`
			}
			if err := json.Unmarshal([]byte(body), &got); err != nil {
				t.Fatalf("%s %s: %v", s.Slug, href, err)
			}
			if got.Total == 0 {
				t.Errorf("%s: the link to %s lists no stock", s.Slug, href)
			}
		}
	}
}
