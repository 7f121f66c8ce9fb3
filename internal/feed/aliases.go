package feed

import (
	"fmt"
	"strings"
)

// Alias is another name a dealer's system gives one of the feed's columns:
// a header of its CSV export, or an element or attribute of its XML.
type Alias struct {
	Name   string // as dealers' systems write it, e.g. "Stock No"
	Column string // the feed column it means (a Columns name)
}

// Aliases are the headers of common dealer management systems' exports,
// read as the feed column they mean without any column map. A header
// matches an alias, or a column's own name, ignoring case, spaces,
// underscores, dashes and dots: "Stock No", "STOCK_NO" and "StockNo" are
// one name, and so are "Car Type" and car_type. docs/stock-feed.md shows
// this table; a test keeps the two equal.
var Aliases = []Alias{
	{"Model Year", "year"},
	{"Grade", "badge"},
	{"Trim", "badge"},
	{"Condition", "car_type"},
	{"New/Used", "car_type"},
	{"Vehicle Type", "car_type"},
	{"Stock No", "stocknum"},
	{"Stock Number", "stocknum"},
	{"Stock #", "stocknum"},
	{"Stock Code", "stocknum"},
	{"VIN Number", "vin"},
	{"Rego", "regplate"},
	{"Rego No", "regplate"},
	{"Registration", "regplate"},
	{"Registration Number", "regplate"},
	{"Registration Plate", "regplate"},
	{"Registration Expiry", "rego_expiry"},
	{"Odometer", "km"},
	{"Kms", "km"},
	{"Kilometres", "km"},
	{"Kilometers", "km"},
	{"Mileage", "km"},
	{"Retail Price", "price"},
	{"Sale Price", "price"},
	{"Selling Price", "price"},
	{"Drive Away Price", "price"},
	{"Was Price", "before_price"},
	{"Color", "colour"},
	{"Exterior Colour", "colour"},
	{"Exterior Color", "colour"},
	{"Interior Color", "interior_colour"},
	{"Body Type", "body"},
	{"Body Style", "body"},
	{"Transmission", "trans"},
	{"Gearbox", "trans"},
	{"Fuel Type", "fuel"},
	{"Drive Type", "drive"},
	{"Photo URLs", "images"},
	{"Photos", "images"},
	{"Image URLs", "images"},
	{"Pictures", "images"},
	{"Description", "dealercomments"},
	{"Comments", "dealercomments"},
	{"Features", "standardEquipment"},
	{"Standard Features", "standardEquipment"},
	{"Location Code", "location"},
	{"Branch", "location"},
	{"Yard", "location"},
	{"Dealer Code", "location"},
	{"Site", "location"},
	{"Dealer", "dealership"},
}

// aliases maps a normalised header (normName) to the column it means: the
// columns' own names, then the Aliases.
var aliases map[string]*field

// normName is how headers are compared with aliases: lower case, without
// spaces, underscores, dashes and dots.
func normName(s string) string {
	return strings.Map(func(r rune) rune {
		switch r {
		case ' ', '\t', '_', '-', '.':
			return -1
		}
		return r
	}, strings.ToLower(s))
}

// aliasIndex checks an alias table against the columns and indexes both
// by their normalised names. Every alias names a column, and no two names
// fall together unless they mean the same column; an alias that only
// respells its column's own name is refused as clutter.
func aliasIndex(fs []*field, table []Alias) (map[string]*field, error) {
	byName := map[string]*field{}
	idx := map[string]*field{}
	for _, f := range fs {
		byName[strings.ToLower(f.name)] = f
		k := normName(f.name)
		if g, ok := idx[k]; ok {
			return nil, fmt.Errorf("columns %q and %q differ only in spaces, underscores, dashes or dots", g.name, f.name)
		}
		idx[k] = f
	}
	from := map[string]string{}
	for _, a := range table {
		f := byName[strings.ToLower(a.Column)]
		if f == nil || a.Column != f.name {
			return nil, fmt.Errorf("alias %q: %q is not a feed column", a.Name, a.Column)
		}
		k := normName(a.Name)
		if k == "" || strings.TrimSpace(a.Name) != a.Name {
			return nil, fmt.Errorf("alias %q: a name without spaces around it is needed", a.Name)
		}
		if g, ok := idx[k]; ok {
			if prev, isAlias := from[k]; isAlias {
				return nil, fmt.Errorf("aliases %q and %q are one name", prev, a.Name)
			}
			if g == f {
				return nil, fmt.Errorf("alias %q is column %q's own name", a.Name, f.name)
			}
			return nil, fmt.Errorf("alias %q of %q is column %q's own name", a.Name, f.name, g.name)
		}
		idx[k] = f
		from[k] = a.Name
	}
	return idx, nil
}
