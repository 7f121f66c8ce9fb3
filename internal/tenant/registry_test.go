package tenant

import (
	"encoding/json"
	"io/fs"
	"math"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"forecourt/internal/colour"
	"forecourt/tenants"
)

func demoRegistry(t *testing.T) *Registry {
	t.Helper()
	r, err := LoadEmbedded()
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// docs/behaviour/http.md#running: a site is chosen by its configured domains and by
// {slug}.localhost on any port; an unknown host gets no site.
func TestByHost(t *testing.T) {
	r := demoRegistry(t)
	cases := []struct {
		host string
		want string // "" = no site
	}{
		{"harbourside-toyota.example", "harbourside-toyota"},
		{"www.harbourside-toyota.example", "harbourside-toyota"},
		{"harbourside-toyota.example:443", "harbourside-toyota"},
		{"southern-alps-motors.example.nz", "southern-alps-motors"},
		{"summit-motor-group.localhost:8080", "summit-motor-group"},
		{"metro-used-cars.localhost", "metro-used-cars"},
		{"Outback-Caravans.LOCALHOST:3000", "outback-caravans"},
		{"WWW.SUMMIT-MOTOR-GROUP.EXAMPLE", "summit-motor-group"},
		{"harbourside-toyota.example.", "harbourside-toyota"},
		{"evil.localhost", ""},
		{"evil.localhost:8080", ""},
		{"harbourside-toyota.localhost.evil.com", ""},
		{"www.harbourside-toyota.localhost", ""},
		{"harbourside-toyota.example.evil.com", ""},
		{"evil-harbourside-toyota.example", ""},
		{"localhost", ""},
		{"localhost:8080", ""},
		{".localhost", ""},
		{"127.0.0.1:8080", ""},
		{"[::1]:8080", ""},
		{"", ""},
		{":8080", ""},
		// A port is 1 to 5 digits.
		{"harbourside-toyota.localhost:" + strings.Repeat("9", 1000), ""},
		{"harbourside-toyota.localhost:123456", ""},
		{"harbourside-toyota.localhost:", ""},
		{"harbourside-toyota.localhost:80a", ""},
		{"harbourside-toyota.localhost:65535", "harbourside-toyota"},
	}
	for _, c := range cases {
		s, ok := r.ByHost(c.host)
		got := ""
		if ok {
			got = s.Slug
		}
		if got != c.want || ok != (c.want != "") {
			t.Errorf("ByHost(%q) = %q, %v; want %q", c.host, got, ok, c.want)
		}
	}
	if _, ok := r.BySlug("nope"); ok {
		t.Error("BySlug(nope) found a site")
	}
}

// docs/behaviour/states.md, 'Why Buy From Us?': "The warranty line is '7 year
// unlimited klm warranty, 5 year roadside assist' for a new car of one
// brand, '5 year unlimited klm warranty, up to 7 years roadside assist' for
// another, otherwise '3 Year Warranty Standard'." The brands are configured
// per site, one line per make the site sells: the demo puts the first on
// Kia and the second on Mazda at summit-motor-group, which sells no Toyota.
func TestWarrantyLine(t *testing.T) {
	r := demoRegistry(t)
	const (
		toyota = "7 year unlimited klm warranty, 5 year roadside assist"
		mazda  = "5 year unlimited klm warranty, up to 7 years roadside assist"
		std    = "3 Year Warranty Standard"
	)
	cases := []struct {
		site, make, carType, want string
	}{
		{"summit-motor-group", "Kia", "new", toyota},
		{"summit-motor-group", "KIA", "new", toyota},
		{"summit-motor-group", "Mazda", "new", mazda},
		{"summit-motor-group", "Mazda", "used", std},
		{"summit-motor-group", "Kia", "demo", std},
		{"summit-motor-group", "Toyota", "new", std},
		{"harbourside-toyota", "Toyota", "new", toyota},
		{"harbourside-toyota", "Mazda", "new", std},
		{"harbourside-toyota", "Toyota", "used", std},
		{"southern-alps-motors", "Toyota", "new", std},
	}
	for _, c := range cases {
		s, _ := r.BySlug(c.site)
		if got := s.WarrantyLine(c.make, c.carType); got != c.want {
			t.Errorf("%s.WarrantyLine(%q, %q) = %q, want %q", c.site, c.make, c.carType, got, c.want)
		}
	}

	// "" matches any make or car type, and the first match wins.
	s := &Site{Wording: Wording{Warranty: []WarrantyLine{
		{Make: "Isuzu", Text: "isuzu any"},
		{CarType: "new", Text: "any new"},
		{Text: "everything else"},
	}}}
	for _, c := range []struct{ make, carType, want string }{
		{"Isuzu", "used", "isuzu any"},
		{"Isuzu", "new", "isuzu any"},
		{"Ford", "new", "any new"},
		{"Ford", "used", "everything else"},
	} {
		if got := s.WarrantyLine(c.make, c.carType); got != c.want {
			t.Errorf("WarrantyLine(%q, %q) = %q, want %q", c.make, c.carType, got, c.want)
		}
	}
}

// schema.json must describe exactly the fields of Site: a field the schema
// lacks could never be set, and a schema key the struct lacks would be
// silently dropped.
func TestSchemaMatchesSiteStruct(t *testing.T) {
	_, raw := siteSchema()
	seen := map[reflect.Type]bool{} // Link nests itself
	var walk func(path string, sch map[string]any, typ reflect.Type)
	walk = func(path string, sch map[string]any, typ reflect.Type) {
		sch = resolveRef(raw, sch)
		for typ.Kind() == reflect.Pointer {
			typ = typ.Elem()
		}
		switch typ.Kind() {
		case reflect.Struct:
			if seen[typ] {
				return
			}
			seen[typ] = true
			if sch["type"] != "object" || sch["additionalProperties"] != false {
				t.Errorf("%s: want a closed object schema", path)
			}
			props, _ := sch["properties"].(map[string]any)
			var fields []string
			for i := range typ.NumField() {
				f := typ.Field(i)
				tag := strings.Split(f.Tag.Get("yaml"), ",")[0]
				if tag == "-" {
					continue
				}
				if jt := strings.Split(f.Tag.Get("json"), ",")[0]; jt != tag {
					t.Errorf("%s.%s: yaml tag %q differs from json tag %q", path, f.Name, tag, jt)
				}
				fields = append(fields, tag)
				ps, ok := props[tag].(map[string]any)
				if !ok {
					t.Errorf("%s.%s: not in schema.json", path, tag)
					continue
				}
				walk(path+"."+tag, ps, f.Type)
			}
			for k := range props {
				if !slices.Contains(fields, k) {
					t.Errorf("%s.%s: in schema.json but not in Site", path, k)
				}
			}
		case reflect.Slice:
			if sch["type"] != "array" {
				t.Errorf("%s: want array, schema says %v", path, sch["type"])
				return
			}
			walk(path+"[]", sch["items"].(map[string]any), typ.Elem())
		case reflect.Map:
			if sch["type"] != "object" {
				t.Errorf("%s: want object, schema says %v", path, sch["type"])
			}
			// Maps with fixed keys list them; free maps give a value schema.
			if props, ok := sch["properties"].(map[string]any); ok {
				for k, ps := range props {
					walk(path+"."+k, ps.(map[string]any), typ.Elem())
				}
			} else if ap, ok := sch["additionalProperties"].(map[string]any); ok {
				walk(path+".*", ap, typ.Elem())
			} else {
				t.Errorf("%s: map without properties or additionalProperties schema", path)
			}
		case reflect.String:
			want(t, path, sch, "string")
		case reflect.Bool:
			want(t, path, sch, "boolean")
		case reflect.Int, reflect.Int64:
			want(t, path, sch, "integer")
		case reflect.Float64:
			want(t, path, sch, "number")
		default:
			t.Errorf("%s: unhandled Go kind %s", path, typ.Kind())
		}
	}
	walk("site", raw, reflect.TypeFor[Site]())
}

func want(t *testing.T, path string, sch map[string]any, typ string) {
	t.Helper()
	if sch["type"] != typ {
		t.Errorf("%s: schema type %v, want %s", path, sch["type"], typ)
	}
}

// The schema file is valid JSON with the required keys the brief fixes.
func TestSchemaRequiredKeys(t *testing.T) {
	src, err := fs.ReadFile(tenants.FS, "schema.json")
	if err != nil {
		t.Fatal(err)
	}
	var s struct {
		Schema     string   `json:"$schema"`
		Required   []string `json:"required"`
		Properties struct {
			Theme struct {
				Properties struct {
					Colors struct {
						Required []string `json:"required"`
					} `json:"colors"`
				} `json:"properties"`
			} `json:"theme"`
		} `json:"properties"`
	}
	if err := json.Unmarshal(src, &s); err != nil {
		t.Fatal(err)
	}
	if s.Schema != "https://json-schema.org/draft/2020-12/schema" {
		t.Errorf("$schema = %q", s.Schema)
	}
	sort.Strings(s.Required)
	if want := []string{"country", "currency", "name", "slug", "theme", "timezone"}; !slices.Equal(s.Required, want) {
		t.Errorf("required = %v, want %v", s.Required, want)
	}
	for _, c := range []string{"primary", "primary-foreground", "header", "header-foreground"} {
		if !slices.Contains(s.Properties.Theme.Properties.Colors.Required, c) {
			t.Errorf("theme.colors.%s not required", c)
		}
	}
}

// Every demo theme's foreground colours reach WCAG AA (4.5:1) on their
// backgrounds, so text stays readable whatever the brand.
func TestDemoThemeContrast(t *testing.T) {
	pairs := [][2]string{
		{"background", "foreground"},
		{"primary", "primary-foreground"},
		{"secondary", "secondary-foreground"},
		{"muted", "muted-foreground"},
		{"accent", "accent-foreground"},
		{"header", "header-foreground"},
		{"footer", "footer-foreground"},
		{"destructive", "destructive-foreground"},
		{"background", "primary"}, // primary is also used for links
		{"background", "muted-foreground"},
	}
	for _, s := range demoRegistry(t).Sites() {
		for _, p := range pairs {
			bg, fg := s.Theme.Colors[p[0]], s.Theme.Colors[p[1]]
			if bg == "" || fg == "" {
				t.Errorf("%s: missing %s or %s", s.Slug, p[0], p[1])
				continue
			}
			if ratio := colour.Contrast(bg, fg); ratio < 4.5 {
				t.Errorf("%s: %s %s on %s %s has contrast %.2f, want ≥ 4.5", s.Slug, p[1], fg, p[0], bg, ratio)
			}
		}
	}
	// The check itself must be able to fail.
	if r := colour.Contrast("#ffffff", "#ffff00"); r >= 4.5 {
		t.Fatalf("colour.Contrast(white, yellow) = %.2f", r)
	}
	if r := colour.Contrast("#ffffff", "#000000"); math.Abs(r-21) > 0.01 {
		t.Fatalf("colour.Contrast(white, black) = %.2f, want 21", r)
	}
}

// A demo offer runs for a believable while: a dated one for at most a
// year, otherwise it recurs with the month or the season; never "until
// 2099", and a seasonal sale names its season's days.
func TestDemoOffersHaveBelievableDates(t *testing.T) {
	r := demoRegistry(t)
	for _, s := range r.Sites() {
		for _, o := range s.Offers {
			switch o.Every {
			case "month", "year":
				continue
			}
			start, err1 := time.Parse(time.DateOnly, o.Start)
			expiry, err2 := time.Parse(time.DateOnly, o.Expiry)
			if err1 != nil || err2 != nil || expiry.Sub(start) > 366*24*time.Hour {
				t.Errorf("%s: offer %q runs %s to %s; a long-running deal recurs every month or year", s.Slug, o.Title, o.Start, o.Expiry)
			}
		}
	}
}

// A demo promo card is dated like an offer, relative to today: the run it
// shows in (or its next) has not ended and ends within about a year, so
// no card runs to fixed dates that lapse or stretch for years.
func TestDemoPromoCardsRecur(t *testing.T) {
	r := demoRegistry(t)
	now := time.Now()
	for _, s := range r.Sites() {
		loc, err := time.LoadLocation(s.Timezone)
		if err != nil {
			t.Fatalf("%s: time zone %q: %v", s.Slug, s.Timezone, err)
		}
		today := now.In(loc).Format(time.DateOnly)
		latest := now.In(loc).AddDate(1, 1, 0).Format(time.DateOnly)
		for _, c := range s.PromoCards {
			from, to := Dated(c.Every, c.Start, c.Expiry, today)
			if to == "" || to < today || to > latest || from > to {
				t.Errorf("%s: promo card %q runs %s to %s on %s; a card recurs every month or year", s.Slug, c.Title, from, to, today)
			}
		}
	}
}

// A site's time zone is read once and kept; a name the zone database does
// not know is an error, as with time.LoadLocation.
func TestSiteLocationIsKept(t *testing.T) {
	s := &Site{Timezone: "Australia/Brisbane"}
	a, err := s.Location()
	if err != nil || a.String() != "Australia/Brisbane" {
		t.Fatalf("Location: %v %v", a, err)
	}
	if b, _ := (&Site{Timezone: "Australia/Brisbane"}).Location(); b != a {
		t.Error("the zone was read again for another site in it")
	}
	if _, err := (&Site{Timezone: "Mars/Olympus_Mons"}).Location(); err == nil {
		t.Error("an unknown zone gave no error")
	}
}
