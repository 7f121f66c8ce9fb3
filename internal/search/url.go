package search

import (
	"fmt"
	"maps"
	"math"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"forecourt/internal/catalog"
	"forecourt/internal/geo"
)

// DefaultListingPath lists every car type (docs/behaviour/screens.md#routes).
const DefaultListingPath = "/search/new-used-and-demo-cars/"

// MaxListingText bounds the free text and each refinement value, in characters.
const MaxListingText = 200

const (
	urlMaxPathLen     = 1000 // longer listing paths are not ours
	urlMaxSegments    = 8    // type, make, model, body, dealership, location, city, with room to spare
	urlMaxFacetValues = 50   // per facet; more is abuse, not a search
)

// Bounds on what one search may ask, so its cost cannot grow with the URL.
// Past them the search is refused (422 invalid, naming the parameter)
// rather than quietly cut, which would answer a different question.
const (
	// MaxQueryInput bounds the query parameter as sent, in bytes: text
	// longer than MaxListingText characters is cut, but five times that is
	// not a search typed into a box.
	MaxQueryInput = 5 * MaxListingText
	// MaxQueryTerms bounds the words of the search text.
	MaxQueryTerms = 20
	// MaxFilterValues bounds the refinement values of all facets together.
	MaxFilterValues = 100
)

func urlBadRequest(field, message string) error {
	return &catalog.Error{Code: catalog.EInvalid, Message: message, Fields: map[string]string{field: message}}
}

// urlTypePaths are the car-type listing segments and the car_type values they
// mean, in facet order (new, demo, used). The all-types path means no filter.
var urlTypePaths = []struct {
	slug  string
	types []string
}{
	{"new-used-and-demo-cars", nil},
	{"new-cars", []string{catalog.TypeNew}},
	{"demo-cars", []string{catalog.TypeDemo}},
	{"used-cars", []string{catalog.TypeUsed}},
	{"new-and-demo-cars", []string{catalog.TypeNew, catalog.TypeDemo}},
}

// IsCarTypeSegment reports whether seg is one of the car-type listing
// segments (used-cars, new-cars, …).
func IsCarTypeSegment(seg string) bool {
	for _, tp := range urlTypePaths {
		if tp.slug == seg {
			return true
		}
	}
	return false
}

// urlRefinementFacets are the index's own facets (facetDefs,
// docs/behaviour/entities.md#search-state); any other refinementList name is
// ignored. A facet added to the index is one a URL may refine by.
var urlRefinementFacets = func() map[string]bool {
	names := make(map[string]bool, len(facetDefs))
	for i := range facetDefs {
		names[facetDefs[i].name] = true
	}
	return names
}()

// urlRangeFacets are the numeric facets range[field]=min:max may bound: those
// the index bounds (rangeFields).
var urlRangeFacets = rangeFields

var urlSorts = map[string]bool{
	SortDefault: true, SortPriceAsc: true, SortPriceDesc: true, SortYearDesc: true, SortYearAsc: true,
	SortKMAsc: true, SortKMDesc: true, SortNewest: true, SortRank: true, SortDistanceAsc: true,
}

// Vocabulary maps listing path segments (lowercase hyphenated slugs) to the
// facet values the engine filters on. Build it with NewVocabulary.
type Vocabulary struct {
	Makes       map[string]string            // make slug → make ("land-rover" → "Land Rover")
	Models      map[string]map[string]string // make → model slug → model ("Mazda" → "cx-5" → "CX-5")
	Bodies      map[string]string            // body slug → simple_body ("people-mover" → "People Mover")
	Locations   map[string]string            // location slug → location name
	Dealerships map[string]string            // dealership slug → dealership name
	Cities      map[string]string            // city slug → city, as the city facet spells it
	// DefaultCity is the city a listing naming none lists, as the city
	// facet spells it; "" lists every city (WithDefaultCity).
	DefaultCity string
	// PostcodeCountry is the site's country (ISO code) when it has a
	// postcode table, so a listing may be searched by distance from one of
	// its postcodes; "" for none.
	PostcodeCountry string
}

