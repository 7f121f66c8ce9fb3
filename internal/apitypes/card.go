package apitypes

import "time"

// Card is a car in a search answer (docs/behaviour/http.md#api-search):
// what a result card, the compare tray and the results page's first screen
// need, and no more. The car page keeps the whole car (CarDetail); a card
// is a third of its size, so a listing answer stays small to send and to
// take over from the server's first screen.
type Card struct {
	ID                 int64  `json:"id"`
	Slug               string `json:"slug"`
	Name               string `json:"name"`
	Year               int    `json:"year"`
	Make               string `json:"make"`
	Model              string `json:"model"`
	Badge              string `json:"badge"`
	Series             string `json:"series,omitempty"`
	CarType            string `json:"car_type"`
	Status             string `json:"status"`
	KM                 int    `json:"km"`
	Price              int    `json:"price"`
	PriceType          string `json:"price_type,omitempty"`
	Body               string `json:"body"`
	SimpleBody         string `json:"simple_body"`
	SimpleTransmission string `json:"simple_transmission"`
	// Trans is the feed's transmission, sent only when it has no simple
	// one: the card shows the simple one first.
	Trans           string     `json:"trans,omitempty"`
	ItemType        string     `json:"item_type,omitempty"`
	PrimaryImageURL string     `json:"primary_image_url"`
	LocationName    string     `json:"location_name"`
	City            string     `json:"city"`
	ShowOnWebsite   bool       `json:"show_on_dealer_website"`
	Certified       bool       `json:"certified,omitempty"`
	Reserved        bool       `json:"reserved,omitempty"`
	PriceDroppedAt  *time.Time `json:"price_dropped_at,omitempty"`
	// Specifications are a caravan's facts, for its card's summary.
	Specifications *CaravanSpecs `json:"specifications,omitempty"`
	CardTag        *Tag          `json:"tag"`
	PriceDisplay   PriceDisplay  `json:"price_display"`
	WeeklyPayment  *float64      `json:"weekly_payment,omitempty"`
	IsAvailable    bool          `json:"available"`
	CertifiedBadge bool          `json:"certified_badge,omitempty"`
	// DistanceKM is how far the car's location is from the search's
	// postcode, in whole km; absent without a postcode
	// (docs/behaviour/http.md#distance).
	DistanceKM *int `json:"distance_km,omitempty"`
}

// CardOf is a hit's card.
func CardOf(h Hit) Card {
	c := Card{
		ID:                 h.ID,
		Slug:               h.Slug,
		Name:               h.Name,
		Year:               h.Year,
		Make:               h.Make,
		Model:              h.Model,
		Badge:              h.Badge,
		Series:             h.Series,
		CarType:            h.CarType,
		Status:             h.Status,
		KM:                 h.KM,
		Price:              h.Price,
		PriceType:          h.PriceType,
		Body:               h.Body,
		SimpleBody:         h.SimpleBody,
		SimpleTransmission: h.SimpleTransmission,
		ItemType:           h.ItemType,
		PrimaryImageURL:    h.PrimaryImageURL,
		LocationName:       h.LocationName,
		City:               h.City,
		ShowOnWebsite:      h.ShowOnWebsite,
		Certified:          h.Certified,
		Reserved:           h.Reserved,
		PriceDroppedAt:     h.PriceDroppedAt,
		Specifications:     h.Specifications,
		CardTag:            h.CardTag,
		PriceDisplay:       h.PriceDisplay,
		WeeklyPayment:      h.WeeklyPayment,
		IsAvailable:        h.IsAvailable,
		CertifiedBadge:     h.CertifiedBadge,
	}
	if h.SimpleTransmission == "" {
		c.Trans = h.Trans
	}
	return c
}
