package market

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"forecourt/internal/catalog"
	"forecourt/internal/tenant"
)

// The instant trade-in valuation (docs/behaviour/screens.md and docs/behaviour/validation.md: /trade-in,
// /sell-my-car, /instant-price, the Trade-in FAQ).
//
// Limits: no online estimate for a car older than trade_in.max_age_years
// (default 7; age = this year − build year) or past trade_in.max_km (default
// 100,000 km). Such a car gets the FAQ message: the buyer sends details.
//
// Comparables: every car in the pool (all sites that price in the site's
// currency, sold cars included: their last asking price is evidence) with an
// asking price of at least valuationMinPrice, of the same make and model
// (case-insensitive), within ±1 build year and ±max(25,000 km, 30% of the
// trade-in's km). With fewer than trade_in.min_comparables (default 3) the
// bands widen once to ±2 years and ±max(50,000 km, 60%); still too few and
// there is no estimate (the buyer sends details).
//
// Statistic: each comparable's asking price is first moved to the trade-in's
// kilometres at 0.1% per 1,000 km of difference (a car with more km is worth
// less), capped at ±15%. The retail range is the 25th to 75th percentile of
// those prices (linear interpolation between order statistics): where the
// middle half of the market asks. The trade-in range is that retail range
// × trade_in.retail_ratio (default 0.82: reconditioning, holding and margin)
// × the condition factor (1 + the sum of the chosen answers' adjustments,
// floored at 0.5), the low end rounded down and the high end up to $100. A
// range narrower than 6% of its midpoint is widened to ±3% so it never reads
// as a firm offer.
const (
	valuationMinPrice      = 500
	valuationKMStepPct     = 0.001 // per 1,000 km
	valuationKMAdjustCap   = 0.15
	valuationLowPct        = 0.25
	valuationHighPct       = 0.75
	valuationMinSpread     = 0.06
	valuationMinCondition  = 0.5
	valuationMaxKMAccepted = 2_000_000
	valuationOldestYear    = 1950
)

// Visitor-facing texts of the valuation.
const (
	MsgTradeInKMRequired   = "Please enter the kilometres."
	MsgTradeInKMNumber     = "Please enter the kilometres as a whole number, e.g. 45,000."
	MsgTradeInKMNegative   = "Kilometres can't be negative."
	MsgTradeInKMTooHigh    = "Kilometres must be less than 2,000,000."
	MsgTradeInMake         = "Please choose the make."
	MsgTradeInModel        = "Please choose the model."
	MsgTradeInYear         = "Please choose the year."
	MsgTradeInRego         = "Please enter the rego (letters and numbers only, up to 9)."
	MsgTradeInRegoState    = "Please choose the state the car is registered in."
	MsgTradeInRegoUnknown  = "We couldn't find that rego. Please choose the make, model and year instead."
	MsgTradeInAnswer       = "Please answer this question."
	MsgTradeInAnswerOption = "Please choose one of the answers."
)

// TradeInStates are the Australian registration states and territories.
var TradeInStates = []string{"ACT", "NSW", "NT", "QLD", "SA", "TAS", "VIC", "WA"}

// TradeInStatesFor are the registration states a site's buyers choose from
// beside their plate: Australia's, and none in New Zealand, whose plates
// are national (the form asks for the plate alone).
func TradeInStatesFor(country string) []string {
	if country == "AU" {
		return TradeInStates
	}
	return []string{}
}

// TradeInOption is one answer to a condition question; Adjustment is its
// effect on the value as a fraction (−0.10 takes 10% off).
type TradeInOption struct {
	ID         string
	Label      string
	Adjustment float64
}

// TradeInQuestion is one condition question (the lead's adjustmentAnswers).
type TradeInQuestion struct {
	ID      string
	Label   string
	Options []TradeInOption
}

// TradeInQuestions are asked of every trade-in, in this order.
var TradeInQuestions = []TradeInQuestion{
	{ID: "accident", Label: "Has the car ever been in an accident?", Options: []TradeInOption{
		{ID: "no", Label: "No"},
		{ID: "minor", Label: "Yes, minor (repaired)", Adjustment: -0.05},
		{ID: "major", Label: "Yes, major", Adjustment: -0.15},
	}},
	{ID: "service_history", Label: "Does it have a service history?", Options: []TradeInOption{
		{ID: "full", Label: "Full service history"},
		{ID: "partial", Label: "Partial", Adjustment: -0.03},
		{ID: "none", Label: "None", Adjustment: -0.07},
	}},
	{ID: "body", Label: "What are the body and paint like?", Options: []TradeInOption{
		{ID: "excellent", Label: "Excellent", Adjustment: 0.02},
		{ID: "good", Label: "Good, minor marks"},
		{ID: "fair", Label: "Fair, visible dents or scratches", Adjustment: -0.05},
		{ID: "poor", Label: "Poor, needs panel work", Adjustment: -0.12},
	}},
	{ID: "mechanical", Label: "Any mechanical issues or warning lights?", Options: []TradeInOption{
		{ID: "none", Label: "None"},
		{ID: "minor", Label: "Minor", Adjustment: -0.05},
		{ID: "major", Label: "Major", Adjustment: -0.15},
	}},
	{ID: "keys", Label: "How many keys do you have?", Options: []TradeInOption{
		{ID: "two", Label: "Two or more"},
		{ID: "one", Label: "One", Adjustment: -0.01},
	}},
}

