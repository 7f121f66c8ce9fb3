package leads

import (
	"net/mail"
	"regexp"
	"slices"
	"strings"

	"forecourt/internal/catalog"
	"forecourt/internal/geo"
	"forecourt/internal/tenant"
)

// Messages a visitor sees; docs/behaviour/errors.md and
// docs/behaviour/validation.md give the exact text where they have one.
const (
	MsgFixErrors          = "Please fix the following errors:"                       // docs/behaviour/validation.md#enquiry-form
	MsgTerms              = "*You must agree to the terms of use before submitting." // docs/behaviour/errors.md#terms-unchecked
	MsgPostcode           = geo.MsgPostcodeFormat                                    // docs/behaviour/validation.md#postcodes
	MsgHoneypot           = "This form was not sent: a field that only automated software can see was filled in. If you are a person, reload the page and try again, or call the dealer."
	MsgCategoryRequired   = "Category is required."
	MsgCategoryUnknown    = "Category must be one of enquiry, test_drive, request_photos, finance, trade_in, contact, parts, service, careers, find_similar or reserve."
	MsgSubcategoryUnknown = "Please select an enquiry type from the list."
	MsgNameRequired       = "Name is required."
	MsgEmailRequired      = "Email is required."
	MsgEmailInvalid       = "Email must be an email address like name@example.com."
	MsgPhoneRequired      = "Phone is required."
	MsgPhoneAU            = "Phone must be an Australian phone number, like 0412 345 678 or 07 3123 4567."
	MsgPhoneNZ            = "Phone must be a New Zealand phone number, like 021 123 4567 or 03 123 4567."
	MsgMessageRequired    = "Message is required."
	MsgLocationRequired   = "Please select a dealership location."
	MsgDepartmentRequired = "Please select a department."
	MsgLocationUnknown    = "Location must be one of this dealer's locations."
	MsgDealershipRequired = "Please select a preferred dealership."
	MsgDealershipUnknown  = "Preferred dealership must be one of this dealer's dealerships."
	MsgCarRequired        = "Car is required: this form is about one car."
	MsgCarUnknown         = "Car was not found on this site."
	MsgCarNotReservable   = "This car can no longer be reserved. Please send an enquiry instead."
	MsgRegoInvalid        = "Rego must be letters and numbers only."
	MsgDateTimeInvalid    = "Date and time must be a date and time like 2026-11-24T09:30."
	MsgDateTimeLocation   = "Please select a dealership location for the test drive."
	MsgSlotUnavailable    = "That time is not available. Please choose one of the available times."
	MsgSlotTaken          = "That time has just been booked by someone else. Please choose another time."
	MsgSlotPast           = "That time has passed. Please choose a day and time from today on."
	MsgSlotTooFar         = "Bookings can be made up to %d days ahead. Please choose an earlier day."
	MsgSlotClosed         = "%s is closed on %s. Please choose one of its open days."
	MsgSlotDepartment     = "%s does not take %s bookings. Please choose another location."
)

// DefaultSubcategory is the category selector's default (docs/behaviour/validation.md,
// Enquiry form).
const DefaultSubcategory = tenant.DefaultEnquiryCategory

// ChatSubcategory labels an enquiry sent from the chat panel
// (docs/behaviour/roles.md#chat-vs-enquire: Instant Message replaces Enquire
// Now when chat is configured).
// A chat site accepts it whatever its enquiry_categories list.
const ChatSubcategory = "Instant Message"

// Source is every lead's source (docs/behaviour/entities.md#lead-payload:
// source ('Website')); the server sets it, whatever the client sends.
const Source = "Website"

// RequestPhotosMessage is the hidden prefilled text of the Request Photos
// form (docs/behaviour/validation.md).
const RequestPhotosMessage = "Please send photos for this car"

// Rules is what validating a lead needs to know about its site.
type Rules struct {
	Country               string // AU or NZ
	MessageOptional       bool   // features.message_optional
	TermsRequired         bool   // features.terms_required
	DepartmentPlaceholder bool   // wording.department_placeholder
	TermsMessage          string // wording.terms_message; MsgTerms when empty
	EnquiryCategories     []string
	Chat                  bool // features.chat: the chat panel sends ChatSubcategory enquiries
	// PageTitles are the titles of the site's own pages: a contact lead sent
	// from a page's form (Spin to Win, Online Payment) is labelled with it.
	PageTitles  []string
	Locations   []catalog.Location
	Dealerships []catalog.Dealership
}

// messageRequired: forms whose message is required unless the site waives
// it (docs/behaviour/validation.md: "Message is required unless a dealership flag
// waives it"); the test drive, request photos, finance, trade-in and
// reserve forms make it optional.
var messageRequired = []string{CategoryEnquiry, CategoryContact, CategoryParts, CategoryService, CategoryCareers, CategoryFindSimilar}

// selectorForms are the general enquiries whose form shows the category
// selector (docs/behaviour/validation.md#enquiry-form): their subcategory is one of
// the site's wording.enquiry_categories.
var selectorForms = []string{CategoryEnquiry, CategoryContact}

// carRequired: forms that only make sense about one car.
var carRequired = []string{CategoryRequestPhotos, CategoryReserve}

