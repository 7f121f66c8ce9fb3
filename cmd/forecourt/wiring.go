package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"forecourt/internal/store"
	"forecourt/internal/store/postgres"
	"forecourt/internal/store/sqlite"
	"forecourt/internal/tenant"
)

// openStore opens PostgreSQL when DATABASE_URL is set, else the SQLite file
// under dataDir. Both migrate on open.
func openStore(ctx context.Context, dataDir string, getenv func(string) string) (store.Store, string, error) {
	if url := getenv("DATABASE_URL"); url != "" {
		db, err := postgres.Open(ctx, url)
		if err != nil {
			return nil, "", fmt.Errorf("open PostgreSQL: %w", err)
		}
		return db, "postgresql", nil
	}
	if err := os.MkdirAll(dataDir, 0o755); err != nil {
		return nil, "", fmt.Errorf("create data directory: %w", err)
	}
	file := filepath.Join(dataDir, "forecourt.db")
	db, err := sqlite.Open(ctx, file)
	if err != nil {
		return nil, "", fmt.Errorf("open SQLite %s: %w", file, err)
	}
	return db, "sqlite " + file, nil
}

// loadSites reads the site configs of dir, or the built-in demo sites.
func loadSites(dir string) (*tenant.Registry, error) {
	if dir != "" {
		return tenant.LoadDir(dir)
	}
	return tenant.LoadEmbedded()
}

// requireSite checks that slug names a site configured in dir (or among the
// built-in demo sites), for the commands that act on one site's data.
func requireSite(dir, slug string) error {
	sites, err := loadSites(dir)
	if err != nil {
		return err
	}
	if _, ok := sites.BySlug(slug); !ok {
		return fmt.Errorf("no site %q is configured", slug)
	}
	return nil
}

func newFlags(name string, stderr io.Writer) *flag.FlagSet {
	fset := flag.NewFlagSet(name, flag.ContinueOnError)
	fset.SetOutput(stderr)
	return fset
}
