package leads

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"
	"time"

	"forecourt/internal/catalog"
	"forecourt/internal/store"
	"forecourt/internal/tenant"
)

// MaxIdempotencyKey bounds the Idempotency-Key header (docs/behaviour/http.md).
const MaxIdempotencyKey = 200

// Service validates and stores leads.
type Service struct {
	Store  store.Store
	Getenv func(string) string // resolves destination addresses; nil means none are set
	Now    func() time.Time
	// Stored is called after a new lead is committed (the dispatcher's wake-up).
	Stored func()

	rules sync.Map // site slug → cachedRules
}

// rulesTTL: locations and dealerships change rarely; reading them for every
// lead would cost more than storing the lead.
const rulesTTL = 10 * time.Second

type cachedRules struct {
	rules Rules
	at    time.Time
}

func (s *Service) rulesFor(ctx context.Context, site *tenant.Site) (Rules, error) {
	now := s.now()
	if c, ok := s.rules.Load(site.Slug); ok && now.Sub(c.(cachedRules).at) < rulesTTL {
		return c.(cachedRules).rules, nil
	}
	r, err := RulesFor(ctx, s.Store, site)
	if err != nil {
		return Rules{}, err
	}
	s.rules.Store(site.Slug, cachedRules{rules: r, at: now})
	return r, nil
}

// Submission is one POST /api/leads.
type Submission struct {
	Site           *tenant.Site
	Body           []byte
	IdempotencyKey string
	UserAgent      string // the request's, used when the payload names none
	Origin         string // scheme://host the visitor used, for the car's address
	UserPhone      string // the signed-in visitor's phone, from their session; "" when signed out
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// Zone is the site's time zone (validated when the config loads).
func Zone(site *tenant.Site) *time.Location {
	if z, err := site.Location(); err == nil {
		return z
	}
	return time.UTC
}

// RulesFor gathers what validation needs from the site and its store.
func RulesFor(ctx context.Context, st store.Store, site *tenant.Site) (Rules, error) {
	locs, err := st.Locations(ctx, site.Slug)
	if err != nil {
		return Rules{}, err
	}
	visible := locs[:0:0]
	for _, l := range locs {
		if l.Visible {
			visible = append(visible, l)
		}
	}
	ds, err := st.Dealerships(ctx, site.Slug)
	if err != nil {
		return Rules{}, err
	}
	return Rules{
		Country:               site.Country,
		MessageOptional:       site.Features.MessageOptional,
		TermsRequired:         site.Features.TermsRequired,
		DepartmentPlaceholder: site.Wording.DepartmentPlaceholder,
		TermsMessage:          site.Wording.TermsMessage,
		EnquiryCategories:     site.Wording.EnquiryCategories,
		Chat:                  site.Features.Chat,
		PageTitles:            pageTitles(site.Pages),
		Locations:             visible,
		Dealerships:           ds,
	}, nil
}

// Submit validates a lead and commits it with its deliveries. Wrong input
// gives an invalid catalog.Error with a message per field; nothing is
// stored then.
func (s *Service) Submit(ctx context.Context, sub Submission) (catalog.Lead, error) {
	if len(sub.IdempotencyKey) > MaxIdempotencyKey || !visibleASCII(sub.IdempotencyKey) {
		return catalog.Lead{}, catalog.Errorf(catalog.EInvalid, "The Idempotency-Key header must be at most %d letters, digits or symbols (no spaces or other characters).", MaxIdempotencyKey)
	}
	in, err := Decode(sub.Body)
	if err != nil {
		return catalog.Lead{}, err
	}
	if in.Honeypot {
		return catalog.Lead{}, &catalog.Error{Code: catalog.EInvalid, Message: MsgHoneypot, Fields: map[string]string{HoneypotField: MsgHoneypot}}
	}
	site := sub.Site
	var car *catalog.Car
	if in.CarID != 0 {
		c, err := s.Store.CarByID(ctx, site.Slug, in.CarID)
		switch {
		case err == nil:
			car = &c
		case catalog.ErrorCode(err) != catalog.ENotFound:
			return catalog.Lead{}, err
		}
	}
	rules, err := s.rulesFor(ctx, site)
	if err != nil {
		return catalog.Lead{}, err
	}
	errs := Validate(in, rules, car)
	if errs == nil {
		errs = map[string]string{}
	}

	locationID := in.LocationID
	if locationID == 0 && car != nil {
		locationID = car.LocationID
	}
	if locationID == 0 && len(rules.Locations) == 1 {
		locationID = rules.Locations[0].ID
	}
	zone := Zone(site)
	var appointment *time.Time
	// A booking's time must be one of its department's free slots
	// (docs/behaviour/validation.md#bookings): a test drive's at a sales
	// location, a service's at the service department.
	if booking(in.Category) && in.DateTime != "" && errs["dateTime"] == "" && errs["location_id"] == "" {
		at, err := ParseDateTime(in.DateTime, zone)
		switch {
		case err != nil:
			errs["dateTime"] = MsgDateTimeInvalid
		default:
			msg, err := s.slotProblem(ctx, site, rules, in.Category, car, locationID, at, zone)
			if err != nil {
				return catalog.Lead{}, err
			}
			if msg != "" {
				errs["dateTime"] = msg
			}
			at = at.UTC()
			appointment = &at
		}
	}
	if len(errs) > 0 {
		return catalog.Lead{}, &catalog.Error{Code: catalog.EInvalid, Message: MsgFixErrors, Fields: errs}
	}

	// The dealer reads where a lead came from; a client does not choose it.
	in.Payload["source"] = Source
	lead := catalog.Lead{
		Category: in.Category, Subcategory: in.Subcategory,
		Name: in.Name, LastName: in.LastName, Email: in.Email, Phone: in.Phone,
		Postcode: in.Postcode, Message: in.Message, CarID: in.CarID,
		IdempotencyKey: sub.IdempotencyKey, Payload: in.Payload,
		OptIn: in.OptIn, Rego: strings.ToUpper(in.Rego),
		LocationID: locationID, DealershipSlug: in.DealershipSlug, AppointmentAt: appointment,
		AdditionalServices: in.AdditionalServices, Options: in.Options,
		SourceURL: in.URL, UserAgent: in.UserAgent,
		VisitedPages: in.VisitedPages, LinkedQueryParams: in.LinkedQueryParams,
		CreatedAt: s.now(), UserPhone: sub.UserPhone,
	}
	if lead.Subcategory == "" && slices.Contains(selectorForms, lead.Category) {
		lead.Subcategory = DefaultSubcategory // the selector's default
	}
	if lead.Category == CategoryTestDrive {
		// What the buyer booked, named by the server: a caravan is
		// inspected, not driven, so the dealer reads "Inspection".
		lead.Subcategory = Viewing(site, car)
	}
	if lead.Message == "" && lead.Category == CategoryRequestPhotos {
		lead.Message = RequestPhotosMessage
	}
	if lead.UserAgent == "" {
		lead.UserAgent = truncate(clean(sub.UserAgent, false), 500)
	}
	if car != nil {
		lead.Car = snapshot(*car, sub.Origin)
	}
	if lead.DealershipSlug == "" {
		lead.DealershipSlug = dealershipOf(rules, car, locationID)
	}

	out, created, err := s.Store.SubmitLead(ctx, site.Slug, lead, ActiveDestinations(site, s.Getenv))
	if errors.Is(err, store.ErrAppointmentTaken) {
		return catalog.Lead{}, &catalog.Error{Code: catalog.EInvalid, Message: MsgFixErrors, Fields: map[string]string{"dateTime": MsgSlotTaken}}
	}
	if err != nil {
		return catalog.Lead{}, err
	}
	// A key already used answers with its lead only for the same form
	// sent again (a retry); a different form under it is refused, never
	// acknowledged as the first one's lead and lost.
	if !created && !samePayload(out.Payload, lead.Payload) {
		return catalog.Lead{}, catalog.Errorf(catalog.EConflict, MsgIdempotencyConflict)
	}
	if created && s.Stored != nil {
		s.Stored()
	}
	return out, nil
}

// visibleASCII reports whether s holds only printable ASCII without spaces
// (a UUID, or any key a browser makes): bytes that are not text never
// reach the store.
func visibleASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x21 || s[i] > 0x7e {
			return false
		}
	}
	return true
}

