package leads

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"forecourt/internal/catalog"
	"forecourt/internal/tenant"
)

// SlotLength is how long a test drive or service booking is booked for.
const SlotLength = 30 * time.Minute

// BookingDays is how many days, today first, a booking may be made for:
// the date picker's range (GET /api/appointments/days) and the server's.
const BookingDays = 60

// Slot is one test-drive start time at a location.
type Slot struct {
	Start     time.Time // in the site's time zone
	Label     string    // "9:30 am"
	Available bool
}

// DaySlots splits the location's opening hours on day (a date in zone) into
// 30-minute test-drive slots. A holiday's special hours replace the weekday's
// (docs/behaviour/entities.md, Special hours entry); slots already booked or already
// begun are not available.
func DaySlots(loc catalog.Location, day time.Time, zone *time.Location, booked []time.Time, now time.Time) []Slot {
	y, m, d := day.Date()
	midnight := time.Date(y, m, d, 0, 0, 0, 0, zone)
	open, close, ok := hoursOn(loc, midnight, zone)
	if !ok {
		return []Slot{}
	}
	taken := map[int64]bool{}
	for _, b := range booked {
		taken[b.Unix()] = true
	}
	slots := []Slot{}
	for t := open; !t.Add(SlotLength).After(close); t = t.Add(SlotLength) {
		slots = append(slots, Slot{Start: t, Label: clockLabel(t), Available: !taken[t.Unix()] && t.After(now)})
	}
	return slots
}

// hoursOn returns the opening and closing instants of the location on the
// local date of midnight.
func hoursOn(loc catalog.Location, midnight time.Time, zone *time.Location) (time.Time, time.Time, bool) {
	date := midnight.Format(time.DateOnly)
	for _, sh := range loc.ContactDetail.SpecialHours {
		if sh.Date != date || (sh.LocationID != 0 && sh.LocationID != loc.ID) {
			continue
		}
		if !strings.EqualFold(sh.Status, "Open") {
			return time.Time{}, time.Time{}, false
		}
		start, err1 := time.Parse(time.RFC3339, sh.StartHour)
		end, err2 := time.Parse(time.RFC3339, sh.EndHour)
		if err1 != nil || err2 != nil || !end.After(start) {
			return time.Time{}, time.Time{}, false
		}
		return start.In(zone), end.In(zone), true
	}
	for _, oh := range loc.ContactDetail.OpeningHours {
		if oh.Weekday != int(midnight.Weekday()) {
			continue
		}
		if !strings.EqualFold(oh.Status, "Open") {
			return time.Time{}, time.Time{}, false
		}
		o, err1 := clockOn(midnight, oh.Open, zone)
		c, err2 := clockOn(midnight, oh.Close, zone)
		if err1 != nil || err2 != nil || !c.After(o) {
			return time.Time{}, time.Time{}, false
		}
		return o, c, true
	}
	return time.Time{}, time.Time{}, false
}

func clockOn(midnight time.Time, hhmm string, zone *time.Location) (time.Time, error) {
	var h, m int
	if _, err := fmt.Sscanf(hhmm, "%d:%d", &h, &m); err != nil || h < 0 || h > 24 || m < 0 || m > 59 {
		return time.Time{}, fmt.Errorf("bad clock time %q", hhmm)
	}
	y, mo, d := midnight.Date()
	return time.Date(y, mo, d, h, m, 0, 0, zone), nil
}

// clockLabel shows a time the way the opening hours do: "9:30 am".
func clockLabel(t time.Time) string {
	return strings.ToLower(t.Format("3:04 pm"))
}

// Department is the kind of location that takes a form's bookings: the
// service department a service booking, a sales (or used-car) location a
// test drive or inspection (docs/behaviour/validation.md#bookings).
func Department(category string) string {
	if category == CategoryService {
		return "service"
	}
	return "sales"
}

