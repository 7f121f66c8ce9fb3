package search

import (
	"errors"
	"net/url"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"forecourt/internal/catalog"
	"forecourt/internal/demo"
)

var (
	demoVocabOnce sync.Once
	demoVocabs    map[string]Vocabulary
)

// urlTestVocab is the vocabulary of one demo site.
func urlTestVocab(t testing.TB, site string) Vocabulary {
	t.Helper()
	demoVocabOnce.Do(func() {
		demoVocabs = map[string]Vocabulary{}
		for _, s := range demo.Generate(time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)) {
			demoVocabs[s.Slug] = NewVocabulary(s.Cars, s.Locations, s.Dealerships)
		}
	})
	v, ok := demoVocabs[site]
	if !ok {
		t.Fatalf("no demo site %s", site)
	}
	return v
}

func num(f float64) *float64 { return &f }

// urlQ builds a normalised Query: page 1 and non-nil maps unless given.
func urlQ(text string, page int, sort string, refs map[string][]string, ranges map[string]Range) Query {
	if page == 0 {
		page = 1
	}
	if refs == nil {
		refs = map[string][]string{}
	}
	if ranges == nil {
		ranges = map[string]Range{}
	}
	return Query{Text: text, Page: page, Sort: sort, Refinements: refs, Ranges: ranges}
}

func mustQuery(t testing.TB, raw string) url.Values {
	t.Helper()
	v, err := url.ParseQuery(raw)
	if err != nil {
		t.Fatalf("bad test query %q: %v", raw, err)
	}
	return v
}

func TestListingVocabulary(t *testing.T) {
	t.Parallel()
	summit := urlTestVocab(t, "summit-motor-group")
	checks := []struct{ what, got, want string }{
		{"make mercedes-benz", summit.Makes["mercedes-benz"], "Mercedes-Benz"},
		{"model Mazda cx-5", summit.Models["Mazda"]["cx-5"], "CX-5"},
		{"model Toyota landcruiser-300", summit.Models["Toyota"]["landcruiser-300"], "LandCruiser 300"},
		{"body suv", summit.Bodies["suv"], "SUV"},
		{"body people-mover", summit.Bodies["people-mover"], "People Mover"},
		{"body cab-chassis", summit.Bodies["cab-chassis"], "Cab Chassis"},
		{"location", summit.Locations["summit-mazda-newstead"], "Summit Mazda Newstead"},
		{"dealership", summit.Dealerships["summit-mazda"], "Summit Mazda"},
		// A dealership's override_city names the city of all its locations.
		{"city maroochydore", summit.Cities["maroochydore"], "Maroochydore"},
		{"city noosa", summit.Cities["noosa"], "Noosa"},
		{"city brisbane", summit.Cities["brisbane"], "Brisbane"},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s: got %q, want %q", c.what, c.got, c.want)
		}
	}
	// The commoner spelling wins a shared slug; ampersands drop out.
	v := NewVocabulary([]catalog.Car{
		{Make: "Land Rover", Model: "Range Rover", SimpleBody: "SUV"},
		{Make: "Land Rover", Model: "Defender", SimpleBody: "SUV"},
		{Make: "LAND ROVER", Model: "Defender", SimpleBody: "Cab & Chassis"},
		{Make: " ", Model: "Nothing"},
	}, []catalog.Location{{Name: "North Shore Yard"}}, []catalog.Dealership{{Name: "Ridge Motors", Slug: "Ridge-Motors"}})
	if v.Makes["land-rover"] != "Land Rover" || len(v.Makes) != 1 {
		t.Errorf("makes %v", v.Makes)
	}
	if v.Bodies["cab-chassis"] != "Cab & Chassis" || v.Models["Land Rover"]["range-rover"] != "Range Rover" {
		t.Errorf("bodies %v models %v", v.Bodies, v.Models)
	}
	if v.Locations["north-shore-yard"] != "North Shore Yard" || v.Dealerships["ridge-motors"] != "Ridge Motors" {
		t.Errorf("places %v %v", v.Locations, v.Dealerships)
	}
}

