package sitepages

import (
	"encoding/xml"
	"fmt"
	"strconv"
	"strings"

	"forecourt/internal/catalog"
	"forecourt/internal/tenant"
)

// PageHead is the head of a page with nothing of its own to say: its
// title from the page-title map, the site's description. base is the
// origin the visitor asked for ("https://a.example").
func PageHead(site *tenant.Site, base, path string) Head {
	return Head{Title: Title(path) + " | " + site.Name, Description: Description(site), Canonical: base + path, Type: "website"}
}

// ConfiguredHead is the head of one of the site's configured pages
// (about us, warranty, …): its own title and, when it has one, description.
func ConfiguredHead(site *tenant.Site, pg *tenant.Page, base, path string) Head {
	desc := pg.Description
	if desc == "" {
		desc = Description(site)
	}
	return Head{Title: pg.Title + " | " + site.Name, Description: desc, Canonical: base + path, Type: "website"}
}

// NotFoundHead is the head of the site's 404 page at path.
func NotFoundHead(site *tenant.Site, base, path string) Head {
	return Head{
		Title:       "Page not found | " + site.Name,
		Description: "The page you are looking for is not on " + site.Name + ".",
		Canonical:   base + path,
		Type:        "website",
	}
}

// HomeHead is the head of the site's home page: its name and tagline, the
// banner's preload and the dealer's schema.org data.
func HomeHead(site *tenant.Site, base string) Head {
	h := Head{Title: site.Name, Description: Description(site), Canonical: base + "/", Type: "website"}
	if site.Wording.Tagline != "" {
		h.Title += " | " + site.Wording.Tagline
	}
	h.Preload = BannerPreload(site)
	h.JSONLD = map[string]any{
		"@context": "https://schema.org", "@type": "AutoDealer",
		"name": site.Name, "url": base + "/", "telephone": site.Phones.Main,
		"address": map[string]any{"@type": "PostalAddress", "addressLocality": site.City, "addressRegion": site.State, "addressCountry": site.Country},
	}
	return h
}

// CarHead is the head of a car's page: its description, picture, the
// schema.org Car with its offer, and the preloads of its hero picture and
// of the page's first API call.
func CarHead(site *tenant.Site, car catalog.Car, base string) Head {
	url := base + "/cars/" + car.Slug
	price := catalog.FormatPrice(car.Price)
	if car.Price <= 0 {
		price = site.Wording.NoPriceText
	}
	desc := fmt.Sprintf("%s %s, %s, %s at %s.", strings.ToUpper(car.CarType[:min(1, len(car.CarType))])+car.CarType[min(1, len(car.CarType)):], car.Name, price, catalog.FormatKM(car.KM), site.Name)
	h := Head{Title: car.Name + " | " + site.Name, Description: desc, Canonical: url, Type: "product"}
	if car.PrimaryImageURL != "" {
		h.Image = Absolute(base, car.PrimaryImageURL)
	}
	availability := "https://schema.org/InStock"
	switch car.Status {
	case catalog.StatusComingSoon:
		availability = "https://schema.org/PreOrder"
	case catalog.StatusSold:
		availability = "https://schema.org/SoldOut"
	}
	condition := "https://schema.org/UsedCondition"
	if car.CarType == catalog.TypeNew {
		condition = "https://schema.org/NewCondition"
	}
	ld := map[string]any{
		"@context": "https://schema.org", "@type": "Car",
		"name": car.Name, "url": url, "brand": map[string]any{"@type": "Brand", "name": car.Make},
		"model": car.Model, "vehicleModelDate": strconv.Itoa(car.Year), "itemCondition": condition,
		"mileageFromOdometer": map[string]any{"@type": "QuantitativeValue", "value": car.KM, "unitCode": "KMT"},
		"color":               car.Colour, "bodyType": car.SimpleBody, "fuelType": car.SimpleFuel,
		"vehicleTransmission": car.SimpleTransmission, "sku": car.StockNum,
		"offers": map[string]any{
			"@type": "Offer", "priceCurrency": site.Currency, "availability": availability, "url": url,
			"seller": map[string]any{"@type": "AutoDealer", "name": site.Name},
		},
	}
	if car.Price > 0 {
		ld["offers"].(map[string]any)["price"] = car.Price
	}
	// Only a site that shows the VIN puts it in the page's head
	// (docs/behaviour/screens.md#car-identity).
	if site.Features.CarIdentity && car.VIN != "" {
		ld["vehicleIdentificationNumber"] = car.VIN
	}
	if h.Image != "" {
		ld["image"] = h.Image
	}
	h.JSONLD = ld
	// The app's first call on this page starts with the page, not after
	// the app's code has loaded (the app asks with credentials same-origin,
	// which crossorigin="anonymous" matches).
	if api := "/api/cars/" + car.Slug; PlainLocalPath(api) {
		h.DataPreload = api
	}
	h.Preload = HeroPreload(car, site)
	return h
}

