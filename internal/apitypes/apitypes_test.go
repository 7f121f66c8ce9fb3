package apitypes

import (
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/goccy/go-yaml"

	"forecourt/internal/catalog"
)

// filled is a stored car with every field set to a value of its own, so a
// field FromCar leaves out or swaps shows.
func filled() catalog.Car {
	var c catalog.Car
	v := reflect.ValueOf(&c).Elem()
	for i := range v.NumField() {
		f := v.Field(i)
		switch f.Kind() {
		case reflect.String:
			f.SetString("value of " + v.Type().Field(i).Name)
		case reflect.Int, reflect.Int64:
			f.SetInt(int64(1000 + i))
		case reflect.Float64:
			f.SetFloat(float64(i) + 0.5)
		case reflect.Bool:
			f.SetBool(true)
		case reflect.Pointer:
			f.Set(reflect.New(f.Type().Elem()))
		case reflect.Slice:
			f.Set(reflect.MakeSlice(f.Type(), 1, 1))
		case reflect.Map:
			f.Set(reflect.MakeMap(f.Type()))
			f.SetMapIndex(reflect.ValueOf("key"), reflect.New(f.Type().Elem()).Elem())
		case reflect.Struct:
			if f.Type() == reflect.TypeFor[time.Time]() {
				f.Set(reflect.ValueOf(time.Date(2026, 1, 1, 0, 0, i, 0, time.UTC)))
			}
		}
		if f.IsZero() {
			t := v.Type().Field(i)
			panic("filled: no value for " + t.Name + " " + t.Type.String())
		}
	}
	return c
}

// Every field of a stored car reaches the API under its own name, unless it
// is listed here as the store's alone (none yet). A new catalog.Car field
// makes this fail until it is added to Car (and api/openapi.yaml) or listed.
func TestFromCarCarriesEveryField(t *testing.T) {
	storedOnly := []string{}
	c := filled()
	got := reflect.ValueOf(FromCar(c))
	want := reflect.ValueOf(c)
	for i := range want.NumField() {
		name := want.Type().Field(i).Name
		f := got.FieldByName(name)
		switch {
		case slices.Contains(storedOnly, name):
			if f.IsValid() {
				t.Errorf("%s is listed as stored only but is in the API's car", name)
			}
		case !f.IsValid():
			t.Errorf("catalog.Car.%s is not in the API's car", name)
		case !reflect.DeepEqual(f.Interface(), want.Field(i).Interface()):
			t.Errorf("%s = %v, want %v", name, f.Interface(), want.Field(i).Interface())
		}
	}
	for i := range got.NumField() {
		if name := got.Type().Field(i).Name; !want.FieldByName(name).IsValid() {
			t.Errorf("Car.%s has no stored field to come from", name)
		}
	}
}

// jsonNames are the JSON names a struct's fields answer with.
func jsonNames(typ reflect.Type) []string {
	var out []string
	for i := range typ.NumField() {
		name, _, _ := strings.Cut(typ.Field(i).Tag.Get("json"), ",")
		if name != "-" && name != "" {
			out = append(out, name)
		}
	}
	slices.Sort(out)
	return out
}

// The API's car has exactly the fields api/openapi.yaml describes for Car,
// so the description lists every field an answer carries and no other.
func TestCarIsTheDescribedCar(t *testing.T) {
	src, err := os.ReadFile("../../api/openapi.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Components struct {
			Schemas map[string]struct {
				Properties map[string]any `yaml:"properties"`
				AllOf      []struct {
					Properties map[string]any `yaml:"properties"`
				} `yaml:"allOf"`
			} `yaml:"schemas"`
		} `yaml:"components"`
	}
	if err := yaml.Unmarshal(src, &doc); err != nil {
		t.Fatal(err)
	}
	described := func(schema string, part int) []string {
		s := doc.Components.Schemas[schema]
		props := s.Properties
		if part >= 0 {
			props = s.AllOf[part].Properties
		}
		names := slices.Sorted(func(yield func(string) bool) {
			for k := range props {
				if !yield(k) {
					return
				}
			}
		})
		return names
	}
	for _, c := range []struct {
		schema string
		part   int // the allOf entry holding the fields beyond Car's; -1 for Car itself
		got    []string
	}{
		{"Car", -1, jsonNames(reflect.TypeFor[Car]())},
		{"SearchHit", 1, jsonNames(reflect.TypeFor[Hit]())},
		{"CarDetail", 1, slices.Sorted(slices.Values(slices.Concat(jsonNames(reflect.TypeFor[Hit]()), jsonNames(reflect.TypeFor[CarDetail]()))))},
	} {
		if want := described(c.schema, c.part); !slices.Equal(c.got, want) {
			t.Errorf("%s: the type answers with %v\nthe description lists %v", c.schema, c.got, want)
		}
	}
}
