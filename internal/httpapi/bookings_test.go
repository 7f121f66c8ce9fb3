package httpapi_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"forecourt/internal/apitypes"
	"forecourt/internal/catalog"
	"forecourt/internal/leads"
	"forecourt/internal/tenant"
)

// get answers a GET on one of the demo sites, decoding a 200's JSON into out.
func (a *leadsApp) get(t *testing.T, site, path string, out any) int {
	t.Helper()
	req, _ := http.NewRequest("GET", a.srv.URL+path, nil)
	req.Host = site + ".localhost"
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.StatusCode == 200 && out != nil {
		if err := json.NewDecoder(res.Body).Decode(out); err != nil {
			t.Fatalf("GET %s: %v", path, err)
		}
	}
	return res.StatusCode
}

type bookingDays struct {
	From string   `json:"from"`
	To   string   `json:"to"`
	Days []string `json:"days"`
}

type daySlots struct {
	Slots []apitypes.Slot `json:"slots"`
}

// A booking keeps to its department's hours (docs/behaviour/validation.md#bookings):
// a service at the service department's, which open earlier and close
// earlier on Saturday than the showroom; a test drive at a sales location;
// never in the past or on a closed day, and never a 500.
func TestBookingsKeepToTheirDepartmentsHours(t *testing.T) {
	t.Parallel()
	app := newLeadsApp(t)
	const site = "harbourside-toyota"
	const sales, service = 1200, 1201
	s, _ := app.sites.BySlug(site)
	zone, _ := time.LoadLocation(s.Timezone)
	var win bookingDays
	if code := app.get(t, site, fmt.Sprintf("/api/appointments/days?location_id=%d", service), &win); code != 200 {
		t.Fatalf("service days: %d", code)
	}
	today := time.Now().In(zone).Format(time.DateOnly)
	if win.From != today || len(win.Days) == 0 {
		t.Fatalf("service booking window %+v, want from %s with open days", win, today)
	}
	var weekday, saturday, sunday string
	for d := 1; d < 30; d++ {
		day := time.Now().In(zone).AddDate(0, 0, d)
		date := day.Format(time.DateOnly)
		open := slices.Contains(win.Days, date)
		switch {
		case day.Weekday() == time.Sunday && sunday == "":
			sunday = date
			if open {
				t.Errorf("the service department is offered on Sunday %s", date)
			}
		case day.Weekday() == time.Saturday && open && saturday == "":
			saturday = date
		case day.Weekday() >= time.Monday && day.Weekday() <= time.Friday && open && weekday == "":
			weekday = date
		}
	}
	if weekday == "" || saturday == "" {
		t.Fatalf("no open weekday or Saturday among %v", win.Days)
	}
	lead := func(category string, loc int64, at string) map[string]any {
		return map[string]any{"category": category, "name": "Sam", "email": "sam@example.com", "phone": "0412345678",
			"message": "Logbook service", "location_id": loc, "dateTime": at}
	}
	refused := func(name string, body map[string]any, want string) {
		t.Helper()
		res, out := app.post(t, site, "/api/leads", body)
		var e apiError
		json.Unmarshal(out, &e)
		if res.StatusCode != 422 || e.Error.Fields["dateTime"] != want {
			t.Errorf("%s: %d %s, want 422 with dateTime %q", name, res.StatusCode, out, want)
		}
	}
	refused("a service before the service department opens", lead("service", service, weekday+"T06:30"), leads.MsgSlotUnavailable)
	refused("a service after the service department's Saturday close", lead("service", service, saturday+"T12:30"), leads.MsgSlotUnavailable)
	sun, _ := leads.ParseDate(sunday, zone)
	refused("a service on Sunday", lead("service", service, sunday+"T09:00"),
		fmt.Sprintf(leads.MsgSlotClosed, "Harbourside Toyota Service", sun.Format("Monday 2 January 2006")))
	refused("a service yesterday", lead("service", service, time.Now().In(zone).AddDate(0, 0, -1).Format(time.DateOnly)+"T09:00"), leads.MsgSlotPast)
	refused("a test drive booked at the service department", lead("test_drive", service, weekday+"T09:00"),
		fmt.Sprintf(leads.MsgSlotDepartment, "Harbourside Toyota Service", "test drive"))
	refused("a service booked at the showroom", lead("service", sales, weekday+"T09:00"),
		fmt.Sprintf(leads.MsgSlotDepartment, "Harbourside Toyota", "service"))
	refused("a service a year ahead", lead("service", service, time.Now().In(zone).AddDate(1, 0, 0).Format(time.DateOnly)+"T09:00"),
		fmt.Sprintf(leads.MsgSlotTooFar, leads.BookingDays))
	refused("a service at no time at all", lead("service", service, "next Tuesday"), leads.MsgDateTimeInvalid)

	// 7 am is the service department's own first slot (the showroom opens
	// at 8:30); the booking is kept and its slot taken.
	if res, out := app.post(t, site, "/api/leads", lead("service", service, weekday+"T07:00")); res.StatusCode != 201 {
		t.Fatalf("a service at 7 am on %s: %d %s", weekday, res.StatusCode, out)
	}
	var slots daySlots
	app.get(t, site, fmt.Sprintf("/api/appointments?location_id=%d&date=%s", service, weekday), &slots)
	if len(slots.Slots) == 0 || slots.Slots[0].Label != "7:00 am" || slots.Slots[0].Available {
		t.Errorf("after booking 7 am the service slots are %+v", slots.Slots[:min(2, len(slots.Slots))])
	}
	refused("the same service time again", lead("service", service, weekday+"T07:00"), leads.MsgSlotUnavailable)

	for _, q := range []string{"location_id=abc", "location_id=-1", ""} {
		if code := app.get(t, site, "/api/appointments/days?"+q, nil); code != 422 {
			t.Errorf("appointments/days?%s: %d, want 422", q, code)
		}
	}
	if code := app.get(t, site, "/api/appointments/days?location_id=999999", nil); code != 404 {
		t.Errorf("another site's location: %d, want 404", code)
	}
}

