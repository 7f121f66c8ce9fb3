package httpapi_test

import (
	"encoding/json"
	"net/http"
	"net/netip"
	"strconv"
	"testing"
	"time"

	"forecourt/internal/httpapi"
)

// pdfApp is the demo sites behind a trusted proxy at the loopback address,
// so X-Forwarded-For names the visitor, on a clock that stands still: the
// sheet allowance never refills during the test.
func pdfApp(t *testing.T) *testApp {
	t.Helper()
	ref := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	reg, st := demoStore(t, ref)
	h, srv := serve(t, &httpapi.Server{Sites: reg, Store: st, Web: webApp, Pages: corePages(t),
		Now:            func() time.Time { return ref.Add(time.Hour) },
		TrustedProxies: []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("::1/128")}})
	return &testApp{srv: srv, handler: h}
}

func TestThePDFOfAMissingCarIs404(t *testing.T) {
	t.Parallel()
	a := pdfApp(t)
	for range 10 { // never limited: a miss costs an index look-up
		res, body := a.get(t, harbourside, "/api/cars/no-such-car-123/print.pdf", "X-Forwarded-For", "203.0.113.5")
		if res.StatusCode != http.StatusNotFound {
			t.Fatalf("status %d, want 404: %.200s", res.StatusCode, body)
		}
	}
}

// A burst of sheets from one address is cut off with 429 rate_limited and
// a Retry-After; another visitor still gets theirs.
func TestABurstOfPDFsFromOneAddressIsLimited(t *testing.T) {
	t.Parallel()
	a := pdfApp(t)
	slug, _ := a.firstInStock(t, harbourside)
	path := "/api/cars/" + slug + "/print.pdf"
	ok, limited := 0, 0
	for range 10 {
		res, body := a.get(t, harbourside, path, "X-Forwarded-For", "203.0.113.7")
		switch res.StatusCode {
		case http.StatusOK:
			if limited > 0 {
				t.Fatal("a sheet was served after the limit, on a clock that stands still")
			}
			ok++
		case http.StatusTooManyRequests:
			limited++
			var e struct {
				Error struct{ Code, Message string } `json:"error"`
			}
			if err := json.Unmarshal([]byte(body), &e); err != nil || e.Error.Code != "rate_limited" || e.Error.Message == "" {
				t.Errorf("429 body %q", body)
			}
			if s, err := strconv.Atoi(res.Header.Get("Retry-After")); err != nil || s < 1 {
				t.Errorf("Retry-After %q", res.Header.Get("Retry-After"))
			}
		default:
			t.Fatalf("status %d: %.200s", res.StatusCode, body)
		}
	}
	if ok == 0 || limited == 0 {
		t.Fatalf("%d served, %d limited; want some of each", ok, limited)
	}
	if res, _ := a.get(t, harbourside, path, "X-Forwarded-For", "198.51.100.9"); res.StatusCode != http.StatusOK {
		t.Errorf("another visitor: status %d, want 200", res.StatusCode)
	}
}
