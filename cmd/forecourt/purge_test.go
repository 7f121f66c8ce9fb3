package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	"forecourt/internal/store/postgres/postgrestest"
)

// TestLeadsPurge runs `forecourt leads purge` on both stores: a dry run
// counts and deletes nothing, a purge deletes the old leads, delivered or
// not, with their delivery rows, and keeps the rest.
func TestLeadsPurge(t *testing.T) {
	t.Parallel()
	for _, db := range []string{"sqlite", "postgres"} {
		t.Run(db, func(t *testing.T) {
			t.Parallel()
			env := map[string]string{}
			if db == "postgres" {
				env["DATABASE_URL"] = postgrestest.TestDatabase(t)
			}
			getenv := func(k string) string { return env[k] }
			ctx, dataDir := context.Background(), t.TempDir()
			st, _, err := openStore(ctx, dataDir, getenv)
			if err != nil {
				t.Fatal(err)
			}
			const site = "harbourside-toyota"
			cut := time.Date(2025, 3, 1, 0, 0, 0, 0, time.UTC)
			var keep []string
			for i, at := range []time.Time{cut.AddDate(-1, 0, 0), cut.Add(-time.Second), cut.Add(-time.Second), cut, cut.AddDate(0, 0, 1)} {
				l := catalogLead()
				l.CreatedAt, l.IdempotencyKey = at, fmt.Sprint("purge-", i)
				out, _, err := st.SubmitLead(ctx, site, l, []string{"crm-webhook"})
				if err != nil {
					t.Fatal(err)
				}
				if !at.Before(cut) {
					keep = append(keep, out.ID)
				}
			}
			// One old lead delivered; the other two stay pending.
			claimed, err := st.ClaimDeliveries(ctx, time.Now().Add(time.Second), time.Minute, 1)
			if err != nil || len(claimed) != 1 {
				t.Fatalf("claimed %d: %v", len(claimed), err)
			}
			if err := st.DeliverySucceeded(ctx, claimed[0].ID, time.Now()); err != nil {
				t.Fatal(err)
			}
			st.Close()

			purge := func(args ...string) (string, error) {
				var out bytes.Buffer
				err := run(ctx, append([]string{"leads", "purge", "--data", dataDir}, args...), getenv, &out, io.Discard)
				return out.String(), err
			}
			want := "3 leads of every site received before 2025-03-01T00:00:00Z (2 of them not yet delivered), with 3 delivery rows and 0 valuation records\n"
			out, err := purge("--before", "2025-03-01", "--dry-run")
			if err != nil || out != "would purge "+want+"dry run: nothing was deleted\n" {
				t.Errorf("dry run: %q %v", out, err)
			}
			if n := len(exportedLeadIDs(t, env, dataDir, site)); n != 5 {
				t.Fatalf("after a dry run %d leads are left, want 5", n)
			}
			// The same moment as an RFC 3339 time in another zone.
			out, err = purge("--before", "2025-03-01T10:00:00+10:00", "--site", site)
			if err != nil || out != "purged "+strings.Replace(want, "every site", site, 1) {
				t.Errorf("purge: %q %v", out, err)
			}
			left := exportedLeadIDs(t, env, dataDir, site)
			if len(left) != len(keep) || !left[keep[0]] || !left[keep[1]] {
				t.Errorf("after the purge %v are left, want %v", left, keep)
			}
			st, _, err = openStore(ctx, dataDir, getenv)
			if err != nil {
				t.Fatal(err)
			}
			ds, err := st.Deliveries(ctx, site)
			st.Close()
			if err != nil || len(ds) != len(keep) {
				t.Errorf("after the purge %d delivery rows are left (%v), want %d", len(ds), err, len(keep))
			}
			if out, err := purge("--before", "2025-03-01"); err != nil || !strings.HasPrefix(out, "purged 0 leads") {
				t.Errorf("a second purge: %q %v", out, err)
			}
		})
	}
}

func TestLeadsPurgeRefusesBadDates(t *testing.T) {
	t.Parallel()
	dataDir := t.TempDir()
	tomorrow := time.Now().UTC().AddDate(0, 0, 1).Format("2006-01-02")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{nil, "needs --before"},
		{[]string{"--before", ""}, "needs --before"},
		{[]string{"--before", "01/03/2025"}, `"01/03/2025" is not a date`},
		{[]string{"--before", "2025-02-30"}, "is not a date"},
		{[]string{"--before", tomorrow}, "is in the future"},
		{[]string{"--before", time.Now().Add(time.Hour).Format(time.RFC3339)}, "is in the future"},
		{[]string{"--before", "2025-03-01", "--site", "nowhere"}, `no site "nowhere"`},
	} {
		err := run(context.Background(), append([]string{"leads", "purge", "--data", dataDir}, tc.args...), noEnv, io.Discard, io.Discard)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("leads purge %q: %v, want an error saying %q", tc.args, err, tc.want)
		}
	}
	// A refused purge never opened, let alone made, a database.
	if names, _ := os.ReadDir(dataDir); len(names) != 0 {
		t.Errorf("a refused purge left %d files in the data dir", len(names))
	}
	// Today is not the future: everything before midnight UTC may go.
	if err := run(context.Background(), []string{"leads", "purge", "--data", dataDir, "--before", time.Now().UTC().Format("2006-01-02")},
		noEnv, io.Discard, io.Discard); err != nil {
		t.Errorf("a purge up to today: %v", err)
	}
}
