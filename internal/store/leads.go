package store

import (
	"context"
	"errors"
	"time"

	"forecourt/internal/catalog"
)

// Delivery states of the lead outbox.
const (
	DeliveryPending   = "pending"
	DeliveryDelivered = "delivered"
	DeliveryDead      = "dead" // gave up after the site's max attempts; `leads retry` requeues
)

// ErrAppointmentTaken: another lead already holds that test-drive slot at
// that location.
var ErrAppointmentTaken = errors.New("store: appointment slot already booked")

// Delivery is one lead on its way to one of the site's destinations.
type Delivery struct {
	ID            int64
	Site          string
	LeadID        string
	Destination   string
	State         string
	Attempts      int // tries started so far, the current one included
	NextAttemptAt time.Time
	LastError     string
	CreatedAt     time.Time
	DeliveredAt   time.Time
	Lead          catalog.Lead // filled by ClaimDeliveries
}

// LeadStore keeps leads and their delivery outbox. A lead and its
// deliveries are written in one transaction, so a lead answered 201 is
// always on its way to the dealer.
type LeadStore interface {
	// SubmitLead is CreateLead plus one pending delivery per destination,
	// in the same transaction. created is false when the idempotency key
	// was already used: the stored lead comes back and nothing is queued.
	// A test-drive slot another lead holds gives ErrAppointmentTaken.
	SubmitLead(ctx context.Context, site string, lead catalog.Lead, destinations []string) (out catalog.Lead, created bool, err error)
	// CarByID returns a not_found catalog.Error unless the car is the site's,
	// so a lead can never name another dealer's car.
	CarByID(ctx context.Context, site string, id int64) (catalog.Car, error)
	// LeadByID returns a not_found catalog.Error when the site has no such lead.
	LeadByID(ctx context.Context, site, id string) (catalog.Lead, error)
	// BookedAppointments lists the test-drive slots booked at a location in [from, to).
	BookedAppointments(ctx context.Context, site string, locationID int64, from, to time.Time) ([]time.Time, error)

	// ClaimDeliveries takes up to limit pending deliveries due at now, across
	// every site, counts an attempt on each and hides them from other
	// claimers until now+lease (a crashed worker's claim simply expires).
	ClaimDeliveries(ctx context.Context, now time.Time, lease time.Duration, limit int) ([]Delivery, error)
	// DeliverySucceeded marks a delivery done.
	DeliverySucceeded(ctx context.Context, id int64, now time.Time) error
	// DeliveryFailed records why a try failed and when to try again; dead
	// stops the retries.
	DeliveryFailed(ctx context.Context, id int64, reason string, retryAt time.Time, dead bool) error
	// RequeueDeadDeliveries makes the site's dead deliveries pending again
	// with a fresh count of attempts, due at now; it returns how many.
	RequeueDeadDeliveries(ctx context.Context, site string, now time.Time) (int, error)
	// Deliveries lists the site's deliveries, oldest first.
	Deliveries(ctx context.Context, site string) ([]Delivery, error)

	// PurgeLeads deletes, in one transaction, every lead received before
	// before (of site, or of every site when site is ""), its deliveries and
	// the valuation records linked to it, delivered or not: retention is
	// retention. dryRun counts what would go and deletes nothing.
	PurgeLeads(ctx context.Context, site string, before time.Time, dryRun bool) (LeadPurge, error)
}

// LeadPurge counts what PurgeLeads deleted (or, on a dry run, would delete).
type LeadPurge struct {
	Leads       int
	Undelivered int // of Leads, those with a delivery not delivered (pending or dead)
	Deliveries  int
	Valuations  int
}
