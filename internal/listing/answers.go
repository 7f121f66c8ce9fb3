package listing

import (
	"context"
	"net/url"
	"slices"
	"strings"
	"time"

	"forecourt/internal/apitypes"
	"forecourt/internal/gzipped"
	"forecourt/internal/search"
	"forecourt/internal/tenant"
)

// keptAnswers is the node's cache of encoded search answers, made on first use
// with the Service's AnswerBudget.
func (s *Service) keptAnswers() *answerCache {
	s.answersOnce.Do(func() { s.answers = newAnswerCache(s.AnswerBudget) })
	return s.answers
}

// Answer is an encoded search answer, as JSON and gzipped once: a kept
// answer is served compressed as often as it is asked for, never
// compressed again.
type Answer struct {
	JSON []byte
	Gzip []byte
}

func (a Answer) size() int { return len(a.JSON) + len(a.Gzip) }

// SearchAnswer answers a listing: path is the listing page's path ("" is
// the site's default listing) and values its URL query. The answer is
// kept, encoded, by canonical query until the stock changes: encoding a
// broad listing costs more than finding it.
func (s *Service) SearchAnswer(ctx context.Context, site *tenant.Site, path string, values url.Values) (Answer, error) {
	start := time.Now()
	st, err := s.Stock(ctx, site)
	if err != nil {
		return Answer{}, err
	}
	if path == "" {
		path = site.Search.DefaultPath
	}
	q, err := search.ParseListing(path, values, st.Vocab)
	if err != nil {
		return Answer{}, err
	}
	now := s.now()
	p, raw := search.CanonicalURL(q, st.Vocab)
	// Promo cards come and go by the site's calendar day, so the day is part
	// of the key.
	key := SiteDay(site, now) + " " + p + "?" + raw
	if a, ok := s.keptAnswers().get(site.Slug, st, key); ok {
		s.searched(site.Slug, start, true)
		return a, nil
	}
	out, facets, cards := st.search(site, q, now)
	out.MS = time.Since(start).Milliseconds()
	b, err := encodeAnswer(cards, facets, out)
	if err != nil {
		return Answer{}, err
	}
	a := Answer{JSON: b, Gzip: gzipped.Bytes(b, gzipped.Default)}
	s.keptAnswers().put(site.Slug, st, key, a)
	s.searched(site.Slug, start, false)
	return a, nil
}

func (s *Service) searched(site string, start time.Time, kept bool) {
	if s.Searched != nil {
		s.Searched(site, time.Since(start), kept)
	}
}

// PanelFacets are the facets the results page's filter panel shows, in its
// order (web/src/features/search/lib/facets.ts lists the same).
var PanelFacets = []string{
	"car_type", "make", "model", "body", "price_range", "year", "km", "fuel", "transmission",
	"drive", "colour", "seats", "location_name", "dealership_name", "tag", "certified",
}

// answerFacetNames are the facets a listing answer carries, asked of the
// index so it counts no other: the panel's, and every facet the search
// refines by, so a chosen filter keeps its label and count. The model facet
// comes with a make chosen, as the panel shows it only then. The counts are
// the index's, whole.
func answerFacetNames(refs map[string][]string) []string {
	names := make([]string, 0, len(PanelFacets)+len(refs))
	for _, f := range PanelFacets {
		if f != "model" || len(refs["make"]) > 0 || len(refs["model"]) > 0 {
			names = append(names, f)
		}
	}
	for f, vals := range refs {
		if len(vals) > 0 && !slices.Contains(names, f) {
			names = append(names, f)
		}
	}
	return names
}

// listingQuery is q as the index is asked it for a listing: an absent
// sortBy is the site's default sort (the URL and the answer's query keep it
// absent, so the page's links stay the site's default), and only the
// answer's facets are counted.
func listingQuery(site *tenant.Site, q search.Query) search.Query {
	q.Sort = search.EffectiveSort(q.Sort, site.Search.DefaultSort)
	q.Facets = answerFacetNames(q.Refinements)
	return q
}

// search finds the listing of q with its promo cards, its facets, and its
// cards encoded.
func (st *Stock) search(site *tenant.Site, q search.Query, now time.Time) (apitypes.SearchAnswer, map[string][]search.FacetValue, [][]byte) {
	res := st.Index.Search(listingQuery(site, q))
	cfg := st.Index.Config()
	out := apitypes.SearchAnswer{
		Count: res.Count, Total: res.Total, Page: res.Page, Pages: res.Pages,
		HitsPerPage: res.HitsPerPage, Stats: apitypes.FromStats(res.Stats),
		PromoCards: PromoCards(site, q, now),
		Query: apitypes.SearchState{Text: q.Text, Page: res.Page, Sort: q.Sort, Refinements: q.Refinements,
			Ranges: apitypes.FromRanges(q.Ranges), AnyCity: q.AnyCity},
	}
	if q.Near != nil {
		out.Query.Postcode, out.Query.Distance = q.Near.Postcode, q.Near.KM
	}
	day := SiteDay(site, now)
	cards := make([][]byte, 0, len(res.Hits))
	for i := range res.Hits {
		c := res.Hits[i]
		card := st.cards.card(c, site, cfg, now, day)
		if km, ok := cfg.DistanceKM(c.LocationID, q.Near); ok && card != nil {
			card = withDistance(card, km)
		}
		cards = append(cards, card)
	}
	if res.Total == 0 && strings.TrimSpace(q.Text) != "" {
		if t, err := st.typeaheads(site); err == nil {
			if got := t.Suggest(q.Text); len(got) > 0 {
				out.DidYouMean = apitypes.FromTypeahead(&got[0])
			}
		}
	}
	q.Page = res.Page
	p, raw := search.CanonicalURL(q, st.Vocab)
	out.Path, out.Canonical = p, p
	if raw != "" {
		out.Canonical += "?" + raw
	}
	return out, res.Facets, cards
}

type typeaheadKey struct{}

// Suggest lists the listings a buyer's typing may be heading for (GET
// /api/suggest), from the site's current stock; the table is made once per
// index.
func (s *Service) Suggest(ctx context.Context, site *tenant.Site, q string) ([]search.Typeahead, error) {
	st, err := s.Stock(ctx, site)
	if err != nil {
		return nil, err
	}
	t, err := st.typeaheads(site)
	if err != nil {
		return nil, err
	}
	return t.Suggest(q), nil
}

// typeaheads is the site's table of suggestions, made once per index.
func (st *Stock) typeaheads(site *tenant.Site) (*search.Typeaheads, error) {
	t, err := st.Keep(typeaheadKey{}, func() (any, error) {
		all := st.Index.Search(search.Query{HitsPerPage: 1})
		// Each count is the Total of the listing the suggestion opens, found
		// as that listing finds it: sold runs collapse in the listing's own
		// order, so a count from any other search could differ from it.
		return search.NewTypeaheads(all.Facets, st.Vocab, func(q search.Query) int {
			q = listingQuery(site, q)
			q.HitsPerPage, q.Facets = 1, []string{}
			return st.Index.Search(q).Total
		}), nil
	})
	if err != nil {
		return nil, err
	}
	return t.(*search.Typeaheads), nil
}
