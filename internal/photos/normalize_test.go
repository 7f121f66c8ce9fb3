package photos

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/gen2brain/webp"
)

// The corner colours of normTestPicture, and its ground.
var (
	normRed    = color.RGBA{255, 0, 0, 255}
	normGreen  = color.RGBA{0, 255, 0, 255}
	normBlue   = color.RGBA{0, 0, 255, 255}
	normWhite  = color.RGBA{255, 255, 255, 255}
	normGround = color.RGBA{128, 128, 128, 255}
)

// normTestPicture is a w × h picture (multiples of 16) with a 16-pixel
// square in each corner: red top left, green top right, blue bottom left,
// white bottom right, on grey.
func normTestPicture(w, h int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			c := normGround
			switch {
			case x < 16 && y < 16:
				c = normRed
			case x >= w-16 && y < 16:
				c = normGreen
			case x < 16 && y >= h-16:
				c = normBlue
			case x >= w-16 && y >= h-16:
				c = normWhite
			}
			img.SetRGBA(x, y, c)
		}
	}
	return img
}

// normCorners names the colours nearest the middle of the 16-pixel corner
// squares of img: top left, top right, bottom left, bottom right.
func normCorners(img image.Image) [4]string {
	b := img.Bounds()
	at := func(x, y int) string {
		r, g, bl, _ := img.At(x, y).RGBA()
		best, dist := "", uint32(1<<32-1)
		for name, c := range map[string]color.RGBA{"red": normRed, "green": normGreen, "blue": normBlue, "white": normWhite, "grey": normGround} {
			d := func(a uint32, b uint8) uint32 {
				v, w := int(a>>8), int(b)
				return uint32((v - w) * (v - w))
			}
			if s := d(r, c.R) + d(g, c.G) + d(bl, c.B); s < dist {
				best, dist = name, s
			}
		}
		return best
	}
	return [4]string{
		at(b.Min.X+8, b.Min.Y+8), at(b.Max.X-9, b.Min.Y+8),
		at(b.Min.X+8, b.Max.Y-9), at(b.Max.X-9, b.Max.Y-9),
	}
}

func normEncodeJPEG(t testing.TB, img image.Image) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 95}); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func normEncodePNG(t testing.TB, img image.Image) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// normTIFF is an EXIF block (a TIFF header and IFD0) with a camera make,
// the orientation (none when 0) and, with gps, a GPS IFD giving a position
// and its datum.
func normTIFF(bo binary.ByteOrder, orientation int, gps bool) []byte {
	type entry struct {
		tag, typ uint16
		count    uint32
		data     []byte // put in the entry when 4 bytes or fewer
	}
	short := func(v uint16) []byte { b := make([]byte, 2); bo.PutUint16(b, v); return b }
	long := func(v uint32) []byte { b := make([]byte, 4); bo.PutUint32(b, v); return b }
	var ifd0 []entry
	ifd0 = append(ifd0, entry{0x010F, 2, 6, []byte("CamCo\x00")})
	if orientation != 0 {
		ifd0 = append(ifd0, entry{0x0112, 3, 1, short(uint16(orientation))})
	}
	var gpsIFD []entry
	if gps {
		ifd0 = append(ifd0, entry{0x8825, 4, 1, nil}) // its offset is filled in below
		var lat []byte
		for _, v := range []uint32{51, 1, 30, 1, 1234, 100} {
			lat = append(lat, long(v)...)
		}
		gpsIFD = []entry{
			{0x0001, 2, 2, []byte("N\x00")},
			{0x0002, 5, 3, lat},
			{0x0012, 2, 7, []byte("WGS-84\x00")},
		}
	}
	var out []byte
	if bo == binary.ByteOrder(binary.LittleEndian) {
		out = append(out, "II*\x00"...)
	} else {
		out = append(out, "MM\x00*"...)
	}
	out = append(out, long(8)...)
	// Each IFD is followed by the values that do not fit in its entries.
	write := func(entries []entry, start int) []byte {
		dataAt := start + 2 + 12*len(entries) + 4
		var head, data []byte
		head = append(head, short(uint16(len(entries)))...)
		for _, e := range entries {
			head = append(head, short(e.tag)...)
			head = append(head, short(e.typ)...)
			head = append(head, long(e.count)...)
			if len(e.data) <= 4 {
				v := append(append([]byte{}, e.data...), make([]byte, 4-len(e.data))...)
				head = append(head, v...)
			} else {
				head = append(head, long(uint32(dataAt+len(data)))...)
				data = append(data, e.data...)
			}
		}
		head = append(head, long(0)...)
		return append(head, data...)
	}
	if gps {
		// The GPS IFD's offset is known once IFD0 is laid out.
		size0 := len(write(ifd0, 8))
		for i := range ifd0 {
			if ifd0[i].tag == 0x8825 {
				ifd0[i].data = long(uint32(8 + size0))
			}
		}
		out = append(out, write(ifd0, 8)...)
		out = append(out, write(gpsIFD, len(out))...)
	} else {
		out = append(out, write(ifd0, 8)...)
	}
	return out
}

