package finance

import "forecourt/internal/tenant"

// RulesFor gathers a site's estimate settings for a car of dealerName's
// location (the car's own location, docs/behaviour/constants.md#finance-summary). A site that lists no lenders
// reads its provider's own key ("Nissan Finance" → nissan_finance).
func RulesFor(site *tenant.Site, currentYear int, dealerName string) EstimateRules {
	f := site.Finance
	r := EstimateRules{
		ExcludedMakes: f.ExcludedMakes, ExcludedDealerships: f.ExcludedDealerships,
		Rounding: f.Rounding, Now: currentYear, DealerName: dealerName,
		Disclaimers: f.Disclaimers,
		FromPrice:   f.AmountFromPrice, EstablishmentFee: f.EstablishmentFee,
	}
	for _, l := range f.Lenders {
		r.Lenders = append(r.Lenders, LenderSource{Key: l.Key, Provider: l.Provider, Dealerships: l.Dealerships})
	}
	if len(r.Lenders) == 0 && f.Provider != "" {
		r.Lenders = []LenderSource{{Key: DefaultLenderKey(f.Provider), Provider: f.Provider}}
	}
	return r
}
