// Package media serves the demo images: every URL under /img/ names a
// deterministic recipe that is drawn on first request, then cached in memory
// and on disk so the same bytes come back for ever.
//
// A photo's URL ends in .jpg, but a browser that says it accepts WebP gets
// the same picture as WebP (a third to a half fewer bytes), and one that
// also accepts AVIF gets a dealer's photo as AVIF when that is smaller
// still; the answer carries Vary: Accept and each format has its own ETag
// and cache entry.
package media

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"log/slog"
	"net/http"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/gen2brain/avif"
	"github.com/gen2brain/webp"
	"golang.org/x/sync/singleflight"
)

// recipeVersion is part of every cache key and ETag: bump it when drawings
// change so browsers and the disk cache stop serving the old pictures.
const recipeVersion = "v1"

// Handler serves /img/... image URLs.
type Handler struct {
	disk  *diskCache // nil: no disk cache
	mem   *lru
	group singleflight.Group
	// slots bounds the pictures drawn and encoded at once to half the
	// CPUs (DrawSlots): a page of cold pictures finishes no sooner all at
	// once, each WebP encode holds several megabytes while it runs, and the
	// other half is left to the pages and the API.
	slots chan struct{}
	// drawWait is how long a picture waits for a slot before it is
	// refused with 503 and Retry-After (DrawWait).
	drawWait time.Duration
	draws    atomic.Int64 // pictures actually drawn and encoded, for tests
	// Originals reads dealers' stored photos (/img/photo/{key}.jpg);
	// nil: there are none.
	Originals Originals
	drawing   atomic.Int64 // drawn and encoded at this moment
	mostSeen  atomic.Int64 // the most drawn and encoded at once, for tests
}

// New returns a Handler caching encoded images under cacheDir ("" disables
// the disk cache) up to DefaultDiskBytes, and up to maxMemBytes in memory
// (0 disables it).
func New(cacheDir string, maxMemBytes int64) *Handler {
	return NewLimited(cacheDir, maxMemBytes, DefaultDiskBytes)
}

// NewLimited is New with the disk cache bounded by maxDiskBytes (0 or less
// disables it): past it the least recently used pictures are removed.
func NewLimited(cacheDir string, maxMemBytes, maxDiskBytes int64) *Handler {
	h := &Handler{mem: newLRU(maxMemBytes), slots: make(chan struct{}, DrawSlots()), drawWait: DrawWait}
	if cacheDir != "" && maxDiskBytes > 0 {
		h.disk = openDiskCache(cacheDir, maxDiskBytes)
	}
	return h
}

// DrawSlots is how many pictures are drawn at once: half the CPUs, at
// least one.
func DrawSlots() int { return max(1, runtime.GOMAXPROCS(0)/2) }

// DrawWait is how long a picture to be drawn waits for its turn before it
// is refused with 503 and Retry-After: long enough for a page of cold
// pictures (a 360° spin's 36 frames) on one slot, short enough that a
// flood is turned away while the pages and the API keep their speed.
const DrawWait = 10 * time.Second

// ErrBusy is a drawing refused because every slot stayed taken for
// DrawWait.
var ErrBusy = errors.New("media: every drawing slot is taken")

// DiskBytes is the total size of the pictures in the disk cache.
func (h *Handler) DiskBytes() int64 {
	if h.disk == nil {
		return 0
	}
	return h.disk.bytes()
}

// WarmEncoder readies the WebP encoder (about 0.2 s of compiling, once per
// process) in the background, so the first visitor's photo does not wait
// for it. Call it once the server is listening.
func WarmEncoder() { go webp.Init() }

// request is a parsed, canonical image URL.
type request struct {
	kind   string
	seed   uint64
	body   string
	colour string // 6 lower-case hex digits
	angle  int
	slug   string
	width  int
	qual   int
	png    bool
	webp   bool // a photo answered as WebP rather than JPEG
	// avif: a dealer's photo for a browser that takes AVIF and WebP,
	// answered in whichever of the two is smaller.
	avif bool
}

// key is the canonical form: equal pictures have equal keys.
func (q request) key() string {
	var b strings.Builder
	b.WriteString(recipeVersion + "/" + q.kind)
	switch q.kind {
	case "car":
		fmt.Fprintf(&b, "/%d/%s/%s/%d", q.seed, q.body, q.colour, q.angle)
	case "interior":
		fmt.Fprintf(&b, "/%d/%s", q.seed, q.colour)
	case "banner":
		fmt.Fprintf(&b, "/%d/%s", q.seed, q.colour)
		if q.body != "" {
			b.WriteString("/" + q.body)
		}
	case "location", "map":
		fmt.Fprintf(&b, "/%d", q.seed)
	case "make", "body", "photo":
		b.WriteString("/" + q.slug)
	}
	fmt.Fprintf(&b, "?w=%d", q.width)
	if !q.png {
		fmt.Fprintf(&b, "&q=%d", q.qual)
	}
	switch {
	case q.avif:
		b.WriteString("&f=avif")
	case q.webp:
		b.WriteString("&f=webp")
	}
	return b.String()
}

