package httpapi_test

import (
	"encoding/json"
	"strings"
	"testing"
)

// Answers are gzipped for a client that takes gzip, and only for one: a
// coding refused with q=0 is not used (a q-value of 0 in Accept-Encoding
// means the client does not accept that coding).
func TestCompressionFollowsAcceptEncoding(t *testing.T) {
	t.Parallel()
	app := sharedApp(t)
	host := "summit-motor-group.localhost"
	for _, path := range []string{"/api/search?path=/search/used-cars", "/api/site", "/"} {
		for _, tc := range []struct {
			accept string
			gzip   bool
		}{
			{"", false},
			{"gzip", true},
			{"gzip;q=0.5, identity", true},
			{"gzip;q=0", false},
			{"gzip; q=0.000, identity", false},
			{"br", false},
			{"*;q=0", false},
		} {
			res, body := app.get(t, host, path, "Accept-Encoding", tc.accept)
			if res.StatusCode != 200 {
				t.Fatalf("%s: status %d", path, res.StatusCode)
			}
			if got := res.Header.Get("Content-Encoding") == "gzip"; got != tc.gzip {
				t.Errorf("%s with Accept-Encoding %q: gzipped %v, want %v", path, tc.accept, got, tc.gzip)
			}
			if !strings.Contains(res.Header.Get("Vary"), "Accept-Encoding") {
				t.Errorf("%s: Vary %q lacks Accept-Encoding", path, res.Header.Get("Vary"))
			}
			if strings.HasPrefix(path, "/api/") && !json.Valid([]byte(body)) {
				t.Errorf("%s with Accept-Encoding %q: the body is not JSON", path, tc.accept)
			}
		}
	}
}
