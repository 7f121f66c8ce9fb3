package httpapi_test

import (
	"context"
	"testing"

	"forecourt/internal/httpapi"
	"forecourt/internal/store/postgres"
	"forecourt/internal/store/postgres/postgrestest"
)

// Two nodes over one PostgreSQL database are one system to a visitor: a
// session made on one is good on the other, and the lead and sign-in
// limits count the visitor's requests to both together.
func TestTwoNodesOnOnePostgreSQLAreOneSystem(t *testing.T) {
	t.Parallel()
	url := postgrestest.TestDatabase(t)
	node := func() *authApp {
		db, err := postgres.Open(context.Background(), url) // a pool of its own, as on another machine
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		return newAuthApp(t, db, func(s *httpapi.Server) {
			s.LeadLimiter.Buckets = db
			s.Accounts.Buckets = db
		})
	}
	a, b := node(), node()

	cookie := a.signIn(t, summit, mobileA, e164A)
	if res := b.call(t, "GET", summit, "/api/me", cookie, nil); res.status != 200 {
		t.Errorf("session made on one node, /api/me on the other: %d %s", res.status, res.body)
	}
	if res := b.call(t, "POST", summit, "/api/auth/sign-out", cookie, nil); res.status >= 300 {
		t.Fatalf("sign out on the other node: %d %s", res.status, res.body)
	}
	wantError(t, "signed out on the other node", a.call(t, "GET", summit, "/api/me", cookie, nil), 401, "unauthorized")

	// The per-number gap holds across nodes.
	if res := a.call(t, "POST", summit, "/api/auth/otp", "", map[string]string{"phone": "0412 000 111"}); res.status != 204 {
		t.Fatalf("otp on one node: %d %s", res.status, res.body)
	}
	wantError(t, "second code at once from the other node", b.call(t, "POST", summit, "/api/auth/otp", "", map[string]string{"phone": "0412 000 111"}), 429, "rate_limited")

	// One visitor alternating between the nodes gets the site's burst of
	// leads, not twice it.
	site, _ := a.api.Sites.BySlug(summit)
	burst := site.Leads.RateLimit.PerIPBurst
	if burst < 2 {
		t.Fatalf("summit's per-address burst is %d: the test would prove nothing", burst)
	}
	accepted := 0
	for i := 0; i < 2*burst; i++ {
		n := a
		if i%2 == 1 {
			n = b
		}
		lead := enquiry(a.cars[summit][0])
		lead["terms"] = true
		res := n.call(t, "POST", summit, "/api/leads", "", lead)
		switch res.status {
		case 201:
			accepted++
		case 429:
		default:
			t.Fatalf("lead %d: %d %s", i, res.status, res.body)
		}
	}
	if accepted != burst {
		t.Errorf("%d of %d leads accepted across two nodes, want the burst of %d", accepted, 2*burst, burst)
	}
}
