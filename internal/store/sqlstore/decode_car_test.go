package sqlstore

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"forecourt/internal/demo"
)

// decodeCar reads stored cars with go-json for speed: it must give what
// encoding/json gives for every demo car, and for the odd records an older
// row or a hand-edited one may hold.
func TestDecodeCarMatchesEncodingJSON(t *testing.T) {
	var records [][]byte
	for _, s := range demo.Generate(time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)) {
		for _, c := range s.Cars {
			b, err := json.Marshal(carToRecord(c))
			if err != nil {
				t.Fatal(err)
			}
			records = append(records, b)
		}
	}
	if len(records) < 1000 {
		t.Fatalf("only %d demo cars", len(records))
	}
	records = append(records,
		[]byte(`{}`),
		[]byte(`{"slug":"x","images":null,"features":[],"price":null,"unknown_field":{"a":[1,2]}}`),
		[]byte(`{"Slug":"case","MAKE":"Toyota","name":"caf\u00e9 \u003cb\u003e","year":2020}`),
	)
	for i, b := range records {
		var r carRecord
		if err := json.Unmarshal(b, &r); err != nil {
			t.Fatalf("record %d: encoding/json: %v", i, err)
		}
		want := carFromRecord(r)
		want.ID = int64(i)
		got, err := decodeCar(int64(i), b)
		if err != nil {
			t.Fatalf("record %d: decodeCar: %v", i, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("record %d decodes differently:\n got %+v\nwant %+v", i, got, want)
		}
	}
	if _, err := decodeCar(1, []byte(`{"year":"twenty"}`)); err == nil {
		t.Error("a year that is not a number decoded")
	}
}