// MsgIdempotencyConflict answers a lead whose Idempotency-Key was used for
// a different form.
const MsgIdempotencyConflict = "This Idempotency-Key was already used for a different form. Send the form again with a new key."

// samePayload reports whether two leads' payloads say the same, compared
// as JSON (a stored payload has been through JSON once already).
func samePayload(a, b map[string]any) bool {
	ja, errA := json.Marshal(a)
	jb, errB := json.Marshal(b)
	if errA != nil || errB != nil {
		return false
	}
	if bytes.Equal(ja, jb) {
		return true
	}
	// Numbers read back from a store compare by value.
	var na, nb any
	return json.Unmarshal(ja, &na) == nil && json.Unmarshal(jb, &nb) == nil && reflect.DeepEqual(na, nb)
}

// booking reports whether a category's lead may book a time (dateTime).
func booking(category string) bool {
	return category == CategoryTestDrive || category == CategoryService
}

// slotProblem says why at cannot be booked for category at the location,
// "" when it can (SlotProblem, after the department check).
func (s *Service) slotProblem(ctx context.Context, site *tenant.Site, rules Rules, category string, car *catalog.Car, locationID int64, at time.Time, zone *time.Location) (string, error) {
	var loc *catalog.Location
	for i := range rules.Locations {
		if rules.Locations[i].ID == locationID {
			loc = &rules.Locations[i]
		}
	}
	if loc == nil {
		return MsgSlotUnavailable, nil
	}
	if !TakesBookings(*loc, category, rules.Locations) {
		what := "service"
		if category != CategoryService {
			what = strings.ToLower(Viewing(site, car))
		}
		return fmt.Sprintf(MsgSlotDepartment, loc.Name, what), nil
	}
	local := at.In(zone)
	day := time.Date(local.Year(), local.Month(), local.Day(), 0, 0, 0, 0, zone)
	booked, err := s.Store.BookedAppointments(ctx, site.Slug, locationID, day.AddDate(0, 0, -1), day.AddDate(0, 0, 2))
	if err != nil {
		return "", err
	}
	return SlotProblem(*loc, at, zone, booked, s.now()), nil
}

