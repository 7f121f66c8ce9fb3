package media

import (
	"math"
	"sort"
)

// A car is modelled as a few extruded side profiles ("parts") seen by a
// camera that orbits it, so that 36 frames at 10° steps read as a real turn.
// Units are metres; x runs rearward→forward, y up from the ground, z across.

// Surface kinds of the profile edges; each maps to a material and decals.
const (
	sPaint  = iota
	sGlass  // windscreen, rear window
	sFront  // upper nose: headlights and grille
	sBumper // lower front: intake
	sRear   // tail: lights
	sRBump  // rear bumper: number plate
	sCabin  // open cabin of a convertible
	sTray   // ute tub cover
	sTrim   // black plastic
	sArch   // wheel arch: left open so the wheel shows through
	sAlloy  // aluminium tray
)

type vpt struct {
	X, Y float64
	S    int // surface of the edge from this point to the next
}

type bodySpec struct {
	top     []vpt     // front-bottom over the top to rear-bottom
	wheels  []float64 // wheel centre x positions
	r       float64   // wheel radius
	halfW   float64
	belt    float64   // window sill height
	pillars []float64 // x of pillars splitting the side glass
	winMin  float64   // side glass only between winMin..winMax
	winMax  float64
	doors   []float64 // x of door shut lines
	refLen  float64   // framing length, fixed per body so spins don't pulse
	extra   func(b *carModel, paint rgb)
	boxy    bool // no glass taper (vans, caravans)
}

