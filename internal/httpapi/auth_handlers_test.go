package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"forecourt/internal/accountapi"
	"forecourt/internal/accounts"
	"forecourt/internal/catalog"
	"forecourt/internal/httpapi"
	"forecourt/internal/httpmw"
	"forecourt/internal/store"
	"forecourt/internal/store/postgres"
	"forecourt/internal/store/postgres/postgrestest"
	"forecourt/internal/store/sqlite"
	"forecourt/internal/store/storetest"
)

const (
	summit   = "summit-motor-group"
	harbour  = "harbourside-toyota"
	alps     = "southern-alps-motors"
	mobileA  = "0412 345 678"
	e164A    = "+61412345678"
	mobileB  = "+61 498 765 432"
	e164B    = "+61498765432"
	evilSite = "https://evil.example"
)

// clock is the server's Now, moved by tests.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func newClock(t time.Time) *clock    { return &clock{t: t} }
func (c *clock) Now() time.Time      { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) Add(d time.Duration) { c.mu.Lock(); c.t = c.t.Add(d); c.mu.Unlock() }

// codeBox is a sender that keeps the last code per phone.
type codeBox struct {
	mu   sync.Mutex
	last map[string]string
	n    int
}

func (b *codeBox) Send(_ context.Context, c accounts.Code) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.last == nil {
		b.last = map[string]string{}
	}
	b.last[c.Site+" "+c.Phone] = c.Code
	b.n++
	return nil
}

func (b *codeBox) code(site, phone string) string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.last[site+" "+phone]
}

type authApp struct {
	srv   *httptest.Server
	api   *httpapi.Server
	store store.Store
	clock *clock
	codes *codeBox
	cars  map[string][]int64 // site → ids of its cars
}

// stores runs fn on a SQLite file and on PostgreSQL (skipped when it
// cannot be reached).
func stores(t *testing.T, fn func(t *testing.T, open func(t *testing.T) store.Store)) {
	t.Run("sqlite", func(t *testing.T) {
		fn(t, func(t *testing.T) store.Store {
			st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "forecourt.db"))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { st.Close() })
			return st
		})
	})
	t.Run("postgres", func(t *testing.T) {
		fn(t, func(t *testing.T) store.Store {
			st, err := postgres.Open(context.Background(), postgrestest.TestDatabase(t))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { st.Close() })
			return st
		})
	})
}

// newAuthApp serves the demo site configs over st holding two cars per
// site, with a sender that keeps codes and a clock the test moves.
func newAuthApp(t *testing.T, st store.Store, configure ...func(*httpapi.Server)) *authApp {
	t.Helper()
	reg := sites(t)
	app := &authApp{store: st, clock: newClock(time.Date(2026, 11, 24, 9, 0, 0, 0, time.UTC)), codes: &codeBox{}, cars: map[string][]int64{}}
	for _, site := range []string{summit, harbour, alps} {
		// A second node over the same database finds the cars saved.
		cars, err := st.Cars(context.Background(), site)
		if err != nil {
			t.Fatal(err)
		}
		if len(cars) == 0 {
			cars = []catalog.Car{storetest.FullCar(0, site+"-car-1"), storetest.FullCar(0, site+"-car-2")}
			if err := st.SaveCars(context.Background(), site, cars); err != nil {
				t.Fatal(err)
			}
		}
		app.cars[site] = []int64{cars[0].ID, cars[1].ID}
	}
	s := &httpapi.Server{Sites: reg, Store: st, Web: webApp, Pages: corePages(t), Now: app.clock.Now,
		Accounts: &accounts.Service{Store: st, Sender: app.codes, Now: app.clock.Now}}
	for _, c := range configure {
		c(s)
	}
	_, app.srv = serve(t, s)
	app.api = s
	return app
}

type answer struct {
	status int
	header http.Header
	body   []byte
	err    apiError
}

