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
	cars   []*catalog.Car
}

// Market is every car shown on the website of every site pricing in
// for's currency: what trade-in valuation draws on. A demo site's market is
// the demo sites' cars and a real site's the real sites', so a real car is
// never priced against generated ones. It is drawn from the sites' indexes,
// so it changes when their stock does.
func (s *Service) Market(ctx context.Context, of *tenant.Site) ([]*catalog.Car, error) {
	stocks, err := s.marketStocks(ctx, of)
	if err != nil {
		return nil, err
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
	// The cars are the indexes' own, read only: a new market after one
	// site's import costs a pointer a car, never a copy of every car.
	cars := []*catalog.Car{}
	for _, st := range stocks {
		all := st.Index.Catalogue()
		for i := range all {
			if all[i].ShowOnWebsite {
				cars = append(cars, &all[i])
			}
		}
	}
	p.stocks, p.cars = stocks, cars
	return cars, nil
}

// MarketModel is the cars of for's market (as Market) of one make and
// model: all price comparison can draw on for a car of that make and model
// (market.AutogaugeComparable matches make and model first). It reads each
// site's cars of that make and model only, grouped once per stock, so a car
// page costs the same on a node of five sites as of a thousand, and one
// site's new stock regroups that site alone.
func (s *Service) MarketModel(ctx context.Context, of *tenant.Site, make, model string) ([]*catalog.Car, error) {
	k, ok := modelKey(make, model)
	if !ok {
		return nil, nil
	}
	stocks, err := s.marketStocks(ctx, of)
	if err != nil {
		return nil, err
	}
	var cars []*catalog.Car
	for _, st := range stocks {
		all := st.Index.Catalogue() // read only: the cars are the index's own
		for _, i := range st.models()[k] {
			cars = append(cars, &all[i])
		}
	}
	return cars, nil
}

// marketStocks are the stocks of every site in for's market.
func (s *Service) marketStocks(ctx context.Context, of *tenant.Site) ([]*Stock, error) {
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
	return stocks, nil
}

type modelsKey struct{}

// models groups the stock's cars shown on the website by make and model
// (modelKey), as positions in its catalogue; made once per stock.
func (st *Stock) models() map[string][]int32 {
	v, _ := st.Keep(modelsKey{}, func() (any, error) {
		groups := map[string][]int32{}
		for i, c := range st.Index.Catalogue() {
			if !c.ShowOnWebsite {
				continue
			}
			if k, ok := modelKey(c.Make, c.Model); ok {
				groups[k] = append(groups[k], int32(i))
			}
		}
		return groups, nil
	})
	return v.(map[string][]int32)
}

// modelKey names a make and model as price comparison matches them: both
// given, trimmed, in any case.
func modelKey(make, model string) (string, bool) {
	mk, md := strings.TrimSpace(make), strings.TrimSpace(model)
	if mk == "" || md == "" {
		return "", false
	}
	return strings.ToLower(mk) + "\x00" + strings.ToLower(md), true
}
