package demo

import (
	"fmt"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"forecourt/internal/catalog"
	"forecourt/internal/places"
)

// Sold-date windows, in hours before ref. The listing keeps sold cars for 3
// days by default or a dealership's include_sold_cars_days
// (docs/behaviour/states.md#listings); the bands leave a day's slack so they
// hold all day long.
const (
	soldRecentMinH, soldRecentMaxH = 1, 40    // well inside 3 days
	soldWindowMinH, soldWindowMaxH = 100, 140 // beyond 3 days, inside 7
	newlyCreatedMaxH               = 150      // inside the 8-day new tag
)

// placement ties a stock location to its dealership.
type placement struct {
	loc  catalog.Location
	deal catalog.Dealership
}

func buildCars(rc *siteRecipe, ref time.Time, ds []catalog.Dealership, ls []catalog.Location, r *rand.Rand) []catalog.Car {
	byName := map[string]placement{}
	for _, l := range ls {
		for _, d := range ds {
			if d.ID == l.DealershipID {
				byName[l.Name] = placement{l, d}
			}
		}
	}
	byMake := map[string][]int{}
	for i, v := range vehicles {
		byMake[v.Make] = append(byMake[v.Make], i)
	}
	total := 0
	for _, line := range rc.Stock {
		total += line.Weight
	}
	cars := make([]catalog.Car, 0, rc.Cars)
	for n := range rc.Cars {
		line := rc.Stock[len(rc.Stock)-1]
		for k, w := 0, r.IntN(total); k < len(rc.Stock); k++ {
			if w < rc.Stock[k].Weight {
				line = rc.Stock[k]
				break
			}
			w -= rc.Stock[k].Weight
		}
		mk := pickMake(line.Makes, r)
		tag, year := carAge(rc, ref, line.CarType, r)
		v, bd, year := pickVehicle(byMake[mk], rc.ComingSoonModels, line.CarType, year, ref.Year(), r)
		at := byName[pickLocation(line.Locations, byName, v.Make, r)]
		cars = append(cars, buildCar(rc, ref, n, line.CarType, tag, year, v, bd, at, r))
	}
	return cars
}

// carAge draws a car's tag and model year. A runout car is last year's
// model; a demo may be; used cars spread over the site's age range.
func carAge(rc *siteRecipe, ref time.Time, carType string, r *rand.Rand) (tag string, year int) {
	for _, t := range rc.Tags {
		if tag == "" && t.CarType == carType && chance(r, t.Rate) {
			tag = t.Tag
		}
	}
	age := 0
	switch carType {
	case catalog.TypeDemo:
		if chance(r, 0.3) {
			age = 1
		}
	case catalog.TypeUsed:
		age = 1 + int(float64(rc.UsedMaxAge)*math.Pow(r.Float64(), 1.6))
	}
	if tag == "runout sale" {
		age = 1
	}
	return tag, ref.Year() - age
}

// pickVehicle chooses one of a make's vehicles and badges that was on sale
// in the drawn model year: new and demo stock only from models still sold.
// When none of the make's models was sold that year (an old year for a
// make with only recent models here), it picks any and moves the year into
// that badge's span, never past this year. A model the site shows as coming
// soon is not yet in stock new: never new or demo stock.
func pickVehicle(idx []int, comingSoon []string, carType string, year, thisYear int, r *rand.Rand) (vehicle, badge, int) {
	type choice struct {
		v  int
		bd badge
	}
	var fits, any []choice
	for _, i := range idx {
		v := vehicles[i]
		if carType != catalog.TypeUsed && (v.NotNew || slices.Contains(comingSoon, v.Model)) {
			continue
		}
		var ok []badge
		for _, bd := range v.Badges {
			if lo, _ := v.years(bd); lo > thisYear {
				continue // not launched yet
			}
			any = append(any, choice{i, bd})
			if v.soldIn(bd, year) {
				ok = append(ok, bd)
			}
		}
		// One draw per model, whatever its number of badges.
		if len(ok) > 0 {
			fits = append(fits, choice{i, ok[r.IntN(len(ok))]})
		}
	}
	if len(fits) > 0 {
		c := fits[r.IntN(len(fits))]
		return vehicles[c.v], c.bd, year
	}
	c := any[r.IntN(len(any))]
	v := vehicles[c.v]
	lo, hi := v.years(c.bd)
	if hi == 0 || hi > thisYear {
		hi = thisYear
	}
	return v, c.bd, min(max(year, lo), hi)
}

// pickLocation places a car at one of its stock line's locations that
// sells its make, or a used-car location selling any; only when there is
// none (a single-franchise dealer's one yard) at any of them.
func pickLocation(names []string, byName map[string]placement, mk string, r *rand.Rand) string {
	var fit []string
	for _, n := range names {
		ms := byName[n].loc.Manufacturers
		if len(ms) == 0 || slices.Contains(ms, mk) {
			fit = append(fit, n)
		}
	}
	if len(fit) == 0 {
		fit = names
	}
	return fit[r.IntN(len(fit))]
}

