// Package store defines how Forecourt keeps its data. Every method takes the
// site slug first and every query filters by it, so one site can never read
// another's data. sqlstore/ implements Store once for both databases, which
// sqlite/ and postgres/ open; storetest/ holds the suite it must pass on
// each.
package store

import (
	"context"
	"time"

	"forecourt/internal/catalog"
)

// Store is the source of truth for stock, locations, leads and accounts.
type Store interface {
	// Empty reports whether no site has any data (the demo loads then).
	Empty(ctx context.Context) (bool, error)

	SaveDealerships(ctx context.Context, site string, ds []catalog.Dealership) error
	Dealerships(ctx context.Context, site string) ([]catalog.Dealership, error)
	SaveLocations(ctx context.Context, site string, ls []catalog.Location) error
	Locations(ctx context.Context, site string) ([]catalog.Location, error)
	// ReplacePlaces makes the site's dealerships and locations exactly
	// these (saved by id; any other removed), as its site file declares.
	ReplacePlaces(ctx context.Context, site string, ds []catalog.Dealership, ls []catalog.Location) error
	SaveReviews(ctx context.Context, site string, rs []catalog.Review) error
	Reviews(ctx context.Context, site string) ([]catalog.Review, error)
	SaveModels(ctx context.Context, site string, ms []catalog.Model) error
	Models(ctx context.Context, site string) ([]catalog.Model, error)

	// SaveCars inserts or updates cars by id in one transaction; a car with
	// id 0 gets a new id, written back into the slice.
	SaveCars(ctx context.Context, site string, cars []catalog.Car) error
	// Cars returns every car of the site, hidden and sold included.
	Cars(ctx context.Context, site string) ([]catalog.Car, error)
	// CarBySlug returns a not_found catalog.Error when the site has no such car.
	// Cars and CarBySlug carry each car's price history (catalog.Car's
	// PriceHistory and PriceDroppedAt): the price it was first saved at, then
	// each save that changed it, as SaveCars records them.
	CarBySlug(ctx context.Context, site, slug string) (catalog.Car, error)
	CountCars(ctx context.Context, site string) (int, error)

	// CreateLead commits the lead and returns it with its id. A lead with an
	// IdempotencyKey already stored for the site returns the stored lead.
	CreateLead(ctx context.Context, site string, lead catalog.Lead) (catalog.Lead, error)
	Leads(ctx context.Context, site string, since time.Time) ([]catalog.Lead, error)
	LeadStore
	ValuationStore

	ViewStore
	AccountStore
	AlertStore
	FeedStore
	PhotoStore

	// SiteStats counts the site's cars, leads and undelivered lead
	// deliveries.
	SiteStats(ctx context.Context, site string) (SiteStats, error)

	// Ping reports whether the database answers; /readyz uses it.
	Ping(ctx context.Context) error
	Close() error
}
