package sitepages_test

import (
	"reflect"
	"testing"

	"forecourt/internal/catalog"
	"forecourt/internal/listing"
	"forecourt/internal/search"
	"forecourt/internal/sitepages"
	"forecourt/internal/tenant"
)

var models = []catalog.Model{
	{ID: 1, Slug: "corolla", Name: "Corolla", Make: "Toyota", ManufacturerBody: "Hatch & Wagon", ImageURL: "/img/model/1.jpg",
		Status:   catalog.StatusComingSoon,
		Variants: []catalog.ModelVariant{{Name: "Ascent Sport", DapMinPrice: 25000}, {Name: "ZR Hatch", DapMinPrice: 27000}, {Name: "GR", DapMinPrice: 60000, DapMaxPrice: 61000}}},
	{ID: 2, Slug: "hilux-2026", Name: "HiLux", Make: "Toyota"},
	{ID: 3, Slug: "ranger", Name: "Ranger", Make: "Ford"},
}

func TestFindModel(t *testing.T) {
	for _, c := range []struct {
		key  string
		want int64
	}{
		{"corolla", 1}, {"hilux-2026", 2}, {"HILUX", 2}, {"hilux", 2}, {"Ranger", 3}, {"camry", 0},
	} {
		m, ok := sitepages.FindModel(models, c.key)
		if m.ID != c.want || ok != (c.want != 0) {
			t.Errorf("FindModel(%q) = %d, %v; want %d", c.key, m.ID, ok, c.want)
		}
	}
}

func TestModelMakes(t *testing.T) {
	if got := sitepages.ModelMakes(models); !reflect.DeepEqual(got, []string{"Toyota", "Ford"}) {
		t.Errorf("makes %v, in the dealer's order want Toyota, Ford", got)
	}
	if got := sitepages.ModelMakes(nil); got != nil {
		t.Errorf("makes of no models %v", got)
	}
}

// live is a site's live new stock: Corollas of two variants, one reduced
// and one unpriced, and another make's car cheaper than them all.
var live = []catalog.Car{
	{Make: "Toyota", Model: "Corolla", Badge: "Ascent Sport", Price: 31990},
	{Make: "Toyota", Model: "Corolla", Badge: "Ascent Sport", Price: 30990, OfferPrice: 29990},
	{Make: "Toyota", Model: "Corolla", Badge: "ZR", BodyConfiguration: "Hatch", Price: 36990},
	{Make: "Toyota", Model: "Corolla", Badge: "ZR", BodyConfiguration: "Hatch"},
	{Make: "Ford", Model: "Corolla", Badge: "Ascent Sport", Price: 9990},
}

// A model's from price and its variants' ranges are the live stock's
// (docs/behaviour/screens.md#model-prices), never the stored drive-away
// prices; a model with stock is on sale, not coming soon.
func TestSummarise(t *testing.T) {
	s := sitepages.Summarise(models[0], search.Vocabulary{}, live)
	if s.FromPrice != 29990 {
		t.Errorf("from price %d, want the lowest price of the live Corollas, 29990", s.FromPrice)
	}
	if s.Status != "" {
		t.Errorf("a model with cars in stock is %q", s.Status)
	}
	if n := sitepages.Summarise(models[0], search.Vocabulary{}, nil); n.FromPrice != 0 || n.Status != catalog.StatusComingSoon {
		t.Errorf("a model without stock: from %d, status %q; want no price, still coming soon", n.FromPrice, n.Status)
	}
	if s.Path != "/models/corolla" || s.BrandPath != "/toyota/overview" || s.BodyPath != "/models?body=hatch-wagon" {
		t.Errorf("paths %q %q %q", s.Path, s.BrandPath, s.BodyPath)
	}
	if s.ListingPath == "" {
		t.Error("no listing path")
	}
	if b := sitepages.Summarise(models[2], search.Vocabulary{}, live); b.BodyPath != "" || b.FromPrice != 0 {
		t.Errorf("a model without body or prices: %q, %d", b.BodyPath, b.FromPrice)
	}
}

