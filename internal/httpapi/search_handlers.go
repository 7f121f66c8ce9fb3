package httpapi

import (
	"encoding/json"
	"net/http"
	"slices"
	"time"

	"forecourt/internal/search"
	"forecourt/internal/tenant"
)

type searchResponse struct {
	Hits        []hit                          `json:"hits"`
	Count       int                            `json:"count"`
	Total       int                            `json:"total"`
	Page        int                            `json:"page"`
	Pages       int                            `json:"pages"`
	HitsPerPage int                            `json:"hits_per_page"`
	Facets      map[string][]search.FacetValue `json:"facets"`
	Stats       map[string]search.Stat         `json:"stats"`
	PromoCards  []promoCard                    `json:"promo_cards"`
	Query       searchState                    `json:"query"`
	Path        string                         `json:"path"`
	Canonical   string                         `json:"canonical"`
	MS          int64                          `json:"ms"`
}

type searchState struct {
	Text        string                  `json:"text"`
	Page        int                     `json:"page"`
	Sort        string                  `json:"sort"`
	Refinements map[string][]string     `json:"refinements"`
	Ranges      map[string]search.Range `json:"ranges"`
}

type promoCard struct {
	Position int `json:"position"`
	// RandomOffset is the most the app may add to Position, at random, each
	// time it shows the page (SPEC.md section 9: a random 0–2 offset where
	// configured); drawing it in the browser keeps cached answers shareable.
	RandomOffset int    `json:"random_offset"`
	Title        string `json:"title"`
	Text         string `json:"text"`
	Href         string `json:"href"`
	Image        string `json:"image"`
}

// handleSearch answers GET /api/search: the listing page's own URL query
// plus path (API.md).
func (s *Server) handleSearch(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	site := siteFrom(r.Context())
	st, err := s.stock(r.Context(), site)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	values := r.URL.Query()
	path := values.Get("path")
	if path == "" {
		path = site.Search.DefaultPath
	}
	q, err := search.ParseListing(path, values, st.vocab)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	p, raw := search.CanonicalURL(q, st.vocab)
	// Promo cards come and go by the site's calendar day, so the day is part
	// of the key.
	key := siteDay(site, s.Now()) + " " + p + "?" + raw
	if a, ok := st.answer(key); ok {
		a.write(w, r)
		return
	}
	// An absent sortBy is the site's default sort; the URL and the answer's
	// query keep it absent, so the page's links stay the site's default.
	sq := q
	sq.Sort = search.EffectiveSort(q.Sort, site.Search.DefaultSort)
	res := st.index.Search(sq)
	cfg := st.index.Config()
	now := s.Now()
	out := searchResponse{
		Hits: make([]hit, 0, len(res.Hits)), Count: res.Count, Total: res.Total, Page: res.Page, Pages: res.Pages,
		HitsPerPage: res.HitsPerPage, Facets: res.Facets, Stats: res.Stats,
		PromoCards: activePromoCards(site, q, now),
		Query:      searchState{Text: q.Text, Page: res.Page, Sort: q.Sort, Refinements: q.Refinements, Ranges: q.Ranges},
	}
	for _, c := range res.Hits {
		out.Hits = append(out.Hits, cardHit(toHit(c, site, cfg, now)))
	}
	q.Page = res.Page
	p, raw = search.CanonicalURL(q, st.vocab)
	out.Path, out.Canonical = p, p
	if raw != "" {
		out.Canonical += "?" + raw
	}
	out.MS = time.Since(start).Milliseconds()
	b, err := json.Marshal(out)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	st.remember(key, b).write(w, r)
}

// siteDay is the date at the site, the calendar promo windows follow.
func siteDay(site *tenant.Site, now time.Time) string {
	if loc, err := time.LoadLocation(site.Timezone); err == nil {
		now = now.In(loc)
	}
	return now.Format("2006-01-02")
}

// activePromoCards are the site's promo tiles within their date window whose
// car types suit the query, ordered by position (SPEC.md section 2, Search
// results; section 3, Promo card node).
func activePromoCards(site *tenant.Site, q search.Query, now time.Time) []promoCard {
	today := siteDay(site, now)
	types := q.Refinements["car_type"]
	out := []promoCard{}
	for _, c := range site.PromoCards {
		if (c.Start != "" && today < c.Start) || (c.Expiry != "" && today > c.Expiry) {
			continue
		}
		if len(c.Display) > 0 {
			matches := func(t string) bool { return slices.Contains(c.Display, t) }
			if c.StrictDisplay && (len(types) == 0 || !allOf(types, matches)) {
				continue
			}
			if !c.StrictDisplay && len(types) > 0 && !slices.ContainsFunc(types, matches) {
				continue
			}
		}
		offset := 0
		if site.Search.PromoOffset {
			offset = maxPromoOffset
		}
		out = append(out, promoCard{Position: c.Position, RandomOffset: offset, Title: c.Title, Text: c.Text, Href: c.Href, Image: c.Image})
	}
	slices.SortStableFunc(out, func(a, b promoCard) int { return a.Position - b.Position })
	return out
}

// maxPromoOffset is SPEC.md section 9's random promo card offset bound.
const maxPromoOffset = 2

func allOf(xs []string, f func(string) bool) bool {
	for _, x := range xs {
		if !f(x) {
			return false
		}
	}
	return true
}

// handleCar answers GET /api/cars/{slug}: any car of the site that is shown
// on the website, sold ones included (their page offers similar cars).
func (s *Server) handleCar(w http.ResponseWriter, r *http.Request) {
	site := siteFrom(r.Context())
	car, st, err := s.detailCar(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	cfg, now := st.index.Config(), s.Now()
	writeJSON(w, http.StatusOK, map[string]any{"car": carDetail{
		Hit:             toHit(car, site, cfg, now),
		FinanceEstimate: financeEstimate(car, site, cfg, now),
	}})
}

// handleSimilar answers GET /api/cars/{slug}/similar: at most 6 in-stock cars.
func (s *Server) handleSimilar(w http.ResponseWriter, r *http.Request) {
	site := siteFrom(r.Context())
	car, st, err := s.detailCar(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	cfg, now := st.index.Config(), s.Now()
	hits := []hit{}
	for _, c := range st.index.Similar(car, search.MaxSimilar) {
		hits = append(hits, cardHit(toHit(c, site, cfg, now)))
	}
	writeJSON(w, http.StatusOK, map[string]any{"hits": hits})
}

// cardHit leaves out what only the vehicle page shows (gallery, spin frames,
// equipment, comments, lenders): a listing answer stays small and fast to
// encode. The derived fields were computed from the whole car already.
func cardHit(h hit) hit {
	h.Images = nil
	h.SpinImages = nil
	h.Hotspots = nil
	h.StandardEquipment = nil
	h.DealerComments = ""
	h.Variant = nil
	h.FinanceLenders = nil
	return h
}
