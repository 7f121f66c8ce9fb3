package httpapi

import (
	"context"
	"encoding/xml"
	"fmt"
	"net/http"
	"strings"

	"forecourt/internal/sitepages"
	"forecourt/internal/tenant"
)

func (s *Server) handleRobots(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	site := siteFrom(r.Context())
	var b strings.Builder
	b.WriteString("User-agent: *\nDisallow: /api/\nDisallow: /print\nDisallow: /success\n")
	// Pages made for one visitor: sign-in, their lists, checkout.
	for _, p := range site.Pages {
		if p.Personal() {
			path := p.Path
			if strings.Contains(path, "/:") {
				// /cars/:slug/checkout: every car's checkout, by its ending.
				path = "/*" + path[strings.LastIndex(path, "/"):]
			}
			fmt.Fprintf(&b, "Disallow: %s\n", path)
		}
	}
	fmt.Fprintf(&b, "Allow: /\n\nSitemap: %s/sitemap.xml\n", s.origin(r))
	_, _ = w.Write([]byte(b.String()))
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

// handleSitemap lists the site's pages and every car a visitor can open.
func (s *Server) handleSitemap(w http.ResponseWriter, r *http.Request) {
	site := siteFrom(r.Context())
	st, err := s.stock(r.Context(), site)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	base := s.origin(r)
	set := urlSet{XMLNS: "http://www.sitemaps.org/schemas/sitemap/0.9"}
	for _, p := range sitemapPages {
		if site.Search.StockRules.UsedOnly && (p == "/search/new-cars" || p == "/search/demo-cars") {
			continue
		}
		set.URLs = append(set.URLs, sitemapURL{Loc: base + p})
	}
	records, err := s.recordPages(r.Context(), site)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	for _, p := range site.Pages {
		if p.Personal() {
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
	for _, c := range st.Index.Catalogue() {
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

// recordPages are the pages of each parameter route, by route
// (sitepages.RecordPages).
func (s *Server) recordPages(ctx context.Context, site *tenant.Site) (map[string][]string, error) {
	recs, err := s.Listing.Records(ctx, site)
	if err != nil {
		return nil, err
	}
	return sitepages.RecordPages(recs), nil
}