func pickMake(ms []makeWeight, r *rand.Rand) string {
	total := 0
	for _, m := range ms {
		total += m.Weight
	}
	w := r.IntN(total)
	for _, m := range ms {
		if w < m.Weight {
			return m.Make
		}
		w -= m.Weight
	}
	return ms[len(ms)-1].Make
}

func chance(r *rand.Rand, p float64) bool { return r.Float64() < p }

func between(r *rand.Rand, lo, hi int) int { return lo + r.IntN(hi-lo+1) }

func hours(h int) time.Duration { return time.Duration(h) * time.Hour }

func buildCar(rc *siteRecipe, ref time.Time, n int, carType, tag string, year int, v vehicle, bd badge, at placement, r *rand.Rand) catalog.Car {
	rates := rc.Rates
	id := carID(rc, n)
	caravan := v.Body == "Caravan"
	c := catalog.Car{
		ID: id, Make: v.Make, Model: v.Model, Badge: bd.Name, Series: v.Series, CarType: carType,
		Status: catalog.StatusInStock, ShowOnWebsite: true, ItemType: rc.ItemType,
		StockNum:   fmt.Sprintf("%s%05d", rc.StockPrefix, 10001+n),
		LocationID: at.loc.ID, LocationName: at.loc.Name,
		DealershipID: at.deal.ID, DealershipIDs: []int64{at.deal.ID}, DealershipSlug: at.deal.Slug,
		SimpleBody: v.Body, Body: bodyKeys[v.Body], BodyConfiguration: v.Config,
		Seats: v.Seats, Doors: v.Doors, ManufacturerBody: strings.ToUpper(v.Body),
	}
	c.Tag, c.Year = tag, year
	age := ref.Year() - year
	c.Name = fmt.Sprintf("%d %s %s %s", c.Year, v.Make, v.Model, bd.Name)
	c.Slug = places.Slugify(c.Name) + "-" + strconv.FormatInt(id, 10)
	c.Path = "/cars/" + c.Slug
	c.CarsalesTitle = c.Name
	buildMonth := 1 + r.IntN(12)
	c.BuildDate = fmt.Sprintf("%d-%02d", c.Year, buildMonth)
	cy, cm := c.Year, buildMonth+1+r.IntN(2)
	if cm > 12 {
		cy, cm = cy+1, cm-12
	}
	c.ComplianceDate = fmt.Sprintf("%d-%02d", cy, cm)

	// Drivetrain.
	if !caravan {
		c.SimpleFuel, c.SimpleDrive = bd.Fuel, bd.Drive
		if bd.Gears > 1 {
			c.GearNum = bd.Gears // a CVT or single-speed box has no gear count
		}
		c.Fuel = fuelNames[bd.Fuel]
		c.Drive = driveNames[bd.Drive]
		c.SimpleTransmission = "Automatic"
		if bd.Manual {
			c.SimpleTransmission = "Manual"
		}
		c.Trans = transName(bd)
		c.EngineSize = bd.CC
		c.EngineSizeLitres = math.Round(float64(bd.CC)/100) / 10
	}

	// Colour.
	palette := makePalette[v.Make]
	c.Colour = palette[r.IntN(len(palette))]
	trim := trims[r.IntN(len(trims))]
	if caravan {
		trim = "Light Oak Interior"
	}
	c.InteriorColour = trim
	hex, trimHex := colourHex[c.Colour], colourHex[trim]

	// Status and dates.
	var createdAgo time.Duration
	switch u := r.Float64(); {
	case u < rates.ComingSoon:
		c.Status = catalog.StatusComingSoon
	case u < rates.ComingSoon+rates.SoldRecent:
		c.Status = catalog.StatusSold
		c.SoldDateTimestamp = ref.Add(-hours(between(r, soldRecentMinH, soldRecentMaxH))).Unix()
	case u < rates.ComingSoon+rates.SoldRecent+rates.SoldWindow:
		c.Status = catalog.StatusSold
		c.SoldDateTimestamp = ref.Add(-hours(between(r, soldWindowMinH, soldWindowMaxH))).Unix()
	case u < rates.ComingSoon+rates.SoldRecent+rates.SoldWindow+rates.SoldOld:
		c.Status = catalog.StatusSold
		c.SoldDateTimestamp = ref.Add(-hours(between(r, 15*24, 200*24))).Unix()
	}
	switch {
	case c.Status == catalog.StatusSold:
		soldAgo := ref.Sub(time.Unix(c.SoldDateTimestamp, 0))
		createdAgo = soldAgo + hours(between(r, 10*24, 120*24))
	case chance(r, rates.NewlyCreated):
		createdAgo = hours(between(r, 1, newlyCreatedMaxH))
	default:
		createdAgo = hours(between(r, 10*24, 365*24))
	}
	c.CreatedAt = ref.Add(-createdAgo)
	c.UpdatedAt = ref.Add(-createdAgo + hours(r.IntN(int(createdAgo/time.Hour)+1)))
	if chance(r, rates.Hidden) {
		c.ShowOnWebsite = false
	}
	if c.Status == catalog.StatusInStock && chance(r, rates.Reserved) {
		c.Reserved = true
	}

	// Distance.
	switch {
	case caravan:
	case carType == catalog.TypeNew:
		c.KM = between(r, 5, 40)
	case carType == catalog.TypeDemo:
		// both sides of the 3000 km demo rule (docs/behaviour/validation.md#search)
		if chance(r, 0.5) {
			c.KM = between(r, 150, 3000)
		} else {
			c.KM = between(r, 3001, 9500)
		}
	default:
		c.KM = age*between(r, 8000, 19000) + between(r, 500, 6000)
	}

	// Price.
	base := float64(bd.Price) * rc.PriceScale
	switch carType {
	case catalog.TypeNew:
		base *= 1 + 0.04*(r.Float64()-0.5)
		c.PriceType = "DAP"
		if chance(r, 0.2) {
			c.PriceType = "EGC"
		}
	case catalog.TypeDemo:
		base *= 0.9
		c.PriceType = "DAP"
	default:
		base = usedValue(base, rc.Depreciation, age, c.KM, r.Float64(), residualFloor(v, bd))
		c.PriceType = "DAP"
	}
	c.Price = round990(base)
	if c.Status == catalog.StatusComingSoon && carType == catalog.TypeNew && chance(r, rates.Preorder) {
		c.Preorder = true
		if chance(r, 0.5) {
			c.Price = 0
		}
	}
	if chance(r, rates.PriceZero) {
		c.Price = 0
	}
	if c.Price > 0 && chance(r, rates.WasPrice) {
		// A was price above today's follows the price history
		// (wasPrices); this draw only keeps the rest of the stock as it
		// was, and leaves some cars an earlier price below today's, which
		// is never shown.
		if chance(r, 0.85) {
			between(r, 1, 4)
		} else {
			c.BeforePrice = c.Price - 1000
		}
	}
	if c.Price > 0 && chance(r, rates.Offer) {
		c.OfferPrice = c.Price
		if chance(r, 0.7) {
			c.OfferPrice = c.Price - 500*between(r, 1, 5)
		}
	}
	if c.Price > 0 && carType != catalog.TypeUsed && chance(r, rates.Subscription) {
		c.SubscriptionPrice = int(math.Round(float64(c.Price)*0.0045/5)) * 5
	}

	// Identity.
	c.VIN = vin(v.Make, id, r)
	if chance(r, rates.NVIC) {
		c.NVIC = nvic(r)
	}
	if carType != catalog.TypeNew {
		c.RegPlate = plate(rc.PlateFormat, r)
		c.RegoState = rc.RegoState
		c.RegoExpiry = ref.AddDate(0, 0, between(r, 20, 365)).Format("2006-01-02")
	}
	for _, cr := range rc.Certified {
		if carType == catalog.TypeUsed && v.Make == cr.Make && age <= cr.MaxAge && chance(r, cr.Rate) {
			c.Certified = true
		}
	}

	// Media.
	switch u := r.Float64(); {
	case u < rates.NoImages:
	case u < rates.NoImages+rates.FewImages:
		c.Images = carImages(id, c.Body, hex, between(r, 1, 3))
	default:
		c.Images = carImages(id, c.Body, hex, between(r, 4, 20))
	}
	c.PhotosCount = len(c.Images)
	if len(c.Images) > 0 {
		c.PrimaryImageURL = c.Images[0].URL
	}
	if len(c.Images) >= 4 && chance(r, rates.Spin) {
		c.SpinImages = make([]string, 0, 36)
		for a := 0; a < 360; a += 10 {
			c.SpinImages = append(c.SpinImages, carFrame(id, c.Body, hex, a))
		}
		c.Hotspots = &catalog.Hotspots{Exterior: exteriorHotspots(v, r)}
		if chance(r, 0.6) {
			c.SpinInteriorImage = fmt.Sprintf("/img/interior/%d/%s.jpg", id, trimHex)
			c.Hotspots.Interior = interiorHotspots(caravan, c.Year, r)
		}
	}
	if chance(r, rates.Video) {
		if chance(r, 0.5) {
			c.VideoURL = "https://www.youtube.com/embed/" + token(r, 11)
		} else {
			c.VideoURL = "/media/demo.mp4"
		}
	}
	if carType == catalog.TypeUsed && chance(r, rates.HistoryFile) {
		// The site's own history summary of the car: nothing loads from
		// outside (docs/behaviour/http.md#api-history-report).
		c.File = "/api/cars/" + c.Slug + "/history-report.pdf"
	}

	// Market data and finance.
	if carType == catalog.TypeUsed && c.Price > 0 && chance(r, rates.Autograb) {
		avg := round100(float64(c.Price) * (0.9 + 0.25*r.Float64()))
		ag := &catalog.AutograbData{AverageMarketPrice: avg}
		if chance(r, 0.8) {
			ag.StateAverageMarketPrice = round100(float64(avg) * (0.97 + 0.06*r.Float64()))
		}
		c.AutograbData = ag
	}
	if c.Price > 0 {
		for _, l := range rc.Lenders {
			if (l.Make == "" || l.Make == v.Make) && chance(r, l.Share) {
				if c.FinanceLenders == nil {
					c.FinanceLenders = map[string]catalog.FinanceLender{}
				}
				c.FinanceLenders[l.Key] = lenderOffer(l, c.Price, chance(r, 0.25))
			}
		}
		if chance(r, rates.Youx) {
			adv := 6.99 + float64(r.IntN(600))/100
			c.YouxQuote = &catalog.YouxQuote{
				WeeklyRepaymentAmount: math.Ceil(repayment(float64(c.Price), 0, adv, 60) * 12 / 52),
				AdvertisedRate:        adv, ComparisonRate: math.Round((adv+0.64)*100) / 100,
			}
		}
	}

	// Words.
	c.StandardEquipment = equipment(v, bd, c.Year)
	set := commentsFor(caravan, carType)
	avoid := rc.avoid()
	switch u := r.Float64(); {
	case u < rates.EmptyComments:
	case u < rates.EmptyComments+rates.LongComments:
		c.DealerComments = longComments(c, at.loc, withoutAvoided(set.Sentences, avoid), r)
	default:
		short := withoutAvoided(set.Short, avoid)
		c.DealerComments = short[r.IntN(len(short))]
	}
	if c.DealerComments != "" && c.Status == catalog.StatusInStock && catalog.IsNew(c, ref) {
		c.DealerComments = arrivedOpening + c.DealerComments
	}
	c.Rank = r.IntN(1000)
	c.Views = r.IntN(900)

	size := bodySizes[v.Body]
	c.Variant = &catalog.Variant{
		EngineSize: bd.CC, EngineSizeLitres: c.EngineSizeLitres, Cylinders: cylinders(bd),
		Induction: induction(bd), GearType: gearType(bd),
		FuelConsumptionCombined: consumption(bd), FuelCapacity: size.Tank,
		GrossVehicleMass: size.GVM, VehicleLength: size.Length, VehicleHeight: size.Height, VehicleWidth: size.Width,
		TowingCapacityBraked: size.Towing, Torque: torque(bd), AncapRating: 5, BodyConfiguration: v.Config,
	}
	if bd.Fuel == "Electric" {
		c.Variant.FuelCapacity = 0
	}
	if caravan {
		c.Specifications = caravanSpecs(bd, r)
		c.Variant = &catalog.Variant{
			GrossVehicleMass: c.Specifications.AggregateTrailerMass,
			VehicleLength:    int(bd.LengthFt * 304.8),
			VehicleWidth:     int(c.Specifications.BodyWidth * 304.8),
		}
	}
	return c
}

