package finance

import (
	"errors"
	"strings"
	"testing"

	"forecourt/internal/catalog"
	"forecourt/internal/tenant"
)

func lenderCar(key string, l catalog.FinanceLender) catalog.Car {
	return catalog.Car{
		Make: "Toyota", Model: "Corolla", CarType: "used", Status: catalog.StatusInStock, Price: 30000, Year: 2022,
		FinanceLenders: map[string]catalog.FinanceLender{key: l},
	}
}

var offer = catalog.FinanceLender{InterestRate: 6.29, ComparisonRate: 8.19, PaymentWeek: 134.2, PaymentMonth: 581, FinanceProvider: "Toyota Finance"}

func rulesFor(key, provider string) EstimateRules {
	return EstimateRules{
		Lenders:       []LenderSource{{Key: key, Provider: provider}},
		ExcludedMakes: []string{"Suzuki"}, ExcludedDealerships: []string{"excluded-motors"},
		Now: 2026, DealerName: "Harbourside Toyota",
	}
}

func TestEstimateEligibility(t *testing.T) {
	noRates := offer
	noRates.InterestRate = 0
	noComparison := offer
	noComparison.ComparisonRate = 0
	noWeekly := offer
	noWeekly.PaymentWeek = 0
	noMonthly := offer
	noMonthly.PaymentMonth = 0
	ratesOnly := catalog.FinanceLender{InterestRate: 8.49, ComparisonRate: 9.35}

	cases := []struct {
		name, provider string
		lender         catalog.FinanceLender
		edit           func(*catalog.Car)
		dealership     string
		want           bool
	}{
		// docs/behaviour/validation.md: "Shown only if interestRate and comparisonRate exist"
		{"manual with rates and weekly", Manual, offer, nil, "", true},
		{"no interest rate", Manual, noRates, nil, "", false},
		{"no comparison rate", Manual, noComparison, nil, "", false},
		// docs/behaviour/validation.md: "the manufacturer is not Suzuki"
		{"suzuki never", Manual, offer, func(c *catalog.Car) { c.Make = "Suzuki" }, "", false},
		// docs/behaviour/validation.md: "the dealership is not in an excluded list"
		{"excluded dealership", Manual, offer, nil, "excluded-motors", false},
		// docs/behaviour/validation.md: "the car must be available"
		{"sold car", Manual, offer, func(c *catalog.Car) { c.Status = catalog.StatusSold }, "", false},
		{"coming soon car", Manual, offer, func(c *catalog.Car) { c.Status = catalog.StatusComingSoon }, "", true},
		// docs/behaviour/validation.md: "Manual, Angle, Powertorque: price above 500 and a weekly payment."
		{"manual price 500", Manual, offer, func(c *catalog.Car) { c.Price = 500 }, "", false},
		{"manual price 501", Manual, offer, func(c *catalog.Car) { c.Price = 501 }, "", true},
		{"manual no weekly", Manual, noWeekly, nil, "", false},
		{"angle weekly", Angle, offer, nil, "", true},
		{"angle no weekly", Angle, noWeekly, nil, "", false},
		{"angle price 0", Angle, offer, func(c *catalog.Car) { c.Price = 0 }, "", false},
		{"powertorque weekly", Powertorque, offer, nil, "", true},
		{"powertorque no weekly", Powertorque, noWeekly, nil, "", false},
		// docs/behaviour/validation.md: "Nissan Finance: price above 500 and a monthly payment."
		{"nissan monthly", NissanFinance, offer, nil, "", true},
		{"nissan no monthly", NissanFinance, noMonthly, nil, "", false},
		{"nissan no weekly is fine", NissanFinance, noWeekly, nil, "", true},
		{"nissan price 400", NissanFinance, offer, func(c *catalog.Car) { c.Price = 400 }, "", false},
		// docs/behaviour/validation.md: "Taurus: year above (current year minus 12), price above 500, and a comparison rate."
		{"taurus 2015 in 2026", Taurus, ratesOnly, func(c *catalog.Car) { c.Year = 2015 }, "", true},
		{"taurus 2014 in 2026", Taurus, ratesOnly, func(c *catalog.Car) { c.Year = 2014 }, "", false},
		{"taurus price 500", Taurus, ratesOnly, func(c *catalog.Car) { c.Price = 500 }, "", false},
		// docs/behaviour/validation.md: "360 Finance and AusLoans: car available."
		{"360 finance available", Finance360, ratesOnly, func(c *catalog.Car) { c.Year = 2001 }, "", true},
		{"360 finance sold", Finance360, ratesOnly, func(c *catalog.Car) { c.Status = catalog.StatusSold }, "", false},
		{"ausloans available", AusLoans, ratesOnly, nil, "", true},
		{"ausloans sold", AusLoans, ratesOnly, func(c *catalog.Car) { c.Status = catalog.StatusSold }, "", false},
		{"car clarity rates only", CarClarity, ratesOnly, nil, "", true},
		{"unknown provider", "Nobody", offer, nil, "", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			car := lenderCar("k", c.lender)
			if c.edit != nil {
				c.edit(&car)
			}
			got := EstimateFor(car, c.dealership, rulesFor("k", c.provider))
			if (got != nil) != c.want {
				t.Fatalf("EstimateFor = %+v, want shown=%v", got, c.want)
			}
		})
	}
}

