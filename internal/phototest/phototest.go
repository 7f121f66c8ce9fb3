// Package phototest makes dealers' photos for tests and benchmarks: JPEGs
// the size a camera gives, with the detail a photo has, and the metadata
// a phone adds, made here so nothing is fetched from outside.
package phototest

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/color"
	"image/jpeg"
)

// Camera is a w×h JPEG (quality 85) of gradients under blotches of
// noise a few pixels across: detail that a picture scaled down to a
// card's width still shows, as a photo's does, so its bytes are those of
// a photo and not of a flat test card. seed picks the noise.
func Camera(w, h int, seed uint32) []byte {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	const cell = 6
	cols := (w + cell - 1) / cell
	noise := make([]uint8, cols)
	for y := range h {
		if y%cell == 0 {
			for i := range noise {
				seed = seed*1664525 + 1013904223
				noise[i] = uint8(seed >> 26) // 0–63
			}
		}
		for x := range w {
			n := noise[x/cell]
			img.SetRGBA(x, y, color.RGBA{uint8(x*200/w) + n, uint8(y*180/h) + n/2, uint8((x+y)*120/(w+h)) + n, 255})
		}
	}
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, &jpeg.Options{Quality: 85}); err != nil {
		panic(err) // encoding to memory does not fail
	}
	return b.Bytes()
}

// Variant is jpg with one of its quantisation values changed: a valid
// photo with other pixels (its own content), made without encoding again,
// for as many distinct photos as a test needs from one Camera.
func Variant(jpg []byte, n int) []byte {
	out := bytes.Clone(jpg)
	for i := 2; i+4 < len(out); {
		m := out[i+1]
		l := int(out[i+2])<<8 | int(out[i+3])
		if m == 0xDB { // DQT: precision and table id, then 64 values
			v := i + 5 + n%64
			out[v] = byte(1 + (int(out[v])+1+n/64)%254)
			return out
		}
		i += 2 + l
	}
	return out
}

// WithExif is jpg with an APP1 Exif segment giving orientation (1–8) and
// a GPS position, as a phone writes them.
func WithExif(jpg []byte, orientation int) []byte {
	le := binary.LittleEndian
	tiff := []byte("II*\x00")
	tiff = le.AppendUint32(tiff, 8)
	// IFD0: orientation, and the GPS IFD's offset.
	tiff = le.AppendUint16(tiff, 2)
	tiff = appendEntry(tiff, 0x0112, 3, 1, uint32(orientation))
	gpsAt := uint32(8 + 2 + 2*12 + 4)
	tiff = appendEntry(tiff, 0x8825, 4, 1, gpsAt)
	tiff = le.AppendUint32(tiff, 0)
	// GPS IFD: latitude reference and the datum.
	tiff = le.AppendUint16(tiff, 2)
	tiff = appendEntry(tiff, 0x0001, 2, 2, uint32('S'))
	datumAt := gpsAt + 2 + 2*12 + 4
	tiff = appendEntry(tiff, 0x0012, 2, 7, datumAt)
	tiff = le.AppendUint32(tiff, 0)
	tiff = append(tiff, "WGS-84\x00"...)
	payload := append([]byte("Exif\x00\x00"), tiff...)
	seg := []byte{0xFF, 0xE1, byte((len(payload) + 2) >> 8), byte(len(payload) + 2)}
	seg = append(seg, payload...)
	out := append([]byte{0xFF, 0xD8}, seg...)
	return append(out, jpg[2:]...)
}

func appendEntry(b []byte, tag, typ uint16, count, value uint32) []byte {
	le := binary.LittleEndian
	b = le.AppendUint16(b, tag)
	b = le.AppendUint16(b, typ)
	b = le.AppendUint32(b, count)
	return le.AppendUint32(b, value)
}

// Huge is the start of a JPEG whose frame says w×h (for a photo of more
// pixels than are allowed): read from its header, refused before any
// pixel is decoded, so it needs no pixels at all.
func Huge(w, h int) []byte {
	b := []byte{0xFF, 0xD8}
	// JFIF (the colours are YCbCr: a reader needs to look no further),
	// a quantisation table, then a baseline frame of three components.
	b = append(b, 0xFF, 0xE0, 0x00, 0x10, 'J', 'F', 'I', 'F', 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00)
	b = append(b, 0xFF, 0xDB, 0x00, 0x43, 0x00)
	for range 64 {
		b = append(b, 1)
	}
	b = append(b, 0xFF, 0xC0, 0x00, 0x11, 0x08, byte(h>>8), byte(h), byte(w>>8), byte(w), 0x03,
		0x01, 0x22, 0x00, 0x02, 0x11, 0x00, 0x03, 0x11, 0x00)
	return append(b, 0xFF, 0xD9)
}
