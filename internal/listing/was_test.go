package listing_test

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"forecourt/internal/catalog"
	"forecourt/internal/demo"
	"forecourt/internal/listing"
	"forecourt/internal/store/sqlite"
	"forecourt/internal/tenant"
)

// TestNoWasPriceTheHistoryDoesNotHold runs over the whole demo catalogue
// on a real store: every car shown with a "was" price has its history
// holding it at that price, before today's, for the site's days; the
// demo's dropped cars show theirs; and a car whose feed gives an earlier
// price it never had (listed today) shows none.
func TestNoWasPriceTheHistoryDoesNotHold(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "demo.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if err := demo.Load(ctx, st, ref); err != nil {
		t.Fatal(err)
	}
	reg, err := tenant.LoadEmbedded()
	if err != nil {
		t.Fatal(err)
	}
	// One car of harbourside's, listed today, claims an earlier price.
	site := site(t, reg, "harbourside-toyota")
	cars, err := st.Cars(ctx, site.Slug)
	if err != nil {
		t.Fatal(err)
	}
	var claim catalog.Car
	for _, c := range cars {
		if c.Available() && c.ShowOnWebsite && c.Price > 10000 && c.BeforePrice == 0 && c.OfferPrice == 0 && c.SubscriptionPrice == 0 && len(c.PriceHistory) == 1 {
			claim = c
			break
		}
	}
	if claim.ID == 0 {
		t.Fatal("no car with a price and one price in its history to test")
	}
	claim.BeforePrice = claim.Price + 3000
	if err := st.SaveCars(ctx, site.Slug, []catalog.Car{claim}); err != nil {
		t.Fatal(err)
	}

	svc := listing.New(st, reg)
	svc.Now = func() time.Time { return ref }
	for _, s := range reg.Sites() {
		stored, err := st.Cars(ctx, s.Slug)
		if err != nil {
			t.Fatal(err)
		}
		shownWas := 0
		for _, sc := range stored {
			c, _, err := svc.ShownCar(ctx, s, sc.Slug, 0)
			if err != nil {
				continue // not on the website
			}
			d := catalog.DisplayPrice(c, false, "")
			if d.Was == nil || d.Kind != catalog.PriceNormal {
				continue
			}
			shownWas++
			if !catalog.WasPriceHeld(sc.PriceHistory, sc.BeforePrice, catalog.DefaultWasPriceDays) {
				t.Errorf("%s %s shows Was %s, which its history %v does not hold", s.Slug, c.Slug, *d.Was, sc.PriceHistory)
			}
		}
		if shownWas == 0 {
			t.Errorf("%s: no car shows a was price: the demo's dropped cars should", s.Slug)
		}
	}
	c, _, err := svc.ShownCar(ctx, site, claim.Slug, 0)
	if err != nil {
		t.Fatal(err)
	}
	if d := catalog.DisplayPrice(c, false, ""); d.Was != nil || c.BeforePrice != 0 {
		t.Errorf("a car listed today at $%d shows a was price (before_price %d)", claim.Price, c.BeforePrice)
	}
}
