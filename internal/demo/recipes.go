package demo

// The per-site differences of the demo live here as data: which dealerships
// and locations a site has, what stock it carries and how often each case of
// docs/behaviour/states.md and docs/behaviour/validation.md appears. The generator has no per-site branches.

type siteRecipe struct {
	Index       int // id block: car ids are Index*100000+n
	Slug, Name  string
	Seed        uint64
	Timezone    string // IANA zone for holiday hours
	StockPrefix string
	PlateFormat string // 'A' a letter, '9' a digit
	RegoState   string
	PriceScale  float64 // catalogue prices are AUD; NZD sites scale them
	// Depreciation is the share of value kept each year of age.
	Depreciation float64
	Cars         int
	ItemType     string // "" for cars, "caravan"
	UsedMaxAge   int
	Holidays     []holiday
	Dealerships  []dealershipRecipe
	Stock        []stockLine
	Rates        caseRates
	Tags         []tagRate
	Certified    []certifiedRule
	Lenders      []lenderRecipe
	// ComingSoonModels are new models shown as coming soon on the models page.
	ComingSoonModels []string
}

type dealershipRecipe struct {
	Name, Slug, Manufacturer string
	Phone, Email             string
	Makes                    []string // brand websites
	IncludeSoldCarsDays      int      // 0: the site default
	OverrideCity             string   // listings show this city for all its locations
	OffersSubscription       bool
	OffersCount              int
	Locations                []locationRecipe
}

type locationRecipe struct {
	Name                          string
	Type, Subtype                 string
	Street, City, State, Postcode string
	Lat, Long                     float64
	Phone                         string
	Licence                       string
	Repairer                      string
	Hours                         hoursRecipe
	Hidden, Primary               bool
	Manufacturers                 []string
}

// hoursRecipe gives "HH:MM-HH:MM" per day; Thursday and Friday default to
// Weekday, an empty Saturday or Sunday is Closed.
type hoursRecipe struct {
	Weekday, Thursday, Friday, Saturday, Sunday string
}

// holiday is a special date: fixed Month/Day, or days from Easter Sunday.
// Empty Open means closed all day.
type holiday struct {
	Name        string
	Month, Day  int
	FromEaster  bool
	EasterDelta int
	Open, Close string // local time
}

type stockLine struct {
	CarType   string
	Weight    int
	Makes     []makeWeight
	Locations []string // location names holding this stock
}

type makeWeight struct {
	Make   string
	Weight int
}

// caseRates are the probabilities of each case a listing or car page must
// handle (docs/behaviour/states.md and docs/behaviour/validation.md).
type caseRates struct {
	ComingSoon, SoldRecent, SoldWindow, SoldOld float64
	Hidden, PriceZero, Preorder, Reserved       float64
	NewlyCreated, NVIC                          float64
	NoImages, FewImages, Video, Spin            float64
	Autograb, Youx, WasPrice, Subscription      float64
	Offer, HistoryFile                          float64
	LongComments, EmptyComments                 float64
}

type tagRate struct {
	Tag     string
	CarType string
	Rate    float64
}

type certifiedRule struct {
	Make   string
	MaxAge int
	Rate   float64
}

type lenderRecipe struct {
	Key, Provider    string
	Rate, Comparison float64
	EstablishmentFee float64
	Make             string // only this make's cars, when set
	Share            float64
}

var baseRates = caseRates{
	ComingSoon: 0.05, SoldRecent: 0.04, SoldWindow: 0.035, SoldOld: 0.05,
	Hidden: 0.03, PriceZero: 0.025, Preorder: 0.35, Reserved: 0.03,
	NewlyCreated: 0.10, NVIC: 0.7,
	NoImages: 0.02, FewImages: 0.06, Video: 0.12, Spin: 0.10,
	Autograb: 0.85, Youx: 0.04, WasPrice: 0.10, Subscription: 0.15,
	Offer: 0.08, HistoryFile: 0.3,
	LongComments: 0.25, EmptyComments: 0.10,
}

var carTags = []tagRate{
	{Tag: "Test Drive Only", CarType: "demo", Rate: 0.15},
	{Tag: "runout sale", CarType: "new", Rate: 0.08},
	{Tag: "Clearance", CarType: "used", Rate: 0.05},
}

