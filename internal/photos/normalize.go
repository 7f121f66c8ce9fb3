package photos

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/jpeg"
	"image/png"
	"math"

	_ "github.com/gen2brain/webp" // registers the WebP decoder with image
)

// MaxPixels is the most pixels a photo may have (width × height, read
// from its header before any pixel is decoded).
const MaxPixels = 50_000_000

// jpegQuality is the quality a JPEG original is encoded again at: high
// enough that the loss of a second encoding does not show.
const jpegQuality = 92

// Errors of Normalize, for errors.Is; the error returned says more (see
// Reason). Both are final: fetching the same bytes again will not help.
var (
	ErrNotImage = errors.New("not a JPEG, PNG or WebP image")
	ErrTooLarge = errors.New("more than 50 megapixels")
)

// imageError is a photo's bytes refused: msg for a dealer, kind
// ErrNotImage or ErrTooLarge.
type imageError struct {
	msg  string
	kind error
}

func (e *imageError) Error() string { return e.msg }
func (e *imageError) Unwrap() error { return e.kind }

// Original is a photo as it is stored.
type Original struct {
	Data          []byte // the stored bytes: orientation applied, no metadata at all
	Format        string // "jpeg", "png" or "webp" — of Data
	Width, Height int    // after orientation
	Key           string // hex SHA-256 of Data (the content key it is stored under)
}

// Normalize checks a fetched photo and makes the original that is stored.
//
// Its type is read from its bytes (never from a name or a Content-Type):
// JPEG, PNG or WebP, else ErrNotImage. Its header gives its size before
// any pixel is decoded: more than MaxPixels is ErrTooLarge. Its EXIF
// orientation (a JPEG's APP1 Exif segment, a PNG's eXIf chunk, a WebP's
// EXIF chunk) is applied to the pixels, which are then encoded again, so
// nothing of the file but its pixels is kept: no EXIF (GPS, camera), XMP,
// comments, text chunks or colour profile.
//
// A JPEG stays a JPEG: one already upright keeps its compressed pixels
// byte for byte, with only its metadata cut out; one that must be turned
// is encoded again at quality 92. A PNG stays a PNG. A WebP becomes a JPEG at
// quality 92 when it is opaque (a photo) and a PNG when it has
// transparency, so every original is a JPEG or a PNG; Format is never
// "webp".
func Normalize(body []byte) (Original, error) {
	format := sniff(body)
	if format == "" {
		return Original{}, &imageError{msg: notImage(body), kind: ErrNotImage}
	}
	if format == "webp" && len(body) >= 21 && string(body[12:16]) == "VP8X" && body[20]&0x02 != 0 {
		// Every frame of an animation would be decoded at once.
		return Original{}, &imageError{msg: "an animated WebP image, not a photo", kind: ErrNotImage}
	}
	cfg, name, err := image.DecodeConfig(bytes.NewReader(body))
	if err != nil || name != format {
		return Original{}, damaged(format)
	}
	if cfg.Width <= 0 || cfg.Height <= 0 {
		return Original{}, &imageError{msg: "an empty " + formatName(format) + " image", kind: ErrNotImage}
	}
	if px := int64(cfg.Width) * int64(cfg.Height); px > MaxPixels {
		return Original{}, &imageError{msg: megapixels(px) + " megapixels, more than " + megapixels(MaxPixels), kind: ErrTooLarge}
	}
	img, name, err := image.Decode(bytes.NewReader(body))
	if err != nil || name != format {
		return Original{}, damaged(format)
	}
	if b := img.Bounds(); b.Dx() != cfg.Width || b.Dy() != cfg.Height {
		return Original{}, damaged(format)
	}
	if n, ok := img.(*image.NYCbCrA); ok && n.Opaque() {
		img = &n.YCbCr // a WebP decoded with an alpha plane it does not use
	}
	o := orientation(body)
	if format == "jpeg" && o <= 1 {
		// Upright already: the metadata is cut out and the compressed
		// pixels kept as they are, with no second encoding's loss or cost.
		if data, ok := stripJPEG(body); ok {
			if again, err := jpeg.DecodeConfig(bytes.NewReader(data)); err == nil && again.Width == cfg.Width && again.Height == cfg.Height {
				sum := sha256.Sum256(data)
				return Original{Data: data, Format: "jpeg", Width: cfg.Width, Height: cfg.Height, Key: hex.EncodeToString(sum[:])}, nil
			}
		}
	}
	img = orient(img, o)

	var buf bytes.Buffer
	out := format
	if format == "webp" {
		out = "png"
		if o, ok := img.(interface{ Opaque() bool }); ok && o.Opaque() {
			out = "jpeg"
		}
	}
	switch out {
	case "jpeg":
		err = jpeg.Encode(&buf, forJPEG(img), &jpeg.Options{Quality: jpegQuality})
	default:
		err = (&png.Encoder{CompressionLevel: png.DefaultCompression}).Encode(&buf, img)
	}
	if err != nil {
		return Original{}, fmt.Errorf("encode %s: %w", out, err)
	}
	b := img.Bounds()
	sum := sha256.Sum256(buf.Bytes())
	return Original{
		Data:   buf.Bytes(),
		Format: out,
		Width:  b.Dx(),
		Height: b.Dy(),
		Key:    hex.EncodeToString(sum[:]),
	}, nil
}

