package media

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	_ "image/jpeg" // the originals are JPEG or PNG (internal/photos)
	_ "image/png"
	"time"

	"golang.org/x/image/draw"
)

// A dealer's photo, once fetched and stored by internal/photos, is served
// as /img/photo/{key}.jpg: key is the original's content hash, so the
// address, and every width drawn from it, never changes.

// Originals gives a stored photo's original bytes by key; ErrNoPhoto (or
// an error wrapping it) when there is none.
type Originals func(ctx context.Context, key string) ([]byte, error)

// ErrNoPhoto is a photo key with no stored original.
var ErrNoPhoto = errors.New("media: no such photo")

// originalWait bounds the read of an original (a bucket on another host).
const originalWait = 10 * time.Second

// PhotoPath is the /img/ address of a stored photo.
func PhotoPath(key string) string { return "/img/photo/" + key + ".jpg" }

// LocationPath is the /img/ address of the picture drawn for a location
// that has no photo of its own.
func LocationPath(id int64) string { return fmt.Sprintf("/img/location/%d.jpg", id) }

func validPhotoKey(s string) bool {
	if len(s) != 64 {
		return false
	}
	for _, c := range s {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return true
}

// drawPhoto is the stored original scaled to q.width (never enlarged),
// keeping its proportions.
func (h *Handler) drawPhoto(q request) (image.Image, error) {
	if h.Originals == nil {
		return nil, ErrNoPhoto
	}
	ctx, cancel := context.WithTimeout(context.Background(), originalWait)
	defer cancel()
	data, err := h.Originals(ctx, q.slug)
	if err != nil {
		return nil, err
	}
	src, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("decode photo %s: %w", q.slug, err)
	}
	b := src.Bounds()
	w := min(q.width, b.Dx())
	hgt := max(1, b.Dy()*w/max(1, b.Dx()))
	if w == b.Dx() {
		return src, nil
	}
	src = halveTo(src, w)
	dst := image.NewRGBA(image.Rect(0, 0, w, hgt))
	draw.CatmullRom.Scale(dst, dst.Bounds(), src, src.Bounds(), draw.Src, nil)
	return dst, nil
}

// halveTo halves src, averaging each 2×2 block, while it stays at least
// twice w wide: the Catmull-Rom filter then scales at most 2:1, where its
// cost is small, instead of reading a 3000-pixel photo's every pixel for
// every one of a 400-pixel card's. Averaging first is also what a good
// downscale does: no detail is dropped between samples.
func halveTo(src image.Image, w int) image.Image {
	b := src.Bounds()
	if b.Dx() < 2*w {
		return src
	}
	rgba, ok := src.(*image.RGBA)
	if !ok {
		rgba = image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
		draw.Draw(rgba, rgba.Bounds(), src, b.Min, draw.Src)
	}
	for rgba.Bounds().Dx() >= 2*w && rgba.Bounds().Dy() >= 4 {
		rgba = halve(rgba)
	}
	return rgba
}

// halve is src at half its width and height, each pixel the mean of a
// 2×2 block (an odd last row or column is left out).
func halve(src *image.RGBA) *image.RGBA {
	sb := src.Bounds()
	dw, dh := sb.Dx()/2, sb.Dy()/2
	dst := image.NewRGBA(image.Rect(0, 0, dw, dh))
	for y := range dh {
		r0 := src.Pix[(2*y)*src.Stride:]
		r1 := src.Pix[(2*y+1)*src.Stride:]
		d := dst.Pix[y*dst.Stride:]
		for x := range dw {
			i, o := 8*x, 4*x
			for c := range 4 {
				d[o+c] = uint8((uint16(r0[i+c]) + uint16(r0[i+4+c]) + uint16(r1[i+c]) + uint16(r1[i+4+c]) + 2) / 4)
			}
		}
	}
	return dst
}
