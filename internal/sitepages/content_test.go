package sitepages_test

import (
	"strings"
	"testing"

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
		got := sitepages.RenderMarkdown(site, tc.in)
		if !strings.Contains(got, tc.want) || (tc.not != "" && strings.Contains(got, tc.not)) {
			t.Errorf("RenderMarkdown(%q) = %q; want %q without %q", tc.in, got, tc.want, tc.not)
		}
	}
}