// AnyCityValue is the city parameter's value that lists every city on a
// site with a default city: /search/used-cars?city=any.
const AnyCityValue = "any"

// WithDefaultCity is v with the site's default city (docs/behaviour/screens.md#search-url),
// spelled as the city facet spells it. A city none of the site's locations
// is in sets none: ok is false.
func (v Vocabulary) WithDefaultCity(city string) (out Vocabulary, ok bool) {
	city = strings.TrimSpace(city)
	if city == "" {
		return v, true
	}
	if c, found := v.Cities[listingSlug(city)]; found {
		v.DefaultCity = c
		return v, true
	}
	return v, false
}

// NewVocabulary collects the slugs of a site's stock, locations and
// dealerships, and of the cities its locations are in (a dealership's
// override_city first, as the city facet has them). When two spellings
// share a slug the commoner one wins.
func NewVocabulary(cars []catalog.Car, locations []catalog.Location, dealerships []catalog.Dealership) Vocabulary {
	makes := urlSlugVotes{}
	bodies := urlSlugVotes{}
	models := map[string]urlSlugVotes{}
	for i := range cars {
		c := &cars[i]
		makes.add(c.Make)
		bodies.add(c.SimpleBody)
		if strings.TrimSpace(c.Make) != "" {
			if models[c.Make] == nil {
				models[c.Make] = urlSlugVotes{}
			}
			models[c.Make].add(c.Model)
		}
	}
	v := Vocabulary{
		Makes:       makes.winners(),
		Bodies:      bodies.winners(),
		Models:      make(map[string]map[string]string, len(models)),
		Locations:   map[string]string{},
		Dealerships: map[string]string{},
	}
	cities := urlSlugVotes{}
	for _, city := range LocationCities(dealerships, locations) {
		cities.add(strings.TrimSpace(city))
	}
	v.Cities = cities.winners()
	for mk, votes := range models {
		v.Models[mk] = votes.winners()
	}
	for _, l := range locations {
		if s := urlPlaceSlug(l.Slug, l.Name); s != "" && l.Name != "" {
			v.Locations[s] = l.Name
		}
	}
	for _, d := range dealerships {
		if s := urlPlaceSlug(d.Slug, d.Name); s != "" && d.Name != "" {
			v.Dealerships[s] = d.Name
		}
	}
	return v
}

// urlPlaceSlug keeps a location's or dealership's own slug, made safe as one
// path segment; without one the name gives it.
func urlPlaceSlug(slug, name string) string {
	if s := listingSlug(slug); s != "" {
		return s
	}
	return listingSlug(name)
}

// urlSlugVotes counts, per slug, how many cars use each spelling.
type urlSlugVotes map[string]map[string]int

func (sv urlSlugVotes) add(value string) {
	s := listingSlug(value)
	if s == "" {
		return
	}
	if sv[s] == nil {
		sv[s] = map[string]int{}
	}
	sv[s][value]++
}

func (sv urlSlugVotes) winners() map[string]string {
	out := make(map[string]string, len(sv))
	for s, counts := range sv {
		best, bestN := "", -1
		for value, n := range counts {
			if n > bestN || (n == bestN && value < best) {
				best, bestN = value, n
			}
		}
		out[s] = best
	}
	return out
}

// listingSlug lowercases and hyphenates a value for a path segment:
// "Land Rover" → "land-rover", "CX-5" → "cx-5"; ampersands and apostrophes drop out.
func listingSlug(value string) string {
	var b strings.Builder
	hyphen := false
	for _, r := range value {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if hyphen && b.Len() > 0 {
				b.WriteByte('-')
			}
			hyphen = false
			b.WriteRune(unicode.ToLower(r))
		case r == '&' || r == '\'' || r == '’':
		default:
			hyphen = true
		}
	}
	return b.String()
}

// Kinds of listing path segment, in the order a segment is tried.
const (
	urlSegNone = iota
	urlSegType
	urlSegModel // only straight after its make
	urlSegMake
	urlSegBody
	urlSegDealership
	urlSegLocation
	urlSegCity
)

