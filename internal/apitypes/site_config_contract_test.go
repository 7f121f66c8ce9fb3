package apitypes_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"reflect"
	"strings"
	"testing"

	"forecourt/internal/apitypes"
	"forecourt/internal/contracttest"
	"forecourt/internal/tenant"
	"forecourt/tenants"
)

// filledSite is a site with every field, down through its nested values,
// set to a value of its own, so a public field dropped, swapped or renamed
// shows in its public config.
func filledSite() tenant.Site {
	var s tenant.Site
	// Link's children nest; a few levels show each field.
	contracttest.Fill(reflect.ValueOf(&s).Elem(), "Site", 6)
	return s
}

var updatePublic = flag.Bool("update", false, "rewrite testdata/public from the sites' public configs")

// testdata/public holds each demo site's public config, and that of a site
// with every field set, as /api/site sends them: a change to the public
// types or a demo config shows here, and is recorded on purpose with
// go test ./internal/apitypes -run TestPublicConfigIsUnchanged -update.
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
		if *updatePublic {
			pub, _ := json.Marshal(apitypes.FromSite(&s))
			pages, _ := json.Marshal(apitypes.FromPages(&s))
			if os.WriteFile("testdata/public/"+name+".json", append(pub, '\n'), 0o644) != nil ||
				os.WriteFile("testdata/public/"+name+".pages.json", append(pages, '\n'), 0o644) != nil {
				t.Fatal("could not write testdata/public")
			}
		}
		want, err := os.ReadFile("testdata/public/" + name + ".json")
		if err != nil {
			t.Fatal(err)
		}
		got, err := json.Marshal(apitypes.FromSite(&s))
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
		if got, _ = json.Marshal(apitypes.FromPages(&s)); !bytes.Equal(got, bytes.TrimSpace(want)) {
			t.Errorf("%s: public pages\n%s\nwant\n%s", name, got, want)
		}
	}
}

// No field of the public config, however deep, has a type of the site's
// config (Features, Finance, Link…): each nested value is a public type
// that names its fields, so a field added to a config type stays on the
// server until a public type names it too.
func TestPublicHoldsNoConfigType(t *testing.T) {
	types := contracttest.NamedTypes(reflect.TypeFor[apitypes.Public](), "Public")
	for path, typ := range contracttest.NamedTypes(reflect.TypeFor[[]apitypes.PublicPage](), "PublicPages") {
		types[path] = typ
	}
	for path, typ := range types {
		if strings.HasSuffix(typ.PkgPath(), "/internal/tenant") {
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
	for _, typ := range contracttest.NamedTypes(reflect.TypeFor[probe](), "probe") {
		found = found || typ == reflect.TypeFor[tenant.Link]()
	}
	if !found {
		t.Error("namedTypesIn missed a config type inside a map of slices of pointers")
	}
}
