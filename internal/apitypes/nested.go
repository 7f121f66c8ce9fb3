package apitypes

import (
	"forecourt/internal/catalog"
	"forecourt/internal/convert"
	"forecourt/internal/finance"
)

// The values nested in an API car, each with the JSON names clients read.
// A flat one is converted from catalog's type of the same fields (Go
// converts between structs that differ only in tags), so a field added to
// catalog's type fails to compile here until the API takes it or leaves it
// out explicitly; nested ones are copied field by field.

// Image is one photo of a car; Thumb is the small rendition.
type Image struct {
	URL   string   `json:"url"`
	Thumb ImageRef `json:"thumb"`
}

// ImageRef is a bare image address.
type ImageRef struct {
	URL string `json:"url"`
}

// Variant is the manufacturer's technical description of a car.
type Variant struct {
	Cylinders               int     `json:"cylinders,omitempty"`
	EngineSize              int     `json:"enginesize,omitempty"`
	EngineSizeLitres        float64 `json:"enginesize_litres,omitempty"`
	Induction               string  `json:"induction,omitempty"`
	GearType                string  `json:"geartype,omitempty"`
	FuelConsumptionCombined float64 `json:"fuelconsumptioncombined,omitempty"`
	FuelCapacity            int     `json:"fuelcapacity,omitempty"`
	GrossVehicleMass        int     `json:"grossvehiclemass,omitempty"`
	VehicleLength           int     `json:"vehiclelength,omitempty"`
	VehicleHeight           int     `json:"vehicleheight,omitempty"`
	VehicleWidth            int     `json:"vehiclewidth,omitempty"`
	TowingCapacityBraked    int     `json:"towingcapacitybraked,omitempty"`
	Torque                  int     `json:"torque,omitempty"`
	AncapRating             int     `json:"ancaprating,omitempty"`
	BodyConfiguration       string  `json:"bodyconfiguration,omitempty"`
}

// AutograbData is market pricing for the car.
type AutograbData struct {
	StateAverageMarketPrice int `json:"state_average_market_price,omitempty"`
	AverageMarketPrice      int `json:"average_market_price,omitempty"`
}

// CaravanSpecs are the specifications shown for caravans.
type CaravanSpecs struct {
	BodyWidth            float64 `json:"body_width,omitempty"`  // feet
	BodyLength           float64 `json:"body_length,omitempty"` // feet
	TareWeight           int     `json:"tare_weight,omitempty"` // kg
	AxleType             string  `json:"axle_type,omitempty"`
	Sleeps               int     `json:"sleeps,omitempty"`
	AggregateTrailerMass int     `json:"aggregate_trailer_mass,omitempty"` // kg
}

// YouxQuote is a finance quote from the credit-check provider.
type YouxQuote struct {
	WeeklyRepaymentAmount float64 `json:"weeklyRepaymentAmount"`
	ComparisonRate        float64 `json:"comparisonRate"`
	AdvertisedRate        float64 `json:"advertisedRate"`
}

// FinanceLender is one provider's offer for the car.
type FinanceLender struct {
	InterestRate      float64 `json:"interestRate"`
	ComparisonRate    float64 `json:"comparisonRate"`
	PaymentWeek       float64 `json:"paymentWeek,omitempty"`
	PaymentMonth      float64 `json:"paymentMonth,omitempty"`
	Term              int     `json:"term,omitempty"`
	TermYears         float64 `json:"termYears,omitempty"`
	TermMonths        int     `json:"termMonths,omitempty"`
	TermWeeks         int     `json:"termWeeks,omitempty"`
	Balloon           float64 `json:"balloon,omitempty"`
	Deposit           float64 `json:"deposit,omitempty"`
	TotalPayable      float64 `json:"totalPayable,omitempty"`
	EstablishmentFees float64 `json:"establishmentFees,omitempty"`
	FinanceProvider   string  `json:"financeProvider,omitempty"`
	Disclaimer        string  `json:"disclaimer,omitempty"`
}

// Hotspot marks a feature on the 360 spin, positioned per frame angle.
type Hotspot struct {
	Description string            `json:"description"`
	Anchor      string            `json:"anchor,omitempty"`
	Positions   []HotspotPosition `json:"positions,omitempty"`
}

// HotspotPosition places a hotspot at one angle (frame index), in percent.
type HotspotPosition struct {
	Angle int     `json:"angle"`
	X     float64 `json:"x"`
	Y     float64 `json:"y"`
}

// Hotspots groups exterior and interior hotspots.
type Hotspots struct {
	Exterior []Hotspot `json:"exterior,omitempty"`
	Interior []Hotspot `json:"interior,omitempty"`
}

// Tag is the one tag a card shows.
type Tag struct {
	Label string `json:"label"`
	Tone  string `json:"tone"`
	Kind  string `json:"kind"`
}

