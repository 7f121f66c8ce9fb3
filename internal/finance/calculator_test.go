package finance

import (
	"math"
	"regexp"
	"strconv"
)

// The calculator as the app runs it (web/src/features/finance/lib/maths.ts),
// written again in Go for the tests alone: the shared vectors
// (testdata/vectors.json) are checked against both, so the Go rules the
// server does use (the repayment, the periods, the final payment) and the
// app's calculator cannot drift apart. Nothing on the server answers with
// these.

// Quote is what the calculator, the car's estimate and the summary under
// them show for one set of inputs (docs/behaviour/constants.md#finance-summary).
// Financed is the amount financed: the price less the deposit plus the
// establishment fee. Total is every repayment plus the final (balloon)
// payment plus fees, so it is never below Financed at a rate of 0 or more;
// nil when the repayment is 25 or less ('Enquire for Finance'; the total is
// hidden).
type Quote struct {
	Repayment float64 `json:"repayment"`
	Financed  float64 `json:"financed"`
	// Repayments is every repayment plus the final payment, without fees.
	Repayments *float64 `json:"repayments"`
	Total      *float64 `json:"total"`
	Enquire    bool     `json:"enquire"`
}

// Calculate is the calculator's answer: the rounded repayment, the amount
// financed and the total of every repayment plus the final payment plus
// fees (docs/behaviour/constants.md), or 'Enquire for Finance'.
func Calculate(l Loan) Quote {
	r := RoundRepayment(RawRepayment(l), l.Rounding)
	financed := math.Round(Principal(l)*100) / 100
	// docs/behaviour/states.md: the rule reads the weekly repayment in every frequency, so a
	// $108 month (under $25 a week) is 'Enquire for Finance' too.
	if r*float64(PeriodsPerYear(l.Frequency))/52 <= EnquireThreshold {
		return Quote{Repayment: r, Financed: financed, Enquire: true}
	}
	repayments := math.Round((float64(Periods(l))*r+FinalPayment(l))*100) / 100
	total := math.Round((float64(Periods(l))*r+FinalPayment(l)+FeesTotal(l.Fees, l.Term))*100) / 100
	return Quote{Repayment: r, Financed: financed, Repayments: &repayments, Total: &total}
}

// FeesTotal is the one-off fees plus the monthly ones over the whole term.
func FeesTotal(fees []Fee, termYears float64) float64 {
	sum := 0.0
	for _, f := range fees {
		if f.Per == "month" {
			sum += finite(f.Amount) * 12 * finite(termYears)
		} else {
			sum += finite(f.Amount)
		}
	}
	return sum
}

// AmountRules bound the purchase or loan amount (docs/behaviour/validation.md).
type AmountRules struct {
	Min  float64 `json:"min"`
	Max  float64 `json:"max"`
	Step float64 `json:"step"`
	// PriceBasedMax: a car priced above 100000 may borrow up to 1.05 × price.
	PriceBasedMax bool `json:"price_based_max"`
	// PurchasePrice is the variant with a purchase-price field: max 250000.
	PurchasePrice bool `json:"purchase_price"`
}

// MaxAmount is the amount's ceiling for a car of the given price (0 when
// there is no car).
func MaxAmount(r AmountRules, price float64) float64 {
	if r.PurchasePrice {
		return PurchasePriceMax
	}
	if r.PriceBasedMax && price > 100000 {
		return math.Round(price * 1.05)
	}
	return r.Max
}

var (
	nonDigits  = regexp.MustCompile(`[^0-9]`)
	numberText = regexp.MustCompile(`^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$`)
	infText    = regexp.MustCompile(`(?i)^[+-]?inf(inity)?$`)
)

// plainNumber reads decimal text after the $ prefix, separators and spaces
// are dropped, with the same pattern as the TypeScript side so both agree
// on what counts as a number.
func plainNumber(raw string) (float64, bool) {
	t := trimMoney(raw)
	if infText.MatchString(t) {
		if t[0] == '-' {
			return math.Inf(-1), true
		}
		return math.Inf(1), true
	}
	if !numberText.MatchString(t) {
		return 0, false
	}
	v, err := strconv.ParseFloat(t, 64)
	if err != nil { // out of range: ±Inf with the sign kept
		return v, !math.IsNaN(v)
	}
	return v, true
}

// AmountInput is a typed amount after the rules: the value the calculator
// uses and whether it sits at or beyond a bound (then the help text shows).
type AmountInput struct {
	Value   float64 `json:"value"`
	AtBound bool    `json:"at_bound"`
}

// ParseAmount applies docs/behaviour/validation.md's amount rules to what the buyer
// typed: a value at or below 0 becomes 0; anything else is stripped to its
// digits; above max clamps to max; at or below min clamps to min.
func ParseAmount(raw string, r AmountRules, price float64) AmountInput {
	max := MaxAmount(r, price)
	// A leading minus makes the value negative: 0, not its digits.
	if v, ok := plainNumber(raw); ok && v <= 0 {
		return AmountInput{Value: 0, AtBound: true}
	}
	digits := nonDigits.ReplaceAllString(raw, "")
	if digits == "" {
		return AmountInput{Value: 0, AtBound: true}
	}
	if len(digits) > 15 { // beyond any max; keeps float parsing exact
		return AmountInput{Value: max, AtBound: true}
	}
	v, _ := strconv.ParseFloat(digits, 64)
	return ClampAmount(v, r, price)
}

// ClampAmount applies the bounds to a number (the slider or a quick pick).
func ClampAmount(v float64, r AmountRules, price float64) AmountInput {
	max := MaxAmount(r, price)
	switch {
	case math.IsNaN(v) || v <= 0:
		return AmountInput{Value: 0, AtBound: true}
	case v >= max:
		return AmountInput{Value: max, AtBound: true}
	case v <= r.Min:
		return AmountInput{Value: r.Min, AtBound: true}
	}
	return AmountInput{Value: v}
}

// trimMoney drops the $ prefix, separators and spaces so "-$1,000" reads as
// a number.
func trimMoney(s string) string {
	out := make([]rune, 0, len(s))
	for _, c := range s {
		if c == '$' || c == ',' || c == ' ' {
			continue
		}
		out = append(out, c)
	}
	return string(out)
}

// AmountHelp is the help text shown when the amount is at or beyond a bound
// (docs/behaviour/validation.md and docs/behaviour/errors.md). The upper figure is fixed by the spec.
func AmountHelp(min float64) string {
	return "Cannot be less than " + Dollars(min) + " or more than $250,000"
}

// ClampRange keeps a slider value within [min, max]; NaN becomes min.
func ClampRange(v, min, max float64) float64 {
	if math.IsNaN(v) || v < min {
		return min
	}
	if v > max {
		return max
	}
	return v
}

// Dollars formats whole dollars with thousands separators: $1,234 (cents
// shown only when there are any: $912.25).
func Dollars(x float64) string {
	x = finite(x)
	neg := x < 0
	if neg {
		x = -x
	}
	cents := int64(math.Round(x * 100))
	whole, frac := cents/100, cents%100
	s := strconv.FormatInt(whole, 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	if frac != 0 {
		s += "." + strconv.FormatInt(100+frac, 10)[1:]
	}
	if neg {
		return "-$" + s
	}
	return "$" + s
}
