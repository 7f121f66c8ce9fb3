package main

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"forecourt/internal/catalog"
	"forecourt/internal/store"
	"forecourt/internal/store/storetest"
)

// TestBackupWhileWritingRestores backs up a store with cars and delivered
// and pending leads while a goroutine keeps submitting leads, restores the
// copy as the README says (stop, replace the database file, start) and
// checks that every lead acknowledged before the backup began is there with
// its delivery state, that no lead submitted after the backup ended is, and
// that the restored database passes SQLite's integrity check.
func TestBackupWhileWritingRestores(t *testing.T) {
	t.Parallel()
	ctx, dataDir := context.Background(), t.TempDir()
	const site = "harbourside-toyota"
	st := openTestStore(t, dataDir)
	cars := make([]catalog.Car, 2000)
	for i := range cars {
		cars[i] = storetest.FullCar(0, fmt.Sprint("backup-car-", i))
	}
	if err := st.SaveCars(ctx, site, cars); err != nil {
		t.Fatal(err)
	}
	lead := func(key string) catalog.Lead {
		l := catalogLead()
		l.IdempotencyKey, l.Message = key, "lead "+key
		return l
	}
	// Forty leads, every other one delivered, the rest pending.
	state := map[string]string{} // lead id → delivery state when the backup began
	for i := range 40 {
		l, _, err := st.SubmitLead(ctx, site, lead(fmt.Sprint("first-", i)), []string{"crm-webhook"})
		if err != nil {
			t.Fatal(err)
		}
		state[l.ID] = store.DeliveryPending
	}
	claimed, err := st.ClaimDeliveries(ctx, time.Now().Add(time.Second), time.Minute, 100)
	if err != nil || len(claimed) != 40 {
		t.Fatalf("claimed %d deliveries: %v", len(claimed), err)
	}
	for i, d := range claimed {
		if i%2 == 0 {
			err = st.DeliverySucceeded(ctx, d.ID, time.Now())
			state[d.LeadID] = store.DeliveryDelivered
		} else {
			err = st.DeliveryFailed(ctx, d.ID, "receiver down", time.Now().Add(time.Hour), false)
		}
		if err != nil {
			t.Fatal(err)
		}
	}

	// The writer acknowledges leads the way serve does, until told to stop.
	var (
		mu         sync.Mutex
		acked      []string            // in the order SubmitLead returned
		afterEnd   = map[string]bool{} // submitted only after the backup had ended
		backupDone atomic.Bool
		stop       = make(chan struct{})
		wg         sync.WaitGroup
		writeErr   atomic.Value
	)
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			late := backupDone.Load()
			l, _, err := st.SubmitLead(ctx, site, lead(fmt.Sprint("during-", i)), []string{"crm-webhook"})
			if err != nil {
				writeErr.Store(err)
				return
			}
			mu.Lock()
			acked = append(acked, l.ID)
			if late {
				afterEnd[l.ID] = true
			}
			mu.Unlock()
		}
	}()
	ackedCount := func() int {
		mu.Lock()
		defer mu.Unlock()
		return len(acked)
	}
	waitFor := func(what string, cond func() bool) {
		t.Helper()
		for deadline := time.Now().Add(30 * time.Second); !cond(); {
			if err := writeErr.Load(); err != nil {
				t.Fatalf("writer: %v", err)
			}
			if time.Now().After(deadline) {
				t.Fatalf("timed out waiting for %s", what)
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
	waitFor("the writer to store leads", func() bool { return ackedCount() >= 20 })

	mu.Lock()
	for _, id := range acked {
		state[id] = store.DeliveryPending
	}
	startedWith := len(acked)
	mu.Unlock()
	backupFile := filepath.Join(t.TempDir(), "forecourt-backup.db")
	var out bytes.Buffer
	err = run(ctx, []string{"backup", "--data", dataDir, "--out", backupFile}, noEnv, &out, io.Discard)
	backupDone.Store(true)
	if err != nil {
		t.Fatalf("backup: %v", err)
	}
	endedWith := ackedCount()
	waitFor("leads submitted after the backup", func() bool {
		mu.Lock()
		defer mu.Unlock()
		return len(afterEnd) >= 5
	})
	close(stop)
	wg.Wait()
	if err := writeErr.Load(); err != nil {
		t.Fatalf("writer: %v", err)
	}
	t.Logf("%s; the writer stored %d leads while the backup ran", strings.TrimSpace(out.String()), endedWith-startedWith)
	m := regexp.MustCompile(`^wrote .+: .+, (\d+) cars, (\d+) leads \(integrity check ok\)\n$`).FindStringSubmatch(out.String())
	if m == nil || m[1] != "2000" {
		t.Fatalf("backup printed %q, want the file, its size and 2000 cars", out.String())
	}

	// Restore: stop, replace the database file, start.
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	live := filepath.Join(dataDir, "forecourt.db")
	for _, f := range []string{live, live + "-wal", live + "-shm"} {
		if err := os.Remove(f); err != nil && !os.IsNotExist(err) {
			t.Fatal(err)
		}
	}
	copyFile(t, backupFile, live)
	restored := openTestStore(t, dataDir)
	defer restored.Close()

	ls, err := restored.Leads(ctx, site, time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(len(ls)) != m[2] {
		t.Errorf("the restored store has %d leads, the backup said %s", len(ls), m[2])
	}
	have := map[string]bool{}
	for _, l := range ls {
		have[l.ID] = true
		if afterEnd[l.ID] {
			t.Errorf("lead %s was submitted after the backup ended but is in it", l.ID)
		}
	}
	ds, err := restored.Deliveries(ctx, site)
	if err != nil {
		t.Fatal(err)
	}
	delivery := map[string]string{}
	for _, d := range ds {
		delivery[d.LeadID] = d.State
	}
	for id, want := range state {
		if !have[id] {
			t.Errorf("lead %s was acknowledged before the backup began but is not in it", id)
			continue
		}
		if delivery[id] != want {
			t.Errorf("lead %s: delivery %q after restore, want %q", id, delivery[id], want)
		}
	}
	for id := range have {
		if delivery[id] == "" {
			t.Errorf("lead %s is in the backup without its delivery row", id)
		}
	}
	if n, err := restored.CountCars(ctx, site); err != nil || n != 2000 {
		t.Errorf("the restored store has %d cars (%v), want 2000", n, err)
	}
	if len(afterEnd) == 0 || len(have) < len(state) {
		t.Fatalf("nothing to tell apart: %d leads after the backup, %d restored", len(afterEnd), len(have))
	}

	db, err := sql.Open("sqlite", sqliteDSN(live, "query_only(1)"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var check string
	if err := db.QueryRow("PRAGMA integrity_check").Scan(&check); err != nil || check != "ok" {
		t.Errorf("integrity check of the restored database: %q %v", check, err)
	}
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o600); err != nil {
		t.Fatal(err)
	}
}

// The backup never overwrites a file unless told to, never leaves a
// temporary file behind, and never makes a database where there is none.
func TestBackupRefusals(t *testing.T) {
	t.Parallel()
	ctx, dataDir, outDir := context.Background(), t.TempDir(), t.TempDir()
	st := openTestStore(t, dataDir)
	if _, err := st.CreateLead(ctx, "harbourside-toyota", catalogLead()); err != nil {
		t.Fatal(err)
	}
	st.Close()
	out := filepath.Join(outDir, "backup.db")
	if err := os.WriteFile(out, []byte("an older backup"), 0o600); err != nil {
		t.Fatal(err)
	}
	err := run(ctx, []string{"backup", "--data", dataDir, "--out", out}, noEnv, io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "--force") {
		t.Errorf("backup over an existing file: %v, want a refusal naming --force", err)
	}
	if b, _ := os.ReadFile(out); string(b) != "an older backup" {
		t.Errorf("the existing file was changed to %d bytes", len(b))
	}
	var printed bytes.Buffer
	if err := run(ctx, []string{"backup", "--data", dataDir, "--out", out, "--force"}, noEnv, &printed, io.Discard); err != nil {
		t.Fatalf("backup --force: %v", err)
	}
	if !strings.Contains(printed.String(), ", 1 leads (integrity check ok)") {
		t.Errorf("backup --force printed %q", printed.String())
	}
	if b, _ := os.ReadFile(out); !bytes.HasPrefix(b, []byte("SQLite format 3\x00")) {
		t.Errorf("--force did not replace the file with a database")
	}

	emptyDir := t.TempDir()
	err = run(ctx, []string{"backup", "--data", emptyDir, "--out", filepath.Join(outDir, "none.db")}, noEnv, io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "no database") {
		t.Errorf("backup of an empty data dir: %v", err)
	}
	if names, _ := os.ReadDir(emptyDir); len(names) != 0 {
		t.Errorf("backup made %d files in an empty data dir", len(names))
	}
	if err := run(ctx, []string{"backup", "--data", dataDir}, noEnv, io.Discard, io.Discard); err == nil || !strings.Contains(err.Error(), "--out") {
		t.Errorf("backup without --out: %v", err)
	}

	pg := func(k string) string {
		if k == "DATABASE_URL" {
			return "postgres://backup@127.0.0.1:1/forecourt"
		}
		return ""
	}
	err = run(ctx, []string{"backup", "--data", dataDir, "--out", filepath.Join(outDir, "pg.db")}, pg, io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "pg_dump") || !strings.Contains(err.Error(), "Backups and retention") {
		t.Errorf("backup with DATABASE_URL: %v, want a pointer to pg_dump and the README", err)
	}
	names, _ := os.ReadDir(outDir)
	if len(names) != 1 || names[0].Name() != "backup.db" {
		var got []string
		for _, n := range names {
			got = append(got, n.Name())
		}
		t.Errorf("the output directory holds %v, want only backup.db", got)
	}
}
