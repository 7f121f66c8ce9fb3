package media

import (
	"bytes"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gen2brain/webp"
)

// chromeAccept is what Chrome sends for an <img>.
const chromeAccept = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8"

func isWebP(b []byte) bool {
	return len(b) > 12 && string(b[:4]) == "RIFF" && string(b[8:12]) == "WEBP"
}

func cacheFiles(t *testing.T, dir string) []string {
	t.Helper()
	var files []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			files = append(files, p)
		}
		return nil
	})
	return files
}

func TestPhotoIsWebPOnlyWhenTheBrowserSaysSo(t *testing.T) {
	t.Parallel()
	h := New("", 64<<20)
	url := "/img/car/42/suv/1f4fa0/0.jpg?w=400"
	cases := []struct {
		accept string
		webp   bool
	}{
		{chromeAccept, true},
		{"image/webp,*/*", true},              // Firefox
		{"IMAGE/WEBP ; q=0.5", true},          // any case, any spacing, any weight above 0
		{"", false},                           // curl, a PDF renderer
		{"*/*", false},                        // a crawler
		{"image/*", false},                    // says nothing of WebP
		{"image/webp;q=0, image/jpeg", false}, // declines it
		{"image/webpx", false},
	}
	for _, c := range cases {
		rec := get(t, h, url, "Accept", c.accept)
		if rec.Code != http.StatusOK {
			t.Fatalf("Accept %q: status %d", c.accept, rec.Code)
		}
		if got := rec.Header().Get("Vary"); got != "Accept" {
			t.Errorf("Accept %q: Vary %q, want Accept", c.accept, got)
		}
		ct, body := rec.Header().Get("Content-Type"), rec.Body.Bytes()
		if c.webp && (ct != "image/webp" || !isWebP(body)) {
			t.Errorf("Accept %q: %s, %d bytes, want WebP", c.accept, ct, len(body))
		}
		if !c.webp && (ct != "image/jpeg" || !bytes.HasPrefix(body, []byte{0xff, 0xd8})) {
			t.Errorf("Accept %q: %s, want JPEG", c.accept, ct)
		}
		if b := decode(t, body).Bounds(); b.Dx() != 400 || b.Dy() != 266 {
			t.Errorf("Accept %q: %dx%d, want 400x266", c.accept, b.Dx(), b.Dy())
		}
	}
}

func TestWebPIsSmallerAndHasItsOwnETag(t *testing.T) {
	t.Parallel()
	h := New("", 64<<20)
	url := "/img/car/42/suv/1f4fa0/0.jpg?w=1200"
	j := get(t, h, url)
	w := get(t, h, url, "Accept", chromeAccept)
	je, we := j.Header().Get("ETag"), w.Header().Get("ETag")
	if je == "" || we == "" || je == we {
		t.Fatalf("ETags JPEG %q, WebP %q: want two different ones", je, we)
	}
	if w.Body.Len() >= j.Body.Len()*3/4 {
		t.Errorf("WebP %d bytes, JPEG %d: want at least a quarter fewer", w.Body.Len(), j.Body.Len())
	}
	if got := w.Header().Get("Cache-Control"); got != "public, max-age=31536000, immutable" {
		t.Errorf("WebP cache control %q", got)
	}
	// Each ETag revalidates only its own format.
	if got := get(t, h, url, "Accept", chromeAccept, "If-None-Match", we); got.Code != http.StatusNotModified || got.Header().Get("Vary") != "Accept" {
		t.Errorf("WebP revalidation: status %d, Vary %q", got.Code, got.Header().Get("Vary"))
	}
	if got := get(t, h, url, "If-None-Match", we); got.Code != http.StatusOK || got.Header().Get("Content-Type") != "image/jpeg" {
		t.Errorf("WebP ETag from a JPEG-only client: status %d %s, want 200 JPEG", got.Code, got.Header().Get("Content-Type"))
	}
	if got := get(t, h, url, "Accept", chromeAccept, "If-None-Match", je); got.Code != http.StatusOK || got.Header().Get("Content-Type") != "image/webp" {
		t.Errorf("JPEG ETag from a WebP client: status %d %s, want 200 WebP", got.Code, got.Header().Get("Content-Type"))
	}
}

// Icons stay PNG whatever the browser accepts, and do not vary.
func TestIconsStayPNG(t *testing.T) {
	t.Parallel()
	rec := get(t, New("", 1<<20), "/img/make/toyota.png", "Accept", chromeAccept)
	if ct := rec.Header().Get("Content-Type"); ct != "image/png" || rec.Header().Get("Vary") != "" {
		t.Errorf("icon: %s, Vary %q", ct, rec.Header().Get("Vary"))
	}
}

