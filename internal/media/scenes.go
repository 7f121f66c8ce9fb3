package media

import (
	"image"
	"image/color"
	"image/draw"
	"math"
	"strings"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// renderInterior draws a driver's-seat view: screen, dash, wheel and seats
// upholstered in the trim colour.
func renderInterior(seed uint64, trim rgb, w, h int) *canvas {
	cv := newCanvas(w, h)
	r := newRNG(seed, "interior")
	W, H := cv.w(), cv.h()
	sky := hsl(r.between(190, 230), 0.5, r.between(0.65, 0.8))
	cv.vGradient(0, int(H*0.45), sky.scale(0.85), sky.scale(1.1))
	ground := hsl(r.between(60, 140), 0.25, r.between(0.35, 0.5))
	cv.vGradient(int(H*0.45), h, ground, ground.scale(0.7))
	dash := trim.mix(rgb{0.08, 0.08, 0.09}, 0.7)
	// Roof lining and pillars frame the windscreen.
	cv.fill(trim.mix(rgb{0.85, 0.84, 0.8}, 0.7).nrgba(1), []pt{{0, 0}, {W, 0}, {W, H * 0.1}, {0, H * 0.1}})
	cv.fill(dash.scale(0.8).nrgba(1), []pt{{0, 0}, {W * 0.12, 0}, {W * 0.02, H * 0.55}, {0, H * 0.55}})
	cv.fill(dash.scale(0.8).nrgba(1), []pt{{W, 0}, {W * 0.88, 0}, {W * 0.98, H * 0.55}, {W, H * 0.55}})
	// Dashboard.
	cv.fill(dash.nrgba(1), []pt{{0, H * 0.5}, {W * 0.3, H * 0.44}, {W * 0.7, H * 0.44}, {W, H * 0.5}, {W, H}, {0, H}})
	cv.fill(trim.nrgba(1), []pt{{0, H * 0.56}, {W, H * 0.56}, {W, H * 0.6}, {0, H * 0.6}})
	// Centre screen and vents.
	scr := hsl(r.between(190, 220), 0.6, 0.45)
	cv.fill(rgb{0.02, 0.02, 0.03}.nrgba(1), roundRect(W*0.44, H*0.47, W*0.62, H*0.6, H*0.01))
	cv.fill(scr.nrgba(1), roundRect(W*0.45, H*0.48, W*0.61, H*0.59, H*0.008))
	for i := range 3 {
		cv.fill(scr.scale(1.5).nrgba(0.8), rect(W*0.465, H*(0.5+0.025*float64(i)), W*(0.5+0.03*float64(i+1)), H*(0.51+0.025*float64(i))))
	}
	for _, x := range []float64{0.38, 0.66} {
		cv.fill(rgb{0.03, 0.03, 0.03}.nrgba(1), roundRect(W*x, H*0.63, W*(x+0.06), H*0.67, H*0.01))
	}
	// Centre console.
	cv.fill(dash.scale(1.2).nrgba(1), []pt{{W * 0.43, H * 0.68}, {W * 0.63, H * 0.68}, {W * 0.68, H}, {W * 0.38, H}})
	cv.fill(chromeCol.nrgba(1), ellipse(W*0.53, H*0.82, W*0.02, H*0.03, 20))
	// Instrument binnacle and steering wheel.
	cx, cy := W*0.26, H*0.7
	cv.fill(rgb{0.02, 0.02, 0.02}.nrgba(1), roundRect(cx-W*0.09, H*0.5, cx+W*0.09, H*0.6, H*0.03))
	for _, dx := range []float64{-0.045, 0.045} {
		cv.fill(rgb{0.9, 0.9, 0.95}.nrgba(0.9), ellipse(cx+W*dx, H*0.55, W*0.03, W*0.03, 24), reversed(ellipse(cx+W*dx, H*0.55, W*0.025, W*0.025, 24)))
	}
	rw := W * 0.16
	wheelCol := rgb{0.05, 0.05, 0.055}
	cv.fill(wheelCol.nrgba(1), ellipse(cx, cy, rw, rw*0.95, 48), reversed(ellipse(cx, cy, rw*0.84, rw*0.8, 48)))
	cv.fill(wheelCol.nrgba(1), []pt{{cx - rw*0.84, cy - rw*0.05}, {cx + rw*0.84, cy - rw*0.05}, {cx + rw*0.2, cy + rw*0.25}, {cx - rw*0.2, cy + rw*0.25}})
	cv.fill(wheelCol.nrgba(1), rect(cx-rw*0.08, cy, cx+rw*0.08, cy+rw*0.82))
	cv.fill(trim.scale(0.6).nrgba(1), ellipse(cx, cy+rw*0.05, rw*0.25, rw*0.2, 32))
	// Seat bolsters in the trim colour at the bottom edge.
	for _, sx := range []float64{0.2, 0.86} {
		cv.fill(trim.scale(0.85).nrgba(1), roundRect(W*(sx-0.16), H*0.9, W*(sx+0.16), H*1.2, W*0.05))
		cv.fill(trim.nrgba(1), roundRect(W*(sx-0.1), H*0.93, W*(sx+0.1), H*1.2, W*0.03))
	}
	return cv
}

// renderLocation draws a dealership building with a glass front, a sign band
// in a seed-chosen brand colour and a few cars out front.
func renderLocation(seed uint64, w, h int) *canvas {
	cv := newCanvas(w, h)
	r := newRNG(seed, "location")
	W, H := cv.w(), cv.h()
	sky := hsl(r.between(195, 220), r.between(0.4, 0.7), r.between(0.6, 0.75))
	hz := int(H * 0.68)
	cv.vGradient(0, hz, sky.scale(0.8), sky.scale(1.15))
	cv.vGradient(hz, h, rgb{0.45, 0.45, 0.47}, rgb{0.3, 0.3, 0.32})
	for i, n := 0, 2+r.intn(3); i < n; i++ {
		cv.glow(W*r.between(0, 1), H*r.between(0.05, 0.25), W*r.between(0.08, 0.15), H*r.between(0.03, 0.06), rgb{1, 1, 1}, 0.7)
	}
	brand := hsl(r.between(0, 360), r.between(0.6, 0.9), r.between(0.35, 0.5))
	x0, x1 := W*r.between(0.04, 0.12), W*r.between(0.86, 0.96)
	top := H * r.between(0.2, 0.3)
	base := float64(hz) + H*0.02
	cv.fill(rgb{0.88, 0.88, 0.86}.nrgba(1), rect(x0, top, x1, base))
	cv.fill(brand.nrgba(1), rect(x0-W*0.01, top, x1+W*0.01, top+H*0.1))
	cv.fill(rgb{1, 1, 1}.nrgba(0.85), rect(x0+W*0.05, top+H*0.035, x0+W*0.3, top+H*0.065))
	glassTop := top + H*0.13
	glass := rgb{0.25, 0.38, 0.5}
	cv.fill(glass.nrgba(1), rect(x0+W*0.02, glassTop, x1-W*0.02, base))
	cols := 5 + r.intn(4)
	for i := 0; i <= cols; i++ {
		x := x0 + W*0.02 + (x1-x0-W*0.04)*float64(i)/float64(cols)
		cv.fill(rgb{0.2, 0.2, 0.22}.nrgba(1), rect(x-W*0.003, glassTop, x+W*0.003, base))
	}
	cv.fill(rgb{0.7, 0.8, 0.9}.nrgba(0.25), []pt{{x0 + W*0.1, glassTop}, {x0 + W*0.25, glassTop}, {x0 + W*0.12, base}, {x0 - W*0.02, base}})
	for i := range 3 {
		paint := hsl(r.between(0, 360), r.between(0, 0.7), r.between(0.2, 0.7))
		body := bodyNames[r.intn(5)]
		m := buildCar(body, paint)
		hl, hw := carBounds(m)
		cam := newCamera(-(35 + float64(i)*25), 8, W*(0.22+0.28*float64(i)), H*0.8, W/22)
		drawCar(cv, m, cam, hl, hw)
	}
	return cv
}

// renderBanner draws a wide brand-coloured hero with shapes and a vehicle:
// the given body, or with none a car the seed picks.
func renderBanner(seed uint64, brand rgb, body string, w, h int) *canvas {
	cv := newCanvas(w, h)
	r := newRNG(seed, "banner")
	W, H := cv.w(), cv.h()
	cv.vGradient(0, h, brand.scale(1.15), brand.scale(0.55))
	for range 4 + r.intn(4) {
		rad := H * r.between(0.3, 0.9)
		cv.fill(rgb{1, 1, 1}.nrgba(r.between(0.04, 0.1)), ellipse(W*r.between(0, 1), H*r.between(0, 1), rad, rad, 48))
	}
	x := W * r.between(0.3, 0.45)
	cv.fill(rgb{0, 0, 0}.nrgba(0.15), []pt{{x, 0}, {x + W*0.2, 0}, {x + W*0.05, H}, {x - W*0.15, H}})
	cv.fill(rgb{1, 1, 1}.nrgba(0.08), []pt{{x + W*0.25, 0}, {x + W*0.3, 0}, {x + W*0.15, H}, {x + W*0.1, H}})
	// The seed still picks a car first, so a banner without a body draws
	// the same picture as before bodies could be named.
	if picked := bodyNames[r.intn(len(bodyNames)-1)]; body == "" {
		body = picked
	}
	paint := brand.mix(rgb{1, 1, 1}, 0.15)
	if brand.luma() > 0.6 {
		paint = brand.scale(0.4)
	}
	m := buildCar(body, paint)
	hl, hw := carBounds(m)
	// A body longer than any car (a caravan with its drawbar) is drawn
	// smaller and further left, so all of it stays in the picture.
	cx, scale := W*0.7, H/4.4
	if b := bodies[body]; b.refLen > 6 {
		cx, scale = W*0.64, scale*5.2/b.refLen
	}
	cam := newCamera(-35, 8, cx, H*0.56, scale)
	drawCar(cv, m, cam, hl, hw)
	return cv
}

var (
	fontOnce sync.Once
	boldFont *opentype.Font
)

func textFace(size float64) font.Face {
	fontOnce.Do(func() {
		f, err := opentype.Parse(gobold.TTF)
		if err == nil {
			boldFont = f
		}
	})
	if boldFont == nil {
		return nil
	}
	face, err := opentype.NewFace(boldFont, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		return nil
	}
	return face
}

// drawText centres text on (cx, cy), shrinking it to fit maxW.
func drawText(img draw.Image, text string, cx, cy, size, maxW float64, col color.Color) {
	face := textFace(size)
	if face == nil {
		return
	}
	adv := float64(font.MeasureString(face, text)) / 64
	if adv > maxW {
		face.Close()
		size *= maxW / adv
		face = textFace(size)
		if face == nil {
			return
		}
		adv = float64(font.MeasureString(face, text)) / 64
	}
	defer face.Close()
	m := face.Metrics()
	asc, desc := float64(m.Ascent)/64, float64(m.Descent)/64
	d := font.Drawer{Dst: img, Src: image.NewUniform(col), Face: face,
		Dot: fixed.P(int(cx-adv/2), int(cy+(asc-desc)/2))}
	d.DrawString(text)
}

// makeInfo is what a logo tile shows for well-known makes: every make of
// the demo stock has one; any other make (the trade-in form lists every
// make sold in Australia) gets a monogram of its initials.
type makeInfo struct {
	name   string
	colour string
}

var knownMakes = map[string]makeInfo{
	"toyota": {"TOYOTA", "eb0a1e"}, "mazda": {"MAZDA", "101010"}, "ford": {"Ford", "133a7c"},
	"hyundai": {"HYUNDAI", "002c5f"}, "kia": {"KIA", "05141f"}, "mitsubishi": {"MITSUBISHI", "d40000"},
	"nissan": {"NISSAN", "4a4a4a"}, "subaru": {"SUBARU", "013c74"}, "volkswagen": {"VW", "001e50"},
	"honda": {"HONDA", "cc0000"}, "isuzu": {"ISUZU", "c8102e"}, "mg": {"MG", "8b1a1a"},
	"suzuki": {"SUZUKI", "1b3f94"}, "holden": {"HOLDEN", "a6192e"}, "bmw": {"BMW", "1c69d4"},
	"mercedes-benz": {"Mercedes-Benz", "222222"}, "audi": {"AUDI", "2b2b2b"}, "land-rover": {"LAND ROVER", "005a2b"},
	"jeep": {"Jeep", "3b4a2a"}, "lexus": {"LEXUS", "1a1a1a"}, "tesla": {"TESLA", "cc0000"},
	"volvo": {"VOLVO", "003057"}, "skoda": {"ŠKODA", "0e3a2f"}, "renault": {"RENAULT", "efdf00"},
	"peugeot": {"PEUGEOT", "1f1f1f"}, "ldv": {"LDV", "003a70"}, "gwm": {"GWM", "a4001d"},
	"byd": {"BYD", "2f3a45"}, "jayco": {"JAYCO", "0a5c36"}, "chery": {"CHERY", "b00020"},
	"coromal": {"COROMAL", "00457c"}, "crusader": {"CRUSADER", "7a1f1f"}, "lotus": {"LOTUS", "1e4d2b"},
	"new-age": {"NEW AGE", "2a2a2a"}, "retreat": {"RETREAT", "5a4632"},
}

// makeLabel picks the tile text: the make's name when known, else its initials.
func makeLabel(slug string) (string, rgb) {
	if mi, ok := knownMakes[slug]; ok {
		return mi.name, hexRGB(mi.colour)
	}
	var initials []rune
	for _, part := range strings.Split(slug, "-") {
		if part != "" {
			initials = append(initials, []rune(strings.ToUpper(part[:1]))...)
		}
		if len(initials) == 3 {
			break
		}
	}
	var h uint64 = 7
	for i := 0; i < len(slug); i++ {
		h = h*31 + uint64(slug[i])
	}
	return string(initials), hsl(float64(h%360), 0.55, 0.38)
}

// renderMake draws a rounded logo tile on a transparent background.
func renderMake(slug string, w int) *canvas {
	cv := newCanvas(w, w)
	W := cv.w()
	label, col := makeLabel(slug)
	cv.fill(col.nrgba(1), roundRect(W*0.04, W*0.04, W*0.96, W*0.96, W*0.18))
	cv.fill(rgb{1, 1, 1}.nrgba(0.12), roundRect(W*0.04, W*0.04, W*0.96, W*0.5, W*0.18))
	size := W * 0.42
	if len([]rune(label)) > 3 {
		size = W * 0.22
	}
	drawText(cv.img, label, W/2, W/2, size, W*0.8, color.White)
	return cv
}

// renderBodyIcon draws the side outline of a body type as a line icon.
func renderBodyIcon(body string, w int) *canvas {
	h := w * 5 / 8
	cv := newCanvas(w, h)
	b, ok := bodies[body]
	if !ok {
		b = bodies["sedan"]
	}
	prof := b.profile()
	ref := b.refLen
	if body == "caravan" {
		ref = 6.2
	}
	s := cv.w() * 0.86 / ref
	ox := cv.w() / 2
	oy := cv.h() * 0.8
	var line []pt
	for _, p := range prof {
		line = append(line, pt{ox + p.X*s, oy - p.Y*s})
	}
	ink := rgb{0.16, 0.18, 0.22}.nrgba(1)
	lw := math.Max(1.5, cv.w()/55)
	cv.stroke(ink, lw, true, line...)
	for _, wx := range b.wheels {
		c := pt{ox + wx*s, oy - b.r*s}
		cv.stroke(ink, lw, true, ellipse(c.X, c.Y, b.r*s*0.92, b.r*s*0.92, 32)...)
		cv.fill(ink, ellipse(c.X, c.Y, b.r*s*0.3, b.r*s*0.3, 16))
	}
	gh := greenhouse(prof, b.belt)
	if len(gh) >= 3 {
		gh = clipX(clipX(inset(gh, 0.08), b.winMin, true), b.winMax, false)
		var q []pt
		for _, p := range gh {
			q = append(q, pt{ox + p.X*s, oy - p.Y*s})
		}
		if len(q) >= 3 {
			cv.stroke(ink, lw*0.7, true, q...)
		}
	}
	if body == "cab-chassis" || body == "caravan" {
		for _, f := range buildCar(body, rgb{}).faces {
			if f.normal.Z <= 0.5 || len(f.pts) != 4 {
				continue
			}
			var q []pt
			for _, p := range f.pts {
				q = append(q, pt{ox + p.X*s, oy - p.Y*s})
			}
			cv.stroke(ink, lw*0.7, true, q...)
		}
	}
	return cv
}