var urlSegNames = map[int]string{urlSegType: "car type", urlSegModel: "model", urlSegMake: "make", urlSegBody: "body type", urlSegDealership: "dealership", urlSegLocation: "location", urlSegCity: "city"}

// urlPathState walks a listing path. The parser and CanonicalURL share it, so a
// segment is only ever written where it reads back as the same filter.
type urlPathState struct {
	v         *Vocabulary
	seen      map[int]bool
	types     []string
	make      string
	afterMake bool // the previous segment was the make: a model may follow
	model     string
	body      string
	dealer    string
	location  string
	city      string
}

func newURLPathState(v *Vocabulary) *urlPathState { return &urlPathState{v: v, seen: map[int]bool{}} }

// classify says what seg would mean next, without taking it.
func (st *urlPathState) classify(seg string) (kind int, value string, types []string, repeated int) {
	for _, tp := range urlTypePaths {
		if tp.slug == seg {
			if st.seen[urlSegType] {
				return urlSegNone, "", nil, urlSegType
			}
			return urlSegType, "", tp.types, urlSegNone
		}
	}
	if st.afterMake && !st.seen[urlSegModel] {
		if m, ok := st.v.Models[st.make][seg]; ok {
			return urlSegModel, m, nil, urlSegNone
		}
	}
	for _, c := range []struct {
		kind int
		m    map[string]string
	}{{urlSegMake, st.v.Makes}, {urlSegBody, st.v.Bodies}, {urlSegDealership, st.v.Dealerships}, {urlSegLocation, st.v.Locations}, {urlSegCity, st.v.Cities}} {
		if val, ok := c.m[seg]; ok {
			if st.seen[c.kind] {
				repeated = c.kind
				continue
			}
			return c.kind, val, nil, urlSegNone
		}
	}
	return urlSegNone, "", nil, repeated
}

func (st *urlPathState) take(kind int, value string, types []string) {
	st.seen[kind] = true
	st.afterMake = kind == urlSegMake
	switch kind {
	case urlSegType:
		st.types = types
	case urlSegMake:
		st.make = value
	case urlSegModel:
		st.model = value
	case urlSegBody:
		st.body = value
	case urlSegDealership:
		st.dealer = value
	case urlSegLocation:
		st.location = value
	case urlSegCity:
		st.city = value
	}
}

func urlNotFound(seg, message string) error {
	return &catalog.Error{Code: catalog.ENotFound, Message: message, Fields: map[string]string{"path": seg}}
}

