package catalog

import (
	"encoding/json"
	"testing"
	"time"
)

var ruleNow = time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)

func daysAgo(d float64) time.Time { return ruleNow.Add(-time.Duration(d * 24 * float64(time.Hour))) }

// baseCar matches no tag rule: in stock, petrol, old, untagged.
func baseCar() Car {
	return Car{Make: "Mazda", Model: "CX-5", CarType: TypeUsed, Status: StatusInStock, SimpleFuel: "Petrol", CreatedAt: daysAgo(30), Price: 30000}
}

func TestCardTag(t *testing.T) {
	all := TagRules{ElectricLabel: true, CertifiedBadge: true, CertifiedTagMakes: []string{"Toyota"}, NewTagName: "Just Arrived", SoldTagName: "Sold Out", GreenTags: []string{"runout sale"}}
	// The certified tag's make is the site's setting, never a name in code.
	subaru := TagRules{CertifiedBadge: true, CertifiedTagMakes: []string{" subaru "}}
	with := func(f func(*Car)) Car { c := baseCar(); f(&c); return c }
	tag := func(label, tone, kind string) *Tag { return &Tag{Label: label, Tone: tone, Kind: kind} }
	cases := []struct {
		spec  string // the behaviour rule checked
		name  string
		car   Car
		rules TagRules
		want  *Tag
	}{
		{"docs/behaviour/states.md#car-tag-1", "electric label, enabled", with(func(c *Car) { c.SimpleFuel = "Electric" }), all, tag("Electric", ToneGreen, TagElectric)},
		{"docs/behaviour/states.md#car-tag-1", "hybrid label, enabled", with(func(c *Car) { c.SimpleFuel = "Hybrid" }), all, tag("Hybrid", ToneGreen, TagElectric)},
		{"docs/behaviour/states.md#car-tag-1", "electric label beats reserved and new", with(func(c *Car) { c.SimpleFuel = "Electric"; c.Reserved = true; c.CreatedAt = daysAgo(1) }), all, tag("Electric", ToneGreen, TagElectric)},
		{"docs/behaviour/constants.md", "electric label off: falls through to the new tag", with(func(c *Car) { c.SimpleFuel = "Electric"; c.CreatedAt = daysAgo(1) }), TagRules{}, tag(DefaultNewTagName, ToneGreen, TagNew)},
		{"docs/behaviour/constants.md", "diesel gets no electric label", with(func(c *Car) { c.SimpleFuel = "Diesel" }), all, nil},
		{"docs/behaviour/states.md#car-tag-2", "reserved is red", with(func(c *Car) { c.Reserved = true; c.Tag = "Clearance" }), all, tag("Reserved", ToneRed, TagReserved)},
		{"docs/behaviour/states.md#car-tag-2", "reserved and sold is grey", with(func(c *Car) { c.Reserved = true; c.Status = StatusSold }), all, tag("Reserved", ToneGrey, TagReserved)},
		{"docs/behaviour/states.md#car-tag-3", "certified Toyota beats custom tag", with(func(c *Car) { c.Make = "Toyota"; c.Certified = true; c.Tag = "Clearance" }), all, tag("Certified", ToneGreen, TagCertified)},
		{"docs/behaviour/constants.md", "certified Toyota, sold: sold tag", with(func(c *Car) { c.Make = "Toyota"; c.Certified = true; c.Status = StatusSold }), all, tag("Sold Out", ToneGrey, TagSold)},
		{"docs/behaviour/constants.md", "certified, not Toyota", with(func(c *Car) { c.Certified = true }), all, nil},
		{"docs/behaviour/constants.md", "certified Toyota, badge off", with(func(c *Car) { c.Make = "Toyota"; c.Certified = true }), TagRules{}, nil},
		{"docs/behaviour/constants.md", "certified Toyota, badge on but no make configured", with(func(c *Car) { c.Make = "Toyota"; c.Certified = true }), TagRules{CertifiedBadge: true}, nil},
		{"docs/behaviour/constants.md", "makes configured but badge off", with(func(c *Car) { c.Make = "Toyota"; c.Certified = true }), TagRules{CertifiedTagMakes: []string{"Toyota"}}, nil},
		{"docs/behaviour/states.md#car-tag-3", "another configured make, matched ignoring case and spaces", with(func(c *Car) { c.Make = "Subaru"; c.Certified = true }), subaru, tag("Certified", ToneGreen, TagCertified)},
		{"docs/behaviour/constants.md", "certified Toyota where another make is configured", with(func(c *Car) { c.Make = "Toyota"; c.Certified = true }), subaru, nil},
		{"docs/behaviour/states.md#car-tag-3", "certified demo Toyota takes the tag too", with(func(c *Car) { c.Make = "Toyota"; c.Certified = true; c.CarType = TypeDemo }), all, tag("Certified", ToneGreen, TagCertified)},
		{"docs/behaviour/states.md#car-tag-4", "custom tag is red", with(func(c *Car) { c.Tag = "Test Drive Only"; c.Status = StatusComingSoon }), all, tag("Test Drive Only", ToneRed, TagCustom)},
		{"docs/behaviour/states.md#car-tags", "runout sale is green where configured", with(func(c *Car) { c.Tag = "Runout Sale" }), all, tag("Runout Sale", ToneGreen, TagCustom)},
		{"docs/behaviour/states.md#car-tags", "runout sale is red elsewhere", with(func(c *Car) { c.Tag = "runout sale" }), TagRules{}, tag("runout sale", ToneRed, TagCustom)},
		{"docs/behaviour/states.md#car-tag-4", "blank custom tag is no tag", with(func(c *Car) { c.Tag = "  " }), all, nil},
		{"docs/behaviour/states.md#car-tag-5", "coming soon beats new", with(func(c *Car) { c.Status = StatusComingSoon; c.CreatedAt = daysAgo(1) }), all, tag("COMING SOON", ToneRed, TagComingSoon)},
		{"docs/behaviour/states.md#car-tag-6", "created 7.9 days ago is new", with(func(c *Car) { c.CreatedAt = daysAgo(7.9) }), all, tag("Just Arrived", ToneGreen, TagNew)},
		{"docs/behaviour/constants.md", "created exactly 8 days ago is not new", with(func(c *Car) { c.CreatedAt = daysAgo(8) }), all, nil},
		{"docs/behaviour/constants.md", "no creation time is not new", with(func(c *Car) { c.CreatedAt = time.Time{} }), all, nil},
		{"docs/behaviour/states.md#car-tag-7", "sold car shows the sold tag name", with(func(c *Car) { c.Status = StatusSold }), all, tag("Sold Out", ToneGrey, TagSold)},
		{"docs/behaviour/states.md#car-tag-7", "sold car created yesterday still reads sold", with(func(c *Car) { c.Status = StatusSold; c.CreatedAt = daysAgo(1) }), all, tag("Sold Out", ToneGrey, TagSold)},
		{"docs/behaviour/states.md#car-tag-7", "sold tag name defaults", with(func(c *Car) { c.Status = StatusSold }), TagRules{}, tag(DefaultSoldTagName, ToneGrey, TagSold)},
		{"docs/behaviour/states.md#car-tags", "in stock, old, plain: no tag", baseCar(), all, nil},
		{"docs/stock-feed.md", "price dropped 13 days ago, tag on for 14 days", with(func(c *Car) { c.PriceDroppedAt = daysAgo(13) }), TagRules{PriceDropDays: 14}, tag("Price drop", ToneGreen, TagPriceDrop)},
		{"docs/stock-feed.md", "price dropped 14 days ago is past a 14-day tag", with(func(c *Car) { c.PriceDroppedAt = daysAgo(14) }), TagRules{PriceDropDays: 14}, nil},
		{"docs/stock-feed.md", "price drop tag off", with(func(c *Car) { c.PriceDroppedAt = daysAgo(1) }), all, nil},
		{"docs/stock-feed.md", "price drop beats new", with(func(c *Car) { c.PriceDroppedAt = daysAgo(1); c.CreatedAt = daysAgo(3) }), TagRules{PriceDropDays: 14}, tag("Price drop", ToneGreen, TagPriceDrop)},
		{"docs/stock-feed.md", "a custom tag beats the price drop", with(func(c *Car) { c.PriceDroppedAt = daysAgo(1); c.Tag = "Clearance" }), TagRules{PriceDropDays: 14}, tag("Clearance", ToneRed, TagCustom)},
		{"docs/stock-feed.md", "a sold car reads sold, not dropped", with(func(c *Car) { c.PriceDroppedAt = daysAgo(1); c.Status = StatusSold }), TagRules{PriceDropDays: 14}, tag(DefaultSoldTagName, ToneGrey, TagSold)},
	}
	for _, tc := range cases {
		got := CardTag(tc.car, ruleNow, tc.rules)
		if (got == nil) != (tc.want == nil) || (got != nil && *got != *tc.want) {
			t.Errorf("%s, %s: got %+v, want %+v", tc.spec, tc.name, got, tc.want)
		}
	}
}