func (a answer) json(t *testing.T, v any) {
	t.Helper()
	if err := json.Unmarshal(a.body, v); err != nil {
		t.Fatalf("answer %d %q: %v", a.status, a.body, err)
	}
}

// call sends a request to site with the session cookie (when not "") and
// extra header pairs.
func (a *authApp) call(t *testing.T, method, site, path, cookie string, body any, header ...string) answer {
	t.Helper()
	var r io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		r = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, a.srv.URL+path, r)
	req.Host = site + ".localhost"
	req.Header.Set("Content-Type", "application/json")
	if cookie != "" {
		req.AddCookie(&http.Cookie{Name: accountapi.SessionCookie, Value: cookie})
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	out := answer{status: res.StatusCode, header: res.Header}
	out.body, _ = io.ReadAll(res.Body)
	if res.StatusCode >= 400 {
		_ = json.Unmarshal(out.body, &out.err)
	}
	return out
}

func sessionCookie(res answer) *http.Cookie {
	for _, c := range (&http.Response{Header: res.header}).Cookies() {
		if c.Name == accountapi.SessionCookie {
			return c
		}
	}
	return nil
}

// signIn asks for a code and verifies it, returning the session cookie's value.
func (a *authApp) signIn(t *testing.T, site, phone, e164 string) string {
	t.Helper()
	if res := a.call(t, "POST", site, "/api/auth/otp", "", map[string]string{"phone": phone}); res.status != 204 {
		t.Fatalf("otp: %d %s", res.status, res.body)
	}
	res := a.call(t, "POST", site, "/api/auth/verify", "", map[string]string{"phone": phone, "code": a.codes.code(site, e164)})
	if res.status != 200 {
		t.Fatalf("verify: %d %s", res.status, res.body)
	}
	c := sessionCookie(res)
	if c == nil {
		t.Fatal("verify set no session cookie")
	}
	// A fresh send a minute later would pass the per-number gap.
	a.clock.Add(time.Minute)
	return c.Value
}

func wantError(t *testing.T, what string, res answer, status int, code string) {
	t.Helper()
	if res.status != status || res.err.Error.Code != code {
		t.Errorf("%s: %d %s, want %d %s", what, res.status, res.body, status, code)
	}
}

func TestSignInSessionAndSignOut(t *testing.T) {
	t.Parallel()
	stores(t, func(t *testing.T, open func(t *testing.T) store.Store) {
		app := newAuthApp(t, open(t))
		wantError(t, "me signed out", app.call(t, "GET", summit, "/api/me", "", nil), 401, "unauthorized")

		if res := app.call(t, "POST", summit, "/api/auth/otp", "", map[string]string{"phone": mobileA}); res.status != 204 || len(res.body) != 0 {
			t.Fatalf("otp: %d %q, want 204 and no body", res.status, res.body)
		}
		code := app.codes.code(summit, e164A)
		if !regexp.MustCompile(`^\d{6}$`).MatchString(code) {
			t.Fatalf("code sent %q, want 6 digits", code)
		}
		wrong := fmt.Sprintf("%06d", (atoi(code)+1)%1000000)
		res := app.call(t, "POST", summit, "/api/auth/verify", "", map[string]string{"phone": mobileA, "code": wrong})
		wantError(t, "wrong code", res, 422, "invalid")
		if res.err.Error.Fields["code"] != accounts.MsgCodeWrong {
			t.Errorf("wrong code fields = %v", res.err.Error.Fields)
		}
		// The code is right in any spelling of the number.
		res = app.call(t, "POST", summit, "/api/auth/verify", "", map[string]string{"phone": "+61 412-345-678", "code": code})
		if res.status != 200 || !strings.Contains(string(res.body), `"phone":"`+e164A+`"`) {
			t.Fatalf("verify: %d %s", res.status, res.body)
		}
		c := sessionCookie(res)
		if c == nil || !c.HttpOnly || c.SameSite != http.SameSiteLaxMode || c.Path != "/" || c.Secure ||
			c.MaxAge != 30*24*3600 || len(c.Value) != 43 {
			t.Fatalf("session cookie = %+v", c)
		}
		res = app.call(t, "GET", summit, "/api/me", c.Value, nil)
		if res.status != 200 || strings.TrimSpace(string(res.body)) != `{"phone":"`+e164A+`"}` {
			t.Errorf("me: %d %s", res.status, res.body)
		}
		// Single use: the same code again is refused.
		res = app.call(t, "POST", summit, "/api/auth/verify", "", map[string]string{"phone": mobileA, "code": code})
		wantError(t, "used code", res, 422, "invalid")

		// The cookie means nothing on another site's host.
		wantError(t, "session on another site", app.call(t, "GET", harbour, "/api/me", c.Value, nil), 401, "unauthorized")
		wantError(t, "watchlist on another site", app.call(t, "GET", harbour, "/api/watchlist", c.Value, nil), 401, "unauthorized")

		// Sign-out ends the session and clears the cookie.
		res = app.call(t, "POST", summit, "/api/auth/sign-out", c.Value, nil)
		if cleared := sessionCookie(res); res.status != 204 || cleared == nil || cleared.MaxAge >= 0 || cleared.Value != "" {
			t.Fatalf("sign-out: %d, cookie %+v", res.status, cleared)
		}
		wantError(t, "me after sign-out", app.call(t, "GET", summit, "/api/me", c.Value, nil), 401, "unauthorized")

		// A session expires after 30 days.
		app.clock.Add(time.Minute)
		c2 := app.signIn(t, summit, mobileA, e164A)
		app.clock.Add(30*24*time.Hour + time.Second)
		wantError(t, "me after 30 days", app.call(t, "GET", summit, "/api/me", c2, nil), 401, "unauthorized")
	})
}

