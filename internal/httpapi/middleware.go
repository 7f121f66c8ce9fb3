package httpapi

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"io"
	"log/slog"
	"maps"
	"mime"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/klauspost/compress/gzhttp"

	"forecourt/internal/catalog"
	"forecourt/internal/tenant"
)

type ctxKey int

const siteKey ctxKey = 0

// siteFrom returns the site resolved for this request by withSite.
func siteFrom(ctx context.Context) *tenant.Site {
	s, _ := ctx.Value(siteKey).(*tenant.Site)
	return s
}

// withSite resolves the site from the Host header. An unknown host gets a
// plain 404, never another site's content.
func (s *Server) withSite(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !tenant.ValidPort(r.Host) {
			const msg = "The Host header's port must be a number of 1 to 5 digits."
			if strings.HasPrefix(r.URL.Path, "/api/") {
				writeJSON(w, http.StatusBadRequest, errorBody{Error: errorDetail{Code: catalog.EInvalid, Message: msg}})
				return
			}
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			w.Header().Set("Cache-Control", "no-store")
			w.WriteHeader(http.StatusBadRequest)
			_, _ = io.WriteString(w, msg+"\n")
			return
		}
		site, ok := s.Sites.ByHost(r.Host)
		if !ok {
			if strings.HasPrefix(r.URL.Path, "/api/") {
				s.writeError(w, r, catalog.Errorf(catalog.ENotFound, "No site is configured for this address."))
				return
			}
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			w.Header().Set("Cache-Control", "no-store")
			w.WriteHeader(http.StatusNotFound)
			_, _ = io.WriteString(w, "No site is configured for this address.\n")
			return
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), siteKey, site)))
	})
}

// contentSecurityPolicy allows only our own origin; embedded videos may come
// from the video site's embed player (docs/behaviour/README.md, Video slide).
var contentSecurityPolicy = securityPolicy("")

// securityPolicy is the policy with, on an app page, the nonce of that
// response: the dialogs' scroll lock adds a <style> element, allowed only
// when it carries the page's own nonce.
func securityPolicy(styleNonce string) string {
	style := "style-src 'self'"
	if styleNonce != "" {
		style += " 'nonce-" + styleNonce + "'"
	}
	// A page drawn on the server carries its components' style attributes
	// (sizes, positions); <style> elements still need the nonce.
	style += "; style-src-attr 'unsafe-inline'"
	return "default-src 'self'; script-src 'self'; " + style + "; img-src 'self' data: blob:; " +
		"font-src 'self' data:; media-src 'self' blob:; connect-src 'self'; " +
		"frame-src 'self' https://www.youtube.com https://www.youtube-nocookie.com; frame-ancestors 'self'; " +
		"base-uri 'self'; form-action 'self'; object-src 'none'"
}

// newNonce is a fresh random value for one response's policy.
func newNonce() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return base64.StdEncoding.EncodeToString(b)
}

// securityHeaders sets the headers every answer carries. HSTS is sent only
// to a visitor who reached us over TLS (directly, or through a trusted
// proxy that says so): any client can send X-Forwarded-Proto.
func (s *Server) securityHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", contentSecurityPolicy)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		h.Set("X-Frame-Options", "SAMEORIGIN")
		h.Set("Permissions-Policy", "camera=(), microphone=(), geolocation=(self)")
		if s.secureRequest(r) {
			h.Set("Strict-Transport-Security", "max-age=63072000; includeSubDomains")
		}
		next.ServeHTTP(w, r)
	})
}

// recoverer turns a panic into the API's internal error instead of a dropped
// connection; the panic is logged with the request's id (logRequests has
// set it on the answer's headers).
func (s *Server) recoverer(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				s.Logger.Error("panic", slog.String("request_id", w.Header().Get("X-Request-Id")), slog.String("path", loggedPath(r)), slog.Any("panic", v))
				s.writeError(w, r, catalog.Errorf(catalog.EInternal, "panic"))
			}
		}()
		next.ServeHTTP(w, r)
	})
}

type statusRecorder struct {
	http.ResponseWriter
	status int
	bytes  int
}

func (w *statusRecorder) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusRecorder) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	n, err := w.ResponseWriter.Write(b)
	w.bytes += n
	return n, err
}

func (w *statusRecorder) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// requestInfo is what the request log and the metrics learn about a
// request from the handlers deeper in: which route answered, for which site.
type requestInfo struct {
	id    string
	route string
	site  string
}

const requestInfoKey ctxKey = 1

