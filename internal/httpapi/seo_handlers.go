package httpapi

import (
	"encoding/xml"
	"fmt"
	"net/http"
)

func (s *Server) handleRobots(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	fmt.Fprintf(w, "User-agent: *\nDisallow: /api/\nDisallow: /sign-in\nDisallow: /print\nDisallow: /success\nAllow: /\n\nSitemap: %s/sitemap.xml\n", baseURL(r))
}

// sitemapPages are the site's fixed pages listed in the sitemap.
var sitemapPages = []string{
	"/", "/search/new-used-and-demo-cars/", "/search/used-cars", "/search/new-cars", "/search/demo-cars",
	"/finance", "/sell-my-car", "/trade-in", "/service", "/vehicle-parts-and-accessories", "/contact",
	"/about-us", "/dealer-locator", "/special-offers", "/warranty", "/careers", "/faqs",
	"/privacy-policy", "/terms-and-conditions",
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

// handleSitemap lists the site's pages and every car a visitor can open.
func (s *Server) handleSitemap(w http.ResponseWriter, r *http.Request) {
	site := siteFrom(r.Context())
	cars, err := s.Store.Cars(r.Context(), site.Slug)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	base := baseURL(r)
	set := urlSet{XMLNS: "http://www.sitemaps.org/schemas/sitemap/0.9"}
	for _, p := range sitemapPages {
		if site.Search.StockRules.UsedOnly && (p == "/search/new-cars" || p == "/search/demo-cars") {
			continue
		}
		set.URLs = append(set.URLs, sitemapURL{Loc: base + p})
	}
	for _, c := range cars {
		if !c.ShowOnWebsite || !c.Available() {
			continue
		}
		set.URLs = append(set.URLs, sitemapURL{Loc: base + "/cars/" + c.Slug, LastMod: c.UpdatedAt.UTC().Format("2006-01-02")})
	}
	w.Header().Set("Content-Type", "application/xml; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=600")
	_, _ = w.Write([]byte(xml.Header))
	enc := xml.NewEncoder(w)
	if err := enc.Encode(set); err != nil {
		s.Logger.Error("sitemap", "err", err)
	}
}