func damaged(format string) error {
	return &imageError{msg: "a damaged or unreadable " + formatName(format) + " image", kind: ErrNotImage}
}

func formatName(format string) string {
	switch format {
	case "jpeg":
		return "JPEG"
	case "png":
		return "PNG"
	case "webp":
		return "WebP"
	}
	return format
}

// megapixels is px in megapixels for a dealer: "60", or "50.1" rounded up
// so that a count just over the limit does not read as the limit.
func megapixels(px int64) string {
	if px%1_000_000 == 0 {
		return fmt.Sprint(px / 1_000_000)
	}
	return fmt.Sprintf("%.1f", math.Ceil(float64(px)/100_000)/10)
}

const pngSignature = "\x89PNG\r\n\x1a\n"

// sniff is the image type of data by its magic number: "jpeg", "png",
// "webp", or "" for anything else.
func sniff(data []byte) string {
	switch {
	case len(data) >= 3 && data[0] == 0xFF && data[1] == 0xD8 && data[2] == 0xFF:
		return "jpeg"
	case len(data) >= 8 && string(data[:8]) == pngSignature:
		return "png"
	case len(data) >= 16 && string(data[:4]) == "RIFF" && string(data[8:15]) == "WEBPVP8" &&
		(data[15] == ' ' || data[15] == 'L' || data[15] == 'X'):
		return "webp"
	}
	return ""
}

// notImage says what data is instead of a photo, where that is easy to
// tell: a server's error page is a common answer to a photo's address.
func notImage(data []byte) string {
	const tail = ", not a JPEG, PNG or WebP image"
	head := bytes.ToLower(bytes.TrimLeft(data[:min(len(data), 1024)], "\xef\xbb\xbf \t\r\n"))
	switch {
	case len(data) == 0:
		return "an empty file" + tail
	case bytes.HasPrefix(data, []byte("GIF87a")), bytes.HasPrefix(data, []byte("GIF89a")):
		return "a GIF image" + tail
	case len(data) >= 12 && string(data[4:8]) == "ftyp":
		switch string(data[8:12]) {
		case "heic", "heix", "hevc", "heim", "heis", "mif1", "msf1":
			return "a HEIC image" + tail
		case "avif", "avis":
			return "an AVIF image" + tail
		}
	case bytes.HasPrefix(data, []byte("II*\x00")), bytes.HasPrefix(data, []byte("MM\x00*")):
		return "a TIFF image" + tail
	case bytes.HasPrefix(head, []byte("<svg")), bytes.HasPrefix(head, []byte("<?xml")) && bytes.Contains(head, []byte("<svg")):
		return "an SVG drawing" + tail
	case bytes.HasPrefix(head, []byte("<!doctype html")), bytes.HasPrefix(head, []byte("<html")):
		return "a web page" + tail
	}
	return ErrNotImage.Error()
}

