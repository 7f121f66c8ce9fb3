package alerts

import (
	"strings"
	"testing"

	"forecourt/internal/catalog"
	"forecourt/internal/tenant"
)

func TestNewMatchesText(t *testing.T) {
	site := &tenant.Site{Slug: "harbourside-toyota", Name: "Harbourside Toyota", Domains: []string{"harbourside.example", "www.harbourside.example"}}
	got := NewMatchesText(site.Name, Origin(site), "Toyota HiLux\nunder $50,000", "/search/used-cars/toyota/hilux", "price_max=50000", 3, "tok-1")
	for _, want := range []string{
		"Harbourside Toyota",
		`3 new cars match "Toyota HiLux under $50,000"`,
		"https://harbourside.example/search/used-cars/toyota/hilux?price_max=50000",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("message %q lacks %q", got, want)
		}
	}
	if !strings.HasSuffix(got, " https://harbourside.example/alerts/stop?t=tok-1") {
		t.Errorf("message %q does not end with its stop link", got)
	}
	if one := NewMatchesText("X", "https://x.example", "Utes", "/search/used-cars", "", 1, "t"); !strings.Contains(one, `1 new car matches "Utes"`) ||
		!strings.Contains(one, "https://x.example/search/used-cars ") {
		t.Errorf("one match: %q", one)
	}
}

func TestPriceDropText(t *testing.T) {
	car := catalog.Car{Slug: "2019-toyota-hilux-sr5-123", Path: "/cars/2019-toyota-hilux-sr5-123", Name: "2019 Toyota HiLux SR5", Price: 40000}
	got := PriceDropText("Summit Motor Group", "https://summit.example", car, 41990, 43990, "a_b-c")
	want := "Summit Motor Group: 2019 Toyota HiLux SR5 is now $41,990, was $43,990. See it: https://summit.example/cars/2019-toyota-hilux-sr5-123 " +
		"Stop price-drop alerts: https://summit.example/alerts/stop?t=a_b-c"
	if got != want {
		t.Errorf("PriceDropText =\n%q\nwant\n%q", got, want)
	}
}

func TestOriginIsTheSitesOwnHost(t *testing.T) {
	if got := Origin(&tenant.Site{Slug: "a", Domains: []string{"a.example"}}); got != "https://a.example" {
		t.Errorf("Origin = %q", got)
	}
	if got := Origin(&tenant.Site{Slug: "a"}); got != "http://a.localhost" {
		t.Errorf("Origin without domains = %q", got)
	}
}

func TestStopTokensAreRandomAndKeptHashed(t *testing.T) {
	t1, h1 := NewStopToken()
	t2, h2 := NewStopToken()
	if t1 == t2 || h1 == h2 || len(t1) < 32 {
		t.Fatalf("tokens %q %q", t1, t2)
	}
	if h1 != StopHash(t1) || strings.Contains(h1, t1) || len(h1) != 64 {
		t.Errorf("hash %q of %q", h1, t1)
	}
}
