package store

import "context"

// ViewStore counts what visitors do on a car's page: views (SPEC.md section
// 4, Car views; section 7, view.json) and phone reveals (section 4, Phone
// reveal). Counts survive restarts and are kept per site.
type ViewStore interface {
	// RecordView counts one view of the car and returns the views recorded
	// for it so far, this one included.
	RecordView(ctx context.Context, site string, carID int64) (int, error)
	// CarViews returns the views recorded for the car (0 when none).
	CarViews(ctx context.Context, site string, carID int64) (int, error)
	// RecordCallReveal counts one reveal of the dealer's phone number on the
	// car's page and returns the reveals so far.
	RecordCallReveal(ctx context.Context, site string, carID int64) (int, error)
}