// orientation is the EXIF orientation (1–8) of a JPEG, PNG or WebP
// file; 1 (as stored) when it has none or it cannot be read.
func orientation(data []byte) int {
	var exif []byte
	switch sniff(data) {
	case "jpeg":
		exif = jpegExif(data)
	case "png":
		exif = pngExif(data)
	case "webp":
		exif = webpExif(data)
	}
	return tiffOrientation(exif)
}

// stripJPEG is a JPEG without its metadata: every APPn segment but the
// Adobe one (APP14, which says how the colours are coded), every comment,
// and anything after the end of the image (a camera's second, smaller
// picture) are cut out; the tables, frame and compressed scans are kept
// byte for byte. ok is false when the file's structure cannot be walked.
func stripJPEG(b []byte) (out []byte, ok bool) {
	if len(b) < 4 || b[0] != 0xFF || b[1] != 0xD8 {
		return nil, false
	}
	out = make([]byte, 0, len(b))
	out = append(out, 0xFF, 0xD8)
	i := 2
	for i+2 <= len(b) {
		if b[i] != 0xFF {
			return nil, false
		}
		m := b[i+1]
		switch {
		case m == 0xFF: // fill byte
			i++
			continue
		case m == 0xD9: // the end of the image
			return append(out, 0xFF, 0xD9), true
		case m == 0x01 || m >= 0xD0 && m <= 0xD7: // no length
			out = append(out, b[i:i+2]...)
			i += 2
			continue
		}
		if i+4 > len(b) {
			return nil, false
		}
		n := int(b[i+2])<<8 | int(b[i+3])
		if n < 2 || i+2+n > len(b) {
			return nil, false
		}
		end := i + 2 + n
		metadata := m >= 0xE0 && m <= 0xEF && m != 0xEE || m == 0xFE
		if !metadata {
			out = append(out, b[i:end]...)
		}
		i = end
		if m != 0xDA {
			continue
		}
		// A scan's compressed data runs to the next marker that is not a
		// stuffed 0xFF00, a restart marker or fill.
		j := i
		for j+1 < len(b) && (b[j] != 0xFF || b[j+1] == 0x00 || b[j+1] >= 0xD0 && b[j+1] <= 0xD7 || b[j+1] == 0xFF) {
			j++
		}
		if j+1 >= len(b) {
			return nil, false
		}
		out = append(out, b[i:j]...)
		i = j
	}
	return nil, false
}

// jpegExif is the TIFF block of a JPEG's first APP1 Exif segment.
func jpegExif(b []byte) []byte {
	if len(b) < 2 || b[0] != 0xFF || b[1] != 0xD8 {
		return nil
	}
	for i := 2; i+4 <= len(b); {
		if b[i] != 0xFF {
			return nil
		}
		m := b[i+1]
		switch {
		case m == 0xFF: // fill byte
			i++
			continue
		case m == 0x01 || m == 0xD8 || m >= 0xD0 && m <= 0xD7: // no length
			i += 2
			continue
		case m == 0xDA || m == 0xD9: // the image data, or the end
			return nil
		}
		n := int(b[i+2])<<8 | int(b[i+3])
		if n < 2 || i+2+n > len(b) {
			return nil
		}
		seg := b[i+4 : i+2+n]
		if m == 0xE1 && len(seg) >= 6 && string(seg[:5]) == "Exif\x00" {
			return seg[6:]
		}
		i += 2 + n
	}
	return nil
}

