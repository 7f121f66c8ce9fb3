// Package finance is the dealer's finance maths: the repayment of a loan
// (docs/behaviour/constants.md#finance-calculator), the per-provider
// estimate shown on a car (docs/behaviour/validation.md#finance-estimate-eligibility)
// and the indicative credit-check quote (docs/behaviour/calls.md#finance-quote,
// POST /api/youx/quote). Everything here is a pure function. The calculator
// itself runs in the app (web/src/features/finance/lib); its Go twin lives in
// this package's tests, and both are checked against the same vectors
// (testdata/vectors.json).
package finance

import (
	"math"
)

// Repayment frequencies and their periods per year (docs/behaviour/validation.md).
const (
	Weekly      = "week"
	Fortnightly = "fortnight"
	Monthly     = "month"
)

// Rounding rules for the repayment (docs/behaviour/constants.md): most lenders round
// up to the next whole dollar; one rounds up or down by comparing the cents
// with a half.
const (
	RoundUp      = "up"
	RoundNearest = "nearest"
)

// EnquireThreshold is the repayment at or below which the calculator and
// estimates show 'Enquire for Finance' instead of an amount (docs/behaviour/states.md).
const EnquireThreshold = 25

// EnquireText is shown instead of a repayment of 25 or less.
const EnquireText = "Enquire for Finance"

// PeriodsPerYear is 52, 26 or 12; an unknown frequency counts as weekly,
// the calculator's default.
func PeriodsPerYear(frequency string) int {
	switch frequency {
	case Fortnightly:
		return 26
	case Monthly:
		return 12
	}
	return 52
}

// Fee is one line of the fees block: a one-off amount, or one charged every
// month of the loan (Per "month").
type Fee struct {
	Label  string  `json:"label"`
	Amount float64 `json:"amount"`
	Per    string  `json:"per"` // "loan" (once) or "month"
}

// Loan is the calculator's state (docs/behaviour/entities.md#finance-calculator-state).
type Loan struct {
	Amount           float64 `json:"amount"`
	Deposit          float64 `json:"deposit"`
	EstablishmentFee float64 `json:"establishment_fee"`
	Residual         float64 `json:"residual"`
	Interest         float64 `json:"interest"` // percent per year
	Term             float64 `json:"term"`     // years
	Frequency        string  `json:"frequency"`
	Rounding         string  `json:"rounding"`
	Fees             []Fee   `json:"fees,omitempty"`
}

// Principal is the amount financed: amount less deposit plus the
// establishment fee, never below zero.
func Principal(l Loan) float64 {
	p := finite(l.Amount) - finite(l.Deposit) + finite(l.EstablishmentFee)
	if p < 0 {
		return 0
	}
	return p
}

// maxPeriods caps absurd terms (a century of weekly repayments) so nothing
// overflows; the calculator's own range is far below it.
const maxPeriods = 100 * 52

// Periods is the number of repayments: term × periods per year, whole.
func Periods(l Loan) int {
	n := math.Round(finite(l.Term) * float64(PeriodsPerYear(l.Frequency)))
	switch {
	case n < 0:
		return 0
	case n > maxPeriods:
		return maxPeriods
	}
	return int(n)
}

// RawRepayment is the exact amortised repayment: the principal repaid over
// the periods at interest/100/periods a period, leaving the residual
// (balloon) owing at the end. No periods means nothing to repay.
func RawRepayment(l Loan) float64 {
	n := Periods(l)
	if n == 0 {
		return 0
	}
	p := Principal(l)
	fv := math.Max(0, finite(l.Residual))
	i := finite(l.Interest) / 100 / float64(PeriodsPerYear(l.Frequency))
	var pay float64
	if i == 0 {
		pay = (p - fv) / float64(n)
	} else {
		growth := math.Pow(1+i, float64(n))
		pay = (p - fv/growth) * i / (1 - 1/growth)
	}
	if pay < 0 || math.IsNaN(pay) || math.IsInf(pay, 0) {
		return 0
	}
	return pay
}

// RoundRepayment applies the lender's rounding rule to whole dollars. The
// small tolerance keeps a repayment that is whole but for float noise
// (100.0000000001) from rounding up a dollar.
func RoundRepayment(x float64, rule string) float64 {
	if !(x > 0) { // zero, negative or NaN: nothing to repay (and never -0)
		return 0
	}
	if rule == RoundNearest {
		whole := math.Floor(x)
		if x-whole >= 0.5 {
			return whole + 1
		}
		return whole
	}
	return math.Ceil(x - 1e-9)
}

// FinalPayment is the residual (balloon) the buyer pays at the end: part
// of what the loan costs, so part of the total.
func FinalPayment(l Loan) float64 {
	if Periods(l) == 0 {
		return 0
	}
	return math.Max(0, finite(l.Residual))
}

func finite(x float64) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return 0
	}
	return x
}

// PurchasePriceMax is the amount ceiling of the purchase-price variant, and
// the figure the help text names.
const PurchasePriceMax = 250000