func TestParseListing(t *testing.T) {
	t.Parallel()
	summit := urlTestVocab(t, "summit-motor-group")
	cases := []struct {
		spec  string // the behaviour rule checked
		path  string
		query string
		want  Query
	}{
		{"docs/behaviour/screens.md#routes", "/search/new-used-and-demo-cars/", "", urlQ("", 1, "", nil, nil)},
		{"docs/behaviour/screens.md#routes", "/search", "", urlQ("", 1, "", nil, nil)},
		{"docs/behaviour/screens.md#routes", "/search/used-cars", "", urlQ("", 1, "", map[string][]string{"car_type": {"used"}}, nil)},
		{"docs/behaviour/screens.md#routes", "/search/new-cars/", "", urlQ("", 1, "", map[string][]string{"car_type": {"new"}}, nil)},
		{"docs/behaviour/screens.md#routes", "/search/demo-cars", "", urlQ("", 1, "", map[string][]string{"car_type": {"demo"}}, nil)},
		{"docs/behaviour/screens.md#routes", "/search/new-and-demo-cars", "", urlQ("", 1, "", map[string][]string{"car_type": {"new", "demo"}}, nil)},
		{"docs/behaviour/screens.md#routes", "/search/toyota", "", urlQ("", 1, "", map[string][]string{"make": {"Toyota"}}, nil)},
		{"docs/behaviour/screens.md#routes", "/search/mercedes-benz/glc", "", urlQ("", 1, "", map[string][]string{"make": {"Mercedes-Benz"}, "model": {"GLC"}}, nil)},
		{"docs/behaviour/screens.md#routes", "/search/mazda/cx-5", "", urlQ("", 1, "", map[string][]string{"make": {"Mazda"}, "model": {"CX-5"}}, nil)},
		{"docs/behaviour/screens.md#routes", "/search/people-mover", "", urlQ("", 1, "", map[string][]string{"body": {"People Mover"}}, nil)},
		{"docs/behaviour/screens.md#routes", "/search/summit-mazda-newstead", "", urlQ("", 1, "", map[string][]string{"location_name": {"Summit Mazda Newstead"}}, nil)},
		{"docs/behaviour/screens.md#routes", "/search/summit-mazda", "", urlQ("", 1, "", map[string][]string{"dealership_name": {"Summit Mazda"}}, nil)},
		{"docs/behaviour/screens.md#routes", "/search/used-cars/toyota/camry", "", urlQ("", 1, "", map[string][]string{"car_type": {"used"}, "make": {"Toyota"}, "model": {"Camry"}}, nil)},
		{"docs/behaviour/screens.md#routes", "/search/toyota/yaris-cross", "", urlQ("", 1, "", map[string][]string{"make": {"Toyota"}, "model": {"Yaris Cross"}}, nil)},
		{"docs/behaviour/screens.md#routes", "/search/toyota/suv", "", urlQ("", 1, "", map[string][]string{"make": {"Toyota"}, "body": {"SUV"}}, nil)},
		{"docs/behaviour/screens.md#routes", "/search/used-cars/summit-kia-maroochydore", "", urlQ("", 1, "", map[string][]string{"car_type": {"used"}, "location_name": {"Summit Kia Maroochydore"}}, nil)},
		// City slugs filter by city (/search/noosa was once refused).
		{"docs/behaviour/screens.md#routes", "/search/noosa", "", urlQ("", 1, "", map[string][]string{"city": {"Noosa"}}, nil)},
		{"docs/behaviour/screens.md#routes", "/search/used-cars/toyota/maroochydore", "", urlQ("", 1, "", map[string][]string{"car_type": {"used"}, "make": {"Toyota"}, "city": {"Maroochydore"}}, nil)},
		{"docs/behaviour/screens.md#routes", "/Search/Used-Cars/TOYOTA//", "", urlQ("", 1, "", map[string][]string{"car_type": {"used"}, "make": {"Toyota"}}, nil)},
		{"docs/behaviour/screens.md#routes", "/search/used-cars/toyota", "query=hilux&page=2&sortBy=price_asc&refinementList[make][0]=Toyota&refinementList[make][1]=Mazda&range[price]=5000:30000",
			urlQ("hilux", 2, SortPriceAsc, map[string][]string{"car_type": {"used"}, "make": {"Toyota", "Mazda"}}, map[string]Range{"price": {Min: num(5000), Max: num(30000)}})},
		{"docs/behaviour/screens.md#routes", "/search/new-used-and-demo-cars/", "refinementList[make][1]=Mazda&refinementList[make][0]=Kia&refinementList[colour][0]=White",
			urlQ("", 1, "", map[string][]string{"make": {"Kia", "Mazda"}, "colour": {"White"}}, nil)},
		{"docs/behaviour/screens.md#routes", "/search", "range[price]=:30000&range[km]=10000:&range[year]=2015:2020",
			urlQ("", 1, "", nil, map[string]Range{"price": {Max: num(30000)}, "km": {Min: num(10000)}, "year": {Min: num(2015), Max: num(2020)}})},
		{"docs/behaviour/entities.md#search-state", "/search", "refinementList[weekly_price_range][0]=$100 - $150&refinementList[certified][0]=true&refinementList[make_model][0]=Toyota Corolla",
			urlQ("", 1, "", map[string][]string{"weekly_price_range": {"$100 - $150"}, "certified": {"true"}, "make_model": {"Toyota Corolla"}}, nil)},
	}
	for _, tc := range cases {
		got, err := ParseListing(tc.path, mustQuery(t, tc.query), summit)
		if err != nil {
			t.Errorf("%s: %s?%s: %v", tc.spec, tc.path, tc.query, err)
			continue
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: %s?%s:\n got %s\nwant %s", tc.spec, tc.path, tc.query, dumpQ(got), dumpQ(tc.want))
		}
	}
}

