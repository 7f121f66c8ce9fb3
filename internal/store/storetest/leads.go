package storetest

import (
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"forecourt/internal/catalog"
	"forecourt/internal/store"
)

// runLeadTests is the lead outbox part of the suite.
func runLeadTests(t *testing.T, fresh func(t *testing.T) store.Store) {
	tests := []struct {
		name string
		fn   func(t *testing.T, s store.Store)
	}{
		{"SubmitLeadQueuesDeliveries", testSubmitQueues},
		{"SubmitLeadRetryQueuesNothing", testSubmitRetry},
		{"SubmitLeadConcurrentRetries", testSubmitConcurrentRetries},
		{"LeadByIDScopedBySite", testLeadByID},
		{"AppointmentSlotBookedOnce", testAppointmentOnce},
		{"SlotClashSparesOtherLeads", testSlotClashSparesOthers},
		{"DeliveryLifecycle", testDeliveryLifecycle},
		{"ClaimLeaseHidesFromOthers", testClaimLease},
		{"RequeueDeadScopedBySite", testRequeue},
		{"PurgeLeadsBefore", testPurgeLeads},
	}
	runEach(t, tests, fresh)
}

func testSubmitQueues(t *testing.T, s store.Store) {
	l := fullLead("k1")
	l.Car = &catalog.LeadCar{ID: 42, StockNum: "U1", VIN: "VIN1", Year: 2021, Make: "Toyota", Model: "Hilux", Price: 52990, Status: "in_stock", URL: "https://x.example/cars/a"}
	out, created, err := s.SubmitLead(ctx, siteA, l, []string{"crm-webhook", "sales-email"})
	must(t, err)
	if !created || out.ID == "" {
		t.Fatalf("SubmitLead = %q created %v, want a new lead", out.ID, created)
	}
	got, err := s.LeadByID(ctx, siteA, out.ID)
	must(t, err)
	equal(t, "stored car snapshot", got.Car, l.Car)
	ds, err := s.Deliveries(ctx, siteA)
	must(t, err)
	if len(ds) != 2 || ds[0].Destination != "crm-webhook" || ds[1].Destination != "sales-email" {
		t.Fatalf("deliveries = %+v, want one per destination", ds)
	}
	for _, d := range ds {
		if d.State != store.DeliveryPending || d.LeadID != out.ID || d.Attempts != 0 {
			t.Errorf("delivery %+v, want pending, attempt 0, lead %s", d, out.ID)
		}
	}
}

func testSubmitRetry(t *testing.T, s store.Store) {
	first, _, err := s.SubmitLead(ctx, siteA, fullLead("same"), []string{"crm-webhook"})
	must(t, err)
	again, created, err := s.SubmitLead(ctx, siteA, fullLead("same"), []string{"crm-webhook"})
	must(t, err)
	if created || again.ID != first.ID {
		t.Errorf("retry gave %q created %v, want %q not created", again.ID, created, first.ID)
	}
	ds, _ := s.Deliveries(ctx, siteA)
	if len(ds) != 1 {
		t.Errorf("a retried submit queued %d deliveries, want 1", len(ds))
	}
}

func testSubmitConcurrentRetries(t *testing.T, s store.Store) {
	const n = 16
	ids := make([]string, n)
	createdCount := 0
	var mu sync.Mutex
	var wg sync.WaitGroup
	when := time.Date(2030, 1, 7, 0, 0, 0, 0, time.UTC)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			l := fullLead("double-click")
			l.CreatedAt = time.Time{}
			l.Category, l.LocationID, l.AppointmentAt = "test_drive", 5, &when
			out, created, err := s.SubmitLead(ctx, siteA, l, []string{"crm-webhook"})
			if err != nil {
				t.Errorf("submit %d: %v", i, err)
				return
			}
			mu.Lock()
			ids[i] = out.ID
			if created {
				createdCount++
			}
			mu.Unlock()
		}()
	}
	wg.Wait()
	for i := range ids {
		if ids[i] != ids[0] {
			t.Fatalf("concurrent retries got ids %q and %q", ids[0], ids[i])
		}
	}
	ds, _ := s.Deliveries(ctx, siteA)
	if createdCount != 1 || len(ds) != 1 {
		t.Errorf("%d submits created %d leads and %d deliveries, want 1 and 1", n, createdCount, len(ds))
	}
}