func (q request) etag() string {
	sum := sha256.Sum256([]byte(q.key()))
	return `"` + hex.EncodeToString(sum[:12]) + `"`
}

var defaultWidth = map[string]int{
	"car": 600, "interior": 600, "location": 600, "map": 600, "banner": 1600, "make": 160, "body": 160, "photo": 600,
}

const (
	defaultQual = 75
	// webpMethod is libwebp's effort (0 fastest .. 6 smallest); 4, its
	// default, is within 1-2% of 6's size at about half the time.
	webpMethod = 4
	// avifQualityBelowWebP is how much lower an AVIF's quality is set than
	// the WebP's for about the same look (AVIF 55 for WebP 75); avifSpeed
	// is libaom's effort (0 slowest .. 10 fastest): 9 encodes an 800-pixel
	// photo in under 0.2 s, with the bytes of 8 (which takes longer) and 4%
	// more than 7 (which takes five times as long).
	avifQualityBelowWebP = 20
	avifSpeed            = 9
)

// parse reads an /img/ URL. A w or q other than the pages' own (Widths,
// Qualities) is not an image of ours.
func parse(path string, query func(string) string) (request, bool) {
	rest, ok := strings.CutPrefix(path, "/img/")
	if !ok {
		return request{}, false
	}
	parts := strings.Split(rest, "/")
	last := parts[len(parts)-1]
	var q request
	var ext string
	if i := strings.LastIndexByte(last, '.'); i > 0 {
		last, ext = last[:i], last[i:]
	} else {
		return request{}, false
	}
	parts[len(parts)-1] = last
	q.kind = parts[0]
	wantExt := ".jpg"
	switch q.kind {
	case "car":
		if len(parts) != 5 {
			return request{}, false
		}
		q.body = strings.ToLower(parts[2])
		if _, known := bodies[q.body]; !known {
			q.body = "sedan"
		}
		a, err := strconv.Atoi(parts[4])
		if err != nil || a < 0 || a > 359 || len(parts[4]) > 3 {
			return request{}, false
		}
		q.angle = a
		if !parseSeed(parts[1], &q) || !parseColour(parts[3], &q) {
			return request{}, false
		}
	case "interior", "banner":
		// A banner may name the body it shows (/img/banner/{seed}/{colour}/{body}.jpg),
		// so a dealer's hero pictures its own stock; without one the seed picks a car.
		if q.kind == "banner" && len(parts) == 4 {
			if _, known := bodies[parts[3]]; !known {
				return request{}, false
			}
			q.body, parts = parts[3], parts[:3]
		}
		if len(parts) != 3 || !parseSeed(parts[1], &q) || !parseColour(parts[2], &q) {
			return request{}, false
		}
	case "location", "map":
		if len(parts) != 2 || !parseSeed(parts[1], &q) {
			return request{}, false
		}
	case "photo":
		if len(parts) != 2 || !validPhotoKey(parts[1]) {
			return request{}, false
		}
		q.slug = parts[1]
	case "make":
		if len(parts) != 2 || !validSlug(parts[1]) {
			return request{}, false
		}
		q.slug, wantExt, q.png = parts[1], ".png", true
	case "body":
		if len(parts) != 2 || !validSlug(parts[1]) {
			return request{}, false
		}
		q.slug, wantExt, q.png = parts[1], ".png", true
		if _, known := bodies[q.slug]; !known {
			q.slug = "sedan"
		}
	default:
		return request{}, false
	}
	if ext != wantExt {
		return request{}, false
	}
	var okW, okQ bool
	q.width, okW = sizeParam(query("w"), defaultWidth[q.kind], AllowedWidth)
	q.qual, okQ = sizeParam(query("q"), defaultQual, AllowedQuality)
	if !okW || !okQ {
		return request{}, false
	}
	return q, true
}

func parseSeed(s string, q *request) bool {
	if s == "" || len(s) > 18 {
		return false
	}
	v, err := strconv.ParseUint(s, 10, 63)
	if err != nil {
		return false
	}
	q.seed = v
	return true
}