// normSegment is a JPEG marker segment.
func normSegment(marker byte, payload []byte) []byte {
	n := len(payload) + 2
	return append([]byte{0xFF, marker, byte(n >> 8), byte(n)}, payload...)
}

// normWithSegments puts segments into a JPEG just after its SOI.
func normWithSegments(jpg []byte, segs ...[]byte) []byte {
	out := append([]byte{}, jpg[:2]...)
	for _, s := range segs {
		out = append(out, s...)
	}
	return append(out, jpg[2:]...)
}

const normXMP = "http://ns.adobe.com/xap/1.0/\x00<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:Description exif:GPSLatitude=\"51,30.12N\"/></x:xmpmeta>"

// normMarkers are a JPEG's markers up to its scan.
func normMarkers(t *testing.T, b []byte) []byte {
	t.Helper()
	if len(b) < 2 || b[0] != 0xFF || b[1] != 0xD8 {
		t.Fatalf("not a JPEG: % x", b[:min(len(b), 8)])
	}
	var out []byte
	for i := 2; i+4 <= len(b); {
		m := b[i+1]
		out = append(out, m)
		if m == 0xDA {
			return out
		}
		i += 2 + (int(b[i+2])<<8 | int(b[i+3]))
	}
	t.Fatal("no scan in the JPEG")
	return nil
}

// normNoMetadata fails the test if data holds any of the metadata put in
// the test images.
func normNoMetadata(t *testing.T, what string, data []byte) {
	t.Helper()
	for _, s := range []string{"Exif", "eXIf", "EXIF", "http://ns.adobe.com", "xmpmeta", "GPS", "WGS-84", "CamCo", "tEXt", "iTXt", "zTXt", "secret", "II*\x00", "MM\x00*"} {
		if bytes.Contains(data, []byte(s)) {
			t.Errorf("%s: %q left in the original", what, s)
		}
	}
}

func TestNormalizeJPEGWithExifAndGPS(t *testing.T) {
	t.Parallel()
	src := normEncodeJPEG(t, normTestPicture(64, 32))
	body := normWithSegments(src,
		normSegment(0xE0, []byte("JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00")),
		normSegment(0xE1, append([]byte("Exif\x00\x00"), normTIFF(binary.BigEndian, 6, true)...)),
		normSegment(0xE1, []byte(normXMP)),
		normSegment(0xFE, []byte("a secret comment")),
	)
	if !bytes.Contains(body, []byte("WGS-84")) || orientation(body) != 6 {
		t.Fatal("the test image lacks its metadata")
	}
	got, err := Normalize(body)
	if err != nil {
		t.Fatal(err)
	}
	if got.Format != "jpeg" || got.Width != 32 || got.Height != 64 {
		t.Errorf("format %s %d×%d, want jpeg 32×64 (turned)", got.Format, got.Width, got.Height)
	}
	img, err := jpeg.Decode(bytes.NewReader(got.Data))
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 32 || b.Dy() != 64 {
		t.Errorf("stored image %v", b)
	}
	// Turned 90° clockwise: the top left corner is now the top right.
	if c, want := normCorners(img), [4]string{"blue", "red", "white", "green"}; c != want {
		t.Errorf("corners %v, want %v", c, want)
	}
	normNoMetadata(t, "jpeg", got.Data)
	for _, m := range normMarkers(t, got.Data) {
		if m >= 0xE0 && m <= 0xEF || m == 0xFE {
			t.Errorf("marker %#x (APPn or COM) left in the original", m)
		}
	}
	sum := sha256.Sum256(got.Data)
	if got.Key != hex.EncodeToString(sum[:]) {
		t.Errorf("key %s is not the data's SHA-256", got.Key)
	}
	// The same photo gives the same original and key.
	again, err := Normalize(body)
	if err != nil || again.Key != got.Key {
		t.Errorf("normalised again: %v, key %s then %s", err, got.Key, again.Key)
	}
}

// An upright JPEG keeps its compressed pixels byte for byte: only its
// metadata (EXIF with GPS, XMP, a comment, a colour profile, a second
// picture after its end) is cut out, and the Adobe segment stays.
func TestNormalizeUprightJPEGKeepsItsPixels(t *testing.T) {
	t.Parallel()
	src := normEncodeJPEG(t, normTestPicture(64, 32))
	adobe := normSegment(0xEE, []byte("Adobe\x00\x64\x00\x00\x00\x00\x01"))
	body := normWithSegments(src,
		normSegment(0xE0, []byte("JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00")),
		normSegment(0xE1, append([]byte("Exif\x00\x00"), normTIFF(binary.LittleEndian, 1, true)...)),
		normSegment(0xE1, []byte(normXMP)),
		normSegment(0xE2, []byte("ICC_PROFILE\x00\x01\x01secret profile")),
		adobe,
		normSegment(0xFE, []byte("a secret comment")),
	)
	body = append(body, []byte("\xFF\xD8 a second picture, EXIF of its own\xFF\xD9")...)
	got, err := Normalize(body)
	if err != nil {
		t.Fatal(err)
	}
	normNoMetadata(t, "upright jpeg", got.Data)
	if bytes.Contains(got.Data, []byte("second picture")) {
		t.Error("what follows the image's end is kept")
	}
	if !bytes.Contains(got.Data, adobe) {
		t.Error("the Adobe segment, which says how the colours are coded, was cut out")
	}
	// Everything after the source's SOI, past its own JFIF, is the kept
	// part: the stored file is SOI, the Adobe segment and that part.
	want := append(append([]byte{0xFF, 0xD8}, adobe...), src[2:]...)
	if !bytes.Equal(got.Data, want) {
		t.Errorf("stored %d bytes, want the source's %d with only the metadata cut", len(got.Data), len(want))
	}
	if got.Format != "jpeg" || got.Width != 64 || got.Height != 32 {
		t.Errorf("format %s %d×%d", got.Format, got.Width, got.Height)
	}
	// A file whose scan never ends is encoded again instead.
	cut := body[:len(src)/2+200]
	if _, ok := stripJPEG(cut); ok {
		t.Error("a cut file was walked as whole")
	}
}