// TradeInCar describes the buyer's car: a rego found in the catalogue or a
// make, model and year chosen by the buyer.
type TradeInCar struct {
	Rego      string
	RegoState string
	Make      string
	Model     string
	Badge     string
	Year      int
	KM        int
}

// TradeInValuation is the answer: a range, or the reason there is none.
type TradeInValuation struct {
	Car TradeInCar
	// Estimate is false when the FAQ limits apply or the market is too thin.
	Estimate bool
	// Reason is "over_limits" or "not_enough_data" when Estimate is false.
	Reason  string
	Message string
	Low     int
	High    int
	// Comparables is how many cars the range rests on; RetailMedian is their
	// middle asking price at the trade-in's kilometres.
	Comparables      int
	RetailMedian     int
	ConditionFactor  float64
	AdjustmentAnswer map[string]string
}

// TradeInRequest is what the buyer typed. KM arrives as typed (a number or
// text such as "45,000 kms") so the message can say what was wrong with it.
type TradeInRequest struct {
	Rego              string            `json:"rego"`
	RegoState         string            `json:"regoState"`
	Make              string            `json:"make"`
	Model             string            `json:"model"`
	Badge             string            `json:"badge"`
	Year              any               `json:"year"`
	KM                any               `json:"km"`
	AdjustmentAnswers map[string]string `json:"adjustmentAnswers"`
}

// tradeInConfig fills unset limits with the spec's figures.
func tradeInConfig(c tenant.TradeIn) tenant.TradeIn {
	if c.MaxAgeYears <= 0 {
		c.MaxAgeYears = 7
	}
	if c.MaxKM <= 0 {
		c.MaxKM = 100_000
	}
	if c.RetailRatio <= 0 || c.RetailRatio > 1 {
		c.RetailRatio = 0.82
	}
	if c.MinComparables <= 0 {
		c.MinComparables = 3
	}
	return c
}

// TradeInYearsBack is how many years back the trade-in form's year list
// goes: next year's models down to cars 25 years old. An older car is
// still valued (any year from 1950 is read); the form simply lists the
// years most trade-ins come from.
const TradeInYearsBack = 25

// TradeInYears is the trade-in form's year list, newest first.
func TradeInYears(now time.Time) []int {
	this := now.Year()
	years := make([]int, 0, TradeInYearsBack+2)
	for y := this + 1; y >= this-TradeInYearsBack; y-- {
		years = append(years, y)
	}
	return years
}

// TradeInFAQMessage is the Trade-in FAQ answer for cars beyond the limits.
func TradeInFAQMessage(c tenant.TradeIn) string {
	c = tradeInConfig(c)
	return fmt.Sprintf("Online estimates are generally not given for cars over %d years old or over %s km. "+
		"Send us your car's details and our team will get back to you with a valuation.",
		c.MaxAgeYears, strings.TrimSuffix(catalog.FormatKM(c.MaxKM), " km"))
}

// MsgTradeInNotEnoughData is said when too few comparable cars are known.
const MsgTradeInNotEnoughData = "We don't have enough recent sales of this model to give an instant price online. " +
	"We have your car's details: our team will call you to book an in-person appraisal and give you a firm price."