func testLeadByID(t *testing.T, s store.Store) {
	cars := []catalog.Car{FullCar(0, "a-car")}
	must(t, s.SaveCars(ctx, siteA, cars))
	c, err := s.CarByID(ctx, siteA, cars[0].ID)
	must(t, err)
	if c.Slug != "a-car" {
		t.Errorf("CarByID = %q, want a-car", c.Slug)
	}
	if _, err := s.CarByID(ctx, siteB, cars[0].ID); catalog.ErrorCode(err) != catalog.ENotFound {
		t.Errorf("CarByID of A's car on B: err = %v, want not_found", err)
	}
	out, _, err := s.SubmitLead(ctx, siteA, fullLead(""), nil)
	must(t, err)
	if _, err := s.LeadByID(ctx, siteB, out.ID); catalog.ErrorCode(err) != catalog.ENotFound {
		t.Errorf("LeadByID of A's lead on B: err = %v, want not_found", err)
	}
	if _, err := s.LeadByID(ctx, siteA, "no-such-lead"); catalog.ErrorCode(err) != catalog.ENotFound {
		t.Errorf("LeadByID of a missing lead: err = %v, want not_found", err)
	}
}

func testAppointmentOnce(t *testing.T, s store.Store) {
	slot := time.Date(2030, 3, 4, 23, 30, 0, 0, time.UTC)
	drive := func(key string, loc int64, at time.Time) error {
		l := fullLead(key)
		l.Category, l.LocationID, l.AppointmentAt = "test_drive", loc, &at
		_, _, err := s.SubmitLead(ctx, siteA, l, []string{"crm-webhook"})
		return err
	}
	must(t, drive("a", 7, slot))
	if err := drive("b", 7, slot); !errors.Is(err, store.ErrAppointmentTaken) {
		t.Errorf("second booking of one slot: err = %v, want ErrAppointmentTaken", err)
	}
	must(t, drive("c", 8, slot))                     // another location
	must(t, drive("d", 7, slot.Add(30*time.Minute))) // the next slot
	must(t, drive("a", 7, slot))                     // a retry of the first is no clash
	l := fullLead("e")                               // a lead without a slot never clashes
	_, _, err := s.SubmitLead(ctx, siteA, l, nil)
	must(t, err)

	booked, err := s.BookedAppointments(ctx, siteA, 7, slot.Add(-time.Hour), slot.Add(time.Hour))
	must(t, err)
	if len(booked) != 2 || !booked[0].Equal(slot) || !booked[1].Equal(slot.Add(30*time.Minute)) {
		t.Errorf("BookedAppointments = %v, want %v and 30 minutes later", booked, slot)
	}
	if other, _ := s.BookedAppointments(ctx, siteB, 7, slot.Add(-time.Hour), slot.Add(time.Hour)); len(other) != 0 {
		t.Errorf("site B sees A's bookings: %v", other)
	}
	// The same slot on another site is that site's own.
	l = fullLead("f")
	l.Category, l.LocationID, l.AppointmentAt = "test_drive", 7, &slot
	_, _, err = s.SubmitLead(ctx, siteB, l, nil)
	must(t, err)
}

