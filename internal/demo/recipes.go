package demo

import (
	"regexp"
	"strings"
)

// The per-site differences of the demo live here as data: which dealerships
// and locations a site has, what stock it carries and how often each case of
// docs/behaviour/states.md and docs/behaviour/validation.md appears. The generator has no per-site branches.

type siteRecipe struct {
	Index       int // id block: car ids are Index*100000+n
	Slug, Name  string
	Seed        uint64
	StockPrefix string
	PlateFormat string // 'A' a letter, '9' a digit
	RegoState   string
	PriceScale  float64 // catalogue prices are AUD; NZD sites scale them
	// Depreciation is the share of value kept each year of age.
	Depreciation float64
	Cars         int
	ItemType     string // "" for cars, "caravan"
	UsedMaxAge   int
	Stock        []stockLine
	Rates        caseRates
	Tags         []tagRate
	Certified    []certifiedRule
	Lenders      []lenderRecipe
	// ComingSoonModels are new models shown as coming soon on the models
	// page: the site has none of them new or demo in stock.
	ComingSoonModels []string
	// Avoid are words the site's comments and reviews never use: a New
	// Zealand dealer has no interstate buyers, logbook services or rego
	// states; a caravan dealer sells no cars, keys or test drives.
	Avoid []string
}

// avoid matches a text using one of the recipe's avoided words or
// phrases, as whole words in any case; nil when it has none.
func (rc *siteRecipe) avoid() *regexp.Regexp {
	if len(rc.Avoid) == 0 {
		return nil
	}
	alts := make([]string, len(rc.Avoid))
	for i, w := range rc.Avoid {
		alts[i] = regexp.QuoteMeta(w)
	}
	return regexp.MustCompile(`(?i)\b(` + strings.Join(alts, "|") + `)\b`)
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
	Hidden: 0.03, PriceZero: 0.025, Preorder: 0.5, Reserved: 0.03,
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

	return []siteRecipe{
		{
			Index: 1, Slug: "harbourside-toyota", Name: "Harbourside Toyota", Seed: 0x4854_0001,
			StockPrefix: "HT", PlateFormat: "999AA9", RegoState: "QLD",
			PriceScale: 1, Depreciation: 0.87, Cars: 600, UsedMaxAge: 16,
			Rates: baseRates, Tags: carTags,
			Certified: []certifiedRule{{Make: "Toyota", MaxAge: 6, Rate: 0.6}},
			Lenders: []lenderRecipe{
				{Key: "manual", Provider: "Toyota Finance", Rate: 6.29, Comparison: 8.19, Share: 0.6},
			},
			ComingSoonModels: []string{"bZ4X"},
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
			StockPrefix: "SM", PlateFormat: "999AA9", RegoState: "QLD",
			PriceScale: 1, Depreciation: 0.86, Cars: 1400, UsedMaxAge: 16,
			Rates: baseRates, Tags: carTags,
			Certified: []certifiedRule{{Make: "Mercedes-Benz", MaxAge: 5, Rate: 0.7}},
			Lenders: []lenderRecipe{
				{Key: "angle", Provider: "Angle Finance", Rate: 8.99, Comparison: 10.12, EstablishmentFee: 1300, Share: 0.5},
				{Key: "nissan_finance", Provider: "Nissan Financial Services", Rate: 4.99, Comparison: 6.42, Make: "Nissan", Share: 0.9},
			},
			ComingSoonModels: []string{"CX-60", "EV6"},
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
			StockPrefix: "OC", PlateFormat: "999AA9", RegoState: "QLD",
			PriceScale: 1, Depreciation: 0.92, Cars: 300, ItemType: "caravan", UsedMaxAge: 18,
			Rates: caravanRates,
			Tags:  []tagRate{{Tag: "runout sale", CarType: "new", Rate: 0.1}, {Tag: "Clearance", CarType: "used", Rate: 0.08}},
			Lenders: []lenderRecipe{
				{Key: "manual", Provider: "Taurus", Rate: 8.49, Comparison: 9.35, Share: 0.6},
			},
			ComingSoonModels: []string{"Off-Grid"},
			Avoid:            []string{"car", "cars", "ute", "km", "kilometres", "keys", "test drive", "drive-away", "logbook"},
			Stock: []stockLine{
				{CarType: "new", Weight: 60, Makes: mw("Jayco", 4, "Lotus", 1, "Coromal", 2, "Retreat", 1, "New Age", 2, "Crusader", 2),
					Locations: []string{"Outback Caravans Toowoomba", "Outback Caravans Rockhampton"}},
				{CarType: "used", Weight: 40, Makes: mw("Jayco", 4, "Lotus", 1, "Coromal", 3, "Retreat", 1, "New Age", 2, "Crusader", 2),
					Locations: []string{"Outback Caravans Toowoomba", "Outback Caravans Rockhampton"}},
			},
		},
		{
			Index: 4, Slug: "southern-alps-motors", Name: "Southern Alps Motors", Seed: 0x5341_0044,
			StockPrefix: "SA", PlateFormat: "AAA999", RegoState: "",
			PriceScale: 1.1, Depreciation: 0.86, Cars: 400, UsedMaxAge: 18,
			Rates: nzRates, Tags: carTags,
			Lenders: []lenderRecipe{
				{Key: "manual", Provider: "Southern Alps Finance", Rate: 11.5, Comparison: 13.2, Share: 0.5},
			},
			ComingSoonModels: []string{"Eclipse Cross"},
			Avoid:            []string{"interstate", "logbook", "rego", "government charges"},
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
			StockPrefix: "MU", PlateFormat: "AA99AA", RegoState: "NSW",
			PriceScale: 1, Depreciation: 0.86, Cars: 400, UsedMaxAge: 18,
			Rates: metroRates, Tags: carTags,
			Lenders: []lenderRecipe{
				{Key: "manual", Provider: "Car Clarity", Rate: 9.49, Comparison: 10.85, Share: 0.5},
			},
			Stock: []stockLine{
				{CarType: "used", Weight: 1, Makes: mw("Toyota", 8, "Mazda", 6, "Hyundai", 5, "Kia", 4, "Ford", 5,
					"Mitsubishi", 4, "Nissan", 3, "Volkswagen", 4, "Honda", 3, "Holden", 3, "Subaru", 2, "BMW", 2,
					"Mercedes-Benz", 2, "Audi", 2, "Tesla", 1, "Suzuki", 2),
					Locations: []string{"Metro Used Cars Parramatta", "Metro Used Cars Liverpool"}},
			},
		},
	}
}
