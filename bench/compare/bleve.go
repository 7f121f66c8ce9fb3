package compare

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/analysis/analyzer/custom"
	"github.com/blevesearch/bleve/v2/analysis/analyzer/keyword"
	"github.com/blevesearch/bleve/v2/analysis/tokenizer/whitespace"
	"github.com/blevesearch/bleve/v2/index/scorch"
	bsearch "github.com/blevesearch/bleve/v2/search"
	"github.com/blevesearch/bleve/v2/search/query"

	"forecourt/internal/catalog"
	"forecourt/internal/search"
)

// Bleve is the catalogue in an in-memory Bleve index (scorch with no path:
// segments live on the heap, nothing is persisted).
//
// Where it differs from the index:
//   - Typos: a fuzzy term query with fuzziness 1 is plain Levenshtein
//     distance, so a swap of neighbouring letters ('toyta' is fine, 'hyundia'
//     is not) and doubled letters ('corrola' for 'corolla') are not forgiven.
//   - No numeric stats, no collapsing of sold runs, and a page past the end
//     comes back empty instead of showing the last page.
//   - Facet counts are disjunctive the only way Bleve allows: one extra
//     search per refined facet, with that facet's own filter left out.
const bleveBatch = 10_000

type Bleve struct {
	ix    bleve.Index
	cfg   search.Config
	sizes map[string]int // distinct values per facet, so facet requests return them all
}

// NewBleve indexes the listed cars in batches of bleveBatch. Each batch
// becomes one in-memory segment (nothing merges them without a path); one
// batch of all 88,000 cars would need gigabytes while it is analysed.
func NewBleve(listed []catalog.Car, cfg search.Config) (*Bleve, error) {
	m := bleve.NewIndexMapping()
	// The words are already lower-case letters and digits (search.CarWords),
	// so splitting on spaces gives exactly the index's vocabulary.
	if err := m.AddCustomAnalyzer("words", map[string]any{"type": custom.Name, "tokenizer": whitespace.Name}); err != nil {
		return nil, err
	}
	doc := bleve.NewDocumentStaticMapping()
	text := bleve.NewTextFieldMapping()
	text.Analyzer, text.Store, text.IncludeTermVectors, text.IncludeInAll, text.DocValues = "words", false, false, false, false
	doc.AddFieldMappingsAt("words", text)
	for _, name := range search.FacetNames() {
		f := bleve.NewKeywordFieldMapping()
		f.Analyzer, f.Store, f.IncludeInAll, f.DocValues = keyword.Name, false, false, true
		doc.AddFieldMappingsAt("f_"+name, f)
	}
	for _, name := range append(slices.Clone(rangeFields), "s_price", "s_year", "s_km", "s_created", "rank", "id") {
		f := bleve.NewNumericFieldMapping()
		f.Store, f.IncludeInAll, f.DocValues = false, false, true
		doc.AddFieldMappingsAt(name, f)
	}
	m.DefaultMapping = doc
	m.StoreDynamic, m.IndexDynamic, m.DocValuesDynamic = false, false, false

	ix, err := bleve.NewUsing("", m, scorch.Name, scorch.Name, nil)
	if err != nil {
		return nil, err
	}
	b := &Bleve{ix: ix, cfg: cfg, sizes: map[string]int{}}
	seen := map[string]map[string]bool{}
	batch := ix.NewBatch()
	for i := range listed {
		c := &listed[i]
		d := map[string]any{
			"words":     search.CarWords(c),
			"s_price":   float64(c.Price),
			"s_year":    float64(c.Year),
			"s_km":      float64(c.KM),
			"s_created": float64(c.CreatedAt.Unix()),
			"rank":      float64(c.Rank),
			"id":        float64(c.ID),
		}
		for _, f := range rangeFields {
			if v, ok := search.CarNumber(c, cfg, f); ok {
				d[f] = v
			}
		}
		for name, vs := range search.CarFacets(c, cfg) {
			d["f_"+name] = vs
			if seen[name] == nil {
				seen[name] = map[string]bool{}
			}
			for _, v := range vs {
				seen[name][v] = true
			}
		}
		if err := batch.Index(fmt.Sprint(c.ID), d); err != nil {
			return nil, err
		}
		if batch.Size() == bleveBatch || i == len(listed)-1 {
			if err := ix.Batch(batch); err != nil {
				return nil, err
			}
			batch.Reset()
		}
	}
	for name, vs := range seen {
		b.sizes[name] = len(vs)
	}
	return b, nil
}

// Close releases the index.
func (b *Bleve) Close() error { return b.ix.Close() }

