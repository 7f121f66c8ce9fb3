package media

import (
	"bytes"
	"image"
	_ "image/jpeg"
	_ "image/png"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"
)

func get(t testing.TB, h http.Handler, url string, hdr ...string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(http.MethodGet, url, nil)
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func decode(t *testing.T, b []byte) image.Image {
	t.Helper()
	img, _, err := image.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("decode: %v", err)
	}
	return img
}

// Every kind of the image URL scheme (shared contract) answers with an
// image of the requested width and the kind's aspect ratio.
func TestKindsServeDecodableImagesAtRequestedWidth(t *testing.T) {
	t.Parallel()
	h := New(t.TempDir(), 64<<20)
	cases := []struct {
		url, ctype string
		w, hgt     int
	}{
		{"/img/car/42/suv/1f4fa0/0.jpg?w=300", "image/jpeg", 300, 200},
		{"/img/car/42/suv/1f4fa0/0.jpg", "image/jpeg", 600, 400},
		{"/img/interior/7/8a6a4a.jpg?w=240", "image/jpeg", 240, 160},
		{"/img/location/3.jpg?w=200", "image/jpeg", 200, 133},
		{"/img/map/3.jpg?w=600", "image/jpeg", 600, 400}, // the locations page map
		{"/img/banner/9/c0392b.jpg?w=800", "image/jpeg", 800, 300},
		{"/img/banner/9/c0392b.jpg", "image/jpeg", 1600, 600},
		{"/img/banner/9/c0392b/caravan.jpg?w=800", "image/jpeg", 800, 300},
		{"/img/make/toyota.png", "image/png", 160, 160},
		{"/img/make/some-unknown-make.png?w=320", "image/png", 320, 320},
		{"/img/body/ute.png", "image/png", 160, 100},
	}
	for _, c := range cases {
		t.Run(c.url, func(t *testing.T) {
			rec := get(t, h, c.url)
			if rec.Code != http.StatusOK {
				t.Fatalf("status %d: %s", rec.Code, rec.Body)
			}
			if got := rec.Header().Get("Content-Type"); got != c.ctype {
				t.Errorf("content type %q, want %q", got, c.ctype)
			}
			if got := rec.Header().Get("Cache-Control"); got != "public, max-age=31536000, immutable" {
				t.Errorf("cache control %q", got)
			}
			b := decode(t, rec.Body.Bytes()).Bounds()
			if b.Dx() != c.w || b.Dy() != c.hgt {
				t.Errorf("size %dx%d, want %dx%d", b.Dx(), b.Dy(), c.w, c.hgt)
			}
		})
	}
}

func TestSameURLGivesIdenticalBytes(t *testing.T) {
	t.Parallel()
	url := "/img/car/5/coupe/ffcc00/120.jpg?w=320"
	a := get(t, New("", 0), url).Body.Bytes()
	b := get(t, New("", 0), url).Body.Bytes()
	if len(a) == 0 || !bytes.Equal(a, b) {
		t.Fatal("two fresh handlers drew different bytes for the same URL")
	}
}

func TestRecipeInputsChangeThePicture(t *testing.T) {
	t.Parallel()
	h := New("", 64<<20)
	base := "/img/car/5/sedan/c0392b/0.jpg?w=300"
	variants := map[string]string{
		"seed":   "/img/car/6/sedan/c0392b/0.jpg?w=300",
		"colour": "/img/car/5/sedan/1f4fa0/0.jpg?w=300",
		"angle":  "/img/car/5/sedan/c0392b/10.jpg?w=300",
		"body":   "/img/car/5/ute/c0392b/0.jpg?w=300",
	}
	want := get(t, h, base).Body.Bytes()
	for name, url := range variants {
		if bytes.Equal(want, get(t, h, url).Body.Bytes()) {
			t.Errorf("changing the %s did not change the picture", name)
		}
	}
	// Each body type is drawn differently.
	seen := map[string]string{}
	for _, b := range bodyNames {
		got := string(get(t, h, "/img/car/5/"+b+"/c0392b/0.jpg?w=200").Body.Bytes())
		if other, dup := seen[got]; dup {
			t.Errorf("%s looks exactly like %s", b, other)
		}
		seen[got] = b
	}
}

