package httpapi

import (
	"io"
	"io/fs"
	"net/http"
	"regexp"
	"strconv"
	"strings"

	"forecourt/internal/catalog"
	"forecourt/internal/httpmw"
	"forecourt/internal/sitepages"
	"forecourt/internal/tenant"
)

func (s *Server) handlePage(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "Method not allowed.", http.StatusMethodNotAllowed)
		return
	}
	// An address longer than any page's own is refused before it costs a
	// render or a place in the page cache (docs/behaviour/http.md#long-address).
	if len(r.URL.RequestURI()) > MaxPageAddress {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		w.WriteHeader(http.StatusRequestURITooLong)
		_, _ = io.WriteString(w, "This address is too long.\n")
		return
	}
	site := siteFrom(r.Context())
	// A path segment that hides a slash or a backslash ("foo%2fbar") names no
	// page: the site's 404, never drawn nor kept
	// (docs/behaviour/http.md#encoded-slash).
	if hidesSeparator(r.URL.EscapedPath()) {
		s.notFoundPage(w, r, site)
		return
	}
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
		head = sitepages.NotFoundHead(site, s.origin(r), r.URL.Path)
	}
	config, err := s.pageConfig(r.Context(), site)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	// The first screen, drawn by the app's own components, and the data
	// it was drawn from, for the browser to take over without a refetch.
	page, rendered := s.renderPage(r, site, config)
	nonce := httpmw.NewNonce()
	w.Header().Set("Content-Security-Policy", httpmw.SecurityPolicy(nonce))
	b := s.shell.Page(head.Render(s.styles.For(site), nonce, rendered), config, page.HTML, page.State, rendered)
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(status)
	_, _ = w.Write(b)
}

// MaxPageAddress bounds a page's path and query, in bytes: every page the
// sites link to fits in far less (docs/behaviour/http.md#long-address).
const MaxPageAddress = 8 << 10

// hidesSeparator says whether an escaped path holds an escaped slash or
// backslash (docs/behaviour/http.md#encoded-slash).
func hidesSeparator(escaped string) bool {
	e := strings.ToLower(escaped)
	return strings.Contains(e, "%2f") || strings.Contains(e, "%5c")
}

// notFoundPage answers the site's 404 page without drawing it: the browser
// draws it from the same shell.
func (s *Server) notFoundPage(w http.ResponseWriter, r *http.Request, site *tenant.Site) {
	config, err := s.pageConfig(r.Context(), site)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	head := sitepages.NotFoundHead(site, s.origin(r), r.URL.Path)
	nonce := httpmw.NewNonce()
	w.Header().Set("Content-Security-Policy", httpmw.SecurityPolicy(nonce))
	b := s.shell.Page(head.Render(s.styles.For(site), nonce, false), config, "", "", false)
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(http.StatusNotFound)
	_, _ = w.Write(b)
}

// headFor describes the requested page, or returns a not_found error.
func (s *Server) headFor(r *http.Request, site *tenant.Site) (sitepages.Head, error) {
	if sitepages.IsListingPath(r.URL.Path) {
		return s.listingHead(r, site)
	}
	base := s.origin(r)
	if !s.isPage(r) {
		// A configurable route answers only where the site offers it, with
		// the title and description its config gives (docs/behaviour/screens.md).
		pg, ok := site.PageFor(r.URL.Path)
		if !ok {
			return sitepages.Head{}, catalog.Errorf(catalog.ENotFound, "no such page")
		}
		// Locations and model pages name their record in the URL and carry its data.
		if h, ok, err := s.locationHead(r, site); ok {
			return h, err
		}
		if h, ok, err := s.modelPageHead(r.Context(), site, base, r.URL.Path); ok {
			return h, err
		}
		return sitepages.ConfiguredHead(site, pg, base, r.URL.Path), nil
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
	if p == "/" {
		return sitepages.HomeHead(site, base), nil
	}
	return sitepages.PageHead(site, base, p), nil
}

// recordHead describes the pages that show one record named in their URL:
// a car's print sheet and the trade-in towards a
// car. ok is false for other pages. A record that does not exist (or, for the
// trade-in, a car no longer available: docs/behaviour/screens.md) is not_found, so
// the page answers the site's 404.
func (s *Server) recordHead(r *http.Request, site *tenant.Site) (h sitepages.Head, ok bool, err error) {
	p := strings.TrimSuffix(r.URL.Path, "/")
	h = sitepages.Head{Description: sitepages.Description(site), Canonical: s.origin(r) + r.URL.Path, Type: "website"}
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

func (s *Server) carHead(r *http.Request, site *tenant.Site, slug string) (sitepages.Head, error) {
	// The same in-memory lookup as the page's own API call: no store read.
	car, _, err := s.shownCar(r.Context(), site, slug, 0)
	if err != nil {
		return sitepages.Head{}, err
	}
	return sitepages.CarHead(site, car, s.origin(r)), nil
}

// listingRedirect is where a listing URL not in its canonical form moves
// for good (sitepages.ListingRedirect).
func (s *Server) listingRedirect(r *http.Request, site *tenant.Site) (to string, ok bool) {
	if !sitepages.IsRedirectCandidate(r.URL.Path) {
		return "", false
	}
	st, err := s.stock(r.Context(), site)
	if err != nil {
		return "", false
	}
	return sitepages.ListingRedirect(r.URL.Path, r.URL.RawQuery, st.Vocab)
}

// listingHead is a listing page's head (sitepages.ListingHead).
func (s *Server) listingHead(r *http.Request, site *tenant.Site) (sitepages.Head, error) {
	st, err := s.stock(r.Context(), site)
	if err != nil {
		return sitepages.Head{}, err
	}
	return sitepages.ListingHead(site, s.origin(r), r.URL.Path, r.URL.Query(), st.Vocab)
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
	if name, ok := strings.CutPrefix(r.URL.Path, httpmw.AssetsPrefix); ok && assetName.MatchString(name) {
		// Kept once read: no look at the file system on a later request.
		if f, err := s.built.get(s.Web, "assets/"+name); err == nil {
			w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
			f.write(w, r)
			return
		}
	}
	s.handlePage(w, r)
}

func (s *Server) serveFile(w http.ResponseWriter, r *http.Request, name, cacheControl string) {
	f, err := s.built.get(s.Web, name)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Cache-Control", cacheControl)
	f.write(w, r)
}