func testDeliveryLifecycle(t *testing.T, s store.Store) {
	lead, _, err := s.SubmitLead(ctx, siteA, fullLead("life"), []string{"crm-webhook"})
	must(t, err)
	now := time.Now().UTC().Add(time.Second)
	claimed, err := s.ClaimDeliveries(ctx, now, time.Minute, 10)
	must(t, err)
	if len(claimed) != 1 || claimed[0].Attempts != 1 || claimed[0].Lead.ID != lead.ID || claimed[0].Lead.Email != "jo@example.com" {
		t.Fatalf("claimed %+v, want the lead with attempt 1", claimed)
	}
	d := claimed[0]
	retry := now.Add(2 * time.Second)
	must(t, s.DeliveryFailed(ctx, d.ID, "receiver answered 503", retry, false))
	if again, _ := s.ClaimDeliveries(ctx, now.Add(time.Second), time.Minute, 10); len(again) != 0 {
		t.Errorf("a delivery was claimed before its retry time")
	}
	claimed, err = s.ClaimDeliveries(ctx, retry, time.Minute, 10)
	must(t, err)
	if len(claimed) != 1 || claimed[0].Attempts != 2 {
		t.Fatalf("after the retry time claimed %+v, want attempt 2", claimed)
	}
	must(t, s.DeliveryFailed(ctx, d.ID, "receiver answered 500", retry, true))
	if again, _ := s.ClaimDeliveries(ctx, retry.Add(time.Hour), time.Minute, 10); len(again) != 0 {
		t.Errorf("a dead delivery was claimed")
	}
	ds, _ := s.Deliveries(ctx, siteA)
	if len(ds) != 1 || ds[0].State != store.DeliveryDead || ds[0].LastError != "receiver answered 500" {
		t.Fatalf("after giving up: %+v, want dead with the last reason", ds)
	}
	n, err := s.RequeueDeadDeliveries(ctx, siteA, retry)
	must(t, err)
	if n != 1 {
		t.Errorf("requeued %d, want 1", n)
	}
	claimed, err = s.ClaimDeliveries(ctx, retry, time.Minute, 10)
	must(t, err)
	if len(claimed) != 1 || claimed[0].Attempts != 1 {
		t.Fatalf("after requeue claimed %+v, want a fresh attempt 1", claimed)
	}
	must(t, s.DeliverySucceeded(ctx, d.ID, retry))
	ds, _ = s.Deliveries(ctx, siteA)
	if ds[0].State != store.DeliveryDelivered || ds[0].DeliveredAt.IsZero() {
		t.Errorf("after success: %+v, want delivered with a time", ds[0])
	}
	// A late failure report of a delivered delivery changes nothing.
	must(t, s.DeliveryFailed(ctx, d.ID, "late", retry, true))
	ds, _ = s.Deliveries(ctx, siteA)
	if ds[0].State != store.DeliveryDelivered {
		t.Errorf("a late failure undid a delivery: %+v", ds[0])
	}
}

func testClaimLease(t *testing.T, s store.Store) {
	for i := range 5 {
		_, _, err := s.SubmitLead(ctx, siteA, fullLead(fmt.Sprint(i)), []string{"crm-webhook"})
		must(t, err)
	}
	now := time.Now().UTC().Add(time.Second)
	first, err := s.ClaimDeliveries(ctx, now, time.Minute, 3)
	must(t, err)
	second, err := s.ClaimDeliveries(ctx, now, time.Minute, 10)
	must(t, err)
	if len(first) != 3 || len(second) != 2 {
		t.Fatalf("claims took %d then %d, want 3 then 2", len(first), len(second))
	}
	seen := map[int64]bool{}
	for _, d := range append(first, second...) {
		if seen[d.ID] {
			t.Errorf("delivery %d claimed twice", d.ID)
		}
		seen[d.ID] = true
	}
	// A claimer that died: the lease runs out and the delivery is due again.
	late, err := s.ClaimDeliveries(ctx, now.Add(2*time.Minute), time.Minute, 10)
	must(t, err)
	if len(late) != 5 {
		t.Errorf("after the lease ran out %d were claimable, want 5", len(late))
	}
}

