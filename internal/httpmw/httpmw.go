// Package httpmw is the server's generic HTTP middleware: security
// headers, compression, request ids and the request log, panic recovery,
// the same-origin check for writes and the trusted proxies that name the
// visitor. It knows nothing of sites or of the API's error shape: what a
// refusal looks like is the caller's.
package httpmw

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/klauspost/compress/gzhttp"
)

// ContentSecurityPolicy allows only our own origin; embedded videos may come
// from the video site's embed player (docs/behaviour/screens.md#video).
var ContentSecurityPolicy = SecurityPolicy("")

// SecurityPolicy is the policy with, on an app page, the nonce of that
// response: the dialogs' scroll lock adds a <style> element, allowed only
// when it carries the page's own nonce.
func SecurityPolicy(styleNonce string) string {
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

// NewNonce is a fresh random value for one response's policy.
func NewNonce() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return base64.StdEncoding.EncodeToString(b)
}

// AssetsPrefix is where the app's built, content-hashed files are served.
const AssetsPrefix = "/assets/"

// SecurityHeaders sets the headers every answer carries. HSTS is sent only
// to a visitor who reached us over TLS (directly, or through one of
// proxies that says so): any client can send X-Forwarded-Proto.
//
// The app's built files under /assets/ (scripts, fonts) carry only
// nosniff (and HSTS): a policy for documents means nothing on a script,
// and a car page loads some fifty of them, each of which would carry
// half a kilobyte of headers more than its own bytes
// (docs/behaviour/http.md#asset-headers).
func SecurityHeaders(proxies Proxies, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("X-Content-Type-Options", "nosniff")
		if proxies.Secure(r) {
			h.Set("Strict-Transport-Security", "max-age=63072000; includeSubDomains")
		}
		if strings.HasPrefix(r.URL.Path, AssetsPrefix) {
			next.ServeHTTP(w, r)
			return
		}
		h.Set("Content-Security-Policy", ContentSecurityPolicy)
		h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		h.Set("X-Frame-Options", "SAMEORIGIN")
		h.Set("Permissions-Policy", "camera=(), microphone=(), geolocation=(self)")
		next.ServeHTTP(w, r)
	})
}

// Recoverer turns a panic into fail's answer (the API's internal error)
// instead of a dropped connection; the panic is logged with the request's
// id (LogRequests has set it on the answer's headers).
func Recoverer(logger *slog.Logger, fail func(http.ResponseWriter, *http.Request), next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				logger.Error("panic", slog.String("request_id", w.Header().Get("X-Request-Id")), slog.String("path", LoggedPath(r)), slog.Any("panic", v))
				fail(w, r)
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

type ctxKey struct{}

func requestInfoFrom(ctx context.Context) *requestInfo {
	i, _ := ctx.Value(ctxKey{}).(*requestInfo)
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

// Routed notes, after mux has answered, the pattern it matched (ServeMux
// sets r.Pattern on the request it is given) and the site siteOf names,
// for the log and the metrics. The innermost mux that matched names the
// route.
func Routed(siteOf func(context.Context) string, mux http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// Deferred, so a handler's panic is still counted under its route.
		defer func() {
			if info := requestInfoFrom(r.Context()); info != nil && info.route == "" {
				info.route = r.Pattern
				info.site = siteOf(r.Context())
			}
		}()
		mux.ServeHTTP(w, r)
	})
}

// Observer counts one answered request: the route pattern that answered
// ("" when none did), the site, the status and how long it took.
type Observer func(route, site string, status int, took time.Duration)

// LogRequests gives each request its id (echoed in X-Request-Id) and logs
// id, method, path, route, status and duration; observe counts the request
// in the metrics. The query string is left out: it can carry a visitor's
// details.
func LogRequests(logger *slog.Logger, observe Observer, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		info := &requestInfo{id: requestID(r)}
		w.Header().Set("X-Request-Id", info.id)
		rec := &statusRecorder{ResponseWriter: w}
		next.ServeHTTP(rec, r.WithContext(context.WithValue(r.Context(), ctxKey{}, info)))
		took := time.Since(start)
		status := rec.status
		if status == 0 {
			status = http.StatusOK
		}
		observe(info.route, info.site, status, took)
		logger.LogAttrs(r.Context(), slog.LevelInfo, "request", slog.String("request_id", info.id),
			slog.String("host", capped(r.Host, maxLoggedHost)), slog.String("method", r.Method), slog.String("path", LoggedPath(r)),
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

// LoggedPath is a request's path as the log shows it, cut to
// maxLoggedPath bytes with "…".
func LoggedPath(r *http.Request) string { return capped(r.URL.Path, maxLoggedPath) }

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

// Compressible lists the content types worth compressing; images are already compressed.
func Compressible(ct string) bool {
	for _, p := range []string{"text/", "application/json", "application/javascript", "text/javascript", "application/xml", "image/svg+xml", "application/manifest+json"} {
		if strings.HasPrefix(ct, p) {
			return true
		}
	}
	return false
}

// Compress gzips what is worth it for a client that takes gzip (a coding
// it refuses with q=0 it does not get), and says so in Vary.
func Compress(next http.Handler) http.Handler { return gzipWrapper()(next) }

var gzipWrapper = sync.OnceValue(func() func(http.Handler) http.HandlerFunc {
	wrap, err := gzhttp.NewWrapper(
		gzhttp.ContentTypeFilter(Compressible),
		gzhttp.EnableZstd(false),
	)
	if err != nil {
		panic("httpmw: compression settings: " + err.Error()) // fixed settings: only a programming error fails
	}
	return wrap
})

// SameOrigin refuses, with refuse's answer, a POST, PUT, PATCH or DELETE
// whose Origin header names another host than the request's own
// (docs/behaviour/http.md): a page of another site cannot make a signed-in
// buyer's browser act for them, nor send leads in their name. A request
// without Origin (curl, a server) passes; browsers send it on every
// cross-site and every same-origin unsafe request.
func SameOrigin(proxies Proxies, refuse func(http.ResponseWriter, *http.Request), next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.Method {
		case http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete:
			if o := r.Header.Get("Origin"); o != "" && !SameHost(o, proxies.Origin(r)) {
				refuse(w, r)
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}