// pngExif is a PNG's eXIf chunk.
func pngExif(b []byte) []byte {
	if len(b) < 8 || string(b[:8]) != pngSignature {
		return nil
	}
	for i := 8; i+8 <= len(b); {
		n := uint64(binary.BigEndian.Uint32(b[i:]))
		end := uint64(i) + 8 + n + 4
		if end > uint64(len(b)) {
			return nil
		}
		switch string(b[i+4 : i+8]) {
		case "eXIf":
			return trimExifHeader(b[i+8 : i+8+int(n)])
		case "IEND":
			return nil
		}
		i = int(end)
	}
	return nil
}

// webpExif is a WebP's EXIF chunk.
func webpExif(b []byte) []byte {
	if len(b) < 12 || string(b[:4]) != "RIFF" || string(b[8:12]) != "WEBP" {
		return nil
	}
	for i := 12; i+8 <= len(b); {
		n := uint64(binary.LittleEndian.Uint32(b[i+4:]))
		end := uint64(i) + 8 + n
		if end > uint64(len(b)) {
			return nil
		}
		if string(b[i:i+4]) == "EXIF" {
			return trimExifHeader(b[i+8 : end])
		}
		i = int(end + n&1) // chunks are padded to an even length
	}
	return nil
}

// trimExifHeader drops the "Exif\0\0" some writers put before the TIFF
// block where the format says it starts at once.
func trimExifHeader(b []byte) []byte {
	if len(b) >= 6 && string(b[:5]) == "Exif\x00" {
		return b[6:]
	}
	return b
}

// tiffOrientation reads tag 0x0112 (Orientation) of a TIFF block's first
// IFD, in either byte order; 1 when it is not there or not 1–8.
func tiffOrientation(t []byte) int {
	if len(t) < 8 {
		return 1
	}
	var bo binary.ByteOrder
	switch string(t[:4]) {
	case "II*\x00":
		bo = binary.LittleEndian
	case "MM\x00*":
		bo = binary.BigEndian
	default:
		return 1
	}
	off := uint64(bo.Uint32(t[4:8]))
	if off < 8 || off+2 > uint64(len(t)) {
		return 1
	}
	n := uint64(bo.Uint16(t[off:]))
	for k := range n {
		e := off + 2 + 12*k
		if e+12 > uint64(len(t)) {
			return 1
		}
		if bo.Uint16(t[e:]) != 0x0112 {
			continue
		}
		if bo.Uint32(t[e+4:]) < 1 { // count
			return 1
		}
		var v uint32
		switch bo.Uint16(t[e+2:]) { // type
		case 3: // SHORT
			v = uint32(bo.Uint16(t[e+8:]))
		case 4: // LONG, written by a few tools
			v = bo.Uint32(t[e+8:])
		default:
			return 1
		}
		if v >= 1 && v <= 8 {
			return int(v)
		}
		return 1
	}
	return 1
}

// orientedAt is where the pixel (x, y) of a w × h image stored in EXIF
// orientation o is shown.
func orientedAt(o, x, y, w, h int) (int, int) {
	switch o {
	case 2: // mirrored
		return w - 1 - x, y
	case 3: // turned 180°
		return w - 1 - x, h - 1 - y
	case 4: // mirrored upside down
		return x, h - 1 - y
	case 5: // mirrored and turned
		return y, x
	case 6: // turned 90° clockwise to be shown
		return h - 1 - y, x
	case 7:
		return h - 1 - y, w - 1 - x
	case 8: // turned 90° anticlockwise to be shown
		return y, w - 1 - x
	}
	return x, y
}

