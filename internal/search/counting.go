package search

import (
	"math/bits"
	"slices"
	"sync"

	"github.com/RoaringBitmap/roaring/v2"
)

// Facet counting. Counts are disjunctive (a facet with a filter of its own
// counts over every other filter) and exact after sold runs collapse
// (docs/behaviour/states.md#listings): a value's count is the Total the listing
// shows when that value is chosen.
//
// Build collapses sold runs once per order (order.shown) and leaves
// soldBits empty, so the collapse-aware walks below find no sold car and
// count plainly over what is shown; they stay for an index given sold bits
// of its own (the tests of shownTotal and the walks).
//
// Every facet without a filter of its own shares the result, so all of
// them are counted in one walk of the result's rows (Index.cols), not one
// walk per facet.

// maxColumnValues bounds the values of a facet kept in a column: a column
// is a byte a position, and a position without a value holds the facet's
// spare id, len(values) (see buildColumns). A facet of more values keeps a
// forward index.
const maxColumnValues = 1<<8 - 1

// countPath is how count counts: chosen by cost, or forced (tests compare
// the paths).
type countPath uint8

const (
	autoPath    countPath = iota
	rowsPath              // one walk of the rows for every single-valued facet
	forwardPath           // one walk of the positions per facet
	bitmapPath            // one bitmap intersection per value
)

// buildColumns moves every single-valued facet into the row-per-position
// columns, and numbers all facets' values.
func (ix *Index) buildColumns() {
	for _, f := range ix.facets {
		// Every facet's ids end in a spare one, counted for the positions
		// without a value and never listed: the walks then add up every
		// position alike, with no test and no branch for "no value".
		f.base = ix.nvals
		ix.nvals += len(f.values) + 1
		single := len(f.values) < maxColumnValues
		for p := 0; single && p < ix.n; p++ {
			single = f.offs[p+1]-f.offs[p] <= 1
		}
		if !single {
			f.slot = -1
			ix.multi = append(ix.multi, f)
			if len(f.values) <= 64 {
				f.masks = make([]uint64, ix.n)
				for p := range ix.n {
					for _, id := range f.ids[f.offs[p]:f.offs[p+1]] {
						f.masks[p] |= 1 << id
					}
				}
			}
			continue
		}
		f.slot = ix.width
		ix.width++
		ix.colBase = append(ix.colBase, int32(f.base))
	}
	// A row is a power of two bytes up to a cache line, so that rows start
	// on the line they end on (a wider one, whole words).
	switch {
	case ix.width <= 8:
		ix.stride = 8
	case ix.width <= 64:
		ix.stride = 1 << bits.Len(uint(ix.width-1))
	default:
		ix.stride = (ix.width + 7) &^ 7
	}
	w := ix.stride
	ix.cols = make([]uint8, ix.n*w)
	for _, f := range ix.facets {
		if f.slot < 0 {
			continue
		}
		f.col = make([]uint8, ix.n)
		for p := 0; p < ix.n; p++ {
			id := uint8(len(f.values))
			if f.offs[p+1] > f.offs[p] {
				id = uint8(f.ids[f.offs[p]])
			}
			f.col[p] = id
			ix.cols[p*w+f.slot] = id
		}
		f.offs, f.ids = nil, nil
	}
}

// gatherRows copies the rows of pos, in pos's order and stride apart, into
// buf (grown as needed). The hits of a search lie scattered over the
// columns, a cache miss a row: a loop that only copies keeps many of those
// misses in flight at once, where counting each row where it lies waits
// for one after another.
func (ix *Index) gatherRows(pos []uint32, buf []uint8) []uint8 {
	w := ix.stride
	out := grow(buf, len(pos)*w)[:len(pos)*w]
	if w == 32 { // the usual row (17 to 32 single-valued facets): two moves, not a call to copy
		for i, p := range pos {
			*(*[32]uint8)(out[i*32 : i*32+32]) = *(*[32]uint8)(ix.cols[int(p)*32 : int(p)*32+32])
		}
		return out
	}
	for i, p := range pos {
		copy(out[i*w:i*w+w], ix.cols[int(p)*w:int(p)*w+w])
	}
	return out
}

