package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"forecourt/internal/apitypes"
	"forecourt/internal/catalog"
	"forecourt/internal/httpapi"
	"forecourt/internal/httpmw"
	"forecourt/internal/leads"
	"forecourt/internal/store"
	"forecourt/internal/store/sqlite"
	"forecourt/internal/tenant"
)

type leadsApp struct {
	srv   *httptest.Server
	store *sqlite.DB
	sites *tenant.Registry
}

func newLeadsApp(t *testing.T) *leadsApp {
	t.Helper()
	return newLeadsAppWith(t, nil)
}

func newLeadsAppLogging(t *testing.T, log io.Writer) *leadsApp {
	t.Helper()
	return newLeadsAppWith(t, func(s *httpapi.Server) {
		s.Logger = slog.New(slog.NewJSONHandler(log, &slog.HandlerOptions{Level: slog.LevelDebug}))
	})
}

// leadsRef is the day the leads tests' catalogue is loaded as of: today,
// read once, so every test copies the one catalogue (demotest.SQLiteFile) rather
// than loading its own.
var leadsRef = time.Now()

// newLeadsAppWith serves the demo sites with every lead queuing a
// delivery; configure, when given, adjusts the server first.
func newLeadsAppWith(t *testing.T, configure func(s *httpapi.Server)) *leadsApp {
	t.Helper()
	reg, st := demoStore(t, leadsRef)
	// The demo webhook is switched on, so every lead queues a delivery.
	env := map[string]string{"FORECOURT_DEMO_LEAD_WEBHOOK_URL": "http://127.0.0.1:1/leads"}
	s := &httpapi.Server{Sites: reg, Store: st, Web: webApp, Pages: corePages(t),
		Leads: &leads.Service{Store: st, Getenv: func(k string) string { return env[k] }}}
	if configure != nil {
		configure(s)
	}
	_, srv := serve(t, s)
	return &leadsApp{srv: srv, store: st, sites: reg}
}

type apiError struct {
	Error struct {
		Code    string            `json:"code"`
		Message string            `json:"message"`
		Fields  map[string]string `json:"fields"`
	} `json:"error"`
}

func (a *leadsApp) post(t *testing.T, site, path string, body any, header ...string) (*http.Response, []byte) {
	t.Helper()
	b, ok := body.([]byte)
	if !ok {
		b, _ = json.Marshal(body)
	}
	req, _ := http.NewRequest("POST", a.srv.URL+path, bytes.NewReader(b))
	req.Host = site + ".localhost"
	req.Header.Set("Content-Type", "application/json")
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	out, _ := io.ReadAll(res.Body)
	return res, out
}

func (a *leadsApp) car(t *testing.T, site string, pick func(catalog.Car) bool) catalog.Car {
	t.Helper()
	cars, err := a.store.Cars(context.Background(), site)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cars {
		if pick(c) {
			return c
		}
	}
	t.Fatalf("no car of %s fits", site)
	return catalog.Car{}
}

func enquiry(carID int64) map[string]any {
	return map[string]any{"category": "enquiry", "name": "Jo", "last_name": "Bloggs", "email": "jo@example.com",
		"phone": "0412 345 678", "message": "Is it still available?", "car_id": carID, "opt_in": true,
		"Vehicle Make": "Toyota", "lead_attributes": map[string]any{"visited_pages": []string{"/", "/cars/x"}}}
}

