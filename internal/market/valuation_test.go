package market

import (
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"forecourt/internal/catalog"
	"forecourt/internal/tenant"
)

var valuationNow = time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)

var allGood = map[string]string{"accident": "no", "service_history": "full", "body": "good", "mechanical": "none", "keys": "two"}

// valuationTestPool generates a catalogue: Corollas of every year 2016–2026
// priced by a known depreciation rule, plus noise makes that must never count.
func valuationTestPool(seed uint64) []*catalog.Car {
	r := rand.New(rand.NewPCG(seed, 1))
	var pool []*catalog.Car
	for i := 0; i < 400; i++ {
		year := 2016 + r.IntN(11)
		km := (2026 - year) * (10_000 + r.IntN(10_000))
		price := 34_000 - (2026-year)*2_000 - km/20 + r.IntN(2_000)
		pool = append(pool, &catalog.Car{ID: int64(i + 1), Make: "Toyota", Model: "Corolla", Year: year, KM: km, Price: price,
			RegPlate: "", Status: catalog.StatusInStock})
	}
	pool = append(pool,
		&catalog.Car{ID: 9001, Make: "Toyota", Model: "HiLux", Year: 2022, KM: 40_000, Price: 55_000},
		&catalog.Car{ID: 9002, Make: "Mazda", Model: "CX-5", Year: 2022, KM: 40_000, Price: 38_000},
		&catalog.Car{ID: 9003, Make: "Toyota", Model: "Corolla", Year: 2022, KM: 40_000, Price: 0}, // price 0 is no evidence
		&catalog.Car{ID: 9004, Make: "Kia", Model: "Rio", Year: 2022, KM: 30_000, Price: 19_000, RegPlate: "ABC-123", RegoState: "QLD"},
	)
	return pool
}

func TestValuationPercentile(t *testing.T) {
	cases := []struct {
		in   []float64
		p    float64
		want float64
	}{
		{nil, 0.5, 0},
		{[]float64{7}, 0.25, 7},
		{[]float64{1, 2, 3, 4, 5}, 0.5, 3},
		{[]float64{1, 2, 3, 4, 5}, 0.25, 2},
		{[]float64{10, 20}, 0.25, 12.5},
		{[]float64{10, 20, 30, 40}, 0.75, 32.5},
		{[]float64{10, 20, 30, 40}, 1, 40},
	}
	for _, c := range cases {
		if got := ValuationPercentile(c.in, c.p); math.Abs(got-c.want) > 1e-9 {
			t.Errorf("ValuationPercentile(%v, %v) = %v, want %v", c.in, c.p, got, c.want)
		}
	}
}

