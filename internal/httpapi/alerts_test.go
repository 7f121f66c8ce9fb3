package httpapi_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"forecourt/internal/accounts"
	"forecourt/internal/alerts"
	"forecourt/internal/apitypes"
	"forecourt/internal/catalog"
	"forecourt/internal/store"
	"forecourt/internal/store/postgres"
	"forecourt/internal/store/postgres/postgrestest"
)

// createSearch saves a search for the visitor and returns it.
func (a *authApp) createSearch(t *testing.T, cookie, name, path string) apitypes.SavedSearch {
	t.Helper()
	res := a.call(t, "POST", summit, "/api/saved-searches", cookie, map[string]string{"name": name, "path": path})
	if res.status != 201 {
		t.Fatalf("create: %d %s", res.status, res.body)
	}
	var out struct {
		Search apitypes.SavedSearch `json:"search"`
	}
	res.json(t, &out)
	return out.Search
}

func TestSavedSearchAlertSetting(t *testing.T) {
	t.Parallel()
	stores(t, func(t *testing.T, open func(t *testing.T) store.Store) {
		app := newAuthApp(t, open(t))
		contract := readContract(t)
		a := app.signIn(t, summit, mobileA, e164A)
		b := app.signIn(t, summit, mobileB, e164B)
		ss := app.createSearch(t, a, "Toyotas", "/search/used-cars/toyota")
		if ss.Alert != store.AlertDaily {
			t.Fatalf("a new search alerts %q, want daily", ss.Alert)
		}
		path := fmt.Sprintf("/api/saved-searches/%d", ss.ID)
		wantError(t, "signed out", app.call(t, "PATCH", summit, path, "", map[string]string{"alert": "off"}), 401, "unauthorized")
		for _, bad := range []any{map[string]string{"alert": "weekly"}, map[string]string{}, map[string]int{"alert": 1}, "instant"} {
			res := app.call(t, "PATCH", summit, path, a, bad)
			if res.status != 422 || res.err.Error.Code != "invalid" || res.err.Error.Fields["alert"] == "" {
				t.Errorf("alert %v: %d %s, want 422 fields.alert", bad, res.status, res.body)
			}
			if err := contract.check("PATCH", path, res.status, res.header.Get("Content-Type"), res.body); err != nil {
				t.Error(err)
			}
		}
		wantError(t, "an unknown id", app.call(t, "PATCH", summit, "/api/saved-searches/999999", a, map[string]string{"alert": "off"}), 404, "not_found")
		wantError(t, "another's search", app.call(t, "PATCH", summit, path, b, map[string]string{"alert": "off"}), 404, "not_found")
		wantError(t, "another site", app.call(t, "PATCH", harbour, path, a, map[string]string{"alert": "off"}), 401, "unauthorized")
		for _, alert := range []string{"instant", "off", "daily", "instant"} {
			if res := app.call(t, "PATCH", summit, path, a, map[string]string{"alert": alert}); res.status != 204 {
				t.Fatalf("set %s: %d %s", alert, res.status, res.body)
			}
			if got := app.searches(t, a); len(got) != 1 || got[0].Alert != alert {
				t.Fatalf("after setting %s: %+v", alert, got)
			}
		}
	})
}

func TestPriceDropAlertSetting(t *testing.T) {
	t.Parallel()
	stores(t, func(t *testing.T, open func(t *testing.T) store.Store) {
		app := newAuthApp(t, open(t))
		contract := readContract(t)
		wantError(t, "signed out", app.call(t, "GET", summit, "/api/me/alerts", "", nil), 401, "unauthorized")
		wantError(t, "signed out", app.call(t, "PUT", summit, "/api/me/alerts", "", map[string]bool{"price_drops": false}), 401, "unauthorized")
		a := app.signIn(t, summit, mobileA, e164A)
		get := func() bool {
			res := app.call(t, "GET", summit, "/api/me/alerts", a, nil)
			if err := contract.check("GET", "/api/me/alerts", res.status, res.header.Get("Content-Type"), res.body); err != nil {
				t.Error(err)
			}
			var out struct {
				PriceDrops *bool `json:"price_drops"`
			}
			res.json(t, &out)
			if out.PriceDrops == nil {
				t.Fatalf("no price_drops: %s", res.body)
			}
			return *out.PriceDrops
		}
		if !get() {
			t.Fatal("price-drop alerts are off by default")
		}
		for _, bad := range []any{map[string]string{"price_drops": "no"}, map[string]any{}, map[string]any{"price_drops": nil}, []int{1}} {
			res := app.call(t, "PUT", summit, "/api/me/alerts", a, bad)
			if res.status != 422 || res.err.Error.Fields["price_drops"] == "" {
				t.Errorf("%v: %d %s, want 422 fields.price_drops", bad, res.status, res.body)
			}
		}
		res := app.call(t, "PUT", summit, "/api/me/alerts", a, map[string]bool{"price_drops": false})
		if res.status != 200 || strings.TrimSpace(string(res.body)) != `{"price_drops":false}` {
			t.Fatalf("PUT: %d %s", res.status, res.body)
		}
		if err := contract.check("PUT", "/api/me/alerts", res.status, res.header.Get("Content-Type"), res.body); err != nil {
			t.Error(err)
		}
		if get() {
			t.Error("price-drop alerts still on after PUT false")
		}
		// Another site's setting is its own.
		h := app.signIn(t, harbour, mobileA, e164A)
		if res := app.call(t, "GET", harbour, "/api/me/alerts", h, nil); !strings.Contains(string(res.body), "true") {
			t.Errorf("another site: %s", res.body)
		}
	})
}