var auHolidays = []holiday{
	{Name: "New Year's Day", Month: 1, Day: 1},
	{Name: "Australia Day", Month: 1, Day: 26, Open: "09:00", Close: "13:00"},
	{Name: "Good Friday", FromEaster: true, EasterDelta: -2},
	{Name: "Easter Saturday", FromEaster: true, EasterDelta: -1, Open: "09:00", Close: "12:00"},
	{Name: "Easter Monday", FromEaster: true, EasterDelta: 1},
	{Name: "Christmas Day", Month: 12, Day: 25},
	{Name: "Boxing Day", Month: 12, Day: 26, Open: "10:00", Close: "14:00"},
}

var nzHolidays = []holiday{
	{Name: "New Year's Day", Month: 1, Day: 1},
	{Name: "Waitangi Day", Month: 2, Day: 6, Open: "10:00", Close: "14:00"},
	{Name: "Good Friday", FromEaster: true, EasterDelta: -2},
	{Name: "Easter Monday", FromEaster: true, EasterDelta: 1, Open: "10:00", Close: "14:00"},
	{Name: "Christmas Day", Month: 12, Day: 25},
	{Name: "Boxing Day", Month: 12, Day: 26, Open: "10:00", Close: "15:00"},
}

var (
	salesHours     = hoursRecipe{Weekday: "08:30-17:30", Saturday: "08:30-16:00"}
	lateThursday   = hoursRecipe{Weekday: "08:30-17:30", Thursday: "08:30-19:00", Saturday: "08:30-16:00"}
	lateFriday     = hoursRecipe{Weekday: "08:00-17:30", Friday: "08:00-20:00", Saturday: "08:00-17:00", Sunday: "10:00-16:00"}
	serviceHours   = hoursRecipe{Weekday: "07:00-17:30", Saturday: "08:00-12:00"}
	partsHours     = hoursRecipe{Weekday: "07:30-17:00", Saturday: "08:00-12:00"}
	weekdaysOnly   = hoursRecipe{Weekday: "08:00-17:00"}
	caravanHours   = hoursRecipe{Weekday: "08:30-17:00", Saturday: "09:00-15:00", Sunday: "10:00-14:00"}
	usedYardHours  = hoursRecipe{Weekday: "08:30-18:00", Thursday: "08:30-20:00", Saturday: "08:00-17:00", Sunday: "10:00-16:00"}
	nzSalesHours   = hoursRecipe{Weekday: "08:30-17:30", Saturday: "09:00-16:00", Sunday: "10:00-15:00"}
	nzServiceHours = hoursRecipe{Weekday: "07:30-17:30"}
)

func mw(pairs ...any) []makeWeight {
	out := make([]makeWeight, 0, len(pairs)/2)
	for i := 0; i+1 < len(pairs); i += 2 {
		out = append(out, makeWeight{Make: pairs[i].(string), Weight: pairs[i+1].(int)})
	}
	return out
}