func TestTradeInValueStatistic(t *testing.T) {
	pool := valuationTestPool(42)
	car := TradeInCar{Make: "toyota", Model: "COROLLA", Year: 2022, KM: 60_000}
	cfg := tenant.TradeIn{MaxAgeYears: 7, MaxKM: 100_000, RetailRatio: 0.8, MinComparables: 3}
	v := TradeInValue(car, allGood, pool, cfg, valuationNow)
	if !v.Estimate {
		t.Fatalf("no estimate: %+v", v)
	}
	// Recompute the documented statistic independently: Corollas within ±1
	// year and ±25,000 km (max(25,000, 30% of 60,000 = 18,000)), km-adjusted
	// at 0.1% per 1,000 km, 25th–75th percentile × 0.8.
	var ps []float64
	for _, c := range pool {
		if c.Make == "Toyota" && c.Model == "Corolla" && c.Price >= 500 && c.Year >= 2021 && c.Year <= 2023 &&
			math.Abs(float64(c.KM-60_000)) <= 25_000 {
			ps = append(ps, float64(c.Price)*(1+float64(c.KM-60_000)/1000*0.001))
		}
	}
	slices.Sort(ps)
	if v.Comparables != len(ps) || len(ps) < 10 {
		t.Fatalf("comparables %d, independent count %d", v.Comparables, len(ps))
	}
	q := func(p float64) float64 { // nearest-rank style check with interpolation
		pos := p * float64(len(ps)-1)
		i := int(pos)
		return ps[i] + (pos-float64(i))*(ps[i+1]-ps[i])
	}
	wantLo := int(math.Floor(q(0.25)*0.8/100)) * 100
	wantHi := int(math.Ceil(q(0.75)*0.8/100)) * 100
	if v.Low != wantLo || v.High != wantHi {
		t.Errorf("range %d–%d, want %d–%d", v.Low, v.High, wantLo, wantHi)
	}
	if v.Low%100 != 0 || v.High%100 != 0 || v.Low >= v.High {
		t.Errorf("range %d–%d must be whole hundreds, low below high", v.Low, v.High)
	}
	if !strings.Contains(v.Message, catalog.FormatPrice(v.Low)) {
		t.Errorf("message %q lacks the low price", v.Message)
	}

	// Worse condition lowers the range in proportion; better raises it.
	worse := map[string]string{"accident": "major", "service_history": "none", "body": "poor", "mechanical": "major", "keys": "one"}
	w := TradeInValue(car, worse, pool, cfg, valuationNow)
	if w.ConditionFactor != 0.5 || w.High >= v.High || w.Low >= v.Low {
		t.Errorf("worse condition: factor %v range %d–%d vs %d–%d", w.ConditionFactor, w.Low, w.High, v.Low, v.High)
	}
	better := map[string]string{"accident": "no", "service_history": "full", "body": "excellent", "mechanical": "none", "keys": "two"}
	if b := TradeInValue(car, better, pool, cfg, valuationNow); b.High < v.High || b.ConditionFactor != 1.02 {
		t.Errorf("excellent body: factor %v high %d vs %d", b.ConditionFactor, b.High, v.High)
	}
	// More km, lower value (the km adjustment and the bands both move it).
	more := car
	more.KM = 95_000
	if m := TradeInValue(more, allGood, pool, cfg, valuationNow); !m.Estimate || m.High >= v.High {
		t.Errorf("95,000 km: %+v, want an estimate below %d", m, v.High)
	}
}

func TestTradeInFAQLimits(t *testing.T) {
	// docs/behaviour/validation.md, Trade-in FAQ: no online estimate over 7 years old or over 100,000 km.
	pool := valuationTestPool(7)
	cfg := tenant.TradeIn{}
	cases := []struct {
		year, km int
		estimate bool
		reason   string
	}{
		{2019, 50_000, true, ""},              // 7 years old: still within
		{2018, 50_000, false, "over_limits"},  // 8 years old
		{2022, 100_000, true, ""},             // exactly 100,000 km: within
		{2022, 100_001, false, "over_limits"}, // just over
		{2010, 300_000, false, "over_limits"},
	}
	for _, c := range cases {
		v := TradeInValue(TradeInCar{Make: "Toyota", Model: "Corolla", Year: c.year, KM: c.km}, allGood, pool, cfg, valuationNow)
		if v.Estimate != c.estimate || v.Reason != c.reason {
			t.Errorf("%d, %d km: estimate %v reason %q, want %v %q", c.year, c.km, v.Estimate, v.Reason, c.estimate, c.reason)
		}
		if !c.estimate && v.Message != TradeInFAQMessage(cfg) {
			t.Errorf("%d, %d km: message %q", c.year, c.km, v.Message)
		}
	}
	if m := TradeInFAQMessage(cfg); !strings.Contains(m, "7 years") || !strings.Contains(m, "100,000 km") {
		t.Errorf("FAQ message %q", m)
	}
	// A site may set its own limits.
	v := TradeInValue(TradeInCar{Make: "Toyota", Model: "Corolla", Year: 2022, KM: 60_000}, allGood, pool,
		tenant.TradeIn{MaxKM: 50_000}, valuationNow)
	if v.Estimate || !strings.Contains(v.Message, "50,000 km") {
		t.Errorf("site limit 50,000 km: %+v", v)
	}
}