func testRequeue(t *testing.T, s store.Store) {
	a, _, err := s.SubmitLead(ctx, siteA, fullLead("a"), []string{"crm-webhook"})
	must(t, err)
	_, _, err = s.SubmitLead(ctx, siteB, fullLead("b"), []string{"crm-webhook"})
	must(t, err)
	now := time.Now().UTC().Add(time.Second)
	claimed, err := s.ClaimDeliveries(ctx, now, time.Minute, 10)
	must(t, err)
	for _, d := range claimed {
		must(t, s.DeliveryFailed(ctx, d.ID, "down", now, true))
	}
	n, err := s.RequeueDeadDeliveries(ctx, siteA, now)
	must(t, err)
	if n != 1 {
		t.Errorf("requeue on A touched %d deliveries, want 1", n)
	}
	ds, _ := s.Deliveries(ctx, siteB)
	if len(ds) != 1 || ds[0].State != store.DeliveryDead {
		t.Errorf("requeue on A changed B's delivery: %+v", ds)
	}
	ds, _ = s.Deliveries(ctx, siteA)
	if len(ds) != 1 || ds[0].LeadID != a.ID || ds[0].State != store.DeliveryPending {
		t.Errorf("A's delivery after requeue: %+v", ds)
	}
}

// testSlotClashSparesOthers: leads stored together (a group commit, where
// the store has one) succeed or fail one by one.
func testSlotClashSparesOthers(t *testing.T, s store.Store) {
	slot := time.Date(2030, 5, 6, 0, 0, 0, 0, time.UTC)
	const n = 10
	var wg sync.WaitGroup
	var mu sync.Mutex
	sameOK, sameTaken, otherOK := 0, 0, 0
	for i := range 2 * n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			l := fullLead(fmt.Sprintf("clash-%d", i))
			l.CreatedAt = time.Time{}
			at := slot
			if i >= n {
				at = slot.Add(time.Duration(i) * time.Hour) // a slot of its own
			}
			l.Category, l.LocationID, l.AppointmentAt = "test_drive", 3, &at
			_, _, err := s.SubmitLead(ctx, siteA, l, []string{"crm-webhook"})
			mu.Lock()
			defer mu.Unlock()
			switch {
			case i < n && err == nil:
				sameOK++
			case i < n && errors.Is(err, store.ErrAppointmentTaken):
				sameTaken++
			case i >= n && err == nil:
				otherOK++
			default:
				t.Errorf("lead %d: %v", i, err)
			}
		}()
	}
	wg.Wait()
	if sameOK != 1 || sameTaken != n-1 || otherOK != n {
		t.Errorf("one slot: %d booked, %d refused; own slots: %d booked; want 1, %d, %d", sameOK, sameTaken, otherOK, n-1, n)
	}
	leads, _ := s.Leads(ctx, siteA, time.Time{})
	ds, _ := s.Deliveries(ctx, siteA)
	if len(leads) != n+1 || len(ds) != n+1 {
		t.Errorf("stored %d leads and %d deliveries, want %d of each", len(leads), len(ds), n+1)
	}
}