func TestParseListingSanitises(t *testing.T) {
	t.Parallel()
	summit := urlTestVocab(t, "summit-motor-group")
	long := strings.Repeat("x", MaxQueryInput) // the longest query taken
	cases := []struct {
		name  string
		query string
		want  Query
	}{
		{"unknown facet names are ignored", "refinementList[wheels][0]=4&refinementList[make][0]=Kia&range[speed]=1:2&refinementList[make", urlQ("", 1, "", map[string][]string{"make": {"Kia"}}, nil)},
		{"reversed bounds are swapped", "range[price]=30000:5000", urlQ("", 1, "", nil, map[string]Range{"price": {Min: num(5000), Max: num(30000)}})},
		{"empty range is no range", "range[price]=:&range[km]=", urlQ("", 1, "", nil, nil)},
		{"page 0 becomes 1", "page=0", urlQ("", 1, "", nil, nil)},
		{"negative page becomes 1", "page=-4", urlQ("", 1, "", nil, nil)},
		{"page not a number becomes 1", "page=two", urlQ("", 1, "", nil, nil)},
		{"page 10^9 is kept for the engine to clamp", "page=1000000000", urlQ("", 1000000000, "", nil, nil)},
		{"page beyond int becomes 1", "page=99999999999999999999999", urlQ("", 1, "", nil, nil)},
		{"unknown sort is the default", "sortBy=cheapest", urlQ("", 1, SortDefault, nil, nil)},
		{"text trimmed and whitespace collapsed", "query=%20%20hilux%09%0A%20sr5%00%20", urlQ("hilux sr5", 1, "", nil, nil)},
		{"repeated query, page and sortBy take the first", "query=a&query=b&page=3&page=4&sortBy=km_asc&sortBy=year_desc", urlQ("a", 3, SortKMAsc, nil, nil)},
		{"repeated refinement values are de-duplicated", "refinementList[make][0]=Kia&refinementList[make][1]=Kia&refinementList[make][1]=kia&refinementList[make][]=Mazda", urlQ("", 1, "", map[string][]string{"make": {"Kia", "Mazda"}}, nil)},
		{"empty refinement values are dropped", "refinementList[make][0]=&refinementList[colour][0]=%20", urlQ("", 1, "", nil, nil)},
		{"values take the stock's spelling", "refinementList[make][0]=mercedes-benz&refinementList[model][0]=cx-5&refinementList[body][0]=suv&refinementList[car_type][0]=USED&refinementList[location_name][0]=summit ford noosa",
			urlQ("", 1, "", map[string][]string{"make": {"Mercedes-Benz"}, "model": {"CX-5"}, "body": {"SUV"}, "car_type": {"used"}, "location_name": {"Summit Ford Noosa"}}, nil)},
		{"unknown values are kept as given", "refinementList[make][0]=Ferrari", urlQ("", 1, "", map[string][]string{"make": {"Ferrari"}}, nil)},
		{"a 1,000-character query is cut to 200 characters", "query=" + url.QueryEscape(long), urlQ(long[:MaxListingText], 1, "", nil, nil)},
	}
	for _, tc := range cases {
		got, err := ParseListing("/search", mustQuery(t, tc.query), summit)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s:\n got %s\nwant %s", tc.name, dumpQ(got), dumpQ(tc.want))
		}
	}
}

