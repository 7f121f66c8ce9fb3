package sitepages_test

import (
	"testing"

	"forecourt/internal/sitepages"
)

func TestTitle(t *testing.T) {
	for path, want := range map[string]string{
		"/search/used-cars/":      "Used Cars for Sale",
		"/search/toyota/corolla":  "Toyota Corolla for Sale",
		"/sell-my-car":            "Sell My Car",
		"/faqs":                   "FAQs",
		"/pages/eofy-sale":        "End of Financial Year Sale",
		"/service/book_a_service": "Service Book A Service",
		"/":                       "",
	} {
		if got := sitepages.Title(path); got != want {
			t.Errorf("Title(%q) = %q, want %q", path, got, want)
		}
	}
}