var bodies = map[string]*bodySpec{
	"sedan": {
		top: []vpt{{2.33, 0.24, sBumper}, {2.38, 0.52, sFront}, {2.22, 0.74, sPaint}, {0.95, 0.88, sGlass}, {0.2, 1.40, sPaint},
			{-0.85, 1.42, sGlass}, {-1.75, 1.0, sPaint}, {-2.32, 0.97, sRear}, {-2.36, 0.55, sRBump}, {-2.3, 0.24, sPaint}},
		wheels: []float64{1.45, -1.38}, r: 0.33, halfW: 0.91, belt: 0.92,
		pillars: []float64{-0.28}, winMin: -9, winMax: 9, doors: []float64{0.9, -0.3, -1.25}, refLen: 5.2,
	},
	"hatch": {
		top: []vpt{{2.03, 0.24, sBumper}, {2.08, 0.52, sFront}, {1.92, 0.74, sPaint}, {0.9, 0.9, sGlass}, {0.1, 1.45, sPaint},
			{-1.62, 1.42, sGlass}, {-1.98, 0.95, sRear}, {-2.06, 0.55, sRBump}, {-2.0, 0.24, sPaint}},
		wheels: []float64{1.25, -1.3}, r: 0.32, halfW: 0.87, belt: 0.94,
		pillars: []float64{-0.35, -1.3}, winMin: -9, winMax: 9, doors: []float64{0.85, -0.35, -1.25}, refLen: 5.2,
	},
	"wagon": {
		top: []vpt{{2.38, 0.25, sBumper}, {2.43, 0.53, sFront}, {2.27, 0.76, sPaint}, {1.0, 0.9, sGlass}, {0.25, 1.46, sPaint},
			{-2.1, 1.45, sGlass}, {-2.35, 1.0, sRear}, {-2.42, 0.55, sRBump}, {-2.36, 0.25, sPaint}},
		wheels: []float64{1.5, -1.4}, r: 0.33, halfW: 0.91, belt: 0.94,
		pillars: []float64{-0.3, -1.45}, winMin: -9, winMax: 9, doors: []float64{0.95, -0.3, -1.3}, refLen: 5.2,
	},
	"suv": {
		top: []vpt{{2.32, 0.34, sBumper}, {2.38, 0.68, sFront}, {2.25, 0.96, sPaint}, {1.0, 1.1, sGlass}, {0.3, 1.68, sPaint},
			{-2.05, 1.7, sGlass}, {-2.28, 1.14, sRear}, {-2.36, 0.68, sRBump}, {-2.3, 0.34, sPaint}},
		wheels: []float64{1.45, -1.42}, r: 0.38, halfW: 0.95, belt: 1.14,
		pillars: []float64{-0.35, -1.5}, winMin: -9, winMax: 9, doors: []float64{0.95, -0.35, -1.35}, refLen: 5.2,
		extra: roofRails,
	},
	"ute": {
		top: []vpt{{2.62, 0.34, sBumper}, {2.66, 0.7, sFront}, {2.55, 0.99, sPaint}, {1.35, 1.12, sGlass}, {0.75, 1.8, sPaint},
			{-0.35, 1.82, sGlass}, {-0.42, 1.16, sTray}, {-2.6, 1.14, sRear}, {-2.65, 0.68, sRBump}, {-2.6, 0.34, sPaint}},
		wheels: []float64{1.72, -1.55}, r: 0.38, halfW: 0.94, belt: 1.16,
		pillars: []float64{0.3}, winMin: -0.3, winMax: 9, doors: []float64{1.2, 0.3, -0.4}, refLen: 5.9,
		extra: sportsBar,
	},
	"cab-chassis": {
		top: []vpt{{2.62, 0.34, sBumper}, {2.66, 0.7, sFront}, {2.55, 0.99, sPaint}, {1.35, 1.12, sGlass}, {0.75, 1.8, sPaint},
			{-0.35, 1.82, sGlass}, {-0.42, 1.16, sPaint}, {-0.45, 0.45, sPaint}},
		wheels: []float64{1.72, -1.55}, r: 0.38, halfW: 0.94, belt: 1.16,
		pillars: []float64{0.3}, winMin: -0.3, winMax: 9, doors: []float64{1.2, 0.3, -0.4}, refLen: 5.9,
		extra: alloyTray,
	},
	"van": {
		top: []vpt{{2.58, 0.3, sBumper}, {2.62, 0.64, sFront}, {2.45, 0.96, sPaint}, {1.85, 1.16, sGlass}, {1.1, 1.96, sPaint},
			{-2.52, 2.02, sRear}, {-2.58, 0.64, sRBump}, {-2.52, 0.3, sPaint}},
		wheels: []float64{1.8, -1.65}, r: 0.36, halfW: 0.98, belt: 1.16,
		pillars: []float64{}, winMin: 0.9, winMax: 9, doors: []float64{1.65, 0.85, -0.45}, refLen: 5.8, boxy: true,
	},
	"people-mover": {
		top: []vpt{{2.48, 0.27, sBumper}, {2.53, 0.57, sFront}, {2.35, 0.86, sPaint}, {1.55, 1.0, sGlass}, {0.85, 1.74, sPaint},
			{-2.3, 1.78, sGlass}, {-2.45, 1.06, sRear}, {-2.52, 0.57, sRBump}, {-2.46, 0.27, sPaint}},
		wheels: []float64{1.6, -1.55}, r: 0.34, halfW: 0.95, belt: 1.04,
		pillars: []float64{0.55, -0.6, -1.7}, winMin: -9, winMax: 9, doors: []float64{1.2, 0.55, -0.7}, refLen: 5.5, boxy: true,
	},
	"coupe": {
		top: []vpt{{2.23, 0.22, sBumper}, {2.28, 0.48, sFront}, {2.1, 0.68, sPaint}, {0.75, 0.82, sGlass}, {-0.05, 1.28, sPaint},
			{-0.7, 1.28, sGlass}, {-1.95, 0.92, sPaint}, {-2.22, 0.9, sRear}, {-2.27, 0.52, sRBump}, {-2.2, 0.22, sPaint}},
		wheels: []float64{1.4, -1.35}, r: 0.33, halfW: 0.92, belt: 0.86,
		pillars: []float64{-0.75}, winMin: -9, winMax: 9, doors: []float64{0.75, -0.8}, refLen: 5.2,
	},
	"convertible": {
		top: []vpt{{2.23, 0.22, sBumper}, {2.28, 0.48, sFront}, {2.1, 0.68, sPaint}, {0.75, 0.82, sGlass}, {0.3, 1.16, sTrim},
			{0.24, 1.15, sGlass}, {0.15, 0.86, sCabin}, {-1.2, 0.87, sPaint}, {-2.22, 0.9, sRear}, {-2.27, 0.52, sRBump}, {-2.2, 0.22, sPaint}},
		wheels: []float64{1.4, -1.35}, r: 0.33, halfW: 0.92, belt: 0.84,
		pillars: []float64{}, winMin: 9, winMax: 9, doors: []float64{0.75, -0.8}, refLen: 5.2,
		extra: openCabin,
	},
	"caravan": {
		top: []vpt{{2.3, 0.5, sPaint}, {2.42, 1.8, sPaint}, {2.15, 2.45, sPaint}, {-2.35, 2.5, sPaint}, {-2.45, 2.3, sRear},
			{-2.45, 0.5, sPaint}},
		wheels: []float64{-0.2}, r: 0.33, halfW: 1.15, belt: 1.35,
		pillars: []float64{}, winMin: 9, winMax: 9, doors: []float64{}, refLen: 7.2, boxy: true,
		extra: caravanDetails,
	},
}