func TestParseListingLongInputIsFast(t *testing.T) {
	t.Parallel()
	summit := urlTestVocab(t, "summit-motor-group")
	var b strings.Builder
	b.WriteString("query=" + strings.Repeat("x", 10_000))
	for i := range 400 {
		b.WriteString("&refinementList[make][" + strconv.Itoa(i) + "]=" + strings.Repeat("m", 20) + strconv.Itoa(i))
	}
	values := mustQuery(t, b.String())
	start := time.Now()
	for range 100 {
		if _, err := ParseListing("/search/used-cars/toyota", values, summit); catalog.ErrorCode(err) != catalog.EInvalid {
			t.Fatalf("got %v, want a invalid (422) error", err)
		}
	}
	if d := time.Since(start) / 100; d > 25*time.Millisecond {
		t.Errorf("a 10 KB query took %v to parse", d)
	}
}

func TestParseListingErrors(t *testing.T) {
	t.Parallel()
	summit := urlTestVocab(t, "summit-motor-group")
	cases := []struct {
		name       string
		path       string
		query      string
		code       string
		field      string // key in Fields
		fieldValue string // substring of Fields[field]
		message    string // substring of the message
	}{
		{"unknown segment", "/search/used-cars/flying-cars", "", catalog.ENotFound, "path", "flying-cars", `"flying-cars"`},
		{"model without its make", "/search/corolla", "", catalog.ENotFound, "path", "corolla", `"corolla"`},
		{"model of another make", "/search/mazda/corolla", "", catalog.ENotFound, "path", "corolla", `"corolla"`},
		{"two makes in the path", "/search/toyota/mazda", "", catalog.ENotFound, "path", "mazda", "repeats the make"},
		{"two car types", "/search/used-cars/new-cars", "", catalog.ENotFound, "path", "new-cars", "repeats the car type"},
		{"not a listing path", "/cars/abc", "", catalog.ENotFound, "path", "/cars/abc", "Not a listing path"},
		{"range not a number", "/search", "range[price]=abc", catalog.EInvalid, "range[price]", "", "range[price]"},
		{"range bound not a number", "/search", "range[km]=10:lots", catalog.EInvalid, "range[km]", `"lots"`, "range[km]"},
		{"range infinite", "/search", "range[year]=1e999:", catalog.EInvalid, "range[year]", "", "range[year]"},
		{"range NaN", "/search", "range[price]=NaN:5", catalog.EInvalid, "range[price]", "", "range[price]"},
		{"query over 1,000 bytes", "/search", "query=" + strings.Repeat("x", MaxQueryInput+1), catalog.EInvalid, "query", "at most 200 characters", "too long"},
		{"query of 21 words", "/search", "query=" + strings.Repeat("a+", MaxQueryTerms+1), catalog.EInvalid, "query", "at most 20", "too many words"},
		{"51 values of one facet", "/search", manyValues("make", 51), catalog.EInvalid, "refinementList[make]", "at most 50", "Too many make filters"},
		{"101 filter values", "/search", manyValues("make", 40) + "&" + manyValues("model", 40) + "&" + manyValues("colour", 21), catalog.EInvalid, "refinementList", "at most 100", "Too many filters"},
	}
	for _, tc := range cases {
		_, err := ParseListing(tc.path, mustQuery(t, tc.query), summit)
		var e *catalog.Error
		if !errors.As(err, &e) {
			t.Errorf("%s: got %v, want a %s error", tc.name, err, tc.code)
			continue
		}
		if e.Code != tc.code || !strings.Contains(e.Fields[tc.field], tc.fieldValue) || e.Fields[tc.field] == "" || !strings.Contains(e.Message, tc.message) {
			t.Errorf("%s: got code %s message %q fields %v", tc.name, e.Code, e.Message, e.Fields)
		}
	}
}