// ValuationParseKM reads kilometres as typed: digits with optional thousands
// separators, spaces and a 'km'/'kms' suffix. It returns the field message
// when the text is not a usable whole number.
func ValuationParseKM(v any) (int, string) {
	switch x := v.(type) {
	case nil:
		return 0, MsgTradeInKMRequired
	case float64:
		switch {
		case math.IsNaN(x) || math.IsInf(x, 0) || x != math.Trunc(x):
			return 0, MsgTradeInKMNumber
		case x < 0:
			return 0, MsgTradeInKMNegative
		case x >= valuationMaxKMAccepted:
			return 0, MsgTradeInKMTooHigh
		}
		return int(x), ""
	case string:
		s := strings.ToLower(strings.TrimSpace(x))
		s = strings.TrimSuffix(strings.TrimSuffix(s, "kms"), "km")
		s = strings.NewReplacer(",", "", " ", "").Replace(s)
		if s == "" {
			return 0, MsgTradeInKMRequired
		}
		neg := strings.HasPrefix(s, "-")
		digits := strings.TrimPrefix(s, "-")
		if digits == "" || strings.Trim(digits, "0123456789") != "" {
			return 0, MsgTradeInKMNumber
		}
		if neg && strings.Trim(digits, "0") != "" {
			return 0, MsgTradeInKMNegative
		}
		if len(strings.TrimLeft(digits, "0")) > 7 {
			return 0, MsgTradeInKMTooHigh
		}
		n := 0
		for _, r := range digits {
			n = n*10 + int(r-'0')
		}
		if n >= valuationMaxKMAccepted {
			return 0, MsgTradeInKMTooHigh
		}
		return n, ""
	}
	return 0, MsgTradeInKMNumber
}

// valuationParseYear reads a build year given as a number or text.
func valuationParseYear(v any, thisYear int) (int, bool) {
	var y int
	switch x := v.(type) {
	case float64:
		if x != math.Trunc(x) || math.IsNaN(x) || math.IsInf(x, 0) {
			return 0, false
		}
		if x < valuationOldestYear || x > float64(thisYear+1) {
			return 0, false
		}
		y = int(x)
	case string:
		s := strings.TrimSpace(x)
		if len(s) != 4 || strings.Trim(s, "0123456789") != "" {
			return 0, false
		}
		for _, r := range s {
			y = y*10 + int(r-'0')
		}
	default:
		return 0, false
	}
	return y, y >= valuationOldestYear && y <= thisYear+1
}