// Robots is the site's robots.txt: the API, the print and thank-you pages
// and every page made for one visitor (personal, by the site's route) are
// out of bounds.
func Robots(site *tenant.Site, base string, personal func(route string) bool) []byte {
	var b strings.Builder
	b.WriteString("User-agent: *\nDisallow: /api/\nDisallow: /print\nDisallow: /success\n")
	// Pages made for one visitor: sign-in, their lists, checkout.
	for _, p := range site.Pages {
		if personal(p.Path) {
			path := p.Path
			if strings.Contains(path, "/:") {
				// /cars/:slug/checkout: every car's checkout, by its ending.
				path = "/*" + path[strings.LastIndex(path, "/"):]
			}
			fmt.Fprintf(&b, "Disallow: %s\n", path)
		}
	}
	fmt.Fprintf(&b, "Allow: /\n\nSitemap: %s/sitemap.xml\n", base)
	return []byte(b.String())
}

// sitemapPages are the core pages every site offers, listed in the sitemap
// before the site's own configured pages.
var sitemapPages = []string{
	"/", "/search/new-used-and-demo-cars/", "/search/used-cars", "/search/new-cars", "/search/demo-cars",
	"/finance", "/sell-my-car", "/trade-in", "/contact",
}

type sitemapURL struct {
	Loc     string `xml:"loc"`
	LastMod string `xml:"lastmod,omitempty"`
}

type urlSet struct {
	XMLName xml.Name     `xml:"urlset"`
	XMLNS   string       `xml:"xmlns,attr"`
	URLs    []sitemapURL `xml:"url"`
}

// Sitemap is the site's sitemap.xml: its pages, one per record for a
// route that names one (records, by route: RecordPages), and every car of
// cars a visitor can open; no page made for one visitor (personal).
func Sitemap(site *tenant.Site, base string, records map[string][]string, cars []catalog.Car, personal func(route string) bool) ([]byte, error) {
	set := urlSet{XMLNS: "http://www.sitemaps.org/schemas/sitemap/0.9"}
	for _, p := range sitemapPages {
		if site.Search.StockRules.UsedOnly && (p == "/search/new-cars" || p == "/search/demo-cars") {
			continue
		}
		set.URLs = append(set.URLs, sitemapURL{Loc: base + p})
	}
	for _, p := range site.Pages {
		if personal(p.Path) {
			continue
		}
		// A route with a parameter is many pages, one per record it names.
		if !strings.ContainsAny(p.Path, ":*") {
			set.URLs = append(set.URLs, sitemapURL{Loc: base + p.Path})
			continue
		}
		for _, path := range records[p.Path] {
			set.URLs = append(set.URLs, sitemapURL{Loc: base + path})
		}
	}
	for _, path := range records["/contact-us/:slug"] {
		set.URLs = append(set.URLs, sitemapURL{Loc: base + path})
	}
	for _, c := range cars {
		if !c.ShowOnWebsite || !c.Available() {
			continue
		}
		set.URLs = append(set.URLs, sitemapURL{Loc: base + "/cars/" + c.Slug, LastMod: c.UpdatedAt.UTC().Format("2006-01-02")})
	}
	b, err := xml.Marshal(set)
	if err != nil {
		return nil, err
	}
	return append([]byte(xml.Header), b...), nil
}

// Absolute is a picture's address for a share preview or JSON-LD: a path
// on the site written with its origin, an address that already names its
// host as it is.
func Absolute(base, addr string) string {
	if strings.HasPrefix(addr, "/") && !strings.HasPrefix(addr, "//") {
		return base + addr
	}
	return addr
}