func TestWebPDiskCacheSurvivesRestart(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	url := "/img/banner/9/c0392b.jpg?w=800"
	h1 := New(dir, 64<<20)
	webpBody := get(t, h1, url, "Accept", chromeAccept).Body.Bytes()
	jpegBody := get(t, h1, url).Body.Bytes()
	files := cacheFiles(t, dir)
	exts := map[string]string{}
	for _, f := range files {
		b, _ := os.ReadFile(f)
		exts[filepath.Ext(f)] = string(b)
	}
	if len(files) != 2 || exts[".webp"] != string(webpBody) || exts[".jpg"] != string(jpegBody) {
		t.Fatalf("disk cache: %v, want one .webp and one .jpg holding the answers", files)
	}
	h2 := New(dir, 64<<20) // a new process: empty memory, same data directory
	if got := get(t, h2, url, "Accept", chromeAccept).Body.Bytes(); !bytes.Equal(got, webpBody) {
		t.Error("restarted handler served different WebP bytes")
	}
	if got := get(t, h2, url).Body.Bytes(); !bytes.Equal(got, jpegBody) {
		t.Error("restarted handler served different JPEG bytes")
	}
	if n := h2.draws.Load(); n != 0 {
		t.Errorf("restarted handler encoded %d times, want 0", n)
	}
}

// A half-written cache file is never served: a truncated or empty file
// left by a crash is not what the rename-into-place writer produces, and
// an empty one is redrawn.
func TestEmptyCacheFileIsRedrawn(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	url := "/img/location/5.jpg?w=300"
	want := get(t, New(dir, 0), url, "Accept", chromeAccept).Body.Bytes()
	files := cacheFiles(t, dir)
	if len(files) != 1 {
		t.Fatalf("files %v", files)
	}
	os.WriteFile(files[0], nil, 0o644)
	h := New(dir, 0)
	if got := get(t, h, url, "Accept", chromeAccept).Body.Bytes(); !bytes.Equal(got, want) || h.draws.Load() != 1 {
		t.Errorf("empty cache file: %d bytes after %d draws", len(got), h.draws.Load())
	}
}

func TestOddSizesAre404InEitherFormat(t *testing.T) {
	t.Parallel()
	h := New(t.TempDir(), 64<<20)
	for _, query := range []string{
		"w=0", "w=-5", "w=10", "w=5000", "w=99999999999999999999", "w=1e3", "w=12.5", "w=%00", "w=abc",
		"q=0", "q=-1", "q=101", "q=1000", "q=abc", "w=64&q=30", "w=1920&q=95",
	} {
		for _, accept := range []string{"", chromeAccept} {
			if rec := get(t, h, "/img/car/3/ute/445566/90.jpg?"+query, "Accept", accept); rec.Code != http.StatusNotFound {
				t.Errorf("%q, Accept %q: status %d, want 404", query, accept, rec.Code)
			}
		}
	}
	if n := h.draws.Load(); n != 0 {
		t.Errorf("odd sizes drew %d pictures", n)
	}
	if n := h.DiskBytes(); n != 0 {
		t.Errorf("odd sizes left %d bytes in the disk cache", n)
	}
	// A repeated w takes the first, like every other parameter.
	if rec := get(t, h, "/img/car/3/ute/445566/90.jpg?w=400&w=800"); rec.Code != http.StatusOK || decode(t, rec.Body.Bytes()).Bounds().Dx() != 400 {
		t.Errorf("w=400&w=800: status %d", rec.Code)
	}
}

func TestConcurrentWebPMissesEncodeOnce(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	h := New(dir, 64<<20)
	url := "/img/car/321/hatch/aa3311/30.jpg?w=900"
	const n = 8
	var wg sync.WaitGroup
	start := make(chan struct{})
	bodies := make([][]byte, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			bodies[i] = get(t, h, url, "Accept", chromeAccept).Body.Bytes()
		}()
	}
	close(start)
	wg.Wait()
	for i := range n {
		if !isWebP(bodies[i]) || !bytes.Equal(bodies[i], bodies[0]) {
			t.Fatalf("request %d: %d bytes, not the same WebP as the first", i, len(bodies[i]))
		}
	}
	if got := h.draws.Load(); got != 1 {
		t.Errorf("%d concurrent requests encoded %d times, want 1", n, got)
	}
	files := cacheFiles(t, dir)
	if len(files) != 1 || !strings.HasSuffix(files[0], ".webp") {
		t.Errorf("cache files %v, want one .webp and no temporary file", files)
	}
}

