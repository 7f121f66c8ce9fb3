package tenant

// Public is the part of a site's config the browser gets (GET /api/site and
// the config each page carries). It names each field and Site.Public copies
// them one by one, so a field added to Site (a secret, a delivery address)
// stays on the server until it is named here too. The lead delivery config
// is never public; pages are listed by PublicPages, without their content.
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

	Theme    Theme    `json:"theme"`
	Features Features `json:"features"`
	Wording  Wording  `json:"wording"`

	Navigation Navigation  `json:"navigation"`
	Phones     Phones      `json:"phones"`
	Finance    Finance     `json:"finance"`
	Search     Search      `json:"search"`
	PromoCards []PromoCard `json:"promo_cards"`
	Offers     []Offer     `json:"offers"`
	Reviews    Reviews     `json:"reviews"`
	Home       Home        `json:"home"`
	Delivery   Delivery    `json:"delivery"`
	TradeIn    TradeIn     `json:"trade_in"`

	VehiclePage VehiclePage `json:"vehicle_page"`
	Tags        Tags        `json:"tags"`
}

// Public is the site's public config.
func (s *Site) Public() Public {
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

		Theme:    s.Theme,
		Features: s.Features,
		Wording:  s.Wording,

		Navigation: s.Navigation,
		Phones:     s.Phones,
		Finance:    s.Finance,
		Search:     s.Search,
		PromoCards: s.PromoCards,
		Offers:     s.Offers,
		Reviews:    s.Reviews,
		Home:       s.Home,
		Delivery:   s.Delivery,
		TradeIn:    s.TradeIn,

		VehiclePage: s.VehiclePage,
		Tags:        s.Tags,
	}
}

// PublicPages are the site's pages as the app lists them: what it needs
// for links and routing, without their content (GET /api/pages serves
// that, one page at a time).
func (s *Site) PublicPages() []Page {
	out := make([]Page, 0, len(s.Pages))
	for _, p := range s.Pages {
		p.Content, p.FAQs = "", nil
		out = append(out, p)
	}
	return out
}
