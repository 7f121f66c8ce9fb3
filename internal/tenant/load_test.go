package tenant

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

var demoSlugs = []string{"harbourside-toyota", "metro-used-cars", "outback-caravans", "southern-alps-motors", "summit-motor-group"}

func TestDemoSitesLoad(t *testing.T) {
	for name, load := range map[string]func() (*Registry, error){
		"embedded":  LoadEmbedded,
		"directory": func() (*Registry, error) { return LoadDir(filepath.Join("..", "..", "tenants")) },
	} {
		t.Run(name, func(t *testing.T) {
			r, err := load()
			if err != nil {
				t.Fatalf("demo configs invalid:\n%v", err)
			}
			var got []string
			for _, s := range r.Sites() {
				got = append(got, s.Slug)
				// The tag goes on used cars too, so it names the arrival, not a condition.
				if s.Wording.NewTagName != "Just Arrived" {
					t.Errorf("%s: new tag %q, want %q", s.Slug, s.Wording.NewTagName, "Just Arrived")
				}
			}
			if !slices.Equal(got, demoSlugs) {
				t.Fatalf("Sites() = %v, want %v (sorted by slug)", got, demoSlugs)
			}
			if lines := CheckDir(filepath.Join("..", "..", "tenants")); lines != nil {
				t.Fatalf("CheckDir = %v, want none", lines)
			}
		})
	}
}

// Every demo site's own number is its main location's: the header and the
// location box give one answer.
func TestDemoSitesNumberIsTheMainLocations(t *testing.T) {
	r, err := LoadEmbedded()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range r.Sites() {
		main, ok := s.MainLocation()
		if !ok || main.Phone == "" {
			t.Errorf("%s: no main location with a phone", s.Slug)
			continue
		}
		if s.Phones.Main != main.Phone {
			t.Errorf("%s: site number %q, main location %s's %q", s.Slug, s.Phones.Main, main.Key, main.Phone)
		}
	}
}

// The demo sites carry what docs/behaviour/http.md demo table says each exercises.
func TestDemoSitesExercise(t *testing.T) {
	r, err := LoadEmbedded()
	if err != nil {
		t.Fatal(err)
	}
	site := func(slug string) *Site {
		s, ok := r.BySlug(slug)
		if !ok {
			t.Fatalf("no site %s", slug)
		}
		return s
	}
	ht := site("harbourside-toyota")
	if ht.Name != "Harbourside Toyota" || ht.City != "Brisbane" || !ht.Features.WeeklyFinanceChip || !ht.Features.CertifiedBadge || ht.Finance.Provider != "Manual" {
		t.Errorf("harbourside-toyota: %+v", ht)
	}
	sm := site("summit-motor-group")
	f := sm.Features
	// Its promo tiles stand at their positions, 5 and 10
	// (docs/behaviour/screens.md#search-results); metro-used-cars has the
	// random offset (docs/behaviour/constants.md#promo-card).
	if sm.Search.CardsPerRow != 4 || !f.Compare || !f.Favourites || !f.Watchlist || !f.Reserve || !f.Chat || !f.Offers || sm.Search.PromoOffset {
		t.Errorf("summit-motor-group features/search: %+v %+v", f, sm.Search)
	}
	// docs/behaviour/roles.md: Angle tenants have amount min 5000 and interest 7.5–14.5.
	if sm.Finance.Provider != "Angle" || sm.Finance.Amount.Min != 5000 || sm.Finance.Interest != (Range{7.5, 14.5, 0.5}) {
		t.Errorf("summit-motor-group finance: %+v", sm.Finance)
	}
	// Its EOFY cards come back each year from 15 May to 30 June: shown in
	// June, not in November.
	var positions []int
	seasonal := false
	for _, pc := range sm.PromoCards {
		positions = append(positions, pc.Position)
		if pc.Every == "year" && pc.ShownOn("2026-06-20") && !pc.ShownOn("2026-11-26") {
			seasonal = true
		}
	}
	if !slices.Contains(positions, 5) || !slices.Contains(positions, 10) || !seasonal {
		t.Errorf("summit-motor-group promo cards: positions %v, seasonal EOFY card %v", positions, seasonal)
	}
	sa := site("southern-alps-motors")
	if sa.Country != "NZ" || sa.Currency != "NZD" || sa.Timezone != "Pacific/Auckland" || sa.Features.PostcodeLookup || !strings.HasPrefix(sa.Phones.Main, "+64") {
		t.Errorf("southern-alps-motors: %+v", sa)
	}
	mu := site("metro-used-cars")
	sr := mu.Search.StockRules
	if !sr.UsedOnly || sr.MinPhotos != 5 || sr.MinPrice != 1 || !sr.ExcludePriceZeroOnPriceAsc || !mu.Features.CheckoutSignIn || !mu.Features.PhoneRevealed || !mu.Search.PromoOffset || len(mu.PromoCards) == 0 {
		t.Errorf("metro-used-cars: %+v %+v", sr, mu.Features)
	}
	if site("outback-caravans").Wording.Extra["vehicle_noun"] != "Caravan" {
		t.Errorf("outback-caravans should use caravan wording")
	}
}