// Every orientation, in both byte orders, is shown the right way up.
func TestNormalizeOrientations(t *testing.T) {
	t.Parallel()
	src := normEncodeJPEG(t, normTestPicture(64, 32))
	want := map[int][4]string{ // top left, top right, bottom left, bottom right
		0: {"red", "green", "blue", "white"},
		1: {"red", "green", "blue", "white"},
		2: {"green", "red", "white", "blue"},
		3: {"white", "blue", "green", "red"},
		4: {"blue", "white", "red", "green"},
		5: {"red", "blue", "green", "white"},
		6: {"blue", "red", "white", "green"},
		7: {"white", "green", "blue", "red"},
		8: {"green", "white", "red", "blue"},
		9: {"red", "green", "blue", "white"}, // not an orientation: as stored
	}
	for _, bo := range []binary.ByteOrder{binary.LittleEndian, binary.BigEndian} {
		for o := 0; o <= 9; o++ {
			body := normWithSegments(src, normSegment(0xE1, append([]byte("Exif\x00\x00"), normTIFF(bo, o, o%2 == 0)...)))
			got, err := Normalize(body)
			if err != nil {
				t.Fatalf("%v %d: %v", bo, o, err)
			}
			w, h := 64, 32
			if o >= 5 && o <= 8 {
				w, h = 32, 64
			}
			if got.Width != w || got.Height != h {
				t.Errorf("%v orientation %d: %d×%d, want %d×%d", bo, o, got.Width, got.Height, w, h)
			}
			img, err := jpeg.Decode(bytes.NewReader(got.Data))
			if err != nil {
				t.Fatal(err)
			}
			if c := normCorners(img); c != want[o] {
				t.Errorf("%v orientation %d: corners %v, want %v", bo, o, c, want[o])
			}
			normNoMetadata(t, fmt.Sprintf("%v orientation %d", bo, o), got.Data)
		}
	}
}

// normChunk is a PNG chunk.
func normChunk(typ string, data []byte) []byte {
	out := binary.BigEndian.AppendUint32(nil, uint32(len(data)))
	out = append(out, typ...)
	out = append(out, data...)
	return binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(append([]byte(typ), data...)))
}

// normWithChunks puts chunks into a PNG after its IHDR.
func normWithChunks(p []byte, chunks ...[]byte) []byte {
	const afterIHDR = 8 + 8 + 13 + 4
	out := append([]byte{}, p[:afterIHDR]...)
	for _, c := range chunks {
		out = append(out, c...)
	}
	return append(out, p[afterIHDR:]...)
}

// normIHDR is a PNG of only a header claiming w × h and an end: no pixels.
func normIHDR(w, h uint32) []byte {
	ihdr := binary.BigEndian.AppendUint32(nil, w)
	ihdr = binary.BigEndian.AppendUint32(ihdr, h)
	ihdr = append(ihdr, 8, 2, 0, 0, 0) // 8-bit RGB
	return append(append([]byte(pngSignature), normChunk("IHDR", ihdr)...), normChunk("IEND", nil)...)
}

func TestNormalizePNG(t *testing.T) {
	t.Parallel()
	plain := normEncodePNG(t, normTestPicture(48, 32))
	cases := []struct {
		name    string
		body    []byte
		w, h    int
		corners [4]string
	}{
		{"plain", plain, 48, 32, [4]string{"red", "green", "blue", "white"}},
		{"text and XMP", normWithChunks(plain,
			normChunk("tEXt", []byte("Comment\x00a secret")),
			normChunk("iTXt", []byte("XML:com.adobe.xmp\x00\x00\x00\x00\x00"+normXMP)),
		), 48, 32, [4]string{"red", "green", "blue", "white"}},
		{"eXIf orientation 8", normWithChunks(plain, normChunk("eXIf", normTIFF(binary.LittleEndian, 8, true))),
			32, 48, [4]string{"green", "white", "red", "blue"}},
		{"eXIf with an Exif header, orientation 3", normWithChunks(plain, normChunk("eXIf", append([]byte("Exif\x00\x00"), normTIFF(binary.BigEndian, 3, false)...))),
			48, 32, [4]string{"white", "blue", "green", "red"}},
	}
	for _, c := range cases {
		got, err := Normalize(c.body)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if got.Format != "png" || got.Width != c.w || got.Height != c.h {
			t.Errorf("%s: %s %d×%d, want png %d×%d", c.name, got.Format, got.Width, got.Height, c.w, c.h)
		}
		img, err := png.Decode(bytes.NewReader(got.Data))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if cs := normCorners(img); cs != c.corners {
			t.Errorf("%s: corners %v, want %v", c.name, cs, c.corners)
		}
		normNoMetadata(t, c.name, got.Data)
	}
}

