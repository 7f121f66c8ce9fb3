package sqlstore

import (
	"bytes"
	"os"
	"reflect"
	"testing"
	"time"

	"forecourt/internal/catalog"
	"forecourt/internal/contracttest"
)

// filledCar is a car with every field, down through its nested values, set
// to a value of its own, so a field the stored record drops, swaps or
// renames shows.
func filledCar() catalog.Car {
	var c catalog.Car
	contracttest.Fill(reflect.ValueOf(&c).Elem(), "Car", 64)
	// The price history and its last drop are read with the car from
	// their own table, never stored in its record.
	c.PriceDroppedAt = time.Time{}
	c.PriceHistory = nil
	return c
}

// testdata/stored_car.json is filledCar as the cars table stored it before
// the stored record had its own type (the catalog.Car JSON of then). Such
// blobs are in databases now: they must read back whole, and a car must
// still be written in exactly that form.
func TestStoredCarFormatIsUnchanged(t *testing.T) {
	old, err := os.ReadFile("testdata/stored_car.json")
	if err != nil {
		t.Fatal(err)
	}
	old = bytes.TrimSpace(old)
	want := filledCar()
	got, err := decodeCar(want.ID, old)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("an old blob reads as\n%+v\nwant\n%+v", got, want)
	}
	data, err := encodeCar(want)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(data, old) {
		t.Errorf("a car is written as\n%s\nwant (the stored form)\n%s", data, old)
	}
}

// filledLead is a lead with every stored field set, its car snapshot
// included; the idempotency key and the visitor's phone have columns of
// their own.
func filledLead() catalog.Lead {
	var l catalog.Lead
	contracttest.Fill(reflect.ValueOf(&l).Elem(), "Lead", 64)
	l.IdempotencyKey, l.UserPhone = "", ""
	l.Payload = map[string]any{"name": "Sam", "car_id": float64(42), "nested": map[string]any{"a": []any{"b"}}}
	l.Options = map[string]any{"trade_in": true}
	return l
}

// testdata/stored_lead.json is filledLead as the leads table stored it
// before the stored lead had its own type; such rows must read back whole,
// and a lead must still be written in exactly that form.
func TestStoredLeadFormatIsUnchanged(t *testing.T) {
	old, err := os.ReadFile("testdata/stored_lead.json")
	if err != nil {
		t.Fatal(err)
	}
	old = bytes.TrimSpace(old)
	want := filledLead()
	got, err := decodeLead(old)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("an old lead reads as\n%+v\nwant\n%+v", got, want)
	}
	data, err := encodeLead(want)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(data, old) {
		t.Errorf("a lead is written as\n%s\nwant (the stored form)\n%s", data, old)
	}
}
