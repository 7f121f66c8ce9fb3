package search

import (
	"cmp"
	"slices"
	"strings"

	"github.com/RoaringBitmap/roaring/v2"

	"forecourt/internal/catalog"
)

// Similar finds up to limit (at most MaxSimilar) listed in-stock cars like
// car (docs/behaviour/constants.md, Similar cars): within the price band (±10,000
// under 50,000, else ±25,000), the car itself left out; the same model
// first, then the same make and body, the same make, the same body, then
// any car in the band; within each group the closest price first.
func (ix *Index) Similar(car catalog.Car, limit int) []catalog.Car {
	if limit <= 0 || limit > MaxSimilar {
		limit = MaxSimilar
	}
	cand := ix.inStock.Clone()
	if car.Price > 0 {
		lo, hi := PriceBand(car.Price)
		cand.And(ix.nums["price"].between(float64(lo), float64(hi), false))
	}
	ix.removeCar(cand, car)
	if cand.IsEmpty() {
		return nil
	}

	model := ix.valueBitmap("make_model", car.Make+"|"+car.Model)
	mk := ix.valueBitmap("make", car.Make)
	body := ix.valueBitmap("body", car.SimpleBody)
	groups := []*roaring.Bitmap{model, roaring.And(mk, body), mk, body, cand}

	var picked []uint32
	for _, g := range groups {
		if len(picked) >= limit {
			break
		}
		gb := roaring.And(cand, g)
		if gb.IsEmpty() {
			continue
		}
		picked = append(picked, ix.closest(gb, car.Price, limit-len(picked))...)
		for _, p := range picked {
			cand.Remove(p)
		}
	}
	out := make([]catalog.Car, len(picked))
	for i, p := range picked {
		out[i] = *ix.doc(p)
	}
	return out
}

// SimilarBatch answers Similar for several cars in one call.
func (ix *Index) SimilarBatch(cars []catalog.Car, limit int) [][]catalog.Car {
	out := make([][]catalog.Car, len(cars))
	for i, c := range cars {
		out[i] = ix.Similar(c, limit)
	}
	return out
}

// removeCar takes the car itself out of a candidate set, found by slug or
// by id.
func (ix *Index) removeCar(bm *roaring.Bitmap, car catalog.Car) {
	for _, i := range []int32{ix.bySlugIndex(car.Slug), ix.byIDIndex(car.ID)} {
		if i < 0 {
			continue
		}
		if p := ix.posOf[i]; p >= 0 {
			bm.Remove(uint32(p))
		}
	}
}

func (ix *Index) bySlugIndex(slug string) int32 {
	if i, ok := ix.bySlug[slug]; ok {
		return i
	}
	return -1
}

func (ix *Index) byIDIndex(id int64) int32 {
	if i, ok := ix.byID[id]; ok && id != 0 {
		return i
	}
	return -1
}

// valueBitmap is one facet value's positions (empty when unknown).
func (ix *Index) valueBitmap(facet, value string) *roaring.Bitmap {
	f := ix.facetBy[facet]
	if f == nil {
		return roaring.New()
	}
	if id, ok := f.byKey[strings.ToLower(strings.TrimSpace(value))]; ok {
		return f.values[id].bm
	}
	return roaring.New()
}

// closest picks up to k positions nearest in price (then by the dealer's
// rank); without a reference price, by rank alone. A bounded insertion keeps
// it linear in the candidates.
func (ix *Index) closest(bm *roaring.Bitmap, price, k int) []uint32 {
	rank := ix.orders[SortDefault].rank
	key := func(p uint32) (int, uint32) {
		if price <= 0 {
			return 0, rank[p]
		}
		return abs(ix.doc(p).Price - price), rank[p]
	}
	better := func(a, b uint32) bool {
		da, ra := key(a)
		db, rb := key(b)
		return cmp.Or(cmp.Compare(da, db), cmp.Compare(ra, rb)) < 0
	}
	top := make([]uint32, 0, k+1)
	it := bm.Iterator()
	for it.HasNext() {
		p := it.Next()
		if len(top) == k && !better(p, top[k-1]) {
			continue
		}
		i := len(top)
		for i > 0 && better(p, top[i-1]) {
			i--
		}
		top = slices.Insert(top, i, p)
		if len(top) > k {
			top = top[:k]
		}
	}
	return top
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