// A PNG served under a .jpg name, as image/jpeg, is a PNG.
func TestPNGNamedJPG(t *testing.T) {
	t.Parallel()
	body := normEncodePNG(t, normTestPicture(32, 32))
	srv, _ := fetchTestServer(t, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/stock/T1001/1.jpg" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "image/jpeg")
		w.Write(body)
	})
	got, err := fetchTestFetcher().Fetch(context.Background(), srv.URL+"/stock/T1001/1.jpg", Validators{})
	if err != nil {
		t.Fatal(err)
	}
	orig, err := Normalize(got.Body)
	if err != nil {
		t.Fatal(err)
	}
	if orig.Format != "png" || orig.Width != 32 || orig.Height != 32 {
		t.Errorf("%s %d×%d, want a 32×32 png", orig.Format, orig.Width, orig.Height)
	}
	if _, err := png.Decode(bytes.NewReader(orig.Data)); err != nil {
		t.Errorf("the original is not a PNG: %v", err)
	}
}

// normWebPVP8L is the header of a lossless WebP claiming w × h, with no
// picture after it.
func normWebPVP8L(w, h int) []byte {
	bits := uint32(w-1) | uint32(h-1)<<14
	vp8l := append([]byte{0x2F}, binary.LittleEndian.AppendUint32(nil, bits)...)
	vp8l = append(vp8l, make([]byte, 16)...)
	chunk := append([]byte("VP8L"), binary.LittleEndian.AppendUint32(nil, uint32(len(vp8l)))...)
	chunk = append(chunk, vp8l...)
	out := append([]byte("RIFF"), binary.LittleEndian.AppendUint32(nil, uint32(4+len(chunk)))...)
	return append(append(out, "WEBP"...), chunk...)
}

// A photo larger than MaxPixels is refused from its header alone: these
// have no pixels at all, so decoding any would fail otherwise.
func TestNormalizeRefusesTooManyPixels(t *testing.T) {
	t.Parallel()
	jpg := normEncodeJPEG(t, normTestPicture(16, 16))
	sof := bytes.Index(jpg, []byte{0xFF, 0xC0})
	if sof < 0 {
		t.Fatal("no SOF0")
	}
	bomb := append([]byte{}, jpg[:sof+9]...) // through SOF0's height and width
	binary.BigEndian.PutUint16(bomb[sof+5:], 6000)
	binary.BigEndian.PutUint16(bomb[sof+7:], 10000)
	bomb = append(bomb, jpg[sof+9:]...)
	cases := []struct {
		name   string
		body   []byte
		reason string
		large  bool
	}{
		{"png 10000×6000", normIHDR(10000, 6000), "60 megapixels, more than 50", true},
		{"png 7072×7071", normIHDR(7072, 7071), "50.1 megapixels, more than 50", true},
		{"png 65535×65535", normIHDR(65535, 65535), "4294.9 megapixels, more than 50", true},
		{"jpeg 10000×6000", bomb, "60 megapixels, more than 50", true},
		{"webp 16384×16384", normWebPVP8L(16384, 16384), "268.5 megapixels, more than 50", true},
		// At the limit the header passes; having no pixels, it is damaged.
		{"png 10000×5000", normIHDR(10000, 5000), "a damaged or unreadable PNG image", false},
	}
	webp.Init() // the WebP decoder's start-up is not the refusal's time
	for _, c := range cases {
		start := time.Now()
		_, err := Normalize(c.body)
		if err == nil {
			t.Errorf("%s: accepted", c.name)
			continue
		}
		if errors.Is(err, ErrTooLarge) != c.large || errors.Is(err, ErrNotImage) == c.large {
			t.Errorf("%s: %v: ErrTooLarge %v, want %v", c.name, err, errors.Is(err, ErrTooLarge), c.large)
		}
		if r := Reason(err); r != c.reason {
			t.Errorf("%s: reason %q, want %q", c.name, r, c.reason)
		}
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("%s: took %v", c.name, d)
		}
	}
}

