// Package catalog holds the dealer's domain: cars, locations, dealerships,
// models and reviews, as docs/behaviour/entities.md names them. JSON names follow the
// spec (snake_case, with the few camelCase names the spec itself uses).
package catalog

import (
	"strings"
	"time"
)

// Car types and statuses (docs/behaviour/entities.md).
const (
	TypeNew  = "new"
	TypeUsed = "used"
	TypeDemo = "demo"

	StatusInStock    = "in_stock"
	StatusComingSoon = "coming_soon"
	StatusSold       = "sold"
)

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

// FinanceLender is one provider's offer for the car (docs/behaviour/entities.md).
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

// Car is one vehicle (or caravan) in a site's stock. Its JSON tags are
// no contract: the API's car (apitypes.Car), the stored record (sqlstore's
// carRecord) and the feed's columns (feed.Columns) each name the fields
// themselves, and no code marshals a Car whole. The nested types' tags
// (Image, Variant, Hotspots and so on) are still how the stock feed reads
// its JSON object columns.
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
	// PriceDroppedAt is when the car's price last changed, if that change
	// was a drop (LastPriceDrop of its price history); zero otherwise. The
	// store derives it when it reads the car; it is not part of a car's
	// record or of the stock feed.
	PriceDroppedAt time.Time `json:"-"`
	// PriceHistory is the car's price changes, oldest first, which the
	// store reads with the car (like PriceDroppedAt), so a car's page is
	// answered from the site's index without a read of its own.
	PriceHistory      []PriceChange            `json:"-"`
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
	ItemType          string                   `json:"item_type"` // ItemCaravan, or "" for a car
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

// Available reports whether the car can be bought: in stock or coming soon
// (docs/behaviour/states.md#availability).
func (c Car) Available() bool {
	return c.Status == StatusInStock || c.Status == StatusComingSoon
}

// Address is a location's street address and map position.
type Address struct {
	Street   string  `json:"street"`
	City     string  `json:"city"`
	State    string  `json:"state"`
	Postcode string  `json:"postcode"`
	Lat      float64 `json:"lat"`
	Long     float64 `json:"long"`
	PlaceID  string  `json:"place_id,omitempty"`
	PlaceURL string  `json:"place_url,omitempty"`
	// MapKey names the address's map marker; ID is the address record's
	// id. Both default to the location's own slug and id.
	MapKey string `json:"map_key"`
	ID     int64  `json:"id"`
}

// OpeningHour is one weekday's hours (weekday 0 is Sunday).
type OpeningHour struct {
	Weekday       int    `json:"weekday"`
	Status        string `json:"status"` // Open, Closed or other text
	FormatedHours string `json:"formated_hours"`
	Open          string `json:"open,omitempty"`  // "08:30"
	Close         string `json:"close,omitempty"` // "17:30"
	// Hours is open and close again as the behaviour docs' hours.begin and
	// hours.end; nil on a closed day.
	Hours *HoursSpan `json:"hours,omitempty"`
}

// HoursSpan is a day's opening span.
type HoursSpan struct {
	Begin string `json:"begin"`
	End   string `json:"end"`
}

// SpecialHour is a holiday or special date; hours are UTC.
type SpecialHour struct {
	Date       string `json:"date"` // YYYY-MM-DD
	Status     string `json:"status"`
	Name       string `json:"name,omitempty"`
	LocationID int64  `json:"location_id,omitempty"`
	StartHour  string `json:"start_hour,omitempty"`
	EndHour    string `json:"end_hour,omitempty"`
}

// ContactDetail holds a location's phones and hours.
type ContactDetail struct {
	Phone         string `json:"phone"`
	LandlinePhone string `json:"landline_phone,omitempty"`
	// Email is the department's own address, where its site file gives one.
	Email        string        `json:"email,omitempty"`
	OpeningHours []OpeningHour `json:"opening_hours"`
	SpecialHours []SpecialHour `json:"special_hours,omitempty"`
}

// ReviewSummary is a location's rating.
type ReviewSummary struct {
	AverageRating float64 `json:"average_rating"`
	Count         int     `json:"count"`
}

