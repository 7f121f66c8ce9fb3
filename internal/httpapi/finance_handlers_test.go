package httpapi_test

import (
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"forecourt/internal/catalog"
)

type carEstimateBody struct {
	Car struct {
		Slug            string `json:"slug"`
		FinanceEstimate *struct {
			Provider, Lender, Frequency, Text, Indicative string
			Amount, Weekly, Monthly                       float64
			TermYears                                     int `json:"term_years"`
		} `json:"finance_estimate"`
	} `json:"car"`
}

func (a *testApp) carEstimate(t *testing.T, host, slug string) carEstimateBody {
	t.Helper()
	res, body := a.get(t, host, "/api/cars/"+slug)
	if res.StatusCode != 200 {
		t.Fatalf("GET car %s: %d %s", slug, res.StatusCode, body)
	}
	var out carEstimateBody
	if err := json.Unmarshal([]byte(body), &out); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(body, `"finance_estimate":`) {
		t.Fatalf("car %s has no finance_estimate key", slug)
	}
	return out
}

// docs/behaviour/http.md: GET /api/cars/{slug} carries finance_estimate (or null) under
// docs/behaviour/validation.md's eligibility rules.
func TestCarFinanceEstimate(t *testing.T) {
	t.Parallel()
	app := sharedApp(t)
	host := "harbourside-toyota.localhost"
	var eligible, suzuki, sold *catalog.Car
	for i, c := range app.site("harbourside-toyota").Cars {
		l, ok := c.FinanceLenders["manual"]
		if !ok || !c.ShowOnWebsite || l.PaymentWeek <= 25 {
			continue
		}
		switch {
		case c.Make == "Suzuki" && c.Available() && suzuki == nil:
			suzuki = &app.site("harbourside-toyota").Cars[i]
		case c.Status == catalog.StatusSold && sold == nil:
			sold = &app.site("harbourside-toyota").Cars[i]
		case c.Available() && c.Make == "Toyota" && c.CarType == "used" && c.Price > 500 && eligible == nil:
			eligible = &app.site("harbourside-toyota").Cars[i]
		}
	}
	if eligible == nil || suzuki == nil || sold == nil {
		t.Fatalf("demo stock lacks a case: eligible %v suzuki %v sold %v", eligible != nil, suzuki != nil, sold != nil)
	}
	got := app.carEstimate(t, host, eligible.Slug).Car.FinanceEstimate
	if got == nil {
		t.Fatalf("car %s: no estimate", eligible.Slug)
	}
	wantText := "per week* for used " + eligible.Model + " with Toyota Finance at Harbourside Toyota"
	if got.Text != wantText || got.TermYears != 5 || got.Frequency != "week" || got.Amount != got.Weekly {
		t.Fatalf("estimate %+v, want text %q", got, wantText)
	}
	if got.Weekly < eligible.FinanceLenders["manual"].PaymentWeek || got.Weekly != float64(int(got.Weekly)) {
		t.Fatalf("weekly %v should be the lender's %v rounded up to whole dollars", got.Weekly, eligible.FinanceLenders["manual"].PaymentWeek)
	}
	// docs/behaviour/validation.md: never for Suzuki; the car must be available.
	if e := app.carEstimate(t, host, suzuki.Slug).Car.FinanceEstimate; e != nil {
		t.Fatalf("Suzuki %s got an estimate %+v", suzuki.Slug, e)
	}
	if e := app.carEstimate(t, host, sold.Slug).Car.FinanceEstimate; e != nil {
		t.Fatalf("sold car %s got an estimate %+v", sold.Slug, e)
	}
}

// Summit lists Nissan Finance first: a Nissan with that offer shows a
// monthly estimate (docs/behaviour/validation.md: "Nissan Finance: price above 500 and a monthly payment").
func TestNissanFinanceEstimateIsMonthly(t *testing.T) {
	t.Parallel()
	app := sharedApp(t)
	for _, c := range app.site("summit-motor-group").Cars {
		if _, ok := c.FinanceLenders["nissan_finance"]; ok && c.Available() && c.ShowOnWebsite && c.Price > 500 {
			e := app.carEstimate(t, "summit-motor-group.localhost", c.Slug).Car.FinanceEstimate
			if e == nil || e.Provider != "Nissan Finance" || e.Frequency != "month" || !strings.HasPrefix(e.Text, "per month*") {
				t.Fatalf("Nissan %s estimate %+v", c.Slug, e)
			}
			return
		}
	}
	t.Fatal("no Nissan with a Nissan Finance offer in the demo stock")
}

