package httpapi_test

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
)

// getNoFollow asks for path without following a redirect.
func (a *testApp) getNoFollow(t *testing.T, host, path string) (*http.Response, string) {
	t.Helper()
	req, _ := http.NewRequest("GET", a.srv.URL+path, nil)
	req.Host = host
	c := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res, string(b)
}

// docs/behaviour/screens.md#routes: each listing has one URL. The all-types path
// is written with its trailing slash as docs/behaviour/screens.md#route-search
// lists it, every other
// listing path without; the other spelling, /used-car/… (the breadcrumb
// base) and a path whose filters read in another order move there with
// 301, keeping the query string.
func TestListingPageRedirects(t *testing.T) {
	t.Parallel()
	app := sharedApp(t)
	host := "summit-motor-group.localhost"
	cases := []struct{ path, to string }{
		{"/search/used-cars/", "/search/used-cars"},
		{"/search/used-cars/toyota/?page=2&sortBy=price_asc", "/search/used-cars/toyota?page=2&sortBy=price_asc"},
		{"/search/Used-Cars/Toyota", "/search/used-cars/toyota"},
		{"/search/new-used-and-demo-cars", "/search/new-used-and-demo-cars/"},
		{"/search/new-used-and-demo-cars/toyota", "/search/toyota"},
		{"/search", "/search/new-used-and-demo-cars/"},
		{"/search/noosa/", "/search/noosa"},
		// docs/behaviour/screens.md: /used-car/… is the breadcrumb link base.
		{"/used-car", "/search/used-cars"},
		{"/used-car/", "/search/used-cars"},
		{"/used-car/toyota/hilux", "/search/used-cars/toyota/hilux"},
		{"/used-car/toyota/?page=3", "/search/used-cars/toyota?page=3"},
		{"/used-car/new-cars/ford", "/search/new-cars/ford"},
		{"/used-car/no-such-make", "/search/used-cars/no-such-make"},
	}
	for _, tc := range cases {
		res, _ := app.getNoFollow(t, host, tc.path)
		if res.StatusCode != http.StatusMovedPermanently || res.Header.Get("Location") != tc.to {
			t.Errorf("%s: %d to %q, want 301 to %q", tc.path, res.StatusCode, res.Header.Get("Location"), tc.to)
		}
	}
}

// A listing page in its canonical form answers 200 with a canonical link to
// itself; a segment that names no filter is the site's 404 (as GET
// /api/search answers), and city slugs name the city filter
// (docs/behaviour/screens.md#routes; /search/noosa was once refused).
func TestListingPageHeads(t *testing.T) {
	t.Parallel()
	app := sharedApp(t)
	host := "summit-motor-group.localhost"
	for _, p := range []string{
		"/search/new-used-and-demo-cars/", "/search/used-cars", "/search/used-cars/toyota", "/search/toyota/hilux",
		"/search/noosa", "/search/maroochydore", "/search/summit-ford", "/search/used-cars/toyota/hilux/ute",
	} {
		res, body := app.getNoFollow(t, host, p)
		if res.StatusCode != 200 {
			t.Errorf("%s: status %d", p, res.StatusCode)
			continue
		}
		if want := `<link rel="canonical" href="http://` + host + p + `">`; !strings.Contains(body, want) {
			t.Errorf("%s: lacks %s", p, want)
		}
	}
	// Filters in the query string are canonical in the path.
	_, body := app.getNoFollow(t, host, "/search/new-used-and-demo-cars/?refinementList[make][0]=Toyota&refinementList[model][0]=HiLux")
	if want := `<link rel="canonical" href="http://` + host + `/search/toyota/hilux">`; !strings.Contains(body, want) {
		t.Errorf("query-string filters: lacks %s", want)
	}
	for _, p := range []string{"/search/no-such-make", "/search/toyota/no-such-model", "/search/used-cars/new-cars"} {
		if res, body := app.getNoFollow(t, host, p); res.StatusCode != 404 || !strings.Contains(body, "Page not found") {
			t.Errorf("%s: status %d, want the 404 page", p, res.StatusCode)
		}
	}
	// The city filter's answer holds the cars of that city (the city facet
	// counts each city as if it were the only one chosen).
	code, noosa := app.search(t, host, map[string][]string{"path": {"/search/noosa"}})
	if code != 200 || noosa.Total == 0 {
		t.Fatalf("/search/noosa: %d, %d cars", code, noosa.Total)
	}
	for _, f := range noosa.Facets["city"] {
		if f.Value == "Noosa" && f.Count != noosa.Total {
			t.Errorf("/search/noosa: %d cars, %d of them in Noosa", noosa.Total, f.Count)
		}
	}
}

