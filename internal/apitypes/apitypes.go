// Package apitypes holds the JSON shapes of the HTTP API's answers, each
// whole body an Answer: the car answers, the locations and dealerships
// GET /api/site lists (site.go), the buyer tools' (tools.go), the models'
// (models.go), the pages' (pages.go) and the bookings' (bookings.go). A
// handler converts its domain values to these before it writes them, so a
// field clients read is named here, not in catalog.Car (the car as it is
// stored and imported) or another domain type: a change to storage or the
// stock feed does not change the API, nor the reverse. api/openapi.yaml
// describes these shapes; the server's contract test holds the answers to
// it. The values nested in a car (images, lenders, market data, the tag,
// the price display, the location, the finance estimate) have their own
// types here too (nested.go), so no domain type reaches an answer
// (TestNoCatalogTypes).
package apitypes

import (
	"time"

	"forecourt/internal/catalog"
)

// Car is a car as every car answer carries it, with docs/behaviour/entities.md's
// field names (docs/behaviour/http.md).
type Car struct {
	ID                 int64     `json:"id"`
	Slug               string    `json:"slug"`
	Path               string    `json:"path"`
	Name               string    `json:"name"`
	Year               int       `json:"year"`
	Make               string    `json:"make"`
	Model              string    `json:"model"`
	Badge              string    `json:"badge"`
	Series             string    `json:"series"`
	CarType            string    `json:"car_type"`
	Status             string    `json:"status"`
	StockNum           string    `json:"stocknum"`
	VIN                string    `json:"vin"`
	NVIC               string    `json:"nvic"`
	RegPlate           string    `json:"regplate"`
	RegoExpiry         string    `json:"rego_expiry"`
	RegoState          string    `json:"regoState"`
	BuildDate          string    `json:"build_date"`
	ComplianceDate     string    `json:"compliance_date"`
	KM                 int       `json:"km"`
	Price              int       `json:"price"`
	BeforePrice        int       `json:"before_price"`
	SubscriptionPrice  int       `json:"subscription_price"`
	OfferPrice         int       `json:"offer_price"`
	PriceType          string    `json:"price_type"`
	Preorder           bool      `json:"preorder"`
	Colour             string    `json:"colour"`
	InteriorColour     string    `json:"interior_colour"`
	Body               string    `json:"body"`
	SimpleBody         string    `json:"simple_body"`
	SimpleTransmission string    `json:"simple_transmission"`
	Trans              string    `json:"trans"`
	SimpleFuel         string    `json:"simple_fuel"`
	Fuel               string    `json:"fuel"`
	SimpleDrive        string    `json:"simple_drive"`
	Drive              string    `json:"drive"`
	Seats              int       `json:"seats"`
	Doors              int       `json:"doors"`
	EngineSize         int       `json:"engine_size"`
	EngineSizeLitres   float64   `json:"engine_size_litres"`
	GearNum            int       `json:"gearnum"`
	BodyConfiguration  string    `json:"bodyconfiguration"`
	Certified          bool      `json:"certified"`
	Reserved           bool      `json:"reserved"`
	Tag                string    `json:"custom_tag"` // the dealer's own tag; the derived card tag is computed
	CreatedAt          time.Time `json:"created_at"`
	UpdatedAt          time.Time `json:"updated_at"`
	// PriceDroppedAt is when the price last changed, if that change was a
	// drop; null otherwise. A card shows its "Price drop" tag from it.
	PriceDroppedAt    *time.Time               `json:"price_dropped_at"`
	PhotosCount       int                      `json:"photos_count"`
	Views             int                      `json:"views"`
	VideoURL          string                   `json:"video_url"`
	ExternalVideoURL  string                   `json:"external_video_url"`
	File              string                   `json:"file"`
	Images            []Image                  `json:"images"`
	PrimaryImageURL   string                   `json:"primary_image_url"`
	SpinImages        []string                 `json:"spin_images"`
	SpinInteriorImage string                   `json:"spin_interior_image"`
	SpinCode          string                   `json:"spin_code"`
	Hotspots          *Hotspots                `json:"hotspots,omitempty"`
	DealerComments    string                   `json:"dealercomments"`
	StandardEquipment []string                 `json:"standardEquipment"`
	LocationID        int64                    `json:"location_id"`
	LocationName      string                   `json:"location_name"`
	DealershipID      int64                    `json:"dealership_id"`
	DealershipIDs     []int64                  `json:"dealership_ids"`
	DealershipSlug    string                   `json:"dealership_slug"`
	ShowOnWebsite     bool                     `json:"show_on_dealer_website"`
	SoldDateTimestamp int64                    `json:"sold_date_timestamp"` // unix seconds; 0 when not sold
	CarsalesTitle     string                   `json:"carsales_title"`
	PrivateSuburb     string                   `json:"private_suburb"`
	PrivatePostcode   string                   `json:"private_postcode"`
	ItemType          string                   `json:"item_type"`
	ManufacturerBody  string                   `json:"manufacturer_body"`
	ManufacturerBody2 string                   `json:"manufacturer_body2"`
	ManufacturerBody3 string                   `json:"manufacturer_body3"`
	Variant           *Variant                 `json:"variant,omitempty"`
	AutograbData      *AutograbData            `json:"autograb_data,omitempty"`
	Specifications    *CaravanSpecs            `json:"specifications,omitempty"`
	YouxQuote         *YouxQuote               `json:"youxQuote,omitempty"`
	FinanceLenders    map[string]FinanceLender `json:"finance_lenders,omitempty"`
	// Rank is the dealer's custom rank; the default sort is rank descending.
	Rank int `json:"rank"`
}