// ParseListing reads a listing page's path and query string into a Query.
// An unknown path segment is a not_found error naming it (the page is a 404);
// a range bound that is not a number is an invalid error on range[field].
// Everything else is sanitised: unknown facets and sorts are dropped, pages
// below 1 or unreadable become 1, reversed ranges are swapped, text is
// trimmed, whitespace collapsed and cut to MaxListingText characters, and a
// repeated query, page or sortBy takes its first value. A search beyond
// MaxQueryInput, MaxQueryTerms or the filter bounds is an invalid error (422)
// naming the parameter.
func ParseListing(path string, values url.Values, v Vocabulary) (Query, error) {
	q := Query{Page: 1, Refinements: map[string][]string{}, Ranges: map[string]Range{}}
	st, err := urlParsePath(path, &v)
	if err != nil {
		return q, err
	}
	add := func(facet string, vals ...string) {
		for _, val := range vals {
			if val != "" && !slices.Contains(q.Refinements[facet], val) && len(q.Refinements[facet]) < urlMaxFacetValues {
				q.Refinements[facet] = append(q.Refinements[facet], val)
			}
		}
	}
	add("car_type", st.types...)
	add("make", st.make)
	add("model", st.model)
	add("body", st.body)
	add("dealership_name", st.dealer)
	add("location_name", st.location)
	add("city", st.city)

	rawText := urlFirst(values, "query")
	if len(rawText) > MaxQueryInput {
		return q, urlBadRequest("query", fmt.Sprintf("Search text is too long. Please use at most %d characters.", MaxListingText))
	}
	q.Text = urlCleanText(rawText)
	if len(strings.Fields(q.Text)) > MaxQueryTerms {
		return q, urlBadRequest("query", fmt.Sprintf("Search text has too many words. Please use at most %d.", MaxQueryTerms))
	}
	if p, err := strconv.Atoi(strings.TrimSpace(urlFirst(values, "page"))); err == nil && p > 1 {
		q.Page = p
	}
	if s := strings.TrimSpace(urlFirst(values, "sortBy")); urlSorts[s] {
		q.Sort = s
	}

	params := urlRefinementParams(values)
	perFacet, total := map[string]int{}, 0
	for _, r := range params {
		perFacet[r.facet] += len(r.values)
		total += len(r.values)
		if perFacet[r.facet] > urlMaxFacetValues {
			return q, urlBadRequest("refinementList["+r.facet+"]", fmt.Sprintf("Too many %s filters. Please choose at most %d.", r.facet, urlMaxFacetValues))
		}
	}
	if total > MaxFilterValues {
		return q, urlBadRequest("refinementList", fmt.Sprintf("Too many filters. Please choose at most %d.", MaxFilterValues))
	}
	for _, r := range params {
		for _, raw := range r.values {
			add(r.facet, v.canonicalValue(r.facet, urlCleanText(raw)))
		}
	}

	fields := map[string]string{}
	for key, vals := range values {
		facet, ok := strings.CutPrefix(key, "range[")
		if !ok || !strings.HasSuffix(facet, "]") || len(vals) == 0 {
			continue
		}
		facet = strings.TrimSuffix(facet, "]")
		if !urlRangeFacets[facet] {
			continue
		}
		rg, err := urlParseRange(vals[0])
		if err != nil {
			fields[key] = err.Error()
			continue
		}
		if rg.Min != nil || rg.Max != nil {
			q.Ranges[facet] = rg
		}
	}
	if len(fields) > 0 {
		keys := slices.Sorted(maps.Keys(fields))
		return q, &catalog.Error{Code: catalog.EInvalid, Message: "Invalid search: " + strings.Join(keys, ", ") + " must be min:max with numbers, either end may be empty.", Fields: fields}
	}
	near, err := v.parseNear(values)
	if err != nil {
		return q, err
	}
	q.Near = near
	v.applyDefaultCity(&q, values)
	return q, nil
}

// Messages of a distance search (docs/behaviour/http.md#distance).
const (
	MsgNoDistanceSearch      = "Search by distance is not available on this site."
	MsgDistanceNeedsPostcode = "Enter a postcode to search within a distance."
	MsgDistanceOption        = "Distance must be 10, 25, 50, 100, 250 or 500 km."
)

// parseNear reads postcode and distance: nil when neither is given, a
// postcode alone measures the cars without limiting them. An unknown
// postcode, a distance not offered, a distance without a postcode, or
// either on a site whose country has no postcode table is an invalid
// error naming the field.
func (v Vocabulary) parseNear(values url.Values) (*Near, error) {
	pc := strings.TrimSpace(urlFirst(values, "postcode"))
	dist := strings.TrimSpace(urlFirst(values, "distance"))
	if pc == "" && dist == "" {
		return nil, nil
	}
	fields := map[string]string{}
	n := &Near{Postcode: pc}
	switch {
	case v.PostcodeCountry == "":
		if pc != "" {
			fields["postcode"] = MsgNoDistanceSearch
		}
		if dist != "" {
			fields["distance"] = MsgNoDistanceSearch
		}
	case pc == "":
		fields["postcode"] = MsgDistanceNeedsPostcode
	default:
		p, err := geo.LookupIn(v.PostcodeCountry, pc)
		switch {
		case err == nil:
			n.Postcode, n.Lat, n.Lng = p.Postcode, p.Lat, p.Lng
		case catalog.ErrorCode(err) == catalog.ENotFound:
			fields["postcode"] = geo.MsgPostcodeNotIn(v.PostcodeCountry)
		default:
			fields["postcode"] = geo.MsgPostcodeFormat
		}
	}
	if dist != "" && v.PostcodeCountry != "" {
		km, err := strconv.Atoi(dist)
		if err != nil || !slices.Contains(Distances, km) {
			fields["distance"] = MsgDistanceOption
		}
		n.KM = km
	}
	if len(fields) > 0 {
		msg := fields["postcode"]
		if msg == "" {
			msg = fields["distance"]
		}
		return nil, &catalog.Error{Code: catalog.EInvalid, Message: msg, Fields: fields}
	}
	return n, nil
}