// docs/behaviour/constants.md: "Finance estimate shows a 5-year term; whole-dollar
// weekly and monthly amounts." and the estimate text.
func TestEstimateText(t *testing.T) {
	e := EstimateFor(lenderCar("manual", offer), "", rulesFor("manual", Manual))
	if e == nil {
		t.Fatal("no estimate")
	}
	if e.Amount != 135 || e.Weekly != 135 || e.Monthly != 581 || e.TermYears != 5 || e.Frequency != Weekly {
		t.Fatalf("estimate %+v", e)
	}
	if want := "per week* for used Corolla with Toyota Finance at Harbourside Toyota"; e.Text != want {
		t.Fatalf("text %q, want %q", e.Text, want)
	}
	if !strings.HasPrefix(e.Indicative, "This repayment is indicative only") {
		t.Fatalf("indicative %q", e.Indicative)
	}
	n := EstimateFor(lenderCar("nissan_finance", offer), "", rulesFor("nissan_finance", NissanFinance))
	if n.Frequency != Monthly || n.Amount != 581 || !strings.HasPrefix(n.Text, "per month* for used Corolla") {
		t.Fatalf("nissan estimate %+v", n)
	}
	// A rates-only provider gets its payment worked out: $30,000 at 8.49% over 5 years.
	tau := EstimateFor(lenderCar("taurus", catalog.FinanceLender{InterestRate: 8.49, ComparisonRate: 9.35}), "", rulesFor("taurus", Taurus))
	wantWeekly := RoundRepayment(referencePMT(30000, 0, 8.49, 52, 5), RoundUp)
	if tau == nil || tau.Weekly != wantWeekly || tau.Lender != Taurus {
		t.Fatalf("taurus estimate %+v, want weekly %v", tau, wantWeekly)
	}
	// A weekly payment of 25 or less reads 'Enquire for Finance' (docs/behaviour/states.md).
	small := offer
	small.PaymentWeek = 24.5
	if e := EstimateFor(lenderCar("m", small), "", rulesFor("m", Manual)); e == nil || !e.Enquire {
		t.Fatalf("small estimate %+v, want enquire", e)
	}
	// docs/behaviour/states.md#price-display "a weekly repayment of 25 or less shows 'Enquire for
	// Finance'" in every frequency: a monthly estimate of $51 that is $12 a
	// week, or a monthly-only offer under $25 a week, reads Enquire too.
	cheap := offer
	cheap.PaymentWeek, cheap.PaymentMonth = 12, 51
	if e := EstimateFor(lenderCar("n", cheap), "", rulesFor("n", NissanFinance)); e == nil || e.Amount != 51 || !e.Enquire {
		t.Fatalf("monthly $51 / weekly $12 estimate %+v, want enquire", e)
	}
	monthlyOnly := offer
	monthlyOnly.PaymentWeek, monthlyOnly.PaymentMonth = 0, 108
	if e := EstimateFor(lenderCar("n", monthlyOnly), "", rulesFor("n", NissanFinance)); e == nil || !e.Enquire {
		t.Fatalf("monthly-only $108 (under $25 a week) estimate %+v, want enquire", e)
	}
	monthlyOnly.PaymentMonth = 109
	if e := EstimateFor(lenderCar("n", monthlyOnly), "", rulesFor("n", NissanFinance)); e == nil || e.Enquire {
		t.Fatalf("monthly-only $109 (over $25 a week) estimate %+v, want an amount", e)
	}
}

