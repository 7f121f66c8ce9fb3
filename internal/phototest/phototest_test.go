package phototest

import (
	"bytes"
	"image"
	"image/jpeg"
	"testing"
)

// TestPhotos: a camera photo decodes at its size; each variant decodes
// and differs; the Exif segment carries its orientation and GPS; the huge
// one's header gives its size.
func TestPhotos(t *testing.T) {
	jpg := Camera(300, 200, 1)
	cfg, err := jpeg.DecodeConfig(bytes.NewReader(jpg))
	if err != nil || cfg.Width != 300 || cfg.Height != 200 {
		t.Fatalf("camera photo %dx%d, %v", cfg.Width, cfg.Height, err)
	}
	a, b := Variant(jpg, 0), Variant(jpg, 1)
	if bytes.Equal(a, b) || bytes.Equal(a, jpg) {
		t.Error("variants are the same photo")
	}
	for _, v := range [][]byte{a, b} {
		if _, err := jpeg.Decode(bytes.NewReader(v)); err != nil {
			t.Errorf("variant: %v", err)
		}
	}
	ex := WithExif(jpg, 6)
	if !bytes.Contains(ex, []byte("WGS-84")) || !bytes.Contains(ex, []byte("Exif\x00\x00II*\x00")) {
		t.Error("no Exif with GPS")
	}
	if _, err := jpeg.Decode(bytes.NewReader(ex)); err != nil {
		t.Errorf("with Exif: %v", err)
	}
	cfg, _, err = image.DecodeConfig(bytes.NewReader(Huge(10000, 6000)))
	if err != nil || cfg.Width != 10000 || cfg.Height != 6000 {
		t.Errorf("huge: %dx%d, %v", cfg.Width, cfg.Height, err)
	}
}
