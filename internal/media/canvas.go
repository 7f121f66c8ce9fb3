package media

import (
	"image"
	"image/color"
	"math"

	"golang.org/x/image/vector"
)

// pt is a point in pixel space.
type pt struct{ X, Y float64 }

// rgb is a linear-ish colour in 0..1 used for shading arithmetic before it
// is quantised to 8 bits.
type rgb struct{ R, G, B float64 }

func (c rgb) scale(k float64) rgb { return rgb{c.R * k, c.G * k, c.B * k} }

func (c rgb) mix(d rgb, t float64) rgb {
	return rgb{c.R + (d.R-c.R)*t, c.G + (d.G-c.G)*t, c.B + (d.B-c.B)*t}
}

func clamp01(v float64) float64 { return math.Max(0, math.Min(1, v)) }

func (c rgb) nrgba(alpha float64) color.NRGBA {
	return color.NRGBA{
		uint8(clamp01(c.R)*255 + 0.5),
		uint8(clamp01(c.G)*255 + 0.5),
		uint8(clamp01(c.B)*255 + 0.5),
		uint8(clamp01(alpha)*255 + 0.5),
	}
}

// luma is the perceived brightness, used to pick contrasting detail colours.
func (c rgb) luma() float64 { return 0.299*c.R + 0.587*c.G + 0.114*c.B }

func hexRGB(s string) rgb {
	var v [3]float64
	for i := range 3 {
		v[i] = float64(hexNibble(s[2*i])<<4|hexNibble(s[2*i+1])) / 255
	}
	return rgb{v[0], v[1], v[2]}
}

func hexNibble(b byte) int {
	switch {
	case b >= '0' && b <= '9':
		return int(b - '0')
	case b >= 'a' && b <= 'f':
		return int(b-'a') + 10
	case b >= 'A' && b <= 'F':
		return int(b-'A') + 10
	}
	return 0
}

// hsl builds a colour from hue (degrees), saturation and lightness.
func hsl(h, s, l float64) rgb {
	h = math.Mod(h, 360)
	if h < 0 {
		h += 360
	}
	c := (1 - math.Abs(2*l-1)) * s
	x := c * (1 - math.Abs(math.Mod(h/60, 2)-1))
	m := l - c/2
	var r, g, b float64
	switch {
	case h < 60:
		r, g, b = c, x, 0
	case h < 120:
		r, g, b = x, c, 0
	case h < 180:
		r, g, b = 0, c, x
	case h < 240:
		r, g, b = 0, x, c
	case h < 300:
		r, g, b = x, 0, c
	default:
		r, g, b = c, 0, x
	}
	return rgb{r + m, g + m, b + m}
}

// canvas wraps an RGBA image with an anti-aliasing rasterizer. Every shape is
// rasterized only inside its own bounding box, so many small shapes on a
// large image stay cheap.
type canvas struct {
	img *image.RGBA
	z   vector.Rasterizer
	buf []pt
}

func newCanvas(w, h int) *canvas {
	return &canvas{img: image.NewRGBA(image.Rect(0, 0, w, h))}
}

func (c *canvas) w() float64 { return float64(c.img.Rect.Dx()) }
func (c *canvas) h() float64 { return float64(c.img.Rect.Dy()) }

// fill paints one or more closed contours with nonzero winding, so a contour
// drawn in the opposite direction cuts a hole.
func (c *canvas) fill(col color.NRGBA, contours ...[]pt) {
	if col.A == 0 {
		return
	}
	minX, minY := math.Inf(1), math.Inf(1)
	maxX, maxY := math.Inf(-1), math.Inf(-1)
	n := 0
	for _, p := range contours {
		for _, q := range p {
			if math.IsNaN(q.X) || math.IsNaN(q.Y) || math.IsInf(q.X, 0) || math.IsInf(q.Y, 0) {
				return
			}
			minX, maxX = math.Min(minX, q.X), math.Max(maxX, q.X)
			minY, maxY = math.Min(minY, q.Y), math.Max(maxY, q.Y)
		}
		n += len(p)
	}
	if n < 3 {
		return
	}
	r := image.Rect(int(math.Floor(minX)), int(math.Floor(minY)), int(math.Ceil(maxX))+1, int(math.Ceil(maxY))+1).Intersect(c.img.Rect)
	if r.Empty() {
		return
	}
	c.z.Reset(r.Dx(), r.Dy())
	ox, oy := float64(r.Min.X), float64(r.Min.Y)
	for _, p := range contours {
		if len(p) < 3 {
			continue
		}
		c.z.MoveTo(float32(p[0].X-ox), float32(p[0].Y-oy))
		for _, q := range p[1:] {
			c.z.LineTo(float32(q.X-ox), float32(q.Y-oy))
		}
		c.z.ClosePath()
	}
	c.z.Draw(c.img, r, image.NewUniform(col), image.Point{})
}

