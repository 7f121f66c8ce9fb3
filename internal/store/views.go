package store

import "context"

// ViewStore counts what visitors do on a car's page: views
// (docs/behaviour/calls.md#car-views, view.json) and phone reveals
// (docs/behaviour/states.md#phone-reveal). Counts survive restarts and are kept
// per site.
type ViewStore interface {
	// RecordView counts a view of the car by visitor (an opaque key of the
	// visitor's address) on day (YYYY-MM-DD), once per visitor, car and
	// day, and returns the views recorded for the car so far.
	RecordView(ctx context.Context, site string, carID int64, visitor, day string) (int, error)
	// CarViews returns the views recorded for the car (0 when none).
	CarViews(ctx context.Context, site string, carID int64) (int, error)
	// RecordCallReveal counts one reveal of the dealer's phone number on the
	// car's page and returns the reveals so far.
	RecordCallReveal(ctx context.Context, site string, carID int64) (int, error)
}
