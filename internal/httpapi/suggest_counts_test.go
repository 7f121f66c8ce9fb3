package httpapi_test

import (
	"encoding/json"
	"net/url"
	"strings"
	"testing"

	"forecourt/internal/demo"
)

type suggestion struct {
	Label, Path string
	Count       int
}

func (a *testApp) suggest(t *testing.T, host, q string) []suggestion {
	t.Helper()
	res, body := a.get(t, host, "/api/suggest?q="+url.QueryEscape(q))
	var s struct{ Suggestions []suggestion }
	if res.StatusCode != 200 || json.Unmarshal([]byte(body), &s) != nil {
		t.Fatalf("%s suggest %q: %d %s", host, q, res.StatusCode, body)
	}
	return s.Suggestions
}

// listingOf is the answer of the listing a suggestion's path opens.
func (a *testApp) listingOf(t *testing.T, host, path string) distanceAnswer {
	t.Helper()
	p, raw, _ := strings.Cut(path, "?")
	q, err := url.ParseQuery(raw)
	if err != nil {
		t.Fatal(err)
	}
	q.Set("path", p)
	code, ans, body := a.distanceSearch(t, host, q)
	if code != 200 {
		t.Fatalf("%s %s: %d %s", host, path, code, body)
	}
	return ans
}

// docs/behaviour/http.md#suggest: a suggestion's count is how many cars
// the listing it leads to shows. Over the first letters of every make,
// model, body and location of every demo site, each suggestion's count is
// that listing's total; and a listing's single-valued facets (New, Demo,
// Used; makes; locations) add up to the total it shows.
func TestSuggestionCountsAreTheirListingsTotals(t *testing.T) {
	t.Parallel()
	app := sharedApp(t)
	for _, slug := range demo.Slugs() {
		host := slug + ".localhost"
		s := app.site(slug)
		typed := map[string]bool{}
		add := func(words ...string) {
			for _, w := range words {
				w = strings.ToLower(w)
				if len(w) >= 2 {
					typed[w[:2]] = true
				}
			}
		}
		for _, c := range s.Cars {
			add(c.Make, c.Model)
		}
		for _, l := range s.Locations {
			add(l.Name, l.Address.City)
		}
		checked := map[string]bool{}
		for q := range typed {
			for _, sg := range app.suggest(t, host, q) {
				if checked[sg.Path] {
					continue
				}
				checked[sg.Path] = true
				ans := app.listingOf(t, host, sg.Path)
				if ans.Total != sg.Count {
					t.Errorf("%s: %q suggests %q %d cars, its listing %s shows %d", host, q, sg.Label, sg.Count, sg.Path, ans.Total)
				}
				facetsAddUp(t, host+sg.Path, ans)
			}
		}
		for _, path := range []string{"/search/new-used-and-demo-cars/?city=any", "/search/used-cars?sortBy=price_asc", "/search/new-cars?sortBy=km_desc"} {
			facetsAddUp(t, host+path, app.listingOf(t, host, path))
		}
		if len(checked) < 15 {
			t.Errorf("%s: %d suggestions checked, want many", host, len(checked))
		}
	}
}

// facetsAddUp checks that a listing's car types and locations (each car has
// one of each) add up to the total it shows, when it is not filtered by
// them (a facet's own filter counts its other values too).
func facetsAddUp(t *testing.T, what string, ans distanceAnswer) {
	t.Helper()
	for _, name := range []string{"car_type", "location_name"} {
		vals, ok := ans.Facets[name]
		if !ok || len(vals) == 1 && vals[0].Count == ans.Total {
			continue
		}
		sum := 0
		for _, v := range vals {
			sum += v.Count
		}
		if sum != ans.Total && len(ans.Query.Refinements[name]) == 0 {
			t.Errorf("%s: %s counts add to %d, the listing shows %d", what, name, sum, ans.Total)
		}
	}
}

// docs/behaviour/errors.md#no-results-car-search: typed words with a slip
// that find no car ("toyta hilx") answer, besides no hits, the listing
// search as you type offers for them, with that listing's total; words
// that find cars, or that nothing resembles, carry none.
func TestTypoSearchCarriesWhatTheSuggestionsWouldOffer(t *testing.T) {
	t.Parallel()
	app := sharedApp(t)
	host := "harbourside-toyota.localhost"
	type answer struct {
		Total      int
		DidYouMean *suggestion `json:"did_you_mean"`
	}
	search := func(text string) answer {
		res, body := app.get(t, host, "/api/search?"+url.Values{"path": {"/search/new-used-and-demo-cars/"}, "query": {text}}.Encode())
		var a answer
		if res.StatusCode != 200 || json.Unmarshal([]byte(body), &a) != nil {
			t.Fatalf("query %q: %d %s", text, res.StatusCode, body)
		}
		return a
	}
	typo := search("toyta hilx")
	if typo.Total != 0 {
		t.Fatalf("toyta hilx finds %d cars: the test wants a slip the text search misses", typo.Total)
	}
	want := app.suggest(t, host, "toyta hilx")
	if len(want) == 0 || want[0].Label != "Toyota HiLux" {
		t.Fatalf("suggestions for toyta hilx: %+v", want)
	}
	if typo.DidYouMean == nil || *typo.DidYouMean != want[0] {
		t.Fatalf("toyta hilx: did you mean %+v, want %+v", typo.DidYouMean, want[0])
	}
	if n := app.listingOf(t, host, typo.DidYouMean.Path).Total; n != typo.DidYouMean.Count || n == 0 {
		t.Errorf("did you mean %s: %d cars, its listing shows %d", typo.DidYouMean.Path, typo.DidYouMean.Count, n)
	}
	for _, text := range []string{"toyota hilux", "qqzzxx"} {
		if a := search(text); a.DidYouMean != nil {
			t.Errorf("query %q (%d cars): did you mean %+v", text, a.Total, a.DidYouMean)
		}
	}
}