// docs/behaviour/constants.md: "Another: $30,000 5-year secured loan (used Toyota)".
// harbourside-toyota configures that disclaimer for its used Toyotas; other
// cars keep their lender's.
func TestEstimateSiteDisclaimerByMakeAndType(t *testing.T) {
	reg, err := tenant.LoadEmbedded()
	if err != nil {
		t.Fatal(err)
	}
	site, _ := reg.BySlug("harbourside-toyota")
	lender := offer
	lender.Disclaimer = "Secured loan, 5 years, 6.29% p.a., comparison rate 8.19% p.a., no deposit."
	r := RulesFor(site, 2026, site.Name)
	car := lenderCar(r.Lenders[0].Key, lender)
	for _, c := range []struct {
		make, carType string
		want          string
	}{
		{"Toyota", "used", "$30,000 5-year secured loan for a used Toyota"},
		{"TOYOTA", "used", "$30,000 5-year secured loan for a used Toyota"},
		{"Toyota", "new", lender.Disclaimer},
		{"Mazda", "used", lender.Disclaimer},
	} {
		car.Make, car.CarType = c.make, c.carType
		e := EstimateFor(car, "", r)
		if e == nil || !strings.Contains(e.Disclaimer, c.want) {
			t.Errorf("%s %s: estimate %+v, want disclaimer with %q", c.carType, c.make, e, c.want)
		}
	}
}

// The first listed lender the car qualifies for wins.
func TestEstimateLenderOrder(t *testing.T) {
	car := lenderCar("angle", offer)
	car.FinanceLenders["nissan_finance"] = catalog.FinanceLender{InterestRate: 4.99, ComparisonRate: 6.42, PaymentMonth: 700}
	r := rulesFor("", "")
	r.Lenders = []LenderSource{{Key: "nissan_finance", Provider: NissanFinance}, {Key: "angle", Provider: Angle}}
	if e := EstimateFor(car, "", r); e == nil || e.LenderKey != "nissan_finance" {
		t.Fatalf("got %+v, want the Nissan offer first", e)
	}
	delete(car.FinanceLenders, "nissan_finance")
	if e := EstimateFor(car, "", r); e == nil || e.LenderKey != "angle" {
		t.Fatalf("got %+v, want the Angle offer", e)
	}
	if DefaultLenderKey("Nissan Finance") != "nissan_finance" || DefaultLenderKey("360 Finance") != "360_finance" {
		t.Fatal("default lender keys")
	}
}

func ptr[T any](v T) *T { return &v }