// bodyNames lists the body types in a stable order.
var bodyNames = []string{"sedan", "hatch", "wagon", "suv", "ute", "van", "coupe", "convertible", "people-mover", "cab-chassis", "caravan"}

type v3 struct{ X, Y, Z float64 }

func (a v3) add(b v3) v3          { return v3{a.X + b.X, a.Y + b.Y, a.Z + b.Z} }
func (a v3) sub(b v3) v3          { return v3{a.X - b.X, a.Y - b.Y, a.Z - b.Z} }
func (a v3) mul(k float64) v3     { return v3{a.X * k, a.Y * k, a.Z * k} }
func (a v3) dot(b v3) float64     { return a.X*b.X + a.Y*b.Y + a.Z*b.Z }
func lerp3(a, b v3, t float64) v3 { return a.add(b.sub(a).mul(t)) }
func (a v3) norm() v3 {
	l := math.Sqrt(a.dot(a))
	if l == 0 {
		return a
	}
	return a.mul(1 / l)
}
func cross(a, b v3) v3 {
	return v3{a.Y*b.Z - a.Z*b.Y, a.Z*b.X - a.X*b.Z, a.X*b.Y - a.Y*b.X}
}

// decal is a flat shape lying on a face, drawn right after it.
type decal struct {
	pts   []v3
	col   rgb
	alpha float64
	flat  bool // unlit colour (lamps, glass reflections)
}

// face is one planar-ish polygon of the model.
type face struct {
	pts    []v3
	normal v3
	col    rgb
	gloss  float64
	decals []decal
	group  int // faces of one rounded run share a group and its decals
}

type carModel struct {
	faces  []face
	wheels []wheel
	wells  [][]v3 // dark wheel-arch liners, drawn behind the wheels
	groups int
}

type wheel struct {
	c    v3
	r    float64
	side float64 // +1 or -1: which side the rim faces
}

var (
	glassCol  = rgb{0.09, 0.11, 0.14}
	trimCol   = rgb{0.07, 0.07, 0.08}
	tyreCol   = rgb{0.06, 0.06, 0.065}
	rimCol    = rgb{0.72, 0.74, 0.77}
	lampCol   = rgb{0.92, 0.95, 1.0}
	tailCol   = rgb{0.72, 0.04, 0.05}
	alloyCol  = rgb{0.7, 0.72, 0.74}
	cabinCol  = rgb{0.13, 0.12, 0.12}
	plateCol  = rgb{0.95, 0.95, 0.92}
	chromeCol = rgb{0.8, 0.82, 0.85}
)

