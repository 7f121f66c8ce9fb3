package listing

import (
	"context"
	"encoding/json"

	"forecourt/internal/apitypes"
	"forecourt/internal/catalog"
	"forecourt/internal/tenant"
)

// siteConfig is the answer of GET /api/site: the site's public config
// (apitypes.Public names each field), its shown locations and dealerships
// (as apitypes names them), and its pages without their content.
type siteConfig struct {
	apitypes.Public
	Locations   []apitypes.Location   `json:"locations"`
	Dealerships []apitypes.Dealership `json:"dealerships"`
	Pages       []apitypes.PublicPage `json:"pages"`
}

// siteDocs are the JSON documents made from one read of a site's public
// config (docs/behaviour/http.md#page-config).
type siteDocs struct {
	// config is GET /api/site.
	config []byte
	// page is the config a page carries: config less each location's
	// opening and holiday hours, which only the location cards show.
	page []byte
	// locations is GET /api/locations: the shown locations in full.
	locations []byte
}

// SiteConfig is the site's public config as JSON (docs/behaviour/http.md, GET /api/site),
// kept until ForgetSite.
func (s *Service) SiteConfig(ctx context.Context, site *tenant.Site) ([]byte, error) {
	d, err := s.siteDocs(ctx, site)
	if err != nil {
		return nil, err
	}
	return d.config, nil
}

// PageConfig is the config a page of the site carries for the app
// (docs/behaviour/http.md#page-config): SiteConfig without the locations'
// hours.
func (s *Service) PageConfig(ctx context.Context, site *tenant.Site) ([]byte, error) {
	d, err := s.siteDocs(ctx, site)
	if err != nil {
		return nil, err
	}
	return d.page, nil
}

// LocationsJSON is GET /api/locations: the site's shown locations in full.
func (s *Service) LocationsJSON(ctx context.Context, site *tenant.Site) ([]byte, error) {
	d, err := s.siteDocs(ctx, site)
	if err != nil {
		return nil, err
	}
	return d.locations, nil
}

func (s *Service) siteDocs(ctx context.Context, site *tenant.Site) (*siteDocs, error) {
	if d, ok := s.siteConfigs.Load(site.Slug); ok {
		return d.(*siteDocs), nil
	}
	d, err := s.readSiteConfig(ctx, site)
	if err != nil {
		// While the store cannot be read, the last config made answers.
		if d, ok := s.lastSiteConfigs.Load(site.Slug); ok {
			s.logger().Warn("site config not read; answering from the last one", "site", site.Slug, "err", err)
			return d.(*siteDocs), nil
		}
		return nil, err
	}
	s.siteConfigs.Store(site.Slug, d)
	s.lastSiteConfigs.Store(site.Slug, d)
	return d, nil
}

// readSiteConfig makes the site's public config from the store, given
// ReadTimeout.
func (s *Service) readSiteConfig(ctx context.Context, site *tenant.Site) (*siteDocs, error) {
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
	full := siteConfig{
		Public:      apitypes.FromSite(site),
		Locations:   apitypes.FromLocations(visible),
		Dealerships: apitypes.FromDealerships(ds),
		Pages:       apitypes.FromPages(site),
	}
	config, err := json.Marshal(full)
	if err != nil {
		return nil, err
	}
	locations, err := json.Marshal(struct {
		Locations []apitypes.Location `json:"locations"`
	}{full.Locations})
	if err != nil {
		return nil, err
	}
	slim := struct {
		siteConfig
		Locations []apitypes.PageLocation `json:"locations"`
	}{full, apitypes.PageLocations(full.Locations)}
	page, err := json.Marshal(slim)
	if err != nil {
		return nil, err
	}
	return &siteDocs{config: config, page: page, locations: locations}, nil
}

// ForgetSite drops the kept public config of a site after its locations
// or dealerships change.
func (s *Service) ForgetSite(slug string) { s.siteConfigs.Delete(slug) }