func parseColour(s string, q *request) bool {
	if len(s) != 6 {
		return false
	}
	for i := 0; i < 6; i++ {
		if !strings.ContainsRune("0123456789abcdefABCDEF", rune(s[i])) {
			return false
		}
	}
	q.colour = strings.ToLower(s)
	return true
}

func validSlug(s string) bool {
	if s == "" || len(s) > 40 {
		return false
	}
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}

// sizeParam reads a w or q parameter: absent or empty is the default; any
// value the pages never ask for is refused, so each picture is drawn at a
// handful of sizes, never at every number a URL can hold.
func sizeParam(s string, def int, allowed func(int) bool) (int, bool) {
	if s == "" {
		return def, true
	}
	if len(s) > 4 {
		return 0, false
	}
	v, err := strconv.Atoi(s)
	if err != nil || !allowed(v) {
		return 0, false
	}
	return v, true
}

// ServeHTTP answers GET and HEAD for every image URL of the scheme, and
// for the demo video.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "Method not allowed.", http.StatusMethodNotAllowed)
		return
	}
	if r.URL.Path == DemoVideoPath {
		serveDemoVideo(w, r)
		return
	}
	q, ok := parse(r.URL.Path, r.URL.Query().Get)
	if !ok {
		http.Error(w, "Image not found.", http.StatusNotFound)
		return
	}
	hdr := w.Header()
	if !q.png {
		// The same URL answers JPEG or WebP by the Accept header, so every
		// answer for it, 304s included, says so to caches on the way.
		hdr.Add("Vary", "Accept")
		q.webp = accepts(r.Header.Values("Accept"), "image/webp")
		q.avif = q.webp && q.kind == "photo" && accepts(r.Header.Values("Accept"), "image/avif")
	}
	etag := q.etag()
	hdr.Set("Cache-Control", "public, max-age=31536000, immutable")
	hdr.Set("ETag", etag)
	// The ETag follows from the URL alone, so a revalidation never draws.
	if etagMatches(r.Header.Get("If-None-Match"), etag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	data, err := h.bytes(q)
	if errors.Is(err, ErrBusy) {
		hdr.Del("ETag")
		hdr.Set("Cache-Control", "no-store")
		hdr.Set("Retry-After", "2")
		http.Error(w, "Busy drawing pictures; try again in a moment.", http.StatusServiceUnavailable)
		return
	}
	if errors.Is(err, ErrNoPhoto) {
		hdr.Del("ETag")
		hdr.Set("Cache-Control", "no-store")
		http.Error(w, "Image not found.", http.StatusNotFound)
		return
	}
	if err != nil {
		slog.Error("media: render failed", "key", q.key(), "err", err)
		http.Error(w, "Internal error.", http.StatusInternalServerError)
		return
	}
	hdr.Set("Content-Type", q.contentType(data))
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(data))
}

// contentType is the type of data, the picture drawn for q.
func (q request) contentType(data []byte) string {
	switch {
	case q.png:
		return "image/png"
	case q.avif && isAVIF(data):
		return "image/avif"
	case q.webp:
		return "image/webp"
	}
	return "image/jpeg"
}

// isAVIF reports an AVIF file (an ISO box of type ftyp naming avif).
func isAVIF(b []byte) bool {
	return len(b) >= 12 && string(b[4:8]) == "ftyp" && (string(b[8:12]) == "avif" || string(b[8:12]) == "avis")
}

// accepts reports an Accept header that names mediaType (image/webp,
// image/avif) with a non-zero weight. A bare */* or image/* does not
// count: browsers that decode WebP or AVIF name it, and a client that
// names nothing (a crawler, a PDF renderer, curl) keeps the JPEG it can
// surely read.
func accepts(values []string, mediaType string) bool {
	for _, v := range values {
		for _, part := range strings.Split(v, ",") {
			mt, params, _ := strings.Cut(part, ";")
			if !strings.EqualFold(strings.TrimSpace(mt), mediaType) {
				continue
			}
			weight := 1.0
			for _, p := range strings.Split(params, ";") {
				k, val, ok := strings.Cut(p, "=")
				if ok && strings.EqualFold(strings.TrimSpace(k), "q") {
					if f, err := strconv.ParseFloat(strings.TrimSpace(val), 64); err == nil {
						weight = f
					}
				}
			}
			if weight > 0 {
				return true
			}
		}
	}
	return false
}

func etagMatches(header, etag string) bool {
	for _, t := range strings.Split(header, ",") {
		t = strings.TrimPrefix(strings.TrimSpace(t), "W/")
		if t == etag || t == "*" {
			return true
		}
	}
	return false
}

