package apitypes

import (
	"forecourt/internal/catalog"
	"forecourt/internal/convert"
	"forecourt/internal/geo"
	"forecourt/internal/market"
)

// The answers of the buyer tools, the car page's price comparison and the
// finance quote (api/openapi.yaml names each schema). As in nested.go, a
// flat value is converted from its domain twin, so a field added there
// fails to compile here until the API takes it or leaves it out; the
// others are copied field by field.

// Postcode is GET /api/postcodes/{postcode}: a postcode's state,
// localities and position.
type Postcode struct {
	Postcode   string   `json:"postcode"`
	State      string   `json:"state"`
	Localities []string `json:"localities"`
	Lat        float64  `json:"lat"`
	Lng        float64  `json:"lng"`
}

// FromPostcode is the API's view of a looked-up postcode.
func FromPostcode(p geo.Postcode) Postcode { return Postcode(p) }

// DeliveryQuote is GET /api/delivery-quote: the delivery zone's price and
// name, and how far the postcode is from the car in whole km.
type DeliveryQuote struct {
	Price      int    `json:"price"`
	Name       string `json:"name"`
	DistanceKM int    `json:"distance_km"`
}

// FromDeliveryQuote is the API's view of a delivery quote.
func FromDeliveryQuote(q geo.DeliveryQuote) DeliveryQuote { return DeliveryQuote(q) }

// TradeInQuestion is one condition question of the trade-in form.
type TradeInQuestion struct {
	ID      string          `json:"id"`
	Label   string          `json:"label"`
	Options []TradeInOption `json:"options"`
}

// TradeInOption is one answer to a condition question; what it does to
// the value is the server's alone.
type TradeInOption struct {
	ID    string `json:"id"`
	Label string `json:"label"`
}

// FromTradeInQuestions are the API's views of the condition questions.
func FromTradeInQuestions(qs []market.TradeInQuestion) []TradeInQuestion {
	return convert.List(qs, func(q market.TradeInQuestion) TradeInQuestion {
		return TradeInQuestion{ID: q.ID, Label: q.Label, Options: convert.List(q.Options, func(o market.TradeInOption) TradeInOption {
			return TradeInOption{ID: o.ID, Label: o.Label}
		})}
	})
}

// TradeInMake is a make of the trade-in form's picker and its models.
type TradeInMake struct {
	Make   string   `json:"make"`
	Models []string `json:"models"`
}

// FromTradeInMakes are the API's views of the makes and their models.
func FromTradeInMakes(ms []market.TradeInMake) []TradeInMake {
	return convert.List(ms, func(m market.TradeInMake) TradeInMake { return TradeInMake(m) })
}

// TradeInCar is the buyer's car: GET /api/trade-in/rego, and the car of a
// valuation.
type TradeInCar struct {
	Rego      string `json:"rego,omitempty"`
	RegoState string `json:"regoState,omitempty"`
	Make      string `json:"make"`
	Model     string `json:"model"`
	Badge     string `json:"badge,omitempty"`
	Year      int    `json:"year"`
	KM        int    `json:"km"`
}

// FromTradeInCar is the API's view of the buyer's car.
func FromTradeInCar(c market.TradeInCar) TradeInCar { return TradeInCar(c) }

// TradeInValuation is POST /api/trade-in/valuation: a price range, or the
// reason there is none.
type TradeInValuation struct {
	Car              TradeInCar        `json:"car"`
	Estimate         bool              `json:"estimate"`
	Reason           string            `json:"reason,omitempty"`
	Message          string            `json:"message"`
	Low              int               `json:"low,omitempty"`
	High             int               `json:"high,omitempty"`
	Comparables      int               `json:"comparables"`
	RetailMedian     int               `json:"retail_median,omitempty"`
	ConditionFactor  float64           `json:"condition_factor"`
	AdjustmentAnswer map[string]string `json:"adjustmentAnswers"`
}

// FromTradeInValuation is the API's view of a valuation.
func FromTradeInValuation(v market.TradeInValuation) TradeInValuation {
	return TradeInValuation{
		Car: FromTradeInCar(v.Car), Estimate: v.Estimate, Reason: v.Reason, Message: v.Message,
		Low: v.Low, High: v.High, Comparables: v.Comparables, RetailMedian: v.RetailMedian,
		ConditionFactor: v.ConditionFactor, AdjustmentAnswer: v.AdjustmentAnswer,
	}
}

// Autogauge is GET /api/cars/{slug}/autogauge: the car's price against
// the market. Null fields are unknown.
type Autogauge struct {
	Fill           *float64 `json:"fill"`
	ListingPrice   *int     `json:"listing_price"`
	MarketRangeMin *int     `json:"market_range_min"`
	MarketRangeMax *int     `json:"market_range_max"`
	Confidence     float64  `json:"confidence"`
	Description    string   `json:"description"`
	SampleSize     int      `json:"sample_size"`
	MarketMedian   *int     `json:"market_median"`
}

// FromAutogauge is the API's view of a price comparison.
func FromAutogauge(g market.Autogauge) Autogauge { return Autogauge(g) }

// FromYouxQuote is POST /api/youx/quote's answer: the indicative quote,
// in the shape a car's youxQuote has.
func FromYouxQuote(q catalog.YouxQuote) YouxQuote { return YouxQuote(q) }