func requestInfoFrom(ctx context.Context) *requestInfo {
	i, _ := ctx.Value(requestInfoKey).(*requestInfo)
	return i
}

// maxRequestID is the longest incoming X-Request-Id kept.
const maxRequestID = 128

// requestID is the request's id: the caller's X-Request-Id when it is
// sane (a proxy's id ties its log to ours), else a new random one.
func requestID(r *http.Request) string {
	if id := r.Header.Get("X-Request-Id"); saneRequestID(id) {
		return id
	}
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// saneRequestID allows 1 to 128 characters of A-Z, a-z, 0-9, '.', '_'
// and '-': nothing that could forge a log line or a header.
func saneRequestID(id string) bool {
	if id == "" || len(id) > maxRequestID {
		return false
	}
	for i := 0; i < len(id); i++ {
		c := id[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '.' || c == '_' || c == '-') {
			return false
		}
	}
	return true
}

// routed notes, after mux has answered, the pattern it matched (ServeMux
// sets r.Pattern on the request it is given) and the site, for the log and
// the metrics. The innermost mux that matched names the route.
func routed(mux http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// Deferred, so a handler's panic is still counted under its route.
		defer func() {
			if info := requestInfoFrom(r.Context()); info != nil && info.route == "" {
				info.route = r.Pattern
				if site := siteFrom(r.Context()); site != nil {
					info.site = site.Slug
				}
			}
		}()
		mux.ServeHTTP(w, r)
	})
}

// logRequests gives each request its id (echoed in X-Request-Id) and logs
// id, method, path, route, status and duration; it also counts the request
// in the metrics. The query string is left out: it can carry a visitor's
// details.
func (s *Server) logRequests(next http.Handler) http.Handler {
	m := s.metrics()
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		info := &requestInfo{id: requestID(r)}
		w.Header().Set("X-Request-Id", info.id)
		rec := &statusRecorder{ResponseWriter: w}
		next.ServeHTTP(rec, r.WithContext(context.WithValue(r.Context(), requestInfoKey, info)))
		took := time.Since(start)
		status := rec.status
		if status == 0 {
			status = http.StatusOK
		}
		m.observeRequest(info.route, info.site, status, took)
		s.Logger.LogAttrs(r.Context(), slog.LevelInfo, "request", slog.String("request_id", info.id),
			slog.String("host", s.loggedHost(r.Host)), slog.String("method", r.Method), slog.String("path", loggedPath(r)),
			slog.String("route", info.route), slog.Int("status", rec.status), slog.Int("bytes", rec.bytes), slog.Duration("took", took))
	})
}

// Caps on what the log keeps of a request's own values. A Host or a path
// can be up to the whole header limit (1 MB); logging all of it would let
// anyone fill the disk with a few requests.
const (
	maxLoggedHost = 100
	maxLoggedPath = 300
)

// loggedHost is the Host header as the log shows it, cut to maxLoggedHost
// bytes with "…".
func (s *Server) loggedHost(host string) string { return capped(host, maxLoggedHost) }

// loggedPath is a request's path as the log shows it, cut to
// maxLoggedPath bytes with "…".
func loggedPath(r *http.Request) string { return capped(r.URL.Path, maxLoggedPath) }

