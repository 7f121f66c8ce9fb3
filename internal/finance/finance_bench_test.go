package finance

import "testing"

// The calculator runs on every keystroke and the estimate on every vehicle
// page: both should cost next to nothing.
func BenchmarkCalculate(b *testing.B) {
	l := Loan{Amount: 45000, Deposit: 5000, EstablishmentFee: 395, Residual: 10000, Interest: 8, Term: 6, Frequency: Monthly,
		Fees: []Fee{{Amount: 6}, {Amount: 8, Per: "month"}, {Amount: 912.25}}}
	for b.Loop() {
		_ = Calculate(l)
	}
}

func BenchmarkEstimateFor(b *testing.B) {
	car := lenderCar("manual", offer)
	r := rulesFor("manual", Manual)
	for b.Loop() {
		_ = EstimateFor(car, "", r)
	}
}

func BenchmarkIndicativeQuote(b *testing.B) {
	price, term, year := 30000.0, 5.0, 2022
	req := QuoteRequest{SelfAssessedCreditScore: "GREAT", PurchasePrice: &price, LoanTerm: &term, Year: &year}
	for b.Loop() {
		_, _ = IndicativeQuote(req, 2026)
	}
}