// locationForms show the location selector when no car is named
// (docs/behaviour/validation.md#enquiry-location: "The location selector is
// required when shown").
var locationForms = []string{CategoryEnquiry, CategoryContact, CategoryParts, CategoryService}

var (
	postcodeRE = regexp.MustCompile(`^[0-9]{4}$`)
	regoRE     = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9 -]{0,11}$`)
)

// Validate checks a decoded lead against its form's rules; car is the
// site's car named by car_id (nil when none was named or it was not
// found). It returns one message per wrong field, nil when all is well.
func Validate(in *Input, r Rules, car *catalog.Car) map[string]string {
	errs := map[string]string{}
	for k, v := range in.Errors {
		errs[k] = v
	}
	set := func(field, msg string) {
		if _, ok := errs[field]; !ok {
			errs[field] = msg
		}
	}
	switch {
	case in.Category == "":
		set("category", MsgCategoryRequired)
	case !slices.Contains(Categories, in.Category):
		set("category", MsgCategoryUnknown)
	}

	if in.Name == "" {
		set("name", MsgNameRequired)
	}
	switch {
	case in.Email == "":
		set("email", MsgEmailRequired)
	case !ValidEmail(in.Email):
		set("email", MsgEmailInvalid)
	}
	switch {
	case in.Phone == "":
		set("phone", MsgPhoneRequired)
	case !catalog.ValidPhone(r.Country, in.Phone):
		if r.Country == "NZ" {
			set("phone", MsgPhoneNZ)
		} else {
			set("phone", MsgPhoneAU)
		}
	}
	if in.Postcode != "" && !postcodeRE.MatchString(in.Postcode) {
		set("postcode", MsgPostcode)
	}
	if in.Rego != "" && !regoRE.MatchString(in.Rego) {
		set("rego", MsgRegoInvalid)
	}
	if in.Message == "" && !r.MessageOptional && slices.Contains(messageRequired, in.Category) {
		set("message", MsgMessageRequired)
	}
	chatLead := r.Chat && in.Category == CategoryEnquiry && in.Subcategory == ChatSubcategory
	pageLead := in.Category == CategoryContact && slices.Contains(r.PageTitles, in.Subcategory)
	if in.Subcategory != "" && len(r.EnquiryCategories) > 0 && slices.Contains(selectorForms, in.Category) &&
		!slices.Contains(r.EnquiryCategories, in.Subcategory) && !chatLead && !pageLead {
		set("subcategory", MsgSubcategoryUnknown)
	}
	if r.TermsRequired && !in.Terms {
		msg := r.TermsMessage
		if msg == "" {
			msg = MsgTerms
		}
		set("terms", msg)
	}

	if in.CarID != 0 && car == nil {
		set("car_id", MsgCarUnknown)
	}
	// Only a car a buyer can still have is reserved (docs/behaviour/states.md,
	// Availability): shown, in stock or coming soon, not reserved already.
	if car != nil && in.Category == CategoryReserve && (!car.Available() || car.Reserved || !car.ShowOnWebsite) {
		set("car_id", MsgCarNotReservable)
	}
	if in.CarID == 0 && slices.Contains(carRequired, in.Category) {
		set("car_id", MsgCarRequired)
	}

	// Where the lead goes: a car names its location and dealership; without
	// one the visitor picks them when the site has several.
	var loc *catalog.Location
	if in.LocationID != 0 {
		if i := slices.IndexFunc(r.Locations, func(l catalog.Location) bool { return l.ID == in.LocationID }); i >= 0 {
			loc = &r.Locations[i]
		} else {
			set("location_id", MsgLocationUnknown)
		}
	} else if car == nil && in.CarID == 0 && len(r.Locations) > 1 {
		needLocation := slices.Contains(locationForms, in.Category) ||
			(in.Category == CategoryTestDrive && in.DateTime != "")
		if needLocation {
			switch {
			case in.Category == CategoryTestDrive:
				set("location_id", MsgDateTimeLocation)
			case r.DepartmentPlaceholder:
				set("location_id", MsgDepartmentRequired)
			default:
				set("location_id", MsgLocationRequired)
			}
		}
	}
	if in.DealershipSlug != "" {
		if !slices.ContainsFunc(r.Dealerships, func(d catalog.Dealership) bool { return d.Slug == in.DealershipSlug }) {
			set("dealership_slug", MsgDealershipUnknown)
		}
	} else if len(r.Dealerships) > 1 && car == nil && in.CarID == 0 && loc == nil && in.LocationID == 0 {
		set("dealership_slug", MsgDealershipRequired)
	}
	if len(errs) == 0 {
		return nil
	}
	return errs
}

// ValidEmail accepts a bare address with a dotted domain: what a dealer
// can reply to, without display names or comments. Every address a buyer
// gives (a lead, an unsubscribe request) is held to it.
func ValidEmail(s string) bool {
	if strings.ContainsAny(s, " <>,;\"") || strings.Count(s, "@") != 1 {
		return false
	}
	a, err := mail.ParseAddress(s)
	if err != nil || a.Address != s {
		return false
	}
	local, domain, _ := strings.Cut(s, "@")
	if local == "" || len(local) > 64 || !strings.Contains(domain, ".") || strings.HasPrefix(domain, ".") ||
		strings.HasSuffix(domain, ".") || strings.Contains(domain, "..") {
		return false
	}
	return true
}
