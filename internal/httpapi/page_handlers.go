package httpapi

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"regexp"
	"strconv"
	"strings"

	"forecourt/internal/catalog"
	"forecourt/internal/httpmw"
	"forecourt/internal/sitepages"
	"forecourt/internal/tenant"
)

// indexTemplate is web/dist/index.html split where the page's head and the
// site's config are injected.
type indexTemplate struct {
	beforeHead, beforeConfig, beforeHTML, rest []byte
	// css is the app's stylesheet, which each page carries in its head
	// instead of linking it: a phone paints without another round trip.
	css []byte
}

// stylesheetRe finds the app's stylesheet link in the built index.html.
var stylesheetRe = regexp.MustCompile(`<link rel="stylesheet"[^>]*href="/(assets/[^"]+\.css)"[^>]*>\s*`)

const (
	headMarker   = "<!--app-head-->"
	configMarker = "<!--app-config-->"
	htmlMarker   = "<!--app-html-->"
)

func loadIndex(web fs.FS) (*indexTemplate, error) {
	raw, err := fs.ReadFile(web, "index.html")
	if err != nil {
		return nil, fmt.Errorf("the web app is not built (index.html missing): %w", err)
	}
	// The static <title> is only for the bare file; every served page gets its own.
	if i := bytes.Index(raw, []byte("<title>")); i >= 0 {
		if j := bytes.Index(raw[i:], []byte("</title>")); j >= 0 {
			raw = append(raw[:i:i], raw[i+j+len("</title>"):]...)
		}
	}
	var css []byte
	if m := stylesheetRe.FindSubmatchIndex(raw); m != nil {
		b, err := fs.ReadFile(web, string(raw[m[2]:m[3]]))
		if err != nil {
			return nil, fmt.Errorf("the app's stylesheet: %w", err)
		}
		css = b
		raw = append(raw[:m[0]:m[0]], raw[m[1]:]...)
	}
	h := bytes.Index(raw, []byte(headMarker))
	c := bytes.Index(raw, []byte(configMarker))
	m := bytes.Index(raw, []byte(htmlMarker))
	if h < 0 || c < 0 || m < 0 || c < h || m < c {
		return nil, errors.New("index.html lacks the " + headMarker + ", " + configMarker + " and " + htmlMarker + " markers, in that order")
	}
	return &indexTemplate{
		beforeHead:   raw[:h],
		beforeConfig: raw[h+len(headMarker) : c],
		beforeHTML:   raw[c+len(configMarker) : m],
		rest:         raw[m+len(htmlMarker):],
		css:          css,
	}, nil
}

// scriptSafeJSON keeps a JSON document from closing the <script> element
// it sits in: "<" only appears inside its strings, where \u003c means the same.
func scriptSafeJSON(doc string) string {
	return strings.ReplaceAll(doc, "<", `\u003c`)
}

