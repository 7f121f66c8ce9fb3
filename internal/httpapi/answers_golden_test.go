package httpapi_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"forecourt/internal/httpapi"
)

var updateGolden = flag.Bool("update", false, "rewrite testdata/answers from the server's answers")

// searchTook is the one part of an answer that differs between runs.
var searchTook = regexp.MustCompile(`"ms":[0-9]+`)

// The car answers and each site's public config (GET /api/site) are byte
// for byte what testdata/answers holds: a change of the JSON buyers'
// browsers and outside clients read (a field renamed, dropped, reordered or
// encoded differently) shows here. The clock is fixed,
// so the demo's tags, prices and finance are the same on every run. After
// an intended change of the API, run with -update and review the diff.
func TestCarAnswersKeepTheirBytes(t *testing.T) {
	t.Parallel()
	ref := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	reg, st := demoStore(t, ref)
	_, srv := serve(t, &httpapi.Server{Sites: reg, Store: st, Web: webApp, Now: func() time.Time { return ref }})
	app := &testApp{srv: srv, data: generated(ref)}

	type answer struct{ name, site, target string }
	var answers []answer
	for site, cars := range contractCars(app) {
		for i, c := range cars {
			if i >= 5 {
				break
			}
			answers = append(answers, answer{"car-" + c.Slug, site, "/api/cars/" + c.Slug})
		}
		if len(cars) == 0 {
			t.Fatalf("%s: no cars picked", site)
		}
		c := cars[0]
		answers = append(answers,
			answer{"site", site, "/api/site"},
			answer{"view-" + c.Slug, site, "/api/cars/" + c.Slug + "/view.json?photos_count=0"},
			answer{"finance-" + c.Slug, site, "/api/finance/cars/" + strconv.FormatInt(c.ID, 10)},
		)
		if site == "summit-motor-group" || site == "outback-caravans" {
			var ids []string
			for _, c := range cars[:min(len(cars), 4)] {
				ids = append(ids, strconv.FormatInt(c.ID, 10))
			}
			answers = append(answers,
				answer{"similar-" + c.Slug, site, "/api/cars/" + c.Slug + "/similar"},
				answer{"compare", site, "/api/cars?ids=" + strings.Join(ids, ",")})
		}
	}
	answers = append(answers,
		answer{"search-used", "summit-motor-group", "/api/search?path=/search/used-cars&sortBy=price_asc"},
		answer{"search-caravans", "outback-caravans", "/api/search?path=/search/new-used-and-demo-cars/"},
	)

	dir := filepath.Join("testdata", "answers")
	if *updateGolden {
		if err := os.RemoveAll(dir); err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, a := range answers {
		res, body := app.do(t, apiCall{site: a.site, method: "GET", target: a.target})
		if res.StatusCode != 200 {
			t.Errorf("%s %s: status %d: %.200s", a.site, a.target, res.StatusCode, body)
			continue
		}
		body = searchTook.ReplaceAll(body, []byte(`"ms":0`))
		file := filepath.Join(dir, a.site+"-"+a.name+".json")
		if *updateGolden {
			if err := os.WriteFile(file, body, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(file)
		if err != nil {
			t.Errorf("%s %s: %v (run with -update to record it)", a.site, a.target, err)
			continue
		}
		if !bytes.Equal(body, want) {
			t.Errorf("%s %s: the answer differs from %s %s", a.site, a.target, file, firstDifference(body, want))
		}
	}
}

// firstDifference shows where two answers part.
func firstDifference(got, want []byte) string {
	i := 0
	for i < len(got) && i < len(want) && got[i] == want[i] {
		i++
	}
	from := max(0, i-80)
	return "at byte " + strconv.Itoa(i) + ":\n got: …" + string(got[from:min(len(got), i+80)]) + "\nwant: …" + string(want[from:min(len(want), i+80)])
}
