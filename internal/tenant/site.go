// Package tenant holds a dealer site's configuration: everything the
// behaviour docs switch per dealer (docs/behaviour/product.md#for-dealers),
// loaded from one YAML file per site and validated against
// tenants/schema.json. Behaviour differs between sites only through
// these fields; code never compares a slug or template name.
package tenant

import (
	"sync"
	"time"
)

// Site is one dealer website's configuration.
type Site struct {
	Slug     string   `yaml:"slug" json:"slug"`
	Name     string   `yaml:"name" json:"name"`
	Template string   `yaml:"template" json:"template"`
	Country  string   `yaml:"country" json:"country"`   // AU or NZ
	Currency string   `yaml:"currency" json:"currency"` // AUD or NZD
	Timezone string   `yaml:"timezone" json:"timezone"` // IANA, e.g. Australia/Brisbane
	Domains  []string `yaml:"domains" json:"domains"`
	// Demo marks a site whose stock is the generator's demo stock: the
	// price comparison of a demo site draws on demo sites only, and a
	// real site's never on them.
	Demo bool `yaml:"demo" json:"demo"`
	// City and State of the primary address (announcement bar, sales counter).
	City  string `yaml:"city" json:"city"`
	State string `yaml:"state" json:"state"`

	Theme    Theme    `yaml:"theme" json:"theme"`
	Features Features `yaml:"features" json:"features"`
	Wording  Wording  `yaml:"wording" json:"wording"`

	Navigation Navigation  `yaml:"navigation" json:"navigation"`
	Phones     Phones      `yaml:"phones" json:"phones"`
	Finance    Finance     `yaml:"finance" json:"finance"`
	Search     Search      `yaml:"search" json:"search"`
	PromoCards []PromoCard `yaml:"promo_cards" json:"promo_cards"`
	Offers     []Offer     `yaml:"offers" json:"offers"`
	Pages      []Page      `yaml:"pages" json:"pages"`
	Reviews    Reviews     `yaml:"reviews" json:"reviews"`
	Home       Home        `yaml:"home" json:"home"`
	Delivery   Delivery    `yaml:"delivery" json:"delivery"`
	TradeIn    TradeIn     `yaml:"trade_in" json:"trade_in"`
	Leads      Leads       `yaml:"leads" json:"leads"` // never public: Public leaves it out

	// Dealerships and Locations are the group's businesses and their
	// places; Holidays are special days every location keeps
	// (docs/onboarding.md).
	Dealerships []Dealership `yaml:"dealerships" json:"dealerships"`
	Locations   []Location   `yaml:"locations" json:"locations"`
	Holidays    []SpecialDay `yaml:"holidays" json:"holidays"`
	// Feed is where the site's stock comes from (docs/stock-feed.md).
	Feed Feed `yaml:"feed" json:"feed"`

	VehiclePage VehiclePage `yaml:"vehicle_page" json:"vehicle_page"`
	Tags        Tags        `yaml:"tags" json:"tags"`

	// File is where the config was read from (not part of the YAML).
	File string `yaml:"-" json:"-"`
	// Hash is the SHA-256 of the file's bytes: a reload compares it to
	// tell a changed site from one left as it was.
	Hash string `yaml:"-" json:"-"`
}

// Theme is the site's brand as CSS variable values and assets.
type Theme struct {
	// Colors maps semantic token names (primary, primary-foreground,
	// background, foreground, muted, accent, header, header-foreground,
	// footer, footer-foreground, …) to CSS colour values.
	Colors map[string]string `yaml:"colors" json:"colors"`
	Logo   string            `yaml:"logo" json:"logo"`
	Font   string            `yaml:"font" json:"font"`
	Radius string            `yaml:"radius" json:"radius"`
}

