package feed

import (
	"fmt"
	"net/url"
	"reflect"
	"slices"
	"strings"
	"unicode"

	"forecourt/internal/catalog"
)

// MinYear is the oldest model year a feed may carry.
const MinYear = 1900

// validate normalises c in place and returns the row's first problem, if
// any. Car types and statuses are the values of docs/behaviour/entities.md.
func validate(c *catalog.Car, given map[string]bool, refYear int) *Rejection {
	c.StockNum = strings.TrimSpace(c.StockNum)
	c.VIN = strings.ToUpper(strings.TrimSpace(c.VIN))
	c.CarType = strings.ToLower(strings.TrimSpace(c.CarType))
	if c.CarType == "demonstrator" { // as dealers' systems say it
		c.CarType = catalog.TypeDemo
	}
	c.Status = normStatus(c.Status)
	if c.Status == "" {
		c.Status = catalog.StatusInStock // a car in the feed is for sale unless it says otherwise
		given["status"] = true
	}
	switch {
	case c.StockNum == "" && c.VIN == "":
		return &Rejection{Reason: "stocknum or vin is required"}
	case c.Make == "":
		return &Rejection{Field: "make", Reason: "is required"}
	case c.Model == "":
		return &Rejection{Field: "model", Reason: "is required"}
	case c.Year == 0:
		return &Rejection{Field: "year", Reason: "is required"}
	case c.Year < MinYear || c.Year > refYear+1:
		return &Rejection{Field: "year", Reason: yearRange(refYear)}
	case c.CarType != catalog.TypeNew && c.CarType != catalog.TypeUsed && c.CarType != catalog.TypeDemo:
		return &Rejection{Field: "car_type", Reason: wants["car_type"]}
	case c.Status != catalog.StatusInStock && c.Status != catalog.StatusComingSoon && c.Status != catalog.StatusSold:
		return &Rejection{Field: "status", Reason: wants["status"]}
	case c.Price < 0:
		return &Rejection{Field: "price", Reason: wants["price"]}
	case c.KM < 0:
		return &Rejection{Field: "km", Reason: wants["km"]}
	case c.VIN != "" && !validVIN(c.VIN):
		return &Rejection{Field: "vin", Reason: "must be 17 characters of A-Z (not I, O or Q) and 0-9"}
	}
	// Addresses end up in links, players and frames on the car's page: a
	// javascript: or data: address there would run in the buyer's browser.
	for _, a := range []struct{ field, value string }{
		{"video_url", c.VideoURL}, {"external_video_url", c.ExternalVideoURL}, {"file", c.File},
		{"spin_interior_image", c.SpinInteriorImage},
	} {
		if a.value != "" && !webAddress(a.value) {
			return &Rejection{Field: a.field, Reason: wantAddress}
		}
	}
	for _, u := range c.SpinImages {
		if !webAddress(u) {
			return &Rejection{Field: "spin_images", Reason: wantAddress}
		}
	}
	// A line break or other control character in a stock number, a model
	// or any other text ends up in reports, logs, emails and pages; only
	// the dealer's description may run over several lines.
	for _, f := range fieldOrder {
		if r := controlIn(f, f.value(c)); r != nil {
			return r
		}
	}
	return nil
}

// wantPlainText is the reason a text value with control characters is
// refused.
const wantPlainText = "must be plain text, without line breaks, tabs or other control characters"

// multiLine names the text fields that may hold line breaks and tabs.
var multiLine = map[string]bool{"dealercomments": true}

// controlIn checks a text field's value (text, or a list of text) for
// control characters.
func controlIn(f *field, v reflect.Value) *Rejection {
	bad := func(s string) bool {
		return strings.ContainsFunc(s, func(r rune) bool {
			if multiLine[f.name] && (r == '\n' || r == '\r' || r == '\t') {
				return false
			}
			return unicode.IsControl(r)
		})
	}
	switch {
	case v.Kind() == reflect.String:
		if bad(v.String()) {
			return &Rejection{Field: f.name, Reason: wantPlainText}
		}
	case v.Type() == stringsType:
		for i := range v.Len() {
			if bad(v.Index(i).String()) {
				return &Rejection{Field: f.name, Reason: wantPlainText}
			}
		}
	}
	return nil
}

const wantAddress = "must be an http:// or https:// address, or a path on this site starting with /"

// webAddress accepts an http(s) address with a host, or a path on the
// site itself. "//host/x" and "/\host/x" are refused: browsers read both
// as another site's address.
func webAddress(u string) bool {
	if u != strings.TrimSpace(u) || strings.ContainsFunc(u, func(r rune) bool { return r <= ' ' || r == 0x7f }) {
		return false
	}
	if strings.HasPrefix(u, "/") {
		return !strings.HasPrefix(u, "//") && !strings.HasPrefix(u, "/\\")
	}
	p, err := url.Parse(u)
	return err == nil && (p.Scheme == "http" || p.Scheme == "https") && p.Host != ""
}

// KeepOwned rejects the rows that name a location or dealership of another
// site: a feed sets only its own site's stock, and a car shown under
// another dealer's location would send its buyers' leads there. locations
// and dealerships are the ids of the site being imported.
func KeepOwned(rows []Row, locations, dealerships []int64) ([]Row, []Rejection) {
	kept := rows[:0:0]
	var rejected []Rejection
	for _, r := range rows {
		field := ""
		switch {
		case r.Car.LocationID != 0 && !slices.Contains(locations, r.Car.LocationID):
			field = "location_id"
		case r.Car.DealershipID != 0 && !slices.Contains(dealerships, r.Car.DealershipID):
			field = "dealership_id"
		case slices.ContainsFunc(r.Car.DealershipIDs, func(id int64) bool { return !slices.Contains(dealerships, id) }):
			field = "dealership_ids"
		}
		if field == "" {
			kept = append(kept, r)
			continue
		}
		rejected = append(rejected, Rejection{Line: r.Line, Field: field, Reason: "must be one of this site's own ids",
			StockNum: r.Car.StockNum, VIN: r.Car.VIN})
	}
	return kept, rejected
}

// yearRange is the year rule: no older than MinYear, at most next year's model.
func yearRange(refYear int) string {
	return fmt.Sprintf("must be a number between %d and %d", MinYear, refYear+1)
}

// normStatus accepts the spellings dealers use: "In Stock", "coming-soon".
func normStatus(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	return strings.NewReplacer(" ", "_", "-", "_").Replace(s)
}

// validVIN: 17 characters, letters I, O and Q excluded (ISO 3779).
func validVIN(v string) bool {
	if len(v) != 17 {
		return false
	}
	for _, r := range v {
		switch {
		case r >= '0' && r <= '9':
		case r >= 'A' && r <= 'Z' && r != 'I' && r != 'O' && r != 'Q':
		default:
			return false
		}
	}
	return true
}
