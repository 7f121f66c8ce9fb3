package demo

import (
	"testing"
	"time"

	"forecourt/internal/tenant"
	"forecourt/tenants"
)

// The 'Sales this Month' counter's figure (docs/behaviour/constants.md)
// runs to thousands by the month's end: believable for a group of many
// yards, not for one dealer. A demo site turns it on only where it is a
// group.
func TestSalesCounterOnlyOnGroups(t *testing.T) {
	t.Parallel()
	reg, err := tenant.Load(tenants.FS)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range generated(time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC)) {
		site, ok := reg.BySlug(s.Slug)
		if !ok {
			t.Fatalf("demo site %s has no configuration", s.Slug)
		}
		if site.Features.SalesCounter && len(s.Locations) < 5 {
			t.Errorf("%s shows the group sales counter with %d locations", s.Slug, len(s.Locations))
		}
	}
}
