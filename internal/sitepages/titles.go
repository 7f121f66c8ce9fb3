package sitepages

import (
	"cmp"
	"regexp"
	"slices"
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

// listingTypeWords name a listing's car types, sorted and joined.
var listingTypeWords = map[string]string{"new": "New", "used": "Used", "demo": "Demo", "demo,new": "New and Demo"}

// ListingTitle names a listing after its filters (refinements as the search
// state holds them): "Used Cars for Sale", "Toyota Corolla for Sale",
// "Used Toyota for Sale at Summit Mazda", "Used Cars for Sale in Brisbane".
// On a site that lists used cars only (search.stock_rules.used_only), a
// listing with no car type is of used cars, never "New, Used and Demo".
// The app titles its listing heading the same way
// (testdata/listing-title-vectors.json holds both to it).
func ListingTitle(refinements map[string][]string, usedOnly bool) string {
	single := func(facet string) string {
		if v := refinements[facet]; len(v) == 1 {
			return v[0]
		}
		return ""
	}
	var types []string
	for _, t := range refinements["car_type"] {
		types = append(types, strings.ToLower(t))
	}
	slices.Sort(types)
	kind := ""
	if len(types) > 0 && len(types) < 3 {
		kind = listingTypeWords[strings.Join(types, ",")]
	}
	if usedOnly && len(types) == 0 {
		kind = "Used"
	}
	mk := single("make")
	model := ""
	if mk != "" {
		model = single("model")
	}
	var subject []string
	for _, w := range []string{mk, model, single("body")} {
		if w != "" {
			subject = append(subject, w)
		}
	}
	var title string
	switch {
	case len(subject) > 0 && kind != "":
		title = kind + " " + strings.Join(subject, " ")
	case len(subject) > 0:
		title = strings.Join(subject, " ")
	case kind != "":
		title = kind + " Cars"
	default:
		title = "New, Used and Demo Cars"
	}
	title += " for Sale"
	if place := cmp.Or(single("dealership_name"), single("location_name")); place != "" {
		return title + " at " + place
	}
	if city := single("city"); city != "" {
		return title + " in " + city
	}
	return title
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
