package catalog

import (
	"slices"
	"strings"
	"time"
	"unicode"
)

// Fallback wording when a site leaves it empty; the tenant loader uses the same.
const (
	DefaultNoPriceText = "Enquire for price."
	DefaultNewTagName  = "Just Arrived"
	DefaultSoldTagName = "SOLD"
)

// Tag tones and kinds of the derived card tag (docs/behaviour/states.md#car-tags).
const (
	ToneGreen = "green"
	ToneRed   = "red"
	ToneGrey  = "grey"

	TagElectric   = "electric"
	TagReserved   = "reserved"
	TagCertified  = "certified"
	TagCustom     = "custom"
	TagComingSoon = "coming_soon"
	TagNew        = "new"
	TagPriceDrop  = "price_drop"
	TagSold       = "sold"
)

// NewCarDays is how long a car counts as new after creation (docs/behaviour/constants.md).
const NewCarDays = 8

// BelowMarketMargin is how far under the market a price must be for the badge.
const BelowMarketMargin = 500

// reducedPriceFloor: prices of 10 or less are placeholders, never shown.
const reducedPriceFloor = 10

// TagRules are the site's settings that shape the card tag.
type TagRules struct {
	ElectricLabel  bool     // label electric and hybrid cars first
	CertifiedBadge bool     // certified cars of CertifiedTagMakes take the Certified tag
	NewTagName     string   // "" means DefaultNewTagName
	SoldTagName    string   // "" means DefaultSoldTagName
	GreenTags      []string // custom tags shown green (case-insensitive); others are red
	CertifiedMakes []string // certified used cars of these makes carry the certified badge
	// CertifiedTagMakes: certified cars of these makes, unless sold, take the
	// Certified card tag when CertifiedBadge is on (docs/behaviour/states.md, tag 3).
	CertifiedTagMakes []string
	// PriceDropDays: a car for sale whose price last changed by a drop
	// within this many days takes the "Price drop" tag; 0 leaves it off.
	PriceDropDays int
}

// Tag is the one tag a card shows.
type Tag struct {
	Label string `json:"label"`
	Tone  string `json:"tone"`
	Kind  string `json:"kind"`
}

// CardTag picks the card tag by docs/behaviour/states.md's priority; nil when none applies.
func CardTag(c Car, now time.Time, r TagRules) *Tag {
	sold := c.Status == StatusSold
	if r.ElectricLabel {
		switch strings.ToLower(c.SimpleFuel) {
		case "electric":
			return &Tag{Label: "Electric", Tone: ToneGreen, Kind: TagElectric}
		case "hybrid":
			return &Tag{Label: "Hybrid", Tone: ToneGreen, Kind: TagElectric}
		}
	}
	if c.Reserved {
		tone := ToneRed
		if sold {
			tone = ToneGrey
		}
		return &Tag{Label: "Reserved", Tone: tone, Kind: TagReserved}
	}
	if r.CertifiedBadge && c.Certified && !sold && hasMake(r.CertifiedTagMakes, c.Make) {
		return &Tag{Label: "Certified", Tone: ToneGreen, Kind: TagCertified}
	}
	if custom := strings.TrimSpace(c.Tag); custom != "" {
		tone := ToneRed
		if slices.ContainsFunc(r.GreenTags, func(g string) bool { return strings.EqualFold(strings.TrimSpace(g), custom) }) {
			tone = ToneGreen
		}
		return &Tag{Label: custom, Tone: tone, Kind: TagCustom}
	}
	if c.Status == StatusComingSoon {
		return &Tag{Label: "COMING SOON", Tone: ToneRed, Kind: TagComingSoon}
	}
	if !sold && PriceDroppedWithin(c, now, r.PriceDropDays) {
		return &Tag{Label: "Price drop", Tone: ToneGreen, Kind: TagPriceDrop}
	}
	// A sold car reads as sold, not new, even in its first days.
	if !sold && IsNew(c, now) {
		return &Tag{Label: orDefault(r.NewTagName, DefaultNewTagName), Tone: ToneGreen, Kind: TagNew}
	}
	if sold {
		return &Tag{Label: orDefault(r.SoldTagName, DefaultSoldTagName), Tone: ToneGrey, Kind: TagSold}
	}
	return nil
}