// gathered is gatherRows of pos into sc.rows, or what sc.rows holds when
// it was gathered for pos: the result's rows are counted, then walked.
func (sc *scratch) gathered(ix *Index, pos []uint32) []uint8 {
	if len(pos) > 0 && len(sc.rowsOf) == len(pos) && &sc.rowsOf[0] == &pos[0] {
		return sc.rows
	}
	sc.rows, sc.rowsOf = ix.gatherRows(pos, sc.rows), pos
	return sc.rows
}

// gatherMasks is gatherRows for a multi-valued facet's value masks.
func gatherMasks(f *facet, pos []uint32, buf []uint64) []uint64 {
	out := grow(buf, len(pos))[:len(pos)]
	for i, p := range pos {
		out[i] = f.masks[p]
	}
	return out
}

// countMasks adds to c[b] how many of masks have bit b set. Sixteen masks
// at a time go through a tree of carry-save adders, which keeps the counts
// bit-sliced (sliced), so only every sixteenth of each count is added bit
// by bit.
func countMasks(masks []uint64, c []int) {
	add := func(word uint64, weight int) {
		for ; word != 0; word &= word - 1 {
			c[bits.TrailingZeros64(word)] += weight
		}
	}
	var s sliced
	i := 0
	for ; i+16 <= len(masks); i += 16 {
		eightsA, eightsB := s.add8(masks[i:i+8]), s.add8(masks[i+8:i+16])
		var sixteens uint64
		sixteens, s.eights = csa(s.eights, eightsA, eightsB)
		add(sixteens, 16)
	}
	add(s.ones, 1)
	add(s.twos, 2)
	add(s.fours, 4)
	add(s.eights, 8)
	for _, m := range masks[i:] {
		add(m, 1)
	}
}

// sliced is 64 counts below sixteen, bit-sliced: bit b of ones, twos,
// fours and eights are the binary digits of count b.
type sliced struct{ ones, twos, fours, eights uint64 }

// add4 adds four masks to the ones and twos: the answer is their carry
// into the fours.
func (s *sliced) add4(m []uint64) (fours uint64) {
	twosA, ones := csa(s.ones, m[0], m[1])
	twosB, ones := csa(ones, m[2], m[3])
	fours, s.twos = csa(s.twos, twosA, twosB)
	s.ones = ones
	return fours
}

// add8 adds eight masks below the eights: the answer is their carry into
// the eights.
func (s *sliced) add8(m []uint64) (eights uint64) {
	foursA, foursB := s.add4(m[0:4]), s.add4(m[4:8])
	eights, s.fours = csa(s.fours, foursA, foursB)
	return eights
}

// csa adds three bit-sliced digits: the carry and the sum.
func csa(a, b, c uint64) (carry, sum uint64) {
	u := a ^ b
	return a&b | u&c, u ^ c
}

// soldBit is 1 when the car at position p is sold, else 0: walks add it
// up rather than branch on it.
func (ix *Index) soldBit(p uint32) uint64 {
	return ix.soldBits[p>>6] >> (p & 63) & 1
}

// isSold tells whether the car at position p is sold.
func (ix *Index) isSold(p uint32) bool { return ix.soldBit(p) == 1 }

// facetSet is the facets one context counts: every single-valued facet
// (rows) and the listed multi-valued ones, or just one facet.
type facetSet struct {
	rows   bool
	one    *facet
	multis []*facet
}

func (s facetSet) each(ix *Index, fn func(f *facet)) {
	if s.one != nil {
		fn(s.one)
		return
	}
	if s.rows {
		for _, f := range ix.facets {
			if f.slot >= 0 {
				fn(f)
			}
		}
	}
	for _, f := range s.multis {
		fn(f)
	}
}