// alertLog is a log sender's output: its "alert" lines.
type alertLog struct{ buf syncBuffer }

func (l *alertLog) sender() accounts.LogSender {
	return accounts.LogSender{Logger: slog.New(slog.NewJSONHandler(&l.buf, nil))}
}

type alertLine struct {
	Msg, Kind, Site, Phone, Text string
}

func (l *alertLog) lines(t *testing.T, kind string) []alertLine {
	t.Helper()
	var out []alertLine
	for _, line := range strings.Split(strings.TrimSpace(l.buf.String()), "\n") {
		if line == "" {
			continue
		}
		var a alertLine
		if err := json.Unmarshal([]byte(line), &a); err != nil {
			t.Fatalf("log line %q: %v", line, err)
		}
		if a.Msg == "alert" && (kind == "" || a.Kind == kind) {
			out = append(out, a)
		}
	}
	return out
}

// waitFor polls until ok holds, failing the test after 10 s.
func waitFor(t *testing.T, what string, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// stopToken is the t of the message's stop link, which ends it.
func stopToken(t *testing.T, text string) string {
	t.Helper()
	i := strings.LastIndex(text, " ")
	u, err := url.Parse(text[i+1:])
	if err != nil || u.Path != alerts.StopPath || u.Query().Get("t") == "" {
		t.Fatalf("the message %q does not end with a stop link", text)
	}
	return u.Query().Get("t")
}

// alertWorker runs a worker over the app, as serve does with
// --alerts-quiet-hours=false, until the test ends.
func (a *authApp) alertWorker(t *testing.T, log *alertLog) (w *alerts.Worker, stop func()) {
	w = alerts.NewWorker(alerts.Worker{Store: a.store, Sites: a.api.Sites, Stock: a.api.Listing.FreshStock, Sender: log.sender(),
		Now: a.clock.Now, Every: time.Hour})
	a.api.Listing.OnStockChanged(w.Wake)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { w.Run(ctx); close(done) }()
	// Stopping waits for a pass under way: a message it claimed is sent.
	stop = sync.OnceFunc(func() { cancel(); <-done })
	t.Cleanup(stop)
	return w, stop
}

// End to end: a stock change that adds a car a search finds sends one
// new_matches message (and no second within the hour); a watched car's
// price falling sends one price_drop; each stop link silences the next.
func TestAlertsEndToEnd(t *testing.T) {
	t.Parallel()
	stores(t, func(t *testing.T, open func(t *testing.T) store.Store) {
		app := newAuthApp(t, open(t))
		contract := readContract(t)
		log := &alertLog{}
		w, _ := app.alertWorker(t, log)
		ctx := context.Background()
		a := app.signIn(t, summit, mobileA, e164A)
		ss := app.createSearch(t, a, "Toyota HiLux under $50,000", "/search/used-cars/toyota")
		app.call(t, "PATCH", summit, fmt.Sprintf("/api/saved-searches/%d", ss.ID), a, map[string]string{"alert": "instant"})

		app.clock.Add(time.Minute)
		app.addCar(t, summit, "new-hilux", "Toyota")
		waitFor(t, "a new_matches alert", func() bool { return len(log.lines(t, "new_matches")) > 0 })
		got := log.lines(t, "new_matches")[0]
		for _, want := range []string{"Summit Motor Group", `1 new car matches "Toyota HiLux under $50,000"`,
			"https://summit-motor-group.example/search/used-cars/toyota "} {
			if !strings.Contains(got.Text, want) {
				t.Errorf("message %q lacks %q", got.Text, want)
			}
		}
		if got.Site != summit || got.Phone != "***678" || strings.Contains(log.buf.String(), "412345678") {
			t.Errorf("alert line %+v", got)
		}
		searchStop := stopToken(t, got.Text)

		// Another match within the hour waits for the hour.
		app.clock.Add(time.Minute)
		app.addCar(t, summit, "newer-hilux", "Toyota")
		w.Pass(ctx)
		if n := len(log.lines(t, "new_matches")); n != 1 {
			t.Fatalf("%d new_matches messages within the hour, want 1", n)
		}
		app.clock.Add(time.Hour)
		w.Pass(ctx)
		// The worker's own pass, woken by the second car, may still be
		// reading the stock: if it reads the clock after the hour, it wins
		// the claim over the pass above and sends the message itself, a
		// little later.
		waitFor(t, "the held new_matches alert", func() bool { return len(log.lines(t, "new_matches")) >= 2 })
		if l := log.lines(t, "new_matches"); len(l) != 2 || !strings.Contains(l[1].Text, "1 new car matches") {
			t.Fatalf("an hour later: %+v, want the one held", l)
		}

		// A watched car's price falls.
		car := app.addCar(t, summit, "watched-hilux", "Toyota")
		if res := app.call(t, "POST", summit, "/api/watchlist/save-car", a, map[string]any{"phone_number": mobileA, "car_id": car.ID}); res.status != 200 {
			t.Fatalf("save-car: %d %s", res.status, res.body)
		}
		lower := func(price int) {
			t.Helper()
			app.clock.Add(time.Minute)
			c, err := app.store.CarBySlug(ctx, summit, car.Slug)
			if err != nil {
				t.Fatal(err)
			}
			c.Price, c.UpdatedAt = price, app.clock.Now()
			if err := app.store.SaveCars(ctx, summit, []catalog.Car{c}); err != nil {
				t.Fatal(err)
			}
			app.api.Listing.StockChanged(summit)
		}
		lower(50990)
		waitFor(t, "a price_drop alert", func() bool { return len(log.lines(t, "price_drop")) > 0 })
		w.Pass(ctx)
		drops := log.lines(t, "price_drop")
		if len(drops) != 1 || !strings.Contains(drops[0].Text, "2021 Toyota Hilux SR5 is now $50,990, was $52,990") ||
			!strings.Contains(drops[0].Text, "https://summit-motor-group.example/cars/watched-hilux ") {
			t.Fatalf("price drops %+v", drops)
		}

		// Each stop link, without sign-in, silences its alert.
		for _, token := range []string{stopToken(t, drops[0].Text), searchStop} {
			wantError(t, "another site's stop", app.call(t, "POST", harbour, "/api/alerts/stop", "", map[string]string{"token": token}), 404, "not_found")
			res := app.call(t, "POST", summit, "/api/alerts/stop", "", map[string]string{"token": token})
			if res.status != 200 || !strings.Contains(string(res.body), `"on":false`) {
				t.Fatalf("stop: %d %s", res.status, res.body)
			}
			if err := contract.check("POST", "/api/alerts/stop", res.status, res.header.Get("Content-Type"), res.body); err != nil {
				t.Error(err)
			}
		}
		if res := app.call(t, "GET", summit, "/api/me/alerts", a, nil); !strings.Contains(string(res.body), `"price_drops":false`) {
			t.Errorf("after the stop link: %s", res.body)
		}
		if got := app.searches(t, a); got[0].Alert != store.AlertOff {
			t.Errorf("after the stop link the search alerts %q", got[0].Alert)
		}
		lower(49990)
		app.clock.Add(2 * time.Hour)
		app.addCar(t, summit, "another-hilux", "Toyota")
		w.Pass(ctx)
		if n, m := len(log.lines(t, "price_drop")), len(log.lines(t, "new_matches")); n != 1 || m != 2 {
			t.Fatalf("after stopping: %d price drops, %d new matches sent; want 1 and 2", n, m)
		}

		// A stop link works once: used again (a forwarded text) it changes
		// nothing and says the alert is off; and it cannot turn the alert
		// back on, which needs sign-in (docs/behaviour/http.md#alert-stop-links).
		res := app.call(t, "POST", summit, "/api/alerts/stop", "", map[string]string{"token": searchStop})
		if res.status != 200 || !strings.Contains(string(res.body), `"spent":true`) || !strings.Contains(string(res.body), `"on":false`) {
			t.Fatalf("a spent stop link: %d %s", res.status, res.body)
		}
		if err := contract.check("POST", "/api/alerts/stop", res.status, res.header.Get("Content-Type"), res.body); err != nil {
			t.Error(err)
		}
		wantError(t, "resuming by token", app.call(t, "POST", summit, "/api/alerts/resume", "", map[string]string{"token": searchStop}), 404, "not_found")
		if got := app.searches(t, a); got[0].Alert != store.AlertOff {
			t.Errorf("after a resume by token the search alerts %q", got[0].Alert)
		}
		// Signed in, the buyer turns it back on; the spent link, opened
		// again, leaves it on and says so.
		if res := app.call(t, "PATCH", summit, fmt.Sprintf("/api/saved-searches/%d", app.searches(t, a)[0].ID), a, map[string]string{"alert": "instant"}); res.status != 204 {
			t.Fatalf("turning the alert back on, signed in: %d %s", res.status, res.body)
		}
		res = app.call(t, "POST", summit, "/api/alerts/stop", "", map[string]string{"token": searchStop})
		if res.status != 200 || !strings.Contains(string(res.body), `"spent":true`) || !strings.Contains(string(res.body), `"on":true`) {
			t.Fatalf("a spent link after the alert was turned back on: %d %s", res.status, res.body)
		}
		if got := app.searches(t, a); got[0].Alert != store.AlertInstant {
			t.Errorf("a spent link turned the alert off again: %q", got[0].Alert)
		}
		// Past 90 days a link stops nothing.
		app.clock.Add(store.StopLinkTTL)
		wantError(t, "a stop link past 90 days", app.call(t, "POST", summit, "/api/alerts/stop", "", map[string]string{"token": stopToken(t, drops[0].Text)}), 404, "not_found")
		wantError(t, "an unknown token", app.call(t, "POST", summit, "/api/alerts/stop", "", map[string]string{"token": "nope"}), 404, "not_found")
		wantError(t, "no token", app.call(t, "POST", summit, "/api/alerts/stop", "", map[string]string{}), 404, "not_found")
	})
}

// Two server instances over one PostgreSQL database, each with its worker,
// both noticing the same stock change: each alert goes once.
func TestTwoNodesSendEachAlertOnce(t *testing.T) {
	t.Parallel()
	dbURL := postgrestest.TestDatabase(t)
	openPG := func() store.Store {
		st, err := postgres.Open(context.Background(), dbURL)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		return st
	}
	one, two := newAuthApp(t, openPG()), newAuthApp(t, openPG())
	two.clock = one.clock
	log := &alertLog{}
	w1, stop1 := one.alertWorker(t, log)
	w2, stop2 := two.alertWorker(t, log)
	workers := []*alerts.Worker{w1, w2}
	a := one.signIn(t, summit, mobileA, e164A)
	ss := one.createSearch(t, a, "Toyotas", "/search/used-cars/toyota")
	one.call(t, "PATCH", summit, fmt.Sprintf("/api/saved-searches/%d", ss.ID), a, map[string]string{"alert": "instant"})
	one.clock.Add(time.Minute)
	car := one.addCar(t, summit, "watched-hilux", "Toyota")
	one.call(t, "POST", summit, "/api/watchlist/save-car", a, map[string]any{"phone_number": mobileA, "car_id": car.ID})
	one.clock.Add(time.Minute)
	car.Price, car.UpdatedAt = car.Price-1000, one.clock.Now()
	if err := one.store.SaveCars(context.Background(), summit, []catalog.Car{car}); err != nil {
		t.Fatal(err)
	}
	one.api.Listing.StockChanged(summit)
	two.api.Listing.StockChanged(summit)
	var wg sync.WaitGroup
	for range 3 {
		for _, w := range workers {
			wg.Add(1)
			go func() { defer wg.Done(); w.Pass(context.Background()) }()
		}
	}
	wg.Wait()
	// The workers' own passes, woken by the stock change, may have claimed
	// an alert and not yet sent it: wait for one of each, then stop them
	// (a pass under way ends first), and only then count.
	waitFor(t, "a new_matches and a price_drop message", func() bool {
		return len(log.lines(t, "new_matches")) > 0 && len(log.lines(t, "price_drop")) > 0
	})
	stop1()
	stop2()
	if n, m := len(log.lines(t, "new_matches")), len(log.lines(t, "price_drop")); n != 1 || m != 1 {
		t.Fatalf("%d new_matches and %d price_drop messages, want one each:\n%s", n, m, log.buf.String())
	}
}
