package feed

import (
	"fmt"
	"reflect"
	"strings"

	"forecourt/internal/catalog"
)

// Column is one column of a stock feed: a CSV header, or a key of a JSON
// feed's car objects. Names are matched ignoring case; a column the table
// does not list is ignored, so another system's export imports as it is.
type Column struct {
	Name string
	// Required is "yes", "stocknum or vin" (one of the two), or "" when the
	// column may be left out.
	Required string
	Meaning  string
	field    string // the catalog.Car field it fills, or Row's when onRow
	kind     kind
	onRow    bool // the value is the row's own (Row.LocationKey), not the car's
}

// Type says what the column holds, as the dealer writes it.
func (c Column) Type() string { return kindTypes[c.kind] }

var kindTypes = map[kind]string{
	kindString:   "text",
	kindInt:      "whole number",
	kindMoney:    `whole dollars ("$32,990" accepted)`,
	kindDistance: `whole kilometres ("12,500 km" accepted)`,
	kindFloat:    "number",
	kindBool:     "true or false (yes/no, y/n, 1/0)",
	kindStrings:  "list of text: a JSON array, or text separated by |",
	kindIDs:      "list of whole numbers: a JSON array, or numbers separated by |",
	kindImages:   "list of image addresses: a JSON array of addresses or {url, thumb} objects, or addresses separated by |",
	kindObject:   "JSON object",
	kindKey:      "text: a code or slug",
}