func TestCreateLeadStoresLeadCarSnapshotAndDelivery(t *testing.T) {
	t.Parallel()
	app := newLeadsApp(t)
	const site = "harbourside-toyota"
	car := app.car(t, site, func(c catalog.Car) bool { return c.Status == catalog.StatusInStock && c.StockNum != "" })
	res, body := app.post(t, site, "/api/leads", enquiry(car.ID), "User-Agent", "test-browser")
	if res.StatusCode != http.StatusCreated {
		t.Fatalf("status %d: %s", res.StatusCode, body)
	}
	var created struct {
		LeadID    string `json:"lead_id"`
		Reference string `json:"reference"`
	}
	json.Unmarshal(body, &created)
	lead, err := app.store.LeadByID(context.Background(), site, created.LeadID)
	if err != nil {
		t.Fatalf("the lead answered 201 is not stored: %v", err)
	}
	// The buyer's short reference is the lead's own, for reading out on the phone.
	if created.Reference == "" || created.Reference != catalog.LeadReference(created.LeadID) {
		t.Errorf("reference %q for lead %s, want %q", created.Reference, created.LeadID, catalog.LeadReference(created.LeadID))
	}
	if lead.Car == nil || lead.Car.StockNum != car.StockNum || lead.Car.VIN != car.VIN || lead.Car.Price != car.Price ||
		!strings.HasSuffix(lead.Car.URL, "/cars/"+car.Slug) {
		t.Errorf("car snapshot = %+v, want car %s", lead.Car, car.Slug)
	}
	if lead.Subcategory != leads.DefaultSubcategory || lead.UserAgent != "test-browser" || lead.Payload["Vehicle Make"] != "Toyota" ||
		len(lead.VisitedPages) != 2 || lead.DealershipSlug == "" {
		t.Errorf("stored lead = %+v", lead)
	}
	ds, _ := app.store.Deliveries(context.Background(), site)
	if len(ds) != 1 || ds[0].LeadID != lead.ID || ds[0].Destination != "crm-webhook" {
		t.Errorf("deliveries = %+v, want one to crm-webhook (the email destination is off)", ds)
	}
}

func TestCreateLeadInvalidNamesEachField(t *testing.T) {
	t.Parallel()
	app := newLeadsApp(t)
	res, body := app.post(t, "harbourside-toyota", "/api/leads", map[string]any{
		"category": "enquiry", "email": "nope", "phone": "12", "postcode": "123", "car_id": 99999999,
	})
	if res.StatusCode != http.StatusUnprocessableEntity {
		t.Fatalf("status %d, want 422: %s", res.StatusCode, body)
	}
	var e apiError
	json.Unmarshal(body, &e)
	want := map[string]string{
		"name": leads.MsgNameRequired, "email": leads.MsgEmailInvalid, "phone": leads.MsgPhoneAU,
		"postcode": leads.MsgPostcode, "message": leads.MsgMessageRequired, "car_id": leads.MsgCarUnknown,
	}
	if e.Error.Code != "invalid" || e.Error.Message != leads.MsgFixErrors {
		t.Errorf("error = %+v", e.Error)
	}
	for k, v := range want {
		if e.Error.Fields[k] != v {
			t.Errorf("fields[%s] = %q, want %q", k, e.Error.Fields[k], v)
		}
	}
	// Another site's car is not this site's.
	other := app.car(t, "metro-used-cars", func(c catalog.Car) bool { return true })
	_, body = app.post(t, "harbourside-toyota", "/api/leads", enquiry(other.ID))
	json.Unmarshal(body, &e)
	if e.Error.Fields["car_id"] != leads.MsgCarUnknown {
		t.Errorf("another site's car: %s", body)
	}
	if ls, _ := app.store.Leads(context.Background(), "harbourside-toyota", time.Time{}); len(ls) != 0 {
		t.Errorf("%d invalid leads were stored", len(ls))
	}
	// Bodies that are not a lead at all are 422 too.
	for _, b := range []string{"", "[1]", "{", strings.Repeat("x", leads.MaxBodyBytes+10)} {
		res, body := app.post(t, "harbourside-toyota", "/api/leads", []byte(b))
		if res.StatusCode != http.StatusUnprocessableEntity {
			t.Errorf("body %.10q: status %d, want 422: %s", b, res.StatusCode, body)
		}
	}
}