func TestNormalizeRefusesOtherBytes(t *testing.T) {
	t.Parallel()
	jpg := normEncodeJPEG(t, normTestPicture(32, 32))
	pngData := normEncodePNG(t, normTestPicture(32, 32))
	brokenPNG := append([]byte{}, pngData...)
	idat := bytes.Index(brokenPNG, []byte("IDAT"))
	for i := idat + 4; i < idat+40 && i < len(brokenPNG); i++ {
		brokenPNG[i] ^= 0x5A
	}
	animated := append([]byte("RIFF\x00\x00\x00\x00WEBPVP8X\x0a\x00\x00\x00"), 0x02, 0, 0, 0, 9, 0, 0, 9, 0, 0)
	cases := []struct {
		name, reason string
		body         []byte
	}{
		{"nothing", "an empty file, not a JPEG, PNG or WebP image", nil},
		{"text", "not a JPEG, PNG or WebP image", []byte("hello, this is not a photo")},
		{"web page", "a web page, not a JPEG, PNG or WebP image", []byte("\n  <!DOCTYPE html><html><body>Sign in</body></html>")},
		{"web page without doctype", "a web page, not a JPEG, PNG or WebP image", []byte("<html><body>404</body></html>")},
		{"svg", "an SVG drawing, not a JPEG, PNG or WebP image", []byte(`<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>`)},
		{"gif", "a GIF image, not a JPEG, PNG or WebP image", []byte("GIF89a\x01\x00\x01\x00\x00\x00\x00;")},
		{"heic", "a HEIC image, not a JPEG, PNG or WebP image", []byte("\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic")},
		{"avif", "an AVIF image, not a JPEG, PNG or WebP image", []byte("\x00\x00\x00\x1cftypavif\x00\x00\x00\x00avifmif1")},
		{"tiff", "a TIFF image, not a JPEG, PNG or WebP image", normTIFF(binary.LittleEndian, 1, false)},
		{"wave", "not a JPEG, PNG or WebP image", []byte("RIFF\x24\x00\x00\x00WAVEfmt \x10\x00\x00\x00")},
		{"jpeg start only", "a damaged or unreadable JPEG image", []byte{0xFF, 0xD8, 0xFF, 0xE0}},
		{"jpeg cut short", "a damaged or unreadable JPEG image", jpg[:len(jpg)/2]},
		{"png signature only", "a damaged or unreadable PNG image", []byte(pngSignature)},
		{"png with broken pixels", "a damaged or unreadable PNG image", brokenPNG},
		{"png 0×10", "a damaged or unreadable PNG image", normIHDR(0, 10)},
		{"webp header only", "a damaged or unreadable WebP image", []byte("RIFF\x0c\x00\x00\x00WEBPVP8 \x00\x00\x00\x00")},
		{"animated webp", "an animated WebP image, not a photo", animated},
	}
	for _, c := range cases {
		_, err := Normalize(c.body)
		if err == nil {
			t.Errorf("%s: accepted", c.name)
			continue
		}
		if !errors.Is(err, ErrNotImage) || errors.Is(err, ErrTooLarge) {
			t.Errorf("%s: %v is not ErrNotImage", c.name, err)
		}
		if r := Reason(err); r != c.reason {
			t.Errorf("%s: reason %q, want %q", c.name, r, c.reason)
		}
	}
}

// normWebPWithExif wraps a simple lossy WebP's VP8 chunk in an extended
// WebP with an EXIF chunk.
func normWebPWithExif(t *testing.T, simple []byte, w, h int, exif []byte) []byte {
	t.Helper()
	if string(simple[12:16]) != "VP8 " {
		t.Skipf("the encoder wrote %q, not a simple lossy WebP", simple[12:16])
	}
	le24 := func(v int) []byte { return []byte{byte(v), byte(v >> 8), byte(v >> 16)} }
	vp8x := append([]byte{0x08, 0, 0, 0}, le24(w-1)...) // flags: EXIF
	vp8x = append(vp8x, le24(h-1)...)
	body := append([]byte("VP8X"), binary.LittleEndian.AppendUint32(nil, uint32(len(vp8x)))...)
	body = append(body, vp8x...)
	body = append(body, simple[12:]...)
	body = append(body, "EXIF"...)
	body = binary.LittleEndian.AppendUint32(body, uint32(len(exif)))
	body = append(body, exif...)
	if len(exif)%2 == 1 {
		body = append(body, 0)
	}
	out := append([]byte("RIFF"), binary.LittleEndian.AppendUint32(nil, uint32(4+len(body)))...)
	return append(append(out, "WEBP"...), body...)
}

