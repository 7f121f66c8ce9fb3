package search

import (
	"cmp"
	"math"
	"math/bits"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/RoaringBitmap/roaring/v2"

	"forecourt/internal/catalog"
)

// Index is an immutable, in-memory faceted index of one site's catalogue.
// Writes rebuild it (Build of a few thousand cars takes milliseconds); it is
// safe for concurrent readers.
//
// Listed cars get dense positions 0..n-1; every filter is a roaring bitmap
// of positions, so a query is a handful of bitmap operations, never a scan
// of the catalogue.
type Index struct {
	cfg    Config
	all    []catalog.Car    // every car given to Build, listed or not
	bySlug map[string]int32 // slug → index in all
	byID   map[int64]int32  // id → index in all
	docs   []int32          // position → index in all
	posOf  []int32          // index in all → position; -1 when not listed
	n      int

	universe  *roaring.Bitmap // every position
	priceZero *roaring.Bitmap
	sold      *roaring.Bitmap
	inStock   *roaring.Bitmap
	soldBits  []uint64 // bit p: position p is sold (n bits, so a walk in any order stays in cache)
	// listedSold is soldBits as built: the orders collapse sold runs by it
	// (collapseRuns), and soldBits, left empty, collapses nothing more.
	listedSold []uint64
	// statRows[p] is position p's value of each of statFields (NaN for
	// none) side by side, so the result's bounds cost a line a car, not one
	// per field.
	statRows [][len(statFields)]float64
	browse   sync.Map // *order → *browsed: the plain browse in that order

	// cols holds the value ids of every single-valued facet, a row of width
	// per position, so one walk of the hits counts all of them; colBase[k]
	// is the base of the facet in column k. multi are the other facets.
	cols    []uint8
	width   int // columns in a row
	stride  int // bytes from one row to the next: width rounded up so a row never straddles a cache line
	colBase []int32
	multi   []*facet
	nvals   int // value ids of all facets
	path    countPath

	facets  []*facet
	facetBy map[string]*facet
	nums    map[string]*numeric
	text    *textIndex
	orders  map[string]*order

	// The listed cars' locations: locIDs[k] is location k's id, locBits[k]
	// its cars, locOf[p] the location of position p. Distance search
	// measures each location once, not each car.
	locIDs  []int64
	locBits []*roaring.Bitmap
	locOf   []int32

	validUntil time.Time
}

// Result is one page of a search with its facet counts and numeric stats.
//
// Runs of sold cars collapse once per sort order over the whole listing
// (docs/behaviour/states.md#sold-runs, order.shown), and a search shows
// the cars of that whole listing its filters match. Total, Count and Pages
// describe what is shown, after the collapse; Matched is the number of cars
// the filters matched before it. Facet counts are disjunctive and counted
// over what is shown, so a facet value's count is the Total of the search
// refined to that value (the number the buyer then sees) and a facet's
// counts add up to the Total.
type Result struct {
	// Hits are the index's own cars, not copies: read them, never change
	// them (the index is shared by every search).
	Hits        []*catalog.Car
	Total       int // hits across all pages
	Count       int // shown count: the stock count above 1999
	Matched     int // before collapsing sold runs
	Page        int
	Pages       int
	HitsPerPage int
	Facets      map[string][]FacetValue
	Stats       map[string]Stat
}

// Stat is a numeric field's bounds over the matched cars.
type Stat struct {
	Min float64
	Max float64
}

// order is one sort: positions in order and each position's rank in it.
type order struct {
	seq  []uint32
	rank []uint32
	// transient: made for one search (nearest first), so nothing is kept
	// by it.
	transient bool
	// shown are the cars the whole listing shows in this order, runs of
	// sold cars collapsed (docs/behaviour/states.md#sold-runs); nil when it
	// shows every car. Every listing in this order shows only these, so a
	// narrower listing shows just the whole one's cars that match it.
	shown *roaring.Bitmap
}

// collapseRuns sets o.shown from sold, the bits of the listed sold cars:
// each sold car right after another in o is hidden, unless every listed
// car is sold (then all stay).
func collapseRuns(o *order, sold []uint64) {
	isSold := func(p uint32) bool { return sold[p>>6]>>(p&63)&1 == 1 }
	var hidden []uint32
	all := true
	prev := false
	for _, p := range o.seq {
		s := isSold(p)
		all = all && s
		if s && prev {
			hidden = append(hidden, p)
		}
		prev = s
	}
	if len(hidden) == 0 || all {
		o.shown = nil
		return
	}
	o.shown = roaring.New()
	o.shown.AddRange(0, uint64(len(o.seq)))
	o.shown.AndNot(roaring.BitmapOf(hidden...))
}

// numeric is a numeric field's values sorted, for range filters.
type numeric struct {
	pos []uint32  // positions, by value ascending
	val []float64 // parallel to pos
	of  []float64 // value by position; NaN when the car has none
	// blocks[k] holds pos[k*numericBlock:(k+1)*numericBlock], so a wide
	// range is a union of ready bitmaps plus two partial blocks.
	blocks []*roaring.Bitmap
}

const numericBlock = 2048