// countFacets counts every facet's values: an inactive facet over the
// result, an active one over the result of every other filter but its own.
func (ix *Index) countFacets(base, result *roaring.Bitmap, ordered []uint32, ord *order, active []activeFilter, names []string, sc *scratch) map[string][]FacetValue {
	counts := sc.counts(ix.nvals)

	// act: a facet's filter, if it has one (a few at most: a linear look).
	act := func(f *facet) *activeFilter {
		for i := range active {
			if active[i].f == f {
				return &active[i]
			}
		}
		return nil
	}
	// wanted: the facets asked for, and every active one.
	wanted := func(f *facet) bool { return names == nil || act(f) != nil || slices.Contains(names, f.def.name) }
	// The shared walk counts every single-valued facet, the active ones
	// too; their counts are redone over their own context below.
	shared := facetSet{rows: true, multis: sc.multis[:0]}
	for _, f := range ix.multi {
		if act(f) == nil && wanted(f) {
			shared.multis = append(shared.multis, f)
		}
	}
	sc.multis = shared.multis
	// The shared walk counts in the sort's order, so the walk of sold runs
	// after it reuses the rows it gathered; when the rows are walked at
	// all, one walk both counts and collapses them.
	if card := len(ordered); card > 0 && card < ix.n && ix.rowsChosen(card) {
		ix.tallyRows(ordered, counts, sc)
		shared.rows = false
	}
	ix.count(result, ordered, shared, counts, sc)
	ix.uncount(result, ordered, ord, shared, counts, sc)

	for i := range active {
		a := &active[i]
		// Every other filter over base; base itself when there is none.
		ctx := base
		for j := range active {
			switch {
			case j == i:
			case ctx == base:
				ctx = roaring.And(base, active[j].bm)
			default:
				ctx.And(active[j].bm)
			}
		}
		a.ctx = ctx
		card := int(ctx.GetCardinality())
		if a.f.slot >= 0 && card == len(ordered) {
			// Its own filter leaves every car of its context (the result
			// lies within it, so they are the same cars): the shared walk
			// has counted it already.
			continue
		}
		one := facetSet{one: a.f}
		clear(counts[a.f.base : a.f.base+len(a.f.values)])
		if a.f.slot >= 0 && card < ix.n && ctx.AndCardinality(ix.sold) >= 2 {
			// Sold runs to collapse: count and collapse in one walk in
			// the sort's order.
			_, pos := ix.ordered(ctx, ord, &sc.ctxPos)
			ix.tallyOne(a.f, pos, counts, sc)
			continue
		}
		ix.count(ctx, nil, one, counts, sc)
		ix.uncount(ctx, nil, ord, one, counts, sc)
	}

	// Every facet's values share one backing array, sized to what can be
	// listed: the counted values and the chosen ones.
	n, size := 0, 0
	for _, f := range ix.facets {
		if !wanted(f) {
			continue
		}
		n++
		for _, c := range counts[f.base : f.base+len(f.values)] {
			if c > 0 {
				size++
			}
		}
		if a := act(f); a != nil {
			size += len(a.selected)
		}
	}
	arena := make([]FacetValue, 0, size)
	out := make(map[string][]FacetValue, n)
	for _, f := range ix.facets {
		if !wanted(f) {
			continue
		}
		ctx, a := result, act(f)
		if a != nil {
			ctx = a.ctx
		}
		from := len(arena)
		arena = f.facetValues(arena, counts[f.base:f.base+len(f.values)], a, ctx, sc)
		out[f.def.name] = arena[from:len(arena):len(arena)]
	}
	return out
}

// count adds each value's cars in ctx to counts. pos, when given, is ctx's
// positions, in any order.
func (ix *Index) count(ctx *roaring.Bitmap, pos []uint32, set facetSet, counts []int, sc *scratch) {
	card := int(ctx.GetCardinality())
	if card == 0 {
		return
	}
	if card == ix.n {
		// The whole catalogue (a plain browse): the counts are known.
		set.each(ix, func(f *facet) {
			for i := range f.values {
				counts[f.base+i] = f.values[i].card
			}
		})
		return
	}
	positions := func() []uint32 {
		if pos == nil {
			pos = sc.ctxPos.positions(ctx, card)
		}
		return pos
	}
	// The rows of the single-valued facets, when a walk of them is the
	// cheapest, were counted with the collapse (tallyRows): each facet here
	// is counted on its own.
	set.each(ix, func(f *facet) {
		c := counts[f.base : f.base+len(f.values)]
		forward := ix.path == rowsPath || ix.path == forwardPath || ix.path == autoPath && f.forwardCheaper(card)
		switch {
		case !forward:
			for i := range f.values {
				c[i] = int(ctx.AndCardinality(f.values[i].bm))
			}
		case f.slot >= 0:
			c := counts[f.base : f.base+len(f.values)+1] // and the spare id
			for _, p := range positions() {
				c[f.col[p]]++
			}
		case f.masks != nil:
			masks := gatherMasks(f, positions(), sc.masks)
			sc.masks = masks
			countMasks(masks, c)
		default:
			for _, p := range positions() {
				for _, id := range f.ids[f.offs[p]:f.offs[p+1]] {
					c[id]++
				}
			}
		}
	})
}