// Features are the per-dealer switches of docs/behaviour/roles.md#dealer-flags.
type Features struct {
	Favourites      bool `yaml:"favourites" json:"favourites"`
	Compare         bool `yaml:"compare" json:"compare"`
	Watchlist       bool `yaml:"watchlist" json:"watchlist"`
	Reserve         bool `yaml:"reserve" json:"reserve"`
	BuyOnline       bool `yaml:"buy_online" json:"buy_online"`
	CheckoutJourney bool `yaml:"checkout_journey" json:"checkout_journey"`
	CheckoutSignIn  bool `yaml:"checkout_sign_in" json:"checkout_sign_in"`
	// FinanceSignIn gates the finance pages behind sign-in
	// (docs/behaviour/roles.md#gated-routes): purpose finance, or car-finance
	// on the per-car finance page.
	FinanceSignIn      bool `yaml:"finance_sign_in" json:"finance_sign_in"`
	PrintPDF           bool `yaml:"print_pdf" json:"print_pdf"`
	Chat               bool `yaml:"chat" json:"chat"`
	Autogauge          bool `yaml:"autogauge" json:"autogauge"`
	SalesCounter       bool `yaml:"sales_counter" json:"sales_counter"`   // the group-wide "Sales this Month" figure; for groups, not one dealer
	RevealPhone        bool `yaml:"reveal_phone" json:"reveal_phone"`     // phone masked until clicked
	PhoneRevealed      bool `yaml:"phone_revealed" json:"phone_revealed"` // start revealed
	SeriesDisplay      bool `yaml:"series_display" json:"series_display"`
	ElectricLabel      bool `yaml:"electric_label" json:"electric_label"`
	WeeklyFinanceChip  bool `yaml:"weekly_finance_chip" json:"weekly_finance_chip"`
	FuelCalculator     bool `yaml:"fuel_calculator" json:"fuel_calculator"`
	DeliveryCalculator bool `yaml:"delivery_calculator" json:"delivery_calculator"`
	FinanceCalculator  bool `yaml:"finance_calculator" json:"finance_calculator"`
	TradeIn            bool `yaml:"trade_in" json:"trade_in"`
	YouxQuote          bool `yaml:"youx_quote" json:"youx_quote"`
	PostcodeLookup     bool `yaml:"postcode_lookup" json:"postcode_lookup"` // Australian postcode features
	SimilarCars        bool `yaml:"similar_cars" json:"similar_cars"`
	SimilarLoadInView  bool `yaml:"similar_load_in_view" json:"similar_load_in_view"`
	Spinner            bool `yaml:"spinner" json:"spinner"`
	DefaultViewGallery bool `yaml:"default_view_gallery" json:"default_view_gallery"`
	CertifiedBadge     bool `yaml:"certified_badge" json:"certified_badge"`
	// StrictSaveControls also hides favourite and compare when the used-only
	// rule fails, the price is 0 or less or there are no images (docs/behaviour/states.md).
	StrictSaveControls bool `yaml:"strict_save_controls" json:"strict_save_controls"`
	TermsRequired      bool `yaml:"terms_required" json:"terms_required"`
	MessageOptional    bool `yaml:"message_optional" json:"message_optional"`
	Offers             bool `yaml:"offers" json:"offers"`
	Garage             bool `yaml:"garage" json:"garage"`
	Autobot            bool `yaml:"autobot" json:"autobot"`
	// CarIdentity shows a car's VIN, rego plate and rego expiry on its page;
	// off, the site's car answers leave them out (docs/behaviour/screens.md#car-identity).
	CarIdentity bool `yaml:"car_identity" json:"car_identity"`

	// ChatState is the chat launcher's state on arrival (docs/behaviour/states.md:
	// hidden, shown or opened); empty means shown.
	ChatState string `yaml:"chat_state" json:"chat_state,omitempty"`
}

// Wording is the site's own text.
type Wording struct {
	NoPriceText           string            `yaml:"no_price_text" json:"no_price_text"`
	SoldTagName           string            `yaml:"sold_tag_name" json:"sold_tag_name"`
	NewTagName            string            `yaml:"new_tag_name" json:"new_tag_name"`
	Terms                 string            `yaml:"terms" json:"terms"`
	Privacy               string            `yaml:"privacy" json:"privacy"`
	Tagline               string            `yaml:"tagline" json:"tagline"`
	Description           string            `yaml:"description" json:"description"`
	ReserveDeposit        string            `yaml:"reserve_deposit" json:"reserve_deposit"`
	DepartmentPlaceholder bool              `yaml:"department_placeholder" json:"department_placeholder"`
	Warranty              []WarrantyLine    `yaml:"warranty" json:"warranty"`
	WhyUs                 []string          `yaml:"why_us" json:"why_us"`
	Extra                 map[string]string `yaml:"extra" json:"extra"`

	// EnquiryCategories are the general enquiry forms' category choices
	// (docs/behaviour/validation.md); the lead's subcategory must be one of them.
	EnquiryCategories []string `yaml:"enquiry_categories" json:"enquiry_categories"`
	// TermsMessage is what an unticked terms box says; one of the behaviour docs' two wordings.
	TermsMessage string `yaml:"terms_message" json:"terms_message"`
	// ReturnTerms is the return offer the checkout page shows
	// (docs/behaviour/validation.md#return-terms); empty when the site offers none.
	ReturnTerms string `yaml:"return_terms" json:"return_terms"`
	// Viewing is what a buyer books to see stock in person where no one
	// vehicle decides it: "test_drive", or "inspection" for a dealer whose
	// stock is towed (a caravan is inspected, not driven).
	Viewing string `yaml:"viewing" json:"viewing"`
	// StockNoun and StockNounPlural are what the site calls its vehicles in
	// listing titles and counts: "car" and "cars", or "caravan" and
	// "caravans" for a caravan yard ("Used Caravans for Sale", "110
	// caravans").
	StockNoun       string `yaml:"stock_noun" json:"stock_noun"`
	StockNounPlural string `yaml:"stock_noun_plural" json:"stock_noun_plural"`
	// ServiceTypes and ServiceExtras are the service booking form's choices:
	// the dealer's own services and the extras offered with them.
	ServiceTypes  []string `yaml:"service_types" json:"service_types"`
	ServiceExtras []string `yaml:"service_extras" json:"service_extras"`
	// BrandDescriptions are a short marketing paragraph for each make the
	// site sells new, by make name; each make's /{brand}/overview page
	// opens with its own.
	BrandDescriptions map[string]string `yaml:"brand_descriptions" json:"brand_descriptions"`
}

