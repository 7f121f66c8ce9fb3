package httpapi

import (
	"context"
	"net/http"

	"forecourt/internal/market"
	"forecourt/internal/sitepages"
	"forecourt/internal/tenant"
)

// siteImagesKey keeps a site's pictures beside its index: made on the
// first image request and dropped with the index.
type siteImagesKey struct{}

// siteImages returns the site's pictures, built once per index.
func (s *Server) siteImages(ctx context.Context, site *tenant.Site) (*sitepages.Images, error) {
	st, err := s.stock(ctx, site)
	if err != nil {
		return nil, err
	}
	si, err := st.Keep(siteImagesKey{}, func() (any, error) {
		recs, err := s.Listing.Records(ctx, site)
		if err != nil {
			return nil, err
		}
		// The trade-in form's make list: every make sold in Australia and
		// any other of the market's stock (GET /api/trade-in/options).
		var tradeInMakes []string
		if site.Features.TradeIn {
			pool, err := s.Listing.Market(ctx, site.Currency)
			if err != nil {
				return nil, err
			}
			for _, m := range market.TradeInMakeList(pool) {
				tradeInMakes = append(tradeInMakes, m.Make)
			}
		}
		return sitepages.BuildImages(site, st.Index, recs.Models, recs.Locations, recs.Dealerships, tradeInMakes)
	})
	if err != nil {
		return nil, err
	}
	return si.(*sitepages.Images), nil
}

// handleImage serves GET /img/...: a picture of the site's through the
// image service, anything else 404 without drawing.
func (s *Server) handleImage(w http.ResponseWriter, r *http.Request) {
	site := siteFrom(r.Context())
	si, err := s.siteImages(r.Context(), site)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	if !si.Has(r.URL.Path) {
		w.Header().Set("Cache-Control", "no-store")
		http.Error(w, "Image not found.", http.StatusNotFound)
		return
	}
	s.Media.ServeHTTP(w, r)
}
