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
	dst := image.NewRGBA(image.Rect(0, 0, w, hgt))
	draw.CatmullRom.Scale(dst, dst.Bounds(), src, b, draw.Src, nil)
	return dst, nil
}