func TestNormalizeWebP(t *testing.T) {
	t.Parallel()
	var lossy bytes.Buffer
	if err := webp.Encode(&lossy, normTestPicture(64, 32), webp.Options{Quality: 90}); err != nil {
		t.Skipf("no WebP encoder here: %v", err)
	}
	clear := image.NewNRGBA(image.Rect(0, 0, 32, 32))
	for y := range 32 {
		for x := range 32 {
			if x < 16 {
				clear.SetNRGBA(x, y, color.NRGBA{255, 0, 0, 255})
			} // the right half stays transparent
		}
	}
	var lossless bytes.Buffer
	if err := webp.Encode(&lossless, clear, webp.Options{Lossless: true, Exact: true}); err != nil {
		t.Fatal(err)
	}
	exif := normTIFF(binary.LittleEndian, 6, true)
	cases := []struct {
		name    string
		body    []byte
		format  string
		w, h    int
		corners [4]string
	}{
		{"opaque", lossy.Bytes(), "jpeg", 64, 32, [4]string{"red", "green", "blue", "white"}},
		{"opaque, EXIF orientation 6", normWebPWithExif(t, lossy.Bytes(), 64, 32, exif), "jpeg", 32, 64, [4]string{"blue", "red", "white", "green"}},
		{"transparent", lossless.Bytes(), "png", 32, 32, [4]string{}},
	}
	for _, c := range cases {
		got, err := Normalize(c.body)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if got.Format != c.format || got.Width != c.w || got.Height != c.h {
			t.Errorf("%s: %s %d×%d, want %s %d×%d", c.name, got.Format, got.Width, got.Height, c.format, c.w, c.h)
		}
		img, format, err := image.Decode(bytes.NewReader(got.Data))
		if err != nil || format != c.format {
			t.Fatalf("%s: stored %s, %v", c.name, format, err)
		}
		if c.corners != [4]string{} {
			if cs := normCorners(img); cs != c.corners {
				t.Errorf("%s: corners %v, want %v", c.name, cs, c.corners)
			}
		} else {
			if _, _, _, a := img.At(24, 16).RGBA(); a != 0 {
				t.Errorf("%s: a transparent pixel has alpha %d", c.name, a)
			}
			if r, _, _, a := img.At(8, 16).RGBA(); a != 0xFFFF || r < 0xE000 {
				t.Errorf("%s: an opaque red pixel is r %d alpha %d", c.name, r, a)
			}
		}
		normNoMetadata(t, c.name, got.Data)
	}
}

// The pixels a to f of a 3 × 2 image, and where each orientation shows
// them.
func TestOrient(t *testing.T) {
	t.Parallel()
	want := map[int][]string{
		1: {"abc", "def"},
		2: {"cba", "fed"},
		3: {"fed", "cba"},
		4: {"def", "abc"},
		5: {"ad", "be", "cf"},
		6: {"da", "eb", "fc"},
		7: {"fc", "eb", "da"},
		8: {"cf", "be", "ad"},
	}
	grid := []string{"abc", "def"}
	value := func(r byte) uint8 { return uint8(r-'a')*40 + 10 }
	// Each kind of image the decoders give, its pixel (x, y) set to the
	// letter's value.
	kinds := map[string]func() image.Image{
		"gray":    func() image.Image { return image.NewGray(image.Rect(0, 0, 3, 2)) },
		"gray16":  func() image.Image { return image.NewGray16(image.Rect(0, 0, 3, 2)) },
		"rgba":    func() image.Image { return image.NewRGBA(image.Rect(0, 0, 3, 2)) },
		"nrgba":   func() image.Image { return image.NewNRGBA(image.Rect(0, 0, 3, 2)) },
		"rgba64":  func() image.Image { return image.NewRGBA64(image.Rect(0, 0, 3, 2)) },
		"nrgba64": func() image.Image { return image.NewNRGBA64(image.Rect(0, 0, 3, 2)) },
		"cmyk":    func() image.Image { return image.NewCMYK(image.Rect(0, 0, 3, 2)) },
		"paletted": func() image.Image {
			var p color.Palette
			for i := range 6 {
				p = append(p, color.Gray{value(byte('a' + i))})
			}
			return image.NewPaletted(image.Rect(0, 0, 3, 2), p)
		},
		"ycbcr": func() image.Image { return image.NewYCbCr(image.Rect(0, 0, 3, 2), image.YCbCrSubsampleRatio444) },
		"alpha": func() image.Image { return image.NewAlpha(image.Rect(0, 0, 3, 2)) }, // drawn on NRGBA
		"offset rgba": func() image.Image {
			return image.NewRGBA(image.Rect(10, 20, 13, 22))
		},
	}
	for name, mk := range kinds {
		src := mk()
		b := src.Bounds()
		for y, row := range grid {
			for x := range row {
				v := value(row[x])
				switch m := src.(type) {
				case *image.YCbCr:
					m.Y[m.YOffset(b.Min.X+x, b.Min.Y+y)] = v
					m.Cb[m.COffset(b.Min.X+x, b.Min.Y+y)] = 128
					m.Cr[m.COffset(b.Min.X+x, b.Min.Y+y)] = 128
				case *image.Alpha:
					m.SetAlpha(b.Min.X+x, b.Min.Y+y, color.Alpha{v})
				case *image.Paletted:
					m.SetColorIndex(b.Min.X+x, b.Min.Y+y, row[x]-'a')
				case *image.CMYK:
					m.SetCMYK(b.Min.X+x, b.Min.Y+y, color.CMYK{K: 255 - v})
				default:
					src.(interface{ Set(x, y int, c color.Color) }).Set(b.Min.X+x, b.Min.Y+y, color.Gray{v})
				}
			}
		}
		letterAt := func(img image.Image, x, y int) string {
			c := img.At(img.Bounds().Min.X+x, img.Bounds().Min.Y+y)
			r, g, bl, a := c.RGBA()
			if name == "alpha" {
				r = a
			} else if r != g || g != bl {
				return fmt.Sprintf("(%d,%d,%d)", r>>8, g>>8, bl>>8)
			}
			for i := range 6 {
				if d := int(r>>8) - int(value(byte('a'+i))); d >= -1 && d <= 1 {
					return string(rune('a' + i))
				}
			}
			return fmt.Sprintf("(%d)", r>>8)
		}
		for o := 1; o <= 8; o++ {
			got := orient(src, o)
			gb := got.Bounds()
			var rows []string
			for y := range gb.Dy() {
				var s string
				for x := range gb.Dx() {
					s += letterAt(got, x, y)
				}
				rows = append(rows, s)
			}
			if strings.Join(rows, "/") != strings.Join(want[o], "/") {
				t.Errorf("%s orientation %d: %v, want %v", name, o, rows, want[o])
			}
			if o > 1 && got == src {
				t.Errorf("%s orientation %d: the image itself returned", name, o)
			}
			if p, ok := src.(*image.Paletted); ok && o > 1 {
				if gp, ok := got.(*image.Paletted); !ok || len(gp.Palette) != len(p.Palette) {
					t.Errorf("paletted orientation %d: %T, not a paletted image", o, got)
				}
			}
		}
		for _, o := range []int{0, 9, -1, 255} {
			if got := orient(src, o); got != src {
				t.Errorf("%s orientation %d: changed", name, o)
			}
		}
	}
}