// docs/behaviour/validation.md: "A category selector (required, default 'General
// Enquiry') appears for general enquiries; its options come from a list";
// the list is the site's wording.enquiry_categories, and the choice is the
// lead's subcategory. "Some dealerships require a terms checkbox: … (also
// 'You must agree to the terms of use before submitting the form.')":
// outback-caravans uses that wording.
func TestEnquiryCategoryAndTermsWordingOfTheSite(t *testing.T) {
	t.Parallel()
	app := newLeadsApp(t)
	stored := func(site string, body []byte) catalog.Lead {
		t.Helper()
		var created struct {
			LeadID string `json:"lead_id"`
		}
		json.Unmarshal(body, &created)
		lead, err := app.store.LeadByID(context.Background(), site, created.LeadID)
		if err != nil {
			t.Fatalf("%s: %v (%s)", site, err, body)
		}
		return lead
	}
	locs, err := app.store.Locations(context.Background(), "harbourside-toyota")
	if err != nil || len(locs) == 0 {
		t.Fatal(err)
	}
	loc := locs[0].ID
	general := func(category, subcategory string) map[string]any {
		p := map[string]any{"category": category, "name": "Jo", "last_name": "Bloggs", "email": "jo@example.com",
			"phone": "0412 345 678", "postcode": "4000", "message": "Hello", "location_id": loc}
		if subcategory != "" {
			p["subcategory"] = subcategory
		}
		return p
	}
	const ht = "harbourside-toyota"
	for _, c := range []struct{ category, sent, want string }{
		{"enquiry", "Finance Enquiry", "Finance Enquiry"},
		{"contact", "Trade-In Enquiry", "Trade-In Enquiry"},
		{"contact", "", "General Enquiry"},
	} {
		res, body := app.post(t, ht, "/api/leads", general(c.category, c.sent))
		if res.StatusCode != http.StatusCreated {
			t.Fatalf("%s %q: status %d %s", c.category, c.sent, res.StatusCode, body)
		}
		if got := stored(ht, body).Subcategory; got != c.want {
			t.Errorf("%s %q: stored subcategory %q, want %q", c.category, c.sent, got, c.want)
		}
	}
	res, body := app.post(t, ht, "/api/leads", general("enquiry", "Hacker"))
	var e apiError
	json.Unmarshal(body, &e)
	if res.StatusCode != http.StatusUnprocessableEntity || e.Error.Fields["subcategory"] != leads.MsgSubcategoryUnknown {
		t.Errorf("unlisted enquiry type: status %d %s", res.StatusCode, body)
	}

	// outback-caravans lists its own types and words the terms message the other way.
	const oc = "outback-caravans"
	car := app.car(t, oc, func(c catalog.Car) bool { return true })
	p := enquiry(car.ID)
	p["subcategory"] = "Caravan Enquiry"
	res, body = app.post(t, oc, "/api/leads", p)
	e = apiError{}
	json.Unmarshal(body, &e)
	if res.StatusCode != http.StatusUnprocessableEntity || e.Error.Fields["terms"] != "You must agree to the terms of use before submitting the form." {
		t.Errorf("terms unticked: status %d %s", res.StatusCode, body)
	}
	p["terms_accepted"] = true
	res, body = app.post(t, oc, "/api/leads", p)
	if res.StatusCode != http.StatusCreated || stored(oc, body).Subcategory != "Caravan Enquiry" {
		t.Errorf("caravan enquiry: status %d %s", res.StatusCode, body)
	}
	p["subcategory"] = "Vehicle Enquiry" // harbourside's, not outback's
	if res, body = app.post(t, oc, "/api/leads", p); res.StatusCode != http.StatusUnprocessableEntity {
		t.Errorf("another site's enquiry type: status %d %s", res.StatusCode, body)
	}
}

func TestHoneypotIsRefusedAndNeverStored(t *testing.T) {
	t.Parallel()
	app := newLeadsApp(t)
	const site = "metro-used-cars"
	car := app.car(t, site, func(c catalog.Car) bool { return true })
	p := enquiry(car.ID)
	p[leads.HoneypotField] = "http://cheap-pills.example"
	res, body := app.post(t, site, "/api/leads", p)
	var e apiError
	json.Unmarshal(body, &e)
	if res.StatusCode != 422 || e.Error.Message != leads.MsgHoneypot || e.Error.Fields[leads.HoneypotField] == "" {
		t.Fatalf("honeypot: status %d %s", res.StatusCode, body)
	}
	if ls, _ := app.store.Leads(context.Background(), site, time.Time{}); len(ls) != 0 {
		t.Errorf("a honeypot lead was stored")
	}
}

