package listing

import (
	"slices"
	"time"

	"forecourt/internal/apitypes"
	"forecourt/internal/search"
	"forecourt/internal/tenant"
)

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
func PromoCards(site *tenant.Site, q search.Query, now time.Time) []apitypes.PromoCard {
	today := SiteDay(site, now)
	types := q.Refinements["car_type"]
	out := []apitypes.PromoCard{}
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
		out = append(out, apitypes.PromoCard{Position: c.Position, RandomOffset: offset, Title: c.Title, Text: c.Text, Href: c.Href, Image: c.Image})
	}
	slices.SortStableFunc(out, func(a, b apitypes.PromoCard) int { return a.Position - b.Position })
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