// applyDefaultCity gives a listing that names no city the site's default
// city, unless its URL asks for any city. Only a query that parsed is
// given one.
func (v Vocabulary) applyDefaultCity(q *Query, values url.Values) {
	if v.DefaultCity == "" || len(q.Refinements["city"]) > 0 {
		return
	}
	if strings.EqualFold(strings.TrimSpace(urlFirst(values, "city")), AnyCityValue) {
		q.AnyCity = true
		return
	}
	q.Refinements["city"] = []string{v.DefaultCity}
}

func urlParsePath(path string, v *Vocabulary) (*urlPathState, error) {
	st := newURLPathState(v)
	path = strings.TrimSpace(path)
	if path == "" {
		return st, nil
	}
	if len(path) > urlMaxPathLen {
		return nil, urlNotFound(path[:40]+"…", "Listing path too long.")
	}
	segs := strings.FieldsFunc(strings.ToLower(path), func(r rune) bool { return r == '/' })
	if len(segs) == 0 || segs[0] != "search" {
		return nil, urlNotFound(path, "Not a listing path: "+strconv.Quote(path)+".")
	}
	segs = segs[1:]
	if len(segs) > urlMaxSegments {
		return nil, urlNotFound(path, "Listing path has too many segments.")
	}
	for _, seg := range segs {
		seg = strings.TrimSpace(seg)
		kind, value, types, repeated := st.classify(seg)
		if kind == urlSegNone {
			if repeated != urlSegNone {
				return nil, urlNotFound(seg, "Listing path segment "+strconv.Quote(seg)+" repeats the "+urlSegNames[repeated]+".")
			}
			return nil, urlNotFound(seg, "Unknown listing path segment "+strconv.Quote(seg)+".")
		}
		st.take(kind, value, types)
	}
	return st, nil
}

func urlFirst(values url.Values, key string) string {
	if vs := values[key]; len(vs) > 0 {
		return vs[0]
	}
	return ""
}

// cleanText drops control characters and invalid bytes, collapses
// whitespace and cuts to MaxListingText characters. It is idempotent, so a
// canonical URL reads back to the same text.
func urlCleanText(s string) string {
	if len(s) > 64*MaxListingText {
		// Whitespace aside, only the first MaxListingText characters survive;
		// bound the work on very long input.
		s = s[:64*MaxListingText]
	}
	s = strings.ToValidUTF8(s, "\uFFFD")
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) && !unicode.IsSpace(r) {
			return -1
		}
		return r
	}, s)
	s = strings.Join(strings.Fields(s), " ")
	if utf8.RuneCountInString(s) > MaxListingText {
		s = string([]rune(s)[:MaxListingText])
	}
	return strings.TrimSpace(s)
}