// The same picture at a card's and a full photo's width, JPEG and WebP:
// cold is draw + encode with no cache, warm is a memory hit, disk is a
// fresh process reading the data directory.
func BenchmarkImage(b *testing.B) {
	for _, size := range []struct {
		name string
		w    int
	}{{"card400", 400}, {"photo1200", 1200}} {
		url := fmt.Sprintf("/img/car/42/suv/1f4fa0/0.jpg?w=%d", size.w)
		for _, f := range []struct{ name, accept string }{{"jpeg", ""}, {"webp", chromeAccept}} {
			serve := func(b *testing.B, h *Handler) int {
				rec := get(b, h, url, "Accept", f.accept)
				if rec.Code != http.StatusOK {
					b.Fatal(rec.Code)
				}
				return rec.Body.Len()
			}
			b.Run(size.name+"/"+f.name+"/cold", func(b *testing.B) {
				h := New("", 0)
				serve(b, h) // the WebP encoder's one-off start-up is not a per-image cost
				n := 0
				for b.Loop() {
					n = serve(b, h)
				}
				b.ReportMetric(float64(n), "bytes/img")
			})
			b.Run(size.name+"/"+f.name+"/warm", func(b *testing.B) {
				h := New("", 64<<20)
				n := serve(b, h)
				for b.Loop() {
					serve(b, h)
				}
				b.ReportMetric(float64(n), "bytes/img")
			})
			b.Run(size.name+"/"+f.name+"/disk", func(b *testing.B) {
				dir := b.TempDir()
				n := serve(b, New(dir, 0))
				h := New(dir, 0)
				for b.Loop() {
					serve(b, h)
				}
				if h.draws.Load() != 0 {
					b.Fatal("disk hit drew")
				}
				b.ReportMetric(float64(n), "bytes/img")
			})
		}
	}
}

// Cold pictures wait their turn: no more are drawn and encoded at once
// than half the CPUs, however many distinct ones are asked for together.
func TestDrawingIsBoundedByCPUs(t *testing.T) {
	t.Parallel()
	h := New("", 64<<20)
	const n = 12
	var wg sync.WaitGroup
	codes := make([]int, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			codes[i] = get(t, h, fmt.Sprintf("/img/car/%d/suv/1f4fa0/0.jpg?w=300", 500+i), "Accept", chromeAccept).Code
		}()
	}
	wg.Wait()
	for i, c := range codes {
		if c != http.StatusOK {
			t.Fatalf("request %d: status %d", i, c)
		}
	}
	if got, limit := h.mostSeen.Load(), int64(max(1, runtime.GOMAXPROCS(0)/2)); got > limit || got < 1 || h.draws.Load() != n {
		t.Errorf("at most %d drawn at once with %d slots (%d drawn)", got, limit, h.draws.Load())
	}
}

// A picture that cannot get a drawing slot in time is refused with 503 and
// Retry-After, not queued without end; a kept one is still served.
func TestDrawingRefusesWhenEverySlotStaysTaken(t *testing.T) {
	t.Parallel()
	h := New("", 64<<20)
	h.drawWait = 50 * time.Millisecond
	const kept = "/img/car/7/suv/1f4fa0/0.jpg?w=300"
	if c := get(t, h, kept, "Accept", chromeAccept).Code; c != http.StatusOK {
		t.Fatalf("first drawing: %d", c)
	}
	for range cap(h.slots) {
		h.slots <- struct{}{}
	}
	began := time.Now()
	rec := get(t, h, "/img/car/8/suv/1f4fa0/0.jpg?w=300", "Accept", chromeAccept)
	if rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") == "" || time.Since(began) > time.Second {
		t.Errorf("with every slot taken: %d, Retry-After %q, after %v; want 503 with Retry-After at once", rec.Code, rec.Header().Get("Retry-After"), time.Since(began))
	}
	if c := get(t, h, kept, "Accept", chromeAccept).Code; c != http.StatusOK {
		t.Errorf("a kept picture with every slot taken: %d", c)
	}
	for range cap(h.slots) {
		<-h.slots
	}
	if c := get(t, h, "/img/car/8/suv/1f4fa0/0.jpg?w=300", "Accept", chromeAccept).Code; c != http.StatusOK {
		t.Errorf("once a slot is free: %d", c)
	}
}

// The encoder is the libwebp built into the binary: a system libwebp,
// which the library would otherwise load when one is installed, could
// encode different bytes on different machines (the Makefile builds with
// -tags nodynamic, which also keeps a CGO_ENABLED=0 build static).
func TestWebPEncoderIsTheBuiltInOne(t *testing.T) {
	t.Parallel()
	if webp.Dynamic() == nil {
		t.Error("WebP is encoded by a system libwebp; build with -tags nodynamic")
	}
}