// Columns are the stock feed's columns, in the order the documentation
// lists them (docs/stock-feed.md shows this table; a test keeps the two
// equal). A car's id, slug, path, name, dates, views, photo count, sold
// date and finance data are the platform's own: a feed cannot set them.
var Columns = []Column{
	{Name: "year", field: "Year", kind: kindInt, Required: "yes", Meaning: "Model year, from 1900 to next year."},
	{Name: "make", field: "Make", kind: kindString, Required: "yes", Meaning: "Make, e.g. Toyota."},
	{Name: "model", field: "Model", kind: kindString, Required: "yes", Meaning: "Model, e.g. HiLux."},
	{Name: "badge", field: "Badge", kind: kindString, Meaning: "Badge or grade, e.g. SR5."},
	{Name: "series", field: "Series", kind: kindString, Meaning: "Model series, e.g. 300 Series."},
	{Name: "car_type", field: "CarType", kind: kindString, Required: "yes", Meaning: "new, used or demo, in any case; Demonstrator is demo."},
	{Name: "status", field: "Status", kind: kindString, Meaning: "in_stock, coming_soon or sold (spaces or dashes for underscores, any case); empty means in_stock."},
	{Name: "stocknum", field: "StockNum", kind: kindString, Required: "stocknum or vin", Meaning: "The dealer's stock number; a row updates the stored car of that stock number, else of its VIN."},
	{Name: "vin", field: "VIN", kind: kindString, Required: "stocknum or vin", Meaning: "Vehicle identification number: 17 characters of A-Z (not I, O or Q) and 0-9."},
	{Name: "nvic", field: "NVIC", kind: kindString, Meaning: "The model's NVIC code."},
	{Name: "regplate", field: "RegPlate", kind: kindString, Meaning: "Registration plate."},
	{Name: "rego_expiry", field: "RegoExpiry", kind: kindString, Meaning: "When the registration expires."},
	{Name: "regoState", field: "RegoState", kind: kindString, Meaning: "The state the car is registered in."},
	{Name: "build_date", field: "BuildDate", kind: kindString, Meaning: "Build date, e.g. 2019-10."},
	{Name: "compliance_date", field: "ComplianceDate", kind: kindString, Meaning: "Compliance date, e.g. 2019-11."},
	{Name: "km", field: "KM", kind: kindDistance, Meaning: "Odometer reading, 0 or more."},
	{Name: "price", field: "Price", kind: kindMoney, Meaning: "The car's price, 0 or more; 10 or less shows the site's no-price wording, and so do POA, Enquire and the other no-price words."},
	{Name: "before_price", field: "BeforePrice", kind: kindMoney, Meaning: "An earlier price, shown struck through when above the price and the car's price history has it at that price for the site's days (docs/behaviour/states.md)."},
	{Name: "subscription_price", field: "SubscriptionPrice", kind: kindMoney, Meaning: "Weekly subscription price, shown first on sites that offer subscriptions."},
	{Name: "offer_price", field: "OfferPrice", kind: kindMoney, Meaning: "A reduced price; above 10 and unlike the price, it shows as a reduction of it."},
	{Name: "price_type", field: "PriceType", kind: kindString, Meaning: "How the price is quoted, e.g. Drive Away."},
	{Name: "preorder", field: "Preorder", kind: kindBool, Meaning: "Open to pre-order: shows PREORDER when the car has no price."},
	{Name: "colour", field: "Colour", kind: kindString, Meaning: "Exterior colour."},
	{Name: "interior_colour", field: "InteriorColour", kind: kindString, Meaning: "Interior colour."},
	{Name: "body", field: "Body", kind: kindString, Meaning: "Body as the dealer words it."},
	{Name: "simple_body", field: "SimpleBody", kind: kindString, Meaning: "Body type for the search filters, e.g. SUV, Ute, Hatch."},
	{Name: "simple_transmission", field: "SimpleTransmission", kind: kindString, Meaning: "Automatic or Manual, for the search filters."},
	{Name: "trans", field: "Trans", kind: kindString, Meaning: "Transmission as the dealer words it."},
	{Name: "simple_fuel", field: "SimpleFuel", kind: kindString, Meaning: "Petrol, Diesel, Hybrid, Electric, …, for the search filters and the electric label."},
	{Name: "fuel", field: "Fuel", kind: kindString, Meaning: "Fuel as the dealer words it."},
	{Name: "simple_drive", field: "SimpleDrive", kind: kindString, Meaning: "Drive type for the search filters, e.g. 4WD."},
	{Name: "drive", field: "Drive", kind: kindString, Meaning: "Drive as the dealer words it."},
	{Name: "seats", field: "Seats", kind: kindInt, Meaning: "Number of seats."},
	{Name: "doors", field: "Doors", kind: kindInt, Meaning: "Number of doors."},
	{Name: "engine_size", field: "EngineSize", kind: kindInt, Meaning: "Engine capacity in cc."},
	{Name: "engine_size_litres", field: "EngineSizeLitres", kind: kindFloat, Meaning: "Engine capacity in litres."},
	{Name: "gearnum", field: "GearNum", kind: kindInt, Meaning: "Number of gears."},
	{Name: "bodyconfiguration", field: "BodyConfiguration", kind: kindString, Meaning: "Body configuration, e.g. Double Cab Pick Up."},
	{Name: "certified", field: "Certified", kind: kindBool, Meaning: "Certified pre-owned; the site's tags settings decide what it shows."},
	{Name: "reserved", field: "Reserved", kind: kindBool, Meaning: "Reserved for a buyer."},
	{Name: "custom_tag", field: "Tag", kind: kindString, Meaning: "The dealer's own card tag, e.g. Test Drive Only."},
	{Name: "video_url", field: "VideoURL", kind: kindString, Meaning: "A video of the car: an http(s) address or a path on the site."},
	{Name: "external_video_url", field: "ExternalVideoURL", kind: kindString, Meaning: "A video page elsewhere, e.g. YouTube: an http(s) address or a path on the site."},
	{Name: "file", field: "File", kind: kindString, Meaning: "The car's history report: an http(s) address or a path on the site."},
	{Name: "images", field: "Images", kind: kindImages, Meaning: "Photos in order; the first is the car's main photo."},
	{Name: "spin_images", field: "SpinImages", kind: kindStrings, Meaning: "The 360° view's frames in order, each an http(s) address or a path on the site."},
	{Name: "spin_interior_image", field: "SpinInteriorImage", kind: kindString, Meaning: "The interior panorama's address."},
	{Name: "spin_code", field: "SpinCode", kind: kindString, Meaning: "The 360° view's code."},
	{Name: "dealercomments", field: "DealerComments", kind: kindString, Meaning: "The dealer's description; its HTML is cleaned before it is shown."},
	{Name: "standardEquipment", field: "StandardEquipment", kind: kindStrings, Meaning: "Standard equipment, one item each."},
	{Name: "location_id", field: "LocationID", kind: kindInt, Meaning: "The id of the site's location that holds the car."},
	{Name: "location_name", field: "LocationName", kind: kindString, Meaning: "That location's name as cards show it."},
	{Name: "location", field: "LocationKey", onRow: true, kind: kindKey, Meaning: "The site's location that holds the car, by the key the site's config gives it; the import sets the car's location from it."},
	{Name: "dealership_id", field: "DealershipID", kind: kindInt, Meaning: "The id of the dealership selling the car."},
	{Name: "dealership_ids", field: "DealershipIDs", kind: kindIDs, Meaning: "Every dealership that lists the car."},
	{Name: "dealership_slug", field: "DealershipSlug", kind: kindString, Meaning: "The selling dealership's slug."},
	{Name: "dealership", field: "DealershipKey", onRow: true, kind: kindKey, Meaning: "The selling dealership, by the key the site's config gives it; the import sets the car's dealership from it."},
	{Name: "show_on_dealer_website", field: "ShowOnWebsite", kind: kindBool, Meaning: "false hides the car from the site; a new car without it is shown."},
	{Name: "carsales_title", field: "CarsalesTitle", kind: kindString, Meaning: "The car's title on listing portals."},
	{Name: "private_suburb", field: "PrivateSuburb", kind: kindString, Meaning: "Suburb of a privately sold car."},
	{Name: "private_postcode", field: "PrivatePostcode", kind: kindString, Meaning: "Postcode of a privately sold car."},
	{Name: "item_type", field: "ItemType", kind: kindString, Meaning: "caravan for a caravan; empty for a car."},
	{Name: "manufacturer_body", field: "ManufacturerBody", kind: kindString, Meaning: "The maker's body description (caravans)."},
	{Name: "manufacturer_body2", field: "ManufacturerBody2", kind: kindString, Meaning: "A second body description."},
	{Name: "manufacturer_body3", field: "ManufacturerBody3", kind: kindString, Meaning: "A third body description."},
	{Name: "variant", field: "Variant", kind: kindObject, Meaning: "The new-car variant, as the API's variant object; unknown keys are refused. Text that does not start with { is the badge instead."},
	{Name: "autograb_data", field: "AutograbData", kind: kindObject, Meaning: "Market pricing data, as the API's autograb_data object; unknown keys are refused."},
	{Name: "specifications", field: "Specifications", kind: kindObject, Meaning: "A caravan's specifications, as the API's specifications object; unknown keys are refused."},
	{Name: "rank", field: "Rank", kind: kindInt, Meaning: "The dealer's own order; the default sort is rank, highest first."},
}