func TestDetailed(t *testing.T) {
	m := catalog.Model{Slug: "x", Variants: []catalog.ModelVariant{{Features: []string{"Sat nav<script>alert(1)</script>", "<script>alert(1)</script>"}}},
		Frames: []catalog.ModelFrame{{Title: "Tour", URL: "/tour/x"}, {Title: "Away", URL: "https://elsewhere.example/"}, {URL: "/untitled"}}}
	d := sitepages.Detailed(m, search.Vocabulary{}, nil)
	if d.Colours == nil || len(d.Frames) != 1 || d.Frames[0].URL != "/tour/x" {
		t.Errorf("colours %v, frames %v; want an empty list and only the site's own titled frame", d.Colours, d.Frames)
	}
	if f := d.Variants[0].Features; len(f) != 1 || f[0] != "Sat nav" {
		t.Errorf("features %q, want Sat nav alone, sanitised", f)
	}
}

func TestDetailedVariantPrices(t *testing.T) {
	d := sitepages.Detailed(models[0], search.Vocabulary{}, live)
	got := [][2]int{}
	for _, v := range d.Variants {
		got = append(got, [2]int{v.DapMinPrice, v.DapMaxPrice})
	}
	// Ascent Sport 29,990 (reduced) to 31,990; ZR Hatch by badge and body
	// 36,990; no GR in stock, so no price at all.
	if want := [][2]int{{29990, 31990}, {36990, 36990}, {0, 0}}; !reflect.DeepEqual(got, want) {
		t.Errorf("variant prices %v, want %v", got, want)
	}
}

func TestModelPages(t *testing.T) {
	site := &tenant.Site{Name: "Harbourside"}
	for _, c := range []struct {
		path, title, typ string
		notFound         bool
	}{
		{"/models", "New Models | Harbourside", "website", false},
		{"/brands/", "Brands | Harbourside", "website", false},
		{"/models/order-now", "Order Now | Harbourside", "website", false},
		{"/models/corolla", "Toyota Corolla | Harbourside", "product", false},
		{"/ford/overview", "Ford Overview | Harbourside", "website", false},
		{"/models/hilux", "", "", true}, // by name answers the API, not a page
		{"/holden/overview", "", "", true},
	} {
		pg, ok := sitepages.ParseModelPage(c.path)
		if !ok {
			t.Errorf("%s is not a model page", c.path)
			continue
		}
		h, err := pg.Head(site, "https://h.example", models)
		if c.notFound {
			if catalog.ErrorCode(err) != catalog.ENotFound {
				t.Errorf("%s: err %v, want not found", c.path, err)
			}
			continue
		}
		if err != nil || h.Title != c.title || h.Type != c.typ {
			t.Errorf("%s: %q %q %v, want %q %q", c.path, h.Title, h.Type, err, c.title, c.typ)
		}
	}
	pg, _ := sitepages.ParseModelPage("/models/corolla")
	if h, _ := pg.Head(site, "https://h.example", models); h.Image != "https://h.example/img/model/1.jpg" {
		t.Errorf("model page image %q", h.Image)
	}
	if _, err := pg.Head(site, "https://h.example", nil); catalog.ErrorCode(err) != catalog.ENotFound {
		t.Errorf("a site with no models: err %v, want not found", err)
	}
	for _, p := range []string{"/", "/overview", "/a/b/overview", "/cars/x"} {
		if _, ok := sitepages.ParseModelPage(p); ok {
			t.Errorf("%s taken for a model page", p)
		}
	}
}

func TestRecordPages(t *testing.T) {
	got := sitepages.RecordPages(listing.Records{
		Models:      models,
		Locations:   []catalog.Location{{Slug: "shown", Visible: true}, {Slug: "hidden"}},
		Dealerships: []catalog.Dealership{{Slug: "harbour"}},
	})
	want := map[string][]string{
		"/contact-us/:slug":   {"/contact-us/shown"},
		"/our-location/:slug": {"/our-location/shown"},
		"/locations/:slug":    {"/locations/harbour"},
		"/models/:slug":       {"/models/corolla", "/models/hilux-2026", "/models/ranger"},
		"/:brand/overview":    {"/toyota/overview", "/ford/overview"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("record pages %v, want %v", got, want)
	}
}
