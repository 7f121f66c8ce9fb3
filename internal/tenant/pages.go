package tenant

import "strings"

// Page is one page the site offers on a configurable route of
// docs/behaviour/screens.md#routes (about us, warranty, the locations or models
// pages, …). A configurable route the site does not list answers its not-found
// page.
type Page struct {
	// Path is the route as the app writes it: "/about-us", "/locations/:slug".
	Path        string `yaml:"path" json:"path"`
	Title       string `yaml:"title" json:"title"`
	Description string `yaml:"description" json:"description"`
	// Content is Markdown, rendered and sanitised on the server (GET /api/pages);
	// it may name site values such as {trade_in.max_km} (see httpapi).
	Content string `yaml:"content" json:"content,omitempty"`
	// FAQs show as a collapsible card below the content.
	FAQs []FAQ `yaml:"faqs" json:"faqs,omitempty"`
	// Component is the app's block for the page: locations, models, brands,
	// offers, service, parts, careers, unsubscribe, compare, checkout,
	// favourites.
	Component string `yaml:"component" json:"component,omitempty"`
	// Location is a location's slug: the page's form is that location's own
	// (a per-location service page sends its bookings there).
	Location string `yaml:"location" json:"location,omitempty"`
	// BookingLinks send a service page's visitor to the dealer's own booking
	// address per make and location instead of the internal form
	// (docs/behaviour/entities.md#service-booking-link).
	BookingLinks []BookingLink `yaml:"booking_links" json:"booking_links,omitempty"`
}

// FAQ is one question of a page's FAQ card; Answer is Markdown.
type FAQ struct {
	Question string `yaml:"question" json:"question"`
	Answer   string `yaml:"answer" json:"answer"`
}

// BookingLink is a Service-booking link entry: name, make, url.
type BookingLink struct {
	Name string `yaml:"name" json:"name"`
	Make string `yaml:"make" json:"make"`
	URL  string `yaml:"url" json:"url"`
}

// Offer is a current deal listed on /special-offers within its date window.
// A recurring offer names its cycle in Every: "month" runs each calendar
// month (it ends on the month's last day), "year" runs each year between
// its MM-DD start and expiry (a seasonal sale).
type Offer struct {
	Title  string `yaml:"title" json:"title"`
	Text   string `yaml:"text" json:"text"`
	Start  string `yaml:"start" json:"start"`   // YYYY-MM-DD, or MM-DD every year
	Expiry string `yaml:"expiry" json:"expiry"` // YYYY-MM-DD, or MM-DD every year; last day shown
	Every  string `yaml:"every" json:"every,omitempty"`
	Href   string `yaml:"href" json:"href"`
	Image  string `yaml:"image" json:"image"`
}

// PageFor returns the site's page whose route matches urlPath.
func (s *Site) PageFor(urlPath string) (*Page, bool) {
	for i := range s.Pages {
		if MatchRoute(s.Pages[i].Path, urlPath) {
			return &s.Pages[i], true
		}
	}
	return nil, false
}

// MatchRoute reports whether urlPath is a URL of route, written as the app's
// router writes it: ":name" is one segment, a final "*" the rest, and a
// trailing slash is optional.
func MatchRoute(route, urlPath string) bool {
	rs := strings.Split(strings.Trim(route, "/"), "/")
	ps := strings.Split(strings.Trim(urlPath, "/"), "/")
	for i, seg := range rs {
		if seg == "*" {
			return len(ps) > i && ps[i] != ""
		}
		if i >= len(ps) {
			return false
		}
		switch {
		case strings.HasPrefix(seg, ":"):
			if ps[i] == "" {
				return false
			}
		case seg != ps[i]:
			return false
		}
	}
	return len(ps) == len(rs)
}
