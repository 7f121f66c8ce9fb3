package main

import (
	"os"
	"path/filepath"
	"testing"

	"forecourt/internal/tenant"
)

// The edited demo configs still load, every site with the lifted limits
// (appending a block to the end of a file once made them invalid YAML).
func TestLiftedConfigsLoad(t *testing.T) {
	files, err := filepath.Glob("../../tenants/*.yaml")
	if err != nil || len(files) == 0 {
		t.Fatalf("no demo configs: %v", err)
	}
	out := t.TempDir()
	for _, f := range files {
		if err := lift(f, filepath.Join(out, filepath.Base(f))); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
	}
	if schema, err := os.ReadFile("../../tenants/schema.json"); err == nil {
		if err := os.WriteFile(filepath.Join(out, "schema.json"), schema, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	reg, err := tenant.LoadDir(out)
	if err != nil {
		t.Fatalf("edited configs do not load: %v", err)
	}
	if len(reg.Sites()) != len(files) {
		t.Fatalf("loaded %d sites, want %d", len(reg.Sites()), len(files))
	}
	for _, s := range reg.Sites() {
		rl := s.Leads.RateLimit
		if rl.PerIPPerMinute != 60000000 || rl.PerIPBurst != 1000000 || rl.PerSitePerMinute != 60000000 || rl.PerSiteBurst != 1000000 {
			t.Errorf("%s: rate limit %+v, want the lifted limits", s.Slug, rl)
		}
	}
}