// capped cuts s to at most n bytes, never inside a character, marking a
// cut with "…".
func capped(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

// compressible lists the content types worth compressing; images are already compressed.
func compressible(ct string) bool {
	for _, p := range []string{"text/", "application/json", "application/javascript", "text/javascript", "application/xml", "image/svg+xml", "application/manifest+json"} {
		if strings.HasPrefix(ct, p) {
			return true
		}
	}
	return false
}

// compress gzips what is worth it for a client that takes gzip (a coding
// it refuses with q=0 it does not get), and says so in Vary.
func compress(next http.Handler) http.Handler { return gzipWrapper()(next) }

var gzipWrapper = sync.OnceValue(func() func(http.Handler) http.HandlerFunc {
	wrap, err := gzhttp.NewWrapper(
		gzhttp.ContentTypeFilter(compressible),
		gzhttp.EnableZstd(false),
	)
	if err != nil {
		panic("httpapi: compression settings: " + err.Error()) // fixed settings: only a programming error fails
	}
	return wrap
})

// sameOrigin refuses a POST, PUT, PATCH or DELETE whose Origin header
// names another host than the request's own (docs/behaviour/http.md): a page of another
// site cannot make a signed-in buyer's browser act for them, nor send
// leads in their name. A request without Origin (curl, a server) passes;
// browsers send it on every cross-site and every same-origin unsafe
// request.
func (s *Server) sameOrigin(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.Method {
		case http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete:
			if o := r.Header.Get("Origin"); o != "" && !sameHost(o, s.origin(r)) {
				s.writeError(w, r, catalog.Errorf(catalog.EForbidden, "This request came from another website and was refused."))
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}

// jsonBodies refuses an API write whose body is not declared as JSON with
// 415. Every API body is JSON, and a form post or a text/plain body is what
// another site's page can make a browser send without asking first (no
// CORS preflight), so anything else is refused before it is read. A write
// without a body (sign-out, marking a saved search seen) passes.
func (s *Server) jsonBodies(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.Method {
		case http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete:
			if strings.HasPrefix(r.URL.Path, "/api/") && r.ContentLength != 0 {
				if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || mt != "application/json" {
					s.writeError(w, r, catalog.Errorf(catalog.EUnsupportedMediaType, "This request must be sent as JSON, with Content-Type: application/json."))
					return
				}
				// A lead names the field in its own words (package leads).
				if r.URL.Path != "/api/leads" {
					head, err := io.ReadAll(io.LimitReader(r.Body, nulScanBytes))
					if err != nil {
						s.writeError(w, r, catalog.Errorf(catalog.EInvalid, "The request could not be read; please try again."))
						return
					}
					if field, ok := nulField(head); ok {
						msg := "This must not contain a null character."
						e := &catalog.Error{Code: catalog.EInvalid, Message: msg}
						if field != "" {
							e.Fields = map[string]string{field: msg}
						}
						s.writeError(w, r, e)
						return
					}
					r.Body = struct {
						io.Reader
						io.Closer
					}{io.MultiReader(bytes.NewReader(head), r.Body), r.Body}
				}
			}
		}
		next.ServeHTTP(w, r)
	})
}

// sameHost compares the hosts of two origins ("https://a.example:8443"),
// each without its scheme's default port. "null" and anything unreadable
// differ. The schemes are not compared: the host tells one site from
// another, and behind a TLS proxy not listed in TrustedProxies the
// request's own origin reads http while the browser's says https.
func sameHost(a, b string) bool {
	ha, ok := originHost(a)
	hb, okb := originHost(b)
	return ok && okb && ha == hb
}

func originHost(origin string) (string, bool) {
	u, err := url.Parse(origin)
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
		return "", false
	}
	h := strings.ToLower(u.Host)
	if u.Scheme == "http" {
		return strings.TrimSuffix(h, ":80"), true
	}
	return strings.TrimSuffix(h, ":443"), true
}

// nulScanBytes is how much of a JSON body is looked at for null
// characters; the API's bodies are far smaller, and each handler caps its own.
const nulScanBytes = 1 << 20

// nulField reports whether a JSON body holds a null character (raw, or
// written \u0000), which PostgreSQL cannot store in text: such a body is
// refused on every store alike. field is the top-level key whose value (or
// name) holds it, when the body is an object.
func nulField(body []byte) (field string, found bool) {
	if bytes.IndexByte(body, 0) < 0 && !hasNulEscape(body) {
		return "", false
	}
	var top map[string]json.RawMessage
	if json.Unmarshal(body, &top) != nil {
		return "", true
	}
	keys := slices.Sorted(maps.Keys(top))
	for _, k := range keys {
		var v any
		if strings.IndexByte(k, 0) >= 0 || (json.Unmarshal(top[k], &v) == nil && holdsNul(v)) {
			return k, true
		}
	}
	return "", true
}

// hasNulEscape finds \u0000 written as an escape (an odd run of
// backslashes before the u), not a literal backslash followed by u0000.
func hasNulEscape(b []byte) bool {
	for i := 0; ; {
		j := bytes.Index(b[i:], []byte(`u0000`))
		if j < 0 {
			return false
		}
		at := i + j
		n := 0
		for k := at - 1; k >= 0 && b[k] == '\\'; k-- {
			n++
		}
		if n%2 == 1 {
			return true
		}
		i = at + 1
	}
}

func holdsNul(v any) bool {
	switch v := v.(type) {
	case string:
		return strings.IndexByte(v, 0) >= 0
	case []any:
		return slices.ContainsFunc(v, holdsNul)
	case map[string]any:
		for k, x := range v {
			if strings.IndexByte(k, 0) >= 0 || holdsNul(x) {
				return true
			}
		}
	}
	return false
}
