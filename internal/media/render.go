package media

import (
	"math"
	"sort"
)

// camera projects model space onto the canvas with a gentle perspective.
type camera struct {
	cosY, sinY float64 // yaw
	cosE, sinE float64 // elevation
	dist       float64
	cx, cy     float64 // canvas point under the model's centre
	scale      float64 // pixels per metre
	centreY    float64 // model height placed at cy
	light      v3      // in camera space
}

func newCamera(yawDeg, elevDeg, cx, cy, scale float64) *camera {
	y, e := yawDeg*math.Pi/180, elevDeg*math.Pi/180
	return &camera{
		cosY: math.Cos(y), sinY: math.Sin(y), cosE: math.Cos(e), sinE: math.Sin(e),
		dist: 11, cx: cx, cy: cy, scale: scale, centreY: 0.75,
		light: v3{-0.35, 0.75, 0.55}.norm(),
	}
}

// toCam rotates a model point into camera space (+z towards the viewer).
func (c *camera) toCam(p v3) v3 {
	x := p.X*c.cosY + p.Z*c.sinY
	z := -p.X*c.sinY + p.Z*c.cosY
	y := p.Y - c.centreY
	return v3{x, y*c.cosE - z*c.sinE, y*c.sinE + z*c.cosE}
}

func (c *camera) dir(n v3) v3 {
	x := n.X*c.cosY + n.Z*c.sinY
	z := -n.X*c.sinY + n.Z*c.cosY
	return v3{x, n.Y*c.cosE - z*c.sinE, n.Y*c.sinE + z*c.cosE}
}

func (c *camera) screen(q v3) pt {
	k := c.dist / (c.dist - q.Z)
	return pt{c.cx + q.X*k*c.scale, c.cy - q.Y*k*c.scale}
}

func (c *camera) project(ps []v3) []pt {
	out := make([]pt, len(ps))
	for i, p := range ps {
		out[i] = c.screen(c.toCam(p))
	}
	return out
}

func (c *camera) facing(p, n v3) bool {
	q := c.toCam(p)
	view := v3{0, 0, c.dist}.sub(q)
	return c.dir(n).dot(view) > 1e-6
}

// shade lights a surface colour: soft ambient, diffuse and a sheen on glossy
// paint. The constants keep a side panel close to its true colour.
func (c *camera) shade(col rgb, n v3, gloss float64) rgb {
	nc := c.dir(n)
	d := math.Max(0, nc.dot(c.light))
	out := col.scale(0.78 + 0.32*d)
	if gloss > 0 {
		h := v3{c.light.X, c.light.Y, c.light.Z + 1}.norm()
		s := math.Pow(math.Max(0, nc.dot(h)), 24) * 0.25 * gloss
		out = out.mix(rgb{1, 1, 1}, s)
	}
	return out
}

func centroidDepth(c *camera, ps []v3) float64 {
	var z float64
	for _, p := range ps {
		z += c.toCam(p).Z
	}
	return z / float64(len(ps))
}

// drawCar paints the shadow, wheels and body of a model, far to near.
func drawCar(cv *canvas, m *carModel, cam *camera, halfL, halfW float64) {
	// Soft contact shadow: the footprint on the floor, spread in layers.
	for i := 3; i >= 0; i-- {
		g := 0.12 * float64(i)
		fp := []v3{{halfL + g, 0, halfW + g}, {-halfL - g, 0, halfW + g}, {-halfL - g, 0, -halfW - g}, {halfL + g, 0, -halfW - g}}
		cv.fill(rgb{0, 0, 0}.nrgba(0.16), cam.project(fp))
	}
	ws := append([]wheel{}, m.wheels...)
	sort.SliceStable(ws, func(i, j int) bool {
		return cam.toCam(ws[i].c).Z < cam.toCam(ws[j].c).Z
	})
	for _, wl := range m.wells {
		cv.fill(rgb{0.04, 0.04, 0.045}.nrgba(1), cam.project(wl))
	}
	for _, w := range ws {
		drawWheel(cv, cam, w)
	}
	type item struct {
		f     *face
		z, gz float64
	}
	var items []item
	groupZ := map[int][2]float64{}
	for i := range m.faces {
		f := &m.faces[i]
		if len(f.pts) < 3 || !cam.facing(f.pts[0], f.normal) {
			continue
		}
		z := centroidDepth(cam, f.pts)
		items = append(items, item{f: f, z: z})
		if f.group != 0 {
			g := groupZ[f.group]
			groupZ[f.group] = [2]float64{g[0] + z, g[1] + 1}
		}
	}
	// A rounded run is painted as one unit, then its lamps on top, so the
	// lamps are not hidden by the run's own later facets.
	for i := range items {
		items[i].gz = items[i].z
		if g := items[i].f.group; g != 0 {
			items[i].gz = groupZ[g][0] / groupZ[g][1]
		}
	}
	sort.SliceStable(items, func(i, j int) bool {
		if items[i].gz != items[j].gz {
			return items[i].gz < items[j].gz
		}
		return items[i].z < items[j].z
	})
	var pending []decal
	var pendingN v3
	flush := func() {
		for _, d := range pending {
			col := d.col
			if !d.flat {
				col = cam.shade(col, pendingN, 0.3)
			}
			cv.fill(col.nrgba(d.alpha), cam.project(d.pts))
		}
		pending = nil
	}
	for k, it := range items {
		f := it.f
		cv.fill(cam.shade(f.col, f.normal, f.gloss).nrgba(1), cam.project(f.pts))
		if len(f.decals) > 0 {
			pending = append(pending, f.decals...)
			pendingN = f.normal
		}
		if f.group == 0 || k+1 == len(items) || items[k+1].f.group != f.group {
			flush()
		}
	}
}

