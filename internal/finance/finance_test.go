package finance

import (
	"math"
	"testing"

	"forecourt/internal/contracttest"
)

type vectors struct {
	Repayment []struct {
		Name     string `json:"name"`
		Provider string `json:"provider"`
		Loan     Loan   `json:"loan"`
		Want     Quote  `json:"want"`
	} `json:"repayment"`
	Amount []struct {
		Name  string      `json:"name"`
		Raw   string      `json:"raw"`
		Rules AmountRules `json:"rules"`
		Price float64     `json:"price"`
		Want  AmountInput `json:"want"`
	} `json:"amount"`
	Range []struct {
		Name  string  `json:"name"`
		Value float64 `json:"value"`
		Min   float64 `json:"min"`
		Max   float64 `json:"max"`
		Want  float64 `json:"want"`
	} `json:"range"`
	AmountHelp []struct {
		Min  float64 `json:"min"`
		Want string  `json:"want"`
	} `json:"amount_help"`
	Dollars []struct {
		Value float64 `json:"value"`
		Want  string  `json:"want"`
	} `json:"dollars"`
}

func loadVectors(t *testing.T) vectors {
	t.Helper()
	var v vectors
	contracttest.ReadVectors(t, "testdata/vectors.json", &v)
	return v
}

// referencePMT is the textbook annuity payment with a balloon, written
// independently of RawRepayment: PMT = (PV·(1+r)^n − FV)·r / ((1+r)^n − 1).
func referencePMT(pv, fv, annualPct float64, perYear int, years float64) float64 {
	n := math.Round(years * float64(perYear))
	r := annualPct / 100 / float64(perYear)
	if r == 0 {
		return (pv - fv) / n
	}
	f := math.Pow(1+r, n)
	return (pv*f - fv) * r / (f - 1)
}

// docs/behaviour/constants.md: "repayment = (amount minus deposit plus establishment
// fee, plus optional residual) amortised over term × periods per year at
// interest/100/periods; rounded up (one lender: up or down …). Total =
// periods per year × term × repayment + the final (residual) payment + fees;
// hidden when repayment is 25 or less." The amount financed is the amount
// less the deposit plus the establishment fee.
func TestRepaymentVectors(t *testing.T) {
	v := loadVectors(t)
	if len(v.Repayment) < 40 {
		t.Fatalf("only %d repayment vectors, want at least 40", len(v.Repayment))
	}
	providers, freqs, rounding := map[string]bool{}, map[string]bool{}, map[string]bool{}
	for _, c := range v.Repayment {
		providers[c.Provider], freqs[c.Loan.Frequency], rounding[c.Loan.Rounding] = true, true, true
		t.Run(c.Name, func(t *testing.T) {
			got := Calculate(c.Loan)
			if got.Repayment != c.Want.Repayment || got.Enquire != c.Want.Enquire || !sameTotal(got.Total, c.Want.Total) || got.Financed != c.Want.Financed {
				t.Fatalf("Calculate = %+v (total %v), want %+v (total %v)", got, deref(got.Total), c.Want, deref(c.Want.Total))
			}
			// The independent reference agrees with the vector.
			l := c.Loan
			pv := math.Max(0, l.Amount-l.Deposit+l.EstablishmentFee)
			if pv != c.Want.Financed {
				t.Fatalf("amount financed %v, vector says %v", pv, c.Want.Financed)
			}
			ref := math.Max(0, referencePMT(pv, l.Residual, l.Interest, PeriodsPerYear(l.Frequency), l.Term))
			var want float64
			if l.Rounding == RoundNearest {
				want = math.Floor(ref + 0.5)
			} else {
				want = math.Ceil(ref - 1e-9)
			}
			if want != c.Want.Repayment {
				t.Fatalf("reference PMT %.6f rounds to %v, vector says %v", ref, want, c.Want.Repayment)
			}
			if !c.Want.Enquire {
				n := math.Round(l.Term * float64(PeriodsPerYear(l.Frequency)))
				fees := 0.0
				for _, f := range l.Fees {
					if f.Per == "month" {
						fees += f.Amount * 12 * l.Term
					} else {
						fees += f.Amount
					}
				}
				if reps := n*want + l.Residual; c.Want.Repayments == nil || math.Abs(reps-*c.Want.Repayments) > 0.005 || !sameTotal(got.Repayments, c.Want.Repayments) {
					t.Fatalf("reference repayments %.2f, vector says %v, Calculate %v", reps, deref(c.Want.Repayments), deref(got.Repayments))
				}
				if tot := n*want + l.Residual + fees; math.Abs(tot-*c.Want.Total) > 0.005 {
					t.Fatalf("reference total %.2f, vector says %.2f", tot, *c.Want.Total)
				}
			}
		})
	}
	for _, p := range Providers {
		if !providers[p] {
			t.Errorf("no vector for provider %s", p)
		}
	}
	for _, f := range []string{Weekly, Fortnightly, Monthly} {
		if !freqs[f] {
			t.Errorf("no vector for frequency %s", f)
		}
	}
	for _, r := range []string{RoundUp, RoundNearest} {
		if !rounding[r] {
			t.Errorf("no vector for rounding %s", r)
		}
	}
}