var fuelNames = map[string]string{
	"Petrol": "Petrol - Unleaded ULP", "Diesel": "Diesel", "Hybrid": "Hybrid - Petrol/Electric", "Electric": "Electric",
}

var driveNames = map[string]string{
	"FWD": "Front Wheel Drive", "RWD": "Rear Wheel Drive", "AWD": "All Wheel Drive", "4WD": "4x4",
}

func transName(bd badge) string {
	switch {
	case bd.Manual:
		return fmt.Sprintf("%d Speed Manual", bd.Gears)
	case bd.Fuel == "Electric":
		return "1 Speed Reduction Gear"
	case bd.Gears == 1:
		return "Continuously Variable Transmission"
	}
	return fmt.Sprintf("%d Speed Automatic", bd.Gears)
}

func cylinders(bd badge) int {
	switch {
	case bd.Cyl > 0:
		return bd.Cyl
	case bd.CC == 0:
		return 0
	case bd.CC < 1200: // the three-cylinder engines of the catalogue
		return 3
	case bd.CC < 2800, bd.Fuel == "Diesel" && bd.CC < 3000:
		return 4
	case bd.CC < 4000:
		return 6
	}
	return 8
}

// gearType names the kind of gearbox: a one-ratio box is a CVT, or the
// single reduction gear of an electric car.
func gearType(bd badge) string {
	switch {
	case bd.Manual:
		return "Manual"
	case bd.Fuel == "Electric":
		return "Single-Speed Reduction Gear"
	case bd.Gears == 1:
		return "CVT"
	}
	return "Automatic"
}

