package finance

import (
	"math"
	"slices"
	"strings"

	"forecourt/internal/catalog"
	"forecourt/internal/tenant"
)

// Finance providers a site can use (docs/behaviour/entities.md#tenant-config).
const (
	Taurus        = "Taurus"
	CarClarity    = "Car Clarity"
	Powertorque   = "Powertorque"
	AusLoans      = "AusLoans"
	Angle         = "Angle"
	Finance360    = "360 Finance"
	NissanFinance = "Nissan Finance"
	Manual        = "Manual"
)

// Providers lists every provider, in the spec's order.
var Providers = []string{Taurus, CarClarity, Powertorque, AusLoans, Angle, Finance360, NissanFinance, Manual}

// providerRule is what a provider needs before its estimate shows
// (docs/behaviour/validation.md#finance-estimate-eligibility). These are
// facts about the lenders' products, the same for every dealer that uses them.
type providerRule struct {
	minPrice       int  // price must be above this (0: no rule)
	maxAgeYears    int  // year must be above current year minus this (0: no rule)
	needsWeekly    bool // a weekly payment must exist
	needsMonthly   bool // a monthly payment must exist
	frequency      string
	computeMissing bool // the provider gives rates only; the payment is worked out here
}

var providerRules = map[string]providerRule{
	// docs/behaviour/validation.md: "Taurus: year above (current year minus 12), price above 500, and a comparison rate."
	Taurus: {minPrice: 500, maxAgeYears: 12, frequency: Weekly, computeMissing: true},
	// docs/behaviour/validation.md: "360 Finance and AusLoans: car available."
	Finance360: {frequency: Weekly, computeMissing: true},
	AusLoans:   {frequency: Weekly, computeMissing: true},
	// docs/behaviour/validation.md: "Manual, Angle, Powertorque: price above 500 and a weekly payment."
	Manual:      {minPrice: 500, needsWeekly: true, frequency: Weekly},
	Angle:       {minPrice: 500, needsWeekly: true, frequency: Weekly},
	Powertorque: {minPrice: 500, needsWeekly: true, frequency: Weekly},
	// docs/behaviour/validation.md: "Nissan Finance: price above 500 and a monthly payment."
	NissanFinance: {minPrice: 500, needsMonthly: true, frequency: Monthly},
	// Car Clarity is not named in the per-provider list: the general rules only.
	CarClarity: {frequency: Weekly, computeMissing: true},
}

// EstimateTermYears is the term every estimate shows (docs/behaviour/constants.md).
const EstimateTermYears = 5

// IndicativeDisclaimer is the text under every estimate (docs/behaviour/constants.md).
const IndicativeDisclaimer = "This repayment is indicative only and is not a binding quote. " +
	"Finance is available to approved applicants only, subject to the lender's credit criteria."

// LenderSource says which entry of a car's finance_lenders a site reads and
// whose rules it follows.
type LenderSource struct {
	Key      string `json:"key"`
	Provider string `json:"provider"`
	// Dealerships, when set, are the dealership slugs whose cars this
	// lender finances (a maker's finance arm at that maker's dealership);
	// a car of another dealership of the group goes on to the next lender.
	Dealerships []string `json:"dealerships,omitempty"`
}

// EstimateRules are the site's settings that decide an estimate.
type EstimateRules struct {
	Lenders             []LenderSource
	ExcludedMakes       []string // never an estimate for these makes (Suzuki by default)
	ExcludedDealerships []string // dealership slugs
	Rounding            string
	Now                 int // current year
	// DealerName is the car's own location (or dealership) the estimate
	// names: 'at Summit Used Cars Brisbane', never another of the group's.
	DealerName string
	// Disclaimers are the site's own estimate disclaimers per make and car
	// type; a matching one replaces the lender's.
	Disclaimers []tenant.WarrantyLine
	// FromPrice: the site's calculator starts at the car's price, so the
	// estimate is worked out from the lender's rate, deposit, balloon and fee
	// with the calculator's own maths and rounding, rather than copied from
	// the lender's quoted payment; the calculator then shows the same figure.
	FromPrice bool
	// EstablishmentFee is the site's fee, used when the lender quotes none.
	EstablishmentFee float64
}

