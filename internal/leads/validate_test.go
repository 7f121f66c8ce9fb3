package leads

import (
	"encoding/json"
	"maps"
	"reflect"
	"slices"
	"strings"
	"testing"

	"forecourt/internal/catalog"
)

// base is a valid enquiry; each case changes it.
func base() map[string]any {
	return map[string]any{
		"category": "enquiry", "name": "Jo", "email": "jo@example.com",
		"phone": "0412 345 678", "message": "Is it still available?",
	}
}

func with(changes map[string]any, drop ...string) map[string]any {
	p := base()
	maps.Copy(p, changes)
	for _, k := range drop {
		delete(p, k)
	}
	return p
}

var (
	oneLocation = []catalog.Location{{ID: 1, Name: "Brisbane", Visible: true, DealershipID: 1}}
	twoLocs     = []catalog.Location{{ID: 1, Name: "Brisbane", Visible: true, DealershipID: 1}, {ID: 2, Name: "Noosa", Visible: true, DealershipID: 2}}
	oneDealer   = []catalog.Dealership{{ID: 1, Slug: "harbourside"}}
	twoDealers  = []catalog.Dealership{{ID: 1, Slug: "summit-toyota"}, {ID: 2, Slug: "summit-mazda"}}
	au          = Rules{Country: "AU", Locations: oneLocation, Dealerships: oneDealer}
	aCar        = &catalog.Car{ID: 9, LocationID: 2, DealershipID: 2}
)

func withCategories(r Rules) Rules {
	r.EnquiryCategories = []string{"General Enquiry", "Vehicle Enquiry", "Finance Enquiry"}
	return r
}