// Build indexes the listed cars of a catalogue under the site's rules. The
// index keeps cars (no copy, to halve the memory of a big catalogue): the
// caller must not modify the slice afterwards.
func Build(cars []catalog.Car, cfg Config) *Index {
	now := cfg.now()
	cfg.Now = now
	ix := &Index{
		cfg:     cfg,
		all:     cars,
		bySlug:  make(map[string]int32, len(cars)),
		byID:    make(map[int64]int32, len(cars)),
		facetBy: map[string]*facet{},
		nums:    map[string]*numeric{},
		orders:  map[string]*order{},
	}
	for i := range ix.all {
		c := &ix.all[i]
		if c.Slug != "" {
			ix.bySlug[c.Slug] = int32(i)
		}
		ix.byID[c.ID] = int32(i)
		if !Listed(*c, cfg) {
			continue
		}
		ix.docs = append(ix.docs, int32(i))
		if c.Status == catalog.StatusSold {
			// The index goes stale when its first sold car leaves its window.
			until := time.Unix(c.SoldDateTimestamp, 0).Add(time.Duration(SoldWindow(c.DealershipID, cfg)) * 24 * time.Hour)
			if ix.validUntil.IsZero() || until.Before(ix.validUntil) {
				ix.validUntil = until
			}
		}
	}
	ix.n = len(ix.docs)
	// Positions go to the listed cars grouped as buyers search them (by
	// make, model, new or used, body), not in the catalogue's order. A
	// search for a make or a model then holds a narrow band of positions, so
	// the walks over its hits read the index's per-position columns nearly
	// in sequence instead of a cache miss a car. Every order breaks ties by
	// rank and id, so no answer depends on positions.
	group := make([]string, len(ix.docs))
	for k, i := range ix.docs {
		c := &ix.all[i]
		group[k] = strings.Join([]string{strings.ToLower(strings.TrimSpace(c.Make)), strings.ToLower(strings.TrimSpace(c.Model)), c.CarType, c.SimpleBody}, "\x00")
	}
	byGroup := make([]int32, len(ix.docs)) // indexes into ix.docs
	for k := range byGroup {
		byGroup[k] = int32(k)
	}
	slices.SortStableFunc(byGroup, func(a, b int32) int { return strings.Compare(group[a], group[b]) })
	for k, at := range byGroup {
		byGroup[k] = ix.docs[at]
	}
	ix.docs = byGroup
	docs := make([]*catalog.Car, ix.n)
	ix.posOf = make([]int32, len(ix.all))
	for i := range ix.posOf {
		ix.posOf[i] = -1
	}
	for p, i := range ix.docs {
		docs[p] = &ix.all[i]
		ix.posOf[i] = int32(p)
	}

	ix.universe = roaring.New()
	ix.universe.AddRange(0, uint64(ix.n))
	var zero, sold, inStock []uint32
	ix.soldBits = make([]uint64, (ix.n+63)/64)
	for p, c := range docs {
		if c.Price <= 0 {
			zero = append(zero, uint32(p))
		}
		if c.Status == catalog.StatusSold {
			sold = append(sold, uint32(p))
			ix.soldBits[p>>6] |= 1 << (p & 63)
		}
		if c.Status == catalog.StatusInStock {
			inStock = append(inStock, uint32(p))
		}
	}
	ix.priceZero = roaring.BitmapOf(zero...)
	ix.sold = roaring.BitmapOf(sold...)
	ix.inStock = roaring.BitmapOf(inStock...)

	// The parts are independent: build them side by side. Each goroutine
	// writes only its own slot.
	var wg sync.WaitGroup
	numNames := sortedKeys(numericFields)
	nums := make([]*numeric, len(numNames))
	for i, name := range numNames {
		wg.Go(func() { nums[i] = buildNumeric(docs, &cfg, numericFields[name]) })
	}
	sortNames := sortedKeys(sortOrders)
	orders := make([]*order, len(sortNames))
	keys := sortKeys(docs)
	for i, name := range sortNames {
		wg.Go(func() { orders[i] = buildOrder(keys, sortOrders[name]) })
	}
	wg.Go(func() { ix.text = buildText(docs) })
	wg.Wait() // bucketed facets read the numeric fields
	for i, name := range numNames {
		ix.nums[name] = nums[i]
	}
	ix.statRows = make([][len(statFields)]float64, ix.n)
	for k, name := range statFields {
		for p, v := range ix.nums[name].of {
			ix.statRows[p][k] = v
		}
	}
	for i, name := range sortNames {
		ix.orders[name] = orders[i]
	}
	// Sold runs collapse once, in each order over the whole listing
	// (collapseRuns); the searches then need no collapsing of their own, so
	// a listing's facet counts add up to its total and each is the total
	// of the listing that value opens.
	ix.listedSold = ix.soldBits
	for _, o := range ix.orders {
		collapseRuns(o, ix.listedSold)
	}
	ix.soldBits = make([]uint64, len(ix.listedSold))
	ix.sold = roaring.New()
	ix.facets = make([]*facet, len(facetDefs))
	for i := range facetDefs {
		wg.Go(func() { ix.facets[i] = buildFacet(&facetDefs[i], docs, &cfg, ix.nums) })
	}
	wg.Wait()
	for _, f := range ix.facets {
		ix.facetBy[f.def.name] = f
	}
	ix.buildColumns()
	ix.buildLocations(docs)
	return ix
}

// buildLocations groups the listed cars by location.
func (ix *Index) buildLocations(docs []*catalog.Car) {
	k := map[int64]int32{}
	var members [][]uint32
	ix.locOf = make([]int32, len(docs))
	for p, c := range docs {
		i, ok := k[c.LocationID]
		if !ok {
			i = int32(len(ix.locIDs))
			k[c.LocationID] = i
			ix.locIDs = append(ix.locIDs, c.LocationID)
			members = append(members, nil)
		}
		ix.locOf[p] = i
		members[i] = append(members[i], uint32(p))
	}
	ix.locBits = make([]*roaring.Bitmap, len(members))
	for i, m := range members {
		ix.locBits[i] = roaring.BitmapOf(m...)
	}
}

// near measures each location from n: its distance in km, +Inf where the
// location's position is unknown.
func (ix *Index) near(n *Near) []float64 {
	out := make([]float64, len(ix.locIDs))
	for i, id := range ix.locIDs {
		if d, ok := ix.cfg.distance(id, n); ok {
			out[i] = d
		} else {
			out[i] = math.Inf(1)
		}
	}
	return out
}

// within is the cars whose location lies within km of the search's postcode.
func (ix *Index) within(dist []float64, km int) *roaring.Bitmap {
	bm := roaring.New()
	for i, d := range dist {
		if d <= float64(km) {
			bm.Or(ix.locBits[i])
		}
	}
	return bm
}

