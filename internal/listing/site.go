package listing

import (
	"context"
	"encoding/json"

	"forecourt/internal/apitypes"
	"forecourt/internal/catalog"
	"forecourt/internal/tenant"
)

// siteConfig is the answer of GET /api/site: the site's public config
// (tenant.Public names each field), its shown locations and dealerships
// (as apitypes names them), and its pages without their content.
type siteConfig struct {
	tenant.Public
	Locations   []apitypes.Location   `json:"locations"`
	Dealerships []apitypes.Dealership `json:"dealerships"`
	Pages       []tenant.PublicPage   `json:"pages"`
}

// SiteConfig is the site's public config as JSON (docs/behaviour/http.md, GET /api/site),
// kept until ForgetSite.
func (s *Service) SiteConfig(ctx context.Context, site *tenant.Site) ([]byte, error) {
	if b, ok := s.siteConfigs.Load(site.Slug); ok {
		return b.([]byte), nil
	}
	b, err := s.readSiteConfig(ctx, site)
	if err != nil {
		// While the store cannot be read, the last config made answers.
		if b, ok := s.lastSiteConfigs.Load(site.Slug); ok {
			s.logger().Warn("site config not read; answering from the last one", "site", site.Slug, "err", err)
			return b.([]byte), nil
		}
		return nil, err
	}
	s.siteConfigs.Store(site.Slug, b)
	s.lastSiteConfigs.Store(site.Slug, b)
	return b, nil
}

// readSiteConfig makes the site's public config from the store, given
// ReadTimeout.
func (s *Service) readSiteConfig(ctx context.Context, site *tenant.Site) ([]byte, error) {
	ctx, cancel := context.WithTimeout(ctx, ReadTimeout)
	defer cancel()
	locs, err := s.Store.Locations(ctx, site.Slug)
	if err != nil {
		return nil, err
	}
	locs = s.ownPictures(ctx, site.Slug, locs)
	visible := locs[:0:0]
	refs := map[int64]catalog.LocationRef{}
	for _, l := range locs {
		if l.Visible {
			visible = append(visible, l.Normalized())
			refs[l.ID] = catalog.LocationRef{ID: l.ID, Name: l.Name, Slug: l.Slug}
		}
	}
	ds, err := s.Store.Dealerships(ctx, site.Slug)
	if err != nil {
		return nil, err
	}
	// Each dealership names its (shown) locations, not just their ids.
	for i := range ds {
		ds[i].Locations = []catalog.LocationRef{}
		for _, id := range ds[i].LocationIDs {
			if ref, ok := refs[id]; ok {
				ds[i].Locations = append(ds[i].Locations, ref)
			}
		}
	}
	if visible == nil {
		visible = []catalog.Location{}
	}
	if ds == nil {
		ds = []catalog.Dealership{}
	}
	b, err := json.Marshal(siteConfig{
		Public:      site.Public(),
		Locations:   apitypes.FromLocations(visible),
		Dealerships: apitypes.FromDealerships(ds),
		Pages:       site.PublicPages(),
	})
	if err != nil {
		return nil, err
	}
	return b, nil
}

// ForgetSite drops the kept public config of a site after its locations
// or dealerships change.
func (s *Service) ForgetSite(slug string) { s.siteConfigs.Delete(slug) }
