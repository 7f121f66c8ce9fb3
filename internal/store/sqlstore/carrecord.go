package sqlstore

// The cars table's data column has its own type: the JSON names here are
// the stored format, fixed by what databases hold, apart from catalog.Car
// (the domain) and the API's car (apitypes), so renaming a catalog field or
// tag does not change what is written or stop old rows reading. The names
// are those catalog.Car carried when the column was first written;
// testdata/stored_car.json holds one such row (TestStoredCarFormatIsUnchanged).

import (
	"time"

	"forecourt/internal/catalog"
	"forecourt/internal/convert"
)

// carRecord is a car as the cars table's data column stores it.
type carRecord struct {
	ID                 int64                          `json:"id"`
	Slug               string                         `json:"slug"`
	Path               string                         `json:"path"`
	Name               string                         `json:"name"`
	Year               int                            `json:"year"`
	Make               string                         `json:"make"`
	Model              string                         `json:"model"`
	Badge              string                         `json:"badge"`
	Series             string                         `json:"series"`
	CarType            string                         `json:"car_type"`
	Status             string                         `json:"status"`
	StockNum           string                         `json:"stocknum"`
	VIN                string                         `json:"vin"`
	NVIC               string                         `json:"nvic"`
	RegPlate           string                         `json:"regplate"`
	RegoExpiry         string                         `json:"rego_expiry"`
	RegoState          string                         `json:"regoState"`
	BuildDate          string                         `json:"build_date"`
	ComplianceDate     string                         `json:"compliance_date"`
	KM                 int                            `json:"km"`
	Price              int                            `json:"price"`
	BeforePrice        int                            `json:"before_price"`
	SubscriptionPrice  int                            `json:"subscription_price"`
	OfferPrice         int                            `json:"offer_price"`
	PriceType          string                         `json:"price_type"`
	Preorder           bool                           `json:"preorder"`
	Colour             string                         `json:"colour"`
	InteriorColour     string                         `json:"interior_colour"`
	Body               string                         `json:"body"`
	SimpleBody         string                         `json:"simple_body"`
	SimpleTransmission string                         `json:"simple_transmission"`
	Trans              string                         `json:"trans"`
	SimpleFuel         string                         `json:"simple_fuel"`
	Fuel               string                         `json:"fuel"`
	SimpleDrive        string                         `json:"simple_drive"`
	Drive              string                         `json:"drive"`
	Seats              int                            `json:"seats"`
	Doors              int                            `json:"doors"`
	EngineSize         int                            `json:"engine_size"`
	EngineSizeLitres   float64                        `json:"engine_size_litres"`
	GearNum            int                            `json:"gearnum"`
	BodyConfiguration  string                         `json:"bodyconfiguration"`
	Certified          bool                           `json:"certified"`
	Reserved           bool                           `json:"reserved"`
	Tag                string                         `json:"custom_tag"` // the dealer's own tag; the derived card tag is computed
	CreatedAt          time.Time                      `json:"created_at"`
	UpdatedAt          time.Time                      `json:"updated_at"`
	PhotosCount        int                            `json:"photos_count"`
	Views              int                            `json:"views"`
	VideoURL           string                         `json:"video_url"`
	ExternalVideoURL   string                         `json:"external_video_url"`
	File               string                         `json:"file"`
	Images             []storedImage                  `json:"images"`
	PrimaryImageURL    string                         `json:"primary_image_url"`
	SpinImages         []string                       `json:"spin_images"`
	SpinInteriorImage  string                         `json:"spin_interior_image"`
	SpinCode           string                         `json:"spin_code"`
	Hotspots           *storedHotspots                `json:"hotspots,omitempty"`
	DealerComments     string                         `json:"dealercomments"`
	StandardEquipment  []string                       `json:"standardEquipment"`
	LocationID         int64                          `json:"location_id"`
	LocationName       string                         `json:"location_name"`
	DealershipID       int64                          `json:"dealership_id"`
	DealershipIDs      []int64                        `json:"dealership_ids"`
	DealershipSlug     string                         `json:"dealership_slug"`
	ShowOnWebsite      bool                           `json:"show_on_dealer_website"`
	SoldDateTimestamp  int64                          `json:"sold_date_timestamp"` // unix seconds; 0 when not sold
	CarsalesTitle      string                         `json:"carsales_title"`
	PrivateSuburb      string                         `json:"private_suburb"`
	PrivatePostcode    string                         `json:"private_postcode"`
	ItemType           string                         `json:"item_type"`
	ManufacturerBody   string                         `json:"manufacturer_body"`
	ManufacturerBody2  string                         `json:"manufacturer_body2"`
	ManufacturerBody3  string                         `json:"manufacturer_body3"`
	Variant            *storedVariant                 `json:"variant,omitempty"`
	AutograbData       *storedAutograbData            `json:"autograb_data,omitempty"`
	Specifications     *storedCaravanSpecs            `json:"specifications,omitempty"`
	YouxQuote          *storedYouxQuote               `json:"youxQuote,omitempty"`
	FinanceLenders     map[string]storedFinanceLender `json:"finance_lenders,omitempty"`
	// Rank is the dealer's custom rank; the default sort is rank descending.
	Rank int `json:"rank"`
}

