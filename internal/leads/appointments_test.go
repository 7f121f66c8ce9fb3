package leads

import (
	"testing"
	"time"

	"forecourt/internal/catalog"
)

func TestDaySlots(t *testing.T) {
	zone, _ := time.LoadLocation("Australia/Brisbane")
	// docs/behaviour/entities.md#location: opening hour entries by weekday, 0 Sunday to 6 Saturday.
	loc := catalog.Location{ID: 3, ContactDetail: catalog.ContactDetail{
		OpeningHours: []catalog.OpeningHour{
			{Weekday: 0, Status: "Closed"},
			{Weekday: 1, Status: "Open", Open: "08:30", Close: "10:30"},
			{Weekday: 6, Status: "Open", Open: "09:00", Close: "09:45"},
		},
		// docs/behaviour/entities.md#location: special hours (UTC) replace a date's hours.
		SpecialHours: []catalog.SpecialHour{
			{Date: "2030-01-14", Status: "Closed"},
			{Date: "2030-01-21", Status: "Open", StartHour: "2030-01-20T23:00:00Z", EndHour: "2030-01-21T00:00:00Z"},
		},
	}}
	now := time.Date(2030, 1, 1, 0, 0, 0, 0, zone)
	monday := time.Date(2030, 1, 7, 0, 0, 0, 0, zone)
	booked := []time.Time{time.Date(2030, 1, 7, 9, 30, 0, 0, zone).UTC()}
	got := DaySlots(loc, monday, zone, booked, now)
	want := []struct {
		label string
		free  bool
	}{{"8:30 am", true}, {"9:00 am", true}, {"9:30 am", false}, {"10:00 am", true}}
	if len(got) != len(want) {
		t.Fatalf("Monday slots = %+v, want %d", got, len(want))
	}
	for i, w := range want {
		if got[i].Label != w.label || got[i].Available != w.free {
			t.Errorf("slot %d = %s free %v, want %s free %v", i, got[i].Label, got[i].Available, w.label, w.free)
		}
	}
	if s := DaySlots(loc, time.Date(2030, 1, 6, 0, 0, 0, 0, zone), zone, nil, now); len(s) != 0 {
		t.Errorf("Sunday (Closed) has slots %+v", s)
	}
	// 9:00–9:45 holds one whole 30-minute slot.
	if s := DaySlots(loc, time.Date(2030, 1, 5, 0, 0, 0, 0, zone), zone, nil, now); len(s) != 1 || s[0].Label != "9:00 am" {
		t.Errorf("Saturday slots = %+v, want only 9:00 am", s)
	}
	if s := DaySlots(loc, time.Date(2030, 1, 14, 0, 0, 0, 0, zone), zone, nil, now); len(s) != 0 {
		t.Errorf("a closed holiday Monday has slots %+v", s)
	}
	if s := DaySlots(loc, time.Date(2030, 1, 21, 0, 0, 0, 0, zone), zone, nil, now); len(s) != 2 || s[0].Label != "9:00 am" {
		t.Errorf("special hours 9–10 am gave %+v", s)
	}
	// Slots already begun are not offered.
	late := time.Date(2030, 1, 7, 9, 10, 0, 0, zone)
	s := DaySlots(loc, monday, zone, nil, late)
	if s[0].Available || s[1].Available || !s[2].Available {
		t.Errorf("at 9:10 slots = %+v, want 8:30 and 9:00 gone", s)
	}
}

func TestParseDateTime(t *testing.T) {
	zone, _ := time.LoadLocation("Pacific/Auckland")
	want := time.Date(2030, 1, 7, 9, 30, 0, 0, zone)
	for _, s := range []string{"2030-01-07T09:30", "2030-01-07 09:30", "2030-01-07T09:30:00", "2030-01-07T09:30:00+13:00", "2030-01-06T20:30:00Z"} {
		got, err := ParseDateTime(s, zone)
		if err != nil || !got.Equal(want) {
			t.Errorf("ParseDateTime(%q) = %v, %v; want %v", s, got, err, want)
		}
	}
	for _, s := range []string{"", "tomorrow", "2030-13-01T09:00", "09:30"} {
		if _, err := ParseDateTime(s, zone); err == nil {
			t.Errorf("ParseDateTime(%q) accepted", s)
		}
	}
}