// chaikin rounds a polyline (end points kept) so profiles look pressed, not
// cut; each new edge keeps the surface of the edge it came from.
func chaikin(p []vpt, iters int) []vpt {
	for range iters {
		q := []vpt{p[0]}
		for i := 0; i < len(p)-1; i++ {
			a, b := p[i], p[i+1]
			s := a.S
			first := vpt{0.75*a.X + 0.25*b.X, 0.75*a.Y + 0.25*b.Y, s}
			second := vpt{0.25*a.X + 0.75*b.X, 0.25*a.Y + 0.75*b.Y, s}
			if i == 0 {
				first = a
				first.S = s
				q = q[:0]
			}
			q = append(q, first)
			if i == len(p)-2 {
				second = b
			} else if p[i+1].S != s {
				// The cut corner between two surfaces becomes body work.
				second.S = sPaint
				if s == sFront || s == sRear || s == sRBump || s == sBumper {
					second.S = s
				}
			}
			q = append(q, second)
		}
		p = q
	}
	return p
}

// profile builds the closed side outline: the rounded top line, then the
// sills with an arch cut above each wheel.
func (b *bodySpec) profile() []vpt {
	top := chaikin(b.top, 2)
	last := top[len(top)-1]
	first := top[0]
	out := append([]vpt{}, top...)
	out[len(out)-1].S = sPaint
	bottomY := math.Min(first.Y, last.Y)
	ws := append([]float64{}, b.wheels...)
	sort.Float64s(ws) // rear to front, the direction the sill runs
	for _, wx := range ws {
		if wx < last.X || wx > first.X {
			continue // the wheel sits outside this shell (cab-chassis)
		}
		wy := b.r
		ra := b.r + 0.06
		if bottomY >= wy+ra {
			continue
		}
		beta := math.Asin(math.Max(-1, math.Min(1, (wy-bottomY)/ra)))
		n := 12
		for i := 0; i <= n; i++ {
			t := math.Pi + beta - (math.Pi+2*beta)*float64(i)/float64(n)
			s := sArch
			if i == n {
				s = sPaint
			}
			out = append(out, vpt{wx + ra*math.Cos(t), wy + ra*math.Sin(t), s})
		}
	}
	return out
}

// halfWidthAt narrows the glasshouse above the belt, as real cabins do.
func (b *bodySpec) halfWidthAt(y float64) float64 {
	if b.boxy || y <= b.belt {
		return b.halfW
	}
	return b.halfW * (1 - 0.16*math.Min(1, (y-b.belt)/0.6))
}

// buildCar turns a body spec into faces and wheels.
func buildCar(body string, paint rgb) *carModel {
	b, ok := bodies[body]
	if !ok {
		b = bodies["sedan"]
	}
	m := &carModel{}
	prof := b.profile()
	m.extrude(prof, b.halfWidthAt, 0, paint, true, b)
	for _, wx := range b.wheels {
		for _, side := range []float64{1, -1} {
			m.wheels = append(m.wheels, wheel{c: v3{wx, b.r, side * (b.halfW - 0.1)}, r: b.r, side: side})
			var well []v3
			for i := 0; i <= 12; i++ {
				a := math.Pi * float64(i) / 12
				well = append(well, v3{wx + (b.r+0.06)*math.Cos(a), b.r + (b.r+0.06)*math.Sin(a), side * (b.halfW - 0.3)})
			}
			well = append(well, v3{wx - b.r - 0.06, 0.05, side * (b.halfW - 0.3)}, v3{wx + b.r + 0.06, 0.05, side * (b.halfW - 0.3)})
			m.wells = append(m.wells, well)
		}
	}
	if b.extra != nil {
		b.extra(m, paint)
	}
	return m
}

func surfaceColour(s int, paint rgb) (rgb, float64) {
	switch s {
	case sGlass:
		return glassCol, 1
	case sTrim, sArch:
		return trimCol, 0.2
	case sCabin:
		return cabinCol, 0.1
	case sTray:
		return rgb{0.12, 0.12, 0.13}, 0.2
	case sAlloy:
		return alloyCol, 0.5
	case sBumper, sRBump:
		return paint.scale(0.93), 0.6
	}
	return paint, 0.8
}

