package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"io"
	"net"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"forecourt/internal/store/postgres"

	"github.com/jackc/pgx/v5"
)

// A node rides out a database restart: with its own PostgreSQL cluster
// stopped under it, the node keeps answering what its memory holds
// (search, car pages, similar cars, the site's pages), refuses a lead
// quickly with 503 unavailable (and does not store it), says it is not
// ready, and once the database is back takes leads again by itself.
func TestNodeRidesOutADatabaseRestart(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a PostgreSQL cluster of its own")
	}
	// The outage tests mostly wait on a database that does not answer:
	// they wait beside each other, on clusters of their own.
	t.Parallel()
	cluster := seededCluster(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	admin := ln.Addr().String()
	ln.Close()
	env := map[string]string{"DATABASE_URL": cluster.URL}
	dataDir := t.TempDir()
	port := startServe(t, env, "--data", dataDir, "--admin-addr", admin, "--otp-log")
	const site = "summit-motor-group"
	host := site + ".localhost"
	client := &http.Client{Timeout: 10 * time.Second}

	get := func(path, h string) (int, string) {
		t.Helper()
		base := "http://127.0.0.1:" + port
		if h == "" {
			base = "http://" + admin
		}
		req, _ := http.NewRequest("GET", base+path, nil)
		req.Host = h
		res, err := client.Do(req)
		if err != nil {
			t.Fatalf("GET %s: %v", path, err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(b)
	}
	var found struct {
		Hits []struct {
			Slug string `json:"slug"`
		} `json:"hits"`
	}
	if code := getJSON(t, port, host, "/api/search?path=/search/used-cars", &found); code != 200 || len(found.Hits) == 0 {
		t.Fatalf("search before the outage: %d, %d hits", code, len(found.Hits))
	}
	car := found.Hits[0].Slug
	// What a buyer reaches, read once while the database is up (as any
	// visitor's traffic would have done).
	reads := []string{
		"/api/site", "/api/search?path=/search/used-cars", "/api/search?path=/search/used-cars&query=" + "auto",
		"/api/cars/" + car, "/api/cars/" + car + "/similar", "/cars/" + car, "/search/used-cars", "/",
		"/api/models", "/api/reviews", "/locations",
	}
	before := map[string]int{}
	for _, p := range reads {
		code, _ := get(p, host)
		before[p] = code
	}
	if code, _ := get("/readyz", ""); code != 200 {
		t.Fatalf("/readyz before the outage: %d", code)
	}
	if code, id, err := postLead(client, port, site, "before-outage", crashLead("before-outage")); code != 201 || err != nil {
		t.Fatalf("lead before the outage: %d %s %v", code, id, err)
	}

	cluster.Stop()

	for _, p := range reads {
		if code, body := get(p, host); code != before[p] {
			t.Errorf("GET %s with the database down: %d, was %d\n%.300s", p, code, before[p], body)
		}
	}
	began := time.Now()
	code, id, _ := postLead(client, port, site, "during-outage", crashLead("during-outage"))
	took := time.Since(began)
	if code != 503 {
		t.Errorf("lead with the database down: %d (id %q), want 503", code, id)
	}
	if took > 2*time.Second {
		t.Errorf("lead with the database down answered after %v, want within 2 s", took)
	}
	// The refusal tells the buyer what to do, with the dealer's number.
	req, _ := http.NewRequest("POST", "http://127.0.0.1:"+port+"/api/leads", strings.NewReader(string(crashLead("during-outage-2"))))
	req.Host = host
	req.Header.Set("Content-Type", "application/json")
	if res, err := client.Do(req); err == nil {
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != 503 || !strings.Contains(string(b), `"code":"unavailable"`) || !strings.Contains(string(b), "try again") || !strings.Contains(string(b), "call") {
			t.Errorf("lead refusal: %d %s", res.StatusCode, b)
		}
	}
	if code, _ := get("/readyz", ""); code != 503 {
		t.Errorf("/readyz with the database down: %d, want 503", code)
	}
	// Sign-in is a write too.
	otp, _ := http.NewRequest("POST", "http://127.0.0.1:"+port+"/api/auth/otp", strings.NewReader(`{"phone":"0412 345 678"}`))
	otp.Host = host
	otp.Header.Set("Content-Type", "application/json")
	began = time.Now()
	if res, err := client.Do(otp); err != nil {
		t.Errorf("otp: %v", err)
	} else {
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != 503 || !strings.Contains(string(b), `"code":"unavailable"`) || time.Since(began) > 2*time.Second {
			t.Errorf("sign-in code with the database down: %d %s after %v, want 503 unavailable within 2 s", res.StatusCode, b, time.Since(began))
		}
	}

	cluster.Start()

	deadline := time.Now().Add(15 * time.Second)
	var back bool
	for time.Now().Before(deadline) {
		if code, _, _ := postLead(client, port, site, "after-outage", crashLead("after-outage")); code == 201 {
			back = true
			break
		}
		time.Sleep(200 * time.Millisecond)
	}
	if !back {
		t.Fatal("no lead accepted within 15 s of the database's return")
	}
	if code, _ := get("/readyz", ""); code != 200 {
		t.Errorf("/readyz after the database's return: %d", code)
	}
	// The lead refused during the outage was not stored; the others were.
	stored := exportedLeadMessages(t, env, dataDir, site)
	for key, want := range map[string]bool{"before-outage": true, "during-outage": false, "during-outage-2": false, "after-outage": true} {
		if stored[key] != want {
			t.Errorf("lead %q stored: %v, want %v", key, stored[key], want)
		}
	}
}

// exportedLeadMessages runs `forecourt leads export` and returns the
// messages of the site's stored leads.
func exportedLeadMessages(t *testing.T, getenv map[string]string, dataDir, site string) map[string]bool {
	t.Helper()
	var out bytes.Buffer
	if err := run(context.Background(), []string{"leads", "export", "--site", site, "--data", dataDir},
		func(k string) string { return getenv[k] }, &out, io.Discard); err != nil {
		t.Fatalf("leads export: %v", err)
	}
	rows, err := csv.NewReader(&out).ReadAll()
	if err != nil || len(rows) == 0 {
		t.Fatalf("leads export: %v", err)
	}
	col := slices.Index(rows[0], "message")
	if col < 0 {
		t.Fatalf("leads export has no message column: %v", rows[0])
	}
	msgs := map[string]bool{}
	for _, r := range rows[1:] {
		msgs[r[col]] = true
	}
	return msgs
}

// A node rides out a database that stops answering, or dies, while a
// site's index is being rebuilt: the rebuild waits in the background, and
// every read is answered from the last index within a second; writes are
// refused within their budgets; once the database is back, the node takes
// leads again without a restart.
func TestNodeRidesOutAHungDatabase(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a PostgreSQL cluster of its own")
	}
	t.Parallel() // as TestNodeRidesOutADatabaseRestart
	for _, how := range []string{"paused", "crashed"} {
		t.Run(how, func(t *testing.T) {
			t.Parallel()
			rideOutHungDatabase(t, how)
		})
	}
}

func rideOutHungDatabase(t *testing.T, how string) {
	cluster := seededCluster(t)
	env := map[string]string{"DATABASE_URL": cluster.URL}
	// Two nodes share the database, as in production.
	ports := []string{startServe(t, env, "--data", t.TempDir(), "--otp-log"), startServe(t, env, "--data", t.TempDir(), "--otp-log")}
	port := ports[0]
	const site = "summit-motor-group"
	host := site + ".localhost"
	client := &http.Client{Timeout: 30 * time.Second}
	getFrom := func(port, path string) (int, time.Duration) {
		t.Helper()
		req, _ := http.NewRequest("GET", "http://127.0.0.1:"+port+path, nil)
		req.Host = host
		began := time.Now()
		res, err := client.Do(req)
		if err != nil {
			t.Fatalf("GET %s: %v", path, err)
		}
		_, _ = io.Copy(io.Discard, res.Body)
		res.Body.Close()
		return res.StatusCode, time.Since(began)
	}
	var found struct {
		Hits []struct {
			Slug string `json:"slug"`
		} `json:"hits"`
	}
	if code := getJSON(t, port, host, "/api/search?path=/search/used-cars", &found); code != 200 || len(found.Hits) == 0 {
		t.Fatalf("search before the hang: %d, %d hits", code, len(found.Hits))
	}
	car := found.Hits[0].Slug
	reads := []string{"/api/site", "/api/search?path=/search/used-cars", "/api/search?path=/search/used-cars&query=auto",
		"/api/cars/" + car, "/api/models", "/api/reviews", "/cars/" + car, "/search/used-cars"}
	for _, port := range ports {
		for _, p := range reads {
			if code, _ := getFrom(port, p); code != 200 {
				t.Fatalf("GET %s on :%s before the hang: %d", p, port, code)
			}
		}
	}

	// The site's stock changes, and the node's rebuild of its index meets
	// a table it cannot read: the rebuild is under way, waiting, when the
	// database stops.
	ctx := context.Background()
	locker, err := pgx.Connect(ctx, cluster.URL)
	if err != nil {
		t.Fatal(err)
	}
	defer locker.Close(context.Background())
	tx, err := locker.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tx.Exec(ctx, "LOCK TABLE cars IN ACCESS EXCLUSIVE MODE"); err != nil {
		t.Fatal(err)
	}
	watcher, err := pgx.Connect(ctx, cluster.URL)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := watcher.Exec(ctx, "SELECT pg_notify($1, $2)", postgres.StockChannel, site); err != nil {
		t.Fatal(err)
	}
	// Both nodes' rebuilds wait on the table.
	waiting := func() bool {
		var n int
		err := watcher.QueryRow(ctx, "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'").Scan(&n)
		return err == nil && n >= len(ports)
	}
	for deadline := time.Now().Add(15 * time.Second); !waiting(); {
		if time.Now().After(deadline) {
			t.Fatal("the node did not start rebuilding the index within 15 s of the stock change")
		}
		time.Sleep(20 * time.Millisecond)
	}
	watcher.Close(ctx)
	if how == "paused" {
		cluster.Pause()
	} else {
		cluster.Crash()
	}

	for round := range 2 {
		for _, port := range ports {
			for _, p := range reads {
				if code, took := getFrom(port, p); code != 200 || took > time.Second {
					t.Errorf("round %d: GET %s on :%s with the database %s: %d after %v, want 200 within 1 s", round, p, port, how, code, took)
				}
			}
		}
	}
	began := time.Now()
	if code, id, _ := postLead(client, port, site, "during-hang", crashLead("during-hang")); code != 503 || time.Since(began) > 2*time.Second {
		t.Errorf("lead with the database %s: %d (id %q) after %v, want 503 within 2 s", how, code, id, time.Since(began))
	}
	reveal, _ := http.NewRequest("POST", "http://127.0.0.1:"+port+"/api/cars/"+car+"/call-reveal", strings.NewReader(`{}`))
	reveal.Host = host
	reveal.Header.Set("Content-Type", "application/json")
	began = time.Now()
	if res, err := client.Do(reveal); err != nil {
		t.Errorf("call reveal: %v", err)
	} else {
		res.Body.Close()
		if res.StatusCode != 503 || time.Since(began) > 2*time.Second {
			t.Errorf("call reveal with the database %s: %d after %v, want 503 within 2 s", how, res.StatusCode, time.Since(began))
		}
	}
	otp, _ := http.NewRequest("POST", "http://127.0.0.1:"+port+"/api/auth/otp", strings.NewReader(`{"phone":"0412 345 678"}`))
	otp.Host = host
	otp.Header.Set("Content-Type", "application/json")
	began = time.Now()
	if res, err := client.Do(otp); err != nil {
		t.Errorf("otp: %v", err)
	} else {
		res.Body.Close()
		if res.StatusCode != 503 || time.Since(began) > 2500*time.Millisecond {
			t.Errorf("sign-in code with the database %s: %d after %v, want 503 within 2.5 s", how, res.StatusCode, time.Since(began))
		}
	}

	if how == "paused" {
		cluster.Resume()
		_ = tx.Rollback(ctx)
	} else {
		cluster.Start()
	}
	var back bool
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(200 * time.Millisecond) {
		if code, _, _ := postLead(client, port, site, "after-hang", crashLead("after-hang")); code == 201 {
			back = true
			break
		}
	}
	if !back {
		t.Fatalf("no lead accepted within 20 s of the database's return (%s)", how)
	}
	for _, port := range ports {
		for _, p := range reads {
			if code, _ := getFrom(port, p); code != 200 {
				t.Errorf("GET %s on :%s after the database's return: %d", p, port, code)
			}
		}
	}
}