// docs/behaviour/screens.md#navigation: the default header and footer groups,
// and docs/behaviour/screens.md#route-home: the home page's three feature links.
func TestDemoSitesNavigation(t *testing.T) {
	r, err := LoadEmbedded()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range r.Sites() {
		t.Run(s.Slug, func(t *testing.T) {
			hrefs := map[string]string{}
			dynamic := map[string]bool{}
			for _, l := range s.Navigation.Header {
				hrefs[l.Label] = l.Href
				if l.Dynamic != "" {
					dynamic[l.Dynamic] = true
				}
			}
			if hrefs["Home"] != "/" || hrefs["Finance"] != "/finance" {
				t.Errorf("header lacks Home or Finance: %v", hrefs)
			}
			sell := false
			for label, href := range hrefs {
				if strings.HasPrefix(label, "Sell My") && href == "/sell-my-car" {
					sell = true
				}
			}
			if !sell {
				t.Errorf("header lacks Sell My … → /sell-my-car: %v", hrefs)
			}
			if !dynamic["stock"] {
				t.Errorf("header lacks the dynamic stock menu")
			}
			if dynamic["models"] == s.Search.StockRules.UsedOnly {
				t.Errorf("models menu %v but used_only %v", dynamic["models"], s.Search.StockRules.UsedOnly)
			}
			if _, ok := hrefs["Offers"]; ok != s.Features.Offers {
				t.Errorf("Offers in menu %v, offers feature %v", ok, s.Features.Offers)
			}
			var groups []string
			for _, g := range s.Navigation.Footer {
				groups = append(groups, g.Title)
			}
			if want := []string{"Vehicles", "Models", "Buyer Tools", "Servicing and Parts", s.Name}; !slices.Equal(groups, want) {
				t.Errorf("footer groups %v, want %v", groups, want)
			}
			if n := len(s.Home.Banners); n < 3 || n > 4 {
				t.Errorf("%d banners, want 3–4", n)
			}
			var feature []string
			for _, l := range s.Home.FeatureLinks {
				feature = append(feature, l.Href)
			}
			if want := []string{"/special-offers", "/service", "/sell-my-car"}; !slices.Equal(feature, want) {
				t.Errorf("feature links %v, want %v", feature, want)
			}
		})
	}
}

// A valid minimal site; broken cases edit it line by line so the expected
// line numbers are easy to read off.
const minimalSite = `slug: alpha
name: Alpha Motors
country: AU
currency: AUD
timezone: Australia/Brisbane
domains: [alpha.example]
theme:
  colors:
    primary: "#d71920"
    primary-foreground: "#ffffff"
    header: "#ffffff"
    header-foreground: "#111827"
features:
  favourites: true
navigation:
  header:
    - label: Home
      href: /
    - label: Finance
      href: /finance
`

