package sqlstore

import (
	"context"
	"slices"
	"strings"

	"forecourt/internal/catalog"
)

// ReplacePlaces makes the site's dealerships and locations exactly these:
// each is saved by its id, and any other of the site's is removed. It is
// idempotent, so nodes that read the same site file may each run it.
func (s *Store) ReplacePlaces(ctx context.Context, site string, ds []catalog.Dealership, ls []catalog.Location) error {
	if err := save(ctx, s, dealerships, site, ds); err != nil {
		return err
	}
	if err := save(ctx, s, locations, site, ls); err != nil {
		return err
	}
	for _, t := range []struct {
		name string
		ids  []int64
	}{{"dealerships", idsOf(ds, func(d catalog.Dealership) int64 { return d.ID })},
		{"locations", idsOf(ls, func(l catalog.Location) int64 { return l.ID })}} {
		q := "DELETE FROM " + t.name + " WHERE site = ?"
		args := []any{site}
		if len(t.ids) > 0 {
			q += " AND id NOT IN (" + strings.TrimSuffix(strings.Repeat("?, ", len(t.ids)), ", ") + ")"
			for _, id := range t.ids {
				args = append(args, id)
			}
		}
		if _, err := s.exec(ctx, s.write, q, args...); err != nil {
			return s.errorf("replace "+t.name, err)
		}
	}
	return nil
}

func idsOf[T any](items []T, id func(T) int64) []int64 {
	out := make([]int64, 0, len(items))
	for _, it := range items {
		out = append(out, id(it))
	}
	return out
}

// sortLocations puts locations in their configured order; equal sorts
// keep id order.
func sortLocations(ls []catalog.Location) []catalog.Location {
	slices.SortStableFunc(ls, func(a, b catalog.Location) int { return a.Sort - b.Sort })
	return ls
}