// fieldsOf resolves a column table against catalog.Car (Row for the
// row's own columns): each column names a field whose Go type fits the
// column's kind, once.
func fieldsOf(cols []Column) ([]*field, error) {
	car := reflect.TypeFor[catalog.Car]()
	row := reflect.TypeFor[Row]()
	seen := map[string]bool{}
	var out []*field
	for _, c := range cols {
		if c.Name == "" || strings.TrimSpace(c.Name) != c.Name {
			return nil, fmt.Errorf("column %q: a name without spaces around it is needed", c.Name)
		}
		if seen[strings.ToLower(c.Name)] {
			return nil, fmt.Errorf("column %q is listed twice", c.Name)
		}
		seen[strings.ToLower(c.Name)] = true
		in := car
		if c.onRow {
			in = row
		}
		sf, ok := in.FieldByName(c.field)
		if !ok {
			return nil, fmt.Errorf("column %q: %s has no field %s", c.Name, in, c.field)
		}
		if !kindFits(c.kind, sf.Type) {
			return nil, fmt.Errorf("column %q: a %s column cannot fill %s (%s)", c.Name, c.Type(), c.field, sf.Type)
		}
		if c.Meaning == "" || kindTypes[c.kind] == "" {
			return nil, fmt.Errorf("column %q: its meaning and type must be documented", c.Name)
		}
		out = append(out, &field{name: c.Name, index: sf.Index, kind: c.kind, onRow: c.onRow})
	}
	return out, nil
}

// kindFits reports whether a value of kind k can be stored in a field of type t.
func kindFits(k kind, t reflect.Type) bool {
	switch k {
	case kindString, kindKey:
		return t.Kind() == reflect.String
	case kindInt, kindMoney, kindDistance:
		return t.Kind() == reflect.Int || t.Kind() == reflect.Int64
	case kindFloat:
		return t.Kind() == reflect.Float64
	case kindBool:
		return t.Kind() == reflect.Bool
	case kindStrings:
		return t == stringsType
	case kindIDs:
		return t == idsType
	case kindImages:
		return t == imageType
	case kindObject:
		return t.Kind() == reflect.Pointer && t.Elem().Kind() == reflect.Struct
	}
	return false
}
