package pageserve

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/klauspost/compress/gzip"
)

// docs/behaviour/http.md#asset-headers: a built file is gzipped once, at
// the best level, and only where that makes it smaller.
func TestBuiltFilesAreGzippedOnce(t *testing.T) {
	script := []byte(strings.Repeat("export const carPrice = (n) => n.toLocaleString('en-AU');\n", 200))
	web := fstest.MapFS{
		"assets/big-1a2b.js":     {Data: script},
		"assets/tiny-1a2b.js":    {Data: []byte("x()")},
		"assets/font-1a2b.woff2": {Data: bytes.Repeat([]byte{1}, 4096)},
	}
	var b builtFiles
	get := func(name, accept, method string) (*http.Response, []byte) {
		f, err := b.get(web, name)
		if err != nil {
			t.Fatal(err)
		}
		r := httptest.NewRequest(method, "/"+name, nil)
		if accept != "" {
			r.Header.Set("Accept-Encoding", accept)
		}
		w := httptest.NewRecorder()
		f.write(w, r)
		return w.Result(), w.Body.Bytes()
	}

	res, body := get("assets/big-1a2b.js", "gzip, deflate", http.MethodGet)
	if res.Header.Get("Content-Encoding") != "gzip" || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/javascript") {
		t.Fatalf("headers %v", res.Header)
	}
	zr, err := gzip.NewReader(bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := io.ReadAll(zr); !bytes.Equal(got, script) {
		t.Error("the gzipped script is not the script")
	}
	if len(body) > len(script)/20 {
		t.Errorf("%d bytes gzipped from %d", len(body), len(script))
	}
	first, _ := b.get(web, "assets/big-1a2b.js")
	if again, _ := b.get(web, "assets/big-1a2b.js"); again != first {
		t.Error("the file was made again")
	}
	if res, body := get("assets/big-1a2b.js", "", http.MethodGet); res.Header.Get("Content-Encoding") != "" || !bytes.Equal(body, script) {
		t.Errorf("a client without gzip: %q, %d bytes", res.Header.Get("Content-Encoding"), len(body))
	}
	if _, body := get("assets/big-1a2b.js", "gzip", http.MethodHead); len(body) != 0 {
		t.Errorf("HEAD has a body of %d bytes", len(body))
	}
	for _, name := range []string{"assets/tiny-1a2b.js", "assets/font-1a2b.woff2"} {
		if res, _ := get(name, "gzip", http.MethodGet); res.Header.Get("Content-Encoding") != "" {
			t.Errorf("%s is gzipped", name)
		}
	}
	if _, err := b.get(web, "assets/gone-1a2b.js"); err == nil {
		t.Error("a missing file was found")
	}
}