// rowsChosen tells whether the single-valued facets of a context of card
// positions are counted in one walk of their rows.
func (ix *Index) rowsChosen(card int) bool {
	return ix.path == rowsPath || ix.path == autoPath && ix.rowsCheaper(card)
}

// tally is one value's sold cars in a walk in the sort's order (tallyRows,
// tallyOne): how many, how many of them collapsing hides, and the value's
// count of cars just after its latest sold one (0 before any).
//
// A kept car only adds to its values' counts. A sold car is collapsed
// within a value when the value's count has not moved since its latest
// sold car: no car of that value came between them. So the few sold cars
// do the collapsing's work and the many kept ones none of it.
type tally struct{ sold, collapsed, after uint32 }

// soldCar takes a sold car of the value whose count is *cars.
func (e *tally) soldCar(cars *uint32) {
	if e.after != 0 && e.after == *cars {
		e.collapsed++
	}
	*cars++
	e.after = *cars
	e.sold++
}

// tallies answers the walks' per-value counts and tallies for n values,
// zeroed.
func (sc *scratch) tallies(n int) ([]uint32, []tally) {
	cars := grow(sc.carsBuf, n)[:n]
	t := grow(sc.tallyBuf, n)[:n]
	clear(cars)
	clear(t)
	sc.carsBuf, sc.tallyBuf = cars, t
	return cars, t
}

// net is a value's count once collapsing has hidden what it hides.
func (e *tally) net(cars uint32) int {
	return int(cars) - hidden(int32(e.collapsed), int32(e.sold), int(cars))
}

// tallyRows counts every single-valued facet's values over ordered, the
// result in the sort's order (neither empty nor the whole catalogue), net
// of the sold cars collapsing would hide were each value chosen: count and
// uncount in one walk of the rows.
func (ix *Index) tallyRows(ordered []uint32, counts []int, sc *scratch) {
	rows := sc.gathered(ix, ordered)
	cars, t := sc.tallies(ix.nvals)
	base := ix.colBase[:ix.width]
	for i, p := range ordered {
		row := rows[i*ix.stride : i*ix.stride+len(base)]
		if !ix.isSold(p) {
			for k, id := range row {
				cars[int(base[k])+int(id)]++
			}
			continue
		}
		for k, id := range row {
			g := int(base[k]) + int(id)
			t[g].soldCar(&cars[g])
		}
	}
	for _, f := range ix.facets {
		if f.slot < 0 {
			continue
		}
		for g := f.base; g < f.base+len(f.values); g++ {
			counts[g] = t[g].net(cars[g])
		}
	}
}

// tallyOne is tallyRows for the single-valued facet f over one context in
// the sort's order.
func (ix *Index) tallyOne(f *facet, ordered []uint32, counts []int, sc *scratch) {
	cars, t := sc.tallies(len(f.values) + 1) // and the spare id
	for _, p := range ordered {
		id := f.col[p]
		if !ix.isSold(p) {
			cars[id]++
			continue
		}
		t[id].soldCar(&cars[id])
	}
	for i := range f.values {
		counts[f.base+i] = t[i].net(cars[i])
	}
}

// rowsCheaper guesses whether one walk of the rows of card positions beats
// counting every single-valued facet on its own.
func (ix *Index) rowsCheaper(card int) bool {
	rows := float64(card) * float64(4+ix.width)
	alone := 0.0
	for _, f := range ix.facets {
		if f.slot < 0 {
			continue
		}
		if f.forwardCheaper(card) {
			alone += float64(card) * 4
		} else {
			alone += f.bitmapCost(card, rows)
		}
		if alone > rows {
			return true
		}
	}
	return false
}