// Tags are the card tag's colours and the certified badge (docs/behaviour/states.md).
type Tags struct {
	// Green custom tags ('runout sale' for a new-car franchise dealer);
	// other custom tags are red. Matched case-insensitively.
	Green []string `yaml:"green" json:"green"`
	// CertifiedMakes: certified used cars of these makes carry a certified
	// badge ("A certified badge shows on used cars of one luxury make").
	CertifiedMakes []string `yaml:"certified_makes" json:"certified_makes"`
	// CertifiedTagMakes: with features.certified_badge on, certified cars of
	// these makes (unless sold) take the Certified card tag, drawn as the
	// certified logo ("Certified used Toyota shows a certified logo").
	CertifiedTagMakes []string `yaml:"certified_tag_makes" json:"certified_tag_makes"`
	// PriceDropDays: cars whose price last changed by a drop within this
	// many days carry the "Price drop" card tag; 0 (the default) leaves
	// the tag off.
	PriceDropDays int `yaml:"price_drop_days" json:"price_drop_days"`
	// WasPriceDays: a car's earlier price (before_price) shows as its
	// "was" price only when its price history has it listed at that
	// price, before today's, for at least this many days; 0 is
	// catalog.DefaultWasPriceDays.
	WasPriceDays int `yaml:"was_price_days" json:"was_price_days,omitempty"`
}

// WarrantyLine gives the warranty text for a make and car type ("" matches any).
type WarrantyLine struct {
	Make    string `yaml:"make" json:"make"`
	CarType string `yaml:"car_type" json:"car_type"`
	Text    string `yaml:"text" json:"text"`
}

// Link is a menu entry; Children make a dropdown. Dynamic names a list
// the app fills at run time (models, stock).
type Link struct {
	Label    string `yaml:"label" json:"label"`
	Href     string `yaml:"href" json:"href"`
	Dynamic  string `yaml:"dynamic,omitempty" json:"dynamic,omitempty"`
	Children []Link `yaml:"children,omitempty" json:"children,omitempty"`
}

// FooterGroup is one column of footer links.
type FooterGroup struct {
	Title string `yaml:"title" json:"title"`
	Links []Link `yaml:"links" json:"links"`
}

// Navigation is the header menu, footer and payment methods.
type Navigation struct {
	Header         []Link        `yaml:"header" json:"header"`
	Footer         []FooterGroup `yaml:"footer" json:"footer"`
	PaymentMethods []string      `yaml:"payment_methods" json:"payment_methods"`
	// DropdownHover opens header dropdowns on pointer hover as well as on
	// click or keyboard (docs/behaviour/states.md#other: hover-driven in some configs).
	DropdownHover bool `yaml:"dropdown_hover" json:"dropdown_hover"`
}

// Phones are the dealer numbers: a main one and one per car type.
type Phones struct {
	Main            string            `yaml:"main" json:"main"`
	ByCarType       map[string]string `yaml:"by_car_type" json:"by_car_type"`
	FilterByCarType bool              `yaml:"filter_by_car_type" json:"filter_by_car_type"`
}