// nearestFirst is the order of the cars by their location's distance, the
// dealer's order within a location: a bucket walk of the default order,
// linear in the catalogue.
func (ix *Index) nearestFirst(dist []float64) *order {
	locs := make([]int32, len(dist))
	for i := range locs {
		locs[i] = int32(i)
	}
	slices.SortStableFunc(locs, func(a, b int32) int { return cmp.Compare(dist[a], dist[b]) })
	cars := make([]int, len(dist))
	for _, l := range ix.locOf {
		cars[l]++
	}
	// offset[k] is where location k's next car goes in the new order.
	offset := make([]int, len(dist))
	at := 0
	for _, l := range locs {
		offset[l] = at
		at += cars[l]
	}
	o := &order{seq: make([]uint32, ix.n), rank: make([]uint32, ix.n), transient: true}
	for _, p := range ix.orders[SortDefault].seq {
		l := ix.locOf[p]
		o.seq[offset[l]] = p
		o.rank[p] = uint32(offset[l])
		offset[l]++
	}
	collapseRuns(o, ix.listedSold)
	return o
}

// Len is the number of listed cars.
func (ix *Index) Len() int { return ix.n }

// Config is the configuration the index was built with.
func (ix *Index) Config() Config { return ix.cfg }

// ValidUntil is when the first listed sold car leaves its sold window; the
// index should be rebuilt by then. Zero when no sold car is listed: the
// index then stays valid until the stock changes.
func (ix *Index) ValidUntil() time.Time { return ix.validUntil }

// Stale reports whether the index no longer lists what it should at now
// (a listed sold car has left its window).
func (ix *Index) Stale(now time.Time) bool {
	return !ix.validUntil.IsZero() && !now.Before(ix.validUntil)
}

// Car finds any car of the catalogue by slug, listed or not, so a sold
// car's detail page still opens.
func (ix *Index) Car(slug string) (catalog.Car, bool) {
	i, ok := ix.bySlug[slug]
	if !ok {
		return catalog.Car{}, false
	}
	return ix.all[i], true
}

// Listed reports whether the car with this slug is in the listings.
func (ix *Index) Listed(slug string) bool {
	i, ok := ix.bySlug[slug]
	if !ok {
		return false
	}
	return ix.posOf[i] >= 0
}

func (ix *Index) doc(p uint32) *catalog.Car { return &ix.all[ix.docs[p]] }

// Search answers one query.
func (ix *Index) Search(q Query) Result {
	per := q.HitsPerPage
	if per <= 0 {
		per = HitsPerPage
	}
	per = min(per, maxHitsPerPage)
	var dist []float64
	if q.Near != nil {
		dist = ix.near(q.Near)
	}
	ord, ok := ix.orders[q.Sort]
	switch {
	case q.Sort == SortDistanceAsc && dist != nil:
		ord = ix.nearestFirst(dist)
	case !ok:
		q.Sort, ord = SortDefault, ix.orders[SortDefault]
	}

	sc := scratchPool.Get().(*scratch)
	defer sc.release()
	sc.keys = sc.keys[:0]

	// base starts as the whole catalogue, shared with the index: the first
	// filter that narrows it gives the search a bitmap of its own, and a
	// plain browse clones nothing.
	base, owned := ix.universe, false
	narrow := func(fresh *roaring.Bitmap) { // fresh: a bitmap this search made
		if owned {
			base.And(fresh)
		} else {
			base, owned = fresh, true
		}
	}
	if dist != nil && q.Near.KM > 0 {
		narrow(ix.within(dist, q.Near.KM))
	}
	if tb := ix.text.search(q.Text); tb != nil {
		narrow(tb)
	}
	for _, name := range sortedKeys(q.Ranges) {
		nm := ix.nums[name]
		if nm == nil || !rangeFields[name] {
			continue // unknown range facets are ignored
		}
		r := q.Ranges[name]
		lo, hi := bound(r.Min, math.Inf(-1)), bound(r.Max, math.Inf(1))
		if lo > hi {
			lo, hi = hi, lo
		}
		if owned {
			base = nm.restrict(base, lo, hi, sc)
		} else {
			narrow(nm.between(lo, hi, false))
		}
	}
	if ix.cfg.ExcludesPriceZero(q.Sort) {
		if !owned {
			base, owned = base.Clone(), true
		}
		base.AndNot(ix.priceZero)
	}

	active := ix.activeFilters(q.Refinements, sc)
	result := base // read only from here on, as is every context below
	if len(active) > 0 {
		result = roaring.And(base, active[0].bm)
		for _, a := range active[1:] {
			result.And(a.bm)
		}
	}

	// The listing shows only what the whole listing shows in its order
	// (sold runs collapsed there, order.shown): the base the facets count
	// over and the result alike, so the counts add up to the total.
	matched := -1
	if ord.shown != nil {
		matched = int(result.GetCardinality())
		shownOf := func(b *roaring.Bitmap) *roaring.Bitmap {
			if b == ix.universe {
				return ord.shown // a plain browse: shared, read only
			}
			return roaring.And(b, ord.shown)
		}
		base, result = shownOf(base), shownOf(result)
	}
	asc, ordered := ix.ordered(result, ord, &sc.pos)
	if matched < 0 {
		matched = len(ordered)
	}
	res := Result{
		Matched:     matched,
		HitsPerPage: per,
		Facets:      ix.countFacets(base, result, ordered, ord, active, q.Facets, sc),
		Stats:       ix.stats(result, asc, len(ordered)),
	}
	// Collapse sold runs without copying the hits: count what is shown,
	// then pick the page.
	shown := keptHits(ordered, ix.isSold)
	res.Total = len(ordered)
	switch {
	case len(ordered) == ix.n && !ord.transient:
		res.Total = ix.browseOf(ord).total // the same for every plain browse
	case ix.sold.Intersects(result):
		res.Total = ix.shownTotal(ordered)
	}
	res.Count = ShownCount(res.Total, ix.cfg.StockCount)
	res.Pages = PageCount(res.Total, per)
	res.Page = ClampPage(q.Page, res.Pages)
	from := min((res.Page-1)*per, res.Total)
	to := min(from+per, res.Total)
	res.Hits = make([]*catalog.Car, 0, to-from)
	for k, p := range shown {
		if k >= to {
			break
		}
		if k >= from {
			res.Hits = append(res.Hits, ix.doc(p))
		}
	}
	return res
}

