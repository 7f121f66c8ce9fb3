package store

import (
	"context"
	"time"

	"forecourt/internal/catalog"
)

// SignInCode is a one-time code sent to a phone, kept only as a salted hash.
type SignInCode struct {
	Phone string // E.164
	Hash  string // hex sha256 of salt, site, phone and code
	Salt  string
	// AskedFrom is a hash of the address of the visitor who asked for it
	// (docs/behaviour/http.md#otp-per-address).
	AskedFrom string
	CreatedAt time.Time
	ExpiresAt time.Time
}

// Session is a signed-in visitor on one site; the cookie's token is kept
// only as its sha256.
type Session struct {
	TokenHash string
	Phone     string
	CreatedAt time.Time
	ExpiresAt time.Time
}

// SavedSearch is a listing a signed-in visitor asked to come back to.
type SavedSearch struct {
	ID         int64
	Name       string
	Path       string // a listing path, /search/used-cars/toyota
	Query      string // the listing's URL query, without "?"
	CreatedAt  time.Time
	LastSeenAt time.Time
	// Alert is AlertOff, AlertInstant or AlertDaily. AlertedAt is when it
	// last sent a message; AlertedThrough is the listing time of the newest
	// match told of (zero: none yet).
	Alert          string
	AlertedAt      time.Time
	AlertedThrough time.Time
}

// AccountStore keeps sign-in codes, sessions and what a signed-in visitor
// saves. Every method is scoped by site and, past sign-in, by the visitor's
// phone: one visitor never reads or changes another's records.
type AccountStore interface {
	// SaveSignInCode stores the code for (site, phone), replacing any
	// earlier one with a fresh count of tries.
	SaveSignInCode(ctx context.Context, site string, c SignInCode) error
	// TrySignInCode counts one try at the live code of (site, phone) and
	// returns it; ok is false when there is none, it expired at now, or
	// maxTries were already counted. Counting before comparing means
	// concurrent guesses can never exceed maxTries.
	TrySignInCode(ctx context.Context, site, phone string, now time.Time, maxTries int) (c SignInCode, ok bool, err error)
	// SignInCodeAsker is the AskedFrom of the live code of (site, phone) at
	// now, counting no try; "" when there is none.
	SignInCodeAsker(ctx context.Context, site, phone string, now time.Time) (string, error)
	// UseSignInCode deletes the code with that hash; used is false when it
	// was already used (or replaced) meanwhile, so a code works once.
	UseSignInCode(ctx context.Context, site, phone, hash string) (used bool, err error)

	// CreateSession stores a session for the phone (creating its user) and
	// clears the site's expired sessions.
	CreateSession(ctx context.Context, site string, s Session) error
	// SessionByToken returns the live session of that token hash on the
	// site; a missing or expired one is a not_found catalog.Error.
	SessionByToken(ctx context.Context, site, tokenHash string, now time.Time) (Session, error)
	DeleteSession(ctx context.Context, site, tokenHash string) error

	// WatchlistCarIDs lists the car ids the visitor saved, oldest first.
	WatchlistCarIDs(ctx context.Context, site, phone string) ([]int64, error)
	// SaveWatchlistCar adds a car; saving it twice keeps one entry.
	SaveWatchlistCar(ctx context.Context, site, phone string, carID int64, at time.Time) error
	RemoveWatchlistCar(ctx context.Context, site, phone string, carID int64) error

	// SavedSearches lists the visitor's saved searches, oldest first.
	SavedSearches(ctx context.Context, site, phone string) ([]SavedSearch, error)
	// CreateSavedSearch stores a search with a new id; a visitor already
	// holding limit searches gets an invalid catalog.Error.
	CreateSavedSearch(ctx context.Context, site, phone string, s SavedSearch, limit int) (SavedSearch, error)
	// DeleteSavedSearch and MarkSavedSearchSeen answer not_found unless the
	// search is the visitor's own.
	DeleteSavedSearch(ctx context.Context, site, phone string, id int64) error
	MarkSavedSearchSeen(ctx context.Context, site, phone string, id int64, at time.Time) error

	// LeadsByUser lists the leads sent on the site while signed in with
	// the phone, newest first.
	LeadsByUser(ctx context.Context, site, phone string) ([]catalog.Lead, error)
}

// MsgSavedSearchLimit is the refusal when a visitor has saved the most searches.
const MsgSavedSearchLimit = "You have saved the most searches you can. Please delete one first."
