package listing_test

import (
	"testing"
	"time"

	"forecourt/internal/listing"
	"forecourt/internal/search"
	"forecourt/internal/tenant"
)

// docs/behaviour/screens.md#search-results and
// docs/behaviour/entities.md#promo-card: a promo card shows within its dates,
// at the site's own calendar day, when its car types suit the listing's; strict
// cards only on a listing of their types alone.
func TestPromoCards(t *testing.T) {
	t.Parallel()
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
		// Recurring cards follow the site's day: the 24th of November in Brisbane.
		{"every month", card("a", func(c *tenant.PromoCard) { c.Every = "month" }), nil, false, true},
		{"every year, in season", card("a", func(c *tenant.PromoCard) { c.Every, c.Start, c.Expiry = "year", "11-24", "12-24" }), nil, false, true},
		{"every year, out of season", card("a", func(c *tenant.PromoCard) { c.Every, c.Start, c.Expiry = "year", "05-15", "06-30" }), nil, false, false},
		{"every year, ended yesterday at the site", card("a", func(c *tenant.PromoCard) { c.Every, c.Start, c.Expiry = "year", "10-01", "11-23" }), nil, false, false},
		{"every year over New Year, in season", card("a", func(c *tenant.PromoCard) { c.Every, c.Start, c.Expiry = "year", "11-01", "02-28" }), nil, false, true},
		{"every year over New Year, out of season", card("a", func(c *tenant.PromoCard) { c.Every, c.Start, c.Expiry = "year", "12-01", "02-28" }), nil, false, false},
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
	t.Parallel()
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

// A recurring window is dated for the day: the calendar month, or the
// season's days this year, the next, or over New Year.
func TestDatedWindows(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		every, start, expiry, today, from, to string
	}{
		{"month", "", "", "2026-02-10", "2026-02-01", "2026-02-28"},
		{"month", "", "", "2028-02-29", "2028-02-01", "2028-02-29"},
		{"month", "", "", "2026-12-31", "2026-12-01", "2026-12-31"},
		{"year", "05-15", "06-30", "2026-06-01", "2026-05-15", "2026-06-30"},
		{"year", "05-15", "06-30", "2026-11-26", "2027-05-15", "2027-06-30"},
		{"year", "12-01", "02-28", "2027-01-15", "2026-12-01", "2027-02-28"},
		{"year", "12-01", "02-28", "2026-11-26", "2026-12-01", "2027-02-28"},
		{"", "2026-01-01", "2026-03-31", "2026-11-26", "2026-01-01", "2026-03-31"},
	} {
		from, to := tenant.Dated(tc.every, tc.start, tc.expiry, tc.today)
		if from != tc.from || to != tc.to {
			t.Errorf("Dated(%q, %q, %q, %s) = %s..%s, want %s..%s", tc.every, tc.start, tc.expiry, tc.today, from, to, tc.from, tc.to)
		}
	}
}
