package apitypes

import (
	"forecourt/internal/convert"
	"forecourt/internal/tenant"
)

// The public config's nested values: each names the fields the browser
// gets, with their JSON names, and is copied from the site's config field
// by field, so a field added to a config type (a server-side rule, a
// secret) stays on the server until it is named here too
// (TestPublicHoldsNoConfigType; testdata/public pins the JSON).

// PublicTheme is the public part of Theme.
type PublicTheme struct {
	// Colors maps semantic token names (primary, primary-foreground,
	// background, foreground, muted, accent, header, header-foreground,
	// footer, footer-foreground, …) to CSS colour values.
	Colors map[string]string `json:"colors"`
	Logo   string            `json:"logo"`
	Font   string            `json:"font"`
	Radius string            `json:"radius"`
}

// PublicFeatures is the public part of Features.
type PublicFeatures struct {
	Favourites      bool `json:"favourites"`
	Compare         bool `json:"compare"`
	Watchlist       bool `json:"watchlist"`
	Reserve         bool `json:"reserve"`
	BuyOnline       bool `json:"buy_online"`
	CheckoutJourney bool `json:"checkout_journey"`
	CheckoutSignIn  bool `json:"checkout_sign_in"`
	// FinanceSignIn gates the finance pages behind sign-in
	// (docs/behaviour/roles.md#gated-routes): purpose finance, or car-finance
	// on the per-car finance page.
	FinanceSignIn      bool `json:"finance_sign_in"`
	PrintPDF           bool `json:"print_pdf"`
	Chat               bool `json:"chat"`
	Autogauge          bool `json:"autogauge"`
	SalesCounter       bool `json:"sales_counter"`
	RevealPhone        bool `json:"reveal_phone"`   // phone masked until clicked
	PhoneRevealed      bool `json:"phone_revealed"` // start revealed
	SeriesDisplay      bool `json:"series_display"`
	ElectricLabel      bool `json:"electric_label"`
	WeeklyFinanceChip  bool `json:"weekly_finance_chip"`
	FuelCalculator     bool `json:"fuel_calculator"`
	DeliveryCalculator bool `json:"delivery_calculator"`
	FinanceCalculator  bool `json:"finance_calculator"`
	TradeIn            bool `json:"trade_in"`
	YouxQuote          bool `json:"youx_quote"`
	PostcodeLookup     bool `json:"postcode_lookup"` // Australian postcode features
	SimilarCars        bool `json:"similar_cars"`
	SimilarLoadInView  bool `json:"similar_load_in_view"`
	Spinner            bool `json:"spinner"`
	DefaultViewGallery bool `json:"default_view_gallery"`
	CertifiedBadge     bool `json:"certified_badge"`
	// StrictSaveControls also hides favourite and compare when the used-only
	// rule fails, the price is 0 or less or there are no images (docs/behaviour/states.md).
	StrictSaveControls bool `json:"strict_save_controls"`
	TermsRequired      bool `json:"terms_required"`
	MessageOptional    bool `json:"message_optional"`
	Offers             bool `json:"offers"`
	Garage             bool `json:"garage"`
	Autobot            bool `json:"autobot"`
	// CarIdentity: the car page shows the VIN, rego and rego expiry
	// (docs/behaviour/screens.md#car-identity).
	CarIdentity bool `json:"car_identity"`

	// ChatState is the chat launcher's state on arrival (docs/behaviour/states.md:
	// hidden, shown or opened); empty means shown.
	ChatState string `json:"chat_state,omitempty"`
}

