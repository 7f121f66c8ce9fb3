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