// shownTotal counts the cars of ordered that keptHits yields: every one
// when all are sold, else all but each sold car right after another (a
// sold car it drops leaves the one before it sold, so the next is judged
// alike). Plain arithmetic a car: whether one is sold is no guess for a
// branch.
func (ix *Index) shownTotal(ordered []uint32) int {
	var hidden, sold, prev uint64
	for _, p := range ordered {
		s := ix.soldBit(p)
		hidden += s & prev
		sold += s
		prev = s
	}
	if int(sold) == len(ordered) {
		return len(ordered)
	}
	return len(ordered) - int(hidden)
}

func bound(v *float64, def float64) float64 {
	if v == nil || math.IsNaN(*v) {
		return def
	}
	return *v
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// ordered lists the result's positions twice, in *buf (grown as needed and
// kept for the next search; the answers are valid until then): ascending,
// for the walks that only count (they then read the index's columns front
// to back), and in the sort's order. The whole catalogue answers asc nil
// and the order's own sequence, which callers must not modify.
func (ix *Index) ordered(res *roaring.Bitmap, o *order, buf *orderBuf) (asc, inOrder []uint32) {
	card := int(res.GetCardinality())
	if card == 0 {
		return nil, nil
	}
	if card == ix.n {
		return nil, o.seq
	}
	asc = buf.positions(res, card)
	out := grow(buf.sorted, card)
	if card < 64 {
		// A handful: sort them by rank. The rank rides in the high half of
		// one integer so the sort compares plain numbers.
		keys := grow(buf.keys, card)
		for _, p := range asc {
			keys = append(keys, uint64(o.rank[p])<<32|uint64(p))
		}
		slices.Sort(keys)
		for _, k := range keys {
			out = append(out, uint32(k))
		}
		buf.keys, buf.sorted = keys, out
		return asc, out
	}
	// Ranks are distinct and below n: mark each hit's rank in a bitset of n
	// bits, then read the set bits upwards and turn each rank back into its
	// position. That costs n/64 words plus the hits, against a sort's
	// card·log(card) or a walk of the whole order's n.
	nw := (ix.n + 63) / 64
	words := grow(buf.words, nw)[:nw]
	clear(words)
	for _, p := range asc {
		r := o.rank[p]
		words[r>>6] |= 1 << (r & 63)
	}
	for w, word := range words {
		for word != 0 {
			out = append(out, o.seq[w<<6|bits.TrailingZeros64(word)])
			word &= word - 1
		}
	}
	buf.words, buf.sorted = words, out
	return asc, out
}

// orderBuf is ordered's working memory.
type orderBuf struct {
	out    []uint32        // ascending
	of     *roaring.Bitmap // whose positions out holds
	it     roaring.ManyIntIterator
	sorted []uint32 // in the sort's order
	keys   []uint64
	words  []uint64
}

// positions answers bm's card positions, ascending, in buf.out (grown to
// hold them). Asked again for the same bitmap, it answers what it holds:
// a context's count and its walk in order both need them.
func (buf *orderBuf) positions(bm *roaring.Bitmap, card int) []uint32 {
	if buf.of == bm && len(buf.out) == card {
		return buf.out
	}
	all := grow(buf.out, card)[:card]
	buf.it.Initialize(bm)
	for n, k := 0, buf.it.NextMany(all); k > 0; k = buf.it.NextMany(all[n:]) {
		n += k
	}
	buf.out, buf.of = all, bm
	return all
}

// grow answers s emptied, with room for n.
func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, 0, n)
	}
	return s[:0]
}

// stats are the bounds of price, year, km and weekly price over the result
// of card positions, asc (ascending; nil for the whole catalogue).
func (ix *Index) stats(res *roaring.Bitmap, asc []uint32, card int) map[string]Stat {
	out := map[string]Stat{}
	if card == 0 {
		return out
	}
	if asc == nil || card*8 > ix.n {
		// Dense result: the ends of the sorted values meet a hit soon.
		for _, name := range statFields {
			nm := ix.nums[name]
			i := 0
			for i < len(nm.pos) && !res.Contains(nm.pos[i]) {
				i++
			}
			if i == len(nm.pos) {
				continue
			}
			j := len(nm.pos) - 1
			for !res.Contains(nm.pos[j]) {
				j--
			}
			out[name] = Stat{Min: nm.val[i], Max: nm.val[j]}
		}
		return out
	}
	var lo, hi [len(statFields)]float64
	for k := range lo {
		lo[k], hi[k] = math.Inf(1), math.Inf(-1)
	}
	for _, p := range asc {
		row := &ix.statRows[p]
		for k, v := range row {
			// A car without the value holds NaN, which compares false: plain
			// comparisons pass over it, where min and max would keep it.
			if v < lo[k] {
				lo[k] = v
			}
			if v > hi[k] {
				hi[k] = v
			}
		}
	}
	for k, name := range statFields {
		if lo[k] <= hi[k] {
			out[name] = Stat{Min: lo[k], Max: hi[k]}
		}
	}
	return out
}

// statFields are the fields whose bounds a result gives (Result.Stats).
var statFields = [...]string{"price", "year", "km", "weekly_price"}

// rangeFields are the numeric facets a query may bound (Query.Ranges).
var rangeFields = map[string]bool{"price": true, "year": true, "km": true, "weekly_price": true, "subscription_price": true}

// numericFields give each numeric field's value, if the car has one. A
// price of 0 means no price, so it is in no price range.
var numericFields = map[string]func(c *catalog.Car, cfg *Config) (float64, bool){
	"price": func(c *catalog.Car, _ *Config) (float64, bool) { return float64(c.Price), c.Price > 0 },
	"year":  func(c *catalog.Car, _ *Config) (float64, bool) { return float64(c.Year), c.Year > 0 },
	"km":    func(c *catalog.Car, _ *Config) (float64, bool) { return float64(c.KM), c.KM >= 0 },
	"weekly_price": func(c *catalog.Car, _ *Config) (float64, bool) {
		if w := catalog.WeeklyPayment(*c); w != nil && *w > 0 {
			return *w, true
		}
		return 0, false
	},
	"subscription_price": func(c *catalog.Car, cfg *Config) (float64, bool) {
		return float64(c.SubscriptionPrice), c.SubscriptionPrice > 0 && offersSubscription(c, cfg)
	},
}

func offersSubscription(c *catalog.Car, cfg *Config) bool {
	return cfg.OffersSubscription == nil || cfg.OffersSubscription[c.DealershipID]
}