// Search runs the query: the page with the counts of every facet not
// refined, then one count-only search per refined facet.
func (b *Bleve) Search(q search.Query) (Answer, error) {
	page, per := pageOf(q)
	base := b.baseClauses(q)
	filters := map[string]query.Query{}
	for _, name := range search.FacetNames() {
		if f := termsOf("f_"+name, q.Refinements[name]); f != nil {
			filters[name] = f
		}
	}
	all := slices.Clone(base)
	for _, name := range search.FacetNames() {
		if f, ok := filters[name]; ok {
			all = append(all, f)
		}
	}
	req := bleve.NewSearchRequestOptions(conjunction(all), per, (page-1)*per, false)
	req.Score = "none"
	field, desc := sortKey(q.Sort)
	var order bsearch.SortOrder
	if field != "" {
		order = append(order, &bsearch.SortField{Field: field, Desc: desc, Type: bsearch.SortFieldAsNumber})
	}
	order = append(order,
		&bsearch.SortField{Field: "rank", Desc: true, Type: bsearch.SortFieldAsNumber},
		&bsearch.SortField{Field: "id", Type: bsearch.SortFieldAsNumber})
	req.Sort = order
	for _, name := range search.FacetNames() {
		if _, ok := filters[name]; !ok {
			req.AddFacet(name, bleve.NewFacetRequest("f_"+name, max(b.sizes[name], 1)))
		}
	}
	res, err := b.ix.Search(req)
	if err != nil {
		return Answer{}, err
	}
	a := Answer{Matched: int(res.Total), Facets: map[string]map[string]int{}}
	for _, h := range res.Hits {
		var id int64
		fmt.Sscan(h.ID, &id)
		a.IDs = append(a.IDs, id)
	}
	for name, fr := range res.Facets {
		a.Facets[name] = termCounts(fr)
	}
	// Disjunctive counts: each refined facet counted under every other filter.
	for name := range filters {
		others := slices.Clone(base)
		for other, f := range filters {
			if other != name {
				others = append(others, f)
			}
		}
		req := bleve.NewSearchRequestOptions(conjunction(others), 0, 0, false)
		req.Score = "none"
		req.AddFacet(name, bleve.NewFacetRequest("f_"+name, max(b.sizes[name], 1)))
		res, err := b.ix.Search(req)
		if err != nil {
			return Answer{}, err
		}
		a.Facets[name] = termCounts(res.Facets[name])
	}
	return a, nil
}

// baseClauses are the filters every count shares: text, numeric ranges and
// the site's price-0 rule.
func (b *Bleve) baseClauses(q search.Query) []query.Query {
	var out []query.Query
	for _, w := range search.QueryWords(q.Text) {
		// Every word matches by prefix, as in the index; words of five
		// letters or more also with one edit.
		p := bleve.NewPrefixQuery(w)
		p.SetField("words")
		if !typoTolerant(w) {
			out = append(out, p)
			continue
		}
		f := bleve.NewFuzzyQuery(w)
		f.SetField("words")
		f.SetFuzziness(1)
		out = append(out, bleve.NewDisjunctionQuery(p, f))
	}
	for _, name := range rangeFields {
		r, ok := q.Ranges[name]
		if !ok {
			continue
		}
		lo, hi := bound(r.Min, math.Inf(-1)), bound(r.Max, math.Inf(1))
		if lo > hi {
			lo, hi = hi, lo
		}
		out = append(out, numRange(name, lo, hi))
	}
	if b.cfg.ExcludesPriceZero(q.Sort) {
		out = append(out, numRange("price", math.Inf(-1), math.Inf(1))) // has a price
	}
	return out
}

func numRange(field string, lo, hi float64) query.Query {
	t := true
	var min, max *float64
	if !math.IsInf(lo, -1) {
		min = &lo
	} else {
		v := -math.MaxFloat64
		min = &v
	}
	if !math.IsInf(hi, 1) {
		max = &hi
	}
	nq := bleve.NewNumericRangeInclusiveQuery(min, max, &t, &t)
	nq.SetField(field)
	return nq
}

func bound(v *float64, def float64) float64 {
	if v == nil || math.IsNaN(*v) {
		return def
	}
	return *v
}

// termsOf is OR within a facet: any of the chosen values.
func termsOf(field string, values []string) query.Query {
	var qs []query.Query
	for _, v := range values {
		v = strings.ToLower(strings.TrimSpace(v))
		if v == "" {
			continue
		}
		t := bleve.NewTermQuery(v)
		t.SetField(field)
		qs = append(qs, t)
	}
	if len(qs) == 0 {
		return nil
	}
	return bleve.NewDisjunctionQuery(qs...)
}

func conjunction(qs []query.Query) query.Query {
	if len(qs) == 0 {
		return bleve.NewMatchAllQuery()
	}
	return bleve.NewConjunctionQuery(qs...)
}

func termCounts(fr *bsearch.FacetResult) map[string]int {
	m := map[string]int{}
	if fr == nil {
		return m
	}
	for _, t := range fr.Terms.Terms() {
		if t.Count > 0 {
			m[t.Term] = t.Count
		}
	}
	return m
}
