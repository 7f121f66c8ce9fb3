package tenant_test

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"forecourt/internal/tenant"
	"forecourt/tenants"
)

// Every field of the public config is the site's field of that JSON name
// and type, copied: a field named here but not copied would reach the
// browser empty.
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
	pt := reflect.TypeFor[tenant.Public]()
	for _, site := range reg.Sites() {
		pub := reflect.ValueOf(site.Public())
		sv := reflect.ValueOf(*site)
		for i := range pt.NumField() {
			f := pt.Field(i)
			name := strings.Split(f.Tag.Get("json"), ",")[0]
			sf, ok := siteFields[name]
			if !ok || sf.Type != f.Type {
				t.Fatalf("public field %s (%s) is no site field of that name and type", name, f.Type)
			}
			if !reflect.DeepEqual(pub.Field(i).Interface(), sv.FieldByIndex(sf.Index).Interface()) {
				t.Errorf("%s: public %s differs from the site's", site.Slug, name)
			}
		}
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
		b, err := json.Marshal(site.Public())
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(b), secret) || strings.Contains(string(b), `"leads"`) {
			t.Errorf("%s: the public config carries what it does not name: %s", site.Slug, b)
		}
		pb, _ := json.Marshal(site.PublicPages())
		if strings.Contains(string(pb), secret) || !strings.Contains(string(pb), `"/secret"`) {
			t.Errorf("%s: public pages %s: want the page listed without its content", site.Slug, pb)
		}
	}
}