func buildNumeric(docs []*catalog.Car, cfg *Config, get func(*catalog.Car, *Config) (float64, bool)) *numeric {
	nm := &numeric{of: make([]float64, len(docs))}
	for p, c := range docs {
		v, ok := get(c, cfg)
		if !ok {
			nm.of[p] = math.NaN()
			continue
		}
		nm.of[p] = v
		nm.pos = append(nm.pos, uint32(p))
	}
	slices.SortStableFunc(nm.pos, func(a, b uint32) int { return cmp.Compare(nm.of[a], nm.of[b]) })
	nm.val = make([]float64, len(nm.pos))
	for i, p := range nm.pos {
		nm.val[i] = nm.of[p]
	}
	for k := 0; k < len(nm.pos); k += numericBlock {
		bm := roaring.BitmapOf(nm.pos[k:min(k+numericBlock, len(nm.pos))]...)
		bm.RunOptimize()
		nm.blocks = append(nm.blocks, bm)
	}
	return nm
}

// span is the index range of pos with lo ≤ value ≤ hi (value < hi when
// hiOpen): two binary searches over the sorted values.
func (nm *numeric) span(lo, hi float64, hiOpen bool) (int, int) {
	i := sort.SearchFloat64s(nm.val, lo)
	j := sort.Search(len(nm.val), func(k int) bool {
		if hiOpen {
			return nm.val[k] >= hi
		}
		return nm.val[k] > hi
	})
	return i, max(i, j)
}

// between is the bitmap of positions with lo ≤ value ≤ hi (value < hi when
// hiOpen).
func (nm *numeric) between(lo, hi float64, hiOpen bool) *roaring.Bitmap {
	i, j := nm.span(lo, hi, hiOpen)
	return nm.spanBitmap(i, j)
}

func (nm *numeric) spanBitmap(i, j int) *roaring.Bitmap {
	bm := roaring.New()
	if i >= j {
		return bm
	}
	first, last := (i+numericBlock-1)/numericBlock, j/numericBlock // whole blocks first..last-1
	if first >= last {
		bm.AddMany(sortedCopy(nm.pos[i:j]))
		return bm
	}
	bm = roaring.FastOr(nm.blocks[first:last]...)
	bm.AddMany(sortedCopy(nm.pos[i : first*numericBlock]))
	bm.AddMany(sortedCopy(nm.pos[last*numericBlock : j]))
	return bm
}

// sortedCopy: roaring adds sorted values by appending, unsorted by inserting.
func sortedCopy(ps []uint32) []uint32 {
	out := slices.Clone(ps)
	slices.Sort(out)
	return out
}

// restrict narrows bm to lo ≤ value ≤ hi: the narrowed bitmap, bm itself
// or a new one. It scans bm's cars when there are fewer of them than the
// range holds, else intersects bm with the range's bitmap.
func (nm *numeric) restrict(bm *roaring.Bitmap, lo, hi float64, sc *scratch) *roaring.Bitmap {
	i, j := nm.span(lo, hi, false)
	card := bm.GetCardinality()
	if card >= uint64(j-i) {
		bm.And(nm.spanBitmap(i, j))
		return bm
	}
	// bm's cars out of range are cleared in a dense copy of bm, which then
	// becomes the narrowed bitmap at once: roaring adds a list of cars one
	// at a time, and takes them out of a run container one recount at a
	// time.
	nw := (len(nm.of) + 63) / 64
	words := grow(sc.dense, nw)[:nw]
	clear(words)
	sc.dense = words
	bm.WriteDenseTo(words)
	dropped := false
	for w, word := range words {
		for rest := word; rest != 0; rest &= rest - 1 {
			b := bits.TrailingZeros64(rest)
			if v := nm.of[w<<6|b]; !(v >= lo && v <= hi) { // NaN too
				word &^= 1 << b
			}
		}
		dropped = dropped || word != words[w]
		words[w] = word
	}
	if !dropped {
		return bm
	}
	return roaring.FromDense(words, true)
}

// sortKey is what the sorts compare of a car, copied out of the car so a
// sort of a large catalogue reads a compact array, not every car.
type sortKey struct {
	price, year, km, rank int
	// unpriced is 1 for a car that shows the no-price wording: price
	// ascending puts those last, not first.
	unpriced int
	id       int64
	created  time.Time
}

func sortKeys(docs []*catalog.Car) []sortKey {
	out := make([]sortKey, len(docs))
	for p, c := range docs {
		out[p] = sortKey{price: c.Price, year: c.Year, km: c.KM, rank: c.Rank, id: c.ID, created: c.CreatedAt}
		if !catalog.Priced(*c) {
			out[p].unpriced = 1
		}
	}
	return out
}

// sortOrders compare two cars for each sort; ties fall to rank, then id, so
// every order is total and stable across rebuilds.
var sortOrders = map[string]func(a, b *sortKey) int{
	SortDefault: func(a, b *sortKey) int { return byRank(a, b) },
	SortPriceAsc: func(a, b *sortKey) int {
		return cmp.Or(cmp.Compare(a.unpriced, b.unpriced), cmp.Compare(a.price, b.price), byRank(a, b))
	},
	SortPriceDesc: func(a, b *sortKey) int { return cmp.Or(cmp.Compare(b.price, a.price), byRank(a, b)) },
	SortYearDesc:  func(a, b *sortKey) int { return cmp.Or(cmp.Compare(b.year, a.year), byRank(a, b)) },
	SortYearAsc:   func(a, b *sortKey) int { return cmp.Or(cmp.Compare(a.year, b.year), byRank(a, b)) },
	SortKMAsc:     func(a, b *sortKey) int { return cmp.Or(cmp.Compare(a.km, b.km), byRank(a, b)) },
	SortKMDesc:    func(a, b *sortKey) int { return cmp.Or(cmp.Compare(b.km, a.km), byRank(a, b)) },
	SortNewest:    func(a, b *sortKey) int { return cmp.Or(b.created.Compare(a.created), byRank(a, b)) },
}

func byRank(a, b *sortKey) int {
	return cmp.Or(cmp.Compare(b.rank, a.rank), cmp.Compare(a.id, b.id))
}