// extrude adds both side faces and the skin between them for a profile.
// withDetails adds the side glass, lamps and shut lines of the main body.
func (m *carModel) extrude(prof []vpt, hw func(y float64) float64, zc float64, paint rgb, withDetails bool, b *bodySpec) {
	n := len(prof)
	right := make([]v3, n)
	left := make([]v3, n)
	for i, p := range prof {
		w := hw(p.Y)
		right[i] = v3{p.X, p.Y, zc + w}
		left[n-1-i] = v3{p.X, p.Y, zc - w}
	}
	sideCol := paint
	if !withDetails {
		c, _ := surfaceColour(prof[0].S, paint)
		sideCol = c
	}
	rf := face{pts: right, normal: v3{0, 0, 1}, col: sideCol, gloss: 0.8}
	lf := face{pts: left, normal: v3{0, 0, -1}, col: sideCol, gloss: 0.8}
	if withDetails {
		rf.decals = sideDecals(b, prof, 1)
		lf.decals = sideDecals(b, prof, -1)
	}
	m.faces = append(m.faces, rf, lf)

	var runs runList
	// Outward normal of a profile edge a→b: the profile winds
	// counter-clockwise in x-right/y-up, so outward is right of travel.
	for i := range n {
		a, bb := prof[i], prof[(i+1)%n]
		if a.S == sArch {
			continue
		}
		dx, dy := bb.X-a.X, bb.Y-a.Y
		l := math.Hypot(dx, dy)
		if l < 1e-9 {
			continue
		}
		nrm := v3{dy / l, -dx / l, 0}
		wa, wb := hw(a.Y), hw(bb.Y)
		pa, pb := v3{a.X, a.Y, zc + wa}, v3{bb.X, bb.Y, zc + wb}
		qa, qb := v3{a.X, a.Y, zc - wa}, v3{bb.X, bb.Y, zc - wb}
		col, gloss := surfaceColour(a.S, paint)
		m.faces = append(m.faces, face{pts: []v3{pa, pb, qb, qa}, normal: nrm, col: col, gloss: gloss})
		if withDetails {
			runs.add(i, a.S, len(m.faces)-1)
		}
	}
	// Lamps and plates span a whole rounded run of edges, so they are laid
	// on its chord and carried by the run's middle face.
	for _, r := range runs {
		a, bb := prof[r.from], prof[(r.to+1)%n]
		wa, wb := hw(a.Y), hw(bb.Y)
		pa, pb := v3{a.X, a.Y, zc + wa}, v3{bb.X, bb.Y, zc + wb}
		qa, qb := v3{a.X, a.Y, zc - wa}, v3{bb.X, bb.Y, zc - wb}
		d := endDecals(r.s, pa, pb, qb, qa, paint)
		if len(d) == 0 {
			continue
		}
		m.groups++
		for _, fi := range r.faces {
			m.faces[fi].group = m.groups
		}
		f := &m.faces[r.faces[len(r.faces)/2]]
		f.decals = append(f.decals, d...)
	}
}

type run struct {
	s        int
	from, to int
	faces    []int
}

type runList []run

func (rs *runList) add(edge, s, faceIdx int) {
	if k := len(*rs); k > 0 && (*rs)[k-1].s == s && (*rs)[k-1].to == edge-1 {
		(*rs)[k-1].to = edge
		(*rs)[k-1].faces = append((*rs)[k-1].faces, faceIdx)
		return
	}
	*rs = append(*rs, run{s: s, from: edge, to: edge, faces: []int{faceIdx}})
}

// onQuad maps (u across the car from -1 to +1, v along the edge 0..1) onto
// a skin quad whose corners are right-a, right-b, left-b, left-a.
func onQuad(pa, pb, qb, qa v3, u, v float64) v3 {
	t := (u + 1) / 2
	a := lerp3(qa, pa, t)
	b := lerp3(qb, pb, t)
	return lerp3(a, b, v)
}

