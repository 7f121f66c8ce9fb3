// Package alerts sends signed-in buyers their alerts by SMS
// (docs/behaviour/http.md#alerts): new matches of their saved searches,
// instantly or daily, and falls in price of the cars on their watchlist.
// Rules decides when a message may go; Worker finds what to tell, claims
// each alert so only one node sends it, and sends it.
package alerts

import "time"

// When messages go, in the site's time zone.
const (
	QuietFrom  = 21 // 9 pm: no message from here…
	QuietUntil = 8  // …until 8 am
	DailyHour  = 9  // a daily alert goes at 9 am
	// Gap is the least time between two instant alerts of one search.
	Gap = time.Hour
)

// Rules decides when an alert may be sent; every decision takes the time
// now, so a test sets the clock.
type Rules struct {
	// QuietHours holds instant alerts and price drops from 9 pm until
	// 8 am site time (serve --alerts-quiet-hours).
	QuietHours bool
}

// Quiet reports whether now, in the site's zone, is in the quiet hours.
func (r Rules) Quiet(now time.Time, loc *time.Location) bool {
	if !r.QuietHours {
		return false
	}
	h := now.In(loc).Hour()
	return h >= QuietFrom || h < QuietUntil
}

// InstantDue reports whether an instant alert of a search that last
// alerted at last (zero: never) may go now: outside the quiet hours and
// at least Gap after the last.
func (r Rules) InstantDue(now, last time.Time, loc *time.Location) bool {
	if r.Quiet(now, loc) {
		return false
	}
	return last.IsZero() || now.Sub(last) >= Gap
}

// DailyDue reports whether a daily alert of a search that last alerted
// at last may go now: in the hour from 9 am site time, once a day. day
// names the site's date, so one day's alert is claimed once.
func (r Rules) DailyDue(now, last time.Time, loc *time.Location) (day string, due bool) {
	local := now.In(loc)
	y, m, d := local.Date()
	at := time.Date(y, m, d, DailyHour, 0, 0, 0, loc)
	due = !local.Before(at) && local.Before(at.Add(time.Hour)) && last.Before(at)
	return local.Format(time.DateOnly), due
}
