package httpmw

import (
	"net/http/httptest"
	"testing"
)

// A client gets the gzipped body only when it takes gzip with a q above
// 0; either way the answer varies by Accept-Encoding, once.
func TestPreGzipped(t *testing.T) {
	for accept, gz := range map[string]bool{
		"": false, "gzip": true, "br, gzip;q=0.5": true, "gzip;q=0": false, "gzip; q=0.000": false, "*": false, "identity": false,
	} {
		rec := httptest.NewRecorder()
		rec.Header().Add("Vary", "Accept-Encoding")
		r := httptest.NewRequest("GET", "/", nil)
		if accept != "" {
			r.Header.Set("Accept-Encoding", accept)
		}
		body := string(PreGzipped(rec, r, []byte("plain"), []byte("gz")))
		enc := rec.Header().Get("Content-Encoding")
		if gz != (body == "gz") || gz != (enc == "gzip") {
			t.Errorf("Accept-Encoding %q: body %q, Content-Encoding %q", accept, body, enc)
		}
		if len(rec.Header().Values("Vary")) != 1 || rec.Header().Get("Content-Length") != map[bool]string{true: "2", false: "5"}[gz] {
			t.Errorf("Accept-Encoding %q: headers %v", accept, rec.Header())
		}
	}
}
