package httpapi

import (
	"context"
	"encoding/json"
	"log/slog"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"

	"forecourt/internal/apitypes"
	"forecourt/internal/catalog"
	"forecourt/internal/httpjson"
	"forecourt/internal/leads"
)

// LeadWriteTimeout bounds how long a lead may wait for the database.
const LeadWriteTimeout = 1500 * time.Millisecond

// writeContext bounds a write a visitor's request makes (a view, a call
// reveal, a valuation record) by the leads' budget: a database that hangs
// refuses it rather than holding the request.
func (s *Server) writeContext(r *http.Request) (context.Context, context.CancelFunc) {
	return context.WithTimeout(r.Context(), LeadWriteTimeout)
}

// handleCreateLead is POST /api/leads (docs/behaviour/http.md): 201 {lead_id} once the lead
// and its deliveries are committed.
func (s *Server) handleCreateLead(w http.ResponseWriter, r *http.Request) {
	site := siteFrom(r.Context())
	limitCtx, cancelLimit := context.WithTimeout(r.Context(), LeadWriteTimeout)
	wait, err := s.LeadLimiter.Allow(limitCtx, site, s.clientAddr(r), s.Now())
	cancelLimit()
	if err != nil {
		if wait > 0 {
			w.Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(wait.Seconds()))))
		}
		s.writeError(w, r, err)
		return
	}
	body, err := httpjson.ReadBody(w, r, leads.MaxBodyBytes, leads.MsgTooLarge)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	// A lead sent while signed in shows in the visitor's garage; the phone
	// comes from the session, never from the form. A session that cannot
	// be read leaves the lead unlinked rather than losing it.
	var userPhone string
	if sess, ok, _ := s.accounts.Session(r); ok {
		userPhone = sess.Phone
	}
	// A lead is answered within LeadWriteTimeout: when the database cannot
	// take it in time the buyer hears so (503) and can try again or call;
	// it is never acknowledged unless stored, and a retry with the same
	// Idempotency-Key finds a lead that was stored after all.
	ctx, cancel := context.WithTimeout(r.Context(), LeadWriteTimeout)
	defer cancel()
	lead, err := s.Leads.Submit(ctx, leads.Submission{
		Site: site, Body: body, IdempotencyKey: strings.TrimSpace(r.Header.Get("Idempotency-Key")),
		UserAgent: r.UserAgent(), Origin: s.origin(r), UserPhone: userPhone,
	})
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.Metrics.LeadAccepted(site.Slug)
	writeJSON(w, http.StatusCreated, apitypes.LeadCreated{LeadID: lead.ID, Reference: catalog.LeadReference(lead.ID)})
}

// appointmentLocation reads the location_id query of the appointment
// calls; a bad one is answered 422 and gives false.
func (s *Server) appointmentLocation(w http.ResponseWriter, r *http.Request) (int64, bool) {
	id, err := strconv.ParseInt(r.URL.Query().Get("location_id"), 10, 64)
	if err != nil || id <= 0 {
		msg := "Location must be one of this dealer's location ids."
		s.writeError(w, r, &catalog.Error{Code: catalog.EInvalid, Message: msg, Fields: map[string]string{"location_id": msg}})
		return 0, false
	}
	return id, true
}

// handleAppointments is GET /api/appointments: a location's booking times
// (test drives at a sales location, services at the service department)
// on a date, from its opening hours minus booked times.
func (s *Server) handleAppointments(w http.ResponseWriter, r *http.Request) {
	site := siteFrom(r.Context())
	q := r.URL.Query()
	id, ok := s.appointmentLocation(w, r)
	if !ok {
		return
	}
	date := q.Get("date")
	slots, err := s.Leads.Appointments(r.Context(), site, id, date)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, apitypes.Appointments{LocationID: id, Date: date, Timezone: site.Timezone, Slots: apitypes.FromSlots(slots)})
}

// handleAppointmentDays is GET /api/appointments/days: the days of the
// booking window on which a location has a free time, for the date picker
// (docs/behaviour/validation.md#bookings).
func (s *Server) handleAppointmentDays(w http.ResponseWriter, r *http.Request) {
	site := siteFrom(r.Context())
	id, ok := s.appointmentLocation(w, r)
	if !ok {
		return
	}
	win, err := s.Leads.OpenDays(r.Context(), site, id)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, apitypes.FromBookingWindow(id, site.Timezone, win))
}

// handleEvent is POST /api/events: an analytics event by id
// (docs/behaviour/calls.md#analytics-events,
// docs/behaviour/http.md#api-quote-misc-events). It is logged without any
// personal data and answered 204; a page never waits on it or fails because of
// it.
func (s *Server) handleEvent(w http.ResponseWriter, r *http.Request) {
	site := siteFrom(r.Context())
	var ev struct {
		EventID json.Number `json:"event_id"`
		CarID   json.Number `json:"car_id"`
	}
	err := httpjson.Decode(w, r, &ev, httpjson.MaxSmallBody)
	id, idErr := strconv.Atoi(ev.EventID.String())
	if err != nil || idErr != nil || id <= 0 || id > 999 {
		msg := "Event id must be a whole number from 1 to 999."
		s.writeError(w, r, &catalog.Error{Code: catalog.EInvalid, Message: msg, Fields: map[string]string{"event_id": msg}})
		return
	}
	carID, _ := strconv.ParseInt(ev.CarID.String(), 10, 64)
	s.Logger.LogAttrs(r.Context(), slog.LevelInfo, "event",
		slog.String("site", site.Slug), slog.Int("event_id", id), slog.Int64("car_id", carID))
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusNoContent)
}
