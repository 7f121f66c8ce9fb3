package apitypes

import (
	"forecourt/internal/convert"
	"forecourt/internal/tenant"
)

// Public is the part of a site's config the browser gets (GET /api/site and
// the config each page carries). It names each field and FromSite copies
// them one by one, so a field added to tenant.Site (a secret, a delivery address)
// stays on the server until it is named here too. The lead delivery config
// is never public; pages are listed by FromPages, without their content.
// Its nested values are public types (site_config_types.go), not the config
// types, so a field added to a config type stays on the server too.
type Public struct {
	Slug     string   `json:"slug"`
	Name     string   `json:"name"`
	Template string   `json:"template"`
	Country  string   `json:"country"`
	Currency string   `json:"currency"`
	Timezone string   `json:"timezone"`
	Domains  []string `json:"domains"`
	City     string   `json:"city"`
	State    string   `json:"state"`

	Theme    PublicTheme    `json:"theme"`
	Features PublicFeatures `json:"features"`
	Wording  PublicWording  `json:"wording"`

	Navigation PublicNavigation  `json:"navigation"`
	Phones     PublicPhones      `json:"phones"`
	Finance    PublicFinance     `json:"finance"`
	Search     PublicSearch      `json:"search"`
	PromoCards []PublicPromoCard `json:"promo_cards"`
	Offers     []PublicOffer     `json:"offers"`
	Reviews    PublicReviews     `json:"reviews"`
	Home       PublicHome        `json:"home"`
	Delivery   PublicDelivery    `json:"delivery"`
	TradeIn    PublicTradeIn     `json:"trade_in"`

	VehiclePage PublicVehiclePage `json:"vehicle_page"`
	Tags        PublicTags        `json:"tags"`
}

// FromSite is the site's public config.
func FromSite(s *tenant.Site) Public {
	return Public{
		Slug:     s.Slug,
		Name:     s.Name,
		Template: s.Template,
		Country:  s.Country,
		Currency: s.Currency,
		Timezone: s.Timezone,
		Domains:  s.Domains,
		City:     s.City,
		State:    s.State,

		Theme:    publicTheme(s.Theme),
		Features: publicFeatures(s.Features),
		Wording:  publicWording(s.Wording),

		Navigation: publicNavigation(s.Navigation),
		Phones:     publicPhones(s.Phones),
		Finance:    publicFinance(s.Finance),
		Search:     publicSearch(s.Search),
		PromoCards: convert.List(s.PromoCards, publicPromoCard),
		Offers:     convert.List(s.Offers, publicOffer),
		Reviews:    publicReviews(s.Reviews),
		Home:       publicHome(s.Home),
		Delivery:   publicDelivery(s.Delivery),
		TradeIn:    publicTradeIn(s.TradeIn),

		VehiclePage: publicVehiclePage(s.VehiclePage),
		Tags:        publicTags(s.Tags),
	}
}

// FromPages are the site's pages as the app lists them: what it needs
// for links and routing, without their content (GET /api/pages serves
// that, one page at a time).
func FromPages(s *tenant.Site) []PublicPage {
	out := make([]PublicPage, 0, len(s.Pages))
	for _, p := range s.Pages {
		out = append(out, PublicPage{
			Path: p.Path, Title: p.Title, Description: p.Description,
			Component: p.Component, Location: p.Location,
			BookingLinks: convert.List(p.BookingLinks, func(b tenant.BookingLink) PublicBookingLink {
				return PublicBookingLink{Name: b.Name, Make: b.Make, URL: b.URL}
			}),
		})
	}
	return out
}

// PublicPage is a page as the app lists it: its route and block, without
// its content or FAQs.
type PublicPage struct {
	Path         string              `json:"path"`
	Title        string              `json:"title"`
	Description  string              `json:"description"`
	Component    string              `json:"component,omitempty"`
	Location     string              `json:"location,omitempty"`
	BookingLinks []PublicBookingLink `json:"booking_links,omitempty"`
}

// PublicBookingLink is the public part of BookingLink.
type PublicBookingLink struct {
	Name string `json:"name"`
	Make string `json:"make"`
	URL  string `json:"url"`
}