// PublicWording is the public part of Wording.
type PublicWording struct {
	NoPriceText           string               `json:"no_price_text"`
	SoldTagName           string               `json:"sold_tag_name"`
	NewTagName            string               `json:"new_tag_name"`
	Terms                 string               `json:"terms"`
	Privacy               string               `json:"privacy"`
	Tagline               string               `json:"tagline"`
	Description           string               `json:"description"`
	ReserveDeposit        string               `json:"reserve_deposit"`
	DepartmentPlaceholder bool                 `json:"department_placeholder"`
	Warranty              []PublicWarrantyLine `json:"warranty"`
	WhyUs                 []string             `json:"why_us"`
	Extra                 map[string]string    `json:"extra"`

	// EnquiryCategories are the general enquiry forms' category choices
	// (docs/behaviour/validation.md); the lead's subcategory must be one of them.
	EnquiryCategories []string `json:"enquiry_categories"`
	// TermsMessage is what an unticked terms box says; one of the behaviour docs' two wordings.
	TermsMessage string `json:"terms_message"`
	// ReturnTerms is the return offer the checkout page shows
	// (docs/behaviour/validation.md#return-terms); empty when the site offers none.
	ReturnTerms string `json:"return_terms"`
	// Viewing is what a buyer books to see stock where no one vehicle
	// decides it: "test_drive" or "inspection".
	Viewing string `json:"viewing"`
	// StockNoun and StockNounPlural name the site's vehicles in listing
	// titles and counts: car and cars, or caravan and caravans.
	StockNoun       string `json:"stock_noun"`
	StockNounPlural string `json:"stock_noun_plural"`
	// ServiceTypes and ServiceExtras are the service booking form's choices.
	ServiceTypes  []string `json:"service_types"`
	ServiceExtras []string `json:"service_extras"`
	// BrandDescriptions are each make's marketing paragraph for its
	// /{brand}/overview page, by make name.
	BrandDescriptions map[string]string `json:"brand_descriptions"`
}

// PublicWarrantyLine is the public part of WarrantyLine.
type PublicWarrantyLine struct {
	Make    string `json:"make"`
	CarType string `json:"car_type"`
	Text    string `json:"text"`
}

// PublicLink is the public part of Link.
type PublicLink struct {
	Label    string       `json:"label"`
	Href     string       `json:"href"`
	Dynamic  string       `json:"dynamic,omitempty"`
	Children []PublicLink `json:"children,omitempty"`
}

// PublicFooterGroup is the public part of FooterGroup.
type PublicFooterGroup struct {
	Title string       `json:"title"`
	Links []PublicLink `json:"links"`
}

// PublicNavigation is the public part of Navigation.
type PublicNavigation struct {
	Header         []PublicLink        `json:"header"`
	Footer         []PublicFooterGroup `json:"footer"`
	PaymentMethods []string            `json:"payment_methods"`
	// DropdownHover opens header dropdowns on pointer hover as well as on
	// click or keyboard (docs/behaviour/states.md#other: hover-driven in some configs).
	DropdownHover bool `json:"dropdown_hover"`
}

// PublicPhones is the public part of Phones.
type PublicPhones struct {
	Main            string            `json:"main"`
	ByCarType       map[string]string `json:"by_car_type"`
	FilterByCarType bool              `json:"filter_by_car_type"`
}

// PublicRange is the public part of Range.
type PublicRange struct {
	Min  float64 `json:"min"`
	Max  float64 `json:"max"`
	Step float64 `json:"step"`
}

// PublicFinance is the public part of Finance.
type PublicFinance struct {
	Provider         string      `json:"provider"` // Taurus, Car Clarity, Powertorque, AusLoans, Angle, 360 Finance, Nissan Finance, Manual
	Amount           PublicRange `json:"amount"`
	Term             PublicRange `json:"term"`
	Interest         PublicRange `json:"interest"`
	DefaultAmount    float64     `json:"default_amount"`
	DefaultTerm      float64     `json:"default_term"`
	DefaultInterest  float64     `json:"default_interest"`
	DefaultFrequency string      `json:"default_frequency"` // week, fortnight, month
	EstablishmentFee float64     `json:"establishment_fee"`
	HideFrequency    bool        `json:"hide_frequency"`
	InterestLocked   bool        `json:"interest_locked"`
	QuickPicks       []int       `json:"quick_picks"`
	ExcludedMakes    []string    `json:"excluded_makes"`
	Disclaimer       string      `json:"disclaimer"`
	// Disclaimers replace the lender's estimate disclaimer for cars of a make
	// and car type (docs/behaviour/constants.md: "$30,000 5-year secured loan (used Toyota)").
	Disclaimers []PublicWarrantyLine `json:"disclaimers"`

	// Lenders say which of a car's finance_lenders feed its estimate, in
	// order, and whose eligibility rules each follows (docs/behaviour/validation.md).
	Lenders             []PublicFinanceLenderSource `json:"lenders"`
	ExcludedDealerships []string                    `json:"excluded_dealerships"`
	Rounding            string                      `json:"rounding"`     // up or nearest
	TermOptions         []float64                   `json:"term_options"` // a custom term list, years
	PriceBasedMax       bool                        `json:"price_based_max"`
	PurchasePrice       bool                        `json:"purchase_price"`
	AmountFromPrice     bool                        `json:"amount_from_price"`
	Fees                []PublicFinanceFee          `json:"fees"`
	// ComparisonRateRange is quoted under the calculator ('8.38% to 19.42%')
	// for a provider that gives no comparison rate of its own.
	ComparisonRateRange *PublicRateRange `json:"comparison_rate_range"`
}

