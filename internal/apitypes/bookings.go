package apitypes

import (
	"time"

	"forecourt/internal/convert"
	"forecourt/internal/leads"
)

// The booking calls' answers (api/openapi.yaml: Appointments,
// AppointmentDays).

// Appointments is GET /api/appointments: a location's booking times on a
// date, in the site's time zone.
type Appointments struct {
	LocationID int64  `json:"location_id"`
	Date       string `json:"date"`
	Timezone   string `json:"timezone"`
	Slots      []Slot `json:"slots"`
}

// Slot is one booking start time and whether it is free.
type Slot struct {
	Start     time.Time `json:"start"` // in the site's time zone
	Label     string    `json:"label"` // "9:30 am"
	Available bool      `json:"available"`
}

// FromSlots are the API's views of a day's booking times.
func FromSlots(in []leads.Slot) []Slot {
	return convert.List(in, func(s leads.Slot) Slot { return Slot(s) })
}

// AppointmentDays is GET /api/appointments/days: the booking window and
// the days in it on which a location has a free time.
type AppointmentDays struct {
	LocationID int64    `json:"location_id"`
	Timezone   string   `json:"timezone"`
	From       string   `json:"from"`
	To         string   `json:"to"`
	Days       []string `json:"days"`
}

// FromBookingWindow is the API's view of a location's booking window.
func FromBookingWindow(locationID int64, timezone string, w leads.BookingWindow) AppointmentDays {
	return AppointmentDays{LocationID: locationID, Timezone: timezone, From: w.From, To: w.To, Days: w.Days}
}
