// Package contracttest helps the tests that hold a type's JSON to a
// contract: it fills a value down through its nested values, each with a
// value of its own, so a field a conversion drops, swaps or renames shows;
// and it lists the named types a type reaches, so a test can refuse a type
// from a package the contract must not depend on.
package contracttest

import (
	"reflect"
	"strconv"
	"time"
)

// Fill sets v, and everything in it down to depth levels, to values told
// apart by their path (path names v). A value Fill cannot set panics, so a
// new kind of field is never silently left empty; below depth (for types
// that nest themselves) values are left as they are.
func Fill(v reflect.Value, path string, depth int) {
	fill(v, path, depth, 0)
}

func fill(v reflect.Value, path string, maxDepth, depth int) {
	if depth > maxDepth {
		return
	}
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
		fill(v.Elem(), path, maxDepth, depth+1)
	case reflect.Slice:
		v.Set(reflect.MakeSlice(v.Type(), 2, 2))
		for i := range 2 {
			fill(v.Index(i), path+"["+strconv.Itoa(i)+"]", maxDepth, depth+1)
		}
	case reflect.Map:
		v.Set(reflect.MakeMap(v.Type()))
		e := reflect.New(v.Type().Elem()).Elem()
		fill(e, path+"[key]", maxDepth, depth+1)
		v.SetMapIndex(reflect.ValueOf("key"), e)
	case reflect.Struct:
		if v.Type() == reflect.TypeFor[time.Time]() {
			v.Set(reflect.ValueOf(time.Date(2026, 1, 1, 0, 0, len(path), 0, time.UTC)))
			return
		}
		for i := range v.NumField() {
			fill(v.Field(i), path+"."+v.Type().Field(i).Name, maxDepth, depth+1)
		}
	}
	if v.IsZero() {
		panic("contracttest.Fill: no value for " + path + " " + v.Type().String())
	}
}

// NamedTypes are the named types reachable from root, by a path to each
// (name names root).
func NamedTypes(root reflect.Type, name string) map[string]reflect.Type {
	out := map[string]reflect.Type{}
	seen := map[reflect.Type]bool{}
	var walk func(reflect.Type, string)
	walk = func(typ reflect.Type, path string) {
		if typ.PkgPath() != "" {
			out[path] = typ
		}
		if seen[typ] {
			return
		}
		seen[typ] = true
		switch typ.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Array:
			walk(typ.Elem(), path+"[]")
		case reflect.Map:
			walk(typ.Key(), path+"{key}")
			walk(typ.Elem(), path+"{}")
		case reflect.Struct:
			for i := range typ.NumField() {
				walk(typ.Field(i).Type, path+"."+typ.Field(i).Name)
			}
		}
	}
	walk(root, name)
	return out
}