// forwardCheaper guesses whether counting by walking the context's
// positions beats intersecting the context with every value's bitmap.
func (f *facet) forwardCheaper(card int) bool {
	forward := float64(card) * (2 + 2*f.avgVals)
	if f.masks != nil {
		forward = float64(card) * (2 + f.avgVals) // a word a car, a step a value
	}
	return f.bitmapCost(card, forward) > forward
}

// bitmapCost guesses the cost of intersecting a context of card positions
// with every value's bitmap, adding up no further than past limit.
func (f *facet) bitmapCost(card int, limit float64) float64 {
	c := 0.0
	for i := range f.values {
		c += 40 + 2*float64(min(card, f.values[i].card))
		if c > limit {
			break
		}
	}
	return c
}

// hidden is how many of a value's cars collapsing hides: none when all of
// them are sold, for every hit is then kept.
func hidden(collapsed, sold int32, cars int) int {
	if collapsed > 0 && cars > int(sold) {
		return int(collapsed)
	}
	return 0
}

// uncount takes out of each value's count the sold cars that collapsing
// sold runs would hide were that value chosen, so a count is exactly the
// count the listing then shows. pos is ctx in the sort's order, or nil.
func (ix *Index) uncount(ctx *roaring.Bitmap, pos []uint32, ord *order, set facetSet, counts []int, sc *scratch) {
	if ctx.AndCardinality(ix.sold) < 2 {
		return // a run needs two sold cars
	}
	if int(ctx.GetCardinality()) == ix.n {
		// The plain browse: the same for every request, so kept.
		collapsed := ix.browseOf(ord).collapsed
		set.each(ix, func(f *facet) {
			for i := range f.values {
				counts[f.base+i] -= int(collapsed[f.base+i])
			}
		})
		return
	}
	if pos == nil {
		_, pos = ix.ordered(ctx, ord, &sc.ctxPos)
	}
	collapsed, sold := ix.collapseWalk(pos, set, sc)
	if collapsed == nil {
		return
	}
	set.each(ix, func(f *facet) {
		for g := f.base; g < f.base+len(f.values); g++ {
			counts[g] -= hidden(collapsed[g], sold[g], counts[g])
		}
	})
}

// collapseWalk walks positions in order once, from the first sold car to
// the last, and counts per value the sold cars that directly follow another
// sold car of that value (those CollapseSoldRuns drops from that value's
// listing), and each value's sold cars. nil when no run is possible.
func (ix *Index) collapseWalk(pos []uint32, set facetSet, sc *scratch) (collapsed, sold []int32) {
	last := -1
	for i := len(pos) - 1; i >= 0; i-- {
		if ix.isSold(pos[i]) {
			last = i
			break
		}
	}
	if last < 1 {
		return nil, nil
	}
	// Before the first sold car nothing can collapse: a value's state there
	// is only ever "kept" or "none", which count alike.
	first := 0
	for !ix.isSold(pos[first]) {
		first++
	}
	if first == last {
		return nil, nil
	}
	// lastSold[g] is 1 while value g's latest car in the walk is sold. Each
	// step is plain arithmetic on it, with no branch on whether the car is
	// sold, which in sort order is anybody's guess.
	lastSoldOf, sold, collapsed := sc.walk(ix.nvals)
	lastSold := grow(sc.soldLast, len(set.multis))[:len(set.multis)]
	clear(lastSold)
	sc.soldLast = lastSold
	step := func(g int, s uint8) {
		collapsed[g] += int32(s & lastSoldOf[g])
		sold[g] += int32(s)
		lastSoldOf[g] = s
	}
	walked := pos[first : last+1]
	var rows []uint8
	if set.rows {
		rows = sc.gathered(ix, pos)[first*ix.stride : (last+1)*ix.stride]
	}
	for i, p := range walked {
		s := uint8(ix.soldBit(p))
		isSold := s == 1
		switch {
		case set.rows:
			at := i * ix.stride
			for k, id := range rows[at : at+ix.width] {
				step(int(ix.colBase[k])+int(id), s)
			}
		case set.one != nil: // a multi-valued one: tallyOne walks the others
			f := set.one
			for _, id := range f.ids[f.offs[p]:f.offs[p+1]] {
				step(f.base+int(id), s)
			}
		}
		for i, f := range set.multis {
			if f.masks == nil {
				for _, id := range f.ids[f.offs[p]:f.offs[p+1]] {
					step(f.base+int(id), s)
				}
				continue
			}
			// The facet's values whose last car was sold are bits of one
			// word: a car kept clears its values, a sold one counts those
			// already set as collapsed, then sets its own.
			m := f.masks[p]
			if !isSold {
				lastSold[i] &^= m
				continue
			}
			for c := lastSold[i] & m; c != 0; c &= c - 1 {
				collapsed[f.base+bits.TrailingZeros64(c)]++
			}
			for c := m; c != 0; c &= c - 1 {
				sold[f.base+bits.TrailingZeros64(c)]++
			}
			lastSold[i] |= m
		}
	}
	return collapsed, sold
}