// docs/behaviour/entities.md#lead-payload: source ('Website'). The server sets it:
// a client cannot name another source, nor leave it out.
func TestLeadSourceIsAlwaysWebsite(t *testing.T) {
	t.Parallel()
	app := newLeadsApp(t)
	const site = "metro-used-cars"
	car := app.car(t, site, func(c catalog.Car) bool { return true })
	for _, sent := range []any{"Hacker", nil, 42.0} {
		p := enquiry(car.ID)
		if sent != nil {
			p["source"] = sent
		}
		res, body := app.post(t, site, "/api/leads", p)
		if res.StatusCode != http.StatusCreated {
			t.Fatalf("source %v: status %d %s", sent, res.StatusCode, body)
		}
		var created struct {
			LeadID string `json:"lead_id"`
		}
		json.Unmarshal(body, &created)
		lead, err := app.store.LeadByID(context.Background(), site, created.LeadID)
		if err != nil {
			t.Fatal(err)
		}
		if got := lead.Payload["source"]; got != leads.Source {
			t.Errorf("source sent %v: stored %v, want %q", sent, got, leads.Source)
		}
	}
}

func TestIdempotencyKeyGivesOneLead(t *testing.T) {
	t.Parallel()
	app := newLeadsApp(t)
	const site = "outback-caravans"
	car := app.car(t, site, func(c catalog.Car) bool { return true })
	var wg sync.WaitGroup
	ids := make([]string, 6)
	for i := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p := enquiry(car.ID)
			p["terms_accepted"] = true // outback-caravans requires the terms box
			res, body := app.post(t, site, "/api/leads", p, "Idempotency-Key", "double-click-1")
			var out struct {
				LeadID string `json:"lead_id"`
			}
			json.Unmarshal(body, &out)
			if res.StatusCode != 201 {
				t.Errorf("submit %d: status %d %s", i, res.StatusCode, body)
			}
			ids[i] = out.LeadID
		}()
	}
	wg.Wait()
	for _, id := range ids {
		if id != ids[0] || id == "" {
			t.Fatalf("one key gave lead ids %v", ids)
		}
	}
	ls, _ := app.store.Leads(context.Background(), site, time.Time{})
	ds, _ := app.store.Deliveries(context.Background(), site)
	if len(ls) != 1 || len(ds) != 1 {
		t.Errorf("one key stored %d leads and %d deliveries, want 1 and 1", len(ls), len(ds))
	}
}

// A key reused for a different form is refused (409), never answered with
// the first lead's id while the second form is lost; the first form sent
// again still finds its lead. A key that is not text is refused (422).
func TestIdempotencyKeyReusedForAnotherForm(t *testing.T) {
	t.Parallel()
	app := newLeadsApp(t)
	const site = "outback-caravans"
	car := app.car(t, site, func(c catalog.Car) bool { return true })
	alice := enquiry(car.ID)
	alice["terms_accepted"] = true
	alice["name"] = "Alice"
	bob := enquiry(car.ID)
	bob["terms_accepted"] = true
	bob["name"] = "Bob"
	res, body := app.post(t, site, "/api/leads", alice, "Idempotency-Key", "reused-1")
	if res.StatusCode != 201 {
		t.Fatalf("first lead: %d %s", res.StatusCode, body)
	}
	var first struct {
		LeadID string `json:"lead_id"`
	}
	json.Unmarshal(body, &first)
	res, body = app.post(t, site, "/api/leads", bob, "Idempotency-Key", "reused-1")
	if res.StatusCode != 409 || !strings.Contains(string(body), `"code":"conflict"`) || !strings.Contains(string(body), "new key") {
		t.Errorf("another form under a used key: %d %s, want 409 conflict asking for a new key", res.StatusCode, body)
	}
	res, body = app.post(t, site, "/api/leads", alice, "Idempotency-Key", "reused-1")
	var again struct {
		LeadID string `json:"lead_id"`
	}
	json.Unmarshal(body, &again)
	if res.StatusCode != 201 || again.LeadID != first.LeadID {
		t.Errorf("the first form again: %d %s, want 201 with lead %s", res.StatusCode, body, first.LeadID)
	}
	ls, _ := app.store.Leads(context.Background(), site, time.Time{})
	if len(ls) != 1 {
		t.Errorf("stored %d leads, want 1", len(ls))
	}
	for _, key := range []string{"\xff\xfe", "two words", "tab\tkey"} {
		res, body = app.post(t, site, "/api/leads", bob, "Idempotency-Key", key)
		if res.StatusCode != 422 || !strings.Contains(string(body), "Idempotency-Key") {
			t.Errorf("key %q: %d %s, want 422 naming the header", key, res.StatusCode, body)
		}
	}
}