// Range is a slider's bounds and step.
type Range struct {
	Min  float64 `yaml:"min" json:"min"`
	Max  float64 `yaml:"max" json:"max"`
	Step float64 `yaml:"step" json:"step"`
}

// Finance is the provider and calculator settings.
type Finance struct {
	Provider         string   `yaml:"provider" json:"provider"` // Taurus, Car Clarity, Powertorque, AusLoans, Angle, 360 Finance, Nissan Finance, Manual
	Amount           Range    `yaml:"amount" json:"amount"`
	Term             Range    `yaml:"term" json:"term"`
	Interest         Range    `yaml:"interest" json:"interest"`
	DefaultAmount    float64  `yaml:"default_amount" json:"default_amount"`
	DefaultTerm      float64  `yaml:"default_term" json:"default_term"`
	DefaultInterest  float64  `yaml:"default_interest" json:"default_interest"`
	DefaultFrequency string   `yaml:"default_frequency" json:"default_frequency"` // week, fortnight, month
	EstablishmentFee float64  `yaml:"establishment_fee" json:"establishment_fee"`
	HideFrequency    bool     `yaml:"hide_frequency" json:"hide_frequency"`
	InterestLocked   bool     `yaml:"interest_locked" json:"interest_locked"`
	QuickPicks       []int    `yaml:"quick_picks" json:"quick_picks"`
	ExcludedMakes    []string `yaml:"excluded_makes" json:"excluded_makes"`
	Disclaimer       string   `yaml:"disclaimer" json:"disclaimer"`
	// Disclaimers replace the lender's estimate disclaimer for cars of a make
	// and car type (docs/behaviour/constants.md: "$30,000 5-year secured loan (used Toyota)").
	Disclaimers []WarrantyLine `yaml:"disclaimers" json:"disclaimers"`

	// Lenders say which of a car's finance_lenders feed its estimate, in
	// order, and whose eligibility rules each follows (docs/behaviour/validation.md).
	Lenders             []FinanceLenderSource `yaml:"lenders" json:"lenders"`
	ExcludedDealerships []string              `yaml:"excluded_dealerships" json:"excluded_dealerships"`
	Rounding            string                `yaml:"rounding" json:"rounding"`         // up or nearest
	TermOptions         []float64             `yaml:"term_options" json:"term_options"` // a custom term list, years
	PriceBasedMax       bool                  `yaml:"price_based_max" json:"price_based_max"`
	PurchasePrice       bool                  `yaml:"purchase_price" json:"purchase_price"`
	AmountFromPrice     bool                  `yaml:"amount_from_price" json:"amount_from_price"`
	Fees                []FinanceFee          `yaml:"fees" json:"fees"`
	// ComparisonRateRange is quoted under the calculator ('8.38% to 19.42%')
	// for a provider that gives no comparison rate of its own.
	ComparisonRateRange *RateRange `yaml:"comparison_rate_range" json:"comparison_rate_range"`
}

// RateRange is a span of yearly rates in percent.
type RateRange struct {
	From float64 `yaml:"from" json:"from"`
	To   float64 `yaml:"to" json:"to"`
}

// FinanceLenderSource names a finance_lenders key and its provider, and
// optionally the dealerships (slugs) whose cars it finances: a maker's
// finance arm lends at that maker's dealership, not at the group's others.
type FinanceLenderSource struct {
	Key         string   `yaml:"key" json:"key"`
	Provider    string   `yaml:"provider" json:"provider"`
	Dealerships []string `yaml:"dealerships" json:"dealerships,omitempty"`
}

// FinanceFee is one line of the calculator's fees block; Per is "loan"
// (once) or "month".
type FinanceFee struct {
	Label  string  `yaml:"label" json:"label"`
	Amount float64 `yaml:"amount" json:"amount"`
	Per    string  `yaml:"per" json:"per"`
}

// StockRules are the dealer's own stock filters (docs/behaviour/validation.md#search).
type StockRules struct {
	MinPhotos                  int      `yaml:"min_photos" json:"min_photos"`
	MinPrice                   int      `yaml:"min_price" json:"min_price"`
	UsedOnly                   bool     `yaml:"used_only" json:"used_only"`
	ExcludedNewMakes           []string `yaml:"excluded_new_makes" json:"excluded_new_makes"`
	DemoMinKM                  int      `yaml:"demo_min_km" json:"demo_min_km"` // demo cars need more than this many km; 0 = no rule
	SoldWindowDays             int      `yaml:"sold_window_days" json:"sold_window_days"`
	ExcludePriceZeroOnPriceAsc bool     `yaml:"exclude_price_zero_on_price_asc" json:"exclude_price_zero_on_price_asc"`
}

