package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"
)

// purgeHelp heads `leads purge -h`: what goes, and that retention takes
// undelivered leads too.
const purgeHelp = `Usage: forecourt leads purge --before DATE [--site SLUG] [--dry-run] [--data DIR]

Deletes every lead received before DATE (YYYY-MM-DD, midnight UTC, or an RFC 3339
time) with its delivery rows and the valuation records linked to it, in one
transaction, on every site or on --site only. Leads not yet delivered (pending or
dead-lettered) are deleted too when they are older than DATE: retention is retention,
so export or retry them first. --dry-run prints the count and deletes nothing.

`

func runLeadsPurge(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	fset := newFlags("leads purge", stderr)
	dataDir := fset.String("data", "data", "directory of the SQLite database")
	beforeText := fset.String("before", "", "delete leads received before this date: YYYY-MM-DD (UTC) or RFC 3339")
	siteSlug := fset.String("site", "", "only this site's leads (default: every site)")
	dryRun := fset.Bool("dry-run", false, "count the leads that would go; delete nothing")
	tenantsDir := fset.String("tenants", "", "directory of site configs, to check --site (default: the built-in demo sites)")
	fset.Usage = func() {
		fmt.Fprint(stderr, purgeHelp)
		fset.PrintDefaults()
	}
	if err := fset.Parse(args); err != nil {
		return err
	}
	before, err := parsePurgeDate(*beforeText, time.Now())
	if err != nil {
		return err
	}
	if *siteSlug != "" {
		if err := requireSite(*tenantsDir, *siteSlug); err != nil {
			return err
		}
	}
	st, _, err := openStore(ctx, *dataDir, getenv)
	if err != nil {
		return err
	}
	defer st.Close()
	p, err := st.PurgeLeads(ctx, *siteSlug, before, *dryRun)
	if err != nil {
		return err
	}
	where := "every site"
	if *siteSlug != "" {
		where = *siteSlug
	}
	verb := "purged"
	if *dryRun {
		verb = "would purge"
	}
	fmt.Fprintf(stdout, "%s %d leads of %s received before %s (%d of them not yet delivered), with %d delivery rows and %d valuation records\n",
		verb, p.Leads, where, before.Format(time.RFC3339), p.Undelivered, p.Deliveries, p.Valuations)
	if *dryRun {
		fmt.Fprintln(stdout, "dry run: nothing was deleted")
	}
	return nil
}

// parsePurgeDate reads --before: a date (midnight UTC) or an RFC 3339
// time, never one after now, since a purge up to a future date would take
// leads as they arrive.
func parsePurgeDate(text string, now time.Time) (time.Time, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return time.Time{}, errors.New("leads purge needs --before DATE (YYYY-MM-DD, in UTC, or an RFC 3339 time)")
	}
	t, err := time.Parse("2006-01-02", text)
	if err != nil {
		if t, err = time.Parse(time.RFC3339, text); err != nil {
			return time.Time{}, fmt.Errorf("--before: %q is not a date like 2025-01-31 or an RFC 3339 time like 2025-01-31T00:00:00Z", text)
		}
	}
	t = t.UTC()
	if t.After(now) {
		return time.Time{}, fmt.Errorf("--before: %s is in the future; a purge deletes only leads older than a date that has passed", t.Format(time.RFC3339))
	}
	return t, nil
}
