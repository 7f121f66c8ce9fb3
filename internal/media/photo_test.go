package media

import (
	"context"
	"fmt"
	"image"
	"image/color"
	"net/http"
	"testing"

	"forecourt/internal/phototest"
)

// BenchmarkPhotoWidths draws a dealer's 3000×2000 photo at the widths the
// pages ask for, as WebP, with no cache: what the first buyer to see a
// new car's photo waits for.
func BenchmarkPhotoWidths(b *testing.B) {
	orig := phototest.Camera(3000, 2000, 7)
	key := fmt.Sprintf("%064x", 1)
	for _, w := range []int{400, 800, 1200} {
		b.Run(fmt.Sprint(w), func(b *testing.B) {
			h := New("", 0)
			h.Originals = func(context.Context, string) ([]byte, error) { return orig, nil }
			url := fmt.Sprintf("%s?w=%d", PhotoPath(key), w)
			n := 0
			for b.Loop() {
				rec := get(b, h, url, "Accept", chromeAccept)
				if rec.Code != http.StatusOK {
					b.Fatal(rec.Code)
				}
				n = rec.Body.Len()
			}
			b.ReportMetric(float64(n), "bytes/img")
		})
	}
}

// TestHalveAveragesBlocks: each pixel of a halved picture is its 2×2
// block's mean, rounded; an odd last column is left out.
func TestHalveAveragesBlocks(t *testing.T) {
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