// recipes are the five demo sites of docs/behaviour/http.md, in a fixed order.
func recipes() []siteRecipe {
	metroRates := baseRates
	metroRates.PriceZero = 0.05
	metroRates.NoImages = 0.03
	metroRates.FewImages = 0.07

	nzRates := baseRates
	nzRates.NVIC = 0 // NVIC codes are Australian

	caravanRates := baseRates
	caravanRates.NVIC = 0
	caravanRates.SoldWindow = 0.05
	caravanRates.Spin = 0.15

	const brisbanePhone = "07 3555 0100"
	hamilton := "75 Breakfast Creek Road, Newstead"

	return []siteRecipe{
		{
			Index: 1, Slug: "harbourside-toyota", Name: "Harbourside Toyota", Seed: 0x4854_0001,
			Timezone: "Australia/Brisbane", StockPrefix: "HT", PlateFormat: "999AA9", RegoState: "QLD",
			PriceScale: 1, Depreciation: 0.87, Cars: 600, UsedMaxAge: 16,
			Holidays: auHolidays, Rates: baseRates, Tags: carTags,
			Certified: []certifiedRule{{Make: "Toyota", MaxAge: 6, Rate: 0.6}},
			Lenders: []lenderRecipe{
				{Key: "manual", Provider: "Toyota Finance", Rate: 6.29, Comparison: 8.19, Share: 0.6},
			},
			ComingSoonModels: []string{"bZ4X"},
			Dealerships: []dealershipRecipe{{
				Name: "Harbourside Toyota", Slug: "harbourside-toyota", Manufacturer: "Toyota",
				Phone: brisbanePhone, Email: "sales@harbourside-toyota.example", Makes: []string{"Toyota"},
				OffersCount: 6,
				// Sales, service and parts share one address; three records
				// let the locations page offer a department choice.
				Locations: []locationRecipe{
					{Name: "Harbourside Toyota", Street: hamilton, City: "Brisbane", State: "QLD", Postcode: "4006",
						Lat: -27.4445, Long: 153.0478, Phone: brisbanePhone, Licence: "MD 3018842", Hours: lateThursday,
						Primary: true, Manufacturers: []string{"Toyota"}},
					{Name: "Harbourside Toyota Service", Type: "service", Street: hamilton, City: "Brisbane", State: "QLD",
						Postcode: "4006", Lat: -27.4445, Long: 153.0478, Phone: "07 3555 0110", Licence: "MD 3018842",
						Repairer: "MVR 88213", Hours: serviceHours, Manufacturers: []string{"Toyota"}},
					{Name: "Harbourside Toyota Parts", Type: "parts", Street: hamilton, City: "Brisbane", State: "QLD",
						Postcode: "4006", Lat: -27.4445, Long: 153.0478, Phone: "07 3555 0120", Licence: "MD 3018842",
						Hours: partsHours, Manufacturers: []string{"Toyota"}},
				},
			}},
			Stock: []stockLine{
				{CarType: "new", Weight: 45, Makes: mw("Toyota", 1), Locations: []string{"Harbourside Toyota"}},
				{CarType: "demo", Weight: 10, Makes: mw("Toyota", 1), Locations: []string{"Harbourside Toyota"}},
				{CarType: "used", Weight: 30, Makes: mw("Toyota", 1), Locations: []string{"Harbourside Toyota"}},
				{CarType: "used", Weight: 15, Makes: mw("Volkswagen", 2, "Honda", 2, "Mitsubishi", 2, "Mazda", 2,
					"Hyundai", 2, "Suzuki", 2, "Tesla", 1, "Holden", 1, "Ford", 2, "Nissan", 1, "Kia", 1, "BMW", 1),
					Locations: []string{"Harbourside Toyota"}},
			},
		},
		{
			Index: 2, Slug: "summit-motor-group", Name: "Summit Motor Group", Seed: 0x534d_0002,
			Timezone: "Australia/Brisbane", StockPrefix: "SM", PlateFormat: "999AA9", RegoState: "QLD",
			PriceScale: 1, Depreciation: 0.86, Cars: 1400, UsedMaxAge: 16,
			Holidays: auHolidays, Rates: baseRates, Tags: carTags,
			Certified: []certifiedRule{{Make: "Mercedes-Benz", MaxAge: 5, Rate: 0.7}},
			Lenders: []lenderRecipe{
				{Key: "angle", Provider: "Angle Finance", Rate: 8.99, Comparison: 10.12, EstablishmentFee: 1300, Share: 0.5},
				{Key: "nissan_finance", Provider: "Nissan Financial Services", Rate: 4.99, Comparison: 6.42, Make: "Nissan", Share: 0.9},
			},
			ComingSoonModels: []string{"CX-60", "EV6"},
			Dealerships: []dealershipRecipe{
				{Name: "Summit Mazda", Slug: "summit-mazda", Manufacturer: "Mazda", Phone: "07 3555 2210",
					Email: "mazda@summit-motor-group.example", Makes: []string{"Mazda"}, OffersCount: 4,
					Locations: []locationRecipe{
						{Name: "Summit Mazda Newstead", Street: "88 Breakfast Creek Road, Newstead", City: "Brisbane", State: "QLD",
							Postcode: "4006", Lat: -27.4452, Long: 153.0466, Phone: "07 3555 2210", Licence: "MD 3022417",
							Hours: lateThursday, Primary: true, Manufacturers: []string{"Mazda"}},
						{Name: "Summit Mazda Service Newstead", Type: "service", Street: "88 Breakfast Creek Road, Newstead",
							City: "Brisbane", State: "QLD", Postcode: "4006", Lat: -27.4452, Long: 153.0466, Phone: "07 3555 2211",
							Licence: "MD 3022417", Repairer: "MVR 90211", Hours: serviceHours, Manufacturers: []string{"Mazda"}},
						{Name: "Summit Parts Centre Brisbane", Type: "parts", Street: "5 Doggett Street, Newstead",
							City: "Brisbane", State: "QLD", Postcode: "4006", Lat: -27.4490, Long: 153.0420, Phone: "07 3555 2212",
							Licence: "MD 3022417", Hours: partsHours, Manufacturers: []string{"Mazda", "Subaru"}},
					}},
				{Name: "Summit Subaru", Slug: "summit-subaru", Manufacturer: "Subaru", Phone: "07 3555 2230",
					Email: "subaru@summit-motor-group.example", Makes: []string{"Subaru"}, OffersCount: 0,
					Locations: []locationRecipe{
						{Name: "Summit Subaru Bowen Hills", Street: "31 Campbell Street, Bowen Hills", City: "Brisbane", State: "QLD",
							Postcode: "4006", Lat: -27.4460, Long: 153.0380, Phone: "07 3555 2230", Licence: "MD 3022418",
							Hours: salesHours, Manufacturers: []string{"Subaru"}},
						{Name: "Summit Used Cars Brisbane", Type: "used", Subtype: "pre-owned sales, buying",
							Street: "39 Campbell Street, Bowen Hills", City: "Brisbane", State: "QLD", Postcode: "4006",
							Lat: -27.4466, Long: 153.0372, Phone: "07 3555 2232", Licence: "MD 3022418", Hours: usedYardHours},
					}},
				{Name: "Summit Hyundai", Slug: "summit-hyundai", Manufacturer: "Hyundai", Phone: "07 5555 2240",
					Email: "hyundai@summit-motor-group.example", Makes: []string{"Hyundai"}, OffersCount: 5,
					OffersSubscription: true,
					Locations: []locationRecipe{
						{Name: "Summit Hyundai Maroochydore", Street: "15 Maroochydore Road", City: "Maroochydore",
							State: "QLD", Postcode: "4558", Lat: -26.6560, Long: 153.0790, Phone: "07 5555 2240",
							Licence: "MD 3022419", Hours: salesHours, Manufacturers: []string{"Hyundai"}},
						{Name: "Summit Hyundai Service Maroochydore", Type: "service", Street: "15 Maroochydore Road",
							City: "Maroochydore", State: "QLD", Postcode: "4558", Lat: -26.6560, Long: 153.0790,
							Phone: "07 5555 2241", Licence: "MD 3022419", Repairer: "MVR 90214", Hours: serviceHours,
							Manufacturers: []string{"Hyundai", "Kia"}},
					}},
				{Name: "Summit Kia", Slug: "summit-kia", Manufacturer: "Kia", Phone: "07 5555 2250",
					Email: "kia@summit-motor-group.example", Makes: []string{"Kia"}, OffersCount: 3,
					IncludeSoldCarsDays: 7,
					Locations: []locationRecipe{
						{Name: "Summit Kia Maroochydore", Street: "2 Dalton Drive", City: "Maroochydore", State: "QLD",
							Postcode: "4558", Lat: -26.6620, Long: 153.0870, Phone: "07 5555 2250", Licence: "MD 3022420",
							Hours: lateFriday, Manufacturers: []string{"Kia"}},
						// No type: the 'pre-owned sales' subtype alone makes it a used-car location.
						{Name: "Summit Used Cars Maroochydore", Subtype: "pre-owned sales",
							Street: "58 Maroochydore Road", City: "Maroochydore", State: "QLD", Postcode: "4558",
							Lat: -26.6540, Long: 153.0720, Phone: "07 5555 2252", Licence: "MD 3022420", Hours: usedYardHours},
					}},
				{Name: "Summit Ford", Slug: "summit-ford", Manufacturer: "Ford", Phone: "07 5555 2260",
					Email: "ford@summit-motor-group.example", Makes: []string{"Ford"}, OffersCount: 2,
					OverrideCity: "Noosa", // Noosa Heads and Noosaville list as one town
					Locations: []locationRecipe{
						{Name: "Summit Ford Noosa", Street: "4 Sunshine Beach Road", City: "Noosa Heads", State: "QLD",
							Postcode: "4567", Lat: -26.3964, Long: 153.0880, Phone: "07 5555 2260", Licence: "MD 3022421",
							Hours: salesHours, Manufacturers: []string{"Ford"}},
						{Name: "Summit Ford Service Noosa", Type: "service", Street: "4 Sunshine Beach Road",
							City: "Noosa Heads", State: "QLD", Postcode: "4567", Lat: -26.3964, Long: 153.0880,
							Phone: "07 5555 2261", Licence: "MD 3022421", Repairer: "MVR 90216", Hours: serviceHours,
							Manufacturers: []string{"Ford", "Nissan"}},
						{Name: "Summit Ford Parts Noosa", Type: "parts", Street: "4 Sunshine Beach Road",
							City: "Noosa Heads", State: "QLD", Postcode: "4567", Lat: -26.3964, Long: 153.0880,
							Phone: "07 5555 2262", Licence: "MD 3022421", Hours: weekdaysOnly, Manufacturers: []string{"Ford"}},
						{Name: "Summit Fleet Centre", Street: "140 Kingsford Smith Drive, Hamilton", City: "Brisbane", State: "QLD",
							Postcode: "4007", Lat: -27.4380, Long: 153.0640, Phone: "07 3555 2265", Licence: "MD 3022421",
							Hours: weekdaysOnly, Hidden: true, Manufacturers: []string{"Ford"}},
					}},
				{Name: "Summit Nissan", Slug: "summit-nissan", Manufacturer: "Nissan", Phone: "07 5555 2270",
					Email: "nissan@summit-motor-group.example", Makes: []string{"Nissan"}, OffersCount: 0,
					OverrideCity: "Noosa",
					Locations: []locationRecipe{
						{Name: "Summit Nissan Noosaville", Street: "21 Gympie Terrace", City: "Noosaville", State: "QLD",
							Postcode: "4566", Lat: -26.3970, Long: 153.0640, Phone: "07 5555 2270", Licence: "MD 3022422",
							Hours: lateThursday, Manufacturers: []string{"Nissan"}},
					}},
			},
			Stock: []stockLine{
				{CarType: "new", Weight: 10, Makes: mw("Mazda", 1), Locations: []string{"Summit Mazda Newstead"}},
				{CarType: "new", Weight: 7, Makes: mw("Subaru", 1), Locations: []string{"Summit Subaru Bowen Hills"}},
				{CarType: "new", Weight: 9, Makes: mw("Hyundai", 1), Locations: []string{"Summit Hyundai Maroochydore"}},
				{CarType: "new", Weight: 9, Makes: mw("Kia", 1), Locations: []string{"Summit Kia Maroochydore"}},
				{CarType: "new", Weight: 9, Makes: mw("Ford", 1), Locations: []string{"Summit Ford Noosa"}},
				{CarType: "new", Weight: 7, Makes: mw("Nissan", 1), Locations: []string{"Summit Nissan Noosaville"}},
				{CarType: "demo", Weight: 2, Makes: mw("Mazda", 1), Locations: []string{"Summit Mazda Newstead"}},
				{CarType: "demo", Weight: 2, Makes: mw("Subaru", 1), Locations: []string{"Summit Subaru Bowen Hills"}},
				{CarType: "demo", Weight: 2, Makes: mw("Hyundai", 1), Locations: []string{"Summit Hyundai Maroochydore"}},
				{CarType: "demo", Weight: 2, Makes: mw("Kia", 1), Locations: []string{"Summit Kia Maroochydore"}},
				{CarType: "demo", Weight: 2, Makes: mw("Ford", 1), Locations: []string{"Summit Ford Noosa"}},
				{CarType: "demo", Weight: 2, Makes: mw("Nissan", 1), Locations: []string{"Summit Nissan Noosaville"}},
				{CarType: "used", Weight: 37, Makes: mw("Toyota", 8, "Mazda", 6, "Hyundai", 5, "Kia", 5, "Ford", 6,
					"Subaru", 3, "Nissan", 4, "Mitsubishi", 4, "Volkswagen", 3, "Honda", 3, "Holden", 3, "Suzuki", 2,
					"BMW", 2, "Mercedes-Benz", 3, "Audi", 2, "Tesla", 2),
					Locations: []string{"Summit Used Cars Maroochydore", "Summit Used Cars Brisbane", "Summit Used Cars Maroochydore",
						"Summit Mazda Newstead", "Summit Hyundai Maroochydore", "Summit Ford Noosa", "Summit Nissan Noosaville",
						"Summit Kia Maroochydore", "Summit Subaru Bowen Hills"}},
			},
		},
		{
			Index: 3, Slug: "outback-caravans", Name: "Outback Caravans", Seed: 0x4f43_0003,
			Timezone: "Australia/Brisbane", StockPrefix: "OC", PlateFormat: "999AA9", RegoState: "QLD",
			PriceScale: 1, Depreciation: 0.92, Cars: 300, ItemType: "caravan", UsedMaxAge: 18,
			Holidays: auHolidays, Rates: caravanRates,
			Tags: []tagRate{{Tag: "runout sale", CarType: "new", Rate: 0.1}, {Tag: "Clearance", CarType: "used", Rate: 0.08}},
			Lenders: []lenderRecipe{
				{Key: "manual", Provider: "Taurus", Rate: 8.49, Comparison: 9.35, Share: 0.6},
			},
			ComingSoonModels: []string{"Off-Grid"},
			Dealerships: []dealershipRecipe{{
				Name: "Outback Caravans", Slug: "outback-caravans", Manufacturer: "Jayco",
				Phone: "07 4655 3100", Email: "sales@outback-caravans.example",
				Makes: []string{"Jayco", "Lotus", "Coromal", "Retreat", "New Age", "Crusader"}, OffersCount: 2,
				Locations: []locationRecipe{
					{Name: "Outback Caravans Toowoomba", Street: "285 Ruthven Street", City: "Toowoomba",
						State: "QLD", Postcode: "4350", Lat: -27.5620, Long: 151.9530, Phone: "07 4655 3100",
						Licence: "MD 3030117", Hours: caravanHours, Primary: true,
						Manufacturers: []string{"Jayco", "Lotus", "Coromal", "Retreat", "New Age", "Crusader"}},
					{Name: "Outback Caravans Rockhampton", Street: "120 Yaamba Road, Park Avenue", City: "Rockhampton",
						State: "QLD", Postcode: "4701", Lat: -23.3580, Long: 150.5130, Phone: "07 4955 3200",
						Licence: "MD 3030117", Hours: salesHours, Manufacturers: []string{"Jayco", "New Age", "Crusader"}},
				},
			}},
			Stock: []stockLine{
				{CarType: "new", Weight: 60, Makes: mw("Jayco", 4, "Lotus", 1, "Coromal", 2, "Retreat", 1, "New Age", 2, "Crusader", 2),
					Locations: []string{"Outback Caravans Toowoomba", "Outback Caravans Rockhampton"}},
				{CarType: "used", Weight: 40, Makes: mw("Jayco", 4, "Lotus", 1, "Coromal", 3, "Retreat", 1, "New Age", 2, "Crusader", 2),
					Locations: []string{"Outback Caravans Toowoomba", "Outback Caravans Rockhampton"}},
			},
		},
		{
			Index: 4, Slug: "southern-alps-motors", Name: "Southern Alps Motors", Seed: 0x5341_0044,
			Timezone: "Pacific/Auckland", StockPrefix: "SA", PlateFormat: "AAA999", RegoState: "",
			PriceScale: 1.1, Depreciation: 0.86, Cars: 400, UsedMaxAge: 18,
			Holidays: nzHolidays, Rates: nzRates, Tags: carTags,
			Lenders: []lenderRecipe{
				{Key: "manual", Provider: "Southern Alps Finance", Rate: 11.5, Comparison: 13.2, Share: 0.5},
			},
			ComingSoonModels: []string{"Eclipse Cross"},
			Dealerships: []dealershipRecipe{{
				Name: "Southern Alps Motors", Slug: "southern-alps-motors", Manufacturer: "Mitsubishi",
				Phone: "+64 3 379 4120", Email: "sales@southern-alps-motors.example",
				Makes: []string{"Mitsubishi", "Suzuki"}, OffersCount: 3,
				Locations: []locationRecipe{
					{Name: "Southern Alps Motors Christchurch", Street: "212 Moorhouse Avenue",
						City: "Christchurch", State: "Canterbury", Postcode: "8011", Lat: -43.5390, Long: 172.6350,
						Phone: "+64 3 379 4120", Licence: "MVTR M351284", Hours: nzSalesHours, Primary: true,
						Manufacturers: []string{"Mitsubishi", "Suzuki"}},
					{Name: "Southern Alps Motors Service", Type: "service", Street: "212 Moorhouse Avenue",
						City: "Christchurch", State: "Canterbury", Postcode: "8011", Lat: -43.5390, Long: 172.6350,
						Phone: "+64 3 379 4125", Licence: "MVTR M351284", Hours: nzServiceHours,
						Manufacturers: []string{"Mitsubishi", "Suzuki"}},
				},
			}},
			Stock: []stockLine{
				{CarType: "new", Weight: 15, Makes: mw("Mitsubishi", 1), Locations: []string{"Southern Alps Motors Christchurch"}},
				{CarType: "new", Weight: 10, Makes: mw("Suzuki", 1), Locations: []string{"Southern Alps Motors Christchurch"}},
				{CarType: "demo", Weight: 5, Makes: mw("Mitsubishi", 1, "Suzuki", 1), Locations: []string{"Southern Alps Motors Christchurch"}},
				{CarType: "used", Weight: 70, Makes: mw("Toyota", 10, "Mazda", 5, "Nissan", 5, "Honda", 4, "Subaru", 3,
					"Mitsubishi", 3, "Suzuki", 3), Locations: []string{"Southern Alps Motors Christchurch"}},
			},
		},
		{
			Index: 5, Slug: "metro-used-cars", Name: "Metro Used Cars", Seed: 0x4d55_0005,
			Timezone: "Australia/Sydney", StockPrefix: "MU", PlateFormat: "AA99AA", RegoState: "NSW",
			PriceScale: 1, Depreciation: 0.86, Cars: 400, UsedMaxAge: 18,
			Holidays: auHolidays, Rates: metroRates, Tags: carTags,
			Lenders: []lenderRecipe{
				{Key: "manual", Provider: "Car Clarity", Rate: 9.49, Comparison: 10.85, Share: 0.5},
			},
			Dealerships: []dealershipRecipe{{
				Name: "Metro Used Cars", Slug: "metro-used-cars", Phone: "02 9555 0140",
				Email: "sales@metro-used-cars.example", OffersCount: 0,
				Locations: []locationRecipe{
					{Name: "Metro Used Cars Parramatta", Type: "used", Subtype: "pre-owned sales, buying",
						Street: "142 Church Street", City: "Parramatta", State: "NSW", Postcode: "2150",
						Lat: -33.8090, Long: 151.0030, Phone: "02 9555 0140", Licence: "MD 0045781", Hours: usedYardHours,
						Primary: true},
					{Name: "Metro Used Cars Liverpool", Type: "used", Subtype: "pre-owned sales",
						Street: "300 Hume Highway", City: "Liverpool", State: "NSW", Postcode: "2170",
						Lat: -33.9250, Long: 150.9160, Phone: "02 9555 0170", Licence: "MD 0045781", Hours: lateFriday},
				},
			}},
			Stock: []stockLine{
				{CarType: "used", Weight: 1, Makes: mw("Toyota", 8, "Mazda", 6, "Hyundai", 5, "Kia", 4, "Ford", 5,
					"Mitsubishi", 4, "Nissan", 3, "Volkswagen", 4, "Honda", 3, "Holden", 3, "Subaru", 2, "BMW", 2,
					"Mercedes-Benz", 2, "Audi", 2, "Tesla", 1, "Suzuki", 2),
					Locations: []string{"Metro Used Cars Parramatta", "Metro Used Cars Liverpool"}},
			},
		},
	}
}