// TestCanonicalRoundTrip: parse(canonical(q)) == q for normalised queries.
func TestCanonicalRoundTrip(t *testing.T) {
	t.Parallel()
	summit := urlTestVocab(t, "summit-motor-group")
	queries := []Query{
		urlQ("", 1, "", nil, nil),
		urlQ("", 1, "", map[string][]string{"car_type": {"used"}}, nil),
		urlQ("", 1, "", map[string][]string{"car_type": {"new", "demo"}}, nil),
		urlQ("", 1, "", map[string][]string{"car_type": {"used", "demo"}}, nil),
		urlQ("", 1, "", map[string][]string{"car_type": {"new", "demo", "used"}}, nil),
		urlQ("", 1, "", map[string][]string{"make": {"Toyota"}, "model": {"LandCruiser 300"}}, nil),
		urlQ("", 1, "", map[string][]string{"make": {"Toyota", "Mazda"}, "model": {"Corolla"}}, nil),
		urlQ("", 1, "", map[string][]string{"model": {"Corolla"}}, nil),
		urlQ("", 1, "", map[string][]string{"make": {"Ferrari"}}, nil),
		urlQ("", 1, "", map[string][]string{"body": {"People Mover"}, "make": {"Kia"}}, nil),
		urlQ("", 1, "", map[string][]string{"dealership_name": {"Summit Ford"}, "location_name": {"Summit Ford Noosa"}}, nil),
		urlQ("", 1, "", map[string][]string{"location_name": {"Summit Ford Noosa", "Summit Kia Maroochydore"}}, nil),
		urlQ("hilux sr5 & more", 3, SortPriceDesc, map[string][]string{"car_type": {"used"}, "make": {"Toyota"}, "colour": {"White", "Glacier Blue"}, "tag": {"runout sale"}},
			map[string]Range{"price": {Min: num(5000), Max: num(30000)}, "km": {Max: num(80000)}, "weekly_price": {Min: num(99.5)}}),
		urlQ("ümlaut 車 ?=&#/%", 2, SortNewest, map[string][]string{"badge": {"GX/GXL", "a+b=c"}}, nil),
	}
	for _, q := range queries {
		path, raw := CanonicalURL(q, summit)
		back, err := ParseListing(path, mustQuery(t, raw), summit)
		if err != nil {
			t.Errorf("%s?%s: %v", path, raw, err)
			continue
		}
		if !reflect.DeepEqual(back, q) {
			t.Errorf("round trip through %s?%s:\n got %s\nwant %s", path, raw, dumpQ(back), dumpQ(q))
		}
	}
	// Every make, model, body, location and dealership of every demo site reads back.
	for _, site := range []string{"harbourside-toyota", "summit-motor-group", "outback-caravans", "southern-alps-motors", "metro-used-cars"} {
		v := urlTestVocab(t, site)
		var qs []Query
		for _, mk := range v.Makes {
			qs = append(qs, urlQ("", 1, "", map[string][]string{"make": {mk}}, nil))
			for _, md := range v.Models[mk] {
				qs = append(qs, urlQ("", 1, "", map[string][]string{"make": {mk}, "model": {md}, "car_type": {"used"}}, nil))
			}
		}
		for _, b := range v.Bodies {
			qs = append(qs, urlQ("", 1, "", map[string][]string{"body": {b}}, nil))
		}
		for _, l := range v.Locations {
			qs = append(qs, urlQ("", 1, "", map[string][]string{"location_name": {l}}, nil))
		}
		for _, d := range v.Dealerships {
			qs = append(qs, urlQ("", 1, "", map[string][]string{"dealership_name": {d}}, nil))
		}
		for _, q := range qs {
			path, raw := CanonicalURL(q, v)
			back, err := ParseListing(path, mustQuery(t, raw), v)
			if err != nil || !reflect.DeepEqual(back, q) {
				t.Errorf("%s: round trip through %s?%s: got %s, %v; want %s", site, path, raw, dumpQ(back), err, dumpQ(q))
			}
		}
	}
}