// FromCar is the API's view of a stored car.
func FromCar(c catalog.Car) Car {
	return Car{
		ID:                 c.ID,
		Slug:               c.Slug,
		Path:               c.Path,
		Name:               c.Name,
		Year:               c.Year,
		Make:               c.Make,
		Model:              c.Model,
		Badge:              c.Badge,
		Series:             c.Series,
		CarType:            c.CarType,
		Status:             c.Status,
		StockNum:           c.StockNum,
		VIN:                c.VIN,
		NVIC:               c.NVIC,
		RegPlate:           c.RegPlate,
		RegoExpiry:         c.RegoExpiry,
		RegoState:          c.RegoState,
		BuildDate:          c.BuildDate,
		ComplianceDate:     c.ComplianceDate,
		KM:                 c.KM,
		Price:              c.Price,
		BeforePrice:        c.BeforePrice,
		SubscriptionPrice:  c.SubscriptionPrice,
		OfferPrice:         c.OfferPrice,
		PriceType:          c.PriceType,
		Preorder:           c.Preorder,
		Colour:             c.Colour,
		InteriorColour:     c.InteriorColour,
		Body:               c.Body,
		SimpleBody:         c.SimpleBody,
		SimpleTransmission: c.SimpleTransmission,
		Trans:              c.Trans,
		SimpleFuel:         c.SimpleFuel,
		Fuel:               c.Fuel,
		SimpleDrive:        c.SimpleDrive,
		Drive:              c.Drive,
		Seats:              c.Seats,
		Doors:              c.Doors,
		EngineSize:         c.EngineSize,
		EngineSizeLitres:   c.EngineSizeLitres,
		GearNum:            c.GearNum,
		BodyConfiguration:  c.BodyConfiguration,
		Certified:          c.Certified,
		Reserved:           c.Reserved,
		Tag:                c.Tag,
		CreatedAt:          c.CreatedAt,
		UpdatedAt:          c.UpdatedAt,
		PriceDroppedAt:     optionalTime(c.PriceDroppedAt),
		PhotosCount:        c.PhotosCount,
		Views:              c.Views,
		VideoURL:           c.VideoURL,
		ExternalVideoURL:   c.ExternalVideoURL,
		File:               c.File,
		Images:             imagesFrom(c.Images),
		PrimaryImageURL:    c.PrimaryImageURL,
		SpinImages:         c.SpinImages,
		SpinInteriorImage:  c.SpinInteriorImage,
		SpinCode:           c.SpinCode,
		Hotspots:           hotspotsFrom(c.Hotspots),
		DealerComments:     c.DealerComments,
		StandardEquipment:  c.StandardEquipment,
		LocationID:         c.LocationID,
		LocationName:       c.LocationName,
		DealershipID:       c.DealershipID,
		DealershipIDs:      c.DealershipIDs,
		DealershipSlug:     c.DealershipSlug,
		ShowOnWebsite:      c.ShowOnWebsite,
		SoldDateTimestamp:  c.SoldDateTimestamp,
		CarsalesTitle:      c.CarsalesTitle,
		PrivateSuburb:      c.PrivateSuburb,
		PrivatePostcode:    c.PrivatePostcode,
		ItemType:           c.ItemType,
		ManufacturerBody:   c.ManufacturerBody,
		ManufacturerBody2:  c.ManufacturerBody2,
		ManufacturerBody3:  c.ManufacturerBody3,
		Variant:            variantFrom(c.Variant),
		AutograbData:       autograbFrom(c.AutograbData),
		Specifications:     specsFrom(c.Specifications),
		YouxQuote:          quoteFrom(c.YouxQuote),
		FinanceLenders:     lendersFrom(c.FinanceLenders),
		Rank:               c.Rank,
	}
}

// Hit is a car as the listing and detail pages show it: its fields plus
// what the rules derive from them (docs/behaviour/http.md, GET /api/search).
type Hit struct {
	Car
	CardTag       *Tag         `json:"tag"`
	PriceDisplay  PriceDisplay `json:"price_display"`
	WeeklyPayment *float64     `json:"weekly_payment"`
	BelowMarket   bool         `json:"below_market"`
	IsAvailable   bool         `json:"available"`
	City          string       `json:"city"`
	// Thumbnails are the small renditions of the car's images, in order
	// (docs/behaviour/entities.md); a card keeps them when its images are left out.
	Thumbnails []string `json:"thumbnails"`
	// Location is the car's location (docs/behaviour/entities.md), or null when the
	// site has no location of its location_id.
	Location *CarLocation `json:"location"`
	// CertifiedBadge: a certified used car of the site's certified_makes.
	CertifiedBadge bool `json:"certified_badge"`
}

// CarDetail is the car of GET /api/cars/{slug}: a hit with its finance
// estimate (or null).
type CarDetail struct {
	Hit
	FinanceEstimate *FinanceEstimate `json:"finance_estimate"`
	// PriceHistory is the car's price, first listed then each change,
	// oldest first.
	PriceHistory []PricePoint `json:"price_history"`
}

// PricePoint is one entry of a car's price history: the day (in the
// site's time zone) and the price it took then.
type PricePoint struct {
	Date  string `json:"date"`
	Price int    `json:"price"`
}

// PriceHistoryFrom is the history's entries with their days in loc.
func PriceHistoryFrom(h []catalog.PriceChange, loc *time.Location) []PricePoint {
	out := make([]PricePoint, 0, len(h))
	for _, p := range h {
		out = append(out, PricePoint{Date: p.At.In(loc).Format(time.DateOnly), Price: p.Price})
	}
	return out
}

func optionalTime(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	return &t
}