func quadDecal(pa, pb, qb, qa v3, u0, u1, v0, v1 float64, col rgb, alpha float64, flat bool) decal {
	return decal{pts: []v3{
		onQuad(pa, pb, qb, qa, u0, v0), onQuad(pa, pb, qb, qa, u1, v0),
		onQuad(pa, pb, qb, qa, u1, v1), onQuad(pa, pb, qb, qa, u0, v1),
	}, col: col, alpha: alpha, flat: flat}
}

// endDecals puts lamps, grille and plates on the nose and tail skins.
func endDecals(s int, pa, pb, qb, qa v3, paint rgb) []decal {
	var d []decal
	switch s {
	case sFront:
		for _, sg := range []float64{1, -1} {
			d = append(d, quadDecal(pa, pb, qb, qa, sg*0.55, sg*0.94, 0.12, 0.82, trimCol, 1, false))
			d = append(d, quadDecal(pa, pb, qb, qa, sg*0.6, sg*0.9, 0.22, 0.72, lampCol, 1, true))
		}
		d = append(d, quadDecal(pa, pb, qb, qa, -0.42, 0.42, 0.05, 0.7, trimCol, 1, false))
		for i := range 3 {
			v := 0.18 + 0.17*float64(i)
			d = append(d, quadDecal(pa, pb, qb, qa, -0.38, 0.38, v, v+0.05, chromeCol, 0.7, false))
		}
	case sBumper:
		d = append(d, quadDecal(pa, pb, qb, qa, -0.5, 0.5, 0.2, 0.65, trimCol, 1, false))
		d = append(d, quadDecal(pa, pb, qb, qa, -0.22, 0.22, 0.3, 0.62, plateCol, 1, false))
	case sRear:
		for _, sg := range []float64{1, -1} {
			d = append(d, quadDecal(pa, pb, qb, qa, sg*0.58, sg*0.96, 0.05, 0.45, tailCol, 1, true))
		}
		d = append(d, quadDecal(pa, pb, qb, qa, -0.58, 0.58, 0.18, 0.3, paint.scale(0.6), 0.6, false))
	case sRBump:
		d = append(d, quadDecal(pa, pb, qb, qa, -0.24, 0.24, 0.12, 0.5, plateCol, 1, false))
		d = append(d, quadDecal(pa, pb, qb, qa, -0.9, 0.9, 0.7, 0.95, trimCol, 0.8, false))
	case sGlass:
		// A sky reflection streak so glass reads as glass, not a hole.
		d = append(d, quadDecal(pa, pb, qb, qa, -0.1, 0.35, 0.15, 0.85, rgb{0.55, 0.62, 0.7}, 0.22, true))
	}
	return d
}

// sideDecals draws the side glass, shut lines, handles and lamp wraps.
func sideDecals(b *bodySpec, prof []vpt, side float64) []decal {
	z := func(y float64) float64 { return side * (b.halfWidthAt(y) + 0.002) }
	var d []decal
	add := func(p []pt, col rgb, alpha float64, flat bool) {
		q := make([]v3, len(p))
		for i, s := range p {
			q[i] = v3{s.X, s.Y, z(s.Y)}
		}
		d = append(d, decal{pts: q, col: col, alpha: alpha, flat: flat})
	}
	sillY := math.Min(b.top[0].Y, b.top[len(b.top)-1].Y)
	for _, dr := range b.doors {
		add(rect(dr-0.007, sillY+0.2, dr+0.007, b.belt-0.02), rgb{0, 0, 0}, 0.55, false)
	}
	for i, dr := range b.doors {
		if i == len(b.doors)-1 {
			break
		}
		hx := dr - 0.18
		add(rect(hx-0.12, b.belt-0.12, hx, b.belt-0.08), chromeCol.scale(0.7), 0.7, false)
	}
	// Glass: the cabin outline above the belt, inset for the pillars.
	gh := greenhouse(prof, b.belt)
	if len(gh) >= 3 {
		gh = inset(gh, 0.06)
		gh = clipX(gh, b.winMin, true)
		gh = clipX(gh, b.winMax, false)
		pieces := [][]pt{gh}
		for _, px := range b.pillars {
			var next [][]pt
			for _, pc := range pieces {
				next = append(next, clipX(pc, px+0.05, true), clipX(pc, px-0.05, false))
			}
			pieces = next
		}
		for _, pc := range pieces {
			if len(pc) >= 3 {
				add(pc, glassCol, 1, false)
				// Reflection band across the lower glass.
				add(clipY(clipY(pc, b.belt+0.12, true), b.belt+0.2, false), rgb{0.6, 0.66, 0.74}, 0.18, true)
			}
		}
	}
	// Wrap-around lamps at the corners, one per rounded run of edges.
	for i := 0; i+1 < len(prof); i++ {
		s := prof[i].S
		if s != sFront && s != sRear || (i > 0 && prof[i-1].S == s) {
			continue
		}
		j := i
		for j+1 < len(prof)-1 && prof[j+1].S == s {
			j++
		}
		a, c := prof[i], prof[j+1]
		if s == sFront {
			add([]pt{{a.X, a.Y + 0.02}, {c.X, c.Y - 0.02}, {c.X - 0.22, c.Y - 0.03}, {a.X - 0.2, a.Y + 0.04}}, lampCol, 0.9, true)
		} else if a.Y > c.Y {
			add([]pt{{a.X, a.Y - 0.02}, {c.X, c.Y + 0.2}, {c.X + 0.14, c.Y + 0.2}, {a.X + 0.14, a.Y - 0.04}}, tailCol, 0.9, true)
		}
	}
	return d
}