// Location is a dealership site: sales, used, service or parts.
type Location struct {
	ID                   int64         `json:"id"`
	Name                 string        `json:"name"`
	Slug                 string        `json:"slug"`
	Visible              bool          `json:"visible"`
	Primary              bool          `json:"primary"`
	LocationType         string        `json:"location_type"` // '' means sales
	LocationSubtype      string        `json:"location_subtype"`
	DealershipID         int64         `json:"dealership_id"`
	DealershipSlug       string        `json:"dealership_slug"`
	Manufacturers        []string      `json:"manufacturers"`
	DealerLicenseNumber  string        `json:"dealer_license_number"`
	MotorVehicleRepairer string        `json:"motor_vehicle_repairer,omitempty"`
	Phone                string        `json:"phone"`
	Image                Image         `json:"image"`
	Address              Address       `json:"address"`
	ContactDetail        ContactDetail `json:"contact_detail"`
	Reviews              ReviewSummary `json:"reviews"`
	// DistributionLocations are the ids of the locations this one's stock
	// is also offered at.
	DistributionLocations []int64 `json:"distribution_locations"`
	// AverageRating and ReviewCount repeat Reviews at the top level, as
	// docs/behaviour/entities.md lists both.
	AverageRating float64 `json:"average_rating"`
	ReviewCount   int     `json:"review_count"`
	// Sort is the location's place in the site's lists, from 1: its site
	// file's order after the file's sort fields (0: unknown, id order).
	Sort int `json:"sort,omitempty"`
}

// UsedSubtype in a location's subtype makes it a used-car location
// whatever its type says (docs/behaviour/entities.md#location).
const UsedSubtype = "pre-owned sales"

// Normalized fills a location's derived fields: the used type of a
// 'pre-owned sales' subtype, the top-level rating and count, the address
// id and map key, and each open day's hours span.
func (l Location) Normalized() Location {
	if strings.Contains(strings.ToLower(l.LocationSubtype), UsedSubtype) {
		l.LocationType = TypeUsed
	}
	l.AverageRating, l.ReviewCount = l.Reviews.AverageRating, l.Reviews.Count
	if l.Address.ID == 0 {
		l.Address.ID = l.ID
	}
	if l.Address.MapKey == "" {
		l.Address.MapKey = l.Slug
	}
	if l.DistributionLocations == nil {
		l.DistributionLocations = []int64{}
	}
	if len(l.ContactDetail.OpeningHours) > 0 {
		hours := make([]OpeningHour, len(l.ContactDetail.OpeningHours))
		for i, h := range l.ContactDetail.OpeningHours {
			h.Hours = nil
			if h.Open != "" && h.Close != "" {
				h.Hours = &HoursSpan{Begin: h.Open, End: h.Close}
			}
			hours[i] = h
		}
		l.ContactDetail.OpeningHours = hours
	}
	return l
}

// LocationRef names a location within another record.
type LocationRef struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
	Slug string `json:"slug"`
}

// CarLocation is where a car is: its location's name and place. City is
// the dealership's override_city where it sets one.
type CarLocation struct {
	ID       int64  `json:"id"`
	Name     string `json:"name"`
	Slug     string `json:"slug"`
	City     string `json:"city"`
	State    string `json:"state"`
	Postcode string `json:"postcode"`
}

// DealershipWebsite is one brand website of a dealership.
type DealershipWebsite struct {
	Name string   `json:"name"`
	Slug string   `json:"slug"`
	Make string   `json:"make"`
	Logo ImageRef `json:"logo"`
	URL  string   `json:"url"`
}

// Dealership is one business within a dealer group.
type Dealership struct {
	ID                  int64               `json:"id"`
	Name                string              `json:"name"`
	Slug                string              `json:"slug"`
	DealershipGroup     string              `json:"dealership_group"`
	Phone               string              `json:"phone"`
	Email               string              `json:"email"`
	Address             string              `json:"address"`
	Manufacturer        string              `json:"manufacturer"`
	LocationIDs         []int64             `json:"location_ids"`
	Websites            []DealershipWebsite `json:"dealership_websites"`
	OffersCount         int                 `json:"offers_count"`
	XtimeURL            string              `json:"xtime_url"`
	IncludeSoldCarsDays int                 `json:"include_sold_cars_days"`
	OverrideCity        string              `json:"override_city"`
	AverageRating       float64             `json:"average_rating"`
	ReviewCount         int                 `json:"review_count"`
	OffersSubscription  bool                `json:"offers_subscription"`
	// Locations are the dealership's locations (LocationIDs by name), filled
	// where the dealership is sent.
	Locations []LocationRef `json:"locations"`
}

// ModelVariant is one trim of a model.
type ModelVariant struct {
	ID          int64    `json:"id"`
	FullName    string   `json:"full_name"`
	Series      string   `json:"series"`
	Name        string   `json:"name"`
	Features    []string `json:"features"`
	Image       ImageRef `json:"image"`
	DapMinPrice int      `json:"dap_min_price"`
	DapMaxPrice int      `json:"dap_max_price"`
}