func induction(bd badge) string {
	switch {
	case bd.Fuel == "Electric":
		return "Electric"
	case bd.Fuel == "Diesel", bd.Turbo:
		return "Turbo Intercooled"
	}
	return "Aspirated"
}

func consumption(bd badge) float64 {
	switch bd.Fuel {
	case "Electric":
		return 0
	case "Hybrid":
		return 4.2 + float64(bd.CC%7)/10
	case "Diesel":
		return 6.8 + float64(bd.CC)/2000
	}
	return 5.6 + float64(bd.CC)/1000
}

func torque(bd badge) int {
	if bd.CC == 0 {
		return 350
	}
	if bd.Fuel == "Diesel" {
		return 120 + bd.CC/7
	}
	return 40 + bd.CC/14
}

// kmPerYear is the distance an average car covers in a year; a car driven
// further than that for its age is worth less, one driven less a little more.
const kmPerYear = 14000

// usedValue is a used car's price from its new price: it keeps a share of
// its value each year of age (rc.Depreciation), a little less or more for
// kilometres above or below the average for its age, and a dealer's spread
// of -10 to +5 per cent (u, from 0 to 1), never below floor, the share of
// its new price its kind of vehicle keeps however old (residualFloor).
func usedValue(newPrice, depreciation float64, age, km int, u, floor float64) float64 {
	value := newPrice * math.Pow(depreciation, float64(age))
	if age > 0 && km > 0 {
		// 8 per cent for each year's average distance above or below it.
		excess := float64(km-age*kmPerYear) / kmPerYear
		value *= min(1.08, max(0.8, 1-0.08*excess))
	}
	value *= 0.9 + 0.15*u
	return max(value, newPrice*floor)
}

