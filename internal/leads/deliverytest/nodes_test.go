package deliverytest_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"forecourt/internal/catalog"
	"forecourt/internal/leads"
	"forecourt/internal/store"
	"forecourt/internal/store/postgres"
	"forecourt/internal/store/postgres/postgrestest"
	"forecourt/internal/tenant"
)

const hookOnlyYAML = `slug: bayside-motors
name: Bayside Motors
country: AU
currency: AUD
timezone: Australia/Brisbane
theme:
  colors: { primary: "#123456", primary-foreground: "#ffffff", header: "#ffffff", header-foreground: "#111111" }
leads:
  destinations:
    - name: crm
      webhook: { url_env: HOOK_URL, secret_env: HOOK_SECRET }
`

// Several nodes' delivery workers over one PostgreSQL database send each
// lead once: a claim hides a delivery from the other workers.
func TestWorkersOnSeveralNodesDeliverEachLeadOnce(t *testing.T) {
	reg, err := tenant.Load(fstest.MapFS{"bayside-motors.yaml": {Data: []byte(hookOnlyYAML)}})
	if err != nil {
		t.Fatal(err)
	}
	url := postgrestest.TestDatabase(t)
	ctx := context.Background()
	var mu sync.Mutex
	received := map[string]int{} // lead id → requests
	hook := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var body leads.WebhookBody
		b, _ := io.ReadAll(r.Body)
		if err := json.Unmarshal(b, &body); err != nil {
			t.Errorf("webhook body: %v", err)
		}
		mu.Lock()
		received[body.LeadID]++
		mu.Unlock()
		time.Sleep(time.Millisecond) // a receiver takes a moment, so claims overlap
	}))
	defer hook.Close()
	env := map[string]string{"HOOK_URL": hook.URL, "HOOK_SECRET": "k"}
	getenv := func(k string) string { return env[k] }

	const nodes, leadsPerNode = 3, 30
	var dbs []*postgres.DB
	for i := 0; i < nodes; i++ {
		db, err := postgres.Open(ctx, url)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		dbs = append(dbs, db)
	}
	if err := dbs[0].SaveDealerships(ctx, "bayside-motors", []catalog.Dealership{{ID: 1, Name: "Bayside Motors", Slug: "bayside-motors"}}); err != nil {
		t.Fatal(err)
	}
	site, _ := reg.BySlug("bayside-motors")
	// Every node takes leads and runs its workers at once.
	runCtx, stop := context.WithCancel(ctx)
	var workers sync.WaitGroup
	for _, db := range dbs {
		d := &leads.Dispatcher{Store: db, Sites: reg, Getenv: getenv, Poll: 5 * time.Millisecond, Concurrency: 4,
			BaseDelay: time.Millisecond, MaxDelay: 5 * time.Millisecond}
		workers.Add(1)
		go func() { defer workers.Done(); d.Run(runCtx) }()
	}
	var ids []string
	var idsMu sync.Mutex
	var posting sync.WaitGroup
	for n, db := range dbs {
		svc := &leads.Service{Store: db, Getenv: getenv}
		posting.Add(1)
		go func() {
			defer posting.Done()
			for i := 0; i < leadsPerNode; i++ {
				body := fmt.Sprintf(`{"category":"finance","name":"Buyer %d-%d","email":"b@example.com","phone":"0412 345 678"}`, n, i)
				l, err := svc.Submit(ctx, leads.Submission{Site: site, Body: []byte(body), Origin: "https://bayside.example"})
				if err != nil {
					t.Error(err)
					return
				}
				idsMu.Lock()
				ids = append(ids, l.ID)
				idsMu.Unlock()
			}
		}()
	}
	posting.Wait()
	// Wait until the outbox has nothing left to send.
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		ds, err := dbs[0].Deliveries(ctx, "bayside-motors")
		if err != nil {
			t.Fatal(err)
		}
		done := len(ds) == len(ids)
		for _, d := range ds {
			done = done && d.State == store.DeliveryDelivered
		}
		if done {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	stop()
	workers.Wait()

	mu.Lock()
	defer mu.Unlock()
	var twice []string
	for _, id := range ids {
		switch received[id] {
		case 1:
		case 0:
			t.Errorf("lead %s never delivered", id)
		default:
			twice = append(twice, fmt.Sprintf("%s ×%d", id, received[id]))
		}
	}
	if len(twice) > 0 {
		t.Errorf("leads delivered more than once by %d nodes' workers: %s", nodes, strings.Join(twice, ", "))
	}
	if len(received) != len(ids) {
		t.Errorf("the webhook heard of %d leads, %d were sent", len(received), len(ids))
	}
}