// Estimate is the finance estimate a car's page shows (docs/behaviour/http.md: the
// finance_estimate of GET /api/cars/{slug}).
type Estimate struct {
	Provider       string  `json:"provider"`
	LenderKey      string  `json:"lender_key"`
	Lender         string  `json:"lender"`
	Frequency      string  `json:"frequency"`
	Amount         float64 `json:"amount"` // whole dollars per Frequency
	Weekly         float64 `json:"weekly"`
	Monthly        float64 `json:"monthly"`
	Enquire        bool    `json:"enquire"`
	InterestRate   float64 `json:"interest_rate"`
	ComparisonRate float64 `json:"comparison_rate"`
	TermYears      int     `json:"term_years"`
	Deposit        float64 `json:"deposit"`
	Balloon        float64 `json:"balloon"`
	// EstablishmentFee is the fee added to the amount financed.
	EstablishmentFee float64 `json:"establishment_fee"`
	// Price is the car's price the estimate starts from; AmountFinanced is
	// price − deposit + establishment fee; TotalRepayments is every
	// repayment of the term plus the final (balloon) payment
	// (docs/behaviour/constants.md#finance-summary), 0 with 'Enquire for Finance'.
	Price           float64 `json:"price"`
	AmountFinanced  float64 `json:"amount_financed"`
	TotalRepayments float64 `json:"total_repayments"`
	// Dealer is the car's own location the estimate names.
	Dealer string `json:"dealer"`
	// Text follows the amount: 'per week* for used Corolla with Toyota Finance at Harbourside Toyota'.
	Text       string `json:"text"`
	Disclaimer string `json:"disclaimer"`
	Indicative string `json:"indicative"`
}

// DefaultLenderKey is the finance_lenders key a provider's offers use when a
// site does not list its own: "Nissan Finance" → "nissan_finance".
func DefaultLenderKey(provider string) string {
	return strings.ReplaceAll(strings.ToLower(strings.TrimSpace(provider)), " ", "_")
}

// EstimateFor returns the car's estimate from the first of the site's
// lender sources the car qualifies for, or nil (docs/behaviour/validation.md).
func EstimateFor(c catalog.Car, dealershipSlug string, r EstimateRules) *Estimate {
	// docs/behaviour/validation.md: the make is not excluded (Suzuki), the dealership is not
	// excluded, and the car is available.
	if !c.Available() || containsFold(r.ExcludedMakes, c.Make) || slices.Contains(r.ExcludedDealerships, dealershipSlug) {
		return nil
	}
	for _, src := range r.Lenders {
		l, ok := c.FinanceLenders[src.Key]
		if !ok || (len(src.Dealerships) > 0 && !slices.Contains(src.Dealerships, dealershipSlug)) {
			continue
		}
		if e := estimateFrom(c, src, l, r); e != nil {
			return e
		}
	}
	return nil
}