// residualFloor is the share of its new price a used vehicle keeps however
// old it is: four-wheel drives and caravans hold their value; a small car
// is worth little after twenty years, but still more than scrap.
func residualFloor(v vehicle, bd badge) float64 {
	switch {
	case v.Body == "Caravan":
		return 0.3
	case bd.Drive == "4WD":
		return 0.3
	case v.Body == "Ute" || v.Body == "Cab Chassis" || v.Body == "Van":
		return 0.2
	}
	return 0.12
}

func round990(x float64) int {
	if x <= 0 {
		return 0
	}
	return max(990, int(math.Round(x/1000))*1000-10)
}

func round100(x float64) int { return int(math.Round(x/100)) * 100 }

// carFrame is the exterior image URL of one angle (the media URL scheme).
func carFrame(id int64, body, hex string, angle int) string {
	return "/img/car/" + strconv.FormatInt(id, 10) + "/" + body + "/" + hex + "/" + strconv.Itoa(angle) + ".jpg"
}

// carImages spreads n photos evenly round the car, front three-quarter first.
func carImages(id int64, body, hex string, n int) []catalog.Image {
	out := make([]catalog.Image, n)
	for i := range n {
		u := carFrame(id, body, hex, i*360/n)
		out[i] = catalog.Image{URL: u, Thumb: catalog.ImageRef{URL: u + "?w=200"}}
	}
	return out
}

// vinChars is the VIN alphabet: no I, O or Q.
const vinChars = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789"

var vinMakers = map[string]string{
	"Toyota": "JTM", "Mazda": "JM0", "Hyundai": "KMH", "Kia": "KNA", "Ford": "MPB", "Subaru": "JF1",
	"Nissan": "JN1", "Mitsubishi": "MMC", "Suzuki": "JS2", "Volkswagen": "WVW", "Honda": "JHM",
	"BMW": "WBA", "Mercedes-Benz": "W1K", "Audi": "WAU", "Tesla": "LRW", "Holden": "6G1",
}

// vin is 17 characters; the last six are the car id, so VINs never repeat.
func vin(mk string, id int64, r *rand.Rand) string {
	wmi, ok := vinMakers[mk]
	if !ok {
		wmi = "6K9" // Australian-built trailers
	}
	var b strings.Builder
	b.WriteString(wmi)
	for range 8 {
		b.WriteByte(vinChars[r.IntN(len(vinChars))])
	}
	fmt.Fprintf(&b, "%06d", id%1_000_000)
	return b.String()
}

func nvic(r *rand.Rand) string {
	const chars = "ABCDEFGHJKLMNPQRSTUVWXYZ0123456789"
	b := []byte{'0', 0, 0, 0, 0, 0}
	for i := 1; i < 6; i++ {
		b[i] = chars[r.IntN(len(chars))]
	}
	return string(b)
}

func plate(format string, r *rand.Rand) string {
	b := []byte(format)
	for i, ch := range b {
		switch ch {
		case 'A':
			b[i] = "ABCDEFGHJKLMNPRSTUVWXYZ"[r.IntN(23)]
		case '9':
			b[i] = byte('0' + r.IntN(10))
		}
	}
	return string(b)
}