func TestTradeInNotEnoughData(t *testing.T) {
	pool := valuationTestPool(1)
	v := TradeInValue(TradeInCar{Make: "Mazda", Model: "CX-5", Year: 2022, KM: 40_000}, allGood, pool, tenant.TradeIn{}, valuationNow)
	if v.Estimate || v.Reason != "not_enough_data" || v.Message != MsgTradeInNotEnoughData || v.Comparables != 1 {
		t.Errorf("one comparable: %+v", v)
	}
	// The bands widen once: a 2026 car with few 2025–2026 matches still finds 2024s.
	thin := []*catalog.Car{
		{Make: "Kia", Model: "Rio", Year: 2024, KM: 30_000, Price: 20_000},
		{Make: "Kia", Model: "Rio", Year: 2024, KM: 35_000, Price: 19_500},
		{Make: "Kia", Model: "Rio", Year: 2023, KM: 40_000, Price: 18_000},
	}
	w := TradeInValue(TradeInCar{Make: "Kia", Model: "Rio", Year: 2025, KM: 10_000}, allGood, thin, tenant.TradeIn{}, valuationNow)
	if !w.Estimate || w.Comparables != 3 {
		t.Errorf("widened bands: %+v", w)
	}
	// Last year's car of a model the stock holds only three years older
	// still gets a range, above what the older cars fetch.
	older := []*catalog.Car{
		{Make: "Kia", Model: "Rio", Year: 2022, KM: 40_000, Price: 17_000},
		{Make: "Kia", Model: "Rio", Year: 2022, KM: 45_000, Price: 16_500},
		{Make: "Kia", Model: "Rio", Year: 2021, KM: 60_000, Price: 15_000},
	}
	o := TradeInValue(TradeInCar{Make: "Kia", Model: "Rio", Year: 2025, KM: 12_000}, allGood, older, tenant.TradeIn{}, valuationNow)
	if !o.Estimate || o.Comparables != 3 || o.Low <= int(0.82*17_000) {
		t.Errorf("a 2025 car against 2021-2022 stock: %+v", o)
	}
	// With nothing to go on, the message says what happens next.
	if !strings.Contains(MsgTradeInNotEnoughData, "in-person appraisal") {
		t.Errorf("no next step in %q", MsgTradeInNotEnoughData)
	}
}

func TestValuationParseKM(t *testing.T) {
	// docs/behaviour/validation.md: the kilometres input has thousands separators and a ' kms' suffix.
	cases := []struct {
		in   any
		want int
		msg  string
	}{
		{float64(45000), 45000, ""},
		{"45,000 kms", 45000, ""},
		{"45000km", 45000, ""},
		{" 0 ", 0, ""},
		{nil, 0, MsgTradeInKMRequired},
		{"", 0, MsgTradeInKMRequired},
		{" kms", 0, MsgTradeInKMRequired},
		{"abc", 0, MsgTradeInKMNumber},
		{"12.5", 0, MsgTradeInKMNumber},
		{float64(12.5), 0, MsgTradeInKMNumber},
		{"-5", 0, MsgTradeInKMNegative},
		{float64(-5), 0, MsgTradeInKMNegative},
		{"99999999999999999999999", 0, MsgTradeInKMTooHigh},
		{float64(1e300), 0, MsgTradeInKMTooHigh},
		{true, 0, MsgTradeInKMNumber},
		{[]any{1}, 0, MsgTradeInKMNumber},
	}
	for _, c := range cases {
		got, msg := ValuationParseKM(c.in)
		if got != c.want || msg != c.msg {
			t.Errorf("ValuationParseKM(%#v) = %d %q, want %d %q", c.in, got, msg, c.want, c.msg)
		}
	}
}