func atoi(s string) int {
	n := 0
	fmt.Sscan(s, &n)
	return n
}

// behindProxy trusts the test's own address as a proxy, so each call may
// name its visitor's address in X-Forwarded-For.
func behindProxy(s *httpapi.Server) {
	s.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}
}

func TestCodeExpiresAndLocksAfterFiveWrongTries(t *testing.T) {
	t.Parallel()
	stores(t, func(t *testing.T, open func(t *testing.T) store.Store) {
		app := newAuthApp(t, open(t), behindProxy)
		const owner = "198.51.100.1"
		sends := 0
		send := func() string {
			t.Helper()
			// The owner asks from a new address each time (a phone moving
			// between networks): this test is about tries, not sends.
			sends++
			if res := app.call(t, "POST", summit, "/api/auth/otp", "", map[string]string{"phone": mobileA}, "X-Forwarded-For", fmt.Sprintf("198.51.100.%d", 10+sends)); res.status != 204 {
				t.Fatalf("otp: %d %s", res.status, res.body)
			}
			return app.codes.code(summit, e164A)
		}
		verifyFrom := func(addr, code string) answer {
			return app.call(t, "POST", summit, "/api/auth/verify", "", map[string]string{"phone": mobileA, "code": code}, "X-Forwarded-For", addr)
		}
		verify := func(code string) answer { return verifyFrom(owner, code) }
		code := send()
		app.clock.Add(10*time.Minute + time.Second)
		wantError(t, "code after 10 minutes", verify(code), 422, "invalid")

		// Five wrong tries, from two addresses, void the code.
		code = send()
		app.clock.Add(9 * time.Minute)
		wrong := fmt.Sprintf("%06d", (atoi(code)+7)%1000000)
		for i := 0; i < 5; i++ {
			wantError(t, fmt.Sprintf("wrong try %d", i+1), verifyFrom(fmt.Sprintf("203.0.113.%d", i/3+1), wrong), 422, "invalid")
		}
		wantError(t, "right code after 5 wrong tries", verify(code), 422, "invalid")

		// A new send replaces the void code.
		app.clock.Add(time.Minute)
		code2 := send()
		if res := verify(code2); res.status != 200 {
			t.Errorf("new code after lockout: %d %s", res.status, res.body)
		}
		// Four wrong tries still leave the fifth for the right code.
		app.clock.Add(time.Minute)
		code3 := send()
		wrong = fmt.Sprintf("%06d", (atoi(code3)+7)%1000000)
		for i := 0; i < 4; i++ {
			verifyFrom(fmt.Sprintf("203.0.113.%d", 10+i), wrong)
		}
		if res := verify(code3); res.status != 200 {
			t.Errorf("right code on the fifth try: %d %s", res.status, res.body)
		}

		// One address cannot void another person's code: its fourth wrong
		// try is refused before the code is tried, and the owner's code
		// still signs them in.
		app.clock.Add(time.Minute)
		code4 := send()
		wrong = fmt.Sprintf("%06d", (atoi(code4)+7)%1000000)
		for i := 0; i < 3; i++ {
			wantError(t, fmt.Sprintf("stranger's wrong try %d", i+1), verifyFrom("192.0.2.66", wrong), 422, "invalid")
		}
		for i := 0; i < 5; i++ {
			res := verifyFrom("192.0.2.66", wrong)
			wantError(t, "stranger's further try", res, 429, "rate_limited")
			if res.header.Get("Retry-After") == "" {
				t.Error("a refused try gives no Retry-After")
			}
		}
		if res := verify(code4); res.status != 200 {
			t.Errorf("the owner's code after a stranger's tries: %d %s", res.status, res.body)
		}
	})
}