func TestValidate(t *testing.T) {
	cases := []struct {
		name    string
		payload map[string]any
		rules   Rules
		car     *catalog.Car
		want    map[string]string // nil: valid
	}{
		// docs/behaviour/validation.md#enquiry-form: name, email and phone are the shared contact inputs.
		{"valid enquiry", base(), au, nil, nil},
		{"name missing", with(nil, "name"), au, nil, map[string]string{"name": MsgNameRequired}},
		{"name blank", with(map[string]any{"name": "   "}), au, nil, map[string]string{"name": MsgNameRequired}},
		{"email missing", with(nil, "email"), au, nil, map[string]string{"email": MsgEmailRequired}},
		{"email without domain dot", with(map[string]any{"email": "jo@example"}), au, nil, map[string]string{"email": MsgEmailInvalid}},
		{"email with display name", with(map[string]any{"email": "Jo <jo@example.com>"}), au, nil, map[string]string{"email": MsgEmailInvalid}},
		{"email two ats", with(map[string]any{"email": "jo@@example.com"}), au, nil, map[string]string{"email": MsgEmailInvalid}},
		{"phone missing", with(nil, "phone"), au, nil, map[string]string{"phone": MsgPhoneRequired}},
		// docs/behaviour/validation.md#phone-display (Phone display: +61 becomes 0) and docs/behaviour/http.md AU/NZ sites.
		{"phone +61 accepted", with(map[string]any{"phone": "+61 412 345 678"}), au, nil, nil},
		{"phone too short AU", with(map[string]any{"phone": "0412 345"}), au, nil, map[string]string{"phone": MsgPhoneAU}},
		{"phone AU number on NZ site", with(map[string]any{"phone": "0412 345 678"}), Rules{Country: "NZ", Locations: oneLocation, Dealerships: oneDealer}, nil, map[string]string{"phone": MsgPhoneNZ}},
		{"phone NZ mobile on NZ site", with(map[string]any{"phone": "021 123 4567"}), Rules{Country: "NZ", Locations: oneLocation, Dealerships: oneDealer}, nil, nil},
		{"postcode given as a number", with(map[string]any{"postcode": json.Number("4000")}), au, nil, nil},
		// docs/behaviour/validation.md#enquiry-form: message required unless a dealership flag waives it.
		{"message missing", with(nil, "message"), au, nil, map[string]string{"message": MsgMessageRequired}},
		{"message waived by site", with(nil, "message"), Rules{Country: "AU", MessageOptional: true, Locations: oneLocation, Dealerships: oneDealer}, nil, nil},
		// docs/behaviour/validation.md#test-drive-form: the test drive and request photos forms have an optional message.
		{"test drive without message", with(map[string]any{"category": "test_drive"}, "message"), au, nil, nil},
		{"request photos without message", with(map[string]any{"category": "request_photos", "car_id": 9}, "message"), au, aCar, nil},
		{"finance without message", with(map[string]any{"category": "finance"}, "message"), au, nil, nil},
		{"trade-in without message", with(map[string]any{"category": "trade_in"}, "message"), au, nil, nil},
		{"contact without message", with(map[string]any{"category": "contact"}, "message"), au, nil, map[string]string{"message": MsgMessageRequired}},
		{"parts without message", with(map[string]any{"category": "parts"}, "message"), au, nil, map[string]string{"message": MsgMessageRequired}},
		{"service without message", with(map[string]any{"category": "service"}, "message"), au, nil, map[string]string{"message": MsgMessageRequired}},
		{"careers without message", with(map[string]any{"category": "careers"}, "message"), au, nil, map[string]string{"message": MsgMessageRequired}},
		{"find similar without message", with(map[string]any{"category": "find_similar"}, "message"), au, nil, map[string]string{"message": MsgMessageRequired}},
		// docs/behaviour/http.md POST /api/leads: category is one of eleven.
		{"category missing", with(nil, "category"), au, nil, map[string]string{"category": MsgCategoryRequired}},
		{"category unknown", with(map[string]any{"category": "spam"}), au, nil, map[string]string{"category": MsgCategoryUnknown}},
		// docs/behaviour/validation.md#enquiry-form: terms checkbox for some dealerships.
		{"terms required, unticked", base(), Rules{Country: "AU", TermsRequired: true, Locations: oneLocation, Dealerships: oneDealer}, nil, map[string]string{"terms": MsgTerms}},
		{"terms required, false", with(map[string]any{"terms": false}), Rules{Country: "AU", TermsRequired: true, Locations: oneLocation, Dealerships: oneDealer}, nil, map[string]string{"terms": MsgTerms}},
		{"terms required, ticked", with(map[string]any{"terms": true}), Rules{Country: "AU", TermsRequired: true, Locations: oneLocation, Dealerships: oneDealer}, nil, nil},
		{"terms not required", base(), au, nil, nil},
		// docs/behaviour/validation.md: "(also 'You must agree to the terms of use before submitting the form.')".
		{"terms message of the site", base(), Rules{Country: "AU", TermsRequired: true, TermsMessage: "You must agree to the terms of use before submitting the form.", Locations: oneLocation, Dealerships: oneDealer}, nil,
			map[string]string{"terms": "You must agree to the terms of use before submitting the form."}},
		// docs/behaviour/validation.md: "A category selector (required, default 'General Enquiry') appears for
		// general enquiries"; its value is one of the site's list.
		{"enquiry type from the list", with(map[string]any{"subcategory": "Finance Enquiry"}), withCategories(au), nil, nil},
		{"enquiry type left out takes the default", base(), withCategories(au), nil, nil},
		{"enquiry type not in the list", with(map[string]any{"subcategory": "Hacker"}), withCategories(au), nil, map[string]string{"subcategory": MsgSubcategoryUnknown}},
		{"contact type not in the list", with(map[string]any{"category": "contact", "subcategory": "Contact Us"}), withCategories(au), nil, map[string]string{"subcategory": MsgSubcategoryUnknown}},
		// docs/behaviour/roles.md: Instant Message (chat) replaces Enquire Now when chat is configured;
		// its enquiry arrives as 'Instant Message' on a chat site only.
		{"chat message on a chat site", with(map[string]any{"subcategory": ChatSubcategory}), func() Rules { r := withCategories(au); r.Chat = true; return r }(), nil, nil},
		{"chat message on a site without chat", with(map[string]any{"subcategory": ChatSubcategory}), withCategories(au), nil, map[string]string{"subcategory": MsgSubcategoryUnknown}},
		{"a page's own form labels its contact lead with the page", with(map[string]any{"category": "contact", "subcategory": "Spin to Win"}), func() Rules { r := withCategories(au); r.PageTitles = []string{"Spin to Win"}; return r }(), nil, nil},
		{"a page title is no enquiry category", with(map[string]any{"subcategory": "Spin to Win"}), func() Rules { r := withCategories(au); r.PageTitles = []string{"Spin to Win"}; return r }(), nil, map[string]string{"subcategory": MsgSubcategoryUnknown}},
		{"a title the site has no page for", with(map[string]any{"category": "contact", "subcategory": "Spin to Win"}), withCategories(au), nil, map[string]string{"subcategory": MsgSubcategoryUnknown}},
		{"chat flag keeps contact to the list", with(map[string]any{"category": "contact", "subcategory": ChatSubcategory}), func() Rules { r := withCategories(au); r.Chat = true; return r }(), nil, map[string]string{"subcategory": MsgSubcategoryUnknown}},
		{"other forms keep their own label", with(map[string]any{"category": "finance", "subcategory": "Finance Enquiry Form"}), withCategories(au), nil, nil},
		// docs/behaviour/validation.md#postcodes: lead postcode is exactly 4 digits.
		{"postcode 4 digits", with(map[string]any{"postcode": "4000"}), au, nil, nil},
		{"postcode 3 digits", with(map[string]any{"postcode": "400"}), au, nil, map[string]string{"postcode": MsgPostcode}},
		{"postcode 5 digits", with(map[string]any{"postcode": "40000"}), au, nil, map[string]string{"postcode": MsgPostcode}},
		{"postcode letters", with(map[string]any{"postcode": "40a0"}), au, nil, map[string]string{"postcode": MsgPostcode}},
		// docs/behaviour/validation.md#enquiry-form: rego optional.
		{"rego given", with(map[string]any{"rego": "ABC 123"}), au, nil, nil},
		{"rego with symbols", with(map[string]any{"rego": "<b>"}), au, nil, map[string]string{"rego": MsgRegoInvalid}},
		// docs/behaviour/validation.md#enquiry-form: the location selector is required when shown.
		{"location needed with several", base(), Rules{Country: "AU", Locations: twoLocs, Dealerships: oneDealer}, nil, map[string]string{"location_id": MsgLocationRequired}},
		{"department wording", base(), Rules{Country: "AU", DepartmentPlaceholder: true, Locations: twoLocs, Dealerships: oneDealer}, nil, map[string]string{"location_id": MsgDepartmentRequired}},
		{"location given", with(map[string]any{"location_id": 2}), Rules{Country: "AU", Locations: twoLocs, Dealerships: twoDealers}, nil, nil},
		{"location of another site", with(map[string]any{"location_id": 99}), Rules{Country: "AU", Locations: twoLocs, Dealerships: oneDealer}, nil, map[string]string{"location_id": MsgLocationUnknown}},
		{"car names the location", with(map[string]any{"car_id": 9}), Rules{Country: "AU", Locations: twoLocs, Dealerships: twoDealers}, aCar, nil},
		{"finance form has no location selector", with(map[string]any{"category": "finance", "dealership_slug": "summit-mazda"}), Rules{Country: "AU", Locations: twoLocs, Dealerships: twoDealers}, nil, nil},
		// docs/behaviour/validation.md#enquiry-form: preferred dealership required when several.
		{"dealership needed with several", with(map[string]any{"category": "finance"}), Rules{Country: "AU", Locations: twoLocs, Dealerships: twoDealers}, nil, map[string]string{"dealership_slug": MsgDealershipRequired}},
		{"dealership unknown", with(map[string]any{"category": "finance", "dealership_slug": "elsewhere"}), Rules{Country: "AU", Locations: twoLocs, Dealerships: twoDealers}, nil, map[string]string{"dealership_slug": MsgDealershipUnknown}},
		{"one dealership needs no pick", with(map[string]any{"category": "finance"}), au, nil, nil},
		// A lead about a car must name one of the site's cars.
		{"car of another site", with(map[string]any{"car_id": 123}), au, nil, map[string]string{"car_id": MsgCarUnknown}},
		{"reserve needs a car", with(map[string]any{"category": "reserve"}), au, nil, map[string]string{"car_id": MsgCarRequired}},
		{"request photos needs a car", with(map[string]any{"category": "request_photos"}), au, nil, map[string]string{"car_id": MsgCarRequired}},
		{"car id as digits", with(map[string]any{"car_id": "9"}), au, aCar, nil},
		{"car id not a number", with(map[string]any{"car_id": "nine"}), au, nil, map[string]string{"car_id": "Car must be an id number."}},
		{"car id negative", with(map[string]any{"car_id": -4}), au, nil, map[string]string{"car_id": "Car must be an id number."}},
		// docs/behaviour/validation.md#test-drive-form: a test drive's time needs somewhere to drive.
		{"test drive time at a multi-site dealer", with(map[string]any{"category": "test_drive", "dateTime": "2030-01-07T09:00"}), Rules{Country: "AU", Locations: twoLocs, Dealerships: oneDealer}, nil, map[string]string{"location_id": MsgDateTimeLocation}},
		// Types and sizes are named per field.
		{"name not text", with(map[string]any{"name": []any{"Jo"}}), au, nil, map[string]string{"name": "Name must be text."}},
		{"message of control characters only", with(map[string]any{"message": strings.Repeat("\x01", 5001)}), au, nil, map[string]string{"message": MsgMessageRequired}},
		// A null character cannot be stored (PostgreSQL refuses it), so it is
		// refused wherever it is, naming the field.
		{"message with a null character", with(map[string]any{"message": "Hi\x00"}), au, nil, map[string]string{"message": "Message must not contain a null character."}},
		{"extra field with a null character", with(map[string]any{"Vehicle Make": "Mazda\x00"}), au, nil, map[string]string{"Vehicle Make": "Vehicle Make must not contain a null character."}},
		{"opt-in not a flag", with(map[string]any{"opt_in": "perhaps"}), au, nil, map[string]string{"opt_in": "Opt-in must be true or false."}},
		{"several wrong at once", with(map[string]any{"email": "x", "phone": "1"}, "name"), au, nil,
			map[string]string{"name": MsgNameRequired, "email": MsgEmailInvalid, "phone": MsgPhoneAU}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			body, _ := json.Marshal(c.payload)
			in, err := Decode(body)
			if err != nil {
				t.Fatal(err)
			}
			got := Validate(in, c.rules, c.car)
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("Validate = %v, want %v", got, c.want)
			}
		})
	}
}

