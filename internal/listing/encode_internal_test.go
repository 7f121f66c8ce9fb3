package listing

import (
	"encoding/json"
	"testing"

	"forecourt/internal/apitypes"
	"forecourt/internal/search"
)

// The facets written by hand are byte for byte what encoding/json writes,
// for the strings a feed may hold: quotes, markup, control characters,
// line separators and bytes that are not UTF-8.
func TestFacetsAreWrittenAsEncodingJSONWrites(t *testing.T) {
	t.Parallel()
	strs := []string{"", "Toyota", `Say "hi"`, `back\slash`, "<b>&amp;</b>", "tab\tnew\nline\rcr\b\f", "\x00\x1f\x7f",
		"Škoda Citroën 日本", "line\u2028para\u2029", "bad \xff\xfe byte", "\xe2\x82"}
	// The facet value as the API description writes it.
	type facetWire struct {
		Label string `json:"label"`
		Value string `json:"value"`
		Count int    `json:"count"`
	}
	facets := map[string][]search.FacetValue{}
	wire := map[string][]facetWire{}
	for i, s := range strs {
		facets[s] = []search.FacetValue{{Label: s, Value: strs[(i+1)%len(strs)], Count: i * 1000}}
		wire[s] = []facetWire{{Label: s, Value: strs[(i+1)%len(strs)], Count: i * 1000}}
	}
	want, err := json.Marshal(wire)
	if err != nil {
		t.Fatal(err)
	}
	if got := appendFacets(nil, facets); string(got) != string(want) {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	for _, s := range strs {
		want, _ := json.Marshal(s)
		if got := appendJSONString(nil, s); string(got) != string(want) {
			t.Errorf("%q: got %s, want %s", s, got, want)
		}
	}
}

// A spliced answer is one JSON document holding its cards, its facets and
// the rest; a card given a distance keeps its fields.
func TestEncodedAnswerIsWhole(t *testing.T) {
	t.Parallel()
	cards := [][]byte{[]byte(`{"id":1}`), nil, withDistance([]byte(`{"id":2}`), 23)}
	b, err := encodeAnswer(cards, map[string][]search.FacetValue{"make": {{Label: "Kia", Value: "Kia", Count: 2}}}, apitypes.SearchAnswer{Count: 2, Path: "/search"})
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Hits []struct {
			ID         int64
			DistanceKM *int `json:"distance_km"`
		}
		Facets map[string][]search.FacetValue
		Count  int
		Path   string
	}
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatalf("%s: %v", b, err)
	}
	if len(got.Hits) != 2 || got.Hits[0].ID != 1 || got.Hits[1].ID != 2 || got.Hits[1].DistanceKM == nil || *got.Hits[1].DistanceKM != 23 ||
		got.Facets["make"][0].Count != 2 || got.Count != 2 || got.Path != "/search" {
		t.Errorf("answer %s", b)
	}
}
