package feed

import (
	"fmt"
	"strings"

	"forecourt/internal/catalog"
)

// MinYear is the oldest model year a feed may carry.
const MinYear = 1900

// validate normalises c in place and returns the row's first problem, if
// any. Car types and statuses are the values of SPEC.md section 3.
func validate(c *catalog.Car, given map[string]bool, refYear int) *Rejection {
	c.StockNum = strings.TrimSpace(c.StockNum)
	c.VIN = strings.ToUpper(strings.TrimSpace(c.VIN))
	c.CarType = strings.ToLower(strings.TrimSpace(c.CarType))
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
	return nil
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