// canonicalValue spells a refinement value the way the stock does when it
// differs only in case ("toyota" → "Toyota"), so such URLs still match.
func (v *Vocabulary) canonicalValue(facet, val string) string {
	if val == "" {
		return ""
	}
	find := func(m map[string]string, slug string) (string, bool) {
		if w, ok := m[slug]; ok && strings.EqualFold(w, val) {
			return w, true
		}
		return "", false
	}
	switch facet {
	case "car_type":
		for _, t := range []string{catalog.TypeNew, catalog.TypeDemo, catalog.TypeUsed} {
			if strings.EqualFold(t, val) {
				return t
			}
		}
	case "make":
		if w, ok := find(v.Makes, listingSlug(val)); ok {
			return w
		}
	case "body":
		if w, ok := find(v.Bodies, listingSlug(val)); ok {
			return w
		}
	case "model":
		slug := listingSlug(val)
		for _, mk := range urlSortedKeys(v.Models) {
			if w, ok := find(v.Models[mk], slug); ok {
				return w
			}
		}
	case "location_name", "dealership_name", "city":
		m := v.Locations
		switch facet {
		case "dealership_name":
			m = v.Dealerships
		case "city":
			m = v.Cities
		}
		best := ""
		for _, w := range m {
			if strings.EqualFold(w, val) && (best == "" || w < best) {
				best = w
			}
		}
		if best != "" {
			return best
		}
	}
	return val
}

type urlRefinementParam struct {
	facet  string
	index  int // -1 when the key has no numeric index
	key    string
	values []string
}

// urlRefinementParams reads refinementList[facet][i] (also [] or no index) for
// known facets, ordered by index so values keep the order the URL gave.
func urlRefinementParams(values url.Values) []urlRefinementParam {
	var out []urlRefinementParam
	for key, vals := range values {
		rest, ok := strings.CutPrefix(key, "refinementList[")
		if !ok {
			continue
		}
		facet, rest, ok := strings.Cut(rest, "]")
		if !ok || !urlRefinementFacets[facet] {
			continue
		}
		index := -1
		if rest != "" {
			inner, ok := strings.CutPrefix(rest, "[")
			if !ok || !strings.HasSuffix(inner, "]") {
				continue
			}
			if n, err := strconv.Atoi(strings.TrimSuffix(inner, "]")); err == nil && n >= 0 {
				index = n
			}
		}
		out = append(out, urlRefinementParam{facet: facet, index: index, key: key, values: vals})
	}
	slices.SortFunc(out, func(a, b urlRefinementParam) int {
		// Numbered values first, by number; the rest by key, for a stable order.
		ai, bi := a.index, b.index
		if ai < 0 {
			ai = math.MaxInt
		}
		if bi < 0 {
			bi = math.MaxInt
		}
		if ai != bi {
			if ai < bi {
				return -1
			}
			return 1
		}
		return strings.Compare(a.key, b.key)
	})
	return out
}

type urlRangeError string

func (e urlRangeError) Error() string { return string(e) }

// parseRange reads "min:max"; either end may be empty, reversed ends swap.
func urlParseRange(raw string) (Range, error) {
	lo, hi, ok := strings.Cut(strings.TrimSpace(raw), ":")
	if !ok {
		if strings.TrimSpace(raw) == "" {
			return Range{}, nil
		}
		return Range{}, urlRangeError("must be min:max, for example 5000:30000")
	}
	var rg Range
	for _, end := range []struct {
		text string
		dst  **float64
	}{{lo, &rg.Min}, {hi, &rg.Max}} {
		text := strings.TrimSpace(end.text)
		if text == "" {
			continue
		}
		f, err := strconv.ParseFloat(text, 64)
		if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
			return Range{}, urlRangeError(strconv.Quote(text) + " is not a number")
		}
		*end.dst = &f
	}
	if rg.Min != nil && rg.Max != nil && *rg.Min > *rg.Max {
		rg.Min, rg.Max = rg.Max, rg.Min
	}
	return rg, nil
}

