package listing

import (
	"slices"
	"time"

	"forecourt/internal/search"
	"forecourt/internal/tenant"
)

// PromoCard is a site's promo tile as a listing places it among the cars.
type PromoCard struct {
	Position int `json:"position"`
	// RandomOffset is the most the app may add to Position, at random, each
	// time it shows the page (docs/behaviour/constants.md: a random 0–2 offset where
	// configured); drawing it in the browser keeps cached answers shareable.
	RandomOffset int    `json:"random_offset"`
	Title        string `json:"title"`
	Text         string `json:"text"`
	Href         string `json:"href"`
	Image        string `json:"image"`
}

// MaxPromoOffset is docs/behaviour/constants.md's random promo card offset bound.
const MaxPromoOffset = 2

// SiteDay is the date at the site, the calendar promo windows follow.
func SiteDay(site *tenant.Site, now time.Time) string {
	if loc, err := site.Location(); err == nil {
		now = now.In(loc)
	}
	return now.Format("2006-01-02")
}

// PromoCards are the site's promo tiles within their date window (this
// run's, for a card that recurs) whose car
// types suit the query, ordered by position
// (docs/behaviour/screens.md#search-results; docs/behaviour/entities.md#promo-card).
func PromoCards(site *tenant.Site, q search.Query, now time.Time) []PromoCard {
	today := SiteDay(site, now)
	types := q.Refinements["car_type"]
	out := []PromoCard{}
	for _, c := range site.PromoCards {
		if !c.ShownOn(today) {
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
			offset = MaxPromoOffset
		}
		out = append(out, PromoCard{Position: c.Position, RandomOffset: offset, Title: c.Title, Text: c.Text, Href: c.Href, Image: c.Image})
	}
	slices.SortStableFunc(out, func(a, b PromoCard) int { return a.Position - b.Position })
	return out
}

func allOf(xs []string, f func(string) bool) bool {
	for _, x := range xs {
		if !f(x) {
			return false
		}
	}
	return true
}