// One office or carrier address full of wrong codes for numbers whose
// codes were sent elsewhere does not stop a buyer behind it from using the
// code they asked for there; guessing from it stays limited, and a code
// still dies after 5 wrong tries (docs/behaviour/http.md#otp-per-address).
func TestABusyAddressDoesNotStopThoseBehindIt(t *testing.T) {
	t.Parallel()
	stores(t, func(t *testing.T, open func(t *testing.T) store.Store) {
		app := newAuthApp(t, open(t), behindProxy)
		const office = "203.0.113.50"
		otpFrom := func(addr, phone string) {
			t.Helper()
			if res := app.call(t, "POST", summit, "/api/auth/otp", "", map[string]string{"phone": phone}, "X-Forwarded-For", addr); res.status != 204 {
				t.Fatalf("otp %s from %s: %d %s", phone, addr, res.status, res.body)
			}
		}
		verifyFrom := func(addr, phone, code string) answer {
			return app.call(t, "POST", summit, "/api/auth/verify", "", map[string]string{"phone": phone, "code": code}, "X-Forwarded-For", addr)
		}
		wrongFor := func(code string) string { return fmt.Sprintf("%06d", (atoi(code)+7)%1000000) }
		// Eleven numbers whose codes were asked for elsewhere; from the
		// office, 3 wrong tries at each of ten: 30 in all.
		others := make([]string, 11)
		for i := range others {
			others[i] = fmt.Sprintf("+614000001%02d", i)
			otpFrom(fmt.Sprintf("198.51.100.%d", 100+i), others[i])
		}
		for _, phone := range others[:10] {
			wrong := wrongFor(app.codes.code(summit, phone))
			for k := 0; k < 3; k++ {
				wantError(t, "a wrong code for a number asked for elsewhere", verifyFrom(office, phone, wrong), 422, "invalid")
			}
		}
		// Guessing at numbers asked for elsewhere stays limited.
		wantError(t, "the 31st wrong code from the office", verifyFrom(office, others[10], wrongFor(app.codes.code(summit, others[10]))), 429, "rate_limited")

		// A buyer in the office asks for a code there, mistypes it once and
		// then signs in.
		otpFrom(office, mobileA)
		code := app.codes.code(summit, e164A)
		wantError(t, "the buyer's own mistyped code", verifyFrom(office, mobileA, wrongFor(code)), 422, "invalid")
		if res := verifyFrom(office, mobileA, code); res.status != 200 {
			t.Fatalf("the buyer's own code from a busy address: %d %s", res.status, res.body)
		}
		// The code's own limit holds: 5 wrong tries void it, even from the
		// address that asked for it.
		otpFrom(office, mobileB)
		code = app.codes.code(summit, e164B)
		for k := 0; k < 5; k++ {
			wantError(t, fmt.Sprintf("own wrong try %d", k+1), verifyFrom(office, mobileB, wrongFor(code)), 422, "invalid")
		}
		wantError(t, "the right code after 5 wrong tries", verifyFrom(office, mobileB, code), 422, "invalid")
		// Still no more guessing at others' numbers from the office.
		wantError(t, "guessing after signing in", verifyFrom(office, others[10], wrongFor(app.codes.code(summit, others[10]))), 429, "rate_limited")
	})
}

