package httpapi_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"forecourt/internal/catalog"
	"forecourt/internal/httpapi"
	"forecourt/internal/store/sqlite"
	"forecourt/internal/tenant"
)

const (
	msgPostcodeFormat = "Invalid postcode. Please enter a 4-digit number."
	msgOutsideZones   = "(outside the delivery zones)"
	msgNoEstimate     = "Sorry, we can't provide an estimate for that location. Please use the enquiry form on this page or give us a call to get a quote."
)

type toolsAPIError struct {
	Error struct {
		Code    string            `json:"code"`
		Message string            `json:"message"`
		Fields  map[string]string `json:"fields"`
	} `json:"error"`
}

func (a *testApp) post(t *testing.T, host, path, body string) (int, string) {
	t.Helper()
	req, _ := http.NewRequest("POST", a.srv.URL+path, strings.NewReader(body))
	req.Host = host
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b)
}

func decodeErr(t *testing.T, body string) toolsAPIError {
	t.Helper()
	var e toolsAPIError
	if err := json.Unmarshal([]byte(body), &e); err != nil {
		t.Fatalf("not the API error shape: %s", body)
	}
	return e
}

func TestPostcodeLookup(t *testing.T) {
	t.Parallel()
	app := sharedApp(t)
	const host = "harbourside-toyota.localhost"
	// docs/behaviour/http.md: GET /api/postcodes/{postcode} → postcode, state, localities, lat, lng.
	for _, c := range []struct{ pc, state, locality string }{
		{"4000", "QLD", "Brisbane"}, {"2000", "NSW", "Sydney"}, {"0800", "NT", "Darwin"},
	} {
		res, body := app.get(t, host, "/api/postcodes/"+c.pc)
		var p struct {
			Postcode   string   `json:"postcode"`
			State      string   `json:"state"`
			Localities []string `json:"localities"`
			Lat, Lng   float64
		}
		if res.StatusCode != 200 || json.Unmarshal([]byte(body), &p) != nil {
			t.Fatalf("%s: %d %s", c.pc, res.StatusCode, body)
		}
		if p.Postcode != c.pc || p.State != c.state || !strings.Contains(strings.Join(p.Localities, "|"), c.locality) || p.Lat >= 0 || p.Lng <= 100 {
			t.Errorf("%s: %+v", c.pc, p)
		}
	}
	// docs/behaviour/http.md: 422 'Invalid postcode. Please enter a 4-digit number.'; 404 'Invalid postcode'.
	for _, c := range []struct {
		pc     string
		status int
		msg    string
	}{
		{"abcd", 422, msgPostcodeFormat},
		{"-400", 422, msgPostcodeFormat},
		{"400", 422, msgPostcodeFormat},
		{"4000000000000000000000", 422, msgPostcodeFormat},
		{"%20", 422, msgPostcodeFormat},
		{"1000", 404, "Invalid postcode"},
	} {
		res, body := app.get(t, host, "/api/postcodes/"+c.pc)
		if res.StatusCode != c.status || decodeErr(t, body).Error.Message != c.msg {
			t.Errorf("%q: %d %s, want %d %q", c.pc, res.StatusCode, body, c.status, c.msg)
		}
	}
	// The NZ site has the Australian postcode features off.
	res, body := app.get(t, "southern-alps-motors.localhost", "/api/postcodes/4000")
	if res.StatusCode != 404 || !strings.Contains(body, "not available") {
		t.Errorf("NZ site: %d %s", res.StatusCode, body)
	}
}

// brisbaneCar is a car shown on harbourside-toyota's site.
func brisbaneCar(t *testing.T, app *testApp) catalog.Car {
	for _, c := range app.site("harbourside-toyota").Cars {
		if c.ShowOnWebsite && c.Available() {
			return c
		}
	}
	t.Fatal("no car")
	return catalog.Car{}
}

