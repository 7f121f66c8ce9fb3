package sitepages

import (
	"net/url"
	"slices"
	"strings"

	"forecourt/internal/catalog"
	"forecourt/internal/listing"
	"forecourt/internal/search"
	"forecourt/internal/tenant"
)

// Summary is one new model as the header's New Vehicles menu shows it:
// enough to draw a tile and link it, none of the variants or colours.
type Summary struct {
	ID               int64
	Slug             string
	Name             string
	Make             string
	ImageURL         string
	Status           string
	ManufacturerBody string
	// BodyPath is the /models?body= target of the model's body group (docs/behaviour/screens.md).
	BodyPath string
	// ListingPath is the canonical new-car listing of the model.
	ListingPath string
	// Path is the model's own page; BrandPath its make's overview.
	Path             string
	BrandPath        string
	ShortDescription string
	// FromPrice is the lowest price of the site's live new cars of the
	// model (0: none in stock).
	FromPrice int
}

// Detail is one model with its variants, colours and embedded views
// (docs/behaviour/calls.md, Model details by model name).
type Detail struct {
	Summary
	Variants []catalog.ModelVariant
	Colours  []catalog.ModelColour
	Frames   []catalog.ModelFrame
}

// BodyParam is docs/behaviour/screens.md's /models?body= value: lowercase, spaces
// as hyphens, ampersands removed.
func BodyParam(body string) string {
	b := strings.ReplaceAll(strings.ToLower(strings.TrimSpace(body)), "&", "")
	return strings.Join(strings.Fields(b), "-")
}

// LiveNew is the site's live new stock, the cars a model page's prices
// come from (docs/behaviour/screens.md, model pages): new cars in stock and
// listed. Callers must not modify them.
func LiveNew(ix *search.Index) []catalog.Car {
	var out []catalog.Car
	for _, c := range ix.Catalogue() {
		if c.CarType == catalog.TypeNew && c.Status == catalog.StatusInStock && ix.Listed(c.Slug) {
			out = append(out, c)
		}
	}
	return out
}

// ofModel reports whether a car is one of the model's.
func ofModel(c catalog.Car, m catalog.Model) bool {
	return strings.EqualFold(c.Make, m.Make) && strings.EqualFold(c.Model, m.Name)
}

// ofVariant reports whether a car of the model is the variant: its badge,
// or its badge and body configuration, make the variant's name.
func ofVariant(c catalog.Car, v catalog.ModelVariant) bool {
	if v.Series != "" && c.Series != "" && !strings.EqualFold(v.Series, c.Series) {
		return false
	}
	name := strings.TrimSpace(v.Name)
	return c.Badge != "" && (strings.EqualFold(name, c.Badge) ||
		c.BodyConfiguration != "" && strings.EqualFold(name, c.Badge+" "+c.BodyConfiguration))
}

// priceRange is the lowest and highest outright price of the cars that
// keep reports; 0, 0 when none is priced.
func priceRange(cars []catalog.Car, keep func(catalog.Car) bool) (lo, hi int) {
	for _, c := range cars {
		p := catalog.CashPrice(c)
		if p <= 0 || !keep(c) {
			continue
		}
		if lo == 0 || p < lo {
			lo = p
		}
		hi = max(hi, p)
	}
	return lo, hi
}

// Summarise is a model as lists and menus show it, its prices from live,
// the site's live new stock (LiveNew): the lowest price of the model's
// cars, or none. A model with cars in stock is on sale, never coming soon.
func Summarise(m catalog.Model, vocab search.Vocabulary, live []catalog.Car) Summary {
	q := search.Query{Refinements: map[string][]string{
		"car_type": {catalog.TypeNew}, "make": {m.Make}, "model": {m.Name},
	}}
	p, raw := search.CanonicalURL(q, vocab)
	if raw != "" {
		p += "?" + raw
	}
	mm := Summary{
		ID: m.ID, Slug: m.Slug, Name: m.Name, Make: m.Make, ImageURL: m.ImageURL,
		Status: m.Status, ManufacturerBody: m.ManufacturerBody, ListingPath: p,
		Path: "/models/" + url.PathEscape(m.Slug), BrandPath: "/" + url.PathEscape(BodyParam(m.Make)) + "/overview",
		ShortDescription: m.ShortDescription,
	}
	if m.ManufacturerBody != "" {
		mm.BodyPath = "/models?body=" + url.QueryEscape(BodyParam(m.ManufacturerBody))
	}
	mm.FromPrice, _ = priceRange(live, func(c catalog.Car) bool { return ofModel(c, m) })
	if mm.Status == catalog.StatusComingSoon && slices.ContainsFunc(live, func(c catalog.Car) bool { return ofModel(c, m) }) {
		mm.Status = ""
	}
	return mm
}

// FindModel picks the site's model by its slug or, as docs/behaviour/calls.md
// asks it by name, by its name in any case.
func FindModel(ms []catalog.Model, key string) (catalog.Model, bool) {
	for _, m := range ms {
		if m.Slug == key {
			return m, true
		}
	}
	for _, m := range ms {
		if strings.EqualFold(m.Name, key) {
			return m, true
		}
	}
	return catalog.Model{}, false
}