// A banner that names its body draws that body (a caravan dealer's hero
// shows a caravan), and the same one whatever the seed would have picked.
func TestBannerDrawsTheBodyItNames(t *testing.T) {
	t.Parallel()
	h := New("", 64<<20)
	q, ok := parse("/img/banner/2/b45309/caravan.jpg", func(string) string { return "" })
	if !ok || q.body != "caravan" {
		t.Fatalf("parse: ok %v, body %q; want the caravan", ok, q.body)
	}
	plain := get(t, h, "/img/banner/2/b45309.jpg?w=800").Body.Bytes()
	named := get(t, h, "/img/banner/2/b45309/caravan.jpg?w=800").Body.Bytes()
	if bytes.Equal(plain, named) {
		t.Error("naming the caravan did not change the banner")
	}
	for _, b := range bodyNames {
		url := "/img/banner/2/b45309/" + b + ".jpg?w=800"
		if got := get(t, h, url).Body.Bytes(); bytes.Equal(got, named) != (b == "caravan") {
			t.Errorf("%s: drawn like the caravan banner: %v", url, bytes.Equal(got, named))
		}
	}
}

// The paint colour must be the real colour of the car: the most common
// colour around the centre of a front three-quarter photo is close to it.
func TestCarIsPaintedInRequestedColour(t *testing.T) {
	t.Parallel()
	h := New("", 64<<20)
	for _, hexc := range []string{"c0392b", "1f4fa0", "2e8b57", "f2f2f2"} {
		for _, body := range []string{"sedan", "suv", "hatch"} {
			img := decode(t, get(t, h, "/img/car/11/"+body+"/"+hexc+"/0.jpg?w=600&q=80").Body.Bytes())
			want := hexRGB(hexc)
			got := dominantNearCentre(img)
			d := math.Max(math.Abs(got.R-want.R), math.Max(math.Abs(got.G-want.G), math.Abs(got.B-want.B)))
			if d > 0.16 {
				t.Errorf("%s %s: dominant centre colour %v, want about %v", body, hexc, got, want)
			}
		}
	}
}

func dominantNearCentre(img image.Image) rgb {
	b := img.Bounds()
	counts := map[[3]int]int{}
	sums := map[[3]int]rgb{}
	for y := b.Min.Y + b.Dy()*2/5; y < b.Min.Y+b.Dy()*3/5; y++ {
		for x := b.Min.X + b.Dx()*2/5; x < b.Min.X+b.Dx()*3/5; x++ {
			r, g, bb, _ := img.At(x, y).RGBA()
			k := [3]int{int(r >> 13), int(g >> 13), int(bb >> 13)}
			counts[k]++
			s := sums[k]
			sums[k] = rgb{s.R + float64(r)/0xffff, s.G + float64(g)/0xffff, s.B + float64(bb)/0xffff}
		}
	}
	var best [3]int
	for k, n := range counts {
		if n > counts[best] {
			best = k
		}
	}
	return sums[best].scale(1 / float64(counts[best]))
}

func TestConditionalRequestAnswers304(t *testing.T) {
	t.Parallel()
	h := New("", 64<<20)
	url := "/img/location/8.jpg?w=400"
	first := get(t, h, url)
	etag := first.Header().Get("ETag")
	if len(etag) < 10 || etag[0] != '"' {
		t.Fatalf("strong ETag missing: %q", etag)
	}
	if got := get(t, h, url, "If-None-Match", etag); got.Code != http.StatusNotModified || got.Body.Len() != 0 {
		t.Errorf("matching If-None-Match: status %d, %d body bytes", got.Code, got.Body.Len())
	}
	if got := get(t, h, url, "If-None-Match", `"other"`); got.Code != http.StatusOK {
		t.Errorf("non-matching If-None-Match: status %d", got.Code)
	}
	if other := get(t, h, "/img/location/8.jpg?w=600").Header().Get("ETag"); other == etag {
		t.Error("different widths share an ETag")
	}
}