func TestSendLimits(t *testing.T) {
	t.Parallel()
	app := newAuthApp(t, openSQLite(t), behindProxy)
	otpFrom := func(addr, phone string) answer {
		return app.call(t, "POST", summit, "/api/auth/otp", "", map[string]string{"phone": phone}, "X-Forwarded-For", addr)
	}
	otp := func(phone string) answer { return otpFrom("198.51.100.1", phone) }
	if res := otp(mobileA); res.status != 204 {
		t.Fatalf("first send: %d", res.status)
	}
	res := otp(mobileA)
	wantError(t, "second send within 30 s", res, 429, "rate_limited")
	if ra := res.header.Get("Retry-After"); ra != "30" {
		t.Errorf("Retry-After = %q, want 30", ra)
	}
	// Another site does not reset the number's limit.
	wantError(t, "same number on another site", app.call(t, "POST", harbour, "/api/auth/otp", "", map[string]string{"phone": mobileA}, "X-Forwarded-For", "198.51.100.1"), 429, "rate_limited")
	for i := 0; i < 2; i++ {
		app.clock.Add(31 * time.Second)
		if res := otp(mobileA); res.status != 204 {
			t.Fatalf("send %d after the gap: %d %s", i+2, res.status, res.body)
		}
	}
	// One address may ask for a number 3 times an hour: it cannot use up
	// the number's allowance, and the owner elsewhere still gets codes.
	app.clock.Add(31 * time.Second)
	wantError(t, "fourth send to a number from one address", otp(mobileA), 429, "rate_limited")
	for i := 0; i < 2; i++ {
		app.clock.Add(31 * time.Second)
		if res := otpFrom("203.0.113.9", mobileA); res.status != 204 {
			t.Fatalf("send %d from another address: %d %s", i+4, res.status, res.body)
		}
	}
	app.clock.Add(31 * time.Second)
	wantError(t, "sixth send within the hour", otpFrom("203.0.113.10", mobileA), 429, "rate_limited")
	app.clock.Add(time.Hour)
	if res := otp(mobileA); res.status != 204 {
		t.Errorf("send an hour later: %d", res.status)
	}

	// One address asking for 20 numbers in an hour is stopped at the 21st.
	app.clock.Add(2 * time.Hour)
	for i := 0; i < 20; i++ {
		if res := otp(fmt.Sprintf("04000000%02d", i)); res.status != 204 {
			t.Fatalf("number %d from one address: %d %s", i, res.status, res.body)
		}
	}
	wantError(t, "21st number from one address", otp("0400000099"), 429, "rate_limited")
}