// location finds one of the site's visible locations; another is not_found.
func (s *Service) location(ctx context.Context, site *tenant.Site, locationID int64) (catalog.Location, error) {
	rules, err := s.rulesFor(ctx, site)
	if err != nil {
		return catalog.Location{}, err
	}
	for _, l := range rules.Locations {
		if l.ID == locationID {
			return l, nil
		}
	}
	return catalog.Location{}, catalog.Errorf(catalog.ENotFound, "No location %d on this site.", locationID)
}

// Appointments lists a location's slots on a date; a location that is not
// the site's is not_found.
func (s *Service) Appointments(ctx context.Context, site *tenant.Site, locationID int64, date string) ([]Slot, error) {
	zone := Zone(site)
	day, err := ParseDate(date, zone)
	if err != nil {
		return nil, &catalog.Error{Code: catalog.EInvalid, Message: "Date must be a date like 2026-11-24.",
			Fields: map[string]string{"date": "Date must be a date like 2026-11-24."}}
	}
	loc, err := s.location(ctx, site, locationID)
	if err != nil {
		return nil, err
	}
	booked, err := s.Store.BookedAppointments(ctx, site.Slug, locationID, day.AddDate(0, 0, -1), day.AddDate(0, 0, 2))
	if err != nil {
		return nil, err
	}
	return DaySlots(loc, day, zone, booked, s.now()), nil
}

// BookingWindow is a location's bookable days: the window's first and last
// dates and, between them, the days with a free slot.
type BookingWindow struct {
	From string
	To   string
	Days []string
}

// OpenDays lists the days a location can be booked on (OpenDays), for the
// date picker.
func (s *Service) OpenDays(ctx context.Context, site *tenant.Site, locationID int64) (BookingWindow, error) {
	zone := Zone(site)
	loc, err := s.location(ctx, site, locationID)
	if err != nil {
		return BookingWindow{}, err
	}
	now := s.now()
	today := Today(now, zone)
	end := today.AddDate(0, 0, BookingDays)
	booked, err := s.Store.BookedAppointments(ctx, site.Slug, locationID, today.AddDate(0, 0, -1), end.AddDate(0, 0, 1))
	if err != nil {
		return BookingWindow{}, err
	}
	return BookingWindow{From: today.Format(time.DateOnly), To: end.AddDate(0, 0, -1).Format(time.DateOnly),
		Days: OpenDays(loc, zone, booked, now)}, nil
}

// snapshot keeps what the dealer needs of the car as it was.
func snapshot(c catalog.Car, origin string) *catalog.LeadCar {
	path := c.Path
	if path == "" {
		path = "/cars/" + c.Slug
	}
	return &catalog.LeadCar{
		ID: c.ID, Slug: c.Slug, StockNum: c.StockNum, VIN: c.VIN, Year: c.Year, Make: c.Make, Model: c.Model,
		Badge: c.Badge, CarType: c.CarType, Price: c.Price, Status: c.Status, URL: origin + path,
		LocationID: c.LocationID, DealershipID: c.DealershipID,
	}
}

// dealershipOf names the dealership a lead belongs to when the visitor did
// not pick one: the car's, the location's, or the site's only one.
func dealershipOf(r Rules, car *catalog.Car, locationID int64) string {
	if car != nil && car.DealershipSlug != "" {
		return car.DealershipSlug
	}
	var id int64
	if car != nil {
		id = car.DealershipID
	}
	for _, l := range r.Locations {
		if id == 0 && l.ID == locationID {
			if l.DealershipSlug != "" {
				return l.DealershipSlug
			}
			id = l.DealershipID
		}
	}
	for _, d := range r.Dealerships {
		if d.ID == id && id != 0 {
			return d.Slug
		}
	}
	if len(r.Dealerships) == 1 {
		return r.Dealerships[0].Slug
	}
	return ""
}

// pageTitles are the titles of the pages a site offers.
func pageTitles(pages []tenant.Page) []string {
	titles := make([]string, 0, len(pages))
	for _, p := range pages {
		titles = append(titles, p.Title)
	}
	return titles
}