// CanonicalURL is ParseListing's inverse: the listing path and query string
// for q. A car type with a path of its own, a single make (and a single model
// of it), a single body, dealership, location or city become path segments, as
// long as the segment reads back as the same filter; everything else goes in
// the query string in a fixed order: query, refinementList by facet name
// (values in the given order), range by facet name, sortBy, page.
func CanonicalURL(q Query, v Vocabulary) (path string, rawQuery string) {
	rest := map[string][]string{}
	for facet, vals := range q.Refinements {
		if urlRefinementFacets[facet] && len(vals) > 0 {
			rest[facet] = vals
		}
	}
	st := newURLPathState(&v)
	var segs []string
	// try writes slug as the next segment if it reads back as kind; then
	// facet's refinement is covered by the path.
	try := func(kind int, slug, facet string) {
		if slug == "" {
			return
		}
		k, value, types, _ := st.classify(slug)
		if k != kind {
			return
		}
		st.take(k, value, types)
		segs = append(segs, slug)
		delete(rest, facet)
	}
	if types := rest["car_type"]; len(types) > 0 {
		for _, tp := range urlTypePaths {
			if tp.types != nil && urlSameSet(tp.types, types) {
				try(urlSegType, tp.slug, "car_type")
				break
			}
		}
	}
	single := func(facet string) string {
		if vals := rest[facet]; len(vals) == 1 {
			return vals[0]
		}
		return ""
	}
	if mk := single("make"); mk != "" {
		try(urlSegMake, urlSlugFor(v.Makes, mk), "make")
	}
	if md := single("model"); md != "" && st.seen[urlSegMake] {
		try(urlSegModel, urlSlugFor(v.Models[st.make], md), "model")
	}
	if b := single("body"); b != "" {
		try(urlSegBody, urlSlugFor(v.Bodies, b), "body")
	}
	if d := single("dealership_name"); d != "" {
		try(urlSegDealership, urlSlugFor(v.Dealerships, d), "dealership_name")
	}
	if l := single("location_name"); l != "" {
		try(urlSegLocation, urlSlugFor(v.Locations, l), "location_name")
	}
	if c := single("city"); c != "" {
		try(urlSegCity, urlSlugFor(v.Cities, c), "city")
	}
	if len(segs) == 0 {
		path = DefaultListingPath
	} else {
		path = "/search/" + strings.Join(segs, "/")
	}

	var b strings.Builder
	rawParam := func(key, value string) {
		if b.Len() > 0 {
			b.WriteByte('&')
		}
		b.WriteString(key)
		b.WriteByte('=')
		b.WriteString(value)
	}
	param := func(key, value string) { rawParam(key, url.QueryEscape(value)) }
	if q.Text != "" {
		param("query", q.Text)
	}
	for _, facet := range urlSortedKeys(rest) {
		for i, val := range rest[facet] {
			// Facet names come from a fixed list of plain words: the
			// brackets stay readable and every client parses them.
			param("refinementList["+facet+"]["+strconv.Itoa(i)+"]", val)
		}
	}
	for _, facet := range urlSortedKeys(q.Ranges) {
		rg := q.Ranges[facet]
		if !urlRangeFacets[facet] || (rg.Min == nil && rg.Max == nil) {
			continue
		}
		// Plain decimals need no escaping; the colon stays readable.
		rawParam("range["+facet+"]", urlFormatBound(rg.Min)+":"+urlFormatBound(rg.Max))
	}
	if q.Near != nil {
		param("postcode", q.Near.Postcode)
		if q.Near.KM > 0 {
			param("distance", strconv.Itoa(q.Near.KM))
		}
	}
	if q.Sort != SortDefault && urlSorts[q.Sort] {
		param("sortBy", q.Sort)
	}
	if q.Page > 1 {
		param("page", strconv.Itoa(q.Page))
	}
	if q.AnyCity && v.DefaultCity != "" && len(q.Refinements["city"]) == 0 {
		param("city", AnyCityValue)
	}
	return path, b.String()
}

// slugFor finds value's slug in a slug → value map; the smallest slug wins
// when several spell the same value.
func urlSlugFor(m map[string]string, value string) string {
	if s := listingSlug(value); s != "" && m[s] == value {
		return s
	}
	best := ""
	for s, w := range m {
		if w == value && (best == "" || s < best) {
			best = s
		}
	}
	return best
}

func urlSameSet(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for _, x := range a {
		if !slices.Contains(b, x) {
			return false
		}
	}
	for _, x := range b {
		if !slices.Contains(a, x) {
			return false
		}
	}
	return true
}

func urlFormatBound(f *float64) string {
	if f == nil {
		return ""
	}
	return strconv.FormatFloat(*f, 'f', -1, 64)
}

func urlSortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