func (s *Server) handlePage(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "Method not allowed.", http.StatusMethodNotAllowed)
		return
	}
	site := siteFrom(r.Context())
	if to, ok := s.listingRedirect(r, site); ok {
		http.Redirect(w, r, to, http.StatusMovedPermanently)
		return
	}
	// Files at the app's root (favicon, manifest, placeholder images).
	// The build's own records (.vite/manifest.json) are not served.
	// The build's hashed files are handleAsset's alone.
	if p := strings.TrimPrefix(r.URL.Path, "/"); p != "" && p != "index.html" && !strings.HasSuffix(p, "/") && !strings.HasPrefix(p, ".") && !strings.Contains(p, "/.") &&
		!strings.HasPrefix(p, "assets/") {
		if f, err := fs.Stat(s.Web, p); err == nil && !f.IsDir() {
			s.serveFile(w, r, p, "public, max-age=3600")
			return
		}
	}
	status := http.StatusOK
	head, err := s.headFor(r, site)
	if err != nil {
		if catalog.ErrorCode(err) != catalog.ENotFound {
			s.Logger.Error("page head", "path", httpmw.LoggedPath(r), "err", err)
		}
		status = http.StatusNotFound
		// A page that cannot be told now (the site's stock not yet
		// readable) is not a missing page: the browser is told to retry.
		if catalog.ErrorCode(err) == catalog.EUnavailable {
			status = http.StatusServiceUnavailable
			w.Header().Set("Retry-After", "2")
		}
		head = pageHead{
			Title:       "Page not found | " + site.Name,
			Description: "The page you are looking for is not on " + site.Name + ".",
			Canonical:   s.origin(r) + r.URL.Path,
			Type:        "website",
		}
	}
	config, err := s.publicSite(r.Context(), site)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	// The first screen, drawn by the app's own components, and the data
	// it was drawn from, for the browser to take over without a refetch.
	page, rendered := s.renderPage(r, site, config)
	var b bytes.Buffer
	b.Grow(len(s.index.beforeHead) + len(s.index.beforeConfig) + len(s.index.rest) + len(config) + len(page.HTML) + len(page.State) + 2048)
	b.Write(s.index.beforeHead)
	nonce := httpmw.NewNonce()
	b.Write(head.render(s.styles.For(site), nonce, rendered))
	w.Header().Set("Content-Security-Policy", httpmw.SecurityPolicy(nonce))
	b.Write(s.index.beforeConfig)
	b.WriteString(`<script id="site-config" type="application/json">`)
	b.Write(config)
	b.WriteString("</script>")
	if rendered {
		b.WriteString(`<script id="query-state" type="application/json">`)
		b.WriteString(scriptSafeJSON(page.State))
		b.WriteString("</script>")
	}
	b.Write(s.index.beforeHTML)
	if rendered {
		b.WriteString(page.HTML)
	}
	b.Write(s.index.rest)
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(status)
	_, _ = w.Write(b.Bytes())
}

// headFor describes the requested page, or returns a not_found error.
func (s *Server) headFor(r *http.Request, site *tenant.Site) (pageHead, error) {
	if isListingPath(r.URL.Path) {
		return s.listingHead(r, site)
	}
	base := s.origin(r)
	if !s.isPage(r) {
		// A configurable route answers only where the site offers it, with
		// the title and description its config gives (docs/behaviour/screens.md).
		pg, ok := site.PageFor(r.URL.Path)
		if !ok {
			return pageHead{}, catalog.Errorf(catalog.ENotFound, "no such page")
		}
		// Locations and model pages name their record in the URL and carry its data.
		if h, ok, err := s.locationHead(r, site); ok {
			return h, err
		}
		if h, ok, err := s.modelPageHead(r.Context(), site, base, r.URL.Path); ok {
			return h, err
		}
		desc := pg.Description
		if desc == "" {
			desc = sitepages.Description(site)
		}
		return pageHead{Title: pg.Title + " | " + site.Name, Description: desc, Canonical: base + r.URL.Path, Type: "website"}, nil
	}
	p := r.URL.Path
	if h, ok, err := s.locationHead(r, site); ok {
		return h, err
	}
	if h, ok, err := s.recordHead(r, site); ok {
		return h, err
	}
	if slug, ok := strings.CutPrefix(p, "/cars/"); ok && !strings.Contains(slug, "/") {
		return s.carHead(r, site, slug)
	}
	if h, ok, err := s.modelPageHead(r.Context(), site, base, p); ok {
		return h, err
	}
	h := pageHead{
		Title:       sitepages.Title(p) + " | " + site.Name,
		Description: sitepages.Description(site),
		Canonical:   base + p,
		Type:        "website",
	}
	if p == "/" {
		h.Title = site.Name
		if site.Wording.Tagline != "" {
			h.Title += " | " + site.Wording.Tagline
		}
		h.Canonical = base + "/"
		h.Preload = sitepages.BannerPreload(site)
		h.JSONLD = map[string]any{
			"@context": "https://schema.org", "@type": "AutoDealer",
			"name": site.Name, "url": base + "/", "telephone": site.Phones.Main,
			"address": map[string]any{"@type": "PostalAddress", "addressLocality": site.City, "addressRegion": site.State, "addressCountry": site.Country},
		}
	}
	return h, nil
}