// docs/behaviour/validation.md#finance-calculator: "A value at or below 0 becomes 0; a
// non-numeric value is stripped to digits; above max clamps to max; at or
// below min clamps to min." and the 1.05 × price and 250000 maxima.
func TestAmountVectors(t *testing.T) {
	for _, c := range loadVectors(t).Amount {
		t.Run(c.Name, func(t *testing.T) {
			if got := ParseAmount(c.Raw, c.Rules, c.Price); got != c.Want {
				t.Fatalf("ParseAmount(%q) = %+v, want %+v", c.Raw, got, c.Want)
			}
		})
	}
}

// docs/behaviour/validation.md: term 1–7 (5 for one tenant), interest ranges per site,
// deposit and residual 0–250000.
func TestRangeVectors(t *testing.T) {
	for _, c := range loadVectors(t).Range {
		if got := ClampRange(c.Value, c.Min, c.Max); got != c.Want {
			t.Errorf("%s: ClampRange(%v, %v, %v) = %v, want %v", c.Name, c.Value, c.Min, c.Max, got, c.Want)
		}
	}
	if got := ClampRange(math.NaN(), 1, 7); got != 1 {
		t.Errorf("NaN clamps to %v, want the min", got)
	}
}

// docs/behaviour/errors.md: "Finance amount out of range: 'Cannot be less than {min} or more than $250,000'".
func TestAmountHelpAndDollars(t *testing.T) {
	v := loadVectors(t)
	for _, c := range v.AmountHelp {
		if got := AmountHelp(c.Min); got != c.Want {
			t.Errorf("AmountHelp(%v) = %q, want %q", c.Min, got, c.Want)
		}
	}
	for _, c := range v.Dollars {
		if got := Dollars(c.Value); got != c.Want {
			t.Errorf("Dollars(%v) = %q, want %q", c.Value, got, c.Want)
		}
	}
}

// No input, however odd, gives NaN or Infinity.
func TestCalculateNeverNaN(t *testing.T) {
	odd := []float64{0, -1, math.NaN(), math.Inf(1), math.Inf(-1), 1e308, -1e308}
	for _, a := range odd {
		for _, i := range odd {
			for _, term := range odd {
				q := Calculate(Loan{Amount: a, Interest: i, Term: term, Residual: a, Deposit: i, Frequency: "bogus"})
				if math.IsNaN(q.Repayment) || math.IsInf(q.Repayment, 0) || (q.Total != nil && (math.IsNaN(*q.Total) || math.IsInf(*q.Total, 0))) {
					t.Fatalf("Calculate(amount %v, interest %v, term %v) = %+v", a, i, term, q)
				}
			}
		}
	}
}

func sameTotal(a, b *float64) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return math.Abs(*a-*b) < 0.005
}

func deref(p *float64) any {
	if p == nil {
		return nil
	}
	return *p
}

// The buyer's complaint, as the NZ demo car showed it: a $48,990 car with
// $4,899 deposit and a $14,697 final payment at 11.5 % read "Loan amount
// $48,990" and "Total of repayments: $47,320", less than the price. The
// amount financed takes the deposit off; the total carries the final
// payment, so it is never below the amount financed.
func TestSummaryTakesTheDepositAndCarriesTheFinalPayment(t *testing.T) {
	for _, l := range []Loan{
		{Amount: 48990, Deposit: 4899, Residual: 14697, Interest: 11.5, Term: 5, Frequency: Weekly},
		{Amount: 38990, Deposit: 3899, Residual: 11697, EstablishmentFee: 1300, Interest: 8.99, Term: 5, Frequency: Monthly},
		{Amount: 20000, Deposit: 2000, Residual: 9000, Interest: 0, Term: 3, Frequency: Fortnightly},
	} {
		q := Calculate(l)
		if want := l.Amount - l.Deposit + l.EstablishmentFee; q.Financed != want {
			t.Errorf("%+v: financed %v, want price − deposit + fee = %v", l, q.Financed, want)
		}
		if q.Total == nil {
			t.Fatalf("%+v: no total", l)
		}
		if want := float64(Periods(l))*q.Repayment + l.Residual; math.Abs(*q.Total-want) > 0.005 {
			t.Errorf("%+v: total %v, want repayments + final payment = %v", l, *q.Total, want)
		}
		if *q.Total < q.Financed {
			t.Errorf("%+v: total of repayments %v below the amount financed %v", l, *q.Total, q.Financed)
		}
	}
}
