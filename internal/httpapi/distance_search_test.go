package httpapi_test

import (
	"encoding/json"
	"net/url"
	"strconv"
	"testing"
)

// distanceAnswer is the part of a search answer a distance search changes.
type distanceAnswer struct {
	Total int
	Pages int
	Hits  []struct {
		Slug       string
		DistanceKM *int `json:"distance_km"`
		Location   *struct{ Name string }
	}
	Facets map[string][]struct {
		Value string
		Count int
	}
	Canonical string
	Query     struct {
		Postcode    string
		Distance    int
		Refinements map[string][]string
	}
}

func (a *testApp) distanceSearch(t *testing.T, host string, q url.Values) (int, distanceAnswer, string) {
	t.Helper()
	res, body := a.get(t, host, "/api/search?"+q.Encode())
	var out distanceAnswer
	if res.StatusCode == 200 {
		if err := json.Unmarshal([]byte(body), &out); err != nil {
			t.Fatal(err)
		}
	}
	return res.StatusCode, out, body
}

// docs/behaviour/http.md#distance: summit-motor-group near Maroochydore
// (4558) within 25 km lists only the cars of locations within 25 km, each
// with its distance; facet counts count only them and equal what choosing
// each value lists; nearest first is in ascending order; an unknown
// postcode (another country's included) and a distance not offered answer
// 422 naming the field.
func TestDistanceSearch(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	host := "summit-motor-group.localhost"
	near := url.Values{"path": {"/search/new-used-and-demo-cars/"}, "postcode": {"4558"}, "distance": {"25"}}
	code, all, body := app.distanceSearch(t, host, url.Values{"path": {"/search/new-used-and-demo-cars/"}})
	if code != 200 {
		t.Fatalf("all: %d %s", code, body)
	}
	code, within, body := app.distanceSearch(t, host, near)
	if code != 200 || within.Total == 0 || within.Total >= all.Total {
		t.Fatalf("within 25 km of 4558: %d, %d cars of %d: %s", code, within.Total, all.Total, body)
	}
	if within.Query.Postcode != "4558" || within.Query.Distance != 25 {
		t.Errorf("answer's query: %+v", within.Query)
	}
	if want := "/search/new-used-and-demo-cars/?postcode=4558&distance=25"; within.Canonical != want {
		t.Errorf("canonical %s, want %s", within.Canonical, want)
	}
	// Every car on every page is within 25 km.
	seen := 0
	for page := 1; page <= within.Pages; page++ {
		q := url.Values{}
		for k, v := range near {
			q[k] = v
		}
		q.Set("page", strconv.Itoa(page))
		_, ans, _ := app.distanceSearch(t, host, q)
		for _, h := range ans.Hits {
			seen++
			if h.DistanceKM == nil || *h.DistanceKM > 25 {
				t.Fatalf("page %d: %s at %v km", page, h.Slug, h.DistanceKM)
			}
		}
	}
	if seen != within.Total {
		t.Errorf("pages hold %d cars, total says %d", seen, within.Total)
	}
	// A facet's count is what choosing it lists, within the distance.
	for _, f := range []string{"make", "location_name", "city"} {
		for _, v := range within.Facets[f] {
			q := url.Values{"refinementList[" + f + "][0]": {v.Value}}
			for k, vs := range near {
				q[k] = vs
			}
			_, chosen, _ := app.distanceSearch(t, host, q)
			if chosen.Total != v.Count {
				t.Errorf("%s %s: counted %d, lists %d", f, v.Value, v.Count, chosen.Total)
			}
		}
	}
	// A postcode alone measures every car and leaves none out.
	q := url.Values{"path": {"/search/new-used-and-demo-cars/"}, "postcode": {"4558"}}
	if _, measured, _ := app.distanceSearch(t, host, q); measured.Total != all.Total {
		t.Errorf("postcode alone lists %d cars, want all %d", measured.Total, all.Total)
	}
	// Nearest first. (Runs of sold cars collapse in the order shown, so
	// the total may differ from the dealer's order by a car or two.)
	q.Set("sortBy", "distance_asc")
	_, nearest, _ := app.distanceSearch(t, host, q)
	last := -1
	for page := 1; page <= nearest.Pages; page++ {
		q.Set("page", strconv.Itoa(page))
		_, ans, _ := app.distanceSearch(t, host, q)
		for _, h := range ans.Hits {
			if h.DistanceKM == nil || *h.DistanceKM < last {
				t.Fatalf("nearest first: %s at %v km after %d km", h.Slug, h.DistanceKM, last)
			}
			last = *h.DistanceKM
		}
	}
	if last <= 25 {
		t.Errorf("the farthest car is %d km away: the demo should have cars beyond 25 km", last)
	}

	for _, tc := range []struct {
		host, postcode, distance, field string
	}{
		{host, "9999", "25", "postcode"},
		{host, "45A8", "", "postcode"},
		{host, "4558", "30", "distance"},
		{host, "", "25", "postcode"},
		{"southern-alps-motors.localhost", "4006", "25", "postcode"}, // an Australian postcode in New Zealand
		{"southern-alps-motors.localhost", "", "25", "postcode"},
		{"southern-alps-motors.localhost", "8011", "30", "distance"},
	} {
		q := url.Values{"path": {"/search/new-used-and-demo-cars/"}}
		if tc.postcode != "" {
			q.Set("postcode", tc.postcode)
		}
		if tc.distance != "" {
			q.Set("distance", tc.distance)
		}
		res, body := app.get(t, tc.host, "/api/search?"+q.Encode())
		var e struct {
			Error struct{ Fields map[string]string }
		}
		_ = json.Unmarshal([]byte(body), &e)
		if res.StatusCode != 422 || e.Error.Fields[tc.field] == "" {
			t.Errorf("%s postcode=%q distance=%q: %d %s, want 422 naming %s", tc.host, tc.postcode, tc.distance, res.StatusCode, body, tc.field)
		}
	}
}

