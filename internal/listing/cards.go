package listing

import (
	"strings"
	"sync"
	"time"

	"github.com/microcosm-cc/bluemonday"

	"forecourt/internal/apitypes"
	"forecourt/internal/catalog"
	"forecourt/internal/finance"
	"forecourt/internal/search"
	"forecourt/internal/tenant"
)

// Card is a car as the listing and vehicle pages show it: its fields plus
// what the rules derive from them. Its JSON is the API's (apitypes), not
// the stored car's.
type Card = apitypes.Hit

// Detail is the vehicle page's car: the card fields plus what only the
// page shows (docs/behaviour/http.md, GET /api/cars/{slug}).
type Detail = apitypes.CarDetail

// CardFor derives a car's card under the site's rules and the index's
// configuration, at now.
func CardFor(c catalog.Car, site *tenant.Site, cfg search.Config, now time.Time) Card {
	rules := catalog.TagRules{
		ElectricLabel:  site.Features.ElectricLabel,
		CertifiedBadge: site.Features.CertifiedBadge,
		NewTagName:     site.Wording.NewTagName,
		SoldTagName:    site.Wording.SoldTagName,
		GreenTags:      site.Tags.Green,
		CertifiedMakes: site.Tags.CertifiedMakes,

		CertifiedTagMakes: site.Tags.CertifiedTagMakes,
		PriceDropDays:     site.Tags.PriceDropDays,
	}
	subs := cfg.OffersSubscription == nil || cfg.OffersSubscription[c.DealershipID]
	var place *catalog.CarLocation
	if p, ok := cfg.Places[c.LocationID]; ok {
		place = &p
	}
	price := catalog.DisplayPrice(c, subs, site.Wording.NoPriceText)
	price.PriceType = priceTypeFor(price.PriceType, site.Country, c.ItemType)
	return Card{
		Car:            identityFor(apitypes.FromCar(c), site),
		CardTag:        apitypes.TagFrom(catalog.CardTag(c, now, rules)),
		PriceDisplay:   apitypes.PriceDisplayFrom(price),
		WeeklyPayment:  weeklyChip(c, site, cfg, now),
		BelowMarket:    catalog.BelowMarket(c),
		IsAvailable:    c.Available(),
		City:           cfg.Cities[c.LocationID],
		Thumbnails:     thumbnails(c.Images),
		Location:       apitypes.CarLocationFrom(place),
		CertifiedBadge: catalog.HasCertifiedBadge(c, rules),
	}
}

// priceTypeFor says a price type (catalog.PriceTypeWords) as the site's
// buyers read it: "Excl. Government Charges" is Australia's stamp duty and
// registration, so elsewhere (New Zealand) it is "+ ORC", the on-road
// costs; a caravan is towed away, not driven away.
func priceTypeFor(words, country, itemType string) string {
	switch {
	case words == "Excl. Government Charges" && country != "" && country != "AU":
		return "+ ORC"
	case words == "Drive Away" && itemType == catalog.ItemCaravan:
		return "Tow Away"
	}
	return words
}

// identityFor leaves the car's VIN, rego plate and rego expiry out of the
// answer unless the site shows them (docs/behaviour/screens.md#car-identity):
// what the page does not show is not sent to the browser either.
func identityFor(c apitypes.Car, site *tenant.Site) apitypes.Car {
	if !site.Features.CarIdentity {
		c.VIN, c.RegPlate, c.RegoExpiry = "", "", ""
	}
	return c
}

// DetailFor is the vehicle page's car: its card, finance estimate and
// price history (dated in the site's time zone). The history comes with the
// car from the site's index, so no store read is needed and the page is
// answered while the database is away.
func DetailFor(c catalog.Car, site *tenant.Site, cfg search.Config, now time.Time) Detail {
	loc, err := site.Location()
	if err != nil {
		loc = time.UTC
	}
	return Detail{
		Hit:             CardFor(c, site, cfg, now),
		FinanceEstimate: apitypes.FinanceEstimateFrom(FinanceEstimate(c, site, cfg, now)),
		PriceHistory:    apitypes.PriceHistoryFrom(c.PriceHistory, loc),
	}
}

// Brief leaves out what only the vehicle page shows (gallery, spin frames,
// equipment, comments, lenders): a listing answer stays small and fast to
// encode. The derived fields were computed from the whole car already.
func Brief(c Card) Card {
	c.Images = nil
	c.SpinImages = nil
	c.Hotspots = nil
	c.StandardEquipment = nil
	c.DealerComments = ""
	c.Variant = nil
	c.FinanceLenders = nil
	return c
}

// ForCompare is a brief card that keeps the feature list the compare table
// shows.
func ForCompare(c Card) Card {
	features := c.StandardEquipment
	c = Brief(c)
	c.StandardEquipment = features
	return c
}

func thumbnails(images []catalog.Image) []string {
	out := make([]string, 0, len(images))
	for _, im := range images {
		if t := im.Thumb.URL; t != "" {
			out = append(out, t)
		} else if im.URL != "" {
			out = append(out, im.URL)
		}
	}
	return out
}

// FinanceEstimate is the car's estimate under the site's provider rules
// (docs/behaviour/validation.md), or nil. It names the car's own location
// (docs/behaviour/constants.md#finance-summary): a used car at the group's used-car
// yard is not offered 'at' the franchise dealership that yard belongs to.
func FinanceEstimate(c catalog.Car, site *tenant.Site, cfg search.Config, now time.Time) *finance.Estimate {
	dealer := strings.TrimSpace(c.LocationName)
	if dealer == "" {
		dealer = cfg.DealershipNames[c.DealershipID]
	}
	if dealer == "" {
		dealer = site.Name
	}
	return finance.EstimateFor(c, c.DealershipSlug, finance.RulesFor(site, now.Year(), dealer))
}

// weeklyChip is the card's 'Only $X /wk*' amount: the weekly figure of the
// car's finance estimate, so a card never offers finance the vehicle page
// would not (docs/behaviour/validation.md#finance-estimate-eligibility), or nil. At
// 25 or less the card reads 'Enquire for Finance', as the page does.
func weeklyChip(c catalog.Car, site *tenant.Site, cfg search.Config, now time.Time) *float64 {
	e := FinanceEstimate(c, site, cfg, now)
	if e == nil || e.Weekly <= 0 {
		return nil
	}
	w := e.Weekly
	return &w
}

// commentPolicy keeps the dealer's formatting (paragraphs, lists, bold,
// links) and drops scripts, styles, event handlers and unsafe URLs.
var commentPolicy = sync.OnceValue(func() *bluemonday.Policy {
	p := bluemonday.UGCPolicy()
	p.RequireNoFollowOnLinks(true)
	p.AddTargetBlankToFullyQualifiedLinks(true)
	return p
})

// SanitizeDealerComments makes dealer comments safe to show as HTML
// (docs/behaviour/states.md#dealer-comments).
func SanitizeDealerComments(html string) string {
	if strings.TrimSpace(html) == "" {
		return ""
	}
	return strings.TrimSpace(commentPolicy().Sanitize(html))
}