// PriceDisplay is how a card shows the car's price.
type PriceDisplay struct {
	Kind   string  `json:"kind"`
	Text   string  `json:"text"`
	Was    *string `json:"was"`
	Suffix string  `json:"suffix"`
	// Saving is how much a reduced price takes off the car price ("$1,500"), else nil.
	Saving *string `json:"saving"`
	// Label names a price that is not the cash price ("Subscription").
	Label string `json:"label,omitempty"`
	// Cash is the car's cash price shown beside a subscription price, else nil.
	Cash *string `json:"cash,omitempty"`
	// PriceType says in words what the cash price includes ("Drive Away").
	PriceType string `json:"price_type,omitempty"`
}

// CarLocation is where a car is: its location's name and place.
type CarLocation struct {
	ID       int64  `json:"id"`
	Name     string `json:"name"`
	Slug     string `json:"slug"`
	City     string `json:"city"`
	State    string `json:"state"`
	Postcode string `json:"postcode"`
}

// FinanceEstimate is the finance estimate a car's page shows (docs/behaviour/http.md: the
// finance_estimate of GET /api/cars/{slug}).
type FinanceEstimate struct {
	Provider       string  `json:"provider"`
	LenderKey      string  `json:"lender_key"`
	Lender         string  `json:"lender"`
	Frequency      string  `json:"frequency"`
	Amount         float64 `json:"amount"` // whole dollars per Frequency
	Weekly         float64 `json:"weekly"`
	Monthly        float64 `json:"monthly"`
	Enquire        bool    `json:"enquire"`
	InterestRate   float64 `json:"interest_rate"`
	ComparisonRate float64 `json:"comparison_rate"`
	TermYears      int     `json:"term_years"`
	Deposit        float64 `json:"deposit"`
	Balloon        float64 `json:"balloon"`
	// EstablishmentFee is the fee added to the amount financed.
	EstablishmentFee float64 `json:"establishment_fee"`
	// Price, amount financed (price − deposit + fee) and the total of every
	// repayment plus the final payment (0 with 'Enquire for Finance').
	Price           float64 `json:"price"`
	AmountFinanced  float64 `json:"amount_financed"`
	TotalRepayments float64 `json:"total_repayments"`
	// Dealer is the car's own location the estimate names.
	Dealer string `json:"dealer"`
	// Text follows the amount: 'per week* for used Corolla with Toyota
	// Finance at Harbourside Toyota'.
	Text       string `json:"text"`
	Disclaimer string `json:"disclaimer"`
	Indicative string `json:"indicative"`
}

// FinanceEstimateFrom is the API's finance estimate, nil for none.
func FinanceEstimateFrom(e *finance.Estimate) *FinanceEstimate {
	return convert.Ptr(e, func(e finance.Estimate) FinanceEstimate { return FinanceEstimate(e) })
}

// TagFrom is the API's card tag, nil for none.
func TagFrom(t *catalog.Tag) *Tag {
	return convert.Ptr(t, func(t catalog.Tag) Tag { return Tag(t) })
}

// PriceDisplayFrom is the API's price display.
func PriceDisplayFrom(p catalog.PriceDisplay) PriceDisplay { return PriceDisplay(p) }

// CarLocationFrom is the API's car location, nil for none.
func CarLocationFrom(l *catalog.CarLocation) *CarLocation {
	return convert.Ptr(l, func(l catalog.CarLocation) CarLocation { return CarLocation(l) })
}

func imagesFrom(in []catalog.Image) []Image {
	return convert.List(in, func(im catalog.Image) Image { return Image{URL: im.URL, Thumb: ImageRef(im.Thumb)} })
}

func hotspotsFrom(h *catalog.Hotspots) *Hotspots {
	return convert.Ptr(h, func(h catalog.Hotspots) Hotspots {
		return Hotspots{Exterior: convert.List(h.Exterior, hotspotFrom), Interior: convert.List(h.Interior, hotspotFrom)}
	})
}

func hotspotFrom(h catalog.Hotspot) Hotspot {
	return Hotspot{Description: h.Description, Anchor: h.Anchor,
		Positions: convert.List(h.Positions, func(p catalog.HotspotPosition) HotspotPosition { return HotspotPosition(p) })}
}

func variantFrom(v *catalog.Variant) *Variant {
	return convert.Ptr(v, func(v catalog.Variant) Variant { return Variant(v) })
}

func autograbFrom(a *catalog.AutograbData) *AutograbData {
	return convert.Ptr(a, func(a catalog.AutograbData) AutograbData { return AutograbData(a) })
}

func specsFrom(s *catalog.CaravanSpecs) *CaravanSpecs {
	return convert.Ptr(s, func(s catalog.CaravanSpecs) CaravanSpecs { return CaravanSpecs(s) })
}

func quoteFrom(q *catalog.YouxQuote) *YouxQuote {
	return convert.Ptr(q, func(q catalog.YouxQuote) YouxQuote { return YouxQuote(q) })
}

func lendersFrom(in map[string]catalog.FinanceLender) map[string]FinanceLender {
	return convert.Map(in, func(l catalog.FinanceLender) FinanceLender { return FinanceLender(l) })
}