func TestRateLimitSaysWhyAndWhen(t *testing.T) {
	t.Parallel()
	app := newLeadsApp(t)
	const site = "southern-alps-motors"
	s, _ := app.sites.BySlug(site)
	burst := s.Leads.RateLimit.PerIPBurst
	var last *http.Response
	var body []byte
	for range burst + 1 {
		// Invalid leads count too: a bot is throttled whatever it sends.
		last, body = app.post(t, site, "/api/leads", map[string]any{"category": "enquiry"})
	}
	var e apiError
	json.Unmarshal(body, &e)
	if last.StatusCode != http.StatusTooManyRequests || e.Error.Code != "rate_limited" ||
		!strings.Contains(e.Error.Message, "Please wait") || last.Header.Get("Retry-After") == "" {
		t.Fatalf("after %d submits: status %d, Retry-After %q, %s", burst+1, last.StatusCode, last.Header.Get("Retry-After"), body)
	}
	// Another site's visitors are not held up.
	res, _ := app.post(t, "harbourside-toyota", "/api/leads", map[string]any{"category": "enquiry"})
	if res.StatusCode != 422 {
		t.Errorf("another site after the limit: status %d, want 422", res.StatusCode)
	}
}

func TestRateLimitBehindTrustedProxy(t *testing.T) {
	t.Parallel()
	// Behind a load balancer every connection comes from the balancer: the
	// visitor is the address it forwards. From any other peer the header
	// is ignored, so a bot cannot dodge its limit by inventing addresses.
	const site = "southern-alps-motors"
	for _, tc := range []struct {
		trust   string
		freshIP int // status of a new visitor's lead after the first's limit
	}{
		{"127.0.0.0/8", http.StatusUnprocessableEntity},
		{"", http.StatusTooManyRequests},
		{"10.0.0.0/8", http.StatusTooManyRequests}, // not our peer
	} {
		proxies, err := httpmw.ParseTrustedProxies(tc.trust)
		if err != nil {
			t.Fatal(err)
		}
		app := newLeadsAppWith(t, func(s *httpapi.Server) { s.TrustedProxies = proxies })
		s, _ := app.sites.BySlug(site)
		var last *http.Response
		for range s.Leads.RateLimit.PerIPBurst + 1 {
			last, _ = app.post(t, site, "/api/leads", map[string]any{"category": "enquiry"}, "X-Forwarded-For", "203.0.113.7")
		}
		if last.StatusCode != http.StatusTooManyRequests {
			t.Fatalf("trust %q: the first visitor past the burst got %d, want 429", tc.trust, last.StatusCode)
		}
		// The limited visitor putting another address in front of its own,
		// which the proxy appends, is still itself.
		res, _ := app.post(t, site, "/api/leads", map[string]any{"category": "enquiry"}, "X-Forwarded-For", "198.51.100.20, 203.0.113.7")
		if res.StatusCode != http.StatusTooManyRequests {
			t.Errorf("trust %q: a spoofed address in front got %d, want 429", tc.trust, res.StatusCode)
		}
		res, _ = app.post(t, site, "/api/leads", map[string]any{"category": "enquiry"}, "X-Forwarded-For", "198.51.100.20")
		if res.StatusCode != tc.freshIP {
			t.Errorf("trust %q: another visitor's lead got %d, want %d", tc.trust, res.StatusCode, tc.freshIP)
		}
	}
}

