package search

import (
	"errors"
	"net/url"
	"reflect"
	"testing"

	"forecourt/internal/catalog"
)

// FuzzParseListing: any listing URL either fails with one of our errors or
// parses to a query whose canonical URL reads back to itself. The seeds are
// inline so `go test -fuzz=FuzzParseListing -fuzztime=10s` runs anywhere.
func FuzzParseListing(f *testing.F) {
	seeds := []struct{ path, query string }{
		{"/search/new-used-and-demo-cars/", ""},
		{"/search/used-cars/toyota/corolla", "query=hilux&page=2&sortBy=price_asc"},
		{"/search/toyota/suv", "refinementList[make][0]=Toyota&refinementList[make][1]=Mazda&range[price]=5000:30000"},
		{"/search/new-and-demo-cars/summit-mazda", "refinementList[car_type][0]=used&range[km]=:10000"},
		{"/search/summit-ford-noosa", "refinementList[location_name][0]=summit+kia+maroochydore&page=0"},
		{"/search", "range[price]=abc"},
		{"/search", "range[price]=30000:5000&range[year]=2020:&page=1000000000"},
		{"/search/mazda/cx-5", "query=%00%20%09x&sortBy=nope&sortBy=km_asc&refinementList[wheels][0]=4"},
		{"/search/flying-cars", ""},
		{"/search//USED-CARS//Toyota/", "refinementList[make][]=kia&refinementList[make]=KIA&refinementList[car_type][9]=NEW"},
		{"/search", "query=%ff%fe&refinementList[badge][0]=%E2%80%8B&refinementList[colour][0]=a%26b"},
		{"/cars/x", "page=-1"},
	}
	for _, s := range seeds {
		f.Add(s.path, s.query)
	}
	v := urlTestVocab(f, "summit-motor-group")
	f.Fuzz(func(t *testing.T, path, rawQuery string) {
		values, _ := url.ParseQuery(rawQuery) // a partly bad query string still yields values
		q, err := ParseListing(path, values, v)
		if err != nil {
			var e *catalog.Error
			if !errors.As(err, &e) || (e.Code != catalog.EInvalid && e.Code != catalog.ENotFound) || len(e.Fields) == 0 {
				t.Fatalf("ParseListing(%q, %q): unexpected error %#v", path, rawQuery, err)
			}
			return
		}
		if q.Page < 1 || len([]rune(q.Text)) > MaxListingText {
			t.Fatalf("unsanitised query %s", dumpQ(q))
		}
		p1, r1 := CanonicalURL(q, v)
		q2, err := ParseListing(p1, mustQuery(t, r1), v)
		if err != nil {
			t.Fatalf("canonical %s?%s of %q %q does not parse: %v", p1, r1, path, rawQuery, err)
		}
		p2, r2 := CanonicalURL(q2, v)
		if p1 != p2 || r1 != r2 {
			t.Fatalf("canonical form unstable: %s?%s then %s?%s", p1, r1, p2, r2)
		}
		// After one trip the query is a fixed point.
		q3, err := ParseListing(p2, mustQuery(t, r2), v)
		if err != nil || !reflect.DeepEqual(q2, q3) {
			t.Fatalf("not a fixed point: %s then %s (%v)", dumpQ(q2), dumpQ(q3), err)
		}
	})
}
