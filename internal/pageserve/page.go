package pageserve

import (
	"io"
	"io/fs"
	"net/http"
	"strings"

	"forecourt/internal/catalog"
	"forecourt/internal/httpmw"
	"forecourt/internal/sitepages"
	"forecourt/internal/tenant"
)

// Page answers a page URL of the request's site: the app's shell with the
// page's head and, where it can be drawn, its first screen; the site's 404
// for a URL that is no page of it.
func (s *Server) Page(w http.ResponseWriter, r *http.Request) {
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
	site := site(r)
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
	// The build's hashed files are Asset's alone.
	if p := strings.TrimPrefix(r.URL.Path, "/"); p != "" && p != "index.html" && !strings.HasSuffix(p, "/") && !strings.HasPrefix(p, ".") && !strings.Contains(p, "/.") &&
		!strings.HasPrefix(p, "assets/") {
		if f, err := fs.Stat(s.Web, p); err == nil && !f.IsDir() {
			s.serveFile(w, r, p, "public, max-age=3600")
			return
		}
	}
	status := http.StatusOK
	origin := s.Proxies.Origin(r)
	pg, ok := s.Routes.Match(site, r)
	var head sitepages.Head
	var err error = catalog.Errorf(catalog.ENotFound, "no such page")
	if ok {
		head, err = sitepages.HeadOf(r.Context(), s.Listing, site, pg, origin, r.URL)
	}
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
		head = sitepages.NotFoundHead(site, origin, r.URL.Path)
	}
	config, err := s.Listing.PageConfig(r.Context(), site)
	if err != nil {
		s.Fail(w, r, err)
		return
	}
	// The first screen, drawn by the app's own components, and the data
	// it was drawn from, for the browser to take over without a refetch.
	// A page made for one visitor (their garage, sign-in, a checkout)
	// shows what only the browser knows: it is drawn there.
	var page rendered
	if !pg.Personal {
		page = s.renderPage(r, site, config, sitepages.PageKind(pg.View))
	}
	s.writePage(w, status, site, head, config, page)
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
	config, err := s.Listing.PageConfig(r.Context(), site)
	if err != nil {
		s.Fail(w, r, err)
		return
	}
	s.writePage(w, http.StatusNotFound, site, sitepages.NotFoundHead(site, s.Proxies.Origin(r), r.URL.Path), config, rendered{})
}

// writePage writes the app's shell with the page's head, its config and,
// when drawn, its first screen and the data it was drawn from.
func (s *Server) writePage(w http.ResponseWriter, status int, site *tenant.Site, head sitepages.Head, config []byte, page rendered) {
	nonce := httpmw.NewNonce()
	w.Header().Set("Content-Security-Policy", httpmw.SecurityPolicy(nonce))
	b := s.shell.Page(head.Render(s.styles.For(site), nonce, page.drawn), config, page.HTML, page.State, page.drawn)
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(status)
	_, _ = w.Write(b)
}

// listingRedirect is where a listing URL not in its canonical form moves
// for good (sitepages.ListingRedirect).
func (s *Server) listingRedirect(r *http.Request, site *tenant.Site) (to string, ok bool) {
	if !sitepages.IsRedirectCandidate(r.URL.Path) {
		return "", false
	}
	st, err := s.Listing.Stock(r.Context(), site)
	if err != nil {
		return "", false
	}
	return sitepages.ListingRedirect(r.URL.Path, r.URL.RawQuery, st.Vocab)
}