// orient applies EXIF orientation o (1–8) to img: a new image the way it
// is meant to be shown, of the same kind where it can be (a JPEG's YCbCr
// becomes RGBA). 1 or any other value leaves img as it is.
func orient(img image.Image, o int) image.Image {
	if o < 2 || o > 8 {
		return img
	}
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	dr := image.Rect(0, 0, w, h)
	if o >= 5 {
		dr = image.Rect(0, 0, h, w)
	}
	if src, ok := img.(*image.YCbCr); ok {
		dst := image.NewRGBA(dr)
		for y := range h {
			for x := range w {
				yi := src.YOffset(b.Min.X+x, b.Min.Y+y)
				ci := src.COffset(b.Min.X+x, b.Min.Y+y)
				r, g, bl := color.YCbCrToRGB(src.Y[yi], src.Cb[ci], src.Cr[ci])
				dx, dy := orientedAt(o, x, y, w, h)
				p := dst.Pix[dst.PixOffset(dx, dy):]
				p[0], p[1], p[2], p[3] = r, g, bl, 0xFF
			}
		}
		return dst
	}
	var (
		pix    []byte
		stride int
		bpp    int
		dst    image.Image
		dpix   []byte
		dstrd  int
	)
	switch m := img.(type) {
	case *image.Gray:
		d := image.NewGray(dr)
		pix, stride, bpp, dst, dpix, dstrd = m.Pix[m.PixOffset(b.Min.X, b.Min.Y):], m.Stride, 1, d, d.Pix, d.Stride
	case *image.Gray16:
		d := image.NewGray16(dr)
		pix, stride, bpp, dst, dpix, dstrd = m.Pix[m.PixOffset(b.Min.X, b.Min.Y):], m.Stride, 2, d, d.Pix, d.Stride
	case *image.Paletted:
		d := image.NewPaletted(dr, m.Palette)
		pix, stride, bpp, dst, dpix, dstrd = m.Pix[m.PixOffset(b.Min.X, b.Min.Y):], m.Stride, 1, d, d.Pix, d.Stride
	case *image.RGBA:
		d := image.NewRGBA(dr)
		pix, stride, bpp, dst, dpix, dstrd = m.Pix[m.PixOffset(b.Min.X, b.Min.Y):], m.Stride, 4, d, d.Pix, d.Stride
	case *image.NRGBA:
		d := image.NewNRGBA(dr)
		pix, stride, bpp, dst, dpix, dstrd = m.Pix[m.PixOffset(b.Min.X, b.Min.Y):], m.Stride, 4, d, d.Pix, d.Stride
	case *image.CMYK:
		d := image.NewCMYK(dr)
		pix, stride, bpp, dst, dpix, dstrd = m.Pix[m.PixOffset(b.Min.X, b.Min.Y):], m.Stride, 4, d, d.Pix, d.Stride
	case *image.RGBA64:
		d := image.NewRGBA64(dr)
		pix, stride, bpp, dst, dpix, dstrd = m.Pix[m.PixOffset(b.Min.X, b.Min.Y):], m.Stride, 8, d, d.Pix, d.Stride
	case *image.NRGBA64:
		d := image.NewNRGBA64(dr)
		pix, stride, bpp, dst, dpix, dstrd = m.Pix[m.PixOffset(b.Min.X, b.Min.Y):], m.Stride, 8, d, d.Pix, d.Stride
	default:
		n := image.NewNRGBA(image.Rect(0, 0, w, h))
		draw.Draw(n, n.Rect, img, b.Min, draw.Src)
		return orient(n, o)
	}
	for y := range h {
		row := pix[y*stride:]
		for x := range w {
			dx, dy := orientedAt(o, x, y, w, h)
			copy(dpix[dy*dstrd+dx*bpp:dy*dstrd+dx*bpp+bpp], row[x*bpp:x*bpp+bpp])
		}
	}
	return dst
}

// forJPEG is img as the JPEG encoder encodes fast: YCbCr, RGBA or Gray as
// they are, anything else drawn on RGBA (a JPEG has no transparency).
func forJPEG(img image.Image) image.Image {
	switch img.(type) {
	case *image.YCbCr, *image.RGBA, *image.Gray:
		return img
	}
	b := img.Bounds()
	rgba := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(rgba, rgba.Rect, img, b.Min, draw.Src)
	return rgba
}