func TestBadPathsAre404(t *testing.T) {
	t.Parallel()
	h := New("", 1<<20)
	for _, url := range []string{
		"/img/car/abc/sedan/c0392b/0.jpg",                  // non-numeric seed
		"/img/car/-1/sedan/c0392b/0.jpg",                   // negative seed
		"/img/car/1/sedan/c0392g/0.jpg",                    // bad hex
		"/img/car/1/sedan/c0392/0.jpg",                     // short hex
		"/img/car/1/sedan/c0392b/360.jpg",                  // angle out of range
		"/img/car/1/sedan/c0392b/-10.jpg",                  // negative angle
		"/img/car/1/sedan/c0392b/x.jpg",                    // angle not a number
		"/img/car/1/sedan/c0392b/0.png",                    // wrong extension
		"/img/car/1/sedan/c0392b/0",                        // no extension
		"/img/car/1/sedan/c0392b.jpg",                      // too few segments
		"/img/car/1/sedan/c0392b/0/1.jpg",                  // too many segments
		"/img/interior/1.jpg",                              // missing colour
		"/img/location/x.jpg",                              // bad seed
		"/img/banner/1/zzzzzz.jpg",                         // bad colour
		"/img/banner/1/c0392b/spaceship.jpg",               // unknown banner body
		"/img/banner/1/c0392b/caravan/x.jpg",               // too many segments
		"/img/make/Toy%20ota.png",                          // not a slug
		"/img/make/toyota.jpg",                             // wrong extension
		"/img/body/ute.jpg",                                // wrong extension
		"/img/unknown/1.jpg",                               // unknown kind
		"/img/",                                            // nothing
		"/other/car/1/sedan/c0392b/0.jpg",                  // outside the mount
		"/img/car/99999999999999999999/sedan/c0392b/0.jpg", // seed overflow
	} {
		rec := get(t, h, url)
		if rec.Code != http.StatusNotFound {
			t.Errorf("%s: status %d, want 404", url, rec.Code)
		}
		if ct := rec.Header().Get("Content-Type"); ct != "text/plain; charset=utf-8" {
			t.Errorf("%s: content type %q", url, ct)
		}
	}
}

// Unknown body types fall back to sedan (shared URL scheme).
func TestUnknownBodyDrawsSedan(t *testing.T) {
	t.Parallel()
	h := New("", 1<<20)
	a := get(t, h, "/img/car/3/spaceship/c0392b/0.jpg?w=200").Body.Bytes()
	b := get(t, h, "/img/car/3/sedan/c0392b/0.jpg?w=200").Body.Bytes()
	if !bytes.Equal(a, b) {
		t.Error("unknown body did not fall back to sedan")
	}
}

// Only the widths and qualities the pages use are drawn; any other is a
// 404 that draws nothing, so the count of pictures one URL scheme can make
// stays small.
func TestOnlyThePagesSizesAreDrawn(t *testing.T) {
	t.Parallel()
	h := New("", 64<<20)
	for _, w := range Widths {
		rec := get(t, h, "/img/interior/1/222222.jpg?w="+itoa(w))
		if rec.Code != http.StatusOK {
			t.Fatalf("w=%d: status %d", w, rec.Code)
		}
		if got := decode(t, rec.Body.Bytes()).Bounds().Dx(); got != w {
			t.Errorf("w=%d: width %d", w, got)
		}
	}
	for _, query := range []string{"", "w=", "q=", "q=75", "q=80", "w=600&q=80"} {
		if rec := get(t, h, "/img/interior/1/222222.jpg?"+query); rec.Code != http.StatusOK {
			t.Errorf("%q: status %d, want 200", query, rec.Code)
		}
	}
	drawn := h.draws.Load()
	for _, query := range []string{
		"w=10", "w=601", "w=5000", "w=abc", "w=0", "w=-600", "w=600.0", "w=1e3", "w=99999999999999999999",
		"q=1", "q=30", "q=95", "q=x", "w=600&q=76",
	} {
		if rec := get(t, h, "/img/interior/1/222222.jpg?"+query); rec.Code != http.StatusNotFound {
			t.Errorf("%q: status %d, want 404", query, rec.Code)
		}
	}
	if n := h.draws.Load(); n != drawn {
		t.Errorf("unused sizes drew %d pictures", n-drawn)
	}
	// Each default width is one the pages use.
	for kind, w := range defaultWidth {
		if !AllowedWidth(w) {
			t.Errorf("%s: default width %d is not in Widths", kind, w)
		}
	}
	if !slices.IsSorted(Widths) {
		t.Error("Widths must be sorted (AllowedWidth searches it)")
	}
}

func TestDiskCacheSurvivesRestart(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	url := "/img/car/77/van/336699/40.jpg?w=160"
	h1 := New(dir, 64<<20)
	first := get(t, h1, url).Body.Bytes()
	var files []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			files = append(files, p)
		}
		return nil
	})
	if len(files) != 1 || filepath.Ext(files[0]) != ".jpg" {
		t.Fatalf("disk cache files: %v", files)
	}
	onDisk, _ := os.ReadFile(files[0])
	if !bytes.Equal(onDisk, first) {
		t.Fatal("disk cache holds different bytes from the response")
	}
	h2 := New(dir, 64<<20) // a fresh process: empty memory
	second := get(t, h2, url).Body.Bytes()
	if !bytes.Equal(first, second) {
		t.Error("restarted handler served different bytes")
	}
	if n := h2.draws.Load(); n != 0 {
		t.Errorf("restarted handler drew %d times, want 0 (disk hit)", n)
	}
}

