package listing

import (
	"context"

	"forecourt/internal/catalog"
	"forecourt/internal/search"
	"forecourt/internal/tenant"
)

// ShownCars is the site's cars a buyer may still open, as the store has
// them (the feed's own photo addresses, not the site's): every car for
// sale or coming, and every sold car within its dealership's sold window.
// Their photos are kept however long ago an import named them.
func (s *Service) ShownCars(ctx context.Context, site *tenant.Site) ([]catalog.Car, error) {
	cars, err := s.Store.Cars(ctx, site.Slug)
	if err != nil {
		return nil, err
	}
	ds, err := s.Store.Dealerships(ctx, site.Slug)
	if err != nil {
		return nil, err
	}
	now := s.now()
	cfg := search.NewConfig(*site, ds, nil, now)
	shown := cars[:0]
	for _, c := range cars {
		if c.Available() || search.SoldWithin(c, now, search.SoldWindow(c.DealershipID, cfg)) {
			shown = append(shown, c)
		}
	}
	return shown, nil
}
