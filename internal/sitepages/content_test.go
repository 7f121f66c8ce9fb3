package sitepages_test

import (
	"strings"
	"testing"

	"forecourt/internal/catalog"
	"forecourt/internal/sitepages"
	"forecourt/internal/tenant"
)

// Config content is Markdown: raw HTML, scripts and javascript: links never
// reach the page.
func TestRenderMarkdownSanitises(t *testing.T) {
	site := &tenant.Site{Name: "Test Motors", TradeIn: tenant.TradeIn{MaxAgeYears: 7, MaxKM: 100000},
		Wording: tenant.Wording{Warranty: []tenant.WarrantyLine{{Make: "Toyota", CarType: "new", Text: "7 year unlimited klm warranty"}}}}
	for _, tc := range []struct{ in, want, not string }{
		{"Hello <script>alert(1)</script> **bold**", "<strong>bold</strong>", "<script"},
		{"<div onclick=\"x()\">raw</div>", "", "onclick"},
		{"[click](javascript:alert(1))", "click", "javascript:"},
		{"<img src=x onerror=alert(1)>", "", "onerror"},
		{"Limit {trade_in.max_km}, {trade_in.max_age_years} years", "Limit 100,000 km, 7 years", ""},
		{"{warranty}", "<strong>Toyota new vehicles:</strong> 7 year unlimited klm warranty", ""},
		{"## Heading\n\n- one\n- two", "<h2", ""},
	} {
		got := sitepages.RenderMarkdown(site, nil, tc.in)
		if !strings.Contains(got, tc.want) || (tc.not != "" && strings.Contains(got, tc.not)) {
			t.Errorf("RenderMarkdown(%q) = %q; want %q without %q", tc.in, got, tc.want, tc.not)
		}
	}
}

// A page that says where the dealer is names the towns of its visible
// locations, the primary's first, so it never names a town it has no yard in.
func TestRenderMarkdownNamesTheLocationsTowns(t *testing.T) {
	site := &tenant.Site{Name: "Test Caravans"}
	loc := func(city string, visible, primary bool) catalog.Location {
		return catalog.Location{Visible: visible, Primary: primary, Address: catalog.Address{City: city}}
	}
	for _, tc := range []struct {
		locs []catalog.Location
		want string
	}{
		{nil, "<p>From .</p>"},
		{[]catalog.Location{loc("Toowoomba", true, true)}, "<p>From Toowoomba.</p>"},
		{[]catalog.Location{loc("Rockhampton", true, false), loc("Toowoomba", true, true)}, "<p>From Toowoomba and Rockhampton.</p>"},
		{[]catalog.Location{loc("Toowoomba", true, true), loc("Toowoomba", true, false), loc("Dalby", false, false), loc("Emerald", true, false), loc("Mackay", true, false)},
			"<p>From Toowoomba, Emerald and Mackay.</p>"},
	} {
		if got := sitepages.RenderMarkdown(site, tc.locs, "From {locations.towns}."); got != tc.want {
			t.Errorf("%d locations: %q, want %q", len(tc.locs), got, tc.want)
		}
	}
}