func drawWheel(cv *canvas, cam *camera, w wheel) {
	const n = 20
	out := w.c.Z + w.side*0.11
	in := w.c.Z - w.side*0.11
	ring := func(r, z float64) []v3 {
		p := make([]v3, n)
		for i := range n {
			a := 2 * math.Pi * float64(i) / n
			p[i] = v3{w.c.X + r*math.Cos(a), w.c.Y + r*math.Sin(a), z}
		}
		return p
	}
	ro, ri := ring(w.r, out), ring(w.r, in)
	cv.fill(tyreCol.nrgba(1), cam.project(ri))
	for i := range n {
		j := (i + 1) % n
		q := []v3{ro[i], ro[j], ri[j], ri[i]}
		mid := lerp3(ro[i], ro[j], 0.5).sub(w.c)
		nrm := v3{mid.X, mid.Y, 0}.norm()
		if !cam.facing(q[0], nrm) {
			continue
		}
		cv.fill(cam.shade(tyreCol.scale(1.6), nrm, 0).nrgba(1), cam.project(q))
	}
	nrm := v3{0, 0, w.side}
	if !cam.facing(ro[0], nrm) {
		return
	}
	cv.fill(cam.shade(tyreCol.scale(1.4), nrm, 0).nrgba(1), cam.project(ro))
	z := out + w.side*0.004
	cv.fill(cam.shade(rimCol, nrm, 0.5).nrgba(1), cam.project(ring(w.r*0.66, z)))
	// Five spoke gaps.
	for k := range 5 {
		a0 := 2*math.Pi*float64(k)/5 + 0.22
		a1 := a0 + 2*math.Pi/5 - 0.44
		var gap []v3
		for t := 0; t <= 4; t++ {
			a := a0 + (a1-a0)*float64(t)/4
			gap = append(gap, v3{w.c.X + w.r*0.58*math.Cos(a), w.c.Y + w.r*0.58*math.Sin(a), z})
		}
		am := (a0 + a1) / 2
		gap = append(gap, v3{w.c.X + w.r*0.2*math.Cos(am), w.c.Y + w.r*0.2*math.Sin(am), z})
		cv.fill(rgb{0.16, 0.16, 0.18}.nrgba(1), cam.project(gap))
	}
	cv.fill(cam.shade(rimCol.scale(0.8), nrm, 0).nrgba(1), cam.project(ring(w.r*0.14, z)))
}

// carBounds gives half length and half width of the whole model for framing.
func carBounds(m *carModel) (halfL, halfW float64) {
	for _, f := range m.faces {
		for _, p := range f.pts {
			halfL = math.Max(halfL, math.Abs(p.X))
			halfW = math.Max(halfW, math.Abs(p.Z))
		}
	}
	return
}

// renderCarScene draws a full showroom photo of one car.
func renderCarScene(seed uint64, body string, paint rgb, angle int, w, h int) *canvas {
	cv := newCanvas(w, h)
	r := newRNG(seed, "car")
	hue := r.between(0, 360)
	sat := r.between(0.05, 0.25)
	wall := hsl(hue, sat, r.between(0.72, 0.9))
	horizon := int(float64(h) * r.between(0.5, 0.6))
	cv.vGradient(0, horizon, wall.scale(1.05), wall.scale(0.88))
	floor := hsl(hue+r.between(-30, 30), sat*0.6, r.between(0.55, 0.8))
	cv.vGradient(horizon, h, floor.scale(0.82), floor.scale(1.06))
	W, H := cv.w(), cv.h()
	// Wall panels and ceiling lights, placed by the seed.
	panels := 3 + r.intn(5)
	for i := 1; i < panels; i++ {
		x := W * float64(i) / float64(panels)
		cv.fill(wall.scale(0.8).nrgba(0.35), rect(x-W*0.002, 0, x+W*0.002, float64(horizon)))
	}
	for i, n := 0, 2+r.intn(3); i < n; i++ {
		cv.glow(W*r.between(0.1, 0.9), H*r.between(0.05, 0.3), W*r.between(0.08, 0.18), H*r.between(0.05, 0.12), rgb{1, 1, 0.97}, 0.35)
	}
	cv.fill(floor.scale(0.7).nrgba(0.5), rect(0, float64(horizon)-H*0.003, W, float64(horizon)+H*0.003))

	b, ok := bodies[body]
	if !ok {
		b = bodies["sedan"]
	}
	m := buildCar(body, paint)
	halfL, halfW := carBounds(m)
	scale := 0.86 * W / b.refLen
	elev := 9 + r.between(0, 5)
	cam := newCamera(-(35 + float64(angle)), elev, W*0.5, H*0.54, scale)
	drawCar(cv, m, cam, halfL, halfW)
	return cv
}
