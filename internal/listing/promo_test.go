package listing_test

import (
	"testing"
	"time"

	"forecourt/internal/listing"
	"forecourt/internal/search"
	"forecourt/internal/tenant"
)

// SPEC.md section 2 (Search results) and section 3 (Promo card node): a
// promo card shows within its dates, at the site's own calendar day, when
// its car types suit the listing's; strict cards only on a listing of
// their types alone.
func TestPromoCards(t *testing.T) {
	// 23:30 UTC on the 23rd is already the 24th in Brisbane.
	now := time.Date(2026, 11, 23, 23, 30, 0, 0, time.UTC)
	card := func(title string, f func(*tenant.PromoCard)) tenant.PromoCard {
		c := tenant.PromoCard{Title: title, Position: 4}
		f(&c)
		return c
	}
	tests := []struct {
		name   string
		card   tenant.PromoCard
		types  []string
		offset bool
		want   bool
	}{
		{"no dates, no types: always", card("a", func(*tenant.PromoCard) {}), nil, false, true},
		{"starts on the site's today", card("a", func(c *tenant.PromoCard) { c.Start = "2026-11-24" }), nil, false, true},
		{"starts tomorrow at the site", card("a", func(c *tenant.PromoCard) { c.Start = "2026-11-25" }), nil, false, false},
		{"expires on the site's today", card("a", func(c *tenant.PromoCard) { c.Expiry = "2026-11-24" }), nil, false, true},
		{"expired yesterday at the site", card("a", func(c *tenant.PromoCard) { c.Expiry = "2026-11-23" }), nil, false, false},
		{"typed card on an untyped listing", card("a", func(c *tenant.PromoCard) { c.Display = []string{"new"} }), nil, false, true},
		{"typed card on one of its types", card("a", func(c *tenant.PromoCard) { c.Display = []string{"new", "demo"} }), []string{"demo", "used"}, false, true},
		{"typed card on none of its types", card("a", func(c *tenant.PromoCard) { c.Display = []string{"new"} }), []string{"used"}, false, false},
		{"strict card on an untyped listing", card("a", func(c *tenant.PromoCard) { c.Display, c.StrictDisplay = []string{"new"}, true }), nil, false, false},
		{"strict card on its types alone", card("a", func(c *tenant.PromoCard) { c.Display, c.StrictDisplay = []string{"new", "demo"}, true }), []string{"demo"}, false, true},
		{"strict card on a mixed listing", card("a", func(c *tenant.PromoCard) { c.Display, c.StrictDisplay = []string{"new"}, true }), []string{"new", "used"}, false, false},
		{"offset where configured", card("a", func(*tenant.PromoCard) {}), nil, true, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			site := &tenant.Site{Timezone: "Australia/Brisbane", PromoCards: []tenant.PromoCard{tc.card}}
			site.Search.PromoOffset = tc.offset
			q := search.Query{Refinements: map[string][]string{}}
			if tc.types != nil {
				q.Refinements["car_type"] = tc.types
			}
			got := listing.PromoCards(site, q, now)
			if (len(got) == 1) != tc.want {
				t.Fatalf("shown %v, want %v", len(got) == 1, tc.want)
			}
			if !tc.want {
				return
			}
			wantOffset := 0
			if tc.offset {
				wantOffset = listing.MaxPromoOffset
			}
			if got[0].Title != tc.card.Title || got[0].Position != tc.card.Position || got[0].RandomOffset != wantOffset {
				t.Errorf("card %+v, want title %q at %d with offset %d", got[0], tc.card.Title, tc.card.Position, wantOffset)
			}
		})
	}
}

func TestPromoCardsAreOrderedByPosition(t *testing.T) {
	site := &tenant.Site{Timezone: "Pacific/Auckland", PromoCards: []tenant.PromoCard{
		{Title: "third", Position: 9}, {Title: "first", Position: 1}, {Title: "second", Position: 5}, {Title: "also second", Position: 5},
	}}
	got := listing.PromoCards(site, search.Query{}, time.Now())
	want := []string{"first", "second", "also second", "third"}
	if len(got) != len(want) {
		t.Fatalf("%d cards, want %d", len(got), len(want))
	}
	for i, w := range want {
		if got[i].Title != w {
			t.Errorf("card %d is %q, want %q", i, got[i].Title, w)
		}
	}
	if got := listing.PromoCards(&tenant.Site{}, search.Query{}, time.Now()); got == nil || len(got) != 0 {
		t.Errorf("a site without promo cards: %#v, want an empty list (JSON [])", got)
	}
}