func token(r *rand.Rand, n int) string {
	const chars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
	b := make([]byte, n)
	for i := range b {
		b[i] = chars[r.IntN(len(chars))]
	}
	return string(b)
}

// repayment is the monthly amortised payment leaving balloon owing.
func repayment(principal, balloon, ratePct float64, months int) float64 {
	i := ratePct / 100 / 12
	f := math.Pow(1+i, float64(months))
	return (principal - balloon/f) * i / (1 - 1/f)
}

func lenderOffer(l lenderRecipe, price int, balloon bool) catalog.FinanceLender {
	const years = 5
	p := float64(price)
	fl := catalog.FinanceLender{
		InterestRate: l.Rate, ComparisonRate: l.Comparison, Term: years * 12, TermYears: years,
		TermMonths: years * 12, TermWeeks: years * 52, EstablishmentFees: l.EstablishmentFee,
		FinanceProvider: l.Provider,
		Disclaimer: fmt.Sprintf("Secured loan, %d years, %.2f%% p.a., comparison rate %.2f%% p.a., no deposit.",
			years, l.Rate, l.Comparison),
	}
	if balloon {
		fl.Deposit = math.Round(p * 0.10)
		fl.Balloon = math.Round(p * 0.30)
		fl.Disclaimer = fmt.Sprintf("%d year term, 10.0%% deposit, 30.0%% final payment, %.2f%% p.a., comparison rate %.2f%% p.a.",
			years, l.Rate, l.Comparison)
	}
	monthly := math.Ceil(repayment(p-fl.Deposit+fl.EstablishmentFees, fl.Balloon, l.Rate, years*12))
	fl.PaymentMonth = monthly
	fl.PaymentWeek = math.Ceil(monthly * 12 / 52)
	fl.TotalPayable = monthly*years*12 + fl.Balloon + fl.Deposit
	return fl
}

func caravanSpecs(bd badge, r *rand.Rand) *catalog.CaravanSpecs {
	tare := int(1300+bd.LengthFt*70) + 10*r.IntN(20)
	axle := "Tandem"
	if bd.LengthFt < 17 {
		axle = "Single"
	}
	width := 7.5
	if bd.LengthFt >= 19 {
		width = 7.9
	}
	return &catalog.CaravanSpecs{
		BodyWidth: width, BodyLength: bd.LengthFt, TareWeight: tare, AxleType: axle, Sleeps: bd.Sleeps,
		AggregateTrailerMass: tare + 10*between(r, 60, 90),
	}
}

func exteriorHotspots(v vehicle, r *rand.Rand) []catalog.Hotspot {
	front := catalog.Hotspot{Description: "LED headlights", Anchor: "front", Positions: []catalog.HotspotPosition{
		{Angle: 0, X: 28, Y: 46}, {Angle: 1, X: 30, Y: 46}, {Angle: 35, X: 26, Y: 47}, {Angle: 34, X: 24, Y: 47}}}
	wheel := catalog.Hotspot{Description: "Alloy wheels", Anchor: "wheel", Positions: []catalog.HotspotPosition{
		{Angle: 0, X: 62, Y: 70}, {Angle: 9, X: 50, Y: 72}, {Angle: 27, X: 48, Y: 72}}}
	rear := catalog.Hotspot{Description: "Tow bar", Anchor: "rear", Positions: []catalog.HotspotPosition{
		{Angle: 17, X: 48, Y: 64}, {Angle: 18, X: 50, Y: 64}, {Angle: 19, X: 52, Y: 64}}}
	switch v.Body {
	case "Caravan":
		front.Description, wheel.Description, rear.Description = "Stone guard", "Off-road suspension", "Rear bumper storage"
	case "Ute", "Cab Chassis":
		rear.Description = "Tub liner and tow bar"
	}
	out := []catalog.Hotspot{front, wheel}
	if chance(r, 0.5) {
		out = append(out, rear)
	}
	return out
}

func interiorHotspots(caravan bool, year int, r *rand.Rand) []catalog.Hotspot {
	if caravan {
		return []catalog.Hotspot{{Description: "Island bed", Anchor: "bed", Positions: []catalog.HotspotPosition{{Angle: 0, X: 50, Y: 55}}}}
	}
	screen := "Touchscreen with Apple CarPlay"
	if year < equipmentFrom["Apple CarPlay"] {
		screen = "Touchscreen with Bluetooth audio"
	}
	out := []catalog.Hotspot{{Description: screen, Anchor: "dash",
		Positions: []catalog.HotspotPosition{{Angle: 0, X: 52, Y: 40}}}}
	if chance(r, 0.5) {
		out = append(out, catalog.Hotspot{Description: "Leather-wrapped steering wheel", Anchor: "wheel",
			Positions: []catalog.HotspotPosition{{Angle: 0, X: 30, Y: 52}}})
	}
	return out
}

