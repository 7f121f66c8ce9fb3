package media

// renderMap draws a street-map style picture with a pin in the middle: the
// locations page shows it beside the address, so the page needs no outside
// map tiles or scripts and never shows a broken frame.
func renderMap(seed uint64, w, h int) *canvas {
	cv := newCanvas(w, h)
	r := newRNG(seed, "map")
	W, H := cv.w(), cv.h()
	cv.fill(rgb{0.94, 0.93, 0.9}.nrgba(1), rect(0, 0, W, H))
	// A park and a stretch of water somewhere off the pin.
	px, py := W*r.between(0.05, 0.35), H*r.between(0.05, 0.3)
	cv.fill(rgb{0.78, 0.88, 0.72}.nrgba(1), roundRect(px, py, px+W*r.between(0.15, 0.25), py+H*r.between(0.15, 0.3), W*0.01))
	wy := H * r.between(0.72, 0.85)
	cv.fill(rgb{0.68, 0.82, 0.93}.nrgba(1), []pt{{0, wy}, {W * 0.4, wy + H*r.between(-0.06, 0.06)}, {W, wy - H*r.between(0, 0.1)}, {W, H}, {0, H}})
	// Minor streets on a slightly skewed grid, then two main roads through the pin.
	skew := r.between(-0.12, 0.12)
	street := rgb{1, 1, 1}.nrgba(1)
	for i, n := 0, 6+r.intn(4); i < n; i++ {
		x := W * (float64(i) + r.between(0.2, 0.8)) / float64(n)
		cv.stroke(street, W*0.012, false, pt{x, 0}, pt{x + skew*H, H})
		y := H * (float64(i) + r.between(0.2, 0.8)) / float64(n)
		cv.stroke(street, W*0.012, false, pt{0, y}, pt{W, y - skew*W})
	}
	main := rgb{0.98, 0.85, 0.55}.nrgba(1)
	cv.stroke(main, W*0.028, false, pt{0, H * 0.5}, pt{W, H*0.5 - skew*W*0.6})
	cv.stroke(main, W*0.022, false, pt{W*0.5 - skew*H*0.5, 0}, pt{W*0.5 + skew*H*0.5, H})
	// The pin: a round head over a point, with a white dot.
	cx, cy, rad := W*0.5, H*0.44, W*0.045
	cv.fill(rgb{0, 0, 0}.nrgba(0.18), ellipse(cx, H*0.5+rad*0.15, rad*0.7, rad*0.25, 24))
	cv.fill(rgb{0.84, 0.15, 0.16}.nrgba(1), ellipse(cx, cy, rad, rad, 32))
	cv.fill(rgb{0.84, 0.15, 0.16}.nrgba(1), []pt{{cx - rad*0.8, cy + rad*0.5}, {cx + rad*0.8, cy + rad*0.5}, {cx, H * 0.5}})
	cv.fill(rgb{1, 1, 1}.nrgba(1), ellipse(cx, cy, rad*0.4, rad*0.4, 24))
	return cv
}