// browsed is the plain browse in one sort's order: what collapsing hides
// per value, and the total shown.
type browsed struct {
	collapsed []int32
	total     int
}

// browseOf works out the plain browse in a sort's order, once per sort for
// the life of the index (a transient order each time it is asked).
func (ix *Index) browseOf(ord *order) *browsed {
	if v, ok := ix.browse.Load(ord); ok {
		return v.(*browsed)
	}
	sc := new(scratch)
	all := facetSet{rows: true, multis: ix.multi}
	out := &browsed{collapsed: make([]int32, ix.nvals), total: ix.shownTotal(ord.seq)}
	if collapsed, sold := ix.collapseWalk(ord.seq, all, sc); collapsed != nil {
		all.each(ix, func(f *facet) {
			for i := range f.values {
				g := f.base + i
				out.collapsed[g] = int32(hidden(collapsed[g], sold[g], f.values[i].card))
			}
		})
	}
	if !ord.transient {
		ix.browse.Store(ord, out)
	}
	return out
}

// scratch is the counting's working memory, reused across searches.
type scratch struct {
	pos                orderBuf          // the result's positions in order
	ctxPos             orderBuf          // an active facet's context's positions
	items              []facetItem       // facetValues' working list
	multis             []*facet          // countFacets' shared multi-valued facets
	keys               []string          // activeFilters' chosen keys, every facet's
	bms                []*roaring.Bitmap // activeFilters' bitmaps of one facet
	cnt                []int
	state              []uint8
	sold, collapsedBuf []int32
	soldLast           []uint64 // collapseWalk's per multi-valued facet
	rows               []uint8  // gatherRows' copies
	rowsOf             []uint32 // the positions whose rows rows holds
	masks              []uint64 // gatherMasks' copies
	tallyBuf           []tally  // tallies' per value
	carsBuf            []uint32 // tallies' counts
	dense              []uint64 // numeric.restrict's bitset of the catalogue
	valueKeys          []uint64 // byCountValues' sort keys
}

var scratchPool = sync.Pool{New: func() any { return new(scratch) }}

// release puts sc back in the pool, holding none of the search's bitmaps.
func (sc *scratch) release() {
	sc.pos.of, sc.ctxPos.of, sc.rowsOf = nil, nil, nil
	sc.pos.it, sc.ctxPos.it = roaring.ManyIntIterator{}, roaring.ManyIntIterator{}
	scratchPool.Put(sc)
}

func (sc *scratch) counts(n int) []int {
	if cap(sc.cnt) < n {
		sc.cnt = make([]int, n)
	}
	sc.cnt = sc.cnt[:n]
	clear(sc.cnt)
	return sc.cnt
}

func (sc *scratch) walk(n int) (state []uint8, sold, collapsed []int32) {
	if cap(sc.state) < n {
		sc.state, sc.sold, sc.collapsedBuf = make([]uint8, n), make([]int32, n), make([]int32, n)
	}
	sc.state, sc.sold, sc.collapsedBuf = sc.state[:n], sc.sold[:n], sc.collapsedBuf[:n]
	clear(sc.state)
	clear(sc.sold)
	clear(sc.collapsedBuf)
	return sc.state, sc.sold, sc.collapsedBuf
}
