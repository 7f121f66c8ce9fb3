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

func TestStockTitle(t *testing.T) {
	for _, c := range []struct{ title, plural, want string }{
		{"Used Cars for Sale", "caravans", "Used Caravans for Sale"},
		{"New, Used and Demo Cars for Sale", "caravans", "New, Used and Demo Caravans for Sale"},
		{"Used Cars for Sale", "cars", "Used Cars for Sale"},
		{"Used Cars for Sale", "", "Used Cars for Sale"},
		{"Carsales Picks", "caravans", "Carsales Picks"},
		{"Used Cars for Sale", "motor homes", "Used Motor Homes for Sale"},
	} {
		if got := sitepages.StockTitle(c.title, c.plural); got != c.want {
			t.Errorf("StockTitle(%q, %q) = %q, want %q", c.title, c.plural, got, c.want)
		}
	}
}
