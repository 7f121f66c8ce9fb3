package sitepages

import (
	"context"
	"encoding/json"
	"regexp"
	"strconv"
	"strings"

	"forecourt/internal/catalog"
	"forecourt/internal/listing"
	"forecourt/internal/market"
	"forecourt/internal/search"
	"forecourt/internal/tenant"
)

// The image service draws a picture for any address its scheme can spell,
// which is without end: a car id, body, colour and angle for every number.
// Only the pictures a site's pages show are drawn for it; any other
// address is a 404 that costs a map look-up. Widths and qualities are
// bounded by the media package (media.Widths).

// Images is every image address the site's pages can show. A car's
// own photos are found through the car (the index's id look-up), so the
// set holds only what is not: models, locations, banners and other
// configured pictures, and a feed's photos named after another id.
type Images struct {
	index  *search.Index
	paths  map[string]struct{}
	makes  map[string]struct{} // slugs of /img/make/{slug}.png
	bodies map[string]struct{} // slugs of /img/body/{slug}.png
}

// imageRef finds our image addresses in any text, JSON or HTML: a configured
// banner, a page's picture, a model's photo.
var imageRef = regexp.MustCompile(`/img/[a-z]+/[A-Za-z0-9_./-]+\.(?:jpg|png)`)

// Has reports whether path (an /img/ URL path, no query) is one of the
// site's pictures.
func (si *Images) Has(path string) bool {
	if _, ok := si.paths[path]; ok {
		return true
	}
	kind, rest, _ := strings.Cut(strings.TrimPrefix(path, "/img/"), "/")
	switch kind {
	case "car", "interior":
		seed, _, _ := strings.Cut(rest, "/")
		id, err := strconv.ParseInt(seed, 10, 64)
		if err != nil || strconv.FormatInt(id, 10) != seed {
			return false
		}
		c, ok := si.index.CarByID(id)
		return ok && carShowsImage(c, path)
	case "make":
		slug, ok := strings.CutSuffix(rest, ".png")
		_, known := si.makes[slug]
		return ok && known
	case "body":
		slug, ok := strings.CutSuffix(rest, ".png")
		_, known := si.bodies[slug]
		return ok && known
	}
	return false
}

// carImages calls f with the path of every picture of the car.
func carImages(c catalog.Car, f func(path string)) {
	each := func(u string) {
		if p, _, _ := strings.Cut(u, "?"); strings.HasPrefix(p, "/img/") {
			f(p)
		}
	}
	for _, im := range c.Images {
		each(im.URL)
		each(im.Thumb.URL)
	}
	each(c.PrimaryImageURL)
	for _, u := range c.SpinImages {
		each(u)
	}
	each(c.SpinInteriorImage)
}

func carShowsImage(c catalog.Car, path string) bool {
	found := false
	carImages(c, func(p string) { found = found || p == path })
	return found
}

// ownSeed reports whether an image path is found through car id: its
// seed segment is the id.
func ownSeed(path string, id int64) bool {
	rest, ok := strings.CutPrefix(path, "/img/car/")
	if !ok {
		rest, ok = strings.CutPrefix(path, "/img/interior/")
	}
	seed, _, _ := strings.Cut(rest, "/")
	return ok && seed == strconv.FormatInt(id, 10)
}

// FacetImageSlug is the app's name for a make logo or body icon of a facet
// label (web: src/lib/image-slug.ts, imageSlug).
func FacetImageSlug(label string) string {
	s := strings.ReplaceAll(strings.ToLower(label), "&", "")
	return strings.Trim(nonSlug.ReplaceAllString(s, "-"), "-")
}

var nonSlug = regexp.MustCompile(`[^a-z0-9]+`)

// BuildImages collects the site's pictures from its stock, models,
// locations, dealerships and configuration, and the logos of the trade-in
// form's makes.
func BuildImages(site *tenant.Site, ix *search.Index, models []catalog.Model, locs []catalog.Location, ds []catalog.Dealership, tradeInMakes []string) (*Images, error) {
	si := &Images{index: ix, paths: map[string]struct{}{}, makes: map[string]struct{}{}, bodies: map[string]struct{}{}}
	addMake := func(mk string) {
		if strings.TrimSpace(mk) == "" {
			return
		}
		// The search facets and the models' brand pages spell it apart.
		si.makes[FacetImageSlug(mk)] = struct{}{}
		si.makes[BodyParam(mk)] = struct{}{}
	}
	addBody := func(b string) {
		if strings.TrimSpace(b) != "" {
			si.bodies[FacetImageSlug(b)] = struct{}{}
		}
	}
	for _, c := range ix.Catalogue() {
		carImages(c, func(p string) {
			if !ownSeed(p, c.ID) {
				si.paths[p] = struct{}{}
			}
		})
		addMake(c.Make)
		addBody(c.Body)
		addBody(c.SimpleBody)
	}
	for _, m := range models {
		addMake(m.Make)
	}
	// The trade-in form shows the logo of the make chosen from its list.
	for _, mk := range tradeInMakes {
		addMake(mk)
	}
	for _, d := range ds {
		for _, w := range d.Websites {
			addMake(w.Make)
		}
	}
	for _, l := range locs {
		// The locations page draws each location's map (web: location-card).
		si.paths["/img/map/"+strconv.FormatInt(l.ID, 10)+".jpg"] = struct{}{}
	}
	for _, v := range []any{site, models, locs, ds} {
		b, err := json.Marshal(v)
		if err != nil {
			return nil, err
		}
		// JSON escapes no character of an image path but '/' stays as is;
		// HTML in a page's content may carry them too.
		for _, m := range imageRef.FindAll(b, -1) {
			si.paths[string(m)] = struct{}{}
		}
	}
	for p := range si.paths {
		if slug, ok := strings.CutPrefix(p, "/img/make/"); ok {
			si.makes[strings.TrimSuffix(slug, ".png")] = struct{}{}
		}
	}
	return si, nil
}

// siteImagesKey keeps a site's pictures beside its index: made on the
// first image request and dropped with the index.
type siteImagesKey struct{}

// SiteImages returns the site's pictures (BuildImages), built once per
// search index of its stock.
func SiteImages(ctx context.Context, listings *listing.Service, site *tenant.Site) (*Images, error) {
	st, err := listings.Stock(ctx, site)
	if err != nil {
		return nil, err
	}
	si, err := st.Keep(siteImagesKey{}, func() (any, error) {
		recs, err := listings.Records(ctx, site)
		if err != nil {
			return nil, err
		}
		// The trade-in form's make list: every make sold in Australia and
		// any other of the market's stock (GET /api/trade-in/options).
		var tradeInMakes []string
		if site.Features.TradeIn {
			pool, err := listings.Market(ctx, site)
			if err != nil {
				return nil, err
			}
			for _, m := range market.TradeInMakeList(pool) {
				tradeInMakes = append(tradeInMakes, m.Make)
			}
		}
		return BuildImages(site, st.Index, recs.Models, recs.Locations, recs.Dealerships, tradeInMakes)
	})
	if err != nil {
		return nil, err
	}
	return si.(*Images), nil
}
