package main

import (
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"forecourt/internal/csvsafe"
	"forecourt/internal/feed"
	"forecourt/internal/tenant"
)

type migrator interface{ Migrate(context.Context) error }

func runMigrate(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	fset := newFlags("migrate", stderr)
	dataDir := fset.String("data", "data", "directory of the SQLite database")
	if err := fset.Parse(args); err != nil {
		return err
	}
	st, name, err := openStore(ctx, *dataDir, getenv)
	if err != nil {
		return err
	}
	defer st.Close()
	if m, ok := st.(migrator); ok {
		if err := m.Migrate(ctx); err != nil {
			return err
		}
	}
	fmt.Fprintf(stdout, "%s is up to date\n", name)
	return nil
}

func runTenantsCheck(args []string, stdout, stderr io.Writer) error {
	fset := newFlags("tenants check", stderr)
	dir := fset.String("tenants", "", "directory of site configs (default: the built-in demo sites)")
	if err := fset.Parse(args); err != nil {
		return err
	}
	var problems []string
	if *dir != "" {
		problems = tenant.CheckDir(*dir)
	} else {
		problems = tenant.CheckEmbedded()
	}
	if len(problems) > 0 {
		for _, p := range problems {
			fmt.Fprintln(stderr, p)
		}
		return fmt.Errorf("%d problem(s) in site configs", len(problems))
	}
	fmt.Fprintln(stdout, "every site config is valid")
	return nil
}

func runImport(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	fset := newFlags("import", stderr)
	dataDir := fset.String("data", "data", "directory of the SQLite database")
	siteSlug := fset.String("site", "", "slug of the site whose stock this is")
	file := fset.String("file", "", "the feed, a .json or .csv file")
	format := fset.String("format", "", "json or csv (default: from the file name)")
	full := fset.Bool("full", false, "the feed is the whole stock: cars missing from it become sold")
	tenantsDir := fset.String("tenants", "", "directory of site configs (default: the built-in demo sites)")
	reportFile := fset.String("report", "", "also write the full report (every car and rejected row) to this CSV file")
	if err := fset.Parse(args); err != nil {
		return err
	}
	if *siteSlug == "" || *file == "" {
		return errors.New("import needs --site and --file")
	}
	if err := requireSite(*tenantsDir, *siteSlug); err != nil {
		return err
	}
	if *format == "" {
		*format = feed.DetectFormat(*file)
	}
	f, err := os.Open(*file)
	if err != nil {
		return err
	}
	defer f.Close()
	// The report file is created before anything changes, so a path that
	// cannot be written stops the import instead of losing its report.
	var report *os.File
	if *reportFile != "" {
		if report, err = os.Create(*reportFile); err != nil {
			return err
		}
		defer report.Close()
	}
	rows, rejected, err := feed.Parse(f, *format)
	if err != nil {
		return fmt.Errorf("%s: %w", *file, err)
	}
	st, _, err := openStore(ctx, *dataDir, getenv)
	if err != nil {
		return err
	}
	defer st.Close()
	existing, err := st.Cars(ctx, *siteSlug)
	if err != nil {
		return err
	}
	// A row may only place its car at this site's own locations and
	// dealerships.
	locs, err := st.Locations(ctx, *siteSlug)
	if err != nil {
		return err
	}
	dealers, err := st.Dealerships(ctx, *siteSlug)
	if err != nil {
		return err
	}
	var locIDs, dealerIDs []int64
	for _, l := range locs {
		locIDs = append(locIDs, l.ID)
	}
	for _, d := range dealers {
		dealerIDs = append(dealerIDs, d.ID)
	}
	rows, foreign := feed.KeepOwned(rows, locIDs, dealerIDs)
	if len(foreign) > 0 {
		rejected = append(rejected, foreign...)
		slices.SortStableFunc(rejected, func(a, b feed.Rejection) int { return a.Line - b.Line })
	}
	if *full && len(rows) == 0 {
		// A full feed with no usable row would mark the whole stock sold.
		return fmt.Errorf("%s: no row of the feed could be imported, so --full would sell every car; nothing was changed", *file)
	}
	result := feed.Plan(existing, rows, *full, time.Now(), rejected...)
	if err := st.SaveCars(ctx, *siteSlug, result.Save); err != nil {
		return err
	}
	if err := result.Report.Write(stdout); err != nil {
		return err
	}
	if report == nil {
		return nil
	}
	if err := result.Report.WriteCSV(report); err != nil {
		return err
	}
	if err := report.Close(); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "full report: %s\n", *reportFile)
	return nil
}

func runLeadsExport(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	fset := newFlags("leads export", stderr)
	dataDir := fset.String("data", "data", "directory of the SQLite database")
	siteSlug := fset.String("site", "", "slug of the site")
	sinceText := fset.String("since", "", "only leads from this date on, YYYY-MM-DD")
	if err := fset.Parse(args); err != nil {
		return err
	}
	if *siteSlug == "" {
		return errors.New("leads export needs --site")
	}
	var since time.Time
	if *sinceText != "" {
		t, err := time.Parse("2006-01-02", *sinceText)
		if err != nil {
			return fmt.Errorf("--since: %q is not a date like 2026-11-23", *sinceText)
		}
		since = t
	}
	st, _, err := openStore(ctx, *dataDir, getenv)
	if err != nil {
		return err
	}
	defer st.Close()
	leads, err := st.Leads(ctx, *siteSlug, since)
	if err != nil {
		return err
	}
	w := csv.NewWriter(stdout)
	_ = w.Write([]string{"lead_id", "category", "subcategory", "name", "email", "phone", "message", "car_id", "created_at"})
	for _, l := range leads {
		name := strings.TrimSpace(l.Name + " " + l.LastName)
		carID := ""
		if l.CarID != 0 {
			carID = strconv.FormatInt(l.CarID, 10)
		}
		row := []string{l.ID, l.Category, l.Subcategory, name, l.Email, l.Phone, l.Message, carID, l.CreatedAt.UTC().Format(time.RFC3339)}
		_ = w.Write(csvsafe.Row(row))
	}
	w.Flush()
	return w.Error()
}

// runLeadsRetry makes a site's dead-lettered deliveries pending again; a
// running server sends them within a second or so.
func runLeadsRetry(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	fset := newFlags("leads retry", stderr)
	dataDir := fset.String("data", "data", "directory of the SQLite database")
	siteSlug := fset.String("site", "", "slug of the site")
	tenantsDir := fset.String("tenants", "", "directory of site configs (default: the built-in demo sites)")
	if err := fset.Parse(args); err != nil {
		return err
	}
	if *siteSlug == "" {
		return errors.New("leads retry needs --site")
	}
	if err := requireSite(*tenantsDir, *siteSlug); err != nil {
		return err
	}
	st, _, err := openStore(ctx, *dataDir, getenv)
	if err != nil {
		return err
	}
	defer st.Close()
	n, err := st.RequeueDeadDeliveries(ctx, *siteSlug, time.Now())
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "requeued %d dead lead deliveries for %s\n", n, *siteSlug)
	return nil
}
