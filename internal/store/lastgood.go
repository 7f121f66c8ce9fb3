package store

import (
	"context"
	"slices"
	"sync"

	"forecourt/internal/catalog"
)

// LastGood wraps a store so that a site's reference data — dealerships,
// locations, reviews, models — read once stays readable while the
// database cannot be reached: a read that fails answers with the last
// one that did, so the pages built from it keep answering through a
// database restart. Writes, and reads of anything else, pass through
// unchanged (and fail while the database is away, as they must).
func LastGood(st Store) Store {
	if _, ok := st.(*lastGood); ok {
		return st
	}
	return &lastGood{Store: st}
}

type lastGood struct {
	Store
	dealerships, locations, reviews, models sync.Map // site → copy of the last answer
}

// remember keeps a copy of a successful answer, or on failure answers
// with a copy of the last one when there is one.
func remember[T any](m *sync.Map, site string, got []T, err error) ([]T, error) {
	if err == nil {
		m.Store(site, slices.Clone(got))
		return got, nil
	}
	if old, ok := m.Load(site); ok {
		return slices.Clone(old.([]T)), nil
	}
	return nil, err
}

func (s *lastGood) Dealerships(ctx context.Context, site string) ([]catalog.Dealership, error) {
	got, err := s.Store.Dealerships(ctx, site)
	return remember(&s.dealerships, site, got, err)
}

func (s *lastGood) Locations(ctx context.Context, site string) ([]catalog.Location, error) {
	got, err := s.Store.Locations(ctx, site)
	return remember(&s.locations, site, got, err)
}

func (s *lastGood) Reviews(ctx context.Context, site string) ([]catalog.Review, error) {
	got, err := s.Store.Reviews(ctx, site)
	return remember(&s.reviews, site, got, err)
}

func (s *lastGood) Models(ctx context.Context, site string) ([]catalog.Model, error) {
	got, err := s.Store.Models(ctx, site)
	return remember(&s.models, site, got, err)
}
