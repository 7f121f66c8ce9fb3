package finance

import (
	"encoding/json"
	"errors"
	"io"
	"math"
	"reflect"
	"strings"

	"forecourt/internal/catalog"
)

// The indicative credit-check quote (docs/behaviour/calls.md, POST /api/youx/quote)
// is worked out here from a published rate card, with no outside service:
//
//	advertised rate = base rate for the self-assessed credit score
//	                + loading for the car's age (current year − year)
//
//	score      base    age (years)  loading
//	EXCELLENT  6.49    0–3          +0.00
//	GREAT      7.49    4–7          +1.00
//	GOOD       9.49    8–12         +2.00
//	FAIR      12.99    13 or more   +3.50
//	POOR      16.99    unknown      +2.00
//
// The weekly repayment amortises the purchase price plus the quote's
// establishment fee over the term at the advertised rate, rounded up to a
// whole dollar. The comparison rate is the yearly rate at which the
// purchase price alone, repaid monthly over the term, costs what the loan
// costs with its fees (establishment fee financed, monthly fee paid on top).
var creditScoreRates = map[string]float64{
	"EXCELLENT": 6.49,
	"GREAT":     7.49,
	"GOOD":      9.49,
	"FAIR":      12.99,
	"POOR":      16.99,
}

// CreditScores are the accepted selfAssessedCreditScore values.
var CreditScores = []string{"EXCELLENT", "GREAT", "GOOD", "FAIR", "POOR"}

// Quote fees used for the comparison rate.
const (
	QuoteEstablishmentFee = 495
	QuoteMonthlyFee       = 8
)

// Quote bounds.
const (
	QuoteMinPrice   = 1000
	QuoteMaxPrice   = PurchasePriceMax
	QuoteMinTerm    = 1
	QuoteMaxTerm    = 7
	QuoteOldestYear = 1950
)

// QuoteRequest is the body of POST /api/youx/quote.
type QuoteRequest struct {
	SelfAssessedCreditScore string   `json:"selfAssessedCreditScore"`
	PurchasePrice           *float64 `json:"purchasePrice"`
	LoanTerm                *float64 `json:"loanTerm"`
	Year                    *int     `json:"year"`
	VIN                     string   `json:"vin"`
	NVIC                    string   `json:"nvic"`
	WhoIsHelping            string   `json:"whoIsHelping"`
}

func ageLoading(age int, known bool) float64 {
	switch {
	case !known:
		return 2
	case age <= 3:
		return 0
	case age <= 7:
		return 1
	case age <= 12:
		return 2
	}
	return 3.5
}

// IndicativeQuote validates the request and prices it for the given
// current year. Bad input is an invalid error naming each wrong field.
func IndicativeQuote(req QuoteRequest, currentYear int) (catalog.YouxQuote, error) {
	fields := map[string]string{}
	score := strings.ToUpper(strings.TrimSpace(req.SelfAssessedCreditScore))
	if score == "" {
		score = "GREAT" // the site's default ask (docs/behaviour/calls.md)
	}
	base, ok := creditScoreRates[score]
	if !ok {
		fields["selfAssessedCreditScore"] = "Choose one of EXCELLENT, GREAT, GOOD, FAIR or POOR."
	}
	price := 0.0
	switch {
	case req.PurchasePrice == nil:
		fields["purchasePrice"] = "Purchase price is required."
	case math.IsNaN(*req.PurchasePrice) || *req.PurchasePrice < QuoteMinPrice || *req.PurchasePrice > QuoteMaxPrice:
		fields["purchasePrice"] = "Purchase price must be between $1,000 and $250,000."
	default:
		price = *req.PurchasePrice
	}
	term := 5.0
	if req.LoanTerm != nil {
		term = *req.LoanTerm
		if math.IsNaN(term) || term < QuoteMinTerm || term > QuoteMaxTerm {
			fields["loanTerm"] = "Loan term must be between 1 and 7 years."
		}
	}
	age, knownAge := 0, false
	if req.Year != nil {
		if *req.Year < QuoteOldestYear || *req.Year > currentYear+1 {
			fields["year"] = "Year must be between 1950 and next year."
		} else {
			age, knownAge = max(0, currentYear-*req.Year), true
		}
	}
	if len(req.VIN) > 17 {
		fields["vin"] = "VIN must be at most 17 characters."
	}
	if len(fields) > 0 {
		return catalog.YouxQuote{}, &catalog.Error{Code: catalog.EInvalid, Message: "Please check the quote details.", Fields: fields}
	}
	rate := base + ageLoading(age, knownAge)
	weekly := Loan{Amount: price, EstablishmentFee: QuoteEstablishmentFee, Interest: rate, Term: term, Frequency: Weekly}
	return catalog.YouxQuote{
		WeeklyRepaymentAmount: RoundRepayment(RawRepayment(weekly), RoundUp),
		AdvertisedRate:        math.Round(rate*100) / 100,
		ComparisonRate:        math.Round(ComparisonRate(price, rate, term, QuoteEstablishmentFee, QuoteMonthlyFee)*100) / 100,
	}, nil
}

// ComparisonRate finds, by bisection, the yearly rate at which repaying the
// price alone monthly costs the same each month as the real loan: price plus
// the establishment fee at the advertised rate, plus the monthly fee.
func ComparisonRate(price, ratePct, termYears, establishmentFee, monthlyFee float64) float64 {
	months := Loan{Amount: price, EstablishmentFee: establishmentFee, Interest: ratePct, Term: termYears, Frequency: Monthly}
	target := RawRepayment(months) + monthlyFee
	lo, hi := ratePct, ratePct+50
	for range 100 {
		mid := (lo + hi) / 2
		if RawRepayment(Loan{Amount: price, Interest: mid, Term: termYears, Frequency: Monthly}) < target {
			lo = mid
		} else {
			hi = mid
		}
	}
	return (lo + hi) / 2
}

// maxQuoteBody bounds a quote request; the real one is a few hundred bytes.
const maxQuoteBody = 16 << 10

// ReadQuoteRequest reads POST /api/youx/quote's JSON body; a field of the
// wrong JSON type is an invalid error naming it, a body that is not JSON
// one saying so.
func ReadQuoteRequest(body io.Reader) (QuoteRequest, error) {
	var req QuoteRequest
	if err := json.NewDecoder(io.LimitReader(body, maxQuoteBody)).Decode(&req); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) && te.Field != "" {
			return req, &catalog.Error{Code: catalog.EInvalid, Message: "Please check the quote details.",
				Fields: map[string]string{te.Field: "Must be " + kindName(te.Type.Kind()) + "."}}
		}
		return req, catalog.Errorf(catalog.EInvalid, "The request body must be a JSON object.")
	}
	return req, nil
}

func kindName(k reflect.Kind) string {
	switch k {
	case reflect.String:
		return "text"
	case reflect.Bool:
		return "true or false"
	}
	return "a number"
}
