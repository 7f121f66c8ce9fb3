package apitypes

import (
	"time"

	"forecourt/internal/convert"
	"forecourt/internal/search"
)

// The answers of the buyer tools, the watchlist, saved searches and alerts
// (api/openapi.yaml names each schema).

// Success is the answer of a write that returns nothing else.
type Success struct {
	Success bool `json:"success"`
}

// TradeInOptions is GET /api/trade-in/options: the condition questions,
// the makes and models known to the platform and the online limits.
type TradeInOptions struct {
	Questions   []TradeInQuestion `json:"questions"`
	Makes       []TradeInMake     `json:"makes"`
	States      []string          `json:"states"`
	MaxAgeYears int               `json:"max_age_years"`
	MaxKM       int               `json:"max_km"`
	FAQ         string            `json:"faq"`
	Years       []int             `json:"years"`
}

// TradeInTargetCar is the car a buyer trades towards on /cars/trade-in.
type TradeInTargetCar struct {
	ID              int64  `json:"id"`
	Slug            string `json:"slug"`
	Name            string `json:"name"`
	Year            int    `json:"year"`
	Make            string `json:"make"`
	Model           string `json:"model"`
	Badge           string `json:"badge"`
	Status          string `json:"status"`
	PrimaryImageURL string `json:"primary_image_url"`
	// Available: in stock or coming soon, the only cars /cars/trade-in
	// serves (docs/behaviour/screens.md).
	Available bool `json:"available"`
}

// CarView is GET /api/cars/{slug}/view.json.
type CarView struct {
	Views int `json:"views"`
	// CarFields is the whole current car when the page's copy is stale
	// (its photos_count or updated_at differ), else an empty object.
	CarFields any `json:"car_fields"`
}

// Watchlist is the ids of the cars a signed-in visitor keeps.
type Watchlist struct {
	CarIDs []int64 `json:"car_ids"`
}

// SavedSearch is a saved search as the garage shows it: new_matches are
// the cars the search finds now that were listed since the visitor last
// looked (POST …/seen).
type SavedSearch struct {
	ID         int64     `json:"id"`
	Name       string    `json:"name"`
	Path       string    `json:"path"`
	Query      string    `json:"query"`
	CreatedAt  time.Time `json:"created_at"`
	LastSeenAt time.Time `json:"last_seen_at"`
	NewMatches int       `json:"new_matches"`
	// Alert is off, instant or daily (docs/behaviour/http.md#saved-search-alerts).
	Alert string `json:"alert"`
}

// SavedSearches is GET /api/saved-searches.
type SavedSearches struct {
	Searches []SavedSearch `json:"searches"`
}

// SavedSearchCreated is POST /api/saved-searches's answer.
type SavedSearchCreated struct {
	Search SavedSearch `json:"search"`
}

// AlertSettings is GET and PUT /api/me/alerts.
type AlertSettings struct {
	PriceDrops bool `json:"price_drops"`
}

// AlertStopped is what the stop page shows: which alert, whether it is on
// now, and whether the link was used before (and so changed nothing).
type AlertStopped struct {
	Kind  string `json:"kind"`
	Name  string `json:"name,omitempty"`  // the saved search's
	Alert string `json:"alert,omitempty"` // the saved search's setting now
	On    bool   `json:"on"`
	Spent bool   `json:"spent"`
}

// Error is the API's one error shape (docs/behaviour/http.md#errors).
type Error struct {
	Error ErrorDetail `json:"error"`
}

// ErrorDetail is what an error says: its code, its message and, when
// specific inputs are wrong, each input's message.
type ErrorDetail struct {
	Code    string            `json:"code"`
	Message string            `json:"message"`
	Fields  map[string]string `json:"fields,omitempty"`
	// Suggestions are the listings a mistyped listing path may have meant.
	Suggestions []ListingSuggestion `json:"suggestions,omitempty"`
}

// ListingSuggestion is a listing a mistyped listing path may have meant:
// what it names and its path.
type ListingSuggestion struct {
	Label string `json:"label"`
	Path  string `json:"path"`
}

// ListingSuggestionsOf converts the search's suggestions for the answer.
func ListingSuggestionsOf(in []search.Suggestion) []ListingSuggestion {
	return convert.List(in, func(s search.Suggestion) ListingSuggestion { return ListingSuggestion{Label: s.Label, Path: s.Path} })
}

// CarAnswer is GET /api/cars/{slug} and GET /api/finance/cars/{id}.
type CarAnswer struct {
	Car CarDetail `json:"car"`
}

// SimilarCars is GET /api/cars/{slug}/similar: at most 6 in-stock cars.
type SimilarCars struct {
	Hits []Hit `json:"hits"`
}

// CompareCars is GET /api/cars?ids=: the compare page's cars in the order
// asked, and the ids the site does not show.
type CompareCars struct {
	Cars    []Hit   `json:"cars"`
	Missing []int64 `json:"missing"`
}

// Garage is GET /api/garage: the signed-in buyer's saved cars, searches
// and enquiries.
type Garage struct {
	Phone         string        `json:"phone"`
	Watchlist     []Hit         `json:"watchlist"`
	SavedSearches []SavedSearch `json:"saved_searches"`
	Enquiries     []Enquiry     `json:"enquiries"`
}

// User is the signed-in buyer: GET /api/auth/me and POST /api/auth/verify.
type User struct {
	Phone string `json:"phone"`
}