func TestAppointmentsAndTestDriveSlots(t *testing.T) {
	t.Parallel()
	app := newLeadsApp(t)
	const site = "harbourside-toyota"
	car := app.car(t, site, func(c catalog.Car) bool { return c.Status == catalog.StatusInStock && c.LocationID != 0 })
	s, _ := app.sites.BySlug(site)
	zone, _ := time.LoadLocation(s.Timezone)
	var date string
	var slots struct {
		Slots []apitypes.Slot `json:"slots"`
	}
	for d := 1; d < 10 && len(slots.Slots) == 0; d++ {
		date = time.Now().In(zone).AddDate(0, 0, d).Format(time.DateOnly)
		req, _ := http.NewRequest("GET", fmt.Sprintf("%s/api/appointments?location_id=%d&date=%s", app.srv.URL, car.LocationID, date), nil)
		req.Host = site + ".localhost"
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		if res.StatusCode != 200 {
			t.Fatalf("appointments: status %d", res.StatusCode)
		}
		json.NewDecoder(res.Body).Decode(&slots)
		res.Body.Close()
	}
	if len(slots.Slots) == 0 || !slots.Slots[0].Available {
		t.Fatalf("no open day with free slots in 10 days: %+v", slots)
	}
	slot := slots.Slots[0].Start.Format("2006-01-02T15:04")
	drive := map[string]any{"category": "test_drive", "name": "Sam", "email": "sam@example.com", "phone": "0412345678",
		"car_id": car.ID, "dateTime": slot}
	if res, body := app.post(t, site, "/api/leads", drive); res.StatusCode != 201 {
		t.Fatalf("test drive at a free slot: %d %s", res.StatusCode, body)
	}
	res, body := app.post(t, site, "/api/leads", drive)
	var e apiError
	json.Unmarshal(body, &e)
	if res.StatusCode != 422 || e.Error.Fields["dateTime"] != leads.MsgSlotUnavailable {
		t.Errorf("second booking of one slot: %d %s", res.StatusCode, body)
	}
	// The booked slot now shows as taken.
	req, _ := http.NewRequest("GET", fmt.Sprintf("%s/api/appointments?location_id=%d&date=%s", app.srv.URL, car.LocationID, date), nil)
	req.Host = site + ".localhost"
	r2, _ := http.DefaultClient.Do(req)
	json.NewDecoder(r2.Body).Decode(&slots)
	r2.Body.Close()
	if slots.Slots[0].Available {
		t.Error("a booked slot is still offered")
	}
	// A time outside opening hours is refused.
	drive["dateTime"] = date + "T03:00"
	res, body = app.post(t, site, "/api/leads", drive)
	if json.Unmarshal(body, &e); res.StatusCode != 422 || e.Error.Fields["dateTime"] != leads.MsgSlotUnavailable {
		t.Errorf("3 am test drive: %d %s", res.StatusCode, body)
	}
	for _, q := range []string{"location_id=abc&date=" + date, fmt.Sprintf("location_id=%d&date=someday", car.LocationID)} {
		req, _ := http.NewRequest("GET", app.srv.URL+"/api/appointments?"+q, nil)
		req.Host = site + ".localhost"
		r, _ := http.DefaultClient.Do(req)
		r.Body.Close()
		if r.StatusCode != 422 {
			t.Errorf("appointments?%s: status %d, want 422", q, r.StatusCode)
		}
	}
}

func TestEventsAnswer204(t *testing.T) {
	t.Parallel()
	app := newLeadsApp(t)
	res, _ := app.post(t, "harbourside-toyota", "/api/events", map[string]any{"event_id": 14, "car_id": 5, "email": "never-logged@example.com"})
	if res.StatusCode != http.StatusNoContent {
		t.Errorf("event: status %d, want 204", res.StatusCode)
	}
	res, _ = app.post(t, "harbourside-toyota", "/api/events", []byte(`{"event_id":"fourteen"}`))
	if res.StatusCode != 422 {
		t.Errorf("event without an id: status %d, want 422", res.StatusCode)
	}
}