var commonEquipment = []string{
	"Air Conditioning", "Power Steering", "Power Windows", "Central Locking", "Cruise Control",
	"Bluetooth", "Reversing Camera", "Apple CarPlay", "Android Auto", "ABS Brakes", "Electronic Stability Control",
	"Driver Airbag", "Passenger Airbag", "Curtain Airbags", "Alloy Wheels", "Rear Parking Sensors",
	"Autonomous Emergency Braking", "Lane Departure Warning", "Keyless Entry", "LED Daytime Running Lights",
	"Climate Control", "Satellite Navigation", "Tyre Pressure Monitoring", "Hill Start Assist",
}

// equipmentFrom is the first model year an item of commonEquipment was
// fitted to mainstream cars in Australia; older cars never list it.
var equipmentFrom = map[string]int{
	"Apple CarPlay": 2016, "Android Auto": 2016, "Autonomous Emergency Braking": 2015,
	"Lane Departure Warning": 2014, "LED Daytime Running Lights": 2012, "Tyre Pressure Monitoring": 2014,
	"Reversing Camera": 2010, "Keyless Entry": 2008, "Hill Start Assist": 2010,
}

var caravanEquipment = []string{
	"Queen Island Bed", "Ensuite with Shower and Toilet", "Front Tunnel Boot", "Solar Panels 2 x 170W",
	"Lithium Battery 200Ah", "Roll-out Awning", "Diesel Heater", "Four-burner Cooktop", "Microwave",
	"Compressor Fridge 190L", "Front Load Washing Machine", "Independent Suspension", "Electric Brakes",
	"Two Water Tanks 95L", "Grey Water Tank", "External BBQ Point", "Reverse Cycle Air Conditioner", "Stone Guard",
}

// standardFrom is the first model year from which every mainstream car
// sold in Australia had an item of commonEquipment (by law or by then
// universal): a car of that year or later always lists it.
var standardFrom = map[string]int{
	"Driver Airbag": 1995, "Power Steering": 1995, "Central Locking": 1998, "Power Windows": 2000,
	"Air Conditioning": 2000, "ABS Brakes": 2003, "Passenger Airbag": 2003, "Electronic Stability Control": 2013,
	"Curtain Airbags": 2013, "Bluetooth": 2014, "Reversing Camera": 2020, "Autonomous Emergency Braking": 2023,
}

// equipment is what a car of the vehicle and badge from that model year
// lists: the year's standard items, then options drawn for the badge and
// year alone, so every car of a model, badge and year lists the same
// things (a compare of two 2025 Prado GXs agrees).
func equipment(v vehicle, bd badge, year int) []string {
	pool := commonEquipment
	if v.Body == "Caravan" {
		pool = caravanEquipment
	}
	var out []string
	for _, e := range pool {
		if from, ok := standardFrom[e]; ok && year >= from && v.Body != "Caravan" {
			out = append(out, e)
		}
	}
	h := fnv.New64a()
	fmt.Fprintf(h, "%s|%s|%s|%s", v.Make, v.Model, v.Series, bd.Name)
	r := rand.New(rand.NewPCG(h.Sum64(), uint64(year)))
	for _, k := range r.Perm(len(pool))[:between(r, 5, 14)] {
		e := pool[k]
		if year >= equipmentFrom[e] && !slices.Contains(out, e) {
			out = append(out, e)
		}
	}
	return out
}

// commentSet is the words a car's comments are drawn from: short
// one-liners and the sentences of a long comment. Each fits one kind of
// stock (car or caravan) in one condition (new, demo or used): only a used
// car speaks of owners and service history, only a car of kilometres and
// test drives. Every set is as long as every other, so the stock draws the
// same random numbers whichever set a car takes (a test checks it).
type commentSet struct {
	Short, Sentences []string
}