// normWebPChunks is a WebP of the chunks given.
func normWebPChunks(chunks ...[]byte) []byte {
	var body []byte
	for _, c := range chunks {
		body = append(body, c...)
	}
	out := append([]byte("RIFF"), binary.LittleEndian.AppendUint32(nil, uint32(4+len(body)))...)
	return append(append(out, "WEBP"...), body...)
}

func normRIFFChunk(fourcc string, data []byte) []byte {
	out := append([]byte(fourcc), binary.LittleEndian.AppendUint32(nil, uint32(len(data)))...)
	out = append(out, data...)
	if len(data)%2 == 1 {
		out = append(out, 0)
	}
	return out
}

func TestOrientationParsing(t *testing.T) {
	t.Parallel()
	jpg := normEncodeJPEG(t, normTestPicture(16, 16))
	exifSeg := func(tiff []byte) []byte { return normSegment(0xE1, append([]byte("Exif\x00\x00"), tiff...)) }
	le, be := binary.LittleEndian, binary.BigEndian
	// A TIFF block whose IFD0 holds one entry as given.
	one := func(bo interface {
		binary.ByteOrder
		binary.AppendByteOrder
	}, typ uint16, count uint32, value uint32) []byte {
		t := []byte("II*\x00")
		if bo.String() == be.String() {
			t = []byte("MM\x00*")
		}
		t = bo.AppendUint32(t, 8)
		t = bo.AppendUint16(t, 1)
		t = bo.AppendUint16(t, 0x0112)
		t = bo.AppendUint16(t, typ)
		t = bo.AppendUint32(t, count)
		if typ == 3 {
			t = bo.AppendUint16(t, uint16(value))
			t = bo.AppendUint16(t, 0)
		} else {
			t = bo.AppendUint32(t, value)
		}
		return bo.AppendUint32(t, 0)
	}
	afterScan := append(append([]byte{}, jpg[:len(jpg)-2]...), exifSeg(normTIFF(le, 6, false))...)
	cases := []struct {
		name string
		data []byte
		want int
	}{
		{"jpeg without exif", jpg, 1},
		{"jpeg II 6", normWithSegments(jpg, exifSeg(normTIFF(le, 6, false))), 6},
		{"jpeg MM 8", normWithSegments(jpg, exifSeg(normTIFF(be, 8, true))), 8},
		{"jpeg II 3 with GPS", normWithSegments(jpg, exifSeg(normTIFF(le, 3, true))), 3},
		{"jpeg no orientation tag", normWithSegments(jpg, exifSeg(normTIFF(le, 0, true))), 1},
		{"after XMP and JFIF", normWithSegments(jpg, normSegment(0xE0, []byte("JFIF\x00")), normSegment(0xE1, []byte(normXMP)), exifSeg(normTIFF(be, 5, false))), 5},
		{"fill bytes before a marker", normWithSegments(jpg, []byte{0xFF, 0xFF}, exifSeg(normTIFF(le, 7, false))), 7},
		{"the first Exif wins", normWithSegments(jpg, exifSeg(normTIFF(le, 2, false)), exifSeg(normTIFF(le, 6, false))), 2},
		{"exif after the scan ignored", afterScan, 1},
		{"LONG orientation", normWithSegments(jpg, exifSeg(one(le, 4, 1, 6))), 6},
		{"MM SHORT orientation", normWithSegments(jpg, exifSeg(one(be, 3, 1, 8))), 8},
		{"orientation 0", normWithSegments(jpg, exifSeg(one(le, 3, 1, 0))), 1},
		{"orientation 9", normWithSegments(jpg, exifSeg(one(le, 3, 1, 9))), 1},
		{"orientation 0x0600 read in the wrong order", normWithSegments(jpg, exifSeg(one(be, 3, 1, 0x0600))), 1},
		{"orientation of type ASCII", normWithSegments(jpg, exifSeg(one(le, 2, 1, 6))), 1},
		{"orientation count 0", normWithSegments(jpg, exifSeg(one(le, 3, 0, 6))), 1},
		{"IFD offset past the end", normWithSegments(jpg, exifSeg([]byte("II*\x00\xff\xff\x00\x00"))), 1},
		{"IFD offset inside the header", normWithSegments(jpg, exifSeg([]byte("II*\x00\x04\x00\x00\x00\x01\x00"))), 1},
		{"entry count past the end", normWithSegments(jpg, exifSeg([]byte("II*\x00\x08\x00\x00\x00\xff\xff\x12\x01\x03\x00"))), 1},
		{"bad byte order", normWithSegments(jpg, exifSeg([]byte("IM*\x00\x08\x00\x00\x00\x00\x00"))), 1},
		{"segment longer than the file", append([]byte{0xFF, 0xD8, 0xFF, 0xE1, 0xFF, 0xF0}, "Exif\x00\x00"...), 1},
		{"segment length 0", []byte{0xFF, 0xD8, 0xFF, 0xE1, 0x00, 0x00, 0xFF, 0xD9}, 1},
		{"png eXIf 6", normWithChunks(normEncodePNG(t, normTestPicture(16, 16)), normChunk("eXIf", normTIFF(be, 6, false))), 6},
		{"png eXIf after the pixels", func() []byte {
			p := normEncodePNG(t, normTestPicture(16, 16))
			iend := len(p) - 12
			return append(append(append([]byte{}, p[:iend]...), normChunk("eXIf", normTIFF(le, 8, false))...), p[iend:]...)
		}(), 8},
		{"png chunk longer than the file", append([]byte(pngSignature), 0x7F, 0xFF, 0xFF, 0xFF, 'e', 'X', 'I', 'f'), 1},
		{"webp EXIF 6", normWebPChunks(normRIFFChunk("VP8X", make([]byte, 10)), normRIFFChunk("VP8 ", make([]byte, 3)), normRIFFChunk("EXIF", normTIFF(le, 6, true))), 6},
		{"webp EXIF with an Exif header", normWebPChunks(normRIFFChunk("VP8X", make([]byte, 10)), normRIFFChunk("EXIF", append([]byte("Exif\x00\x00"), normTIFF(be, 3, false)...))), 3},
		{"webp chunk longer than the file", append(normWebPChunks(), "VP8X\xff\xff\xff\x7f"...), 1},
		{"gif", []byte("GIF89a"), 1},
		{"nothing", nil, 1},
	}
	for _, c := range cases {
		if got := orientation(c.data); got != c.want {
			t.Errorf("%s: orientation %d, want %d", c.name, got, c.want)
		}
	}
}

