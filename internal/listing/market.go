package listing

import (
	"context"
	"slices"
	"strings"
	"sync"

	"forecourt/internal/catalog"
	"forecourt/internal/tenant"
)

// marketPool is one currency's market, kept with the stocks it was drawn
// from: it stands while none of them has changed.
type marketPool struct {
	mu     sync.Mutex
	stocks []*Stock
	cars   []catalog.Car
}

// Market is every car shown on the website of every site pricing in
// for's currency: what price comparison and trade-in valuation draw on.
// A demo site's market is the demo sites' cars and a real site's the real
// sites', so a real car is never priced against generated ones. It is
// drawn from the sites' indexes, so it changes when their stock does.
func (s *Service) Market(ctx context.Context, of *tenant.Site) ([]catalog.Car, error) {
	var stocks []*Stock
	for _, site := range s.Sites.Sites() {
		if !strings.EqualFold(site.Currency, of.Currency) || site.Demo != of.Demo {
			continue
		}
		st, err := s.Stock(ctx, site)
		if err != nil {
			return nil, err
		}
		stocks = append(stocks, st)
	}
	key := strings.ToUpper(of.Currency)
	if of.Demo {
		key += " demo"
	}
	s.poolsMu.Lock()
	if s.pools == nil {
		s.pools = map[string]*marketPool{}
	}
	p := s.pools[key]
	if p == nil {
		p = &marketPool{}
		s.pools[key] = p
	}
	s.poolsMu.Unlock()

	p.mu.Lock()
	defer p.mu.Unlock()
	if p.cars != nil && slices.Equal(p.stocks, stocks) {
		return p.cars, nil
	}
	cars := []catalog.Car{}
	for _, st := range stocks {
		for _, c := range st.Index.Catalogue() {
			if c.ShowOnWebsite {
				cars = append(cars, c)
			}
		}
	}
	p.stocks, p.cars = stocks, cars
	return cars, nil
}