// greenhouse extracts the part of the top outline above the belt line.
func greenhouse(prof []vpt, belt float64) []pt {
	var out []pt
	for i := 0; i+1 < len(prof); i++ {
		a, b := prof[i], prof[i+1]
		if a.S == sArch {
			continue
		}
		ina, inb := a.Y > belt, b.Y > belt
		if ina {
			out = append(out, pt{a.X, a.Y})
		}
		if ina != inb {
			t := (belt - a.Y) / (b.Y - a.Y)
			out = append(out, pt{a.X + (b.X-a.X)*t, belt})
		}
	}
	return out
}

// inset shrinks a convex polygon by d along its edge normals.
func inset(p []pt, d float64) []pt {
	n := len(p)
	if n < 3 {
		return p
	}
	sign := 1.0
	if signedArea(p) < 0 {
		sign = -1
	}
	out := make([]pt, 0, n)
	for i := range n {
		prev, cur, next := p[(i+n-1)%n], p[i], p[(i+1)%n]
		n1 := edgeNormal(prev, cur, sign)
		n2 := edgeNormal(cur, next, sign)
		bx, by := n1.X+n2.X, n1.Y+n2.Y
		bl := math.Hypot(bx, by)
		if bl < 1e-9 {
			continue
		}
		bx, by = bx/bl, by/bl
		cosH := bx*n1.X + by*n1.Y
		k := d / math.Max(cosH, 0.35)
		out = append(out, pt{cur.X + bx*k, cur.Y + by*k})
	}
	return out
}

// edgeNormal is the inward unit normal of edge a→b for a polygon whose
// signed area has the given sign.
func edgeNormal(a, b pt, sign float64) pt {
	dx, dy := b.X-a.X, b.Y-a.Y
	l := math.Hypot(dx, dy)
	if l == 0 {
		return pt{}
	}
	return pt{-dy / l * sign, dx / l * sign}
}

// clipX keeps the part of a convex polygon with x >= at (keepAbove) or x <= at.
func clipX(p []pt, at float64, keepAbove bool) []pt {
	return clipHalf(p, func(q pt) float64 {
		if keepAbove {
			return q.X - at
		}
		return at - q.X
	})
}

func clipY(p []pt, at float64, keepAbove bool) []pt {
	return clipHalf(p, func(q pt) float64 {
		if keepAbove {
			return q.Y - at
		}
		return at - q.Y
	})
}

