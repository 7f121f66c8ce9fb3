package leads

import (
	"testing"
	"time"

	"forecourt/internal/catalog"
)

// FuzzDecodeLead: whatever arrives as a lead body, decoding and validating
// never panic and never give anything but an invalid error (a 422, never a
// 500), and a lead that passes can always be rendered as ADF.
func FuzzDecodeLead(f *testing.F) {
	for _, seed := range []string{
		`{"category":"enquiry","name":"Jo","email":"jo@example.com","phone":"0412 345 678","message":"Hi"}`,
		`{"category":"service","options":{"Tint (check_option)":true,"a_radio_options":1},"additional_services":["x",1]}`,
		`{"category":"test_drive","dateTime":"2030-01-07T09:00","car_id":"12","location_id":3.0}`,
		`{"category":"trade_in","Vehicle Make":"Mazda","lead_attributes":{"visited_pages":["/"],"linked_query_params":{"a":[1]}}}`,
		`{"website":"x"}`, `[]`, `null`, `{"car_id":1e400}`, `{"name":"\u0000\u2028"}`, `{"opt_in":"maybe","terms":2}`,
	} {
		f.Add([]byte(seed))
	}
	rules := Rules{Country: "AU", TermsRequired: true,
		Locations:   []catalog.Location{{ID: 1, Visible: true}, {ID: 2, Visible: true}},
		Dealerships: []catalog.Dealership{{ID: 1, Slug: "a"}, {ID: 2, Slug: "b"}}}
	f.Fuzz(func(t *testing.T, body []byte) {
		in, err := Decode(body)
		if err != nil {
			if catalog.ErrorCode(err) != catalog.EInvalid {
				t.Fatalf("Decode error %v is not invalid", err)
			}
			return
		}
		errs := Validate(in, rules, nil)
		for field, msg := range errs {
			if field == "" || msg == "" {
				t.Fatalf("an empty field error: %q: %q", field, msg)
			}
		}
		if at, err := ParseDateTime(in.DateTime, time.UTC); err == nil && at.IsZero() && in.DateTime != "0001-01-01T00:00:00Z" {
			t.Fatalf("ParseDateTime(%q) gave the zero time without an error", in.DateTime)
		}
		lead := catalog.Lead{Category: in.Category, Name: in.Name, LastName: in.LastName, Email: in.Email, Phone: in.Phone,
			Message: in.Message, Payload: in.Payload, Options: in.Options, AdditionalServices: in.AdditionalServices}
		if _, err := ADF(lead, testSite, Vendor{}, ""); err != nil {
			t.Fatalf("ADF of a decoded lead: %v", err)
		}
	})
}
