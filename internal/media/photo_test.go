package media

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"net/http"
	"strings"
	"testing"

	"github.com/gen2brain/avif"

	"forecourt/internal/phototest"
)

// BenchmarkPhotoWidths draws a dealer's 3000×2000 photo at the widths the
// pages ask for, with no cache: what the first buyer to see a new car's
// photo waits for. webp is a browser that takes WebP; best one that also
// takes AVIF, which gets the smaller of the two.
func BenchmarkPhotoWidths(b *testing.B) {
	orig := phototest.Camera(3000, 2000, 7)
	key := fmt.Sprintf("%064x", 1)
	for _, w := range []int{400, 800, 1200} {
		for _, f := range []struct{ name, accept string }{{"webp", "image/webp,*/*"}, {"best", chromeAccept}} {
			b.Run(fmt.Sprintf("%d/%s", w, f.name), func(b *testing.B) {
				h := New("", 0)
				h.Originals = func(context.Context, string) ([]byte, error) { return orig, nil }
				url := fmt.Sprintf("%s?w=%d", PhotoPath(key), w)
				n := 0
				for b.Loop() {
					rec := get(b, h, url, "Accept", f.accept)
					if rec.Code != http.StatusOK {
						b.Fatal(rec.Code)
					}
					n = rec.Body.Len()
				}
				b.ReportMetric(float64(n), "bytes/img")
			})
		}
	}
}

// TestHalveAveragesBlocks: each pixel of a halved picture is its 2×2
// block's mean, rounded; an odd last column is left out.
func TestHalveAveragesBlocks(t *testing.T) {
	t.Parallel()
	src := image.NewRGBA(image.Rect(0, 0, 5, 2))
	vals := []uint8{0, 10, 20, 30, 99, 1, 2, 3, 4, 99}
	for i, v := range vals {
		src.SetRGBA(i%5, i/5, color.RGBA{v, 255 - v, v / 2, 255})
	}
	got := halve(src)
	if b := got.Bounds(); b.Dx() != 2 || b.Dy() != 1 {
		t.Fatalf("halved to %v", b)
	}
	// (0+10+1+2)/4 = 3.25 → 3; (20+30+3+4)/4 = 14.25 → 14.
	for x, want := range []uint8{3, 14} {
		if c := got.RGBAAt(x, 0); c.R != want || c.A != 255 {
			t.Errorf("pixel %d = %v, want red %d", x, c, want)
		}
	}
	// A photo four times a width is halved once per doubling, down to
	// less than twice the width; a small one is left as it is.
	big := image.NewRGBA(image.Rect(0, 0, 1600, 1000))
	if b := halveTo(big, 400).Bounds(); b.Dx() >= 800 || b.Dx() < 400 {
		t.Errorf("1600 wide for 400 halved to %d, want 400 to 799", b.Dx())
	}
	if got := halveTo(big, 900); got != image.Image(big) {
		t.Error("a picture less than twice the width was halved")
	}
}

// TestPhotoAsAVIFWhereSmaller: a dealer's photo for a browser that takes
// AVIF comes in whichever of AVIF and WebP is smaller, typed by its bytes,
// with its own ETag; one that takes only WebP gets WebP; the site's drawn
// pictures stay WebP whatever the browser takes.
func TestPhotoAsAVIFWhereSmaller(t *testing.T) {
	t.Parallel()
	// A sky and a bonnet: smooth gradients, as much of a car photo is.
	img := image.NewRGBA(image.Rect(0, 0, 1200, 800))
	for y := range 800 {
		for x := range 1200 {
			img.SetRGBA(x, y, color.RGBA{uint8(40 + x/8), uint8(90 + y/6), uint8(200 - (x+y)/12), 255})
		}
	}
	var enc bytes.Buffer
	if err := jpeg.Encode(&enc, img, &jpeg.Options{Quality: 90}); err != nil {
		t.Fatal(err)
	}
	smooth := enc.Bytes()
	h := New("", 32<<20)
	h.Originals = func(context.Context, string) ([]byte, error) { return smooth, nil }
	url := PhotoPath(fmt.Sprintf("%064x", 2)) + "?w=400"
	best := get(t, h, url, "Accept", chromeAccept)
	webpOnly := get(t, h, url, "Accept", "image/webp,*/*")
	if best.Code != 200 || webpOnly.Code != 200 {
		t.Fatalf("answers %d, %d", best.Code, webpOnly.Code)
	}
	if ct := webpOnly.Header().Get("Content-Type"); ct != "image/webp" {
		t.Errorf("WebP-only browser got %s", ct)
	}
	ct := best.Header().Get("Content-Type")
	switch ct {
	case "image/avif":
		if _, err := avif.DecodeConfig(bytes.NewReader(best.Body.Bytes())); err != nil {
			t.Errorf("the AVIF answer does not decode: %v", err)
		}
	case "image/webp":
		if !bytes.Equal(best.Body.Bytes(), webpOnly.Body.Bytes()) {
			t.Error("the WebP answer to an AVIF browser differs from the WebP one")
		}
	default:
		t.Fatalf("AVIF browser got %s", ct)
	}
	if best.Body.Len() > webpOnly.Body.Len() {
		t.Errorf("the answer to an AVIF browser (%s, %d bytes) is larger than the WebP (%d)", ct, best.Body.Len(), webpOnly.Body.Len())
	}
	if best.Header().Get("ETag") == webpOnly.Header().Get("ETag") || !strings.Contains(best.Header().Get("Vary"), "Accept") {
		t.Errorf("ETags %s and %s, Vary %q", best.Header().Get("ETag"), webpOnly.Header().Get("ETag"), best.Header().Get("Vary"))
	}
	// A photo this smooth is smaller as AVIF: the choice is made, not
	// always WebP.
	if ct != "image/avif" {
		t.Errorf("a smooth photo came as %s (%d bytes against WebP's %d)", ct, best.Body.Len(), webpOnly.Body.Len())
	}
	if ct := get(t, h, "/img/car/42/suv/1f4fa0/0.jpg?w=400", "Accept", chromeAccept).Header().Get("Content-Type"); ct != "image/webp" {
		t.Errorf("a drawn picture came as %s", ct)
	}
}
