package listing

import (
	"context"
	"slices"

	"forecourt/internal/catalog"
	"forecourt/internal/tenant"
)

// Records are a site's reference records beside its cars: its new models,
// locations and dealerships, as the store holds them. They change with an
// import, as the stock does, so they are kept per stock index; callers
// share them and must not change them.
type Records struct {
	Models      []catalog.Model
	Locations   []catalog.Location
	Dealerships []catalog.Dealership
}

type recordsKey struct{}
type reviewsKey struct{}

// Records returns the site's models, locations and dealerships, read once
// per stock index. While the store cannot be read it answers from the last
// ones read.
func (s *Service) Records(ctx context.Context, site *tenant.Site) (Records, error) {
	v, err := s.keep(ctx, site, recordsKey{}, &s.lastRecords, func(ctx context.Context) (any, error) {
		var r Records
		var err error
		if r.Models, err = s.Store.Models(ctx, site.Slug); err != nil {
			return nil, err
		}
		if r.Locations, err = s.Store.Locations(ctx, site.Slug); err != nil {
			return nil, err
		}
		r.Locations = s.ownPictures(ctx, site.Slug, r.Locations)
		if r.Dealerships, err = s.Store.Dealerships(ctx, site.Slug); err != nil {
			return nil, err
		}
		return r, nil
	})
	if err != nil {
		return Records{}, err
	}
	return v.(Records), nil
}

// Reviews returns the site's reviews as the store holds them, read once
// per stock index (callers must not change them). While the store cannot
// be read it answers from the last ones read.
func (s *Service) Reviews(ctx context.Context, site *tenant.Site) ([]catalog.Review, error) {
	v, err := s.keep(ctx, site, reviewsKey{}, &s.lastReviews, func(ctx context.Context) (any, error) {
		return s.Store.Reviews(ctx, site.Slug)
	})
	if err != nil {
		return nil, err
	}
	return v.([]catalog.Review), nil
}

// keep reads reference data once per stock index under key, remembering
// the last copy per site in last for when neither the index nor the store
// can answer. A read is given ReadTimeout: a database that hangs fails it
// rather than holding the request.
func (s *Service) keep(ctx context.Context, site *tenant.Site, key any, last interface {
	Load(key any) (any, bool)
	Store(key, value any)
}, read func(ctx context.Context) (any, error)) (any, error) {
	st, err := s.Stock(ctx, site)
	if err == nil {
		var v any
		if v, err = st.Keep(key, func() (any, error) {
			rctx, cancel := context.WithTimeout(ctx, ReadTimeout)
			defer cancel()
			return read(rctx)
		}); err == nil {
			last.Store(site.Slug, v)
			return v, nil
		}
	}
	if v, ok := last.Load(site.Slug); ok {
		s.logger().Warn("reference data not read; answering from the last copy", "site", site.Slug, "err", err)
		return v, nil
	}
	return nil, err
}

// CarPosition is where a car is on the map: its location's position, else
// the site's primary location's; ok is false when neither has one.
func CarPosition(car catalog.Car, locs []catalog.Location) (lat, lng float64, ok bool) {
	var primary *catalog.Location
	for i := range locs {
		l := &locs[i]
		placed := l.Address.Lat != 0 || l.Address.Long != 0
		if l.ID == car.LocationID && placed {
			return l.Address.Lat, l.Address.Long, true
		}
		if primary == nil && l.Primary && placed {
			primary = l
		}
	}
	if primary != nil {
		return primary.Address.Lat, primary.Address.Long, true
	}
	return 0, 0, false
}

// ownPictures is locs with each picture on another server (a site file's
// locations[].picture) given the site's own address for it (Photos); the
// store's slice is left as it is.
func (s *Service) ownPictures(ctx context.Context, site string, locs []catalog.Location) []catalog.Location {
	rw, ok := s.Photos.(interface {
		RewriteLocations(ctx context.Context, site string, locs []catalog.Location) error
	})
	if !ok {
		return locs
	}
	locs = slices.Clone(locs)
	if err := rw.RewriteLocations(ctx, site, locs); err != nil {
		s.logger().Warn("location pictures not looked up; the drawn ones stand in", "site", site, "err", err)
	}
	return locs
}