// ModelColour is one paint colour of a model.
type ModelColour struct {
	ID               int64  `json:"id"`
	Name             string `json:"name"`
	PhotoURL         string `json:"photo_url"`
	HexCode          string `json:"hexCode"`
	OemID            string `json:"oem_id"`
	ModelVariantName string `json:"model_variant_name"`
}

// Model is a new-vehicle model the dealer sells.
type Model struct {
	ID               int64          `json:"id"`
	Slug             string         `json:"slug"`
	Name             string         `json:"name"`
	Make             string         `json:"make"`
	ImageURL         string         `json:"image_url"`
	Status           string         `json:"status"`
	ShortDescription string         `json:"short_description"`
	ManufacturerBody string         `json:"manufacturer_body"`
	Variants         []ModelVariant `json:"model_variants"`
	Colours          []ModelColour  `json:"colours"`
	// Frames are the model page's embedded views (walkaround, gallery),
	// each a path on the site itself: no outside page is ever framed.
	Frames []ModelFrame `json:"frames,omitempty"`
}

// ModelFrame is one tab of a model page's embedded views.
type ModelFrame struct {
	Title string `json:"title"`
	URL   string `json:"url"`
}

// Review is a customer review of a dealership.
type Review struct {
	ID           int64      `json:"id"`
	LocationID   int64      `json:"location_id,omitempty"`
	Image        string     `json:"image"`
	CustomerName string     `json:"customer_name"`
	Text         string     `json:"text"`
	Rating       int        `json:"rating"`
	ReviewDate   time.Time  `json:"review_date"`
	ReplyText    string     `json:"reply_text,omitempty"`
	ReplyDate    *time.Time `json:"reply_date,omitempty"`
}

// Lead is a visitor's enquiry as stored for the dealer.
type Lead struct {
	ID             string         `json:"lead_id"`
	Category       string         `json:"category"`
	Subcategory    string         `json:"subcategory"`
	Name           string         `json:"name"`
	LastName       string         `json:"last_name"`
	Email          string         `json:"email"`
	Phone          string         `json:"phone"`
	Postcode       string         `json:"postcode"`
	Message        string         `json:"message"`
	CarID          int64          `json:"car_id"`
	IdempotencyKey string         `json:"-"`
	Payload        map[string]any `json:"payload"` // the whole submitted payload, as received
	CreatedAt      time.Time      `json:"created_at"`

	OptIn              bool              `json:"opt_in,omitempty"`
	Rego               string            `json:"rego,omitempty"`
	LocationID         int64             `json:"location_id,omitempty"`
	DealershipSlug     string            `json:"dealership_slug,omitempty"`
	AppointmentAt      *time.Time        `json:"appointment_at,omitempty"` // a test drive's booked slot
	AdditionalServices []string          `json:"additional_services,omitempty"`
	Options            map[string]any    `json:"options,omitempty"`
	Car                *LeadCar          `json:"car,omitempty"` // the car as it was when the lead came in
	SourceURL          string            `json:"url,omitempty"`
	UserAgent          string            `json:"user_agent,omitempty"`
	VisitedPages       []string          `json:"visited_pages,omitempty"`
	LinkedQueryParams  map[string]string `json:"linked_query_params,omitempty"`
	// UserPhone is the signed-in visitor's phone (E.164) when the lead was
	// sent with a session, never what a form typed; their garage lists it.
	UserPhone string `json:"-"`
}

// ItemCaravan is a caravan's item_type: towed stock, inspected rather than
// test driven.
const ItemCaravan = "caravan"

// LeadCar is the snapshot of a car kept with a lead, so the dealer sees
// what the buyer saw even after the car is sold or repriced. The stored
// lead (sqlstore's leadRecord) and the webhook body (leads.WebhookCar)
// name its fields themselves.
type LeadCar struct {
	ID           int64  `json:"id"`
	Slug         string `json:"slug"`
	StockNum     string `json:"stocknum"`
	VIN          string `json:"vin"`
	Year         int    `json:"year"`
	Make         string `json:"make"`
	Model        string `json:"model"`
	Badge        string `json:"badge,omitempty"`
	CarType      string `json:"car_type"`
	Price        int    `json:"price"`
	Status       string `json:"status"`
	URL          string `json:"url"`
	LocationID   int64  `json:"location_id,omitempty"`
	DealershipID int64  `json:"dealership_id,omitempty"`
}

// User is a visitor signed in by phone.
type User struct {
	ID    int64  `json:"id"`
	Phone string `json:"phone"`
}