// InDepartment reports whether loc is of the department dept (a location
// with no type sells; a used-car location sells too).
func InDepartment(loc catalog.Location, dept string) bool {
	t := strings.ToLower(loc.LocationType)
	if t == "" {
		t = "sales"
	}
	if dept == "sales" {
		return t == "sales" || t == catalog.TypeUsed
	}
	return t == dept
}

// TakesBookings reports whether loc takes the bookings of category: a
// location of its department, or any location of a site that has no
// location of that department (the forms offer the same choice).
func TakesBookings(loc catalog.Location, category string, locs []catalog.Location) bool {
	dept := Department(category)
	if InDepartment(loc, dept) {
		return true
	}
	for _, l := range locs {
		if InDepartment(l, dept) {
			return false
		}
	}
	return true
}

// Today is the site-zone midnight of now.
func Today(now time.Time, zone *time.Location) time.Time {
	y, m, d := now.In(zone).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, zone)
}

// OpenDays lists, as YYYY-MM-DD, the days of the booking window (from
// today, BookingDays long) on which loc has a free slot; booked are the
// window's taken slots.
func OpenDays(loc catalog.Location, zone *time.Location, booked []time.Time, now time.Time) []string {
	days := []string{}
	today := Today(now, zone)
	for i := 0; i < BookingDays; i++ {
		day := today.AddDate(0, 0, i)
		for _, s := range DaySlots(loc, day, zone, booked, now) {
			if s.Available {
				days = append(days, day.Format(time.DateOnly))
				break
			}
		}
	}
	return days
}

// SlotProblem says why at cannot be booked at loc, "" when it is the start
// of one of its free slots: passed, beyond the booking window, a closed
// day (a holiday's or the week's), or not one of the day's free times.
func SlotProblem(loc catalog.Location, at time.Time, zone *time.Location, booked []time.Time, now time.Time) string {
	local := at.In(zone)
	day := time.Date(local.Year(), local.Month(), local.Day(), 0, 0, 0, 0, zone)
	if !at.After(now) {
		return MsgSlotPast
	}
	if !day.Before(Today(now, zone).AddDate(0, 0, BookingDays)) {
		return fmt.Sprintf(MsgSlotTooFar, BookingDays)
	}
	slots := DaySlots(loc, day, zone, booked, now)
	if len(slots) == 0 {
		return fmt.Sprintf(MsgSlotClosed, loc.Name, day.Format("Monday 2 January 2006"))
	}
	for _, s := range slots {
		if s.Start.Equal(at) && s.Available {
			return ""
		}
	}
	return MsgSlotUnavailable
}

var errDateTime = errors.New("not a date and time")

// ParseDateTime reads a test drive's dateTime: RFC 3339 with an offset, or
// a local date and time in the site's zone.
func ParseDateTime(s string, zone *time.Location) (time.Time, error) {
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t, nil
	}
	for _, layout := range []string{"2006-01-02T15:04", "2006-01-02T15:04:05", "2006-01-02 15:04", "2006-01-02 15:04:05"} {
		if t, err := time.ParseInLocation(layout, s, zone); err == nil {
			return t, nil
		}
	}
	return time.Time{}, errDateTime
}

// ParseDate reads YYYY-MM-DD as a date in zone.
func ParseDate(s string, zone *time.Location) (time.Time, error) {
	return time.ParseInLocation(time.DateOnly, s, zone)
}

// The two ways a buyer books to see stock in person, as a test-drive
// lead's subcategory: what the dealer reads in the lead.
const (
	ViewingTestDrive  = "Test Drive"
	ViewingInspection = "Inspection"
)

// Viewing is what a test-drive lead books: a caravan is towed, so it is
// inspected; without a car the site's wording.viewing decides (the same
// rule as the app's booking form).
func Viewing(site *tenant.Site, car *catalog.Car) string {
	if car != nil {
		if car.ItemType == catalog.ItemCaravan {
			return ViewingInspection
		}
		return ViewingTestDrive
	}
	if site.Wording.Viewing == "inspection" {
		return ViewingInspection
	}
	return ViewingTestDrive
}
