package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"forecourt/internal/catalog"
)

// lockedLog is serve's log, read while serve writes it.
type lockedLog struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

// lines are the log's JSON lines with that msg.
func (l *lockedLog) lines(msg string) []map[string]any {
	l.mu.Lock()
	text := l.b.String()
	l.mu.Unlock()
	var out []map[string]any
	for _, line := range strings.Split(text, "\n") {
		var rec map[string]any
		if json.Unmarshal([]byte(line), &rec) == nil && rec["msg"] == msg {
			out = append(out, rec)
		}
	}
	return out
}

// wait polls until the log holds n lines with msg (and kind, when not "").
func (l *lockedLog) wait(t *testing.T, msg, kind string, n int) []map[string]any {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		var got []map[string]any
		for _, rec := range l.lines(msg) {
			if kind == "" || rec["kind"] == kind {
				got = append(got, rec)
			}
		}
		if len(got) >= n || time.Now().After(deadline) {
			if len(got) < n {
				t.Fatalf("%d %q %s lines after 15 s, want %d", len(got), msg, kind, n)
			}
			return got
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// serve --otp-log (which sends at any hour: nothing reaches a phone): a car another process saves
// that a buyer's instant search finds, and a fall in price of a car on
// their watchlist, each come out as one "alert" log line.
func TestServeLogsAlertsOfStockChanges(t *testing.T) {
	t.Parallel()
	log := &lockedLog{}
	env := map[string]string{}
	dataDir := seededData(t, env)
	port, stop := launchServeLogging(t, env, log, "--data", dataDir, "--otp-log", "--ssr=false")
	defer stop()
	const site = "summit-motor-group"
	base := "http://127.0.0.1:" + port
	var cookie string
	call := func(method, path string, body any) (int, []byte) {
		t.Helper()
		b, _ := json.Marshal(body)
		req, _ := http.NewRequest(method, base+path, bytes.NewReader(b))
		req.Host = site + ".localhost"
		req.Header.Set("Content-Type", "application/json")
		if cookie != "" {
			req.AddCookie(&http.Cookie{Name: "forecourt_session", Value: cookie})
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		for _, c := range res.Cookies() {
			if c.Name == "forecourt_session" {
				cookie = c.Value
			}
		}
		out, _ := io.ReadAll(res.Body)
		return res.StatusCode, out
	}
	if code, body := call("POST", "/api/auth/otp", map[string]string{"phone": "0412 345 678"}); code != 204 {
		t.Fatalf("otp: %d %s", code, body)
	}
	otp := log.wait(t, "one-time code", "", 1)[0]["code"]
	if code, body := call("POST", "/api/auth/verify", map[string]any{"phone": "0412 345 678", "code": otp}); code != 200 {
		t.Fatalf("verify: %d %s", code, body)
	}
	code, body := call("POST", "/api/saved-searches", map[string]string{"name": "Used cars", "path": "/search/used-cars"})
	var saved struct {
		Search struct {
			ID int64 `json:"id"`
		} `json:"search"`
	}
	if code != 201 || json.Unmarshal(body, &saved) != nil {
		t.Fatalf("save search: %d %s", code, body)
	}
	if code, body := call("PATCH", "/api/saved-searches/"+strconv.FormatInt(saved.Search.ID, 10), map[string]string{"alert": "instant"}); code != 204 {
		t.Fatalf("patch: %d %s", code, body)
	}

	// Another process (an import) saves a new car and lowers a watched one.
	ctx := context.Background()
	st, _, err := openStore(ctx, dataDir, func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	cars, err := st.Cars(ctx, site)
	if err != nil {
		t.Fatal(err)
	}
	var watched catalog.Car
	for _, c := range cars {
		if c.Available() && c.ShowOnWebsite && c.Price > 10000 {
			watched = c
			break
		}
	}
	if code, body := call("POST", "/api/watchlist/save-car", map[string]any{"phone_number": "0412 345 678", "car_id": watched.ID}); code != 200 {
		t.Fatalf("save car: %d %s", code, body)
	}
	fresh := watched
	fresh.ID, fresh.Slug, fresh.StockNum, fresh.VIN = 0, "alert-test-car", "ALERT1", ""
	fresh.CreatedAt, fresh.UpdatedAt = time.Now().Add(time.Second), time.Now().Add(time.Second)
	if err := st.SaveCars(ctx, site, []catalog.Car{fresh}); err != nil {
		t.Fatal(err)
	}
	got := log.wait(t, "alert", "new_matches", 1)
	if text, _ := got[0]["text"].(string); got[0]["site"] != site || got[0]["phone"] != "***678" ||
		!strings.Contains(text, `new car`) || !strings.Contains(text, "/alerts/stop?t=") {
		t.Errorf("new_matches line %v", got[0])
	}
	watched.Price, watched.UpdatedAt = watched.Price-1000, time.Now().Add(time.Second)
	if err := st.SaveCars(ctx, site, []catalog.Car{watched}); err != nil {
		t.Fatal(err)
	}
	drop := log.wait(t, "alert", "price_drop", 1)
	if text, _ := drop[0]["text"].(string); !strings.Contains(text, "is now "+catalog.FormatPrice(watched.Price)) {
		t.Errorf("price_drop line %v", drop[0])
	}
	if n := len(log.lines("alert")); n != 2 {
		t.Errorf("%d alert lines, want 2:\n%v", n, log.lines("alert"))
	}
	log.mu.Lock()
	whole := strings.Contains(log.b.String(), "412345678")
	log.mu.Unlock()
	if whole {
		t.Error("the log holds the whole phone number")
	}
}