// TestCanonicalForms: canonical(parse(url)) is the canonical form.
func TestCanonicalForms(t *testing.T) {
	t.Parallel()
	summit := urlTestVocab(t, "summit-motor-group")
	harbour := urlTestVocab(t, "harbourside-toyota")
	cases := []struct {
		spec     string // the behaviour rule checked
		vocab    Vocabulary
		path     string
		query    string
		wantPath string
		wantRaw  string
	}{
		{"docs/behaviour/screens.md#routes", summit, "/search", "", DefaultListingPath, ""},
		{"docs/behaviour/screens.md#routes", summit, "/search/new-used-and-demo-cars/toyota", "", "/search/toyota", ""},
		{"docs/behaviour/screens.md#routes", summit, "/search", "refinementList[car_type][0]=demo&refinementList[car_type][1]=new", "/search/new-and-demo-cars", ""},
		{"docs/behaviour/screens.md#routes", summit, "/search", "refinementList[car_type][0]=used&refinementList[car_type][1]=demo", DefaultListingPath, "refinementList[car_type][0]=used&refinementList[car_type][1]=demo"},
		{"docs/behaviour/screens.md#routes", summit, "/search", "refinementList[make][0]=Toyota&refinementList[model][0]=Camry&refinementList[body][0]=Sedan&refinementList[car_type][0]=used",
			"/search/used-cars/toyota/camry/sedan", ""},
		{"docs/behaviour/screens.md#routes", summit, "/search/toyota", "refinementList[model][0]=Corolla&refinementList[model][1]=Camry", "/search/toyota", "refinementList[model][0]=Corolla&refinementList[model][1]=Camry"},
		{"docs/behaviour/screens.md#routes", summit, "/search/mazda", "refinementList[make][0]=Kia", DefaultListingPath, "refinementList[make][0]=Mazda&refinementList[make][1]=Kia"},
		{"docs/behaviour/screens.md#routes", summit, "/search/summit-ford-noosa", "refinementList[dealership_name][0]=Summit Ford", "/search/summit-ford/summit-ford-noosa", ""},
		{"docs/behaviour/screens.md#routes", summit, "/search", "refinementList[city][0]=maroochydore&refinementList[make][0]=Kia", "/search/kia/maroochydore", ""},
		{"docs/behaviour/screens.md#routes", summit, "/search/noosa", "refinementList[city][0]=Brisbane", DefaultListingPath, "refinementList[city][0]=Noosa&refinementList[city][1]=Brisbane"},
		// A location whose slug is also a dealership's keeps to the query string.
		{"docs/behaviour/screens.md#routes", harbour, "/search", "refinementList[location_name][0]=Harbourside Toyota", DefaultListingPath, "refinementList[location_name][0]=Harbourside+Toyota"},
		{"docs/behaviour/screens.md#routes", harbour, "/search/harbourside-toyota", "", "/search/harbourside-toyota", ""},
		{"docs/behaviour/screens.md#routes", summit, "/search/used-cars", "page=2&sortBy=price_asc&range[price]=30000:5000&query=  hi  lux &refinementList[colour][0]=Glacier Blue&refinementList[badge][0]=A%26B",
			"/search/used-cars", "query=hi+lux&refinementList[badge][0]=A%26B&refinementList[colour][0]=Glacier+Blue&range[price]=5000:30000&sortBy=price_asc&page=2"},
		{"docs/behaviour/screens.md#routes", summit, "/search", "page=1&sortBy=&range[price]=:30000", DefaultListingPath, "range[price]=:30000"},
		{"docs/behaviour/screens.md#routes", Vocabulary{}, "/search", "refinementList[make][0]=Toyota", DefaultListingPath, "refinementList[make][0]=Toyota"},
	}
	for _, tc := range cases {
		q, err := ParseListing(tc.path, mustQuery(t, tc.query), tc.vocab)
		if err != nil {
			t.Errorf("%s: %s?%s: %v", tc.spec, tc.path, tc.query, err)
			continue
		}
		path, raw := CanonicalURL(q, tc.vocab)
		if path != tc.wantPath || raw != tc.wantRaw {
			t.Errorf("%s: %s?%s: canonical %s?%s, want %s?%s", tc.spec, tc.path, tc.query, path, raw, tc.wantPath, tc.wantRaw)
		}
	}
}

func TestCanonicalDropsWhatTheParserIgnores(t *testing.T) {
	t.Parallel()
	q := Query{Page: 0, Sort: "cheapest", Refinements: map[string][]string{"wheels": {"4"}, "make": {}}, Ranges: map[string]Range{"speed": {Min: num(1)}, "price": {}}}
	if path, raw := CanonicalURL(q, Vocabulary{}); path != DefaultListingPath || raw != "" {
		t.Errorf("got %s?%s", path, raw)
	}
}

func dumpQ(q Query) string {
	var b strings.Builder
	b.WriteString("{text " + strconv.Quote(q.Text) + " page " + strconv.Itoa(q.Page) + " sort " + q.Sort + " refs ")
	for _, k := range urlSortedKeys(q.Refinements) {
		b.WriteString(k + "=" + strings.Join(q.Refinements[k], "|") + " ")
	}
	b.WriteString("ranges ")
	for _, k := range urlSortedKeys(q.Ranges) {
		b.WriteString(k + "=" + urlFormatBound(q.Ranges[k].Min) + ":" + urlFormatBound(q.Ranges[k].Max) + " ")
	}
	return b.String() + "}"
}

// manyValues is n refinement values of one facet, as a query string.
func manyValues(facet string, n int) string {
	parts := make([]string, n)
	for i := range n {
		parts[i] = "refinementList[" + facet + "][" + strconv.Itoa(i) + "]=v" + strconv.Itoa(i)
	}
	return strings.Join(parts, "&")
}
