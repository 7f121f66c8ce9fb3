package httpapi_test

import (
	"encoding/json"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

type searchBody struct {
	Hits []struct {
		Slug         string `json:"slug"`
		Make         string `json:"make"`
		Model        string `json:"model"`
		CarType      string `json:"car_type"`
		Price        int    `json:"price"`
		Status       string `json:"status"`
		PriceDisplay struct {
			Text string `json:"text"`
		} `json:"price_display"`
	} `json:"hits"`
	Count, Total, Page, Pages int
	HitsPerPage               int `json:"hits_per_page"`
	Facets                    map[string][]struct {
		Value string
		Count int
	}
	Path, Canonical string
}

func (a *testApp) search(t *testing.T, host string, q url.Values) (int, searchBody) {
	t.Helper()
	res, body := a.get(t, host, "/api/search?"+q.Encode())
	var out searchBody
	if res.StatusCode == 200 {
		if err := json.Unmarshal([]byte(body), &out); err != nil {
			t.Fatal(err)
		}
	}
	return res.StatusCode, out
}

// GET /api/search follows docs/behaviour/http.md: the listing path and the page's own query
// pick the cars; hits carry the derived price display.
func TestSearchByPathAndRefinements(t *testing.T) {
	t.Parallel()
	app := sharedApp(t)
	host := "summit-motor-group.localhost"
	code, all := app.search(t, host, url.Values{"path": {"/search/used-cars"}})
	if code != 200 || all.Total == 0 || all.HitsPerPage != 21 || len(all.Hits) != 21 {
		t.Fatalf("used cars: %d total %d hits %d", code, all.Total, len(all.Hits))
	}
	for _, h := range all.Hits {
		if h.CarType != "used" || h.PriceDisplay.Text == "" {
			t.Errorf("hit %s: type %s price %q", h.Slug, h.CarType, h.PriceDisplay.Text)
		}
	}
	var toyota int
	for _, f := range all.Facets["make"] {
		if f.Value == "Toyota" {
			toyota = f.Count
		}
	}
	q := url.Values{"path": {"/search/used-cars"}, "refinementList[make][0]": {"Toyota"}, "range[price]": {"5000:60000"}, "sortBy": {"price_asc"}}
	_, got := app.search(t, host, q)
	if got.Total == 0 || got.Total > toyota {
		t.Errorf("Toyota under $60,000: %d of %d Toyotas", got.Total, toyota)
	}
	last := 0
	for _, h := range got.Hits {
		if h.Make != "Toyota" || h.Price < 5000 || h.Price > 60000 || h.Price < last {
			t.Errorf("hit %s: %s $%d after $%d", h.Slug, h.Make, h.Price, last)
		}
		last = h.Price
	}
	if got.Path != "/search/used-cars/toyota" {
		t.Errorf("canonical path %q", got.Path)
	}
	// Another site's stock never answers here.
	_, metro := app.search(t, "metro-used-cars.localhost", url.Values{"path": {"/search/used-cars"}})
	seen := map[string]bool{}
	for _, h := range all.Hits {
		seen[h.Slug] = true
	}
	for _, h := range metro.Hits {
		if seen[h.Slug] {
			t.Errorf("metro-used-cars returns summit's car %s", h.Slug)
		}
	}
}

func TestSearchBadInput(t *testing.T) {
	t.Parallel()
	app := sharedApp(t)
	host := "harbourside-toyota.localhost"
	if code, _ := app.search(t, host, url.Values{"path": {"/search/no-such-make"}}); code != 404 {
		t.Errorf("unknown listing path: %d", code)
	}
	if code, _ := app.search(t, host, url.Values{"range[price]": {"abc"}}); code != 422 {
		t.Errorf("range[price]=abc: %d", code)
	}
	code, far := app.search(t, host, url.Values{"page": {"1000000000"}})
	if code != 200 || far.Page != far.Pages {
		t.Errorf("page 10^9: %d page %d of %d", code, far.Page, far.Pages)
	}
	code, rev := app.search(t, host, url.Values{"range[price]": {"60000:5000"}, "refinementList[nonsense][0]": {"x"}})
	if code != 200 || rev.Total == 0 {
		t.Errorf("reversed range and unknown facet: %d total %d", code, rev.Total)
	}
}

// A mistyped make in a listing path is the listing's 404, naming the
// listings it may have meant, so the page can offer them.
func TestSearchTypoSuggests(t *testing.T) {
	t.Parallel()
	app := sharedApp(t)
	host := "harbourside-toyota.localhost"
	res, body := app.get(t, host, "/api/search?path="+url.QueryEscape("/search/used-cars/toyata"))
	var got struct {
		Error struct {
			Code        string
			Suggestions []struct{ Label, Path string }
		}
	}
	if err := json.Unmarshal([]byte(body), &got); err != nil {
		t.Fatal(err)
	}
	if res.StatusCode != 404 || got.Error.Code != "not_found" || len(got.Error.Suggestions) == 0 ||
		got.Error.Suggestions[0].Label != "Toyota" || got.Error.Suggestions[0].Path != "/search/used-cars/toyota" {
		t.Errorf("toyata: %d %s", res.StatusCode, body)
	}
	// The names as the API description writes them (a struct above would
	// take "Label" too).
	if !strings.Contains(body, `"suggestions":[{"label":"Toyota","path":"/search/used-cars/toyota"}`) {
		t.Errorf("toyata: the suggestion is not written as described: %s", body)
	}
	// Nothing near: a plain 404 with no suggestions.
	res, body = app.get(t, host, "/api/search?path="+url.QueryEscape("/search/used-cars/qqqqqqqq"))
	if res.StatusCode != 404 || strings.Contains(body, "suggestions") {
		t.Errorf("qqqqqqqq: %d %s", res.StatusCode, body)
	}
}

func TestCarAndSimilar(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	host := "summit-motor-group.localhost"
	_, list := app.search(t, host, url.Values{"path": {"/search/used-cars"}})
	slug := list.Hits[0].Slug
	res, body := app.get(t, host, "/api/cars/"+slug)
	if res.StatusCode != 200 {
		t.Fatalf("car: %d", res.StatusCode)
	}
	var car struct {
		Car struct {
			Slug      string `json:"slug"`
			Available bool   `json:"available"`
		} `json:"car"`
	}
	if err := json.Unmarshal([]byte(body), &car); err != nil || car.Car.Slug != slug {
		t.Errorf("car body %v %q", err, car.Car.Slug)
	}
	if res, _ := app.get(t, "metro-used-cars.localhost", "/api/cars/"+slug); res.StatusCode != 404 {
		t.Errorf("another site's car: %d", res.StatusCode)
	}
	_, body = app.get(t, host, "/api/cars/"+slug+"/similar")
	var sim searchBody
	if err := json.Unmarshal([]byte(body), &sim); err != nil {
		t.Fatal(err)
	}
	if len(sim.Hits) > 6 {
		t.Errorf("%d similar cars, want at most 6", len(sim.Hits))
	}
	for _, h := range sim.Hits {
		if h.Status != "in_stock" || h.Slug == slug {
			t.Errorf("similar car %s status %s", h.Slug, h.Status)
		}
	}
}

// A repeated search is answered from the cache, gzipped or plain, with the
// same content as the first answer.
func TestSearchAnswerCache(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	host := "summit-motor-group.localhost"
	path := "/api/search?path=/search/used-cars&sortBy=price_desc"
	_, first := app.get(t, host, path)
	res, zipped := app.get(t, host, path, "Accept-Encoding", "gzip")
	_, plain := app.get(t, host, path)
	if res.Header.Get("Content-Encoding") != "gzip" {
		t.Errorf("cached answer not gzipped: %q", res.Header.Get("Content-Encoding"))
	}
	// Gzipped once, when drawn: the answer says so once, and how long it is.
	if vary := strings.Join(res.Header.Values("Vary"), ","); strings.Count(vary, "Accept-Encoding") != 1 {
		t.Errorf("Vary %q names Accept-Encoding other than once", vary)
	}
	if res.Header.Get("Content-Length") == "" {
		t.Error("a kept gzipped answer came without its length")
	}
	if zipped != first || plain != first {
		t.Error("a cached answer differs from the first one")
	}
}

// A card's weekly chip follows the finance estimate's eligibility
// (docs/behaviour/validation.md#finance-estimate-eligibility): no chip for
// Suzuki or an unavailable car, and the same amount the vehicle page shows for
// an eligible one.
func TestCardWeeklyChipFollowsEstimate(t *testing.T) {
	t.Parallel()
	app := sharedApp(t)
	host := "harbourside-toyota.localhost"
	chips := 0
	for page := 1; page <= 30; page++ {
		res, body := app.get(t, host, "/api/search?path=/search/new-used-and-demo-cars/&page="+strconv.Itoa(page))
		if res.StatusCode != 200 {
			t.Fatalf("page %d: %d", page, res.StatusCode)
		}
		var out struct {
			Hits []struct {
				Slug      string
				Make      string
				Available bool
				Weekly    *float64 `json:"weekly_payment"`
			}
			Pages int
		}
		if err := json.Unmarshal([]byte(body), &out); err != nil {
			t.Fatal(err)
		}
		for _, h := range out.Hits {
			if h.Weekly == nil {
				continue
			}
			if h.Make == "Suzuki" || !h.Available {
				t.Errorf("%s (%s, available %v) shows a weekly chip", h.Slug, h.Make, h.Available)
			}
			if chips < 3 {
				_, car := app.get(t, host, "/api/cars/"+h.Slug)
				var detail struct {
					Car struct {
						Estimate *struct{ Weekly float64 } `json:"finance_estimate"`
					}
				}
				if err := json.Unmarshal([]byte(car), &detail); err != nil {
					t.Fatal(err)
				}
				if detail.Car.Estimate == nil || detail.Car.Estimate.Weekly != *h.Weekly {
					t.Errorf("%s: chip %v, vehicle page estimate %+v", h.Slug, *h.Weekly, detail.Car.Estimate)
				}
			}
			chips++
		}
		if page >= out.Pages {
			break
		}
	}
	if chips == 0 {
		t.Error("no card showed a weekly chip")
	}
}

// docs/behaviour/calls.md (Search service query: sort is the dealer default): a
// listing without sortBy uses the site's search.default_sort; sortBy=rank
// asks for the dealer's order, and the answer's query keeps sortBy absent.
func TestSearchDefaultSort(t *testing.T) {
	t.Parallel()
	app := sharedApp(t)
	ordered := func(host string, q url.Values, asc bool) bool {
		t.Helper()
		code, got := app.search(t, host, q)
		if code != 200 || len(got.Hits) < 10 {
			t.Fatalf("%s %v: %d, %d hits", host, q, code, len(got.Hits))
		}
		for i := 1; i < len(got.Hits); i++ {
			a, b := got.Hits[i-1].Price, got.Hits[i].Price
			if (asc && a > b) || (!asc && a < b) {
				return false
			}
		}
		return true
	}
	if !ordered("metro-used-cars.localhost", url.Values{"path": {"/search/used-cars"}}, true) {
		t.Error("metro-used-cars (default_sort price_asc) is not cheapest first")
	}
	if !ordered("outback-caravans.localhost", url.Values{"path": {"/search/new-used-and-demo-cars/"}}, false) {
		t.Error("outback-caravans (default_sort price_desc) is not dearest first")
	}
	// The dealer's own order, asked for by name, is neither.
	if ordered("metro-used-cars.localhost", url.Values{"path": {"/search/used-cars"}, "sortBy": {"rank"}}, true) {
		t.Error("sortBy=rank on metro-used-cars still sorts by price")
	}
	_, body := app.get(t, "metro-used-cars.localhost", "/api/search?path=/search/used-cars")
	var out struct{ Query struct{ Sort string } }
	if err := json.Unmarshal([]byte(body), &out); err != nil || out.Query.Sort != "" {
		t.Errorf("answer's query sort %q (%v), want it left absent", out.Query.Sort, err)
	}
}

// GET /api/suggest answers what a buyer's typing may be heading for, with
// each listing's path and count, forgiving a typo.
func TestSuggestWhileTyping(t *testing.T) {
	t.Parallel()
	a := sharedApp(t)
	suggest := func(q string) []struct {
		Label, Path string
		Count       int
	} {
		t.Helper()
		res, body := a.get(t, harbourside, "/api/suggest?q="+url.QueryEscape(q))
		var out struct {
			Suggestions []struct {
				Label, Path string
				Count       int
			} `json:"suggestions"`
		}
		if err := json.Unmarshal([]byte(body), &out); err != nil || res.StatusCode != 200 || out.Suggestions == nil {
			t.Fatalf("q=%s: %d %s", q, res.StatusCode, body)
		}
		return out.Suggestions
	}
	var corolla bool
	for _, s := range suggest("corol") {
		if s.Label == "Toyota Corolla" && s.Path == "/search/toyota/corolla" && s.Count > 0 {
			corolla = true
		}
	}
	if !corolla {
		t.Errorf("corol: %+v, want Toyota Corolla with its path and count", suggest("corol"))
	}
	if got := suggest("toyta"); len(got) == 0 || got[0].Label != "Toyota" {
		t.Errorf("toyta: %+v, want Toyota first", got)
	}
	if got := suggest("t"); len(got) != 0 {
		t.Errorf("one letter: %+v, want none", got)
	}
}

// q is at most 100 characters, as the API description says, however many
// bytes they take (docs/behaviour/http.md#lengths-in-characters).
func TestSuggestCountsCharactersNotBytes(t *testing.T) {
	t.Parallel()
	a := sharedApp(t)
	for _, c := range []struct {
		q    string
		want int
	}{
		{strings.Repeat("é", 51), 200},
		{strings.Repeat("é", 100), 200},
		{strings.Repeat("a", 100), 200},
		{strings.Repeat("a", 101), 422},
		{strings.Repeat("é", 101), 422},
	} {
		res, body := a.get(t, harbourside, "/api/suggest?q="+url.QueryEscape(c.q))
		if res.StatusCode != c.want {
			t.Errorf("%d × %q: %d, want %d", utf8.RuneCountInString(c.q), string([]rune(c.q)[0]), res.StatusCode, c.want)
		}
		if c.want == 422 && !strings.Contains(body, `"q":"q must be at most 100 characters."`) {
			t.Errorf("%d characters: %s", utf8.RuneCountInString(c.q), body)
		}
	}
}