// Detailed is one model with its variants (features sanitised like dealer
// comments, prices the range of the variant's cars in live, or none),
// colours and the embedded views that are paths on the site itself.
func Detailed(m catalog.Model, vocab search.Vocabulary, live []catalog.Car) Detail {
	out := Detail{
		Summary:  Summarise(m, vocab, live),
		Variants: make([]catalog.ModelVariant, 0, len(m.Variants)),
		Colours:  m.Colours,
		Frames:   []catalog.ModelFrame{},
	}
	if out.Colours == nil {
		out.Colours = []catalog.ModelColour{}
	}
	for _, v := range m.Variants {
		feats := make([]string, 0, len(v.Features))
		for _, f := range v.Features {
			if c := listing.SanitizeDealerComments(f); c != "" {
				feats = append(feats, c)
			}
		}
		v.Features = feats
		v.DapMinPrice, v.DapMaxPrice = priceRange(live, func(c catalog.Car) bool { return ofModel(c, m) && ofVariant(c, v) })
		out.Variants = append(out.Variants, v)
	}
	for _, f := range m.Frames {
		if f.Title != "" && PlainLocalPath(f.URL) {
			out.Frames = append(out.Frames, f)
		}
	}
	return out
}

// ModelPage is one of the model and brand pages, named by its URL.
type ModelPage struct {
	clean   string // the path without a trailing slash
	slug    string // of /models/{slug}
	brand   string // of /{brand}/overview
	isModel bool
}

// ParseModelPage finds the model or brand page of a URL path: /models,
// /brands, /models/{slug} (order-now among them) and /{brand}/overview.
// ok is false for other paths.
func ParseModelPage(p string) (pg ModelPage, ok bool) {
	clean := strings.TrimSuffix(p, "/")
	slug, isModel := strings.CutPrefix(clean, "/models/")
	brand, isBrand := strings.CutSuffix(clean, "/overview")
	brand = strings.TrimPrefix(brand, "/")
	isBrand = isBrand && brand != "" && !strings.Contains(brand, "/")
	if clean != "/models" && clean != "/brands" && !isModel && !isBrand {
		return ModelPage{}, false
	}
	return ModelPage{clean: clean, slug: slug, brand: brand, isModel: isModel}, true
}

// Head describes the page from the site's models; base is the site's
// origin. The pages exist where the site has models, a model's and a
// brand's page for its own models and makes; any other is not_found.
func (pg ModelPage) Head(site *tenant.Site, base string, ms []catalog.Model) (Head, error) {
	if len(ms) == 0 {
		return Head{}, catalog.Errorf(catalog.ENotFound, "the site sells no new models")
	}
	h := Head{Canonical: base + pg.clean, Type: "website", Description: Description(site)}
	switch {
	case pg.clean == "/models":
		h.Title = "New Models | " + site.Name
		h.Description = "Every new model at " + site.Name + ": variants, colours and drive-away prices."
	case pg.clean == "/brands":
		h.Title = "Brands | " + site.Name
		h.Description = "The brands " + site.Name + " sells new: " + strings.Join(ModelMakes(ms), ", ") + "."
	case pg.slug == "order-now":
		h.Title = "Order Now | " + site.Name
		h.Description = "Ask " + site.Name + " for a drive-away quote on a new model."
	case pg.isModel:
		m, found := FindModel(ms, pg.slug)
		if !found || m.Slug != pg.slug {
			return Head{}, catalog.Errorf(catalog.ENotFound, "no such model")
		}
		h.Title = m.Make + " " + m.Name + " | " + site.Name
		h.Description = strings.TrimSpace(m.Make + " " + m.Name + " at " + site.Name + ". " + m.ShortDescription)
		h.Type = "product"
		if m.ImageURL != "" {
			h.Image = Absolute(base, m.ImageURL)
		}
	default:
		for _, mk := range ModelMakes(ms) {
			if BodyParam(mk) == pg.brand {
				h.Title = mk + " Overview | " + site.Name
				h.Description = "New " + mk + " models at " + site.Name + "."
				return h, nil
			}
		}
		return Head{}, catalog.Errorf(catalog.ENotFound, "no such brand")
	}
	return h, nil
}

// RecordPages are the pages of each parameter route of the site's app, by
// route: one per visible location, dealership, model and make it has.
func RecordPages(recs listing.Records) map[string][]string {
	out := map[string][]string{}
	for _, l := range recs.Locations {
		if l.Visible {
			out["/contact-us/:slug"] = append(out["/contact-us/:slug"], "/contact-us/"+url.PathEscape(l.Slug))
			out["/our-location/:slug"] = append(out["/our-location/:slug"], "/our-location/"+url.PathEscape(l.Slug))
		}
	}
	for _, d := range recs.Dealerships {
		out["/locations/:slug"] = append(out["/locations/:slug"], "/locations/"+url.PathEscape(d.Slug))
	}
	for _, m := range recs.Models {
		out["/models/:slug"] = append(out["/models/:slug"], "/models/"+url.PathEscape(m.Slug))
	}
	for _, mk := range ModelMakes(recs.Models) {
		out["/:brand/overview"] = append(out["/:brand/overview"], "/"+url.PathEscape(BodyParam(mk))+"/overview")
	}
	return out
}

// ModelMakes lists the makes of the models in the dealer's order.
func ModelMakes(ms []catalog.Model) []string {
	var out []string
	seen := map[string]bool{}
	for _, m := range ms {
		if !seen[m.Make] {
			seen[m.Make] = true
			out = append(out, m.Make)
		}
	}
	return out
}