func TestTradeInValidate(t *testing.T) {
	pool := valuationTestPool(3)
	ok := TradeInRequest{Make: "Toyota", Model: "Corolla", Year: float64(2022), KM: "60,000 kms", AdjustmentAnswers: allGood}
	car, fields, err := TradeInValidate(ok, pool, TradeInStates, TradeInQuestions, valuationNow)
	if err != nil || car.KM != 60000 || car.Year != 2022 {
		t.Fatalf("valid request: %+v %v %v", car, fields, err)
	}
	// A rego in the catalogue fills make, model and year (docs/behaviour/calls.md, rego lookup step).
	byRego := TradeInRequest{Rego: "abc 123", RegoState: "qld", KM: float64(30000), AdjustmentAnswers: allGood}
	car, _, err = TradeInValidate(byRego, pool, TradeInStates, TradeInQuestions, valuationNow)
	if err != nil || car.Make != "Kia" || car.Model != "Rio" || car.Year != 2022 || car.Rego != "ABC123" || car.RegoState != "QLD" {
		t.Errorf("rego lookup: %+v %v", car, err)
	}
	// A New Zealand plate is national: the plate alone names the car.
	byPlate := TradeInRequest{Rego: "abc 123", KM: float64(30000), AdjustmentAnswers: allGood}
	car, fields, err = TradeInValidate(byPlate, pool, TradeInStatesFor("NZ"), TradeInQuestions, valuationNow)
	if err != nil || car.Make != "Kia" || car.Rego != "ABC123" || car.RegoState != "" {
		t.Errorf("plate without a state: %+v %v %v", car, fields, err)
	}
	if got := TradeInStatesFor("NZ"); got == nil || len(got) != 0 {
		t.Errorf("NZ states %v, want none (an empty list)", got)
	}

	bad := []struct {
		name  string
		req   TradeInRequest
		field string
		msg   string
	}{
		{"empty", TradeInRequest{}, "make", MsgTradeInMake},
		{"empty km", TradeInRequest{}, "km", MsgTradeInKMRequired},
		{"empty year", TradeInRequest{}, "year", MsgTradeInYear},
		{"empty answers", TradeInRequest{}, "adjustmentAnswers.accident", MsgTradeInAnswer},
		{"letters for year", TradeInRequest{Make: "Toyota", Model: "Corolla", Year: "abcd", KM: float64(1), AdjustmentAnswers: allGood}, "year", MsgTradeInYear},
		{"future year", TradeInRequest{Make: "Toyota", Model: "Corolla", Year: float64(2099), KM: float64(1), AdjustmentAnswers: allGood}, "year", MsgTradeInYear},
		{"negative year", TradeInRequest{Make: "Toyota", Model: "Corolla", Year: float64(-2020), KM: float64(1), AdjustmentAnswers: allGood}, "year", MsgTradeInYear},
		{"negative km", TradeInRequest{Make: "Toyota", Model: "Corolla", Year: float64(2022), KM: "-100", AdjustmentAnswers: allGood}, "km", MsgTradeInKMNegative},
		{"huge km", TradeInRequest{Make: "Toyota", Model: "Corolla", Year: float64(2022), KM: float64(9e18), AdjustmentAnswers: allGood}, "km", MsgTradeInKMTooHigh},
		{"unknown answer", TradeInRequest{Make: "Toyota", Model: "Corolla", Year: float64(2022), KM: float64(1),
			AdjustmentAnswers: map[string]string{"accident": "maybe", "service_history": "full", "body": "good", "mechanical": "none", "keys": "two"}},
			"adjustmentAnswers.accident", MsgTradeInAnswerOption},
		{"rego without state", TradeInRequest{Rego: "ABC123", KM: float64(1), AdjustmentAnswers: allGood}, "regoState", MsgTradeInRegoState},
		{"rego of symbols", TradeInRequest{Rego: "!!!", RegoState: "QLD", KM: float64(1), AdjustmentAnswers: allGood}, "rego", MsgTradeInRego},
		{"unknown rego", TradeInRequest{Rego: "ZZZ999", RegoState: "QLD", KM: float64(1), AdjustmentAnswers: allGood}, "rego", MsgTradeInRegoUnknown},
	}
	for _, c := range bad {
		_, fields, err := TradeInValidate(c.req, pool, TradeInStates, TradeInQuestions, valuationNow)
		if catalog.ErrorCode(err) != catalog.EInvalid || fields[c.field] != c.msg {
			t.Errorf("%s: fields %v, want %s = %q", c.name, fields, c.field, c.msg)
		}
	}
}