// PublicRateRange is the public part of RateRange.
type PublicRateRange struct {
	From float64 `json:"from"`
	To   float64 `json:"to"`
}

// PublicFinanceLenderSource is the public part of FinanceLenderSource.
type PublicFinanceLenderSource struct {
	Key      string `json:"key"`
	Provider string `json:"provider"`
}

// PublicFinanceFee is the public part of FinanceFee.
type PublicFinanceFee struct {
	Label  string  `json:"label"`
	Amount float64 `json:"amount"`
	Per    string  `json:"per"`
}

// PublicStockRules is the public part of StockRules.
type PublicStockRules struct {
	MinPhotos                  int      `json:"min_photos"`
	MinPrice                   int      `json:"min_price"`
	UsedOnly                   bool     `json:"used_only"`
	ExcludedNewMakes           []string `json:"excluded_new_makes"`
	DemoMinKM                  int      `json:"demo_min_km"` // demo cars need more than this many km; 0 = no rule
	SoldWindowDays             int      `json:"sold_window_days"`
	ExcludePriceZeroOnPriceAsc bool     `json:"exclude_price_zero_on_price_asc"`
}

// PublicSearch is the public part of Search.
type PublicSearch struct {
	DefaultPath string           `json:"default_path"`
	CardsPerRow int              `json:"cards_per_row"`
	DefaultSort string           `json:"default_sort"`
	HitsPerPage int              `json:"hits_per_page"`
	StockCount  int              `json:"stock_count"` // shown when hits exceed 1999
	DefaultCity string           `json:"default_city"`
	RefreshPath string           `json:"refresh_path"`
	PromoOffset bool             `json:"promo_offset"` // random 0–2 offset
	StockRules  PublicStockRules `json:"stock_rules"`
}

// PublicPromoCard is the public part of PromoCard.
type PublicPromoCard struct {
	Start         string   `json:"start"`  // YYYY-MM-DD, or MM-DD every year
	Expiry        string   `json:"expiry"` // YYYY-MM-DD, or MM-DD every year; last day shown
	Every         string   `json:"every,omitempty"`
	Position      int      `json:"position"`
	Display       []string `json:"display"` // car types
	StrictDisplay bool     `json:"strict_display"`
	Title         string   `json:"title"`
	Text          string   `json:"text"`
	Href          string   `json:"href"`
	Image         string   `json:"image"`
}

// PublicOffer is the public part of Offer.
type PublicOffer struct {
	Title  string `json:"title"`
	Text   string `json:"text"`
	Start  string `json:"start"`  // YYYY-MM-DD, or MM-DD every year
	Expiry string `json:"expiry"` // YYYY-MM-DD, or MM-DD every year; last day shown
	Every  string `json:"every,omitempty"`
	Href   string `json:"href"`
	Image  string `json:"image"`
}

// PublicReviews is the public part of Reviews.
type PublicReviews struct {
	MinRating    int     `json:"min_rating"`
	Max          int     `json:"max"`
	Hidden       bool    `json:"hidden"`
	StarsMinimum float64 `json:"stars_minimum"`
}

// PublicBanner is the public part of Banner.
type PublicBanner struct {
	Title string `json:"title"`
	Text  string `json:"text"`
	Href  string `json:"href"`
	Image string `json:"image"`
}

// PublicHome is the public part of Home.
type PublicHome struct {
	Banners      []PublicBanner `json:"banners"`
	FeatureLinks []PublicLink   `json:"feature_links"`
}

// PublicDeliveryZone is the public part of DeliveryZone.
type PublicDeliveryZone struct {
	Name  string  `json:"name"`
	MaxKM float64 `json:"max_km"`
	Price int     `json:"price"` // whole dollars; 0 is free delivery
}

// PublicDelivery is the public part of Delivery.
type PublicDelivery struct {
	Zones []PublicDeliveryZone `json:"zones"`
}

// PublicTradeIn is the public part of TradeIn.
type PublicTradeIn struct {
	// No online estimate for cars older than MaxAgeYears or past MaxKM.
	MaxAgeYears int `json:"max_age_years"`
	MaxKM       int `json:"max_km"`
	// RetailRatio is the share of comparable cars' asking prices offered for
	// a trade-in (the rest pays for reconditioning, holding and margin).
	RetailRatio float64 `json:"retail_ratio"`
	// MinComparables is how many comparable cars a range needs.
	MinComparables int `json:"min_comparables"`
}