// HasCertifiedBadge reports whether the car carries the certified badge of
// a configured make: certified, used, not sold and of one of r.CertifiedMakes
// (docs/behaviour/states.md: "A certified badge shows on used cars of one luxury make").
func HasCertifiedBadge(c Car, r TagRules) bool {
	if !c.Certified || c.Status == StatusSold || !strings.EqualFold(c.CarType, TypeUsed) {
		return false
	}
	return hasMake(r.CertifiedMakes, c.Make)
}

// hasMake reports whether make is one of makes, ignoring case and spaces
// around a configured name.
func hasMake(makes []string, make string) bool {
	return slices.ContainsFunc(makes, func(m string) bool { return strings.EqualFold(strings.TrimSpace(m), make) })
}

// PriceDroppedWithin reports whether the car's price last changed by a
// drop less than days days before now (never when days is 0).
func PriceDroppedWithin(c Car, now time.Time, days int) bool {
	if days <= 0 || c.PriceDroppedAt.IsZero() {
		return false
	}
	return now.Sub(c.PriceDroppedAt) < time.Duration(days)*24*time.Hour
}

// IsNew reports whether the car was created within the last NewCarDays days.
// A creation time slightly in the future (clock skew) still counts as new.
func IsNew(c Car, now time.Time) bool {
	if c.CreatedAt.IsZero() {
		return false
	}
	return now.Sub(c.CreatedAt) < NewCarDays*24*time.Hour
}

// Price display kinds (docs/behaviour/states.md#price-display).
const (
	PriceSubscription = "subscription"
	PriceReduced      = "reduced"
	PriceNormal       = "price"
	PricePreorder     = "preorder"
	PriceNone         = "none"
)

// PriceDisplay is the price as a card or the detail page shows it.
type PriceDisplay struct {
	Kind   string  `json:"kind"`
	Text   string  `json:"text"`
	Was    *string `json:"was"`
	Suffix string  `json:"suffix"`
	// Saving is how much a reduced price takes off the car price ("$1,500"), else nil.
	Saving *string `json:"saving"`
	// Label names a price that is not the cash price ("Subscription").
	Label string `json:"label,omitempty"`
	// Cash is the car's cash price shown beside a subscription price, else nil.
	Cash *string `json:"cash,omitempty"`
	// PriceType says in words what the cash price includes ("Drive Away",
	// "Excl. Government Charges"); empty when the feed gives no known type.
	PriceType string `json:"price_type,omitempty"`
}

// PriceTypeWords is a feed's price type in the words buyers expect beside
// a price: DAP is "Drive Away", EGC "Excl. Government Charges". Codes are
// read without regard to case, spaces, dots, dashes or underscores; a code
// not known here shows nothing rather than a bare abbreviation.
func PriceTypeWords(code string) string {
	k := strings.Map(func(r rune) rune {
		switch r {
		case ' ', '_', '-', '.':
			return -1
		}
		return unicode.ToUpper(r)
	}, code)
	switch k {
	case "DAP", "DRIVEAWAY", "DRIVEAWAYPRICE":
		return "Drive Away"
	case "EGC", "EXCLGOVTCHARGES", "EXCLGOVERNMENTCHARGES", "EXCLUDINGGOVERNMENTCHARGES", "EXCLUDINGGOVTCHARGES":
		return "Excl. Government Charges"
	}
	return ""
}

// SubscriptionLabel names a weekly subscription price, so a buyer never
// takes it for a finance repayment or the cash price.
const SubscriptionLabel = "Subscription"