func buildOrder(keys []sortKey, cmpf func(a, b *sortKey) int) *order {
	o := &order{seq: make([]uint32, len(keys)), rank: make([]uint32, len(keys))}
	for i := range o.seq {
		o.seq[i] = uint32(i)
	}
	slices.SortFunc(o.seq, func(a, b uint32) int { return cmpf(&keys[a], &keys[b]) })
	for r, p := range o.seq {
		o.rank[p] = uint32(r)
	}
	return o
}

// ---- facets ----

type orderKind int

const (
	byCount   orderKind = iota // count descending, then label
	byFixed                    // a fixed order (car types, statuses)
	byNumeric                  // bucket lower bound ascending
)

// facetDef describes one facet of docs/behaviour/entities.md's Search state.
type facetDef struct {
	name  string
	order orderKind
	fixed []string // byFixed: value order
	// Bucketed numeric facets: the numeric field and the bucket bounds.
	field  string
	bounds []float64
	format func(v float64) string
	unit   string
	// Value facets: add each of the car's values with its label.
	each func(c *catalog.Car, cfg *Config, add func(value, label string))
}

type facetEntry struct {
	value, label string
	key          string // lower-case value, for case-insensitive refinement
	sortLabel    string // lower-case label, for ordering
	bm           *roaring.Bitmap
	card         int
	lo           float64 // bucket lower bound (byNumeric)
}

type facet struct {
	def    *facetDef
	values []facetEntry
	byKey  map[string]int
	// byLabel lists the values' ids by lower-case label, then value: the
	// order of equal counts, so ordering by count sorts plain numbers.
	byLabel []uint32
	// base is the facet's first value id among every facet's values: the
	// counts of all facets share one array.
	base int
	// A facet with at most one value per car (and fewer than noValue
	// values) keeps each position's value id in column slot of Index.cols,
	// and again in col, a byte a position, which a walk of one facet in any
	// order reads from cache; slot is -1 for any other, which keeps a
	// forward index: the value ids of position p are ids[offs[p]:offs[p+1]].
	slot    int
	col     []uint8
	offs    []uint32
	ids     []uint32
	avgVals float64
	// masks, for a multi-valued facet of at most 64 values, holds each
	// position's values as bits, so a walk in order handles a car in a
	// few word operations rather than value by value.
	masks []uint64
}

func str(get func(c *catalog.Car) string) func(*catalog.Car, *Config, func(string, string)) {
	return func(c *catalog.Car, _ *Config, add func(string, string)) {
		if v := strings.TrimSpace(get(c)); v != "" {
			add(v, v)
		}
	}
}

func labelled(get func(c *catalog.Car) string, labels map[string]string) func(*catalog.Car, *Config, func(string, string)) {
	return func(c *catalog.Car, _ *Config, add func(string, string)) {
		v := strings.TrimSpace(get(c))
		if v == "" {
			return
		}
		l, ok := labels[v]
		if !ok {
			l = v
		}
		add(v, l)
	}
}

func money(v float64) string { return catalog.FormatPrice(int(v)) }
func distance(v float64) string {
	return catalog.FormatKM(int(v))
}

var (
	priceBounds     = []float64{0, 10000, 20000, 30000, 40000, 50000, 60000, 70000, 80000, 90000, 100000, 150000, 200000, 250000}
	priceCoarse     = []float64{0, 20000, 40000, 60000, 80000, 100000}
	kmBounds        = []float64{0, 10000, 30000, 50000, 75000, 100000, 150000}
	weeklyBounds    = []float64{0, 100, 150, 200, 250, 300, 400}
	carTypeLabels   = map[string]string{catalog.TypeNew: "New", catalog.TypeDemo: "Demo", catalog.TypeUsed: "Used"}
	statusLabels    = map[string]string{catalog.StatusInStock: "In Stock", catalog.StatusComingSoon: "Coming Soon", catalog.StatusSold: "Sold"}
	certifiedLabels = map[string]string{"true": "Certified", "false": "Not Certified"}
	defaultCategory = "Cars"
)

// facetDefs are the facets of docs/behaviour/entities.md#search-state.
var facetDefs = []facetDef{
	{name: "badge", each: str(func(c *catalog.Car) string { return c.Badge })},
	{name: "status", order: byFixed, fixed: []string{catalog.StatusInStock, catalog.StatusComingSoon, catalog.StatusSold},
		each: labelled(func(c *catalog.Car) string { return c.Status }, statusLabels)},
	{name: "car_type", order: byFixed, fixed: []string{catalog.TypeNew, catalog.TypeDemo, catalog.TypeUsed},
		each: labelled(func(c *catalog.Car) string { return c.CarType }, carTypeLabels)},
	// categories: the kind of vehicle, from item_type (caravans); plain cars otherwise.
	{name: "categories", each: func(c *catalog.Car, _ *Config, add func(string, string)) {
		v := strings.TrimSpace(c.ItemType)
		if v == "" {
			add(defaultCategory, defaultCategory)
			return
		}
		add(v, titleCase(v))
	}},
	{name: "city", each: func(c *catalog.Car, cfg *Config, add func(string, string)) {
		if v := strings.TrimSpace(cfg.Cities[c.LocationID]); v != "" {
			add(v, v)
		}
	}},
	{name: "colour", each: str(func(c *catalog.Car) string { return c.Colour })},
	{name: "dealership_name", each: func(c *catalog.Car, cfg *Config, add func(string, string)) {
		v := strings.TrimSpace(cfg.DealershipNames[c.DealershipID])
		if v == "" {
			v = c.DealershipSlug
		}
		if v != "" {
			add(v, v)
		}
	}},
	{name: "filtered_features", each: func(c *catalog.Car, _ *Config, add func(string, string)) {
		for _, f := range c.StandardEquipment {
			if f = strings.TrimSpace(f); f != "" {
				add(f, f)
			}
		}
	}},
	{name: "item_type", each: str(func(c *catalog.Car) string { return c.ItemType })},
	{name: "km", order: byNumeric, field: "km", bounds: kmBounds, format: distance},
	{name: "location_name", each: str(func(c *catalog.Car) string { return c.LocationName })},
	{name: "make", each: str(func(c *catalog.Car) string { return c.Make })},
	{name: "make_model", each: func(c *catalog.Car, _ *Config, add func(string, string)) {
		mk, md := strings.TrimSpace(c.Make), strings.TrimSpace(c.Model)
		if mk != "" && md != "" {
			add(mk+"|"+md, mk+" "+md)
		}
	}},
	{name: "model", each: str(func(c *catalog.Car) string { return c.Model })},
	{name: "price", order: byNumeric, field: "price", bounds: priceCoarse, format: money},
	{name: "subscription_price", order: byNumeric, field: "subscription_price", bounds: weeklyBounds, format: money, unit: " /wk"},
	{name: "price_range", order: byNumeric, field: "price", bounds: priceBounds, format: money},
	{name: "seats", each: func(c *catalog.Car, _ *Config, add func(string, string)) {
		if c.Seats > 0 {
			v := strconv.Itoa(c.Seats)
			add(v, v)
		}
	}},
	{name: "body", each: str(func(c *catalog.Car) string { return c.SimpleBody })},
	{name: "drive", each: str(func(c *catalog.Car) string { return c.SimpleDrive })},
	{name: "fuel", each: str(func(c *catalog.Car) string { return c.SimpleFuel })},
	{name: "transmission", each: str(func(c *catalog.Car) string { return c.SimpleTransmission })},
	{name: "state", each: func(c *catalog.Car, cfg *Config, add func(string, string)) {
		if v := strings.TrimSpace(cfg.States[c.LocationID]); v != "" {
			add(v, v)
		}
	}},
	{name: "tag", each: str(func(c *catalog.Car) string { return c.Tag })},
	{name: "weekly_price_range", order: byNumeric, field: "weekly_price", bounds: weeklyBounds, format: money, unit: " /wk"},
	{name: "year", each: func(c *catalog.Car, _ *Config, add func(string, string)) {
		if c.Year > 0 {
			v := strconv.Itoa(c.Year)
			add(v, v)
		}
	}},
	{name: "certified", order: byFixed, fixed: []string{"true", "false"}, each: func(c *catalog.Car, _ *Config, add func(string, string)) {
		v := strconv.FormatBool(c.Certified)
		add(v, certifiedLabels[v])
	}},
}