// PublicVehiclePage is the public part of VehiclePage.
type PublicVehiclePage struct {
	// ShareToast: after Share, a 3 s toast 'Copied {vehicle name} to your
	// clipboard!' instead of 'Copied' for 1.5 s (docs/behaviour/states.md#forms).
	ShareToast bool `json:"share_toast"`
	// WhyBuy are the 'Why Buy From Us?' points; the warranty line follows.
	WhyBuy []string `json:"why_buy"`
	// PodiumChat: a podium chat token is configured, so Instant Message
	// never replaces Enquire Now (docs/behaviour/roles.md).
	PodiumChat bool `json:"podium_chat"`
	// StrictReserve: reserve only cars in stock, not reserved, priced above
	// 200 (docs/behaviour/states.md#availability).
	StrictReserve bool `json:"strict_reserve"`
	// FinanceEnquiryButton: a 'Get Finance Now' button opens the 'Finance
	// Enquiry' modal (docs/behaviour/screens.md#dialogs-and-forms; event 9).
	FinanceEnquiryButton bool `json:"finance_enquiry_button"`
	// MechanicalProtection, when set, is the first 'Why {dealer}?' point,
	// worked out for each car (docs/behaviour/screens.md#vehicle-other-blocks; why_us
	// then holds the points after it.
	MechanicalProtection *PublicMechanicalProtection `json:"mechanical_protection,omitempty"`
}

// PublicMechanicalProtection is the public part of MechanicalProtection.
type PublicMechanicalProtection struct {
	Years      int      `json:"years"`
	BrandYears int      `json:"brand_years"`
	Brands     []string `json:"brands"`
}

// PublicTags is the public part of Tags.
type PublicTags struct {
	// Green custom tags ('runout sale' for a new-car franchise dealer);
	// other custom tags are red. Matched case-insensitively.
	Green []string `json:"green"`
	// CertifiedMakes: certified used cars of these makes carry a certified
	// badge ("A certified badge shows on used cars of one luxury make").
	CertifiedMakes []string `json:"certified_makes"`
	// CertifiedTagMakes: with features.certified_badge on, certified cars of
	// these makes (unless sold) take the Certified card tag, drawn as the
	// certified logo ("Certified used Toyota shows a certified logo").
	CertifiedTagMakes []string `json:"certified_tag_makes"`
}

func publicTheme(c tenant.Theme) PublicTheme {
	return PublicTheme{
		Colors: c.Colors,
		Logo:   c.Logo,
		Font:   c.Font,
		Radius: c.Radius,
	}
}

func publicFeatures(c tenant.Features) PublicFeatures {
	return PublicFeatures{
		Favourites:         c.Favourites,
		Compare:            c.Compare,
		Watchlist:          c.Watchlist,
		Reserve:            c.Reserve,
		BuyOnline:          c.BuyOnline,
		CheckoutJourney:    c.CheckoutJourney,
		CheckoutSignIn:     c.CheckoutSignIn,
		FinanceSignIn:      c.FinanceSignIn,
		PrintPDF:           c.PrintPDF,
		Chat:               c.Chat,
		Autogauge:          c.Autogauge,
		SalesCounter:       c.SalesCounter,
		RevealPhone:        c.RevealPhone,
		PhoneRevealed:      c.PhoneRevealed,
		SeriesDisplay:      c.SeriesDisplay,
		ElectricLabel:      c.ElectricLabel,
		WeeklyFinanceChip:  c.WeeklyFinanceChip,
		FuelCalculator:     c.FuelCalculator,
		DeliveryCalculator: c.DeliveryCalculator,
		FinanceCalculator:  c.FinanceCalculator,
		TradeIn:            c.TradeIn,
		YouxQuote:          c.YouxQuote,
		PostcodeLookup:     c.PostcodeLookup,
		SimilarCars:        c.SimilarCars,
		SimilarLoadInView:  c.SimilarLoadInView,
		Spinner:            c.Spinner,
		DefaultViewGallery: c.DefaultViewGallery,
		CertifiedBadge:     c.CertifiedBadge,
		StrictSaveControls: c.StrictSaveControls,
		TermsRequired:      c.TermsRequired,
		MessageOptional:    c.MessageOptional,
		Offers:             c.Offers,
		Garage:             c.Garage,
		Autobot:            c.Autobot,
		CarIdentity:        c.CarIdentity,
		ChatState:          c.ChatState,
	}
}

