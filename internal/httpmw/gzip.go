package httpmw

import (
	"net/http"
	"slices"
	"strconv"
	"strings"
)

// PreGzipped picks, for a body kept both plain and gzipped, the one the
// client takes, says so in Content-Encoding and Vary, and sets its
// Content-Length; Compress leaves an encoded body be.
func PreGzipped(w http.ResponseWriter, r *http.Request, plain, gzipped []byte) []byte {
	h := w.Header()
	if !slices.ContainsFunc(h.Values("Vary"), func(v string) bool { return strings.Contains(strings.ToLower(v), "accept-encoding") }) {
		h.Add("Vary", "Accept-Encoding")
	}
	body := plain
	if takesGzip(r.Header.Values("Accept-Encoding")) {
		h.Set("Content-Encoding", "gzip")
		body = gzipped
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	return body
}

// takesGzip reports whether Accept-Encoding names gzip with a q above 0,
// as Compress reads it ("*" is not taken for gzip).
func takesGzip(fields []string) bool {
	for _, f := range fields {
		for c := range strings.SplitSeq(f, ",") {
			name, params, _ := strings.Cut(c, ";")
			if !strings.EqualFold(strings.TrimSpace(name), "gzip") {
				continue
			}
			for p := range strings.SplitSeq(params, ";") {
				if k, v, _ := strings.Cut(strings.TrimSpace(p), "="); strings.EqualFold(k, "q") {
					q, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
					return err == nil && q > 0
				}
			}
			return true
		}
	}
	return false
}