// ellipse returns a polygon approximating an ellipse.
func ellipse(cx, cy, rx, ry float64, n int) []pt {
	p := make([]pt, n)
	for i := range n {
		a := 2 * math.Pi * float64(i) / float64(n)
		p[i] = pt{cx + rx*math.Cos(a), cy + ry*math.Sin(a)}
	}
	return p
}

func reversed(p []pt) []pt {
	q := make([]pt, len(p))
	for i := range p {
		q[len(p)-1-i] = p[i]
	}
	return q
}

// roundRect returns a rounded rectangle contour.
func roundRect(x0, y0, x1, y1, r float64) []pt {
	r = math.Min(r, math.Min((x1-x0)/2, (y1-y0)/2))
	var p []pt
	corner := func(cx, cy, a0 float64) {
		for i := 0; i <= 6; i++ {
			a := a0 + math.Pi/2*float64(i)/6
			p = append(p, pt{cx + r*math.Cos(a), cy + r*math.Sin(a)})
		}
	}
	corner(x1-r, y0+r, -math.Pi/2)
	corner(x1-r, y1-r, 0)
	corner(x0+r, y1-r, math.Pi/2)
	corner(x0+r, y0+r, math.Pi)
	return p
}

func rect(x0, y0, x1, y1 float64) []pt {
	return []pt{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}
}

// stroke paints a polyline of the given width with round joins and caps.
func (c *canvas) stroke(col color.NRGBA, width float64, closed bool, p ...pt) {
	hw := width / 2
	segs := len(p) - 1
	if closed {
		segs = len(p)
	}
	// One combined path keeps overlapping joins from double-blending alpha.
	var contours [][]pt
	for i := range segs {
		a, b := p[i], p[(i+1)%len(p)]
		dx, dy := b.X-a.X, b.Y-a.Y
		l := math.Hypot(dx, dy)
		if l == 0 {
			continue
		}
		nx, ny := -dy/l*hw, dx/l*hw
		q := []pt{{a.X + nx, a.Y + ny}, {b.X + nx, b.Y + ny}, {b.X - nx, b.Y - ny}, {a.X - nx, a.Y - ny}}
		if signedArea(q) < 0 {
			q = reversed(q)
		}
		contours = append(contours, q)
	}
	for _, q := range p {
		contours = append(contours, ellipse(q.X, q.Y, hw, hw, 12))
	}
	for i, q := range contours {
		if signedArea(q) < 0 {
			contours[i] = reversed(q)
		}
	}
	c.fill(col, contours...)
}

func signedArea(p []pt) float64 {
	var a float64
	for i := range p {
		j := (i + 1) % len(p)
		a += p[i].X*p[j].Y - p[j].X*p[i].Y
	}
	return a / 2
}

// vGradient fills rows y0..y1 of the canvas with a vertical blend a→b. It
// writes pixels directly: backgrounds cover the whole image and must be cheap.
func (c *canvas) vGradient(y0, y1 int, a, b rgb) {
	r := c.img.Rect
	y0, y1 = max(y0, r.Min.Y), min(y1, r.Max.Y)
	span := float64(max(1, y1-y0-1))
	for y := y0; y < y1; y++ {
		col := a.mix(b, float64(y-y0)/span).nrgba(1)
		row := c.img.Pix[c.img.PixOffset(r.Min.X, y) : c.img.PixOffset(r.Min.X, y)+4*r.Dx()]
		for i := 0; i < len(row); i += 4 {
			row[i], row[i+1], row[i+2], row[i+3] = col.R, col.G, col.B, 255
		}
	}
}

// glow paints a soft ellipse as a few stacked translucent layers, a cheap
// stand-in for a blurred light.
func (c *canvas) glow(cx, cy, rx, ry float64, col rgb, alpha float64) {
	const layers = 5
	for i := range layers {
		k := 1 - float64(i)/layers
		c.fill(col.nrgba(alpha/layers), ellipse(cx, cy, rx*k, ry*k, 32))
	}
}

// rng is a small deterministic generator (splitmix64): the same seed must
// give the same picture on every machine and Go version.
type rng struct{ s uint64 }

func newRNG(seed uint64, salt string) *rng {
	h := uint64(1469598103934665603)
	for i := 0; i < len(salt); i++ {
		h ^= uint64(salt[i])
		h *= 1099511628211
	}
	return &rng{s: seed*0x9e3779b97f4a7c15 ^ h}
}

func (r *rng) next() uint64 {
	r.s += 0x9e3779b97f4a7c15
	z := r.s
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// float returns a value in [0,1).
func (r *rng) float() float64 { return float64(r.next()>>11) / (1 << 53) }

func (r *rng) between(a, b float64) float64 { return a + (b-a)*r.float() }

func (r *rng) intn(n int) int { return int(r.next() % uint64(n)) }
