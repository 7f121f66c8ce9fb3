package sqlstore

// The leads table's data column has its own type, like the cars table's
// (carrecord.go): the JSON names here are the stored format, apart from
// catalog.Lead and catalog.LeadCar. testdata/stored_lead.json holds a row
// written before (TestStoredLeadFormatIsUnchanged). The idempotency key
// and the signed-in visitor's phone have columns of their own.

import (
	"time"

	"forecourt/internal/catalog"
)

// leadRecord is a lead as the leads table's data column stores it.
type leadRecord struct {
	ID                 string            `json:"lead_id"`
	Category           string            `json:"category"`
	Subcategory        string            `json:"subcategory"`
	Name               string            `json:"name"`
	LastName           string            `json:"last_name"`
	Email              string            `json:"email"`
	Phone              string            `json:"phone"`
	Postcode           string            `json:"postcode"`
	Message            string            `json:"message"`
	CarID              int64             `json:"car_id"`
	Payload            map[string]any    `json:"payload"`
	CreatedAt          time.Time         `json:"created_at"`
	OptIn              bool              `json:"opt_in,omitempty"`
	Rego               string            `json:"rego,omitempty"`
	LocationID         int64             `json:"location_id,omitempty"`
	DealershipSlug     string            `json:"dealership_slug,omitempty"`
	AppointmentAt      *time.Time        `json:"appointment_at,omitempty"`
	AdditionalServices []string          `json:"additional_services,omitempty"`
	Options            map[string]any    `json:"options,omitempty"`
	Car                *storedLeadCar    `json:"car,omitempty"`
	SourceURL          string            `json:"url,omitempty"`
	UserAgent          string            `json:"user_agent,omitempty"`
	VisitedPages       []string          `json:"visited_pages,omitempty"`
	LinkedQueryParams  map[string]string `json:"linked_query_params,omitempty"`
}

// storedLeadCar is catalog.LeadCar as stored.
type storedLeadCar struct {
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

// leadToRecord is l as it is stored.
func leadToRecord(l catalog.Lead) leadRecord {
	r := leadRecord{
		ID: l.ID, Category: l.Category, Subcategory: l.Subcategory,
		Name: l.Name, LastName: l.LastName, Email: l.Email, Phone: l.Phone, Postcode: l.Postcode,
		Message: l.Message, CarID: l.CarID, Payload: l.Payload, CreatedAt: l.CreatedAt,
		OptIn: l.OptIn, Rego: l.Rego, LocationID: l.LocationID, DealershipSlug: l.DealershipSlug,
		AppointmentAt: l.AppointmentAt, AdditionalServices: l.AdditionalServices, Options: l.Options,
		SourceURL: l.SourceURL, UserAgent: l.UserAgent, VisitedPages: l.VisitedPages,
		LinkedQueryParams: l.LinkedQueryParams,
	}
	if l.Car != nil {
		c := storedLeadCar(*l.Car)
		r.Car = &c
	}
	return r
}

// leadFromRecord is the lead a stored record holds.
func leadFromRecord(r leadRecord) catalog.Lead {
	l := catalog.Lead{
		ID: r.ID, Category: r.Category, Subcategory: r.Subcategory,
		Name: r.Name, LastName: r.LastName, Email: r.Email, Phone: r.Phone, Postcode: r.Postcode,
		Message: r.Message, CarID: r.CarID, Payload: r.Payload, CreatedAt: r.CreatedAt,
		OptIn: r.OptIn, Rego: r.Rego, LocationID: r.LocationID, DealershipSlug: r.DealershipSlug,
		AppointmentAt: r.AppointmentAt, AdditionalServices: r.AdditionalServices, Options: r.Options,
		SourceURL: r.SourceURL, UserAgent: r.UserAgent, VisitedPages: r.VisitedPages,
		LinkedQueryParams: r.LinkedQueryParams,
	}
	if r.Car != nil {
		c := catalog.LeadCar(*r.Car)
		l.Car = &c
	}
	return l
}