func (a *testApp) postQuote(t *testing.T, host, body string) (int, map[string]any) {
	t.Helper()
	req, _ := http.NewRequest("POST", a.srv.URL+"/api/youx/quote", strings.NewReader(body))
	req.Host = host
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	var out map[string]any
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatalf("answer is not JSON: %s", b)
	}
	return res.StatusCode, out
}

// docs/behaviour/calls.md: POST /api/youx/quote, behind the site's youx_quote flag.
func TestYouxQuoteEndpoint(t *testing.T) {
	t.Parallel()
	app := sharedApp(t)
	host := "summit-motor-group.localhost" // features.youx_quote: true
	code, q := app.postQuote(t, host, `{"selfAssessedCreditScore":"GREAT","purchasePrice":30000,"loanTerm":5,"year":2024,"vin":"JTDBR32E720012345","nvic":"","whoIsHelping":""}`)
	if code != 200 {
		t.Fatalf("quote: %d %v", code, q)
	}
	w, _ := q["weeklyRepaymentAmount"].(float64)
	adv, _ := q["advertisedRate"].(float64)
	cmp, _ := q["comparisonRate"].(float64)
	if w < 100 || w > 200 || adv != 7.49 || cmp <= adv {
		t.Fatalf("quote %v", q)
	}
	// Off for a site without the flag.
	if code, _ := app.postQuote(t, "harbourside-toyota.localhost", `{"purchasePrice":30000}`); code != 404 {
		t.Fatalf("quote on a site without the flag: %d, want 404", code)
	}
	bad := []struct{ body, field string }{
		{`{}`, "purchasePrice"},
		{`{"purchasePrice":-1}`, "purchasePrice"},
		{`{"purchasePrice":1e300}`, "purchasePrice"},
		{`{"purchasePrice":"abc"}`, "purchasePrice"},
		{`{"purchasePrice":30000,"loanTerm":99}`, "loanTerm"},
		{`{"purchasePrice":30000,"selfAssessedCreditScore":"MEH"}`, "selfAssessedCreditScore"},
		{`{"purchasePrice":30000,"year":"2020"}`, "year"},
		{`not json`, ""},
		{``, ""},
	}
	for _, b := range bad {
		code, body := app.postQuote(t, host, b.body)
		e, _ := body["error"].(map[string]any)
		if code != 422 || e["code"] != "invalid" || e["message"] == "" {
			t.Errorf("%s: %d %v, want 422 invalid", b.body, code, body)
			continue
		}
		if b.field != "" {
			fields, _ := e["fields"].(map[string]any)
			if fields[b.field] == nil || fields[b.field] == "" {
				t.Errorf("%s: fields %v, want %s named", b.body, fields, b.field)
			}
		}
	}
}

// The personalised finance page finds its car by the link's car_id.
func TestFinanceCarByID(t *testing.T) {
	t.Parallel()
	app := sharedApp(t)
	host := "harbourside-toyota.localhost"
	var shown, hidden *catalog.Car
	cars := app.site("harbourside-toyota").Cars
	for i := range cars {
		if cars[i].ShowOnWebsite && shown == nil {
			shown = &cars[i]
		}
		if !cars[i].ShowOnWebsite && hidden == nil {
			hidden = &cars[i]
		}
	}
	res, body := app.get(t, host, "/api/finance/cars/"+strconv.FormatInt(shown.ID, 10))
	if res.StatusCode != 200 || !strings.Contains(body, `"slug":"`+shown.Slug+`"`) || !strings.Contains(body, `"finance_estimate":`) {
		t.Fatalf("car %d: %d %.200s", shown.ID, res.StatusCode, body)
	}
	for path, want := range map[string]int{
		"/api/finance/cars/" + strconv.FormatInt(hidden.ID, 10): 404,
		"/api/finance/cars/999999999":                           404,
		"/api/finance/cars/abc":                                 422,
		"/api/finance/cars/-4":                                  422,
	} {
		if res, body := app.get(t, host, path); res.StatusCode != want || !strings.Contains(body, `"error"`) {
			t.Errorf("%s: %d %s, want %d", path, res.StatusCode, body, want)
		}
	}
	// Another site's car is not found here.
	other := app.site("summit-motor-group").Cars[0]
	if res, _ := app.get(t, host, "/api/finance/cars/"+strconv.FormatInt(other.ID, 10)); res.StatusCode != 404 && other.ID != shown.ID {
		t.Errorf("another site's car answered %d", res.StatusCode)
	}
}