// docs/behaviour/http.md#distance: a dealer is about 0 km from its own
// postcode, in its country's table. Harbourside (Newstead, 4006) within
// 10 km of 4006 lists its cars; the New Zealand site searches from New
// Zealand postcodes: Christchurch (8011) within 10 km lists every car of
// its Christchurch yard, Rangiora (7400, some 25 km north) within 10 km
// none and within 50 km all of them.
func TestDistanceFromTheDealersOwnPostcode(t *testing.T) {
	t.Parallel()
	app := sharedApp(t)
	for _, tc := range []struct {
		host, postcode, distance string
		all                      bool // every car of the listing is within the distance
	}{
		{"harbourside-toyota.localhost", "4006", "10", true},
		{"summit-motor-group.localhost", "4006", "10", false},
		{"southern-alps-motors.localhost", "8011", "10", true},
		{"southern-alps-motors.localhost", "7400", "50", true},
		{"southern-alps-motors.localhost", "7400", "10", false},
	} {
		path := url.Values{"path": {"/search/new-used-and-demo-cars/"}, "city": {"any"}}
		_, all, _ := app.distanceSearch(t, tc.host, path)
		q := url.Values{"path": path["path"], "city": path["city"], "postcode": {tc.postcode}, "distance": {tc.distance}}
		code, near, body := app.distanceSearch(t, tc.host, q)
		if code != 200 {
			t.Fatalf("%s near %s: %d %s", tc.host, tc.postcode, code, body)
		}
		switch {
		case tc.all && near.Total != all.Total:
			t.Errorf("%s within %s km of %s: %d cars, want all %d", tc.host, tc.distance, tc.postcode, near.Total, all.Total)
		case !tc.all && tc.postcode == "7400" && near.Total != 0:
			t.Errorf("%s within %s km of %s: %d cars, want none", tc.host, tc.distance, tc.postcode, near.Total)
		case !tc.all && tc.postcode != "7400" && (near.Total == 0 || near.Total >= all.Total):
			t.Errorf("%s within %s km of %s: %d cars of %d, want its Newstead yards' only", tc.host, tc.distance, tc.postcode, near.Total, all.Total)
		}
		for _, h := range near.Hits {
			if h.DistanceKM == nil {
				t.Fatalf("%s: %s has no distance", tc.host, h.Slug)
			}
			if tc.distance == "10" && *h.DistanceKM > 3 {
				t.Errorf("%s: %s is %d km from the dealer's own postcode %s", tc.host, h.Slug, *h.DistanceKM, tc.postcode)
			}
		}
	}
}