func TestTradeInMakeList(t *testing.T) {
	pool := append(valuationTestPool(5), &catalog.Car{Make: "Jayco", Model: "Journey", ItemType: "caravan", Price: 60_000, Year: 2022})
	pool = append(pool, &catalog.Car{Make: "Zastava", Model: "Koral", Price: 3_000, Year: 1990})
	ms := TradeInMakeList(pool)
	models := map[string][]string{}
	var names []string
	for _, m := range ms {
		names = append(names, m.Make)
		models[m.Make] = m.Models
	}
	// The static list of about 130 makes, whatever the stock, plus a make
	// only the stock has; no caravan make; sorted.
	if len(ms) < 120 || !slices.IsSortedFunc(names, func(a, b string) int { return strings.Compare(strings.ToLower(a), strings.ToLower(b)) }) || models["Zastava"] == nil || models["Jayco"] != nil {
		t.Errorf("%d makes %v", len(ms), names)
	}
	for _, mk := range []string{"Alfa Romeo", "BYD", "GWM", "Holden", "Isuzu", "Kia", "Mazda", "Toyota"} {
		if models[mk] == nil {
			t.Errorf("no %s in %v", mk, names)
		}
	}
	if !slices.Equal(models["Toyota"], []string{"Corolla", "HiLux"}) || len(models["Alfa Romeo"]) != 0 {
		t.Errorf("Toyota models %v, Alfa Romeo models %v", models["Toyota"], models["Alfa Romeo"])
	}
}

// BenchmarkTradeInValue values one car against a 3,000-car pool, the size of
// the demo platform: go test -bench TradeInValue ./internal/market/
func BenchmarkTradeInValue(b *testing.B) {
	var pool []*catalog.Car
	for i := range 8 {
		pool = append(pool, valuationTestPool(uint64(i))...)
	}
	pool = pool[:3000]
	car := TradeInCar{Make: "Toyota", Model: "Corolla", Year: 2022, KM: 60_000}
	for b.Loop() {
		if v := TradeInValue(car, allGood, pool, tenant.TradeIn{}, valuationNow); !v.Estimate {
			b.Fatal("no estimate")
		}
	}
}

func TestTradeInYearsRunFromNextYearBack25(t *testing.T) {
	ys := TradeInYears(time.Date(2026, 11, 26, 0, 0, 0, 0, time.UTC))
	if len(ys) != 27 || ys[0] != 2027 || ys[len(ys)-1] != 2001 {
		t.Fatalf("TradeInYears(2026) = %v, want 2027 down to 2001", ys)
	}
}

// A caravan yard asks its condition questions of the caravan, of its
// running gear rather than warning lights, and not of keys; a car site
// asks them as written.
func TestTradeInQuestionsInTheSitesWords(t *testing.T) {
	if got := TradeInQuestionsFor("car", false); len(got) != len(TradeInQuestions) || got[0].Label != TradeInQuestions[0].Label {
		t.Errorf("a car site's questions changed: %+v", got)
	}
	yard := TradeInQuestionsFor("Caravan", true)
	for _, q := range yard {
		if q.ID == "keys" || strings.Contains(q.Label, "car ") || strings.Contains(q.Label, "warning lights") {
			t.Errorf("a caravan yard asks %q (%s)", q.Label, q.ID)
		}
	}
	if len(yard) != len(TradeInQuestions)-1 || yard[0].Label != "Has the caravan ever been in an accident?" {
		t.Errorf("yard questions %+v", yard)
	}
	// Its valuation needs no keys answer.
	answers := map[string]string{}
	for _, q := range yard {
		answers[q.ID] = q.Options[0].ID
	}
	year := valuationNow.Year() - 1
	req := TradeInRequest{Make: "Jayco", Model: "Journey", Year: float64(year), KM: float64(0), AdjustmentAnswers: answers}
	if _, fields, err := TradeInValidate(req, nil, TradeInStates, yard, valuationNow); err != nil {
		t.Errorf("a caravan without a keys answer: %v %v", err, fields)
	}
	if _, fields, _ := TradeInValidate(req, nil, TradeInStates, TradeInQuestions, valuationNow); fields["adjustmentAnswers.keys"] == "" {
		t.Errorf("a car site without a keys answer: %v, want adjustmentAnswers.keys", fields)
	}
}