// Every slot the appointments API offers, at every location of every demo
// site, lies in that location's open hours as its site file gives them (a
// holiday's special hours instead), in the future, and never on a closed
// holiday; and every day the date picker offers has a free slot.
func TestDemoSitesOfferOnlyOpenSlots(t *testing.T) {
	t.Parallel()
	app := newLeadsApp(t)
	start := time.Now()
	checked := 0
	for _, site := range app.sites.Sites() {
		zone, err := site.Location()
		if err != nil {
			t.Fatal(err)
		}
		locs, err := app.store.Locations(context.Background(), site.Slug)
		if err != nil {
			t.Fatal(err)
		}
		for _, loc := range locs {
			if !loc.Visible {
				continue
			}
			i := slices.IndexFunc(site.Locations, func(l tenant.Location) bool { return l.Key == loc.Slug })
			if i < 0 {
				t.Fatalf("%s: location %s is not in the site file", site.Slug, loc.Slug)
			}
			week := site.Locations[i].Hours.Days()
			var win bookingDays
			if code := app.get(t, site.Slug, fmt.Sprintf("/api/appointments/days?location_id=%d", loc.ID), &win); code != 200 {
				t.Fatalf("%s %s days: %d", site.Slug, loc.Slug, code)
			}
			for _, date := range win.Days {
				if date < win.From || date > win.To {
					t.Errorf("%s %s: open day %s outside the window %s–%s", site.Slug, loc.Slug, date, win.From, win.To)
				}
				var slots daySlots
				if code := app.get(t, site.Slug, fmt.Sprintf("/api/appointments?location_id=%d&date=%s", loc.ID, date), &slots); code != 200 {
					t.Fatalf("%s %s %s: %d", site.Slug, loc.Slug, date, code)
				}
				day, _ := time.ParseInLocation(time.DateOnly, date, zone)
				open, close := week[day.Weekday()], ""
				open, close, _ = strings.Cut(open, "-")
				holiday := slices.IndexFunc(loc.ContactDetail.SpecialHours, func(h catalog.SpecialHour) bool { return h.Date == date })
				free := 0
				for _, s := range slots.Slots {
					if !s.Available {
						continue
					}
					free++
					checked++
					at := s.Start.In(zone)
					end := at.Add(leads.SlotLength)
					if !at.After(start) {
						t.Errorf("%s %s: slot %s has passed", site.Slug, loc.Slug, at)
					}
					if at.Format(time.DateOnly) != date {
						t.Errorf("%s %s: slot %s is not on %s", site.Slug, loc.Slug, at, date)
					}
					if holiday >= 0 {
						h := loc.ContactDetail.SpecialHours[holiday]
						hs, _ := time.Parse(time.RFC3339, h.StartHour)
						he, _ := time.Parse(time.RFC3339, h.EndHour)
						if h.Status != "Open" || at.Before(hs) || end.After(he) {
							t.Errorf("%s %s: slot %s on %s (%s %s–%s)", site.Slug, loc.Slug, at, h.Name, h.Status, h.StartHour, h.EndHour)
						}
						continue
					}
					if hhmm, endHHMM := at.Format("15:04"), end.Format("15:04"); open == "" || hhmm < open || endHHMM > close {
						t.Errorf("%s %s: slot %s–%s on a %s, when its hours are %q", site.Slug, loc.Slug, hhmm, endHHMM, at.Weekday(), week[at.Weekday()])
					}
				}
				if free == 0 {
					t.Errorf("%s %s: open day %s has no free slot", site.Slug, loc.Slug, date)
				}
			}
		}
	}
	if checked < 1000 {
		t.Errorf("only %d slots checked", checked)
	}
}
