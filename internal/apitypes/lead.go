package apitypes

import (
	"fmt"
	"strings"
	"time"

	"forecourt/internal/catalog"
)

// The API answers with a lead in two places, each in a shape of its own
// (api/openapi.yaml), never catalog.Lead's, whose JSON names are the
// stored and delivered lead's.

// LeadCreated is the answer of POST /api/leads.
type LeadCreated struct {
	LeadID string `json:"lead_id"`
	// Reference is the short code the buyer quotes (catalog.LeadReference).
	Reference string `json:"reference"`
}

// Enquiry is a lead the signed-in visitor sent on the site, as GET
// /api/garage lists it (GarageEnquiry).
type Enquiry struct {
	LeadID      string    `json:"lead_id"`
	Category    string    `json:"category"`
	Subcategory string    `json:"subcategory"`
	CarID       *int64    `json:"car_id"`   // null for a lead about no car
	CarName     *string   `json:"car_name"` // the car as it was when the lead came in
	CreatedAt   time.Time `json:"created_at"`
}

// EnquiryFrom is the garage's view of a stored lead.
func EnquiryFrom(l catalog.Lead) Enquiry {
	e := Enquiry{LeadID: l.ID, Category: l.Category, Subcategory: l.Subcategory, CreatedAt: l.CreatedAt.UTC()}
	if l.CarID != 0 {
		id := l.CarID
		e.CarID = &id
	}
	if l.Car != nil {
		name := strings.Join(strings.Fields(fmt.Sprintf("%d %s %s %s", l.Car.Year, l.Car.Make, l.Car.Model, l.Car.Badge)), " ")
		e.CarName = &name
	}
	return e
}

// Suggestions is the answer of GET /api/suggest.
type Suggestions struct {
	Suggestions []Suggestion `json:"suggestions"`
}

// Suggestion is a listing a buyer's typing may be heading for: what it
// names, its listing path and how many listed cars it has.
type Suggestion struct {
	Label string `json:"label"`
	Path  string `json:"path"`
	Count int    `json:"count"`
}