func openSQLite(t *testing.T) store.Store {
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "forecourt.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

func TestOTPTakesMobilesOfTheSitesCountry(t *testing.T) {
	t.Parallel()
	app := newAuthApp(t, openSQLite(t))
	cases := []struct {
		site, phone string
		ok          bool
	}{
		{summit, "0412 345 678", true},
		{summit, "+61 412 345 679", true},
		{summit, "(04) 1234-5670", true},
		{summit, "02 9876 5432", false}, // a landline
		{summit, "0412 345 67", false},
		{summit, "021 123 4567", false}, // a New Zealand mobile on an Australian site
		{summit, "", false},
		{summit, "call me", false},
		{alps, "021 123 4567", true},
		{alps, "+64 27 123 4567", true},
		{alps, "0412 345 678", false},
		{alps, "03 379 1234", false}, // a Christchurch landline
	}
	for _, c := range cases {
		app.clock.Add(time.Hour)
		res := app.call(t, "POST", c.site, "/api/auth/otp", "", map[string]string{"phone": c.phone})
		if c.ok && res.status != 204 {
			t.Errorf("%s %q: %d %s, want 204", c.site, c.phone, res.status, res.body)
		}
		if !c.ok && (res.status != 422 || res.err.Error.Fields["phone"] != accounts.MsgPhoneInvalid) {
			t.Errorf("%s %q: %d %s, want 422 fields.phone", c.site, c.phone, res.status, res.body)
		}
	}
	res := app.call(t, "POST", summit, "/api/auth/otp", "", nil)
	wantError(t, "no body", res, 422, "invalid")
}

func TestSignInUnavailableWithoutSender(t *testing.T) {
	t.Parallel()
	app := newAuthApp(t, openSQLite(t), func(s *httpapi.Server) { s.Accounts.Sender = nil })
	res := app.call(t, "POST", summit, "/api/auth/otp", "", map[string]string{"phone": mobileA})
	wantError(t, "otp without a sender", res, 503, "unavailable")
	if res.err.Error.Message != "Sign-in is not available on this site." {
		t.Errorf("message %q", res.err.Error.Message)
	}
}

// stuckStore is a database that does not answer: every sign-in call waits
// until its context ends.
type stuckStore struct{ store.Store }

func (stuckStore) SaveSignInCode(ctx context.Context, _ string, _ store.SignInCode) error {
	<-ctx.Done()
	return ctx.Err()
}

func (stuckStore) TrySignInCode(ctx context.Context, _, _ string, _ time.Time, _ int) (store.SignInCode, bool, error) {
	<-ctx.Done()
	return store.SignInCode{}, false, ctx.Err()
}

func (stuckStore) SignInCodeAsker(ctx context.Context, _, _ string, _ time.Time) (string, error) {
	<-ctx.Done()
	return "", ctx.Err()
}

func TestSignInUnavailableWhileDatabaseUnreachable(t *testing.T) {
	t.Parallel()
	app := newAuthApp(t, openSQLite(t), func(s *httpapi.Server) {
		s.Accounts.Store = stuckStore{s.Store}
	})
	for _, path := range []string{"/api/auth/otp", "/api/auth/verify"} {
		start := time.Now()
		res := app.call(t, "POST", summit, path, "", map[string]string{"phone": mobileA, "code": "123456"})
		wantError(t, path+" with the database unreachable", res, 503, "unavailable")
		if took := time.Since(start); took > 4*time.Second {
			t.Errorf("%s took %v to give up", path, took)
		}
	}
}

func TestForeignOriginRefused(t *testing.T) {
	t.Parallel()
	app := newAuthApp(t, openSQLite(t))
	lead := map[string]any{"category": "enquiry", "name": "Jo", "email": "jo@example.com", "phone": "0412 345 678",
		"message": "Hello", "car_id": app.cars[summit][0], "terms": true}
	for _, origin := range []string{evilSite, "http://harbourside-toyota.localhost", "null", "http://summit-motor-group.localhost.evil.example"} {
		res := app.call(t, "POST", summit, "/api/leads", "", lead, "Origin", origin)
		wantError(t, "lead from "+origin, res, 403, "forbidden")
		res = app.call(t, "POST", summit, "/api/auth/otp", "", map[string]string{"phone": mobileA}, "Origin", origin)
		wantError(t, "otp from "+origin, res, 403, "forbidden")
	}
	if app.codes.n != 0 {
		t.Errorf("%d codes were sent for refused requests", app.codes.n)
	}
	if leads, _ := app.store.Leads(context.Background(), summit, time.Time{}); len(leads) != 0 {
		t.Errorf("%d leads stored from refused requests", len(leads))
	}
	// The site's own pages, and clients that send no Origin, pass.
	if res := app.call(t, "POST", summit, "/api/leads", "", lead, "Origin", "http://summit-motor-group.localhost"); res.status != 201 {
		t.Errorf("same-origin lead: %d %s", res.status, res.body)
	}
	if res := app.call(t, "POST", summit, "/api/auth/otp", "", map[string]string{"phone": mobileA}); res.status != 204 {
		t.Errorf("otp without Origin: %d %s", res.status, res.body)
	}
	// Reads are not refused.
	if res := app.call(t, "GET", summit, "/api/me", "", nil, "Origin", evilSite); res.status != 401 {
		t.Errorf("GET with a foreign Origin: %d", res.status)
	}
}

func TestWatchlistIsTheVisitorsOwn(t *testing.T) {
	t.Parallel()
	stores(t, func(t *testing.T, open func(t *testing.T) store.Store) {
		app := newAuthApp(t, open(t))
		a := app.signIn(t, summit, mobileA, e164A)
		b := app.signIn(t, summit, mobileB, e164B)
		cars := app.cars[summit]
		save := func(cookie, phone string, car any) answer {
			return app.call(t, "POST", summit, "/api/watchlist/save-car", cookie, map[string]any{"phone_number": phone, "car_id": car})
		}
		list := func(cookie string) []int64 {
			t.Helper()
			res := app.call(t, "GET", summit, "/api/watchlist", cookie, nil)
			if res.status != 200 {
				t.Fatalf("watchlist: %d %s", res.status, res.body)
			}
			var out struct {
				CarIDs []int64 `json:"car_ids"`
			}
			res.json(t, &out)
			if out.CarIDs == nil {
				t.Fatalf("car_ids is %s, want a list", res.body)
			}
			return out.CarIDs
		}
		if got := list(a); len(got) != 0 {
			t.Fatalf("new watchlist = %v", got)
		}
		res := save(a, mobileA, cars[0])
		if res.status != 200 || strings.TrimSpace(string(res.body)) != `{"success":true}` {
			t.Fatalf("save: %d %s", res.status, res.body)
		}
		if res := save(a, e164A, fmt.Sprint(cars[1])); res.status != 200 { // a string id, the E.164 number
			t.Fatalf("save as string: %d %s", res.status, res.body)
		}
		if res := save(a, mobileA, cars[0]); res.status != 200 {
			t.Fatalf("save twice: %d %s", res.status, res.body)
		}
		if got := list(a); len(got) != 2 || got[0] != cars[0] || got[1] != cars[1] {
			t.Fatalf("A's watchlist = %v, want %v", got, cars)
		}
		// B sees only their own list and cannot act on A's.
		if got := list(b); len(got) != 0 {
			t.Errorf("B reads %v", got)
		}
		wantError(t, "B saving with A's number", save(b, mobileA, cars[0]), 403, "forbidden")
		wantError(t, "B removing with A's number", app.call(t, "POST", summit, "/api/watchlist/remove-car", b,
			map[string]any{"phone_number": mobileA, "car_id": cars[0]}), 403, "forbidden")
		wantError(t, "no phone_number", app.call(t, "POST", summit, "/api/watchlist/save-car", b,
			map[string]any{"car_id": cars[0]}), 403, "forbidden")
		if got := list(a); len(got) != 2 {
			t.Errorf("A's list after B's tries = %v", got)
		}
		wantError(t, "another site's car", save(a, mobileA, app.cars[harbour][0]), 404, "not_found")
		wantError(t, "an unknown car", save(a, mobileA, 987654321), 404, "not_found")
		wantError(t, "a car id that is not a number", save(a, mobileA, "abc"), 422, "invalid")
		wantError(t, "signed out", save("", mobileA, cars[0]), 401, "unauthorized")
		wantError(t, "signed out list", app.call(t, "GET", summit, "/api/watchlist", "", nil), 401, "unauthorized")
		wantError(t, "a made-up session", app.call(t, "GET", summit, "/api/watchlist", "bm90LWEtdG9rZW4", nil), 401, "unauthorized")

		res = app.call(t, "POST", summit, "/api/watchlist/remove-car", a, map[string]any{"phone_number": mobileA, "car_id": cars[0]})
		if res.status != 200 || strings.TrimSpace(string(res.body)) != `{"success":true}` {
			t.Fatalf("remove: %d %s", res.status, res.body)
		}
		if got := list(a); len(got) != 1 || got[0] != cars[1] {
			t.Errorf("after remove = %v", got)
		}
		// The same number signed in on another site has a list of its own.
		h := app.signIn(t, harbour, mobileA, e164A)
		var other struct {
			CarIDs []int64 `json:"car_ids"`
		}
		app.call(t, "GET", harbour, "/api/watchlist", h, nil).json(t, &other)
		if got := other.CarIDs; got == nil || len(got) != 0 {
			t.Errorf("A's list on %s = %v", harbour, got)
		}
	})
}

func TestSessionCookieSecureBehindTrustedProxy(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name    string
		proxies string
		secure  bool
	}{{"trusted", "127.0.0.1", true}, {"untrusted", "", false}} {
		t.Run(tc.name, func(t *testing.T) {
			app := newAuthApp(t, openSQLite(t), func(s *httpapi.Server) {
				s.TrustedProxies, _ = httpmw.ParseTrustedProxies(tc.proxies)
			})
			app.call(t, "POST", summit, "/api/auth/otp", "", map[string]string{"phone": mobileA})
			res := app.call(t, "POST", summit, "/api/auth/verify", "", map[string]string{"phone": mobileA, "code": app.codes.code(summit, e164A)},
				"X-Forwarded-Proto", "https")
			if c := sessionCookie(res); c == nil || c.Secure != tc.secure {
				t.Errorf("cookie %+v, want Secure %v", c, tc.secure)
			}
		})
	}
}

