package leads

import (
	"time"

	"forecourt/internal/catalog"
)

// The webhook body's lead and car have their own types: the JSON names
// here are the contract with dealers' systems, apart from catalog.Lead and
// catalog.LeadCar, so changing a catalog tag cannot move what a receiver
// reads. testdata/webhook_body.json pins the body (TestWebhookBodyIsUnchanged).

// WebhookLead is a lead as a webhook receives it.
type WebhookLead struct {
	ID                 string            `json:"lead_id"`
	Reference          string            `json:"reference"` // what the buyer quotes (catalog.LeadReference)
	Category           string            `json:"category"`
	Subcategory        string            `json:"subcategory"`
	Name               string            `json:"name"`
	LastName           string            `json:"last_name"`
	Email              string            `json:"email"`
	Phone              string            `json:"phone"`
	Postcode           string            `json:"postcode"`
	Message            string            `json:"message"`
	CarID              int64             `json:"car_id"`
	Payload            map[string]any    `json:"payload"` // the whole submitted payload, as received
	CreatedAt          time.Time         `json:"created_at"`
	OptIn              bool              `json:"opt_in,omitempty"`
	Rego               string            `json:"rego,omitempty"`
	LocationID         int64             `json:"location_id,omitempty"`
	DealershipSlug     string            `json:"dealership_slug,omitempty"`
	AppointmentAt      *time.Time        `json:"appointment_at,omitempty"`
	AdditionalServices []string          `json:"additional_services,omitempty"`
	Options            map[string]any    `json:"options,omitempty"`
	Car                *WebhookCar       `json:"car,omitempty"` // the car as it was when the lead came in
	SourceURL          string            `json:"url,omitempty"`
	UserAgent          string            `json:"user_agent,omitempty"`
	VisitedPages       []string          `json:"visited_pages,omitempty"`
	LinkedQueryParams  map[string]string `json:"linked_query_params,omitempty"`
}

// WebhookCar is the lead's car snapshot as a webhook receives it.
type WebhookCar struct {
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

// webhookLead is l as a webhook receives it. The idempotency key and the
// signed-in visitor's phone are not sent (the key travels as a header).
func webhookLead(l catalog.Lead) WebhookLead {
	w := WebhookLead{
		ID: l.ID, Reference: catalog.LeadReference(l.ID), Category: l.Category, Subcategory: l.Subcategory,
		Name: l.Name, LastName: l.LastName, Email: l.Email, Phone: l.Phone, Postcode: l.Postcode,
		Message: l.Message, CarID: l.CarID, Payload: l.Payload, CreatedAt: l.CreatedAt,
		OptIn: l.OptIn, Rego: l.Rego, LocationID: l.LocationID, DealershipSlug: l.DealershipSlug,
		AppointmentAt: l.AppointmentAt, AdditionalServices: l.AdditionalServices, Options: l.Options,
		SourceURL: l.SourceURL, UserAgent: l.UserAgent, VisitedPages: l.VisitedPages,
		LinkedQueryParams: l.LinkedQueryParams,
	}
	if l.Car != nil {
		c := WebhookCar(*l.Car) // same fields; a field added to the snapshot fails to compile here
		w.Car = &c
	}
	return w
}