func TestMegapixels(t *testing.T) {
	t.Parallel()
	cases := []struct {
		px   int64
		want string
	}{
		{60_000_000, "60"},
		{50_000_001, "50.1"},
		{50_100_000, "50.1"},
		{50_100_001, "50.2"},
		{MaxPixels, "50"},
	}
	for _, c := range cases {
		if got := megapixels(c.px); got != c.want {
			t.Errorf("megapixels(%d) = %q, want %q", c.px, got, c.want)
		}
	}
}

func FuzzOrientation(f *testing.F) {
	jpg := normEncodeJPEG(f, normTestPicture(16, 16))
	f.Add(normWithSegments(jpg, normSegment(0xE1, append([]byte("Exif\x00\x00"), normTIFF(binary.LittleEndian, 6, true)...))))
	f.Add(normWithSegments(jpg[:20], normSegment(0xE1, append([]byte("Exif\x00\x00"), normTIFF(binary.BigEndian, 8, true)...))))
	f.Add(normWithChunks(normEncodePNG(f, normTestPicture(16, 16)), normChunk("eXIf", normTIFF(binary.BigEndian, 3, false))))
	f.Add(normWebPChunks(normRIFFChunk("VP8X", make([]byte, 10)), normRIFFChunk("EXIF", normTIFF(binary.LittleEndian, 5, true))))
	f.Add(normTIFF(binary.LittleEndian, 7, true))
	f.Add([]byte{0xFF, 0xD8, 0xFF})
	f.Fuzz(func(t *testing.T, data []byte) {
		if o := orientation(data); o < 1 || o > 8 {
			t.Errorf("orientation %d", o)
		}
		// The TIFF reader on its own, as a segment's contents.
		if o := tiffOrientation(data); o < 1 || o > 8 {
			t.Errorf("tiffOrientation %d", o)
		}
		if e := jpegExif(data); e != nil && len(e) > len(data) {
			t.Errorf("an Exif block longer than the file")
		}
	})
}
