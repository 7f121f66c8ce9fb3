package accounts_test

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"forecourt/internal/accounts"
)

func TestMobile(t *testing.T) {
	cases := []struct {
		country, in, want string
	}{
		{"AU", "0412 345 678", "+61412345678"},
		{"AU", "0412-345-678", "+61412345678"},
		{"AU", "+61 412 345 678", "+61412345678"},
		{"AU", "+61 (0) 412 345 678", "+61412345678"},
		{"AU", "0061 412 345 678", "+61412345678"},
		{"AU", "0512 345 678", ""}, // not a mobile range
		{"AU", "02 9876 5432", ""},
		{"AU", "041234567", ""},
		{"AU", "04123456789", ""},
		{"AU", "+64 21 123 4567", ""},
		{"AU", "0412 345 67a", ""},
		{"NZ", "021 123 4567", "+64211234567"},
		{"NZ", "022 123 456", "+6422123456"},
		{"NZ", "+64 27 123 4567", "+64271234567"},
		{"NZ", "027 1234 56789", ""},
		{"NZ", "03 379 1234", ""},
		{"NZ", "0412 345 678", ""},
	}
	for _, c := range cases {
		got, ok := accounts.Mobile(c.country, c.in)
		if got != c.want || ok != (c.want != "") {
			t.Errorf("Mobile(%s, %q) = %q, %v; want %q", c.country, c.in, got, ok, c.want)
		}
	}
}

func TestMasked(t *testing.T) {
	if got := accounts.Masked("+61412345678"); got != "***678" {
		t.Errorf("Masked = %q", got)
	}
}

func TestGatewaySenderPostsToAndMessage(t *testing.T) {
	type received struct {
		auth, contentType string
		body              map[string]string
	}
	got := make(chan received, 1)
	status := http.StatusAccepted
	gw := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var rec received
		rec.auth, rec.contentType = r.Header.Get("Authorization"), r.Header.Get("Content-Type")
		if r.Method != http.MethodPost {
			t.Errorf("gateway got %s", r.Method)
		}
		_ = json.NewDecoder(r.Body).Decode(&rec.body)
		got <- rec
		w.WriteHeader(status)
	}))
	defer gw.Close()
	s := accounts.GatewaySender{URL: gw.URL + "/sms", Token: "s3cret"}
	code := accounts.Code{Site: "summit-motor-group", SiteName: "Summit Motor Group", Phone: "+61412345678", Code: "042917"}
	if err := s.Send(context.Background(), code); err != nil {
		t.Fatalf("Send: %v", err)
	}
	rec := <-got
	if rec.auth != "Bearer s3cret" || !strings.HasPrefix(rec.contentType, "application/json") {
		t.Errorf("headers: auth %q, type %q", rec.auth, rec.contentType)
	}
	if rec.body["to"] != "+61412345678" || !strings.Contains(rec.body["message"], "042917") ||
		!strings.Contains(rec.body["message"], "Summit Motor Group") || len(rec.body) != 2 {
		t.Errorf("body = %v", rec.body)
	}

	status = http.StatusBadGateway
	if err := s.Send(context.Background(), code); err == nil || !strings.Contains(err.Error(), "502") {
		t.Errorf("a 502 from the gateway: %v, want an error naming it", err)
	}
	<-got

	// A gateway that does not answer fails within the caller's deadline.
	release := make(chan struct{})
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		<-release
	}))
	defer slow.Close()
	defer close(release)
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	if err := (accounts.GatewaySender{URL: slow.URL}).Send(ctx, code); err == nil {
		t.Error("a gateway that never answers: no error")
	}
	if err := (accounts.GatewaySender{URL: "://bad"}).Send(context.Background(), code); err == nil {
		t.Error("an unreadable gateway URL: no error")
	}
}

// An alert goes to the log as one "alert" line with its kind, site, the
// phone masked to its last three digits and the whole text; nothing else.
func TestLogSenderAlertLineMasksThePhone(t *testing.T) {
	var buf bytes.Buffer
	s := accounts.LogSender{Logger: slog.New(slog.NewJSONHandler(&buf, nil))}
	err := s.SendText(context.Background(), accounts.Text{Site: "summit-motor-group", Kind: "price_drop", Phone: "+61412345678", Body: "Summit: a car is now $1"})
	if err != nil {
		t.Fatal(err)
	}
	var rec map[string]any
	if err := json.Unmarshal(buf.Bytes(), &rec); err != nil {
		t.Fatalf("%q: %v", buf.String(), err)
	}
	want := map[string]any{"msg": "alert", "kind": "price_drop", "site": "summit-motor-group", "phone": "***678", "text": "Summit: a car is now $1"}
	for k, v := range want {
		if rec[k] != v {
			t.Errorf("%s = %v, want %v", k, rec[k], v)
		}
	}
	if len(rec) != len(want)+2 { // and time, level
		t.Errorf("the line carries more than it should: %v", rec)
	}
	if strings.Contains(buf.String(), "412345") {
		t.Errorf("the log holds the number: %s", buf.String())
	}
}