func estimateFrom(c catalog.Car, src LenderSource, l catalog.FinanceLender, r EstimateRules) *Estimate {
	rule, known := providerRules[src.Provider]
	if !known {
		return nil
	}
	// docs/behaviour/validation.md: "Shown only if interestRate and comparisonRate exist".
	if l.InterestRate <= 0 || l.ComparisonRate <= 0 {
		return nil
	}
	if rule.minPrice > 0 && c.Price <= rule.minPrice {
		return nil
	}
	if rule.maxAgeYears > 0 && c.Year <= r.Now-rule.maxAgeYears {
		return nil
	}
	if rule.needsWeekly && l.PaymentWeek <= 0 {
		return nil
	}
	if rule.needsMonthly && l.PaymentMonth <= 0 {
		return nil
	}
	fee := l.EstablishmentFees
	if fee <= 0 && r.FromPrice {
		fee = math.Max(0, r.EstablishmentFee)
	}
	weekly, monthly := wholeUp(l.PaymentWeek), wholeUp(l.PaymentMonth)
	if r.FromPrice && c.Price > 0 {
		weekly, monthly = 0, 0
	}
	if (rule.computeMissing || r.FromPrice) && (weekly == 0 || monthly == 0) {
		if c.Price <= 0 {
			return nil
		}
		loan := Loan{
			Amount: float64(c.Price), Deposit: l.Deposit, EstablishmentFee: fee,
			Residual: l.Balloon, Interest: l.InterestRate, Term: EstimateTermYears, Rounding: r.Rounding,
		}
		if weekly == 0 {
			loan.Frequency = Weekly
			weekly = RoundRepayment(RawRepayment(loan), r.Rounding)
		}
		if monthly == 0 {
			loan.Frequency = Monthly
			monthly = RoundRepayment(RawRepayment(loan), r.Rounding)
		}
	}
	e := &Estimate{
		Provider: src.Provider, LenderKey: src.Key, Lender: orDefault(l.FinanceProvider, src.Provider),
		Frequency: rule.frequency, Weekly: weekly, Monthly: monthly,
		InterestRate: l.InterestRate, ComparisonRate: l.ComparisonRate, TermYears: EstimateTermYears,
		Deposit: l.Deposit, Balloon: l.Balloon, EstablishmentFee: fee,
		Disclaimer: l.Disclaimer, Indicative: IndicativeDisclaimer,
	}
	if d, ok := tenant.MatchLine(r.Disclaimers, c.Make, c.CarType); ok {
		e.Disclaimer = d
	}
	e.Amount, e.Text = weekly, "per week*"
	if rule.frequency == Monthly {
		e.Amount, e.Text = monthly, "per month*"
	}
	// The summary beside the figure: the same loan the figure repays, with
	// the calculator's rules (Calculate), so the two never disagree.
	summary := Loan{Amount: float64(max(c.Price, 0)), Deposit: l.Deposit, EstablishmentFee: fee,
		Residual: l.Balloon, Term: EstimateTermYears, Frequency: rule.frequency}
	e.Price = summary.Amount
	e.AmountFinanced = math.Round(Principal(summary)*100) / 100
	if e.Amount > 0 {
		e.TotalRepayments = float64(Periods(summary))*e.Amount + FinalPayment(summary)
	}
	// docs/behaviour/states.md: the rule reads the weekly repayment, whatever frequency the
	// estimate shows: a $51 month that is $12 a week is 'Enquire for Finance'.
	e.Enquire = weeklyEquivalent(weekly, monthly) <= EnquireThreshold
	e.Text += " for " + strings.TrimSpace(c.CarType+" "+c.Model) + " with " + e.Lender
	if r.DealerName != "" {
		e.Dealer = r.DealerName
		e.Text += " at " + r.DealerName
	}
	if e.Enquire {
		e.TotalRepayments = 0
	}
	return e
}

// weeklyEquivalent is the weekly repayment, or the monthly one spread over
// the year's weeks when the lender gives no weekly figure.
func weeklyEquivalent(weekly, monthly float64) float64 {
	if weekly > 0 {
		return weekly
	}
	return monthly * 12 / 52
}

func wholeUp(x float64) float64 {
	if x <= 0 || math.IsNaN(x) || math.IsInf(x, 0) {
		return 0
	}
	return math.Ceil(x - 1e-9)
}

func containsFold(xs []string, s string) bool {
	for _, x := range xs {
		if strings.EqualFold(strings.TrimSpace(x), strings.TrimSpace(s)) {
			return true
		}
	}
	return false
}

func orDefault(s, def string) string {
	if s = strings.TrimSpace(s); s != "" {
		return s
	}
	return def
}