// docs/behaviour/calls.md: POST /api/youx/quote takes selfAssessedCreditScore
// ('GREAT'), purchasePrice, loanTerm (5), year … and answers
// weeklyRepaymentAmount, comparisonRate, advertisedRate.
func TestIndicativeQuote(t *testing.T) {
	q, err := IndicativeQuote(QuoteRequest{SelfAssessedCreditScore: "GREAT", PurchasePrice: ptr(30000.0), LoanTerm: ptr(5.0), Year: ptr(2024)}, 2026)
	if err != nil {
		t.Fatal(err)
	}
	// GREAT 7.49 + age 2 loading 0.
	wantWeekly := RoundRepayment(referencePMT(30000+QuoteEstablishmentFee, 0, 7.49, 52, 5), RoundUp)
	if q.AdvertisedRate != 7.49 || q.WeeklyRepaymentAmount != wantWeekly {
		t.Fatalf("quote %+v, want rate 7.49 and weekly %v", q, wantWeekly)
	}
	if q.ComparisonRate <= q.AdvertisedRate || q.ComparisonRate > q.AdvertisedRate+3 {
		t.Fatalf("comparison rate %v should sit a little above %v", q.ComparisonRate, q.AdvertisedRate)
	}
	// Check the comparison rate: at it, the bare price costs what the loan with fees costs.
	bare := referencePMT(30000, 0, q.ComparisonRate, 12, 5)
	withFees := referencePMT(30000+QuoteEstablishmentFee, 0, 7.49, 12, 5) + QuoteMonthlyFee
	if d := bare - withFees; d > 0.2 || d < -0.2 {
		t.Fatalf("comparison rate %v: bare %v vs with fees %v", q.ComparisonRate, bare, withFees)
	}
	old, _ := IndicativeQuote(QuoteRequest{SelfAssessedCreditScore: "poor", PurchasePrice: ptr(30000.0), Year: ptr(2010)}, 2026)
	if old.AdvertisedRate != 20.49 {
		t.Fatalf("poor score old car rate %v, want 16.99+3.5", old.AdvertisedRate)
	}
}

func TestIndicativeQuoteBadInput(t *testing.T) {
	cases := []struct {
		name  string
		req   QuoteRequest
		field string
	}{
		{"no price", QuoteRequest{}, "purchasePrice"},
		{"negative price", QuoteRequest{PurchasePrice: ptr(-5.0)}, "purchasePrice"},
		{"huge price", QuoteRequest{PurchasePrice: ptr(1e12)}, "purchasePrice"},
		{"unknown score", QuoteRequest{SelfAssessedCreditScore: "AMAZING", PurchasePrice: ptr(20000.0)}, "selfAssessedCreditScore"},
		{"term 0", QuoteRequest{PurchasePrice: ptr(20000.0), LoanTerm: ptr(0.0)}, "loanTerm"},
		{"term 40", QuoteRequest{PurchasePrice: ptr(20000.0), LoanTerm: ptr(40.0)}, "loanTerm"},
		{"year in the future", QuoteRequest{PurchasePrice: ptr(20000.0), Year: ptr(2090)}, "year"},
		{"long vin", QuoteRequest{PurchasePrice: ptr(20000.0), VIN: strings.Repeat("A", 30)}, "vin"},
	}
	for _, c := range cases {
		_, err := IndicativeQuote(c.req, 2026)
		var e *catalog.Error
		if !errors.As(err, &e) || e.Code != catalog.EInvalid || e.Fields[c.field] == "" {
			t.Errorf("%s: err %v, want invalid naming %s", c.name, err, c.field)
		}
	}
}

// A site whose calculator starts at the car's price works the estimate out
// with the calculator's maths from the lender's terms, so the calculator
// below it shows the same figure; the site's fee stands in for a lender
// that quotes none.
func TestEstimateFromPriceMatchesCalculator(t *testing.T) {
	car := lenderCar("manual", offer)
	car.Price = 95990
	r := rulesFor("manual", Manual)
	r.FromPrice, r.EstablishmentFee, r.Rounding = true, 395, RoundNearest
	e := EstimateFor(car, "", r)
	if e == nil {
		t.Fatal("no estimate")
	}
	loan := Loan{Amount: 95990, EstablishmentFee: 395, Interest: 6.29, Term: 5, Frequency: Weekly, Rounding: RoundNearest}
	if want := Calculate(loan).Repayment; e.Weekly != want || e.Amount != want {
		t.Errorf("weekly %v amount %v, calculator %v", e.Weekly, e.Amount, want)
	}
	loan.Frequency = Monthly
	if want := Calculate(loan).Repayment; e.Monthly != want {
		t.Errorf("monthly %v, calculator %v", e.Monthly, want)
	}
	if e.EstablishmentFee != 395 {
		t.Errorf("establishment fee %v", e.EstablishmentFee)
	}
	// Without the setting the lender's quoted payment stands.
	r.FromPrice = false
	if e := EstimateFor(car, "", r); e == nil || e.Weekly != 135 || e.EstablishmentFee != 0 {
		t.Errorf("quoted estimate %+v", e)
	}
}