// DisplayPrice applies docs/behaviour/states.md's price display precedence.
func DisplayPrice(c Car, offersSubscription bool, noPriceText string) PriceDisplay {
	if offersSubscription && c.SubscriptionPrice > 0 {
		// A weekly amount is not comparable with before_price: no Was price.
		// It is labelled as a subscription and the cash price shows beside it.
		d := PriceDisplay{Kind: PriceSubscription, Text: FormatPrice(c.SubscriptionPrice), Suffix: "/wk", Label: SubscriptionLabel}
		if cash := cashPrice(c); cash > 0 {
			s := FormatPrice(cash)
			d.Cash = &s
			d.PriceType = PriceTypeWords(c.PriceType)
		}
		return d
	}
	amount, kind := 0, ""
	switch {
	case c.OfferPrice > reducedPriceFloor && c.OfferPrice != c.Price:
		amount, kind = c.OfferPrice, PriceReduced
	case c.Price > reducedPriceFloor:
		amount, kind = c.Price, PriceNormal
	}
	if kind != "" {
		d := PriceDisplay{Kind: kind, Text: FormatPrice(amount), PriceType: PriceTypeWords(c.PriceType)}
		switch {
		case kind == PriceReduced && c.Price > amount:
			// docs/behaviour/states.md: a reduced price reads as a reduction of the car
			// price: that price struck through, and the saving.
			was, saving := FormatPrice(c.Price), FormatPrice(c.Price-amount)
			d.Was, d.Saving = &was, &saving
		case c.BeforePrice > amount:
			was := FormatPrice(c.BeforePrice)
			d.Was = &was
		}
		return d
	}
	if c.Preorder {
		return PriceDisplay{Kind: PricePreorder, Text: "PREORDER"}
	}
	return PriceDisplay{Kind: PriceNone, Text: orDefault(noPriceText, DefaultNoPriceText)}
}

// Priced reports whether the car shows a price to buy it outright (a
// reduced price or the car price), not the no-price wording.
func Priced(c Car) bool { return cashPrice(c) > 0 }

// CashPrice is the price the car sells for outright: a reduced price,
// else the car price; 0 when it has neither.
func CashPrice(c Car) int { return cashPrice(c) }

// cashPrice is the price the car sells for outright: a reduced price, else
// the car price; 0 when it has neither.
func cashPrice(c Car) int {
	switch {
	case c.OfferPrice > reducedPriceFloor:
		return c.OfferPrice
	case c.Price > reducedPriceFloor:
		return c.Price
	}
	return 0
}

// BelowMarket reports whether the car is at least BelowMarketMargin under the
// market average, the state average preferred (docs/behaviour/states.md).
func BelowMarket(c Car) bool {
	if c.AutograbData == nil || c.Price <= 0 {
		return false
	}
	market := c.AutograbData.StateAverageMarketPrice
	if market <= 0 {
		market = c.AutograbData.AverageMarketPrice
	}
	return market > 0 && market-c.Price >= BelowMarketMargin
}

// WeeklyPayment is the weekly repayment for the finance chip: the first
// lender (by provider key, so the answer is stable) with a weekly payment,
// else the credit-check quote; nil when neither has one. Callers show
// 'Enquire for Finance' at 25 or less (docs/behaviour/states.md).
func WeeklyPayment(c Car) *float64 {
	keys := make([]string, 0, len(c.FinanceLenders))
	for k := range c.FinanceLenders {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		if w := c.FinanceLenders[k].PaymentWeek; w > 0 {
			return &w
		}
	}
	if c.YouxQuote != nil && c.YouxQuote.WeeklyRepaymentAmount > 0 {
		w := c.YouxQuote.WeeklyRepaymentAmount
		return &w
	}
	return nil
}

func orDefault(s, def string) string {
	if s = strings.TrimSpace(s); s != "" {
		return s
	}
	return def
}
