package tenant_test

import (
	"bytes"
	"encoding/json"
	"os"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"forecourt/internal/tenant"
	"forecourt/tenants"
)

// filledSite is a site with every field, down through its nested values,
// set to a value of its own, so a public field dropped, swapped or renamed
// shows in its public config.
func filledSite() tenant.Site {
	var s tenant.Site
	fillValue(reflect.ValueOf(&s).Elem(), "Site", 0)
	return s
}

func fillValue(v reflect.Value, path string, depth int) {
	if depth > 6 { // Link's children nest; a few levels show each field
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
	case reflect.Pointer:
		v.Set(reflect.New(v.Type().Elem()))
		fillValue(v.Elem(), path, depth+1)
	case reflect.Slice:
		v.Set(reflect.MakeSlice(v.Type(), 2, 2))
		for i := range 2 {
			fillValue(v.Index(i), path+"["+strconv.Itoa(i)+"]", depth+1)
		}
	case reflect.Map:
		v.Set(reflect.MakeMap(v.Type()))
		e := reflect.New(v.Type().Elem()).Elem()
		fillValue(e, path+"[key]", depth+1)
		v.SetMapIndex(reflect.ValueOf("key"), e)
	case reflect.Struct:
		for i := range v.NumField() {
			fillValue(v.Field(i), path+"."+v.Type().Field(i).Name, depth+1)
		}
	}
}

// testdata/public holds each demo site's public config, and that of a site
// with every field set, as /api/site sent them before the public config
// had types of its own: the public types change none of it.
func TestPublicConfigIsUnchanged(t *testing.T) {
	reg, err := tenant.Load(tenants.FS)
	if err != nil {
		t.Fatal(err)
	}
	sites := map[string]tenant.Site{"filled": filledSite()}
	for _, s := range reg.Sites() {
		sites[s.Slug] = *s
	}
	for name, s := range sites {
		want, err := os.ReadFile("testdata/public/" + name + ".json")
		if err != nil {
			t.Fatal(err)
		}
		got, err := json.Marshal(s.Public())
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, bytes.TrimSpace(want)) {
			t.Errorf("%s: public config\n%s\nwant\n%s", name, got, want)
		}
		want, err = os.ReadFile("testdata/public/" + name + ".pages.json")
		if err != nil {
			t.Fatal(err)
		}
		if got, _ = json.Marshal(s.PublicPages()); !bytes.Equal(got, bytes.TrimSpace(want)) {
			t.Errorf("%s: public pages\n%s\nwant\n%s", name, got, want)
		}
	}
}

// No field of the public config, however deep, has a type of the site's
// config (Features, Finance, Link…): each nested value is a public type
// that names its fields, so a field added to a config type stays on the
// server until a public type names it too.
func TestPublicHoldsNoConfigType(t *testing.T) {
	types := namedTypesIn(reflect.TypeFor[tenant.Public](), "Public")
	for path, typ := range namedTypesIn(reflect.TypeFor[[]tenant.PublicPage](), "PublicPages") {
		types[path] = typ
	}
	for path, typ := range types {
		if path != "Public" && strings.HasSuffix(typ.PkgPath(), "/internal/tenant") && !strings.HasPrefix(typ.Name(), "Public") {
			t.Errorf("%s is %s, a config type", path, typ)
		}
	}
}

// The walk finds a config type where one is, so the test above can fail.
func TestNamedTypesInFindsConfigTypes(t *testing.T) {
	type probe struct {
		Deep map[string][]*struct{ L tenant.Link }
	}
	found := false
	for _, typ := range namedTypesIn(reflect.TypeFor[probe](), "probe") {
		found = found || typ == reflect.TypeFor[tenant.Link]()
	}
	if !found {
		t.Error("namedTypesIn missed a config type inside a map of slices of pointers")
	}
}

// namedTypesIn are the named types reachable from root, by a path to each.
func namedTypesIn(root reflect.Type, name string) map[string]reflect.Type {
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