func TestSiteConfigHidesLeadDestinations(t *testing.T) {
	t.Parallel()
	app := newLeadsApp(t)
	req, _ := http.NewRequest("GET", app.srv.URL+"/api/site", nil)
	req.Host = "harbourside-toyota.localhost"
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	for _, secret := range []string{"FORECOURT_DEMO_LEAD_WEBHOOK", "crm-webhook", `"leads"`} {
		if bytes.Contains(b, []byte(secret)) {
			t.Errorf("/api/site leaks %s", secret)
		}
	}
}

func TestPersonalDataNeverLogged(t *testing.T) {
	t.Parallel()
	var logs bytes.Buffer
	app := newLeadsAppLogging(t, &logs)
	const site = "harbourside-toyota"
	car := app.car(t, site, func(c catalog.Car) bool { return true })
	p := enquiry(car.ID)
	p["name"], p["email"], p["phone"], p["message"] = "Zebedee", "zebedee@secret.example", "0499 111 222", "my secret plans"
	if res, body := app.post(t, site, "/api/leads?email=zebedee@secret.example", p); res.StatusCode != 201 {
		t.Fatalf("status %d %s", res.StatusCode, body)
	}
	p["email"] = "zebedee@@secret.example" // a 422 is logged as a request too
	app.post(t, site, "/api/leads", p)
	app.post(t, site, "/api/events", map[string]any{"event_id": 15, "email": "zebedee@secret.example"})
	if logs.Len() == 0 {
		t.Fatal("nothing was logged; the test cannot see a leak")
	}
	for _, secret := range []string{"Zebedee", "zebedee@", "0499 111 222", "0499111222", "my secret plans"} {
		if strings.Contains(logs.String(), secret) {
			t.Errorf("the logs carry %q:\n%s", secret, logs.String())
		}
	}
}

// docs/behaviour/roles.md: "Instant Message (chat) replaces Enquire Now when chat is
// configured". The chat panel's message arrives as an enquiry with subcategory
// 'Instant Message', stored with its car and queued like every lead; a site
// without chat refuses that type.
func TestChatLeadIsAnEnquiryWithItsCar(t *testing.T) {
	t.Parallel()
	app := newLeadsApp(t)
	const site = "summit-motor-group"
	car := app.car(t, site, func(c catalog.Car) bool { return c.Status == catalog.StatusInStock && c.StockNum != "" })
	p := enquiry(car.ID)
	p["subcategory"] = leads.ChatSubcategory
	p["stock_number"] = car.StockNum
	p["terms_accepted"] = true // summit asks every form for it
	res, body := app.post(t, site, "/api/leads", p)
	if res.StatusCode != http.StatusCreated {
		t.Fatalf("chat lead: status %d %s", res.StatusCode, body)
	}
	var created struct {
		LeadID string `json:"lead_id"`
	}
	json.Unmarshal(body, &created)
	lead, err := app.store.LeadByID(context.Background(), site, created.LeadID)
	if err != nil {
		t.Fatal(err)
	}
	if lead.Category != "enquiry" || lead.Subcategory != leads.ChatSubcategory || lead.Car == nil || lead.Car.StockNum != car.StockNum {
		t.Errorf("stored chat lead = %+v, car %+v", lead, lead.Car)
	}
	ds, _ := app.store.Deliveries(context.Background(), site)
	if !slicesContainsLead(ds, lead.ID) {
		t.Errorf("the chat lead queued no delivery: %+v", ds)
	}

	const ht = "harbourside-toyota" // no chat configured
	other := app.car(t, ht, func(c catalog.Car) bool { return c.Status == catalog.StatusInStock })
	p = enquiry(other.ID)
	p["subcategory"] = leads.ChatSubcategory
	res, body = app.post(t, ht, "/api/leads", p)
	var e apiError
	json.Unmarshal(body, &e)
	if res.StatusCode != http.StatusUnprocessableEntity || e.Error.Fields["subcategory"] != leads.MsgSubcategoryUnknown {
		t.Errorf("chat lead on a site without chat: status %d %s", res.StatusCode, body)
	}
}

