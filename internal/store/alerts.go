package store

import (
	"context"
	"time"
)

// A saved search's alert setting (docs/behaviour/http.md#saved-search-alerts).
const (
	AlertOff     = "off"
	AlertInstant = "instant"
	AlertDaily   = "daily" // a new saved search's
)

// The kinds of alert (docs/behaviour/http.md#alert-log).
const (
	KindNewMatches = "new_matches"
	KindPriceDrop  = "price_drop"
)

// AlertingSearch is a saved search whose alert is on, with its owner.
type AlertingSearch struct {
	SavedSearch
	UserID int64
	Phone  string
}

// PriceDrop is a fall in the price of a car on a buyer's watchlist, made
// after the car was saved and not yet told of.
type PriceDrop struct {
	UserID    int64
	Phone     string
	CarID     int64
	ChangeID  int64 // the price change's row, in the order of changes
	Price     int
	Was       int
	ChangedAt time.Time
}

// AlertClaim is one alert about to be sent. Claiming it records it under
// Key, moves the cursor of what was told and stores its stop link, in one
// transaction; a key claimed before (by any node) claims nothing.
type AlertClaim struct {
	Kind   string
	Key    string // unique on the site: the kind, its target and the change it reports
	At     time.Time
	UserID int64
	// New matches: the search, and the newest match now told of.
	SearchID int64
	Through  time.Time
	// A price drop: the change told of.
	ChangeID int64
	// StopHash is the sha256 (hex) of the stop link's token.
	StopHash string
}

// AlertStop is what a stop link turns off or back on.
type AlertStop struct {
	Kind     string // KindNewMatches or KindPriceDrop
	SearchID int64  // for new matches
	Name     string // the saved search's name
	Alert    string // the search's setting now
	On       bool   // whether the alert is on now
	// Spent says the link was used before: it changed nothing now, and
	// the rest says how the alert is.
	Spent bool
}

// StopLinkTTL is how long a stop link works
// (docs/behaviour/http.md#alert-stop-links).
const StopLinkTTL = 90 * 24 * time.Hour

// AlertStore keeps the alert settings and what was sent.
type AlertStore interface {
	// SetSavedSearchAlert changes the visitor's search's alert (not_found
	// unless it is theirs). Turning an alert on counts news from at.
	SetSavedSearchAlert(ctx context.Context, site, phone string, id int64, alert string, at time.Time) error
	// PriceDropAlerts reports whether the visitor has price-drop alerts on
	// (on unless they turned them off).
	PriceDropAlerts(ctx context.Context, site, phone string) (bool, error)
	// SetPriceDropAlerts turns them on or off; turning them on counts
	// price changes from now on.
	SetPriceDropAlerts(ctx context.Context, site, phone string, on bool, at time.Time) error

	// AlertingSearches lists the site's saved searches whose alert is on.
	AlertingSearches(ctx context.Context, site string) ([]AlertingSearch, error)
	// PriceDrops lists the falls in price of watched cars not yet told of,
	// to buyers with price-drop alerts on, in the order of the changes.
	PriceDrops(ctx context.Context, site string) ([]PriceDrop, error)
	// ClaimAlert claims the alert; claimed is false when its key was
	// claimed before.
	ClaimAlert(ctx context.Context, site string, c AlertClaim) (claimed bool, err error)

	// StopAlert turns off the alert of the stop link with that token hash,
	// once: a link used before changes nothing and says how the alert is
	// (Spent). An unknown token, one older than StopLinkTTL at now, or one
	// whose search was deleted, is a not_found catalog.Error. Turning an
	// alert back on needs sign-in (SetSavedSearchAlert, SetPriceDropAlerts).
	StopAlert(ctx context.Context, site, tokenHash string, now time.Time) (AlertStop, error)
}

// MsgNoSuchAlert answers a stop link that stops nothing (unknown, or its
// search deleted).
const MsgNoSuchAlert = "This alert no longer exists."