func TestMessageTooLongNamesLimit(t *testing.T) {
	long := make([]rune, 5001)
	for i := range long {
		long[i] = 'a'
	}
	body, _ := json.Marshal(with(map[string]any{"message": string(long)}))
	in, _ := Decode(body)
	if got := in.Errors["message"]; got != "Message must be at most 5,000 characters." {
		t.Errorf("message error = %q", got)
	}
}

func TestOptionsAndRadioKeys(t *testing.T) {
	// docs/behaviour/validation.md#enquiry-form: option keys containing _radio_options are dropped;
	// true options ending '(check_option)' move into additional_services.
	body := []byte(`{"category":"service","name":"Jo","email":"jo@example.com","phone":"0412345678","message":"Service",
		"colour_radio_options":"red",
		"options":{"Logbook service (check_option)":true,"Wheel alignment (check_option)":false,
		           "Window tint(check_option)":true,"service_radio_options":"a","Preferred day":"Monday"},
		"additional_services":["Loan car"]}`)
	in, err := Decode(body)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"Loan car", "Logbook service", "Window tint"}; !reflect.DeepEqual(sorted(in.AdditionalServices), want) {
		t.Errorf("additional_services = %v, want %v", in.AdditionalServices, want)
	}
	if want := map[string]any{"Preferred day": "Monday"}; !reflect.DeepEqual(in.Options, want) {
		t.Errorf("options = %v, want %v", in.Options, want)
	}
	if _, ok := in.Payload["colour_radio_options"]; ok {
		t.Error("a _radio_options key was kept in the stored payload")
	}
	if opts := in.Payload["options"].(map[string]any); len(opts) != 1 {
		t.Errorf("stored options = %v, want only the plain one", opts)
	}
}