// Search is the listing configuration.
type Search struct {
	DefaultPath string     `yaml:"default_path" json:"default_path"`
	CardsPerRow int        `yaml:"cards_per_row" json:"cards_per_row"`
	DefaultSort string     `yaml:"default_sort" json:"default_sort"`
	HitsPerPage int        `yaml:"hits_per_page" json:"hits_per_page"`
	StockCount  int        `yaml:"stock_count" json:"stock_count"` // shown when hits exceed 1999
	DefaultCity string     `yaml:"default_city" json:"default_city"`
	RefreshPath string     `yaml:"refresh_path" json:"refresh_path"`
	PromoOffset bool       `yaml:"promo_offset" json:"promo_offset"` // random 0–2 offset
	StockRules  StockRules `yaml:"stock_rules" json:"stock_rules"`
}

// PromoCard is a tile inserted into the results grid within a date window.
// Like an offer, a recurring card names its cycle in Every: "month" shows
// each calendar month, "year" each year between its MM-DD start and expiry.
type PromoCard struct {
	Start         string   `yaml:"start" json:"start"`   // YYYY-MM-DD, or MM-DD every year
	Expiry        string   `yaml:"expiry" json:"expiry"` // YYYY-MM-DD, or MM-DD every year; last day shown
	Every         string   `yaml:"every" json:"every,omitempty"`
	Position      int      `yaml:"position" json:"position"`
	Display       []string `yaml:"display" json:"display"` // car types
	StrictDisplay bool     `yaml:"strict_display" json:"strict_display"`
	Title         string   `yaml:"title" json:"title"`
	Text          string   `yaml:"text" json:"text"`
	Href          string   `yaml:"href" json:"href"`
	Image         string   `yaml:"image" json:"image"`
}

// Reviews is how reviews show.
type Reviews struct {
	MinRating    int     `yaml:"min_rating" json:"min_rating"`
	Max          int     `yaml:"max" json:"max"`
	Hidden       bool    `yaml:"hidden" json:"hidden"`
	StarsMinimum float64 `yaml:"stars_minimum" json:"stars_minimum"`
}

// Banner is one slide of the home carousel.
type Banner struct {
	Title string `yaml:"title" json:"title"`
	Text  string `yaml:"text" json:"text"`
	Href  string `yaml:"href" json:"href"`
	Image string `yaml:"image" json:"image"`
}

// Home is the home page content.
type Home struct {
	Banners      []Banner `yaml:"banners" json:"banners"`
	FeatureLinks []Link   `yaml:"feature_links" json:"feature_links"`
}

// DeliveryZone prices delivery to buyers within MaxKM of the car's location.
type DeliveryZone struct {
	Name  string  `yaml:"name" json:"name"`
	MaxKM float64 `yaml:"max_km" json:"max_km"`
	Price int     `yaml:"price" json:"price"` // whole dollars; 0 is free delivery
}

// Delivery is the delivery calculator's price list (docs/behaviour/states.md,
// Delivery calculator). A buyer beyond every zone gets no estimate.
type Delivery struct {
	Zones []DeliveryZone `yaml:"zones" json:"zones"`
}

// TradeIn tunes the instant trade-in valuation (docs/behaviour/validation.md, Trade-in FAQ).
type TradeIn struct {
	// No online estimate for cars older than MaxAgeYears or past MaxKM.
	MaxAgeYears int `yaml:"max_age_years" json:"max_age_years"`
	MaxKM       int `yaml:"max_km" json:"max_km"`
	// RetailRatio is the share of comparable cars' asking prices offered for
	// a trade-in (the rest pays for reconditioning, holding and margin).
	RetailRatio float64 `yaml:"retail_ratio" json:"retail_ratio"`
	// MinComparables is how many comparable cars a range needs.
	MinComparables int `yaml:"min_comparables" json:"min_comparables"`
}

// Location is the site's time zone, as time.LoadLocation reads Timezone,
// read from the zone database once per name and kept: days and dates are
// worked out on every search, and reading the zone is a file read.
func (s *Site) Location() (*time.Location, error) {
	if z, ok := zones.Load(s.Timezone); ok {
		return z.(*time.Location), nil
	}
	z, err := time.LoadLocation(s.Timezone)
	if err != nil {
		return nil, err
	}
	zones.Store(s.Timezone, z)
	return z, nil
}

// zones are the time zones read so far, by name.
var zones sync.Map