func TestOTPLogLineMasksThePhone(t *testing.T) {
	t.Parallel()
	var buf syncBuffer
	logger := slog.New(slog.NewJSONHandler(&buf, nil))
	app := newAuthApp(t, openSQLite(t), func(s *httpapi.Server) {
		s.Logger = logger
		s.Accounts.Sender = accounts.LogSender{Logger: logger}
	})
	if res := app.call(t, "POST", summit, "/api/auth/otp", "", map[string]string{"phone": mobileA}); res.status != 204 {
		t.Fatalf("otp: %d %s", res.status, res.body)
	}
	var code string
	for _, line := range strings.Split(strings.TrimSpace(buf.String()), "\n") {
		var rec map[string]any
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatalf("log line %q is not JSON: %v", line, err)
		}
		if rec["msg"] != "one-time code" {
			continue
		}
		code, _ = rec["code"].(string)
		if rec["phone"] != "***678" {
			t.Errorf("phone logged as %v, want ***678", rec["phone"])
		}
	}
	if !regexp.MustCompile(`^\d{6}$`).MatchString(code) {
		t.Fatalf("no one-time code line with 6 digits in the log:\n%s", buf.String())
	}
	for _, whole := range []string{"412345678", "412 345 678", "0412"} {
		if strings.Contains(buf.String(), whole) {
			t.Errorf("the log holds the number (%q):\n%s", whole, buf.String())
		}
	}
	// The logged code signs in.
	res := app.call(t, "POST", summit, "/api/auth/verify", "", map[string]string{"phone": mobileA, "code": code})
	if res.status != 200 {
		t.Errorf("verify with the logged code: %d %s", res.status, res.body)
	}
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}
func (s *syncBuffer) String() string { s.mu.Lock(); defer s.mu.Unlock(); return s.b.String() }