// commentSets are the sets by kind ("car" or "caravan") and car type.
var commentSets = map[string]map[string]commentSet{
	"car": {
		catalog.TypeNew: {
			Short: []string{
				"Brand new and ready for delivery, with the full manufacturer's warranty.",
				"In stock now in this colour. Call today to book a test drive.",
				"The latest safety features and great fuel economy. Finance available.",
				"Ready to go. Ask us about our extended warranty options.",
			},
			Sentences: []string{
				"It has been through our pre-delivery inspection and is ready to drive away.",
				"It comes with the full manufacturer's warranty and roadside assistance.",
				"Our finance team can arrange competitive rates with fast approval, and we welcome your trade-in.",
				"Ask us to fit genuine accessories before delivery, from floor mats to a tow bar.",
				"Ask about our 7-day price promise and delivery options to your door.",
				"Book your test drive online or call our friendly team, open seven days for your convenience.",
			},
		},
		catalog.TypeDemo: {
			Short: []string{
				"Ex-demonstrator with the balance of the manufacturer's warranty. Drives beautifully.",
				"Kept by our own team and immaculate inside and out. Call today to book a test drive.",
				"Save on a near-new demonstrator with great fuel economy. Finance available.",
				"Ready to go. Ask us about our extended warranty options.",
			},
			Sentences: []string{
				"This demonstrator has been through our multi-point inspection and is presented in outstanding condition.",
				"It comes with the balance of the manufacturer's warranty and roadside assistance.",
				"Our finance team can arrange competitive rates with fast approval, and we welcome your trade-in.",
				"Every car we sell is backed by a clear title guarantee, so you can drive away with complete peace of mind.",
				"Ask about our 7-day price promise and delivery options to your door.",
				"Book your test drive online or call our friendly team, open seven days for your convenience.",
			},
		},
		catalog.TypeUsed: {
			Short: []string{
				"One owner, full service history. Drives beautifully.",
				"Immaculate condition inside and out. Call today to book a test drive.",
				"Low kilometres for its age and great fuel economy. Finance available.",
				"Ready to go. Ask us about our extended warranty options.",
			},
			Sentences: []string{
				"This vehicle has been through our comprehensive multi-point inspection and is presented in outstanding condition.",
				"It comes with a full logbook service history and the keys, books and manuals.",
				"Our finance team can arrange competitive rates with fast approval, and we welcome your trade-in.",
				"Every car we sell is backed by a clear title guarantee, so you can drive away with complete peace of mind.",
				"Ask about our 7-day price promise and delivery options to your door.",
				"Book your test drive online or call our friendly team, open seven days for your convenience.",
			},
		},
	},
	// A caravan is towed, not driven: its comments speak of inspections and
	// trips, never kilometres, keys or test drives.
	"caravan": {
		catalog.TypeNew: {
			Short: []string{
				"Brand new and set up for the next trip, with the full manufacturer's warranty.",
				"On display now in our yard. Call today to book an inspection.",
				"Light on the tow ball and easy to set up. Finance available.",
				"Ready to tow. Ask us about our extended warranty options.",
			},
			Sentences: []string{
				"This van has been through our comprehensive pre-delivery inspection and is ready for the road.",
				"It comes with the full manufacturer's warranty, with wheel bearings and brakes checked at handover.",
				"Our finance team can arrange competitive rates with fast approval, and we welcome your trade-in.",
				"Every van we sell comes with current gas and electrical compliance certificates.",
				"Ask about delivery to your door and a full handover, so you tow away with confidence.",
				"Book an inspection online or call our friendly team, and we will have the van set up for you to look through.",
			},
		},
		catalog.TypeUsed: {
			Short: []string{
				"One owner, full service history. Set up and ready for the next trip.",
				"Immaculate condition inside and out. Call today to book an inspection.",
				"Light on the tow ball and easy to set up. Finance available.",
				"Ready to tow. Ask us about our extended warranty options.",
			},
			Sentences: []string{
				"This van has been through our comprehensive pre-sale inspection and is presented in outstanding condition.",
				"It comes with a full service history, wheel bearings and brakes included.",
				"Our finance team can arrange competitive rates with fast approval, and we welcome your trade-in.",
				"Every van we sell comes with a clear title guarantee and current gas and electrical compliance certificates.",
				"Ask about delivery to your door and a full handover, so you tow away with confidence.",
				"Book an inspection online or call our friendly team, and we will have the van set up for you to look through.",
			},
		},
	},
}

// commentsFor is the set that fits the car: its kind and condition, a
// caravan demonstrator reading as a new van.
func commentsFor(caravan bool, carType string) commentSet {
	kind := "car"
	if caravan {
		kind = "caravan"
		if carType == catalog.TypeDemo {
			carType = catalog.TypeNew
		}
	}
	return commentSets[kind][carType]
}

// arrivedOpening opens the comments of a car listed within the new tag's
// window (catalog.NewCarDays, docs/behaviour/states.md): no other car says
// it has just arrived.
const arrivedOpening = "Just arrived. "

// withoutAvoided drops the texts that use a word the site never uses.
func withoutAvoided(texts []string, avoid *regexp.Regexp) []string {
	if avoid == nil {
		return texts
	}
	out := make([]string, 0, len(texts))
	for _, t := range texts {
		if !avoid.MatchString(t) {
			out = append(out, t)
		}
	}
	return out
}

func longComments(c catalog.Car, loc catalog.Location, sentences []string, r *rand.Rand) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Now at %s: this %s in %s. ", loc.Name, c.Name, c.Colour)
	for _, k := range r.Perm(len(sentences))[:4] {
		b.WriteString(sentences[k])
		b.WriteByte(' ')
	}
	fmt.Fprintf(&b, "Visit us at %s, %s.", loc.Address.Street, loc.Address.City)
	return b.String()
}