func sorted(s []string) []string { s = slices.Clone(s); slices.Sort(s); return s }

func TestPayloadKeepsQuotedKeysAndAttributes(t *testing.T) {
	// docs/behaviour/entities.md#lead-payload: the payload carries 'Vehicle Make', 'Vehicle Model'
	// and lead_attributes (visited_pages, linked_query_params).
	body := []byte(`{"category":"trade_in","name":"Jo","email":"jo@example.com","phone":"0412345678",
		"Vehicle Make":"Mazda","Vehicle Model":"CX-5","source":"Website","adjustmentAnswers":[{"q":"Accident?","a":"No"}],
		"lead_attributes":{"visited_pages":["/","/cars/x"],"linked_query_params":{"utm_source":"google","gclid":123}}}`)
	in, err := Decode(body)
	if err != nil {
		t.Fatal(err)
	}
	if in.Payload["Vehicle Make"] != "Mazda" || in.Payload["Vehicle Model"] != "CX-5" {
		t.Errorf("quoted keys lost: %v", in.Payload)
	}
	if _, ok := in.Payload["adjustmentAnswers"].([]any); !ok {
		t.Errorf("adjustmentAnswers lost: %v", in.Payload["adjustmentAnswers"])
	}
	if !reflect.DeepEqual(in.VisitedPages, []string{"/", "/cars/x"}) {
		t.Errorf("visited_pages = %v", in.VisitedPages)
	}
	if !reflect.DeepEqual(in.LinkedQueryParams, map[string]string{"utm_source": "google", "gclid": "123"}) {
		t.Errorf("linked_query_params = %v", in.LinkedQueryParams)
	}
}

func TestDecodeRefusesNonObjects(t *testing.T) {
	for _, body := range []string{``, `null`, `[]`, `"lead"`, `{"a":1}{"b":2}`, `{`} {
		if _, err := Decode([]byte(body)); catalog.ErrorCode(err) != catalog.EInvalid {
			t.Errorf("Decode(%q) err = %v, want invalid", body, err)
		}
	}
}

func TestHoneypot(t *testing.T) {
	for _, v := range []string{`"http://spam.example"`, `1`, `true`} {
		in, err := Decode([]byte(`{"category":"contact","website":` + v + `}`))
		if err != nil || !in.Honeypot {
			t.Errorf("honeypot %s not noticed (err %v)", v, err)
		}
		if _, kept := in.Payload[HoneypotField]; kept {
			t.Error("the honeypot value was kept in the payload")
		}
	}
	in, _ := Decode([]byte(`{"category":"contact","website":""}`))
	if in.Honeypot {
		t.Error("an empty honeypot counted as filled")
	}
}