// storedImage is catalog.Image as stored.
type storedImage struct {
	URL   string         `json:"url"`
	Thumb storedImageRef `json:"thumb"`
}

// storedImageRef is catalog.ImageRef as stored.
type storedImageRef struct {
	URL string `json:"url"`
}

// storedHotspots is catalog.Hotspots as stored.
type storedHotspots struct {
	Exterior []storedHotspot `json:"exterior,omitempty"`
	Interior []storedHotspot `json:"interior,omitempty"`
}

// storedHotspot is catalog.Hotspot as stored.
type storedHotspot struct {
	Description string                  `json:"description"`
	Anchor      string                  `json:"anchor,omitempty"`
	Positions   []storedHotspotPosition `json:"positions,omitempty"`
}

// storedHotspotPosition is catalog.HotspotPosition as stored.
type storedHotspotPosition struct {
	Angle int     `json:"angle"`
	X     float64 `json:"x"`
	Y     float64 `json:"y"`
}

// storedVariant is catalog.Variant as stored.
type storedVariant struct {
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

// storedAutograbData is catalog.AutograbData as stored.
type storedAutograbData struct {
	StateAverageMarketPrice int `json:"state_average_market_price,omitempty"`
	AverageMarketPrice      int `json:"average_market_price,omitempty"`
}

// storedCaravanSpecs is catalog.CaravanSpecs as stored.
type storedCaravanSpecs struct {
	BodyWidth            float64 `json:"body_width,omitempty"`  // feet
	BodyLength           float64 `json:"body_length,omitempty"` // feet
	TareWeight           int     `json:"tare_weight,omitempty"` // kg
	AxleType             string  `json:"axle_type,omitempty"`
	Sleeps               int     `json:"sleeps,omitempty"`
	AggregateTrailerMass int     `json:"aggregate_trailer_mass,omitempty"` // kg
}

// storedYouxQuote is catalog.YouxQuote as stored.
type storedYouxQuote struct {
	WeeklyRepaymentAmount float64 `json:"weeklyRepaymentAmount"`
	ComparisonRate        float64 `json:"comparisonRate"`
	AdvertisedRate        float64 `json:"advertisedRate"`
}

// storedFinanceLender is catalog.FinanceLender as stored.
type storedFinanceLender struct {
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

// carToRecord is c as it is stored.
func carToRecord(c catalog.Car) carRecord {
	return carRecord{
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
		PhotosCount:        c.PhotosCount,
		Views:              c.Views,
		VideoURL:           c.VideoURL,
		ExternalVideoURL:   c.ExternalVideoURL,
		File:               c.File,
		Images:             storedImages(c.Images),
		PrimaryImageURL:    c.PrimaryImageURL,
		SpinImages:         c.SpinImages,
		SpinInteriorImage:  c.SpinInteriorImage,
		SpinCode:           c.SpinCode,
		Hotspots:           storedHotspotsOf(c.Hotspots),
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
		Variant:            storedVariantOf(c.Variant),
		AutograbData:       storedAutograbOf(c.AutograbData),
		Specifications:     storedSpecsOf(c.Specifications),
		YouxQuote:          storedQuoteOf(c.YouxQuote),
		FinanceLenders:     storedLenders(c.FinanceLenders),
		Rank:               c.Rank,
	}
}

// carFromRecord is the car a stored record holds.
func carFromRecord(r carRecord) catalog.Car {
	return catalog.Car{
		ID:                 r.ID,
		Slug:               r.Slug,
		Path:               r.Path,
		Name:               r.Name,
		Year:               r.Year,
		Make:               r.Make,
		Model:              r.Model,
		Badge:              r.Badge,
		Series:             r.Series,
		CarType:            r.CarType,
		Status:             r.Status,
		StockNum:           r.StockNum,
		VIN:                r.VIN,
		NVIC:               r.NVIC,
		RegPlate:           r.RegPlate,
		RegoExpiry:         r.RegoExpiry,
		RegoState:          r.RegoState,
		BuildDate:          r.BuildDate,
		ComplianceDate:     r.ComplianceDate,
		KM:                 r.KM,
		Price:              r.Price,
		BeforePrice:        r.BeforePrice,
		SubscriptionPrice:  r.SubscriptionPrice,
		OfferPrice:         r.OfferPrice,
		PriceType:          r.PriceType,
		Preorder:           r.Preorder,
		Colour:             r.Colour,
		InteriorColour:     r.InteriorColour,
		Body:               r.Body,
		SimpleBody:         r.SimpleBody,
		SimpleTransmission: r.SimpleTransmission,
		Trans:              r.Trans,
		SimpleFuel:         r.SimpleFuel,
		Fuel:               r.Fuel,
		SimpleDrive:        r.SimpleDrive,
		Drive:              r.Drive,
		Seats:              r.Seats,
		Doors:              r.Doors,
		EngineSize:         r.EngineSize,
		EngineSizeLitres:   r.EngineSizeLitres,
		GearNum:            r.GearNum,
		BodyConfiguration:  r.BodyConfiguration,
		Certified:          r.Certified,
		Reserved:           r.Reserved,
		Tag:                r.Tag,
		CreatedAt:          r.CreatedAt,
		UpdatedAt:          r.UpdatedAt,
		PhotosCount:        r.PhotosCount,
		Views:              r.Views,
		VideoURL:           r.VideoURL,
		ExternalVideoURL:   r.ExternalVideoURL,
		File:               r.File,
		Images:             catalogImages(r.Images),
		PrimaryImageURL:    r.PrimaryImageURL,
		SpinImages:         r.SpinImages,
		SpinInteriorImage:  r.SpinInteriorImage,
		SpinCode:           r.SpinCode,
		Hotspots:           catalogHotspots(r.Hotspots),
		DealerComments:     r.DealerComments,
		StandardEquipment:  r.StandardEquipment,
		LocationID:         r.LocationID,
		LocationName:       r.LocationName,
		DealershipID:       r.DealershipID,
		DealershipIDs:      r.DealershipIDs,
		DealershipSlug:     r.DealershipSlug,
		ShowOnWebsite:      r.ShowOnWebsite,
		SoldDateTimestamp:  r.SoldDateTimestamp,
		CarsalesTitle:      r.CarsalesTitle,
		PrivateSuburb:      r.PrivateSuburb,
		PrivatePostcode:    r.PrivatePostcode,
		ItemType:           r.ItemType,
		ManufacturerBody:   r.ManufacturerBody,
		ManufacturerBody2:  r.ManufacturerBody2,
		ManufacturerBody3:  r.ManufacturerBody3,
		Variant:            catalogVariant(r.Variant),
		AutograbData:       catalogAutograb(r.AutograbData),
		Specifications:     catalogSpecs(r.Specifications),
		YouxQuote:          catalogQuote(r.YouxQuote),
		FinanceLenders:     catalogLenders(r.FinanceLenders),
		Rank:               r.Rank,
	}
}

func storedImages(in []catalog.Image) []storedImage {
	return convert.List(in, func(im catalog.Image) storedImage {
		return storedImage{URL: im.URL, Thumb: storedImageRef(im.Thumb)}
	})
}

func catalogImages(in []storedImage) []catalog.Image {
	return convert.List(in, func(im storedImage) catalog.Image {
		return catalog.Image{URL: im.URL, Thumb: catalog.ImageRef(im.Thumb)}
	})
}

func storedHotspotsOf(h *catalog.Hotspots) *storedHotspots {
	conv := func(s catalog.Hotspot) storedHotspot {
		return storedHotspot{Description: s.Description, Anchor: s.Anchor,
			Positions: convert.List(s.Positions, func(p catalog.HotspotPosition) storedHotspotPosition { return storedHotspotPosition(p) })}
	}
	return convert.Ptr(h, func(h catalog.Hotspots) storedHotspots {
		return storedHotspots{Exterior: convert.List(h.Exterior, conv), Interior: convert.List(h.Interior, conv)}
	})
}

func catalogHotspots(h *storedHotspots) *catalog.Hotspots {
	conv := func(s storedHotspot) catalog.Hotspot {
		return catalog.Hotspot{Description: s.Description, Anchor: s.Anchor,
			Positions: convert.List(s.Positions, func(p storedHotspotPosition) catalog.HotspotPosition { return catalog.HotspotPosition(p) })}
	}
	return convert.Ptr(h, func(h storedHotspots) catalog.Hotspots {
		return catalog.Hotspots{Exterior: convert.List(h.Exterior, conv), Interior: convert.List(h.Interior, conv)}
	})
}

func storedLenders(in map[string]catalog.FinanceLender) map[string]storedFinanceLender {
	return convert.Map(in, func(l catalog.FinanceLender) storedFinanceLender { return storedFinanceLender(l) })
}

func catalogLenders(in map[string]storedFinanceLender) map[string]catalog.FinanceLender {
	return convert.Map(in, func(l storedFinanceLender) catalog.FinanceLender { return catalog.FinanceLender(l) })
}

func storedVariantOf(v *catalog.Variant) *storedVariant {
	return convert.Ptr(v, func(v catalog.Variant) storedVariant { return storedVariant(v) })
}

func catalogVariant(v *storedVariant) *catalog.Variant {
	return convert.Ptr(v, func(v storedVariant) catalog.Variant { return catalog.Variant(v) })
}

func storedAutograbOf(v *catalog.AutograbData) *storedAutograbData {
	return convert.Ptr(v, func(v catalog.AutograbData) storedAutograbData { return storedAutograbData(v) })
}

func catalogAutograb(v *storedAutograbData) *catalog.AutograbData {
	return convert.Ptr(v, func(v storedAutograbData) catalog.AutograbData { return catalog.AutograbData(v) })
}

func storedSpecsOf(v *catalog.CaravanSpecs) *storedCaravanSpecs {
	return convert.Ptr(v, func(v catalog.CaravanSpecs) storedCaravanSpecs { return storedCaravanSpecs(v) })
}

func catalogSpecs(v *storedCaravanSpecs) *catalog.CaravanSpecs {
	return convert.Ptr(v, func(v storedCaravanSpecs) catalog.CaravanSpecs { return catalog.CaravanSpecs(v) })
}

func storedQuoteOf(v *catalog.YouxQuote) *storedYouxQuote {
	return convert.Ptr(v, func(v catalog.YouxQuote) storedYouxQuote { return storedYouxQuote(v) })
}

func catalogQuote(v *storedYouxQuote) *catalog.YouxQuote {
	return convert.Ptr(v, func(v storedYouxQuote) catalog.YouxQuote { return catalog.YouxQuote(v) })
}