func TestDeliveryQuote(t *testing.T) {
	t.Parallel()
	app := sharedApp(t)
	const host = "harbourside-toyota.localhost"
	car := brisbaneCar(t, app)
	// tenants/harbourside-toyota.yaml: Local ≤40 km free, Metro ≤120 km $290,
	// Regional ≤500 km $790, Interstate ≤2000 km $1690; the car is in Brisbane.
	cases := []struct {
		postcode string
		status   int
		name     string
		price    int
		msg      string
	}{
		{"4000", 200, "Local", 0, ""},
		{"4558", 200, "Metro and surrounds", 290, ""}, // Maroochydore
		{"2000", 200, "Interstate", 1690, ""},         // Sydney
		{"6000", 404, "", 0, msgOutsideZones},         // Perth: beyond every zone
		{"0800", 404, "", 0, msgOutsideZones},         // Darwin
		{"", 422, "", 0, "Please enter a postcode."},  // docs/behaviour/errors.md
		{"%20%20", 422, "", 0, "Please enter a postcode."},
		{"abcd", 422, "", 0, msgPostcodeFormat},
		{"-123", 422, "", 0, msgPostcodeFormat},
		{"99999999999", 422, "", 0, msgPostcodeFormat},
		{"1000", 404, "", 0, msgNoEstimate}, // well formed, no such postcode
	}
	for _, c := range cases {
		res, body := app.get(t, host, "/api/delivery-quote?car="+car.Slug+"&postcode="+c.postcode)
		if res.StatusCode != c.status {
			t.Errorf("%q: status %d %s, want %d", c.postcode, res.StatusCode, body, c.status)
			continue
		}
		if c.status == 200 {
			var q struct {
				Price int    `json:"price"`
				Name  string `json:"name"`
			}
			_ = json.Unmarshal([]byte(body), &q)
			if q.Name != c.name || q.Price != c.price {
				t.Errorf("%q: %s, want %s $%d", c.postcode, body, c.name, c.price)
			}
			continue
		}
		m := decodeErr(t, body).Error.Message
		if c.msg == msgOutsideZones {
			// Why there is no price: the distance, the zones' reach and an
			// invitation to ask the dealer.
			want := regexp.MustCompile(`^Postcode ` + c.postcode + ` is about [\d,]+ km from this car, outside our delivery zones \(we deliver up to 2,000 km\).*Ask us and we'll quote delivery to ` + c.postcode + `\.$`)
			if !want.MatchString(m) {
				t.Errorf("%q: message %q, want %v", c.postcode, m, want)
			}
			continue
		}
		if m != c.msg {
			t.Errorf("%q: message %q, want %q", c.postcode, m, c.msg)
		}
	}
	res, body := app.get(t, host, "/api/delivery-quote?postcode=4000")
	if res.StatusCode != 422 || decodeErr(t, body).Error.Fields["car"] == "" {
		t.Errorf("no car: %d %s", res.StatusCode, body)
	}
	res, _ = app.get(t, host, "/api/delivery-quote?postcode=4000&car=no-such-car")
	if res.StatusCode != 404 {
		t.Errorf("unknown car: %d", res.StatusCode)
	}
}

func TestTradeInValuationEndpoint(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	const host = "summit-motor-group.localhost"
	res, body := app.get(t, host, "/api/trade-in/options")
	var opts struct {
		Questions []struct {
			ID      string `json:"id"`
			Options []struct {
				ID string `json:"id"`
			} `json:"options"`
		} `json:"questions"`
		Makes []struct {
			Make   string   `json:"make"`
			Models []string `json:"models"`
		} `json:"makes"`
		MaxAgeYears int    `json:"max_age_years"`
		MaxKM       int    `json:"max_km"`
		FAQ         string `json:"faq"`
	}
	if res.StatusCode != 200 || json.Unmarshal([]byte(body), &opts) != nil || len(opts.Questions) == 0 || len(opts.Makes) < 3 {
		t.Fatalf("options: %d %.300s", res.StatusCode, body)
	}
	if opts.MaxAgeYears != 7 || opts.MaxKM != 100000 || !strings.Contains(opts.FAQ, "100,000 km") {
		t.Errorf("limits: %d %d %q", opts.MaxAgeYears, opts.MaxKM, opts.FAQ)
	}
	answers := map[string]string{}
	for _, q := range opts.Questions {
		answers[q.ID] = q.Options[0].ID
	}
	ans, _ := json.Marshal(answers)

	// The most common make/model/year among recent used cars on the platform must value.
	counts := map[[3]any]int{}
	var best [3]any
	for _, s := range app.data() {
		for _, c := range s.Cars {
			if c.ShowOnWebsite && c.Price > 500 && c.Year >= 2022 && c.ItemType == "" && s.Slug != "southern-alps-motors" {
				k := [3]any{c.Make, c.Model, c.Year}
				counts[k]++
				if counts[k] > counts[best] {
					best = k
				}
			}
		}
	}
	req := `{"make":"` + best[0].(string) + `","model":"` + best[1].(string) + `","year":` + jsonInt(best[2].(int)) + `,"km":"30,000 kms","adjustmentAnswers":` + string(ans) + `}`
	status, body := app.post(t, host, "/api/trade-in/valuation", req)
	var v struct {
		Estimate    bool   `json:"estimate"`
		Low         int    `json:"low"`
		High        int    `json:"high"`
		Comparables int    `json:"comparables"`
		Message     string `json:"message"`
	}
	if status != 200 || json.Unmarshal([]byte(body), &v) != nil || !v.Estimate || v.Low <= 0 || v.High <= v.Low || v.Comparables < 3 {
		t.Errorf("valuation of %v: %d %s", best, status, body)
	}
	// Trade-in FAQ (docs/behaviour/validation.md): over 100,000 km gets the FAQ message, not a price.
	req = strings.Replace(req, `"30,000 kms"`, `150000`, 1)
	status, body = app.post(t, host, "/api/trade-in/valuation", req)
	_ = json.Unmarshal([]byte(body), &v)
	if status != 200 || v.Estimate || v.Message != opts.FAQ {
		t.Errorf("over 100,000 km: %d %s", status, body)
	}

	// Bad input: every case a 422 naming the field, never a 500.
	bad := []struct{ body, field string }{
		{``, "make"},
		{`{}`, "km"},
		{`not json`, ""},
		{`[1,2]`, ""},
		{`{"km": "lots"}`, "km"},
		{`{"km": -5}`, "km"},
		{`{"km": 1e308}`, "km"},
		{`{"km": 99999999999999999999999999}`, "km"},
		{`{"year": "abcd"}`, "year"},
		{`{"year": -1}`, "year"},
		{`{"make": 5}`, ""},
		{`{"rego": "ABC123"}`, "regoState"},
		{`{"adjustmentAnswers": {"accident": "maybe"}}`, "adjustmentAnswers.accident"},
		{`{"make":"Toyota","model":"Corolla","year":2022,"km":1000,"adjustmentAnswers":{}}`, "adjustmentAnswers.keys"},
	}
	for _, c := range bad {
		status, body := app.post(t, host, "/api/trade-in/valuation", c.body)
		e := decodeErr(t, body)
		if status != 422 || e.Error.Code != "invalid" || (c.field != "" && e.Error.Fields[c.field] == "") {
			t.Errorf("%q: %d %s, want 422 naming %q", c.body, status, body, c.field)
		}
	}
	status, body = app.post(t, host, "/api/trade-in/valuation", `{"km":"`+strings.Repeat("9", 100_000)+`"}`)
	if status != 422 {
		t.Errorf("huge body: %d %.200s", status, body)
	}
}