func writeDir(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func replaceLine(src string, line int, with string) string {
	lines := strings.Split(src, "\n")
	lines[line-1] = with
	return strings.Join(lines, "\n")
}

func TestBrokenConfigsNameFileLineAndField(t *testing.T) {
	cases := []struct {
		name  string
		files map[string]string
		want  []string // every line of the error, in order
	}{
		{
			name:  "unknown key",
			files: map[string]string{"a.yaml": replaceLine(minimalSite, 14, "  favourit: true")},
			want:  []string{"a.yaml:14: features.favourit: unknown field"},
		},
		{
			name:  "unknown key inside a list item",
			files: map[string]string{"a.yaml": replaceLine(minimalSite, 20, "      hreff: /finance")},
			want:  []string{"a.yaml:20: navigation.header[1].hreff: unknown field"},
		},
		{
			name:  "wrong type",
			files: map[string]string{"a.yaml": replaceLine(minimalSite, 9, "    primary: 123")},
			want:  []string{"a.yaml:9: theme.colors.primary: expected string, got number"},
		},
		{
			name:  "wrong type for a section",
			files: map[string]string{"a.yaml": replaceLine(replaceLine(minimalSite, 13, "features: [favourites]"), 14, "# none")},
			want:  []string{"a.yaml:13: features: expected object, got array"},
		},
		{
			name:  "missing required field at the top",
			files: map[string]string{"a.yaml": replaceLine(minimalSite, 2, "# no name")},
			want:  []string{"a.yaml:1: name: missing required field"},
		},
		{
			name:  "missing required colour reports the parent mapping",
			files: map[string]string{"a.yaml": replaceLine(minimalSite, 12, "    accent: \"#ffffff\"")},
			want:  []string{"a.yaml:8: theme.colors.header-foreground: missing required field"},
		},
		{
			name:  "enum",
			files: map[string]string{"a.yaml": minimalSite + "finance:\n  provider: Bank of Mum\n"},
			want:  []string{`a.yaml:22: finance.provider: "Bank of Mum" is not one of "Taurus", "Car Clarity", "Powertorque", "AusLoans", "Angle", "360 Finance", "Nissan Finance", "Manual"`},
		},
		{
			name:  "price drop tag for longer than a buyer cares",
			files: map[string]string{"a.yaml": minimalSite + "tags:\n  price_drop_days: 120\n"},
			want:  []string{"a.yaml:22: tags.price_drop_days: maximum: got 120, want 90"},
		},
		{
			name:  "markup in a brand's marketing paragraph",
			files: map[string]string{"a.yaml": minimalSite + "wording:\n  brand_descriptions:\n    Kia: <b>Seven years</b> of warranty\n"},
			want:  []string{`a.yaml:23: wording.brand_descriptions.Kia: must be plain text: no < or > (markup is not shown as markup)`},
		},
		{
			name:  "slug pattern",
			files: map[string]string{"a.yaml": replaceLine(minimalSite, 1, "slug: Alpha_Motors")},
			want:  []string{`a.yaml:1: slug: "Alpha_Motors" does not match ^[a-z0-9]+(-[a-z0-9]+)*$`},
		},
		{
			name:  "duplicate slug",
			files: map[string]string{"a.yaml": minimalSite, "b.yaml": replaceLine(minimalSite, 6, "domains: [beta.example]")},
			want:  []string{`b.yaml:1: slug: duplicate slug "alpha" (also in a.yaml)`},
		},
		{
			name: "duplicate domain",
			files: map[string]string{
				"a.yaml": minimalSite,
				"b.yaml": replaceLine(replaceLine(minimalSite, 1, "slug: beta"), 6, "domains:\n  - beta.example\n  - alpha.example"),
			},
			want: []string{`b.yaml:8: domains[1]: duplicate domain "alpha.example" (also in a.yaml)`},
		},
		{
			name:  "duplicate key",
			files: map[string]string{"a.yaml": replaceLine(minimalSite, 3, "name: Again")},
			want:  []string{`a.yaml:3: invalid YAML: mapping key "name" already defined at [2:1]`},
		},
		{
			name:  "YAML syntax",
			files: map[string]string{"a.yaml": replaceLine(minimalSite, 10, `    primary-foreground: [unclosed`)},
			want:  nil, // checked below: names the file and a line, no panic
		},
		{
			name:  "currency must suit the country",
			files: map[string]string{"a.yaml": replaceLine(minimalSite, 4, "currency: NZD")},
			want:  []string{"a.yaml:4: currency: a AU site uses AUD, not NZD"},
		},
		{
			name:  "unknown time zone",
			files: map[string]string{"a.yaml": replaceLine(minimalSite, 5, "timezone: Australia/Gold_Coast")},
			want:  []string{`a.yaml:5: timezone: unknown time zone "Australia/Gold_Coast"`},
		},
		{
			name:  "finance default outside its range",
			files: map[string]string{"a.yaml": minimalSite + "finance:\n  amount:\n    min: 50000\n"},
			want:  []string{"a.yaml:21: finance.default_amount: 30000 is outside the amount range 50000–100000"},
		},
		{
			name:  "finance term list outside the term range",
			files: map[string]string{"a.yaml": minimalSite + "finance:\n  term_options: [1, 3, 5, 9]\n"},
			want:  []string{"a.yaml:22: finance.term_options[3]: 9 is outside the term range 1–7"},
		},
		{
			name:  "finance default term not in the term list",
			files: map[string]string{"a.yaml": minimalSite + "finance:\n  term_options: [1, 2, 3]\n"},
			want:  []string{"a.yaml:21: finance.default_term: 5 is not one of term_options"},
		},
		{
			name:  "finance fee without a label",
			files: map[string]string{"a.yaml": minimalSite + "finance:\n  fees:\n    - { amount: 6 }\n"},
			want:  []string{"a.yaml:23: finance.fees[0].label: missing required field"},
		},
		{
			// docs/behaviour/validation.md: the category selector defaults to 'General Enquiry'.
			name:  "enquiry categories without the default",
			files: map[string]string{"a.yaml": minimalSite + "wording:\n  enquiry_categories: [Sales, Service]\n"},
			want:  []string{`a.yaml:22: wording.enquiry_categories: must include "General Enquiry", the selector's default`},
		},
		{
			name: "a contact link choosing an enquiry type the site does not list",
			files: map[string]string{"a.yaml": strings.Replace(minimalSite, "      href: /finance\n",
				"      href: /finance\n    - label: Delivery Quote\n      href: /contact?category=Delivery%20Quote\n", 1)},
			want: []string{`a.yaml:22: navigation.header[2].href: "Delivery Quote" is not one of wording.enquiry_categories`},
		},
		{
			name:  "a viewing other than a test drive or an inspection",
			files: map[string]string{"a.yaml": minimalSite + "wording:\n  viewing: sleepover\n"},
			want:  []string{`a.yaml:22: wording.viewing: "sleepover" is not one of "test_drive", "inspection"`},
		},
		{
			// One number per place: a site number that is no location's gives two answers.
			name: "a site number that is no location's",
			files: map[string]string{"a.yaml": minimalSite + "phones:\n  main: 07 5550 1100\n" +
				"dealerships:\n  - key: a\n    name: A\n" +
				"locations:\n  - key: a\n    name: A\n    dealership: a\n    phone: \"07 3555 0100\"\n" +
				"    address: {street: 1 Main St, suburb: Brisbane, state: QLD, postcode: \"4000\"}\n"},
			want: []string{`a.yaml:22: phones.main: "07 5550 1100" is no location's phone; leave it out to use the main location's, or name a location's number`},
		},
		{
			// docs/behaviour/screens.md#focus-ring: a theme whose surfaces are so far
			// apart that no colour stands out on both has no visible ring.
			name: "a theme no focus ring can stand out on",
			files: map[string]string{"a.yaml": strings.Replace(minimalSite, "    header-foreground: \"#111827\"\n",
				"    header-foreground: \"#111827\"\n    background: \"#ffffff\"\n    muted: \"#444444\"\n    foreground: \"#111111\"\n    border: \"#111111\"\n", 1)},
			want: []string{
				"a.yaml:14: theme.colors.muted: no --ring colour reaches 3:1 on muted #444444 (#000000 has 2.16:1); bring the theme's surfaces closer in lightness",
				"a.yaml:14: theme.colors.muted: no --input colour reaches 3:1 on muted #444444 (#000000 has 2.16:1); bring the theme's surfaces closer in lightness",
			},
		},
		{
			name:  "an empty service list",
			files: map[string]string{"a.yaml": minimalSite + "wording:\n  service_types: []\n"},
			want:  []string{"a.yaml:22: wording.service_types: minItems: got 0, want 1"},
		},
		{
			// docs/behaviour/states.md#gated-routes: a gate leads to /sign-in.
			name:  "finance behind sign-in on a site without /sign-in",
			files: map[string]string{"a.yaml": strings.Replace(minimalSite, "  favourites: true\n", "  favourites: true\n  finance_sign_in: true\n", 1)},
			want:  []string{"a.yaml:15: features.finance_sign_in: asks for sign-in, but the site's pages do not list /sign-in"},
		},
		{
			// docs/behaviour/states.md, tag 3: the certified tag's makes are configuration.
			name:  "certified tag on without a make",
			files: map[string]string{"a.yaml": strings.Replace(minimalSite, "  favourites: true\n", "  favourites: true\n  certified_badge: true\n", 1)},
			want:  []string{"a.yaml:15: features.certified_badge: is on, but tags.certified_tag_makes names no make"},
		},
		{
			name:  "two ways to buy online",
			files: map[string]string{"a.yaml": strings.Replace(minimalSite, "  favourites: true\n", "  favourites: true\n  buy_online: true\n  checkout_journey: true\n", 1)},
			want:  []string{"a.yaml:16: features.checkout_journey: is on with buy_online; a car page offers one way to buy online, so turn one off"},
		},
		{
			// Every car can carry the new tag, so it must not name a condition.
			name:  "new tag named like a condition",
			files: map[string]string{"a.yaml": minimalSite + "wording:\n  new_tag_name: Brand New\n"},
			want:  []string{`a.yaml:22: wording.new_tag_name: "Brand New" reads as the car's condition (brand new); the tag means recently added, e.g. "Just Arrived"`},
		},
		{
			name:  "new tag named Used",
			files: map[string]string{"a.yaml": minimalSite + "wording:\n  new_tag_name: USED\n"},
			want:  []string{`a.yaml:22: wording.new_tag_name: "USED" reads as the car's condition (used); the tag means recently added, e.g. "Just Arrived"`},
		},
		{
			name:  "new tag named Pre-Owned",
			files: map[string]string{"a.yaml": minimalSite + "wording:\n  new_tag_name: pre-owned\n"},
			want:  []string{`a.yaml:22: wording.new_tag_name: "pre-owned" reads as the car's condition (preowned); the tag means recently added, e.g. "Just Arrived"`},
		},
		{
			name:  "terms message not one of the behaviour docs'",
			files: map[string]string{"a.yaml": minimalSite + "wording:\n  terms_message: Tick the box\n"},
			want:  []string{`a.yaml:22: wording.terms_message: "Tick the box" is not one of "*You must agree to the terms of use before submitting.", "You must agree to the terms of use before submitting the form."`},
		},
		{
			name:  "promo card ends before it starts",
			files: map[string]string{"a.yaml": minimalSite + "promo_cards:\n  - position: 5\n    title: EOFY\n    start: 2025-06-01\n    expiry: 2025-05-01\n"},
			want:  []string{"a.yaml:25: promo_cards[0].expiry: expiry 2025-05-01 is before start 2025-06-01"},
		},
		{
			name:  "a promo card run every year takes month-and-day dates",
			files: map[string]string{"a.yaml": minimalSite + "promo_cards:\n  - position: 5\n    title: EOFY\n    every: year\n    start: 2025-05-15\n    expiry: \"06-30\"\n"},
			want:  []string{`a.yaml:25: promo_cards[0].start: "2025-05-15" is not a month and day (MM-DD), as a promo card run every year needs`},
		},
		{
			name:  "a promo card run every month takes no dates",
			files: map[string]string{"a.yaml": minimalSite + "promo_cards:\n  - position: 5\n    title: Deals\n    every: month\n    expiry: 2026-12-31\n"},
			want:  []string{"a.yaml:24: promo_cards[0].every: a promo card run every month takes no start or expiry: it ends on each month's last day"},
		},
		{
			name:  "yearly offer with a full date",
			files: map[string]string{"a.yaml": minimalSite + "offers:\n  - title: EOFY\n    every: year\n    start: 2025-05-01\n    expiry: 06-30\n"},
			want:  []string{`a.yaml:24: offers[0].start: "2025-05-01" is not a month and day (MM-DD), as an offer run every year needs`},
		},
		{
			name:  "monthly offer with an expiry",
			files: map[string]string{"a.yaml": minimalSite + "offers:\n  - title: Deal\n    every: month\n    expiry: 2099-12-31\n"},
			want:  []string{"a.yaml:23: offers[0].every: an offer run every month takes no start or expiry: it ends on each month's last day"},
		},
		{
			name:  "dated offer without its year",
			files: map[string]string{"a.yaml": minimalSite + "offers:\n  - title: Deal\n    expiry: 12-31\n"},
			want:  []string{`a.yaml:23: offers[0].expiry: "12-31" is not a calendar date (YYYY-MM-DD)`},
		},
		{
			name:  "photo host that is no address",
			files: map[string]string{"a.yaml": minimalSite + "feed:\n  url: https://dms.example/stock.csv\n  photo_allow_hosts:\n    - 10.20.0.0/16\n    - photos.dealer.internal\n"},
			want:  []string{`a.yaml:25: feed.photo_allow_hosts[1]: "photos.dealer.internal" is not an address or CIDR prefix like 10.20.0.5 or 10.20.0.0/16`},
		},
		{
			name: "every problem in every file",
			files: map[string]string{
				"a.yaml": replaceLine(minimalSite, 14, "  favourit: true"),
				"b.yaml": replaceLine(replaceLine(minimalSite, 1, "slug: beta"), 9, "    primary: 7"),
			},
			want: []string{
				"a.yaml:14: features.favourit: unknown field",
				"b.yaml:9: theme.colors.primary: expected string, got number",
			},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := writeDir(t, tc.files)
			r, err := LoadDir(dir)
			if err == nil {
				t.Fatalf("LoadDir accepted a broken config: %v", r.Sites())
			}
			var ce *ConfigError
			if !errors.As(err, &ce) {
				t.Fatalf("error %T, want *ConfigError: %v", err, err)
			}
			// Problems carry the directory as given, like a compiler does.
			got := strings.ReplaceAll(err.Error(), dir+"/", "")
			if tc.want == nil {
				if !strings.HasPrefix(got, "a.yaml:10: invalid YAML") && !strings.HasPrefix(got, "a.yaml:11: invalid YAML") {
					t.Fatalf("syntax error = %q, want it at a.yaml line 10 or 11", got)
				}
				return
			}
			if want := strings.Join(tc.want, "\n"); got != want {
				t.Fatalf("error:\n%s\nwant:\n%s", got, want)
			}
			if lines := CheckDir(dir); len(lines) != len(tc.want) {
				t.Fatalf("CheckDir gave %d lines, want %d: %v", len(lines), len(tc.want), lines)
			}
		})
	}
}

