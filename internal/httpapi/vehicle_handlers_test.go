package httpapi_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"
)

const harbourside = "harbourside-toyota.localhost"

// firstInStock is a listed in-stock used car of the site.
func (a *testApp) firstInStock(t *testing.T, host string) (slug string, id int64) {
	t.Helper()
	_, body := a.get(t, host, "/api/search?path=/search/used-cars")
	var res struct {
		Hits []struct {
			ID     int64
			Slug   string
			Status string
		}
	}
	if err := json.Unmarshal([]byte(body), &res); err != nil {
		t.Fatal(err)
	}
	for _, h := range res.Hits {
		if h.Status == "in_stock" {
			return h.Slug, h.ID
		}
	}
	t.Fatal("no in-stock car")
	return "", 0
}

// docs/behaviour/calls.md: GET {car path}/autogauge answers fill, listing_price,
// market_range_min, market_range_max, confidence, description.
func TestAutogaugeEndpoint(t *testing.T) {
	t.Parallel()
	a := sharedApp(t)
	slug, _ := a.firstInStock(t, harbourside)
	res, body := a.get(t, harbourside, "/api/cars/"+slug+"/autogauge")
	if res.StatusCode != 200 {
		t.Fatalf("status %d: %s", res.StatusCode, body)
	}
	var g map[string]any
	if err := json.Unmarshal([]byte(body), &g); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"fill", "listing_price", "market_range_min", "market_range_max", "confidence", "description"} {
		if _, ok := g[k]; !ok {
			t.Errorf("answer lacks %q: %s", k, body)
		}
	}
	if f, ok := g["fill"].(float64); ok && (f < 0 || f > 1) {
		t.Errorf("fill %v outside 0..1", f)
	}

	res, body = a.get(t, harbourside, "/api/cars/no-such-car/autogauge")
	if res.StatusCode != 404 || !strings.Contains(body, `"not_found"`) {
		t.Errorf("unknown car: %d %s", res.StatusCode, body)
	}
}

// docs/behaviour/calls.md: view.json counts views and returns views and car_fields.
func TestCarViewCountsAndReportsStaleFields(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	slug, _ := a.firstInStock(t, harbourside)
	view := func(q string) (int, map[string]json.RawMessage) {
		res, body := a.get(t, harbourside, "/api/cars/"+slug+"/view.json"+q)
		var out map[string]json.RawMessage
		_ = json.Unmarshal([]byte(body), &out)
		return res.StatusCode, out
	}
	_, car := a.get(t, harbourside, "/api/cars/"+slug)
	var detail struct {
		Car struct {
			PhotosCount int    `json:"photos_count"`
			UpdatedAt   string `json:"updated_at"`
		}
	}
	if err := json.Unmarshal([]byte(car), &detail); err != nil {
		t.Fatal(err)
	}
	current := "?" + url.Values{"photos_count": {strconv.Itoa(detail.Car.PhotosCount)}, "updated_at": {detail.Car.UpdatedAt}, "website_id": {"harbourside-toyota"}}.Encode()

	st, first := view(current)
	if st != 200 {
		t.Fatalf("status %d", st)
	}
	_, second := view(current)
	var v1, v2, v3 int
	_ = json.Unmarshal(first["views"], &v1)
	_ = json.Unmarshal(second["views"], &v2)
	if v2 != v1 {
		t.Errorf("views %d then %d: one visitor's views of a car count once a day", v1, v2)
	}
	// Another visitor's view counts.
	req := httptest.NewRequest(http.MethodGet, "/api/cars/"+slug+"/view.json"+current, nil)
	req.Host = harbourside
	req.RemoteAddr = "203.0.113.7:5120"
	rec := httptest.NewRecorder()
	a.handler.ServeHTTP(rec, req)
	var third map[string]json.RawMessage
	_ = json.Unmarshal(rec.Body.Bytes(), &third)
	_ = json.Unmarshal(third["views"], &v3)
	if rec.Code != 200 || v3 != v1+1 {
		t.Errorf("another visitor's view: %d, views %d, want %d", rec.Code, v3, v1+1)
	}
	if string(second["car_fields"]) != "{}" {
		t.Errorf("a current copy needs no fields, got %s", second["car_fields"])
	}
	_, stale := view("?photos_count=" + strconv.Itoa(detail.Car.PhotosCount+1))
	if !strings.Contains(string(stale["car_fields"]), `"slug":"`+slug+`"`) {
		t.Errorf("a stale copy should get the current car, got %.200s", stale["car_fields"])
	}

	for _, q := range []string{"?photos_count=many", "?photos_count=-1", "?updated_at=yesterday"} {
		res, body := a.get(t, harbourside, "/api/cars/"+slug+"/view.json"+q)
		if res.StatusCode != 422 || !strings.Contains(body, `"fields"`) {
			t.Errorf("%s: %d %s, want 422 naming the field", q, res.StatusCode, body)
		}
	}
}

// docs/behaviour/calls.md: the call-reveal log takes car_id, dealership_id, website_id.
func TestCallReveal(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	slug, id := a.firstInStock(t, harbourside)
	path := "/api/cars/" + slug + "/call-reveal"
	if code, _ := a.post(t, harbourside, path, `{"car_id":`+strconv.FormatInt(id, 10)+`,"dealership_id":1,"website_id":"harbourside-toyota"}`); code != 204 {
		t.Errorf("reveal: %d, want 204", code)
	}
	if code, _ := a.post(t, harbourside, path, `{"car_id":-5}`); code != 422 {
		t.Errorf("another car's id: %d, want 422", code)
	}
	if code, _ := a.post(t, harbourside, path, `not json`); code != 422 {
		t.Errorf("bad body: %d, want 422", code)
	}
	if code, _ := a.post(t, harbourside, "/api/cars/nope/call-reveal", `{}`); code != 404 {
		t.Errorf("unknown car: %d, want 404", code)
	}
}

// docs/behaviour/http.md: print.pdf is application/pdf with filename "{slug}.pdf".
func TestCarPDF(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	slug, _ := a.firstInStock(t, harbourside)
	res, body := a.get(t, harbourside, "/api/cars/"+slug+"/print.pdf")
	if res.StatusCode != 200 {
		t.Fatalf("status %d: %.200s", res.StatusCode, body)
	}
	if ct := res.Header.Get("Content-Type"); ct != "application/pdf" {
		t.Errorf("Content-Type %q", ct)
	}
	if cd := res.Header.Get("Content-Disposition"); cd != `attachment; filename="`+slug+`.pdf"` {
		t.Errorf("Content-Disposition %q", cd)
	}
	if !strings.HasPrefix(body, "%PDF-") || strings.Count(body, "/Type /Page\n") != 1 {
		t.Errorf("not a one-page PDF: %.40q (pages %d)", body, strings.Count(body, "/Type /Page\n"))
	}
}