func clipHalf(p []pt, f func(pt) float64) []pt {
	var out []pt
	for i := range p {
		a, b := p[i], p[(i+1)%len(p)]
		fa, fb := f(a), f(b)
		if fa >= 0 {
			out = append(out, a)
		}
		if (fa >= 0) != (fb >= 0) {
			t := fa / (fa - fb)
			out = append(out, pt{a.X + (b.X-a.X)*t, a.Y + (b.Y-a.Y)*t})
		}
	}
	return out
}

// box adds an axis-aligned box part.
func (m *carModel) box(x0, x1, y0, y1, zc, hw float64, col rgb, s int) {
	_ = s // parts are one colour; the surface only documents intent
	prof := []vpt{{x1, y0, sPaint}, {x1, y1, sPaint}, {x0, y1, sPaint}, {x0, y0, sPaint}}
	// Same winding as the body profiles (counter-clockwise in x-right/y-up).
	m.extrude(prof, func(float64) float64 { return hw }, zc, col, false, nil)
}

func roofRails(m *carModel, _ rgb) {
	for _, z := range []float64{0.62, -0.62} {
		m.box(-1.85, 0.15, 1.7, 1.76, z, 0.03, trimCol, sTrim)
	}
}

func sportsBar(m *carModel, _ rgb) {
	for _, z := range []float64{0.8, -0.8} {
		m.box(-0.62, -0.52, 1.14, 1.72, z, 0.04, trimCol, sTrim)
	}
	m.box(-0.62, -0.52, 1.66, 1.74, 0, 0.84, trimCol, sTrim)
}

func alloyTray(m *carModel, _ rgb) {
	m.box(-2.65, -0.5, 0.42, 0.62, 0, 0.45, trimCol, sTrim)    // chassis rails
	m.box(-2.75, -0.5, 0.82, 1.12, 0, 1.0, alloyCol, sAlloy)   // deck and dropsides
	m.box(-0.62, -0.5, 1.12, 1.78, 0, 1.0, alloyCol, sAlloy)   // headboard
	m.box(-2.75, -2.6, 0.62, 0.82, 0.75, 0.08, trimCol, sTrim) // lamp bar
	m.box(-2.75, -2.6, 0.62, 0.82, -0.75, 0.08, trimCol, sTrim)
}

func openCabin(m *carModel, paint rgb) {
	seat := paint.mix(rgb{0.15, 0.12, 0.1}, 0.75)
	for _, z := range []float64{0.38, -0.38} {
		m.box(-0.45, -0.2, 0.85, 1.2, z, 0.24, seat, sTrim)
	}
	m.box(-1.35, -0.95, 0.86, 0.98, 0, 0.78, cabinCol, sTrim) // folded hood
}

func caravanDetails(m *carModel, paint rgb) {
	m.box(2.3, 3.55, 0.36, 0.48, 0, 0.06, trimCol, sTrim) // drawbar
	m.box(3.4, 3.62, 0.3, 0.5, 0, 0.09, chromeCol, sTrim) // hitch
	// Side windows, door and a stripe on both flanks.
	for _, side := range []float64{1, -1} {
		z := side * 1.152
		for i := range m.faces[:2] {
			f := &m.faces[i]
			if f.normal.Z*side <= 0 {
				continue
			}
			add := func(p []pt, col rgb, a float64, flat bool) {
				q := make([]v3, len(p))
				for j, s := range p {
					q[j] = v3{s.X, s.Y, z}
				}
				f.decals = append(f.decals, decal{pts: q, col: col, alpha: a, flat: flat})
			}
			add(rect(-2.45, 0.85, 2.4, 1.05), rgb{0.95, 0.95, 0.95}, 0.9, false)
			add(roundRect(1.1, 1.45, 2.0, 2.05, 0.08), glassCol, 1, false)
			add(roundRect(-2.0, 1.45, -0.9, 2.05, 0.08), glassCol, 1, false)
			add(roundRect(0.2, 0.62, 0.85, 2.25, 0.06), paint.scale(0.75), 1, false)
			add(roundRect(0.3, 1.6, 0.75, 2.05, 0.05), glassCol, 1, false)
		}
	}
}
