package sitepages

import (
	"regexp"
	"strings"
)

// titles names the pages whose title is not just their path in words.
var titles = map[string]string{
	"/search/new-used-and-demo-cars": "New, Used and Demo Cars for Sale",
	"/search/used-cars":              "Used Cars for Sale",
	"/search/new-cars":               "New Cars for Sale",
	"/search/demo-cars":              "Demo Cars for Sale",
	"/search/new-and-demo-cars":      "New and Demo Cars for Sale",
	"/faqs":                          "FAQs",
	"/eofy":                          "End of Financial Year Sale",
	"/pages/eofy-sale":               "End of Financial Year Sale",
	"/4x4-outdoor":                   "4x4 Outdoor",
	"/print":                         "Print Vehicle",
	"/success":                       "Thank You",
	"/sign-in":                       "Sign In",
}

// Title turns a page path into its title: a known title, or the path's
// words ("/sell-my-car" → "Sell My Car", "/search/toyota/corolla" → "Toyota Corolla for Sale").
func Title(p string) string {
	clean := strings.TrimSuffix(p, "/")
	if t, ok := titles[clean]; ok {
		return t
	}
	if rest, ok := strings.CutPrefix(clean, "/search/"); ok {
		return words(strings.ReplaceAll(rest, "/", " ")) + " for Sale"
	}
	return words(strings.ReplaceAll(strings.TrimPrefix(clean, "/"), "/", " "))
}

func words(s string) string {
	parts := strings.Fields(strings.NewReplacer("-", " ", "_", " ").Replace(s))
	for i, w := range parts {
		parts[i] = strings.ToUpper(w[:1]) + w[1:]
	}
	return strings.Join(parts, " ")
}

var carsWord = regexp.MustCompile(`\bCars\b`)

// StockTitle words a listing's title for the site's stock, named by its
// wording.stock_noun_plural: "Used Cars for Sale" reads "Used Caravans for
// Sale" on a caravan yard. The web app words its heading the same way.
func StockTitle(title, plural string) string {
	if plural == "" || plural == "cars" {
		return title
	}
	return carsWord.ReplaceAllLiteralString(title, words(plural))
}
