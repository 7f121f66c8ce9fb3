package listing_test

import (
	"context"
	"encoding/json"
	"testing"
)

// The public config lists the site's shown locations, each dealership with
// the shown locations it names, and is kept until the site is forgotten.
func TestSiteConfigListsShownLocations(t *testing.T) {
	svc, st, reg := newService(t)
	ctx := context.Background()
	site := site(t, reg, "summit-motor-group")
	shown, hidden := 0, int64(0)
	for _, l := range st.sites[site.Slug].Locations {
		if l.Visible {
			shown++
		} else if hidden == 0 {
			hidden = l.ID
		}
	}
	b, err := svc.SiteConfig(ctx, site)
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Slug      string
		Leads     any
		Locations []struct{ ID int64 }
		Dealers   []struct {
			Locations []struct{ ID int64 }
		} `json:"dealerships"`
	}
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	if got.Slug != site.Slug || got.Leads != nil || len(got.Locations) != shown || shown == 0 {
		t.Errorf("config of %q, leads %v, %d locations; want %s without leads and its %d shown locations", got.Slug, got.Leads, len(got.Locations), site.Slug, shown)
	}
	named := 0
	for _, d := range got.Dealers {
		for _, l := range d.Locations {
			named++
			if l.ID == hidden && hidden != 0 {
				t.Errorf("a dealership names hidden location %d", hidden)
			}
		}
	}
	if named == 0 {
		t.Error("no dealership names its locations")
	}
	again, _ := svc.SiteConfig(ctx, site)
	if &again[0] != &b[0] {
		t.Error("the config was made again rather than kept")
	}
	svc.ForgetSite(site.Slug)
	if fresh, _ := svc.SiteConfig(ctx, site); &fresh[0] == &b[0] || string(fresh) != string(b) {
		t.Error("a forgotten site's config was not made anew from the same data")
	}
}