func TestNoConfigsIsAnError(t *testing.T) {
	if _, err := Load(fstest.MapFS{"README.md": {Data: []byte("x")}}); err == nil {
		t.Fatal("Load of a directory without *.yaml succeeded")
	}
}

func TestLoadNamesFilesWithinFS(t *testing.T) {
	fsys := fstest.MapFS{"x.yaml": {Data: []byte(replaceLine(minimalSite, 14, "  favourit: true"))}}
	lines := Check(fsys)
	if want := []string{"x.yaml:14: features.favourit: unknown field"}; !slices.Equal(lines, want) {
		t.Fatalf("Check = %q, want %q", lines, want)
	}
}

// The defaults of docs/behaviour/validation.md (no-price text, search page
// size 21, sold window 3 days), docs/behaviour/roles.md (finance ranges and
// defaults) and docs/behaviour/constants.md (reserve deposit $200,
// promo/no-results refresh path, payment methods).
func TestDefaultsApplied(t *testing.T) {
	r, err := Load(fstest.MapFS{"a.yaml": {Data: []byte(minimalSite)}})
	if err != nil {
		t.Fatal(err)
	}
	s, _ := r.BySlug("alpha")
	checks := []struct {
		name      string
		got, want any
	}{
		{"wording.no_price_text", s.Wording.NoPriceText, "Enquire for price."},
		{"wording.sold_tag_name", s.Wording.SoldTagName, "SOLD"},
		{"wording.new_tag_name", s.Wording.NewTagName, "Just Arrived"},
		{"wording.reserve_deposit", s.Wording.ReserveDeposit, "$200"},
		{"wording.enquiry_categories", strings.Join(s.Wording.EnquiryCategories, ","), "General Enquiry,Vehicle Enquiry,Finance Enquiry,Trade-In Enquiry,Service Enquiry,Parts Enquiry"},
		{"wording.terms_message", s.Wording.TermsMessage, "*You must agree to the terms of use before submitting."},
		{"wording.viewing", s.Wording.Viewing, "test_drive"},
		{"wording.service_types", strings.Join(s.Wording.ServiceTypes, ","), "Logbook Service,General Service,Repairs or Diagnosis,Tyres and Wheels,Other"},
		{"wording.service_extras", strings.Join(s.Wording.ServiceExtras, ","), "Wheel Alignment,Car Wash,Loan Car,Pick Up and Drop Off"},
		{"search.hits_per_page", s.Search.HitsPerPage, 21},
		{"search.cards_per_row", s.Search.CardsPerRow, 3},
		{"search.default_path", s.Search.DefaultPath, "/search/new-used-and-demo-cars/"},
		{"search.refresh_path", s.Search.RefreshPath, "/special-offers"},
		{"search.stock_rules.sold_window_days", s.Search.StockRules.SoldWindowDays, 3},
		{"finance.amount", s.Finance.Amount, Range{1000, 100000, 500}},
		{"finance.term", s.Finance.Term, Range{1, 7, 0.5}},
		{"finance.interest", s.Finance.Interest, Range{0.5, 15, 0.5}},
		{"finance.default_amount", s.Finance.DefaultAmount, 30000.0},
		{"finance.default_term", s.Finance.DefaultTerm, 5.0},
		{"finance.default_interest", s.Finance.DefaultInterest, 10.0},
		{"finance.default_frequency", s.Finance.DefaultFrequency, "week"},
		{"finance.rounding", s.Finance.Rounding, "up"},
		// docs/behaviour/validation.md: never a finance estimate for Suzuki.
		{"finance.excluded_makes", strings.Join(s.Finance.ExcludedMakes, ","), "Suzuki"},
		{"reviews.min_rating", s.Reviews.MinRating, 4},
		{"reviews.max", s.Reviews.Max, 12},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s = %v, want %v", c.name, c.got, c.want)
		}
	}
	if want := []string{"Mastercard", "Visa", "Maestro", "Google Pay", "Apple Pay"}; !slices.Equal(s.Navigation.PaymentMethods, want) {
		t.Errorf("payment methods = %v, want %v", s.Navigation.PaymentMethods, want)
	}
	if want := []int{5000, 10000, 15000, 20000, 25000, 30000, 40000, 50000, 70000}; !slices.Equal(s.Finance.QuickPicks, want) {
		t.Errorf("quick picks = %v, want %v", s.Finance.QuickPicks, want)
	}
	if got := s.WarrantyLine("Toyota", "new"); got != "3 Year Warranty Standard" {
		t.Errorf("warranty fallback = %q", got)
	}
	if s.File != "a.yaml" {
		t.Errorf("File = %q", s.File)
	}
}

// A value the YAML sets, even to zero, is kept; only absent keys default.
func TestDefaultsKeepExplicitValues(t *testing.T) {
	src := minimalSite + `finance:
  amount: { min: 5000 }
  default_frequency: month
search:
  hits_per_page: 12
  stock_rules:
    sold_window_days: 0
wording:
  no_price_text: POA
`
	r, err := Load(fstest.MapFS{"a.yaml": {Data: []byte(src)}})
	if err != nil {
		t.Fatal(err)
	}
	s, _ := r.BySlug("alpha")
	if s.Finance.Amount != (Range{5000, 100000, 500}) {
		t.Errorf("partial range = %+v, want min 5000 with default max and step", s.Finance.Amount)
	}
	if s.Finance.DefaultFrequency != "month" || s.Search.HitsPerPage != 12 || s.Search.StockRules.SoldWindowDays != 0 || s.Wording.NoPriceText != "POA" {
		t.Errorf("explicit values overwritten: %+v %+v %q", s.Finance, s.Search, s.Wording.NoPriceText)
	}
	if s.Search.CardsPerRow != 3 {
		t.Errorf("cards_per_row = %d, want default 3 beside explicit siblings", s.Search.CardsPerRow)
	}
}
