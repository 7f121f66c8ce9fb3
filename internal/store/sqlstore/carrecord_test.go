package sqlstore

import (
	"bytes"
	"os"
	"reflect"
	"strconv"
	"testing"
	"time"

	"forecourt/internal/catalog"
)

// filledCar is a car with every field, down through its nested values, set
// to a value of its own, so a field the stored record drops, swaps or
// renames shows.
func filledCar() catalog.Car {
	var c catalog.Car
	fillValue(reflect.ValueOf(&c).Elem(), "Car")
	return c
}

func fillValue(v reflect.Value, path string) {
	switch v.Kind() {
	case reflect.String:
		v.SetString("value of " + path)
	case reflect.Int, reflect.Int64:
		v.SetInt(int64(1000 + len(path)*7 + int(path[len(path)-1])))
	case reflect.Float64:
		v.SetFloat(float64(len(path)) + 0.5)
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Interface:
		v.Set(reflect.ValueOf("value of " + path))
	case reflect.Pointer:
		v.Set(reflect.New(v.Type().Elem()))
		fillValue(v.Elem(), path)
	case reflect.Slice:
		v.Set(reflect.MakeSlice(v.Type(), 2, 2))
		for i := range 2 {
			fillValue(v.Index(i), path+"["+strconv.Itoa(i)+"]")
		}
	case reflect.Map:
		v.Set(reflect.MakeMap(v.Type()))
		e := reflect.New(v.Type().Elem()).Elem()
		fillValue(e, path+"[key]")
		v.SetMapIndex(reflect.ValueOf("key"), e)
	case reflect.Struct:
		if v.Type() == reflect.TypeFor[time.Time]() {
			v.Set(reflect.ValueOf(time.Date(2026, 1, 1, 0, 0, len(path), 0, time.UTC)))
			return
		}
		for i := range v.NumField() {
			fillValue(v.Field(i), path+"."+v.Type().Field(i).Name)
		}
	}
	if v.IsZero() {
		panic("fillValue: no value for " + path + " " + v.Type().String())
	}
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
	fillValue(reflect.ValueOf(&l).Elem(), "Lead")
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