func publicWording(c tenant.Wording) PublicWording {
	return PublicWording{
		NoPriceText:           c.NoPriceText,
		SoldTagName:           c.SoldTagName,
		NewTagName:            c.NewTagName,
		Terms:                 c.Terms,
		Privacy:               c.Privacy,
		Tagline:               c.Tagline,
		Description:           c.Description,
		ReserveDeposit:        c.ReserveDeposit,
		DepartmentPlaceholder: c.DepartmentPlaceholder,
		Warranty:              convert.List(c.Warranty, publicWarrantyLine),
		WhyUs:                 c.WhyUs,
		Extra:                 c.Extra,
		EnquiryCategories:     c.EnquiryCategories,
		TermsMessage:          c.TermsMessage,
		ReturnTerms:           c.ReturnTerms,
		Viewing:               c.Viewing,
		StockNoun:             c.StockNoun,
		StockNounPlural:       c.StockNounPlural,
		ServiceTypes:          c.ServiceTypes,
		ServiceExtras:         c.ServiceExtras,
		BrandDescriptions:     c.BrandDescriptions,
	}
}

func publicWarrantyLine(c tenant.WarrantyLine) PublicWarrantyLine {
	return PublicWarrantyLine{
		Make:    c.Make,
		CarType: c.CarType,
		Text:    c.Text,
	}
}

func publicLink(c tenant.Link) PublicLink {
	return PublicLink{
		Label:    c.Label,
		Href:     c.Href,
		Dynamic:  c.Dynamic,
		Children: convert.List(c.Children, publicLink),
	}
}

func publicFooterGroup(c tenant.FooterGroup) PublicFooterGroup {
	return PublicFooterGroup{
		Title: c.Title,
		Links: convert.List(c.Links, publicLink),
	}
}

func publicNavigation(c tenant.Navigation) PublicNavigation {
	return PublicNavigation{
		Header:         convert.List(c.Header, publicLink),
		Footer:         convert.List(c.Footer, publicFooterGroup),
		PaymentMethods: c.PaymentMethods,
		DropdownHover:  c.DropdownHover,
	}
}

func publicPhones(c tenant.Phones) PublicPhones {
	return PublicPhones{
		Main:            c.Main,
		ByCarType:       c.ByCarType,
		FilterByCarType: c.FilterByCarType,
	}
}

func publicRange(c tenant.Range) PublicRange {
	return PublicRange{
		Min:  c.Min,
		Max:  c.Max,
		Step: c.Step,
	}
}

func publicFinance(c tenant.Finance) PublicFinance {
	return PublicFinance{
		Provider:            c.Provider,
		Amount:              publicRange(c.Amount),
		Term:                publicRange(c.Term),
		Interest:            publicRange(c.Interest),
		DefaultAmount:       c.DefaultAmount,
		DefaultTerm:         c.DefaultTerm,
		DefaultInterest:     c.DefaultInterest,
		DefaultFrequency:    c.DefaultFrequency,
		EstablishmentFee:    c.EstablishmentFee,
		HideFrequency:       c.HideFrequency,
		InterestLocked:      c.InterestLocked,
		QuickPicks:          c.QuickPicks,
		ExcludedMakes:       c.ExcludedMakes,
		Disclaimer:          c.Disclaimer,
		Disclaimers:         convert.List(c.Disclaimers, publicWarrantyLine),
		Lenders:             convert.List(c.Lenders, publicFinanceLenderSource),
		ExcludedDealerships: c.ExcludedDealerships,
		Rounding:            c.Rounding,
		TermOptions:         c.TermOptions,
		PriceBasedMax:       c.PriceBasedMax,
		PurchasePrice:       c.PurchasePrice,
		AmountFromPrice:     c.AmountFromPrice,
		Fees:                convert.List(c.Fees, publicFinanceFee),
		ComparisonRateRange: convert.Ptr(c.ComparisonRateRange, publicRateRange),
	}
}

func publicRateRange(c tenant.RateRange) PublicRateRange {
	return PublicRateRange{
		From: c.From,
		To:   c.To,
	}
}

func publicFinanceLenderSource(c tenant.FinanceLenderSource) PublicFinanceLenderSource {
	return PublicFinanceLenderSource{
		Key:      c.Key,
		Provider: c.Provider,
	}
}