func TestSlotProblemAndOpenDays(t *testing.T) {
	zone, _ := time.LoadLocation("Australia/Brisbane")
	loc := catalog.Location{ID: 3, Name: "Harbour Sales", ContactDetail: catalog.ContactDetail{
		OpeningHours: []catalog.OpeningHour{
			{Weekday: 0, Status: "Closed"},
			{Weekday: 1, Status: "Open", Open: "08:30", Close: "10:30"},
			{Weekday: 2, Status: "Open", Open: "08:30", Close: "10:30"},
		},
		SpecialHours: []catalog.SpecialHour{{Date: "2030-01-14", Status: "Closed", Name: "Holiday"}},
	}}
	// Tuesday 8 January 2030, 9:10 am.
	now := time.Date(2030, 1, 8, 9, 10, 0, 0, zone)
	at := func(d, h, m int) time.Time { return time.Date(2030, 1, d, h, m, 0, 0, zone) }
	for _, tc := range []struct {
		name string
		at   time.Time
		want string
	}{
		{"a free slot later today", at(8, 9, 30), ""},
		{"a slot already begun", at(8, 9, 0), MsgSlotPast},
		{"last Monday", at(7, 9, 0), MsgSlotPast},
		{"a Sunday", at(13, 9, 0), "Harbour Sales is closed on Sunday 13 January 2030. Please choose one of its open days."},
		{"a closed holiday Monday", at(14, 9, 0), "Harbour Sales is closed on Monday 14 January 2030. Please choose one of its open days."},
		{"a Wednesday the week does not open", at(9, 9, 0), "Harbour Sales is closed on Wednesday 9 January 2030. Please choose one of its open days."},
		{"before opening", at(15, 8, 0), MsgSlotUnavailable},
		{"off the half hour", at(15, 8, 45), MsgSlotUnavailable},
		{"a slot that ends after closing", at(15, 10, 30), MsgSlotUnavailable},
		{"beyond the booking window", now.AddDate(0, 0, BookingDays+1), "Bookings can be made up to 60 days ahead. Please choose an earlier day."},
	} {
		if got := SlotProblem(loc, tc.at, zone, nil, now); got != tc.want {
			t.Errorf("%s (%s): %q, want %q", tc.name, tc.at, got, tc.want)
		}
	}
	if got := SlotProblem(loc, at(15, 9, 0), zone, []time.Time{at(15, 9, 0)}, now); got != MsgSlotUnavailable {
		t.Errorf("a booked slot: %q", got)
	}

	days := OpenDays(loc, zone, nil, now)
	if len(days) == 0 || days[0] != "2030-01-08" || days[1] != "2030-01-14" && days[1] != "2030-01-15" {
		t.Fatalf("open days start %v", days[:min(3, len(days))])
	}
	for _, d := range days {
		day, _ := ParseDate(d, zone)
		if w := day.Weekday(); w != time.Monday && w != time.Tuesday || d == "2030-01-14" {
			t.Errorf("open day %s is a %s or the holiday", d, w)
		}
		if !day.Before(Today(now, zone).AddDate(0, 0, BookingDays)) {
			t.Errorf("open day %s is past the booking window", d)
		}
	}
	if days[1] != "2030-01-15" {
		t.Errorf("the day after today's Tuesday is %s, want Tuesday 15 (Monday 14 is a holiday)", days[1])
	}
	// Today drops out once its last slot has begun.
	if d := OpenDays(loc, zone, nil, at(8, 10, 1)); d[0] != "2030-01-15" {
		t.Errorf("after the last slot began, open days start %s", d[0])
	}
}

func TestTakesBookings(t *testing.T) {
	sales := catalog.Location{ID: 1}
	used := catalog.Location{ID: 2, LocationType: catalog.TypeUsed}
	service := catalog.Location{ID: 3, LocationType: "service"}
	parts := catalog.Location{ID: 4, LocationType: "parts"}
	all := []catalog.Location{sales, used, service, parts}
	for _, tc := range []struct {
		loc      catalog.Location
		category string
		locs     []catalog.Location
		want     bool
	}{
		{sales, CategoryTestDrive, all, true},
		{used, CategoryTestDrive, all, true},
		{service, CategoryTestDrive, all, false},
		{parts, CategoryTestDrive, all, false},
		{service, CategoryService, all, true},
		{sales, CategoryService, all, false},
		// A site without a service department books its service at the
		// locations it has, as the form offers them.
		{sales, CategoryService, []catalog.Location{sales, used}, true},
	} {
		if got := TakesBookings(tc.loc, tc.category, tc.locs); got != tc.want {
			t.Errorf("location %d (%q) takes %s bookings: %v, want %v", tc.loc.ID, tc.loc.LocationType, tc.category, got, tc.want)
		}
	}
}
