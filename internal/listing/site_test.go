package listing_test

import (
	"context"
	"encoding/json"
	"testing"
)

// The public config lists the site's shown locations, each dealership with
// the shown locations it names, and is kept until the site is forgotten.
func TestSiteConfigListsShownLocations(t *testing.T) {
	t.Parallel()
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

// A page carries the config less each location's hours, which
// GET /api/locations gives in full (docs/behaviour/http.md#page-config).
func TestPageConfigLeavesTheHoursToTheLocations(t *testing.T) {
	t.Parallel()
	svc, _, reg := newService(t)
	ctx := context.Background()
	site := site(t, reg, "summit-motor-group")
	full, err := svc.SiteConfig(ctx, site)
	if err != nil {
		t.Fatal(err)
	}
	page, err := svc.PageConfig(ctx, site)
	if err != nil {
		t.Fatal(err)
	}
	locs, err := svc.LocationsJSON(ctx, site)
	if err != nil {
		t.Fatal(err)
	}
	var f, p map[string]any
	var l struct{ Locations []map[string]any }
	for _, d := range []struct {
		b []byte
		v any
	}{{full, &f}, {page, &p}, {locs, &l}} {
		if err := json.Unmarshal(d.b, d.v); err != nil {
			t.Fatal(err)
		}
	}
	fl, pl := f["locations"].([]any), p["locations"].([]any)
	if len(fl) == 0 || len(pl) != len(fl) || len(l.Locations) != len(fl) {
		t.Fatalf("%d locations in the config, %d in the page's, %d answered alone", len(fl), len(pl), len(l.Locations))
	}
	withHours := 0
	for i := range fl {
		fc := fl[i].(map[string]any)["contact_detail"].(map[string]any)
		pc := pl[i].(map[string]any)["contact_detail"].(map[string]any)
		lc := l.Locations[i]["contact_detail"].(map[string]any)
		if fc["opening_hours"] != nil {
			withHours++
		}
		if _, ok := pc["opening_hours"]; ok {
			t.Errorf("location %d: the page's config carries opening hours", i)
		}
		if _, ok := pc["special_hours"]; ok {
			t.Errorf("location %d: the page's config carries holiday hours", i)
		}
		if pc["phone"] != fc["phone"] {
			t.Errorf("location %d: the page's config has phone %v, the site's %v", i, pc["phone"], fc["phone"])
		}
		a, _ := json.Marshal(fc)
		b, _ := json.Marshal(lc)
		if string(a) != string(b) {
			t.Errorf("location %d: GET /api/locations gives %s, the config %s", i, b, a)
		}
		// Everything else about the location is the same.
		delete(fc, "opening_hours")
		delete(fc, "special_hours")
		a, _ = json.Marshal(fl[i])
		b, _ = json.Marshal(pl[i])
		if string(a) != string(b) {
			t.Errorf("location %d: the page's config has %s, the site's %s", i, b, a)
		}
	}
	if withHours == 0 {
		t.Error("no location of the demo has opening hours")
	}
	delete(f, "locations")
	delete(p, "locations")
	a, _ := json.Marshal(f)
	b, _ := json.Marshal(p)
	if string(a) != string(b) {
		t.Error("the page's config differs from the site's in more than the locations' hours")
	}
	if len(page) >= len(full) {
		t.Errorf("the page's config is %d bytes, the site's %d", len(page), len(full))
	}
}