// demoSitesOnEmptyStore loads the demo sites' configs and opens an empty
// SQLite store, closed when the test ends.
func demoSitesOnEmptyStore(t *testing.T) (*tenant.Registry, *sqlite.DB) {
	t.Helper()
	reg := sites(t)
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "forecourt.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return reg, st
}

// newBareApp serves the demo sites on an empty store it hands back, for
// tests that read what a handler stored.
func newBareApp(t *testing.T) (*testApp, *sqlite.DB) {
	t.Helper()
	reg, st := demoSitesOnEmptyStore(t)
	s := &httpapi.Server{Sites: reg, Store: st, Web: webApp}
	h, err := wire(s).Handler()
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return &testApp{srv: srv}, st
}

func TestMiscellaneousValuationLog(t *testing.T) {
	t.Parallel()
	app, st := newBareApp(t)
	const host = "harbourside-toyota.localhost"
	// docs/behaviour/calls.md: valuation result plus column_name 'valuation'.
	status, body := app.post(t, host, "/api/miscellaneous", `{"column_name":"valuation","lead_id":"abc","valuation":{"low":10000,"high":12000}}`)
	if status != 200 || !strings.Contains(body, `"success":true`) {
		t.Errorf("valuation log: %d %s", status, body)
	}
	recs, err := st.ValuationRecords(context.Background(), "harbourside-toyota")
	if err != nil || len(recs) != 1 || recs[0].LeadID != "abc" || !strings.Contains(string(recs[0].Data), `"low":10000`) {
		t.Errorf("kept records: %+v, %v", recs, err)
	}
	for _, b := range []string{``, `{}`, `{"column_name":"password"}`, `nonsense`, `{"column_name":"valuation","lead_id":"` + strings.Repeat("x", 300) + `"}`} {
		status, body := app.post(t, host, "/api/miscellaneous", b)
		if status != 422 || decodeErr(t, body).Error.Code != "invalid" {
			t.Errorf("%q: %d %s", b, status, body)
		}
	}
}

func jsonInt(n int) string { b, _ := json.Marshal(n); return string(b) }

func TestTradeInCar(t *testing.T) {
	t.Parallel()
	app := sharedApp(t)
	const host = "harbourside-toyota.localhost"
	var avail, sold catalog.Car
	for _, c := range app.site("harbourside-toyota").Cars {
		if c.ShowOnWebsite && c.Available() && avail.ID == 0 {
			avail = c
		}
		if c.ShowOnWebsite && c.Status == catalog.StatusSold && sold.ID == 0 {
			sold = c
		}
	}
	// docs/behaviour/screens.md: /cars/trade-in?car_id= only for cars in stock or coming soon.
	for _, c := range []struct {
		ref       string
		available bool
	}{{jsonInt(int(avail.ID)), true}, {avail.Slug, true}, {jsonInt(int(sold.ID)), false}} {
		res, body := app.get(t, host, "/api/trade-in/car?car_id="+c.ref)
		var got struct {
			ID        int64 `json:"id"`
			Available bool  `json:"available"`
		}
		if res.StatusCode != 200 || json.Unmarshal([]byte(body), &got) != nil || got.Available != c.available {
			t.Errorf("%s: %d %s, want available %v", c.ref, res.StatusCode, body, c.available)
		}
	}
	for _, ref := range []string{"", "abc", "-1", "99999999999999999999999"} {
		res, body := app.get(t, host, "/api/trade-in/car?car_id="+ref)
		if res.StatusCode != 404 && res.StatusCode != 422 {
			t.Errorf("%q: %d %s", ref, res.StatusCode, body)
		}
	}
}