func slicesContainsLead(ds []store.Delivery, id string) bool {
	for _, d := range ds {
		if d.LeadID == id {
			return true
		}
	}
	return false
}

// The API reads only JSON bodies: a write whose body is sent as a form,
// as text or without a type is refused with 415 before anything is done,
// and a write without a body (sign-out) needs no type.
func TestAPIWritesRefuseBodiesThatAreNotJSON(t *testing.T) {
	t.Parallel()
	app := newLeadsApp(t)
	const site = "harbourside-toyota"
	lead := map[string]any{"category": "finance", "name": "Jo", "email": "jo@example.com", "phone": "0412 345 678", "terms": true}
	for _, c := range []struct{ path, contentType string }{
		{"/api/leads", "text/plain"},
		{"/api/leads", "text/plain;charset=UTF-8"},
		{"/api/leads", "application/x-www-form-urlencoded"},
		{"/api/leads", "multipart/form-data; boundary=x"},
		{"/api/leads", ""},
		{"/api/leads", "application/jsonp"},
		{"/api/auth/otp", "text/plain"},
		{"/api/events", "text/plain"},
		{"/api/watchlist/save-car", "application/x-www-form-urlencoded"},
	} {
		res, body := app.post(t, site, c.path, lead, "Content-Type", c.contentType)
		var e apiError
		json.Unmarshal(body, &e)
		if res.StatusCode != http.StatusUnsupportedMediaType || e.Error.Code != "unsupported_media_type" || e.Error.Message == "" {
			t.Errorf("%s as %q: %d %s, want 415 unsupported_media_type", c.path, c.contentType, res.StatusCode, body)
		}
	}
	if stored, _ := app.store.Leads(context.Background(), site, time.Time{}); len(stored) != 0 {
		t.Errorf("%d leads stored from refused requests", len(stored))
	}
	for i, ct := range []string{"application/json", "application/json; charset=utf-8", "Application/JSON"} {
		l := maps.Clone(lead)
		l["message"] = fmt.Sprint("lead ", i)
		if res, body := app.post(t, site, "/api/leads", l, "Content-Type", ct); res.StatusCode != http.StatusCreated {
			t.Errorf("a lead sent as %q: %d %s", ct, res.StatusCode, body)
		}
	}
	req, _ := http.NewRequest("POST", app.srv.URL+"/api/auth/sign-out", nil)
	req.Host = site + ".localhost"
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode == http.StatusUnsupportedMediaType {
		t.Errorf("sign-out without a body was refused for its type")
	}
}

// A booking is named by what is booked, whatever the form sent: a caravan
// is inspected, a car test driven, so the dealer reads the right word.
func TestBookingLeadIsNamedByItsStock(t *testing.T) {
	t.Parallel()
	app := newLeadsApp(t)
	for _, c := range []struct {
		site, sent, want string
		pick             func(catalog.Car) bool
	}{
		{"outback-caravans", "Test Drive", leads.ViewingInspection, func(c catalog.Car) bool { return c.ItemType == catalog.ItemCaravan && c.Available() }},
		{"harbourside-toyota", "Inspection", leads.ViewingTestDrive, func(c catalog.Car) bool { return c.ItemType == "" && c.Available() }},
	} {
		car := app.car(t, c.site, c.pick)
		body := fmt.Sprintf(`{"category":"test_drive","subcategory":%q,"name":"Jo","email":"jo@example.com","phone":"0412345678","terms":true,"car_id":%d}`, c.sent, car.ID)
		res, out := app.post(t, c.site, "/api/leads", []byte(body))
		if res.StatusCode != http.StatusCreated {
			t.Fatalf("%s: status %d: %s", c.site, res.StatusCode, out)
		}
		var created struct {
			LeadID string `json:"lead_id"`
		}
		json.Unmarshal(out, &created)
		lead, err := app.store.LeadByID(context.Background(), c.site, created.LeadID)
		if err != nil {
			t.Fatal(err)
		}
		if lead.Subcategory != c.want {
			t.Errorf("%s: a booking sent as %q is stored as %q, want %q", c.site, c.sent, lead.Subcategory, c.want)
		}
	}
}