// bytes returns the encoded image from memory, disk, or a fresh drawing;
// concurrent misses for one key share a single drawing.
func (h *Handler) bytes(q request) ([]byte, error) {
	key := q.key()
	if b, ok := h.mem.get(key); ok {
		return b, nil
	}
	v, err, _ := h.group.Do(key, func() (any, error) {
		if b, ok := h.mem.get(key); ok {
			return b, nil
		}
		path := h.diskPath(q)
		if path != "" {
			if b, ok := h.disk.read(path); ok {
				h.mem.put(key, b)
				return b, nil
			}
		}
		wait := time.NewTimer(h.drawWait)
		select {
		case h.slots <- struct{}{}:
			wait.Stop()
		case <-wait.C:
			return nil, ErrBusy
		}
		n := h.drawing.Add(1)
		for {
			if m := h.mostSeen.Load(); n <= m || h.mostSeen.CompareAndSwap(m, n) {
				break
			}
		}
		b, err := h.render(q)
		h.drawing.Add(-1)
		<-h.slots
		if err != nil {
			return nil, err
		}
		h.mem.put(key, b)
		if path != "" {
			if err := h.disk.write(path, b); err != nil {
				slog.Warn("media: disk cache write failed", "err", err)
			}
		}
		return b, nil
	})
	if err != nil {
		return nil, err
	}
	return v.([]byte), nil
}

func (h *Handler) diskPath(q request) string {
	if h.disk == nil {
		return ""
	}
	sum := sha256.Sum256([]byte(q.key()))
	name := hex.EncodeToString(sum[:16])
	ext := ".jpg"
	switch {
	case q.png:
		ext = ".png"
	case q.avif:
		ext = ".avif" // or a WebP, when that was the smaller
	case q.webp:
		ext = ".webp"
	}
	return filepath.Join(h.disk.dir, name[:2], name+ext)
}

// render draws and encodes one picture.
func (h *Handler) render(q request) (data []byte, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("drawing %s: %v", q.key(), p)
		}
	}()
	h.draws.Add(1)
	var img image.Image
	if q.kind == "photo" {
		if img, err = h.drawPhoto(q); err != nil {
			return nil, err
		}
	} else {
		img = drawPicture(q)
	}
	var buf bytes.Buffer
	switch {
	case q.png:
		err = (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&buf, img)
	case q.webp:
		err = webp.Encode(&buf, img, webp.Options{Quality: q.qual, Method: webpMethod})
		if err == nil && q.avif {
			var a bytes.Buffer
			aerr := avif.Encode(&a, img, avif.Options{Quality: max(1, q.qual-avifQualityBelowWebP), Speed: avifSpeed})
			if aerr == nil && a.Len() < buf.Len() {
				return a.Bytes(), nil
			}
			if aerr != nil {
				slog.Warn("media: AVIF not encoded; the WebP is answered", "key", q.key(), "err", aerr)
			}
		}
	default:
		err = jpeg.Encode(&buf, img, &jpeg.Options{Quality: q.qual})
	}
	return buf.Bytes(), err
}

func drawPicture(q request) image.Image {
	w := q.width
	switch q.kind {
	case "car":
		return renderCarScene(q.seed, q.body, hexRGB(q.colour), q.angle, w, w*2/3).img
	case "interior":
		return renderInterior(q.seed, hexRGB(q.colour), w, w*2/3).img
	case "location":
		return renderLocation(q.seed, w, w*2/3).img
	case "map":
		return renderMap(q.seed, w, w*2/3).img
	case "banner":
		return renderBanner(q.seed, hexRGB(q.colour), q.body, w, w*6/16).img
	case "make":
		return renderMake(q.slug, w).img
	default:
		return renderBodyIcon(q.slug, w).img
	}
}

// JPEG is the JPEG picture of an /img/ address (its query left out) at
// width and quality, from the caches when they keep it, as a GET of it
// without WebP in Accept answers. ok is false for an address that names
// no picture, a PNG, or a drawing that failed or found every slot busy.
func (h *Handler) JPEG(path string, width, quality int) (b []byte, ok bool) {
	path, _, _ = strings.Cut(path, "?")
	q, ok := parse(path, func(k string) string {
		switch k {
		case "w":
			return strconv.Itoa(width)
		case "q":
			return strconv.Itoa(quality)
		}
		return ""
	})
	if !ok || q.png {
		return nil, false
	}
	b, err := h.bytes(q)
	if err != nil {
		return nil, false
	}
	return b, true
}