// The Summit complaint: the estimate, its amount financed and its total are
// one loan (price − deposit + fee, with the balloon at the end), the figure
// is the calculator's for the same inputs, and a lender kept to one
// dealership is not offered at the group's others.
func TestEstimateSummaryIsTheCalculatorsLoan(t *testing.T) {
	angle := catalog.FinanceLender{InterestRate: 8.99, ComparisonRate: 10.12, PaymentWeek: 139, PaymentMonth: 601,
		Deposit: 3899, Balloon: 11697, EstablishmentFees: 1300, FinanceProvider: "Angle Finance"}
	nissan := catalog.FinanceLender{InterestRate: 4.99, ComparisonRate: 6.42, PaymentWeek: 120, PaymentMonth: 520,
		FinanceProvider: "Nissan Financial Services"}
	c := catalog.Car{Make: "Nissan", Model: "Qashqai", CarType: "used", Status: catalog.StatusInStock, Price: 38990, Year: 2023,
		FinanceLenders: map[string]catalog.FinanceLender{"angle": angle, "nissan_finance": nissan}}
	r := EstimateRules{
		Lenders: []LenderSource{
			{Key: "nissan_finance", Provider: NissanFinance, Dealerships: []string{"summit-nissan"}},
			{Key: "angle", Provider: Angle},
		},
		Now: 2026, DealerName: "Summit Used Cars Brisbane", FromPrice: true,
	}
	e := EstimateFor(c, "summit-subaru", r)
	if e == nil || e.LenderKey != "angle" {
		t.Fatalf("a Nissan at the group's used-car yard: got %+v, want the group's Angle estimate", e)
	}
	if !strings.HasSuffix(e.Text, " at Summit Used Cars Brisbane") || e.Dealer != "Summit Used Cars Brisbane" {
		t.Errorf("text %q, dealer %q: want the car's own location", e.Text, e.Dealer)
	}
	loan := Loan{Amount: 38990, Deposit: 3899, Residual: 11697, EstablishmentFee: 1300, Interest: 8.99, Term: 5, Frequency: Weekly}
	q := Calculate(loan)
	if e.Amount != q.Repayment || e.AmountFinanced != q.Financed || e.TotalRepayments != *q.Total {
		t.Errorf("estimate %v/%v/%v, calculator %v/%v/%v for the same inputs",
			e.Amount, e.AmountFinanced, e.TotalRepayments, q.Repayment, q.Financed, *q.Total)
	}
	if e.AmountFinanced != 38990-3899+1300 || e.Price != 38990 {
		t.Errorf("amount financed %v of price %v, want price − deposit + fee", e.AmountFinanced, e.Price)
	}
	if e.TotalRepayments < e.AmountFinanced {
		t.Errorf("total of repayments %v below the amount financed %v", e.TotalRepayments, e.AmountFinanced)
	}
	if n := EstimateFor(c, "summit-nissan", r); n == nil || n.LenderKey != "nissan_finance" {
		t.Errorf("at the Nissan dealership: got %+v, want Nissan's own finance", n)
	}
	// A lender's own quoted figure (not worked out from the price): the
	// total is still its repayments plus the balloon.
	r.FromPrice = false
	e = EstimateFor(c, "summit-subaru", r)
	if want := 260*139.0 + 11697; e.TotalRepayments != want || e.AmountFinanced != 38990-3899+1300 {
		t.Errorf("quoted figure: total %v (want %v), financed %v", e.TotalRepayments, want, e.AmountFinanced)
	}
}