// recordHead describes the pages that show one record named in their URL:
// a car's print sheet and the trade-in towards a
// car. ok is false for other pages. A record that does not exist (or, for the
// trade-in, a car no longer available: docs/behaviour/screens.md) is not_found, so
// the page answers the site's 404.
func (s *Server) recordHead(r *http.Request, site *tenant.Site) (h pageHead, ok bool, err error) {
	p := strings.TrimSuffix(r.URL.Path, "/")
	h = pageHead{Description: sitepages.Description(site), Canonical: s.origin(r) + r.URL.Path, Type: "website"}
	switch {
	case p == "/print", p == "/cars/trade-in":
		ref := strings.TrimSpace(r.URL.Query().Get("car_id"))
		if ref == "" || (p == "/print" && !site.Features.PrintPDF) {
			return h, true, catalog.Errorf(catalog.ENotFound, "no car")
		}
		id, _ := strconv.ParseInt(ref, 10, 64) // an id or a slug, as the page's API call takes
		car, _, err := s.shownCar(r.Context(), site, ref, id)
		if err != nil {
			return h, true, err
		}
		if p == "/cars/trade-in" {
			if !car.Available() {
				return h, true, catalog.Errorf(catalog.ENotFound, "car not available")
			}
			h.Title = "Trade-In Valuation | " + car.Name + " | " + site.Name
			h.Canonical = s.origin(r) + "/cars/trade-in?car_id=" + strconv.FormatInt(car.ID, 10)
			return h, true, nil
		}
		h.Title = car.Name + " | Print Vehicle | " + site.Name
		h.Canonical = s.origin(r) + "/cars/" + car.Slug
		return h, true, nil
	}
	return h, false, nil
}

func (s *Server) carHead(r *http.Request, site *tenant.Site, slug string) (pageHead, error) {
	// The same in-memory lookup as the page's own API call: no store read.
	car, _, err := s.shownCar(r.Context(), site, slug, 0)
	if err != nil {
		return pageHead{}, err
	}
	base := s.origin(r)
	url := base + "/cars/" + car.Slug
	price := catalog.FormatPrice(car.Price)
	if car.Price <= 0 {
		price = site.Wording.NoPriceText
	}
	desc := fmt.Sprintf("%s %s, %s, %s at %s.", strings.ToUpper(car.CarType[:min(1, len(car.CarType))])+car.CarType[min(1, len(car.CarType)):], car.Name, price, catalog.FormatKM(car.KM), site.Name)
	h := pageHead{Title: car.Name + " | " + site.Name, Description: desc, Canonical: url, Type: "product"}
	if car.PrimaryImageURL != "" {
		h.Image = base + car.PrimaryImageURL
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
	if api := "/api/cars/" + car.Slug; sitepages.PlainLocalPath(api) {
		h.DataPreload = api
	}
	h.Preload = sitepages.HeroPreload(car, site)
	return h, nil
}

// assetName is how the build names its files under /assets: a name, a dash
// and the hash of the content ("main-Mh1EX1cg.js"). Only such a file never
// changes under its name, so only it may be cached for a year.
var assetName = regexp.MustCompile(`^[A-Za-z0-9_][A-Za-z0-9_.-]*-[A-Za-z0-9_-]{4,}\.[A-Za-z0-9]+$`)

// handleAsset serves the build's hashed files. The name must be one plain
// segment: "/assets/%2e%2e%2findex.html" arrives here as "../index.html"
// and must never reach another file of the app. Anything else under
// /assets is the site's own 404 page.
func (s *Server) handleAsset(w http.ResponseWriter, r *http.Request) {
	if name, ok := strings.CutPrefix(r.URL.Path, "/assets/"); ok && assetName.MatchString(name) {
		if f, err := fs.Stat(s.Web, "assets/"+name); err == nil && f.Mode().IsRegular() {
			s.serveFile(w, r, "assets/"+name, "public, max-age=31536000, immutable")
			return
		}
	}
	s.handlePage(w, r)
}

func (s *Server) serveFile(w http.ResponseWriter, r *http.Request, name, cacheControl string) {
	b, err := fs.ReadFile(s.Web, name)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	ct := mime.TypeByExtension(path.Ext(name))
	if ct == "" {
		ct = http.DetectContentType(b)
	}
	w.Header().Set("Content-Type", ct)
	w.Header().Set("Cache-Control", cacheControl)
	_, _ = w.Write(b)
}
