package apitypes_test

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"forecourt/internal/apitypes"
	"forecourt/internal/tenant"
	"forecourt/tenants"
)

// Every field of the public config is the site's field of that JSON name,
// copied: its JSON is the site field's or a part of it (a public type may
// leave fields out, never add or change one). A field named here but not
// copied would reach the browser empty.
func TestPublicCopiesEachFieldItNames(t *testing.T) {
	reg, err := tenant.Load(tenants.FS)
	if err != nil {
		t.Fatal(err)
	}
	siteFields := map[string]reflect.StructField{}
	st := reflect.TypeFor[tenant.Site]()
	for i := range st.NumField() {
		f := st.Field(i)
		siteFields[strings.Split(f.Tag.Get("json"), ",")[0]] = f
	}
	pt := reflect.TypeFor[apitypes.Public]()
	sites := []tenant.Site{filledSite()}
	for _, s := range reg.Sites() {
		sites = append(sites, *s)
	}
	for _, site := range sites {
		pub := reflect.ValueOf(apitypes.FromSite(&site))
		sv := reflect.ValueOf(site)
		for i := range pt.NumField() {
			f := pt.Field(i)
			name := strings.Split(f.Tag.Get("json"), ",")[0]
			sf, ok := siteFields[name]
			if !ok {
				t.Fatalf("public field %s (%s) is no site field of that name", name, f.Type)
			}
			got, want := jsonValue(t, pub.Field(i).Interface()), jsonValue(t, sv.FieldByIndex(sf.Index).Interface())
			if path, ok := within(got, want, name); !ok {
				t.Errorf("%s: public %s differs from the site's", site.Slug, path)
			}
		}
	}
}

func jsonValue(t *testing.T, v any) any {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var out any
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// within reports whether JSON value part is whole with some object keys
// left out, and where it is not.
func within(part, whole any, path string) (string, bool) {
	switch p := part.(type) {
	case map[string]any:
		w, ok := whole.(map[string]any)
		if !ok {
			return path, false
		}
		for k, v := range p {
			wv, ok := w[k]
			if !ok {
				return path + "." + k, false
			}
			if at, ok := within(v, wv, path+"."+k); !ok {
				return at, false
			}
		}
		return "", true
	case []any:
		w, ok := whole.([]any)
		if !ok || len(w) != len(p) {
			return path, false
		}
		for i := range p {
			if at, ok := within(p[i], w[i], path+"[]"); !ok {
				return at, false
			}
		}
		return "", true
	default:
		return path, reflect.DeepEqual(part, whole)
	}
}

// The lead delivery config (webhook addresses, secret names) and anything
// not named by Public stay on the server.
func TestPublicLeavesOutWhatItDoesNotName(t *testing.T) {
	reg, err := tenant.Load(tenants.FS)
	if err != nil {
		t.Fatal(err)
	}
	const secret = "s3cr3t-value-never-public"
	for _, s := range reg.Sites() {
		site := *s
		site.File = secret
		site.Leads.Destinations = append(site.Leads.Destinations, tenant.LeadDestination{
			Name:    secret,
			Webhook: &tenant.LeadWebhook{URL: "https://hooks.example/" + secret, SecretEnv: secret},
			Email:   &tenant.LeadEmail{PasswordEnv: secret, SMTPHost: secret},
		})
		site.Pages = append(site.Pages, tenant.Page{Path: "/secret", Content: secret, FAQs: []tenant.FAQ{{Answer: secret}}})
		b, err := json.Marshal(apitypes.FromSite(&site))
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(b), secret) || strings.Contains(string(b), `"leads"`) {
			t.Errorf("%s: the public config carries what it does not name: %s", site.Slug, b)
		}
		pb, _ := json.Marshal(apitypes.FromPages(&site))
		if strings.Contains(string(pb), secret) || !strings.Contains(string(pb), `"/secret"`) {
			t.Errorf("%s: public pages %s: want the page listed without its content", site.Slug, pb)
		}
	}
}
