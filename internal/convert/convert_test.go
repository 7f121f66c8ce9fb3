package convert_test

import (
	"reflect"
	"strconv"
	"testing"

	"forecourt/internal/convert"
)

func TestNilStaysNil(t *testing.T) {
	if got := convert.List([]int(nil), strconv.Itoa); got != nil {
		t.Errorf("List(nil) = %#v", got)
	}
	if got := convert.Ptr((*int)(nil), strconv.Itoa); got != nil {
		t.Errorf("Ptr(nil) = %#v", got)
	}
	if got := convert.Map(map[string]int(nil), strconv.Itoa); got != nil {
		t.Errorf("Map(nil) = %#v", got)
	}
}

func TestEmptyStaysEmpty(t *testing.T) {
	if got := convert.List([]int{}, strconv.Itoa); got == nil || len(got) != 0 {
		t.Errorf("List(empty) = %#v, want an empty list", got)
	}
	if got := convert.Map(map[string]int{}, strconv.Itoa); got == nil || len(got) != 0 {
		t.Errorf("Map(empty) = %#v, want an empty map", got)
	}
}

func TestEachValueIsConverted(t *testing.T) {
	if got := convert.List([]int{3, 1, 2}, strconv.Itoa); !reflect.DeepEqual(got, []string{"3", "1", "2"}) {
		t.Errorf("List = %#v", got)
	}
	n := 7
	if got := convert.Ptr(&n, strconv.Itoa); got == nil || *got != "7" {
		t.Errorf("Ptr = %#v", got)
	}
	if got := convert.Map(map[string]int{"a": 1, "b": 2}, strconv.Itoa); !reflect.DeepEqual(got, map[string]string{"a": "1", "b": "2"}) {
		t.Errorf("Map = %#v", got)
	}
}