// FacetNames lists the facets the index counts, in the behaviour docs' order.
func FacetNames() []string {
	out := make([]string, len(facetDefs))
	for i := range facetDefs {
		out[i] = facetDefs[i].name
	}
	return out
}

func titleCase(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// bucketValue names a bucket "lo-hi", or "lo+" for the open top one.
func bucketValue(lo, hi float64) string {
	if math.IsInf(hi, 1) {
		return strconv.FormatFloat(lo, 'f', -1, 64) + "+"
	}
	return strconv.FormatFloat(lo, 'f', -1, 64) + "-" + strconv.FormatFloat(hi, 'f', -1, 64)
}

func (d *facetDef) bucketLabel(lo, hi float64) string {
	if math.IsInf(hi, 1) {
		return d.format(lo) + "+" + d.unit
	}
	return d.format(lo) + " - " + d.format(hi) + d.unit
}

// parseBucket reads "lo-hi", "lo+" or "lo-" (open top) as [lo, hi).
func parseBucket(v string) (lo, hi float64, ok bool) {
	v = strings.TrimSpace(v)
	if s, open := strings.CutSuffix(v, "+"); open {
		lo, err := strconv.ParseFloat(s, 64)
		return lo, math.Inf(1), err == nil && !math.IsNaN(lo)
	}
	a, b, found := strings.Cut(v, "-")
	if !found {
		return 0, 0, false
	}
	lo, err := strconv.ParseFloat(strings.TrimSpace(a), 64)
	if err != nil || math.IsNaN(lo) {
		return 0, 0, false
	}
	if strings.TrimSpace(b) == "" {
		return lo, math.Inf(1), true
	}
	hi, err = strconv.ParseFloat(strings.TrimSpace(b), 64)
	if err != nil || math.IsNaN(hi) {
		return 0, 0, false
	}
	if lo > hi {
		lo, hi = hi, lo
	}
	return lo, hi, true
}

func buildFacet(d *facetDef, docs []*catalog.Car, cfg *Config, nums map[string]*numeric) *facet {
	f := &facet{def: d, byKey: map[string]int{}, offs: make([]uint32, len(docs)+1)}
	var lists [][]uint32
	if d.field != "" {
		nm := nums[d.field]
		for k, lo := range d.bounds {
			hi := math.Inf(1)
			if k+1 < len(d.bounds) {
				hi = d.bounds[k+1]
			}
			v := bucketValue(lo, hi)
			f.byKey[v] = len(f.values)
			f.values = append(f.values, facetEntry{value: v, label: d.bucketLabel(lo, hi), key: v, lo: lo})
			lists = append(lists, nil)
		}
		for p := range docs {
			if v := nm.of[p]; !math.IsNaN(v) {
				k, _ := slices.BinarySearch(d.bounds, v)
				if k == len(d.bounds) || d.bounds[k] != v {
					k-- // v lies inside the bucket that starts before it
				}
				if k >= 0 {
					f.ids = append(f.ids, uint32(k))
					lists[k] = append(lists[k], uint32(p))
				}
			}
			f.offs[p+1] = uint32(len(f.ids))
		}
	} else {
		byRaw := map[string]int{} // skips lowering values already seen
		for p, c := range docs {
			d.each(c, cfg, func(value, label string) {
				id, ok := byRaw[value]
				if !ok {
					id, ok = f.byKey[strings.ToLower(value)]
					if ok {
						byRaw[value] = id
					}
				}
				if !ok {
					key := strings.ToLower(value)
					byRaw[value] = len(f.values)
					id = len(f.values)
					f.byKey[key] = id
					f.values = append(f.values, facetEntry{value: value, label: label, key: key})
					lists = append(lists, nil)
				}
				l := lists[id]
				if n := len(l); n > 0 && l[n-1] == uint32(p) {
					return // a repeated feature counts once
				}
				lists[id] = append(l, uint32(p))
				f.ids = append(f.ids, uint32(id))
			})
			f.offs[p+1] = uint32(len(f.ids))
		}
	}
	// The values' bitmaps stay arrays and bitmaps, never runs: positions
	// are grouped by make and model (Build), so many would become runs, and
	// roaring's intersection of two runs allocates as it goes.
	for i := range f.values {
		f.values[i].sortLabel = strings.ToLower(f.values[i].label)
		f.values[i].bm = roaring.BitmapOf(lists[i]...)
		f.values[i].card = len(lists[i])
	}
	if len(docs) > 0 {
		f.avgVals = float64(len(f.ids)) / float64(len(docs))
	}
	f.byLabel = make([]uint32, len(f.values))
	for i := range f.byLabel {
		f.byLabel[i] = uint32(i)
	}
	slices.SortFunc(f.byLabel, func(a, b uint32) int {
		x, y := &f.values[a], &f.values[b]
		return cmp.Or(cmp.Compare(x.sortLabel, y.sortLabel), cmp.Compare(x.value, y.value))
	})
	return f
}

// activeFilter is one refined facet: the union of its chosen values.
type activeFilter struct {
	f        *facet
	bm       *roaring.Bitmap
	selected []string // keys of the chosen values
	custom   map[string]*roaring.Bitmap
	ctx      *roaring.Bitmap // what its values are counted over (countFacets)
}

// facetItem is a counted value with what orders it.
type facetItem struct {
	FacetValue
	sortLabel string
	lo        float64
	rank      int
}

// activeFilters turns refinements into bitmaps: OR within a facet. Unknown
// facets and empty values (the all-option) are ignored; an unknown value of
// a known facet matches nothing.
func (ix *Index) activeFilters(refs map[string][]string, sc *scratch) []activeFilter {
	if len(refs) == 0 {
		return nil
	}
	out := make([]activeFilter, 0, len(refs))
	for _, f := range ix.facets {
		vals := refs[f.def.name]
		if len(vals) == 0 {
			continue
		}
		bms := sc.bms[:0]
		a := activeFilter{f: f}
		// The chosen keys of every facet share the scratch's array.
		from := len(sc.keys)
		for _, v := range vals {
			key := strings.ToLower(strings.TrimSpace(v))
			if key == "" || slices.Contains(sc.keys[from:], key) {
				continue
			}
			sc.keys = append(sc.keys, key)
			a.selected = sc.keys[from:len(sc.keys):len(sc.keys)]
			if id, ok := f.byKey[key]; ok {
				bms = append(bms, f.values[id].bm)
				continue
			}
			if f.def.field != "" {
				// A bucketed facet also takes any "lo-hi" range.
				if lo, hi, ok := parseBucket(key); ok {
					bm := ix.nums[f.def.field].between(lo, hi, true)
					if a.custom == nil {
						a.custom = map[string]*roaring.Bitmap{}
					}
					a.custom[key] = bm
					bms = append(bms, bm)
				}
			}
		}
		sc.bms = bms[:0]
		if len(a.selected) == 0 {
			continue
		}
		if len(bms) == 1 {
			a.bm = bms[0] // the index's own: only ever read
		} else {
			a.bm = roaring.FastOr(bms...)
		}
		out = append(out, a)
	}
	return out
}

// facetValues appends to dst the counted values in order: values with a
// count, and any chosen value so it can be unchosen.
func (f *facet) facetValues(dst []FacetValue, counts []int, a *activeFilter, ctx *roaring.Bitmap, sc *scratch) []FacetValue {
	type item = facetItem
	rank := func(v string) int {
		if i := slices.Index(f.def.fixed, v); i >= 0 {
			return i
		}
		return len(f.def.fixed)
	}
	var selected []string
	if a != nil {
		selected = a.selected
	}
	if f.def.order == byCount && a == nil {
		return f.byCountValues(dst, counts, sc)
	}
	items := sc.items[:0]
	defer func() { sc.items = items[:0] }()
	for i := range f.values {
		e := &f.values[i]
		if counts[i] > 0 || slices.Contains(selected, e.key) {
			items = append(items, item{FacetValue{Label: e.label, Value: e.value, Count: counts[i]}, e.sortLabel, e.lo, 0})
		}
	}
	for _, k := range selected {
		if _, known := f.byKey[k]; known {
			continue
		}
		lo, hi, ok := parseBucket(k)
		if !ok || f.def.field == "" {
			items = append(items, item{FacetValue{Label: k, Value: k}, k, 0, 0})
			continue
		}
		n := int(ctx.AndCardinality(a.custom[k]))
		l := f.def.bucketLabel(lo, hi)
		items = append(items, item{FacetValue{Label: l, Value: k, Count: n}, strings.ToLower(l), lo, 0})
	}
	if f.def.order == byFixed {
		for i := range items {
			items[i].rank = rank(items[i].Value)
		}
	}
	slices.SortFunc(items, func(x, y item) int {
		switch f.def.order {
		case byNumeric:
			return cmp.Or(cmp.Compare(x.lo, y.lo), cmp.Compare(x.Value, y.Value))
		case byFixed:
			if c := cmp.Compare(x.rank, y.rank); c != 0 {
				return c
			}
		}
		return cmp.Or(cmp.Compare(y.Count, x.Count), cmp.Compare(x.sortLabel, y.sortLabel), cmp.Compare(x.Value, y.Value))
	})
	for i := range items {
		dst = append(dst, items[i].FacetValue)
	}
	return dst
}

// byCountValues is facetValues of a facet ordered by count with no value
// chosen: each counted value is one integer, its count's complement above
// its place in byLabel, so a plain sort of integers puts the most cars
// first and equal counts in label order.
func (f *facet) byCountValues(dst []FacetValue, counts []int, sc *scratch) []FacetValue {
	keys := sc.valueKeys[:0]
	for at, id := range f.byLabel {
		if n := counts[id]; n > 0 {
			keys = append(keys, uint64(math.MaxUint32-uint32(n))<<32|uint64(at))
		}
	}
	slices.Sort(keys)
	for _, k := range keys {
		e := &f.values[f.byLabel[uint32(k)]]
		dst = append(dst, FacetValue{Label: e.label, Value: e.value, Count: int(math.MaxUint32 - uint32(k>>32))})
	}
	sc.valueKeys = keys[:0]
	return dst
}