func TestMemoryCacheAvoidsRedraw(t *testing.T) {
	t.Parallel()
	h := New("", 64<<20)
	for range 3 {
		get(t, h, "/img/body/van.png")
	}
	if n := h.draws.Load(); n != 1 {
		t.Errorf("drew %d times, want 1", n)
	}
}

func TestConcurrentMissesDrawOnce(t *testing.T) {
	t.Parallel()
	h := New(t.TempDir(), 64<<20)
	url := "/img/car/123/wagon/884422/250.jpg?w=400"
	var wg sync.WaitGroup
	bodies := make([][]byte, 50)
	codes := make([]int, 50)
	for i := range 50 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rec := get(t, h, url)
			codes[i], bodies[i] = rec.Code, rec.Body.Bytes()
		}()
	}
	wg.Wait()
	for i := range 50 {
		if codes[i] != http.StatusOK || !bytes.Equal(bodies[i], bodies[0]) {
			t.Fatalf("request %d: status %d, %d bytes", i, codes[i], len(bodies[i]))
		}
	}
	if n := h.draws.Load(); n != 1 {
		t.Errorf("drew %d times for one URL, want 1", n)
	}
}

func TestLRUEvictsByBytes(t *testing.T) {
	t.Parallel()
	c := newLRU(100)
	c.put("a", make([]byte, 40))
	c.put("b", make([]byte, 40))
	c.get("a") // a is now the most recent
	c.put("c", make([]byte, 40))
	if _, ok := c.get("b"); ok {
		t.Error("least recently used entry was kept")
	}
	if _, ok := c.get("a"); !ok {
		t.Error("recently used entry was evicted")
	}
	c.put("huge", make([]byte, 101))
	if _, ok := c.get("huge"); ok || c.len() != 2 {
		t.Errorf("entry over budget was cached (len %d)", c.len())
	}
}

func TestEveryAngleAndBodyDraws(t *testing.T) {
	t.Parallel()
	h := New("", 0)
	for _, b := range bodyNames {
		for a := 0; a < 360; a += 30 {
			url := "/img/car/9/" + b + "/445566/" + itoa(a) + ".jpg?w=128"
			if rec := get(t, h, url); rec.Code != http.StatusOK {
				t.Fatalf("%s: %d", url, rec.Code)
			}
		}
	}
}

func itoa(i int) string { return string(appendInt(nil, i)) }

func appendInt(b []byte, i int) []byte {
	if i >= 10 {
		b = appendInt(b, i/10)
	}
	return append(b, byte('0'+i%10))
}

func BenchmarkCarImage600(b *testing.B) {
	h := New("", 0) // no caching: measure draw + encode
	for i := 0; b.Loop(); i++ {
		rec := get(b, h, "/img/car/"+itoa(i)+"/suv/1f4fa0/"+itoa(i%36*10)+".jpg")
		if rec.Code != http.StatusOK {
			b.Fatal(rec.Code)
		}
	}
}

func BenchmarkCachedHit(b *testing.B) {
	h := New("", 64<<20)
	url := "/img/car/1/suv/1f4fa0/0.jpg"
	get(b, h, url)
	for b.Loop() {
		if rec := get(b, h, url); rec.Code != http.StatusOK {
			b.Fatal(rec.Code)
		}
	}
}

// JPEG draws what a GET of the same address answers, and nothing for an
// address that names no picture or a PNG.
func TestJPEGIsWhatAGetAnswers(t *testing.T) {
	t.Parallel()
	h := New(t.TempDir(), 1<<20)
	const path = "/img/car/42/suv/1f4fa0/0.jpg"
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", path+"?w=600&q=75", nil))
	if rec.Code != 200 {
		t.Fatalf("GET %s: %d", path, rec.Code)
	}
	b, ok := h.JPEG(path+"?ignored=1", 600, 75)
	if !ok || !bytes.Equal(b, rec.Body.Bytes()) {
		t.Errorf("JPEG(%s) = %d bytes, %v; GET answered %d bytes", path, len(b), ok, rec.Body.Len())
	}
	for _, bad := range []string{"/img/nothing", "/elsewhere/a.jpg"} {
		if _, ok := h.JPEG(bad, 600, 75); ok {
			t.Errorf("JPEG(%s) drew a picture", bad)
		}
	}
}
