package alerts

import (
	"testing"
	"time"
)

var brisbane = mustZone("Australia/Brisbane") // UTC+10, no daylight saving

func mustZone(name string) *time.Location {
	loc, err := time.LoadLocation(name)
	if err != nil {
		panic(err)
	}
	return loc
}

func at(h, m int) time.Time { return time.Date(2026, 11, 24, h, m, 0, 0, brisbane) }

func TestQuietHoursInTheSiteZone(t *testing.T) {
	on := Rules{QuietHours: true}
	for _, c := range []struct {
		now   time.Time
		quiet bool
	}{
		{at(20, 59), false}, {at(21, 0), true}, {at(23, 30), true}, {at(0, 0), true},
		{at(7, 59), true}, {at(8, 0), false}, {at(12, 0), false},
	} {
		if got := on.Quiet(c.now.UTC(), brisbane); got != c.quiet {
			t.Errorf("Quiet(%s) = %v, want %v", c.now.Format("15:04"), got, c.quiet)
		}
		if (Rules{}).Quiet(c.now, brisbane) {
			t.Errorf("with quiet hours off, %s is quiet", c.now.Format("15:04"))
		}
	}
	// The same instant is quiet in one zone and not in another.
	noonUTC := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC) // 10 pm in Brisbane
	if !on.Quiet(noonUTC, brisbane) || on.Quiet(noonUTC, time.UTC) {
		t.Error("quiet hours are not read in the site's zone")
	}
}

func TestInstantAtMostOnceAnHour(t *testing.T) {
	r := Rules{QuietHours: true}
	now := at(12, 0)
	for _, c := range []struct {
		last time.Time
		due  bool
	}{
		{time.Time{}, true},
		{now.Add(-59 * time.Minute), false},
		{now.Add(-time.Hour + time.Second), false},
		{now.Add(-time.Hour), true},
		{now.Add(-3 * time.Hour), true},
	} {
		if got := r.InstantDue(now, c.last, brisbane); got != c.due {
			t.Errorf("InstantDue(last %v ago) = %v, want %v", now.Sub(c.last), got, c.due)
		}
	}
}

// An instant alert that comes due at night is held until 8 am, to the
// minute, and not a minute later.
func TestInstantHeldUntilEightAM(t *testing.T) {
	r := Rules{QuietHours: true}
	last := at(20, 30)
	var first time.Time
	for now := at(21, 0); now.Before(at(21, 0).Add(24 * time.Hour)); now = now.Add(time.Minute) {
		if r.InstantDue(now, last, brisbane) {
			first = now
			break
		}
	}
	if want := at(8, 0).AddDate(0, 0, 1); !first.Equal(want) {
		t.Fatalf("held until %v, want %v", first, want)
	}
	if !(Rules{}).InstantDue(at(23, 0), last, brisbane) {
		t.Error("with quiet hours off an instant alert waits for the morning")
	}
}

func TestDailyAtNineOncePerDay(t *testing.T) {
	r := Rules{QuietHours: true}
	yesterday := at(9, 5).AddDate(0, 0, -1)
	for _, c := range []struct {
		now, last time.Time
		due       bool
	}{
		{at(8, 59), yesterday, false},
		{at(9, 0), yesterday, true},
		{at(9, 0), time.Time{}, true},
		{at(9, 30), yesterday, true},
		{at(9, 30), at(9, 1), false}, // sent today already
		{at(10, 0), yesterday, false},
		{at(21, 0), yesterday, false},
	} {
		day, due := r.DailyDue(c.now.UTC(), c.last, brisbane)
		if due != c.due {
			t.Errorf("DailyDue(%s, last %v) = %v, want %v", c.now.Format("15:04"), c.last, due, c.due)
		}
		if day != "2026-11-24" {
			t.Errorf("day = %q, want the site's date", day)
		}
	}
}