// testPurgeLeads: a purge deletes the leads received before the cut-off,
// delivered or not, with their deliveries and linked valuation records, and
// nothing else; a dry run counts the same and deletes nothing.
func testPurgeLeads(t *testing.T, s store.Store) {
	cut := time.Date(2025, 3, 1, 0, 0, 0, 0, time.UTC)
	submit := func(site, key string, at time.Time, destinations ...string) catalog.Lead {
		t.Helper()
		l := fullLead(key)
		l.CreatedAt = at
		out, _, err := s.SubmitLead(ctx, site, l, destinations)
		must(t, err)
		return out
	}
	old := cut.AddDate(0, -2, 0)
	delivered := submit(siteA, "delivered", old, "crm-webhook", "sales-email")
	pending := submit(siteA, "pending", old, "crm-webhook")
	dead := submit(siteA, "dead", old, "crm-webhook")
	justBefore := submit(siteA, "just-before", cut.Add(-time.Microsecond)) // no destination: nothing to deliver
	atCut := submit(siteA, "at-cut", cut, "crm-webhook")
	recent := submit(siteA, "recent", cut.AddDate(0, 1, 0), "crm-webhook")
	otherSite := submit(siteB, "b-old", old, "crm-webhook")

	claimed, err := s.ClaimDeliveries(ctx, time.Now().Add(time.Second), time.Minute, 100)
	must(t, err)
	for _, d := range claimed {
		switch d.LeadID {
		case delivered.ID:
			must(t, s.DeliverySucceeded(ctx, d.ID, time.Now()))
		case dead.ID:
			must(t, s.DeliveryFailed(ctx, d.ID, "gone", time.Now(), true))
		default:
			must(t, s.DeliveryFailed(ctx, d.ID, "down", time.Now(), false))
		}
	}
	valuation := func(site, leadID string) {
		t.Helper()
		_, err := s.SaveValuationRecord(ctx, site, store.ValuationRecord{ColumnName: "valuation", LeadID: leadID, Data: json.RawMessage(`{"low":1}`)})
		must(t, err)
	}
	valuation(siteA, delivered.ID)
	valuation(siteA, pending.ID)
	valuation(siteA, recent.ID)
	valuation(siteA, "")
	valuation(siteB, delivered.ID) // another site naming A's lead keeps its record

	want := store.LeadPurge{Leads: 4, Undelivered: 2, Deliveries: 4, Valuations: 2}
	dry, err := s.PurgeLeads(ctx, siteA, cut, true)
	must(t, err)
	equal(t, "dry run counts", dry, want)
	if ls, _ := s.Leads(ctx, siteA, time.Time{}); len(ls) != 7-1 {
		t.Fatalf("after a dry run site A has %d leads, want 6", len(ls))
	}

	got, err := s.PurgeLeads(ctx, siteA, cut, false)
	must(t, err)
	equal(t, "purge counts", got, want)
	ls, err := s.Leads(ctx, siteA, time.Time{})
	must(t, err)
	kept := map[string]bool{}
	for _, l := range ls {
		kept[l.ID] = true
	}
	if len(ls) != 2 || !kept[atCut.ID] || !kept[recent.ID] {
		t.Errorf("site A keeps %d leads %v, want the one at the cut-off and the recent one", len(ls), kept)
	}
	for _, gone := range []catalog.Lead{delivered, pending, dead, justBefore} {
		if _, err := s.LeadByID(ctx, siteA, gone.ID); catalog.ErrorCode(err) != catalog.ENotFound {
			t.Errorf("lead %s (%s) survived the purge: %v", gone.ID, gone.IdempotencyKey, err)
		}
	}
	ds, err := s.Deliveries(ctx, siteA)
	must(t, err)
	if len(ds) != 2 {
		t.Errorf("site A keeps %d deliveries, want 2", len(ds))
	}
	for _, d := range ds {
		if !kept[d.LeadID] {
			t.Errorf("delivery %d of purged lead %s survived", d.ID, d.LeadID)
		}
	}
	vs, err := s.ValuationRecords(ctx, siteA)
	must(t, err)
	if len(vs) != 2 || vs[0].LeadID != recent.ID || vs[1].LeadID != "" {
		t.Errorf("site A keeps valuation records %+v, want the recent lead's and the unlinked one", vs)
	}
	if vs, _ := s.ValuationRecords(ctx, siteB); len(vs) != 1 {
		t.Errorf("a purge of site A deleted site B's valuation records: %d left", len(vs))
	}
	if _, err := s.LeadByID(ctx, siteB, otherSite.ID); err != nil {
		t.Errorf("a purge of site A deleted site B's lead: %v", err)
	}

	again, err := s.PurgeLeads(ctx, siteA, cut, false)
	must(t, err)
	equal(t, "second purge", again, store.LeadPurge{})

	// No site named: every site's old leads go.
	all, err := s.PurgeLeads(ctx, "", cut, false)
	must(t, err)
	equal(t, "purge of every site", all, store.LeadPurge{Leads: 1, Undelivered: 1, Deliveries: 1, Valuations: 0})
	if ls, _ := s.Leads(ctx, siteB, time.Time{}); len(ls) != 0 {
		t.Errorf("site B keeps %d old leads after a purge of every site", len(ls))
	}
	if ls, _ := s.Leads(ctx, siteA, time.Time{}); len(ls) != 2 {
		t.Errorf("a purge of every site took site A's newer leads: %d left", len(ls))
	}
}