// docs/behaviour/screens.md#search-url: harbourside (search.default_city
// Brisbane) lists its default city on a listing URL naming no city, at
// once (no redirect: a buyer from a search engine waits for no second
// round trip), its canonical link naming the city for the app to write into
// the address; city=any lists every city and stays; a city named in the
// path or the query stays. The search answer reads the URL the same way,
// and a site without a default city adds none.
func TestDefaultCityListing(t *testing.T) {
	t.Parallel()
	app := sharedApp(t)
	host := "harbourside-toyota.localhost"
	for _, tc := range []struct{ path, canonical string }{
		{"/search/used-cars", "/search/used-cars/brisbane"},
		{"/search/new-used-and-demo-cars/?sortBy=price_asc&utm_source=mail", "/search/brisbane?sortBy=price_asc"},
		{"/search/toyota/corolla?page=2", "/search/toyota/corolla/brisbane?page=2"},
		{"/search/used-cars/brisbane", "/search/used-cars/brisbane"},
		{"/search/used-cars?refinementList[city][0]=Brisbane", "/search/used-cars/brisbane"},
	} {
		res, body := app.getNoFollow(t, host, tc.path)
		want := `<link rel="canonical" href="http://` + host + tc.canonical + `">`
		if res.StatusCode != 200 || !strings.Contains(body, want) {
			t.Errorf("%s: %d, want 200 with %s", tc.path, res.StatusCode, want)
		}
	}
	// The title names the city, as the app's heading does.
	for _, p := range []string{"/search/used-cars/brisbane", "/search/used-cars"} {
		if _, body := app.getNoFollow(t, host, p); !strings.Contains(body, "<title>Used Cars for Sale in Brisbane | Harbourside Toyota</title>") {
			t.Errorf("%s: its title does not name Brisbane", p)
		}
	}
	// The page's canonical link keeps city=any, so it names this listing.
	_, body := app.getNoFollow(t, host, "/search/used-cars?city=any")
	if want := `<link rel="canonical" href="http://` + host + `/search/used-cars?city=any">`; !strings.Contains(body, want) {
		t.Errorf("city=any: lacks %s", want)
	}

	var answer struct {
		Total     int
		Canonical string
		Query     struct {
			Refinements map[string][]string
			AnyCity     bool `json:"any_city"`
		}
	}
	read := func(q string) {
		t.Helper()
		res, body := app.get(t, host, "/api/search?path=/search/used-cars"+q)
		answer.Query.AnyCity, answer.Query.Refinements = false, nil
		if res.StatusCode != 200 || json.Unmarshal([]byte(body), &answer) != nil {
			t.Fatalf("/api/search%s: %d %s", q, res.StatusCode, body)
		}
	}
	read("")
	if got := answer.Query.Refinements["city"]; len(got) != 1 || got[0] != "Brisbane" || answer.Canonical != "/search/used-cars/brisbane" || answer.Query.AnyCity {
		t.Errorf("no city named: city %v, canonical %s, any %v", got, answer.Canonical, answer.Query.AnyCity)
	}
	inBrisbane := answer.Total
	read("&city=any")
	if got := answer.Query.Refinements["city"]; len(got) != 0 || answer.Canonical != "/search/used-cars?city=any" || !answer.Query.AnyCity || answer.Total < inBrisbane {
		t.Errorf("city=any: city %v, canonical %s, any %v, %d cars against %d", got, answer.Canonical, answer.Query.AnyCity, answer.Total, inBrisbane)
	}

	// summit sets no default city: its listings stay as asked.
	if res, _ := app.getNoFollow(t, "summit-motor-group.localhost", "/search/used-cars"); res.StatusCode != 200 {
		t.Errorf("summit /search/used-cars: status %d, want 200", res.StatusCode)
	}
}
