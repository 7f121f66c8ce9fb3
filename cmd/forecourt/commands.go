package main

import (
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"strconv"
	"strings"
	"time"

	"forecourt/internal/csvsafe"
	"forecourt/internal/feed"
	"forecourt/internal/stockfeed"
	"forecourt/internal/store"
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
	file := fset.String("file", "", "the feed file (.csv, .tsv, .txt, .json or .xml)")
	feedURL := fset.String("url", "", "pull the feed from this http(s) address instead of a file (the site's auth header is sent)")
	format := fset.String("format", "", "csv, json or xml (default: the site's feed format, else from the file's name or content)")
	full := fset.Bool("full", false, "the feed is the whole stock: cars missing from it become sold")
	force := fset.Bool("force", false, "with --full: sell the missing cars even past the site's share of its listed cars")
	tenantsDir := fset.String("tenants", "", "directory of site configs (default: the built-in demo sites)")
	reportFile := fset.String("report", "", "also write the full report (every car and rejected row) to this CSV file")
	if err := fset.Parse(args); err != nil {
		return err
	}
	if *siteSlug == "" || (*file == "") == (*feedURL == "") {
		return errors.New("import needs --site and one of --file or --url")
	}
	sites, err := loadSites(*tenantsDir)
	if err != nil {
		return err
	}
	site, ok := sites.BySlug(*siteSlug)
	if !ok {
		return fmt.Errorf("no site %q is configured", *siteSlug)
	}
	if *format == "" && *file != "" {
		*format = feed.DetectFormat(*file)
	}
	// The report file is created before anything changes, so a path that
	// cannot be written stops the import instead of losing its report.
	var report *os.File
	if *reportFile != "" {
		if report, err = os.Create(*reportFile); err != nil {
			return err
		}
		defer report.Close()
	}
	src := stockfeed.Source{File: *file}
	if *feedURL != "" {
		src = stockfeed.SourceOf(tenant.Feed{URL: *feedURL, AuthHeader: site.Feed.AuthHeader, AuthEnv: site.Feed.AuthEnv}, getenv)
	}
	got, err := stockfeed.Fetch(ctx, &http.Client{}, src, store.FeedState{})
	if err != nil {
		return err
	}
	name := *file + *feedURL
	st, _, err := openStore(ctx, *dataDir, getenv)
	if err != nil {
		return err
	}
	defer st.Close()
	out, err := stockfeed.Import(ctx, st, site, got.Body, stockfeed.Options{Full: *full, Force: *force, Format: *format})
	if errors.Is(err, stockfeed.ErrNothingImported) {
		_ = out.WriteReport(stdout)
		return fmt.Errorf("%s: no row of the feed could be imported; nothing was changed", name)
	}
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	if err := out.WriteReport(stdout); err != nil {
		return err
	}
	if report != nil {
		if err := out.Result.Report.WriteCSV(report); err != nil {
			return err
		}
		if err := report.Close(); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "full report: %s\n", *reportFile)
	}
	if out.Suspect {
		return fmt.Errorf("%s: suspect feed: it would sell %d of %d listed cars; nothing was sold (--force sells them)", name,
			out.Result.Report.WouldSell, out.Result.Report.Listed)
	}
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