func publicFinanceFee(c tenant.FinanceFee) PublicFinanceFee {
	return PublicFinanceFee{
		Label:  c.Label,
		Amount: c.Amount,
		Per:    c.Per,
	}
}

func publicStockRules(c tenant.StockRules) PublicStockRules {
	return PublicStockRules{
		MinPhotos:                  c.MinPhotos,
		MinPrice:                   c.MinPrice,
		UsedOnly:                   c.UsedOnly,
		ExcludedNewMakes:           c.ExcludedNewMakes,
		DemoMinKM:                  c.DemoMinKM,
		SoldWindowDays:             c.SoldWindowDays,
		ExcludePriceZeroOnPriceAsc: c.ExcludePriceZeroOnPriceAsc,
	}
}

func publicSearch(c tenant.Search) PublicSearch {
	return PublicSearch{
		DefaultPath: c.DefaultPath,
		CardsPerRow: c.CardsPerRow,
		DefaultSort: c.DefaultSort,
		HitsPerPage: c.HitsPerPage,
		StockCount:  c.StockCount,
		DefaultCity: c.DefaultCity,
		RefreshPath: c.RefreshPath,
		PromoOffset: c.PromoOffset,
		StockRules:  publicStockRules(c.StockRules),
	}
}

func publicPromoCard(c tenant.PromoCard) PublicPromoCard {
	return PublicPromoCard{
		Start:         c.Start,
		Expiry:        c.Expiry,
		Every:         c.Every,
		Position:      c.Position,
		Display:       c.Display,
		StrictDisplay: c.StrictDisplay,
		Title:         c.Title,
		Text:          c.Text,
		Href:          c.Href,
		Image:         c.Image,
	}
}

func publicOffer(c tenant.Offer) PublicOffer {
	return PublicOffer{
		Title:  c.Title,
		Text:   c.Text,
		Start:  c.Start,
		Expiry: c.Expiry,
		Every:  c.Every,
		Href:   c.Href,
		Image:  c.Image,
	}
}

func publicReviews(c tenant.Reviews) PublicReviews {
	return PublicReviews{
		MinRating:    c.MinRating,
		Max:          c.Max,
		Hidden:       c.Hidden,
		StarsMinimum: c.StarsMinimum,
	}
}

func publicBanner(c tenant.Banner) PublicBanner {
	return PublicBanner{
		Title: c.Title,
		Text:  c.Text,
		Href:  c.Href,
		Image: c.Image,
	}
}

func publicHome(c tenant.Home) PublicHome {
	return PublicHome{
		Banners:      convert.List(c.Banners, publicBanner),
		FeatureLinks: convert.List(c.FeatureLinks, publicLink),
	}
}

func publicDeliveryZone(c tenant.DeliveryZone) PublicDeliveryZone {
	return PublicDeliveryZone{
		Name:  c.Name,
		MaxKM: c.MaxKM,
		Price: c.Price,
	}
}

func publicDelivery(c tenant.Delivery) PublicDelivery {
	return PublicDelivery{
		Zones: convert.List(c.Zones, publicDeliveryZone),
	}
}

func publicTradeIn(c tenant.TradeIn) PublicTradeIn {
	return PublicTradeIn{
		MaxAgeYears:    c.MaxAgeYears,
		MaxKM:          c.MaxKM,
		RetailRatio:    c.RetailRatio,
		MinComparables: c.MinComparables,
	}
}

func publicVehiclePage(c tenant.VehiclePage) PublicVehiclePage {
	return PublicVehiclePage{
		ShareToast:           c.ShareToast,
		WhyBuy:               c.WhyBuy,
		PodiumChat:           c.PodiumChat,
		StrictReserve:        c.StrictReserve,
		FinanceEnquiryButton: c.FinanceEnquiryButton,
		MechanicalProtection: convert.Ptr(c.MechanicalProtection, publicMechanicalProtection),
	}
}

func publicMechanicalProtection(c tenant.MechanicalProtection) PublicMechanicalProtection {
	return PublicMechanicalProtection{
		Years:      c.Years,
		BrandYears: c.BrandYears,
		Brands:     c.Brands,
	}
}

func publicTags(c tenant.Tags) PublicTags {
	return PublicTags{
		Green:             c.Green,
		CertifiedMakes:    c.CertifiedMakes,
		CertifiedTagMakes: c.CertifiedTagMakes,
	}
}