// docs/behaviour/states.md#car-tags "A certified badge shows on used cars of one luxury make": the
// make is the site's setting.
func TestHasCertifiedBadge(t *testing.T) {
	merc := TagRules{CertifiedMakes: []string{"Mercedes-Benz"}}
	with := func(f func(*Car)) Car { c := baseCar(); c.Make = "Mercedes-Benz"; c.Certified = true; f(&c); return c }
	cases := []struct {
		name  string
		car   Car
		rules TagRules
		want  bool
	}{
		{"certified used car of the configured make", with(func(*Car) {}), merc, true},
		{"make matched case-insensitively", with(func(c *Car) { c.Make = "mercedes-benz" }), merc, true},
		{"not certified", with(func(c *Car) { c.Certified = false }), merc, false},
		{"a demo car is not used", with(func(c *Car) { c.CarType = TypeDemo }), merc, false},
		{"sold", with(func(c *Car) { c.Status = StatusSold }), merc, false},
		{"another make", with(func(c *Car) { c.Make = "BMW" }), merc, false},
		{"no make configured", with(func(*Car) {}), TagRules{}, false},
	}
	for _, tc := range cases {
		if got := HasCertifiedBadge(tc.car, tc.rules); got != tc.want {
			t.Errorf("docs/behaviour/states.md#car-tags, %s: got %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestTagJSON(t *testing.T) {
	b, _ := json.Marshal(&Tag{Label: "Reserved", Tone: ToneRed, Kind: TagReserved})
	if string(b) != `{"label":"Reserved","tone":"red","kind":"reserved"}` {
		t.Errorf("tag JSON %s", b)
	}
}

func TestDisplayPrice(t *testing.T) {
	was := func(s string) *string { return &s }
	cases := []struct {
		spec    string // the behaviour rule checked
		name    string
		car     Car
		subs    bool
		noPrice string
		want    PriceDisplay
	}{
		{"docs/behaviour/states.md#price-rule-1", "subscription when offered", Car{Price: 45990, SubscriptionPrice: 205, BeforePrice: 50000}, true, "", PriceDisplay{Kind: PriceSubscription, Text: "$205", Suffix: "/wk"}},
		{"docs/behaviour/states.md#price-rule-1", "subscription not offered: price", Car{Price: 45990, SubscriptionPrice: 205}, false, "", PriceDisplay{Kind: PriceNormal, Text: "$45,990"}},
		{"docs/behaviour/states.md#price-rule-1", "subscription offered but 0: price", Car{Price: 45990}, true, "", PriceDisplay{Kind: PriceNormal, Text: "$45,990"}},
		{"docs/behaviour/states.md#price-rule-2", "offer below the price: a reduction of the car price", Car{Price: 19990, OfferPrice: 18490}, false, "", PriceDisplay{Kind: PriceReduced, Text: "$18,490", Was: was("$19,990"), Saving: was("$1,500")}},
		{"docs/behaviour/states.md#price-rule-2", "offer above the price: no reduction to show", Car{Price: 32990, OfferPrice: 33490}, false, "", PriceDisplay{Kind: PriceReduced, Text: "$33,490"}},
		{"docs/behaviour/states.md#price-rule-2", "offer price equal: normal price", Car{Price: 32990, OfferPrice: 32990}, false, "", PriceDisplay{Kind: PriceNormal, Text: "$32,990"}},
		{"docs/behaviour/states.md#price-rule-2", "offer price 10 is not a price", Car{Price: 32990, OfferPrice: 10}, false, "", PriceDisplay{Kind: PriceNormal, Text: "$32,990"}},
		{"docs/behaviour/states.md#price-rule-2", "price 10 is not a price", Car{Price: 10}, false, "", PriceDisplay{Kind: PriceNone, Text: DefaultNoPriceText}},
		{"docs/behaviour/states.md#price-rule-2", "price 11 is a price", Car{Price: 11}, false, "", PriceDisplay{Kind: PriceNormal, Text: "$11"}},
		{"docs/behaviour/states.md#price-rule-3", "preorder without price", Car{Preorder: true}, false, "", PriceDisplay{Kind: PricePreorder, Text: "PREORDER"}},
		{"docs/behaviour/states.md#price-rule-2", "a price beats preorder", Car{Preorder: true, Price: 60990}, false, "", PriceDisplay{Kind: PriceNormal, Text: "$60,990"}},
		{"docs/behaviour/states.md#price-rule-4", "no price: the site's text", Car{}, false, "Call for caravan price.", PriceDisplay{Kind: PriceNone, Text: "Call for caravan price."}},
		{"docs/behaviour/states.md#price-rule-4", "no price: default text", Car{}, false, "", PriceDisplay{Kind: PriceNone, Text: "Enquire for price."}},
		{"docs/behaviour/states.md#price-display", "Was when before_price exceeds price", Car{Price: 32990, BeforePrice: 35990}, false, "", PriceDisplay{Kind: PriceNormal, Text: "$32,990", Was: was("$35,990")}},
		{"docs/behaviour/states.md#price-rule-2", "a reduction strikes the car price, not before_price", Car{Price: 32990, OfferPrice: 31990, BeforePrice: 35990}, false, "", PriceDisplay{Kind: PriceReduced, Text: "$31,990", Was: was("$32,990"), Saving: was("$1,000")}},
		{"docs/behaviour/states.md#price-display", "Was against an offer above the price", Car{Price: 32990, OfferPrice: 33990, BeforePrice: 35990}, false, "", PriceDisplay{Kind: PriceReduced, Text: "$33,990", Was: was("$35,990")}},
		{"docs/behaviour/states.md#price-display", "no Was when before_price is lower", Car{Price: 32990, BeforePrice: 31990}, false, "", PriceDisplay{Kind: PriceNormal, Text: "$32,990"}},
		{"docs/behaviour/states.md#price-display", "no Was when equal", Car{Price: 32990, BeforePrice: 32990}, false, "", PriceDisplay{Kind: PriceNormal, Text: "$32,990"}},
		{"docs/behaviour/states.md#price-display", "no Was without a price", Car{BeforePrice: 32990}, false, "", PriceDisplay{Kind: PriceNone, Text: DefaultNoPriceText}},
	}
	for _, tc := range cases {
		got := DisplayPrice(tc.car, tc.subs, tc.noPrice)
		gotWas, wantWas := "<nil>", "<nil>"
		if got.Was != nil {
			gotWas = *got.Was
		}
		if tc.want.Was != nil {
			wantWas = *tc.want.Was
		}
		gotSaving, wantSaving := "<nil>", "<nil>"
		if got.Saving != nil {
			gotSaving = *got.Saving
		}
		if tc.want.Saving != nil {
			wantSaving = *tc.want.Saving
		}
		if got.Kind != tc.want.Kind || got.Text != tc.want.Text || got.Suffix != tc.want.Suffix || gotWas != wantWas || gotSaving != wantSaving {
			t.Errorf("%s, %s: got %+v was %s saving %s, want %+v was %s saving %s", tc.spec, tc.name, got, gotWas, gotSaving, tc.want, wantWas, wantSaving)
		}
	}
}

func TestPriceDisplayJSON(t *testing.T) {
	b, _ := json.Marshal(DisplayPrice(Car{Price: 1000}, false, ""))
	if string(b) != `{"kind":"price","text":"$1,000","was":null,"suffix":"","saving":null}` {
		t.Errorf("price_display JSON %s", b)
	}
}

func TestBelowMarket(t *testing.T) {
	cases := []struct {
		spec string // the behaviour rule checked
		name string
		car  Car
		want bool
	}{
		{"docs/behaviour/states.md#below-market", "exactly $500 under the state average", Car{Price: 29500, AutograbData: &AutograbData{StateAverageMarketPrice: 30000, AverageMarketPrice: 20000}}, true},
		{"docs/behaviour/states.md#below-market", "$499 under", Car{Price: 29501, AutograbData: &AutograbData{StateAverageMarketPrice: 30000}}, false},
		{"docs/behaviour/states.md#below-market", "state average preferred over national", Car{Price: 29000, AutograbData: &AutograbData{StateAverageMarketPrice: 29200, AverageMarketPrice: 40000}}, false},
		{"docs/behaviour/states.md#below-market", "national average when no state average", Car{Price: 29000, AutograbData: &AutograbData{AverageMarketPrice: 30000}}, true},
		{"docs/behaviour/states.md#below-market", "no market data", Car{Price: 29000}, false},
		{"docs/behaviour/states.md#below-market", "market data of 0", Car{Price: 100, AutograbData: &AutograbData{}}, false},
		{"docs/behaviour/states.md#below-market", "no price", Car{AutograbData: &AutograbData{StateAverageMarketPrice: 30000}}, false},
	}
	for _, tc := range cases {
		if got := BelowMarket(tc.car); got != tc.want {
			t.Errorf("%s, %s: got %v", tc.spec, tc.name, got)
		}
	}
}

func TestWeeklyPayment(t *testing.T) {
	cases := []struct {
		spec string // the behaviour rule checked
		name string
		car  Car
		want float64 // 0: nil
	}{
		{"docs/behaviour/entities.md#car", "first lender by key with a weekly payment", Car{FinanceLenders: map[string]FinanceLender{
			"nissan_finance": {PaymentWeek: 120}, "angle": {PaymentWeek: 0, PaymentMonth: 500}, "manual": {PaymentWeek: 99},
		}}, 99},
		{"docs/behaviour/entities.md#car", "credit-check quote when no lender has one", Car{FinanceLenders: map[string]FinanceLender{"angle": {PaymentMonth: 500}}, YouxQuote: &YouxQuote{WeeklyRepaymentAmount: 88.5}}, 88.5},
		{"docs/behaviour/entities.md#car", "lender beats the quote", Car{FinanceLenders: map[string]FinanceLender{"angle": {PaymentWeek: 77}}, YouxQuote: &YouxQuote{WeeklyRepaymentAmount: 88.5}}, 77},
		{"docs/behaviour/states.md#price-display", "a small amount is still returned (the caller words it)", Car{YouxQuote: &YouxQuote{WeeklyRepaymentAmount: 20}}, 20},
		{"docs/behaviour/entities.md#car", "none", Car{YouxQuote: &YouxQuote{}}, 0},
	}
	for _, tc := range cases {
		got := WeeklyPayment(tc.car)
		switch {
		case tc.want == 0 && got != nil:
			t.Errorf("%s, %s: got %v, want nil", tc.spec, tc.name, *got)
		case tc.want != 0 && (got == nil || *got != tc.want):
			t.Errorf("%s, %s: got %v, want %v", tc.spec, tc.name, got, tc.want)
		}
	}
}

func TestTagRulesAvailability(t *testing.T) {
	// docs/behaviour/states.md#availability: in_stock and coming_soon are available; anything else is not.
	for status, want := range map[string]bool{StatusInStock: true, StatusComingSoon: true, StatusSold: false, "withdrawn": false, "": false} {
		if got := (Car{Status: status}).Available(); got != want {
			t.Errorf("docs/behaviour/states.md#availability, status %q: available %v, want %v", status, got, want)
		}
	}
}

// A subscription price is labelled as one and the cash price shows beside
// it, so a weekly subscription is never read as the car's price or as a
// finance repayment.
func TestDisplayPriceSubscriptionLabelled(t *testing.T) {
	d := DisplayPrice(Car{Price: 52990, SubscriptionPrice: 365}, true, "")
	if d.Kind != PriceSubscription || d.Label != "Subscription" || d.Text != "$365" || d.Suffix != "/wk" {
		t.Errorf("subscription %+v", d)
	}
	if d.Cash == nil || *d.Cash != "$52,990" {
		t.Errorf("cash %v, want $52,990", d.Cash)
	}
	if d := DisplayPrice(Car{Price: 52990, OfferPrice: 49990, SubscriptionPrice: 365}, true, ""); d.Cash == nil || *d.Cash != "$49,990" {
		t.Errorf("reduced cash %v, want $49,990", d.Cash)
	}
	if d := DisplayPrice(Car{SubscriptionPrice: 365}, true, ""); d.Cash != nil {
		t.Errorf("no price, cash %v", *d.Cash)
	}
	if d := DisplayPrice(Car{Price: 52990}, true, ""); d.Label != "" || d.Cash != nil {
		t.Errorf("a cash price is not labelled: %+v", d)
	}
}

// The feed's price type shows in words beside the price: the demo's new
// cars carry DAP.
func TestDisplayPriceType(t *testing.T) {
	for code, want := range map[string]string{
		"DAP": "Drive Away", "dap": "Drive Away", "drive_away": "Drive Away", "Drive Away": "Drive Away",
		"EGC": "Excl. Government Charges", "excl. govt charges": "Excl. Government Charges",
		"": "", "XYZ": "",
	} {
		if got := PriceTypeWords(code); got != want {
			t.Errorf("PriceTypeWords(%q) = %q, want %q", code, got, want)
		}
	}
	if d := DisplayPrice(Car{Price: 52990, PriceType: "DAP"}, false, ""); d.PriceType != "Drive Away" {
		t.Errorf("price %+v", d)
	}
	if d := DisplayPrice(Car{Price: 52990, OfferPrice: 50990, PriceType: "EGC"}, false, ""); d.PriceType != "Excl. Government Charges" {
		t.Errorf("reduced %+v", d)
	}
	if d := DisplayPrice(Car{Price: 52990, SubscriptionPrice: 365, PriceType: "DAP"}, true, ""); d.PriceType != "Drive Away" {
		t.Errorf("subscription's cash price %+v", d)
	}
	if d := DisplayPrice(Car{PriceType: "DAP"}, false, ""); d.PriceType != "" {
		t.Errorf("no price, no price type: %+v", d)
	}
}

func TestLastPriceDrop(t *testing.T) {
	d := func(n float64, price int) PriceChange { return PriceChange{At: daysAgo(n), Price: price} }
	cases := []struct {
		name   string
		h      []PriceChange
		amount int
	}{
		{"none", nil, 0},
		{"first listed only", []PriceChange{d(30, 20000)}, 0},
		{"one drop", []PriceChange{d(30, 20000), d(5, 18500)}, 1500},
		{"a drop after a rise", []PriceChange{d(30, 20000), d(20, 21000), d(5, 19990)}, 1010},
		{"a rise last", []PriceChange{d(30, 20000), d(20, 19000), d(5, 19500)}, 0},
		{"to a placeholder price", []PriceChange{d(30, 20000), d(5, 1)}, 0},
	}
	for _, tc := range cases {
		at, amount, ok := LastPriceDrop(tc.h)
		if amount != tc.amount || ok != (tc.amount > 0) || (ok && !at.Equal(tc.h[len(tc.h)-1].At)) {
			t.Errorf("%s: %v %d %v, want a drop of %d", tc.name, at, amount, ok, tc.amount)
		}
	}
}

// TestWasPriceHeld: a "was" price is one the car's history shows it listed
// at, before today's, for at least the days asked.
func TestWasPriceHeld(t *testing.T) {
	d := func(n float64, price int) PriceChange { return PriceChange{At: daysAgo(n), Price: price} }
	cases := []struct {
		name string
		h    []PriceChange
		was  int
		want bool
	}{
		{"no history", nil, 51990, false},
		{"listed today at today's price only", []PriceChange{d(0, 48990)}, 51990, false},
		{"a price it never had", []PriceChange{d(30, 65990), d(5, 63990)}, 66990, false},
		{"held 25 days, then dropped", []PriceChange{d(30, 65990), d(5, 63990)}, 65990, true},
		{"held a day, then dropped", []PriceChange{d(6, 65990), d(5, 63990)}, 65990, false},
		{"exactly the days asked", []PriceChange{d(12, 65990), d(5, 63990)}, 65990, true},
		{"today's price is no was", []PriceChange{d(30, 60000), d(20, 65990)}, 65990, false},
		{"an earlier price, held, then a rise and a drop", []PriceChange{d(40, 70000), d(30, 65000), d(20, 67000), d(2, 64000)}, 70000, true},
		{"a placeholder price", []PriceChange{d(30, 1), d(5, 20000)}, 1, false},
	}
	for _, tc := range cases {
		if got := WasPriceHeld(tc.h, tc.was, 7); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}