// ValuationNormalizeRego keeps letters and digits, upper case.
func ValuationNormalizeRego(s string) string {
	var b strings.Builder
	for _, r := range strings.ToUpper(s) {
		if (r >= 'A' && r <= 'Z') || (r >= '0' && r <= '9') {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// TradeInValidate checks the request and resolves the car (a rego is looked
// up among the pool's cars). Every problem is named by field in one invalid
// catalog.Error.
//
// states are the site's registration states (TradeInStatesFor); with none,
// the plate alone names the car and any state sent is ignored. questions
// are the site's (TradeInQuestionsFor): each must be answered.
func TradeInValidate(req TradeInRequest, pool []*catalog.Car, states []string, questions []TradeInQuestion, now time.Time) (TradeInCar, map[string]string, error) {
	fields := map[string]string{}
	car := TradeInCar{Make: strings.TrimSpace(req.Make), Model: strings.TrimSpace(req.Model), Badge: strings.TrimSpace(req.Badge)}
	thisYear := now.Year()

	if strings.TrimSpace(req.Rego) != "" {
		found, field, msg := TradeInFindRego(req.Rego, req.RegoState, pool, states)
		car.Rego, car.RegoState = found.Rego, found.RegoState
		switch {
		case field != "" && (field != "rego" || msg != MsgTradeInRegoUnknown):
			fields[field] = msg
		case field == "":
			car.Make, car.Model, car.Badge, car.Year = found.Make, found.Model, found.Badge, found.Year
		case car.Make == "" || car.Model == "" || req.Year == nil:
			// Not found: the buyer's own make, model and year stand in.
			fields["rego"] = MsgTradeInRegoUnknown
		}
	}
	if car.Year == 0 {
		if y, ok := valuationParseYear(req.Year, thisYear); ok {
			car.Year = y
		} else if _, bad := fields["rego"]; !bad {
			fields["year"] = MsgTradeInYear
		}
	}
	if _, bad := fields["rego"]; !bad {
		if car.Make == "" || len(car.Make) > 60 {
			fields["make"] = MsgTradeInMake
		}
		if car.Model == "" || len(car.Model) > 60 {
			fields["model"] = MsgTradeInModel
		}
	}
	if len(car.Badge) > 80 {
		car.Badge = car.Badge[:80]
	}
	km, msg := ValuationParseKM(req.KM)
	if msg != "" {
		fields["km"] = msg
	}
	car.KM = km
	for _, q := range questions {
		a, ok := req.AdjustmentAnswers[q.ID]
		if !ok || a == "" {
			fields["adjustmentAnswers."+q.ID] = MsgTradeInAnswer
			continue
		}
		if !slices.ContainsFunc(q.Options, func(o TradeInOption) bool { return o.ID == a }) {
			fields["adjustmentAnswers."+q.ID] = MsgTradeInAnswerOption
		}
	}
	if len(fields) > 0 {
		return car, fields, &catalog.Error{Code: catalog.EInvalid, Message: "Please check the highlighted fields.", Fields: fields}
	}
	return car, nil, nil
}

// TradeInFindRego reads a plate (and its state, where the site has
// states) and finds the car it names among the pool's cars. What is wrong
// is a field and its message: the plate or state unreadable, or the plate
// unknown (MsgTradeInRegoUnknown). The trade-in form asks it as soon as the
// buyer has given the plate, and the valuation again.
func TradeInFindRego(plate, regoState string, pool []*catalog.Car, states []string) (TradeInCar, string, string) {
	rego := ValuationNormalizeRego(plate)
	state := strings.ToUpper(strings.TrimSpace(regoState))
	if len(states) == 0 {
		state = ""
	}
	switch {
	case rego == "" || len(rego) > 9 || len(strings.TrimSpace(plate)) > 20:
		return TradeInCar{}, "rego", MsgTradeInRego
	case len(states) > 0 && !slices.Contains(states, state):
		return TradeInCar{}, "regoState", MsgTradeInRegoState
	}
	car := TradeInCar{Rego: rego, RegoState: state}
	found, ok := valuationFindRego(pool, rego, state)
	if !ok {
		return car, "rego", MsgTradeInRegoUnknown
	}
	car.Make, car.Model, car.Badge, car.Year = found.Make, found.Model, found.Badge, found.Year
	return car, "", ""
}

// valuationFindRego finds a car in the pool by its plate and state.
func valuationFindRego(pool []*catalog.Car, rego, state string) (catalog.Car, bool) {
	for _, c := range pool {
		if c.RegPlate != "" && ValuationNormalizeRego(c.RegPlate) == rego &&
			(state == "" || c.RegoState == "" || strings.EqualFold(c.RegoState, state)) && c.Make != "" && c.Year > 0 {
			return *c, true
		}
	}
	return catalog.Car{}, false
}

// TradeInQuestionsFor are the questions a site asks, in its own words: a
// site whose stock is not cars names it ("Has the caravan ever been in an
// accident?"), and towed stock (a caravan has no engine, and its keys are
// no matter of value) is asked of its running gear instead of warning
// lights, and not of keys. The answers' ids and adjustments are those of
// TradeInQuestions.
func TradeInQuestionsFor(noun string, towed bool) []TradeInQuestion {
	noun = strings.ToLower(strings.TrimSpace(noun))
	out := make([]TradeInQuestion, 0, len(TradeInQuestions))
	for _, q := range TradeInQuestions {
		if towed && q.ID == "keys" {
			continue
		}
		if towed && q.ID == "mechanical" {
			q.Label = "Any issues with the chassis, brakes, axles or appliances?"
		}
		if noun != "" && noun != "car" {
			q.Label = strings.ReplaceAll(q.Label, "the car", "the "+noun)
		}
		out = append(out, q)
	}
	return out
}

// TradeInConditionFactor is 1 plus the chosen answers' adjustments.
func TradeInConditionFactor(answers map[string]string) float64 {
	f := 1.0
	for _, q := range TradeInQuestions {
		for _, o := range q.Options {
			if answers[q.ID] == o.ID {
				f += o.Adjustment
			}
		}
	}
	return math.Max(valuationMinCondition, math.Round(f*1000)/1000)
}

// TradeInOverLimits reports whether the FAQ limits rule out an online estimate.
func TradeInOverLimits(car TradeInCar, cfg tenant.TradeIn, now time.Time) bool {
	cfg = tradeInConfig(cfg)
	return now.Year()-car.Year > cfg.MaxAgeYears || car.KM > cfg.MaxKM
}

// valuationBand is one widening step of the comparable search. yearPct,
// when set, moves each comparable's price by that share per model year it
// is newer or older than the car, so a wider band still prices this year.
type valuationBand struct {
	years          int
	kmFloor, kmPct float64
	yearPct        float64
}

// The last band reaches the same model four years either side (a car of a
// year the stock barely holds, such as last year's), priced at 12% a year.
var valuationBands = []valuationBand{{1, 25_000, 0.3, 0}, {2, 50_000, 0.6, 0}, {4, 80_000, 1, 0.12}}

// ValuationComparables returns the km-adjusted asking prices of the pool's
// comparables for car, widening the bands once when too few match.
func ValuationComparables(car TradeInCar, pool []*catalog.Car, minCount int) []float64 {
	var prices []float64
	for _, b := range valuationBands {
		prices = prices[:0]
		kmBand := math.Max(b.kmFloor, b.kmPct*float64(car.KM))
		for _, c := range pool {
			if c.Price < valuationMinPrice || !strings.EqualFold(c.Make, car.Make) || !strings.EqualFold(c.Model, car.Model) {
				continue
			}
			if valuationAbs(c.Year-car.Year) > b.years || math.Abs(float64(c.KM-car.KM)) > kmBand {
				continue
			}
			adj := float64(c.KM-car.KM) / 1000 * valuationKMStepPct
			adj = math.Max(-valuationKMAdjustCap, math.Min(valuationKMAdjustCap, adj))
			age := math.Pow(1-b.yearPct, float64(c.Year-car.Year))
			prices = append(prices, float64(c.Price)*(1+adj)*age)
		}
		if len(prices) >= minCount {
			break
		}
	}
	slices.Sort(prices)
	return prices
}

// ValuationPercentile is the p-th percentile (0–1) of sorted values by
// linear interpolation between order statistics.
func ValuationPercentile(sorted []float64, p float64) float64 {
	n := len(sorted)
	if n == 0 {
		return 0
	}
	if n == 1 {
		return sorted[0]
	}
	pos := p * float64(n-1)
	lo := int(math.Floor(pos))
	if lo >= n-1 {
		return sorted[n-1]
	}
	return sorted[lo] + (pos-float64(lo))*(sorted[lo+1]-sorted[lo])
}

// TradeInValue values car against the pool under the site's trade-in config.
func TradeInValue(car TradeInCar, answers map[string]string, pool []*catalog.Car, cfg tenant.TradeIn, now time.Time) TradeInValuation {
	cfg = tradeInConfig(cfg)
	v := TradeInValuation{Car: car, ConditionFactor: TradeInConditionFactor(answers), AdjustmentAnswer: answers}
	if TradeInOverLimits(car, cfg, now) {
		v.Reason, v.Message = "over_limits", TradeInFAQMessage(cfg)
		return v
	}
	prices := ValuationComparables(car, pool, cfg.MinComparables)
	v.Comparables = len(prices)
	if len(prices) < cfg.MinComparables {
		v.Reason, v.Message = "not_enough_data", MsgTradeInNotEnoughData
		return v
	}
	v.RetailMedian = int(math.Round(ValuationPercentile(prices, 0.5)))
	k := cfg.RetailRatio * v.ConditionFactor
	lo := ValuationPercentile(prices, valuationLowPct) * k
	hi := ValuationPercentile(prices, valuationHighPct) * k
	if mid := (lo + hi) / 2; hi-lo < valuationMinSpread*mid {
		lo, hi = mid*(1-valuationMinSpread/2), mid*(1+valuationMinSpread/2)
	}
	v.Low = int(math.Floor(lo/100)) * 100
	v.High = int(math.Ceil(hi/100)) * 100
	v.Estimate = true
	v.Message = fmt.Sprintf("Your %d %s %s is worth an estimated %s to %s as a trade-in.",
		car.Year, car.Make, car.Model, catalog.FormatPrice(v.Low), catalog.FormatPrice(v.High))
	return v
}

// TradeInMakes lists the pool's makes and their models, sorted, for the
// make/model pickers.
type TradeInMake struct {
	Make   string
	Models []string
}

// TradeInMakeList is the static manufacturer list with the models the pool
// holds of each make (none: the buyer types the model), and any make of the
// pool's the list lacks (caravans left out: their makes are not cars).
func TradeInMakeList(pool []*catalog.Car) []TradeInMake {
	byMake := map[string]map[string]bool{}
	names := map[string]string{}
	for _, mk := range tradeInMakes {
		k := strings.ToLower(mk)
		byMake[k], names[k] = map[string]bool{}, mk
	}
	for _, c := range pool {
		if c.Make == "" || c.Model == "" || c.ItemType != "" {
			continue
		}
		k := strings.ToLower(c.Make)
		if byMake[k] == nil {
			byMake[k] = map[string]bool{}
			names[k] = c.Make
		}
		byMake[k][c.Model] = true
	}
	out := make([]TradeInMake, 0, len(byMake))
	for k, models := range byMake {
		m := TradeInMake{Make: names[k], Models: []string{}}
		for model := range models {
			m.Models = append(m.Models, model)
		}
		slices.Sort(m.Models)
		m.Models = slices.Compact(m.Models)
		out = append(out, m)
	}
	slices.SortFunc(out, func(a, b TradeInMake) int { return strings.Compare(strings.ToLower(a.Make), strings.ToLower(b.Make)) })
	return out
}

func valuationAbs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
