// Package leads turns a visitor's form into a lead the dealer can act on:
// it decodes and validates the payload of docs/behaviour/entities.md#lead-payload,
// stores it with its delivery outbox in one transaction, and delivers it
// to the site's webhook and ADF email destinations.
package leads

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"forecourt/internal/catalog"
)

// Categories of docs/behaviour/http.md POST /api/leads.
const (
	CategoryEnquiry       = "enquiry"
	CategoryTestDrive     = "test_drive"
	CategoryRequestPhotos = "request_photos"
	CategoryFinance       = "finance"
	CategoryTradeIn       = "trade_in"
	CategoryContact       = "contact"
	CategoryParts         = "parts"
	CategoryService       = "service"
	CategoryCareers       = "careers"
	CategoryFindSimilar   = "find_similar"
	CategoryReserve       = "reserve"
)

// Categories lists every category in the order docs/behaviour/http.md gives them.
var Categories = []string{
	CategoryEnquiry, CategoryTestDrive, CategoryRequestPhotos, CategoryFinance, CategoryTradeIn,
	CategoryContact, CategoryParts, CategoryService, CategoryCareers, CategoryFindSimilar, CategoryReserve,
}

// HoneypotField is the form input hidden from people (off-screen, no
// label, tabindex -1); only software that fills every input types in it.
const HoneypotField = "website"

// MaxBodyBytes bounds a submitted lead; a real form is a few kilobytes.
const MaxBodyBytes = 64 << 10

// MsgTooLarge is the answer to a lead over MaxBodyBytes.
var MsgTooLarge = fmt.Sprintf("The form is too large to send (at most %d KB).", MaxBodyBytes>>10)

// Field length bounds (docs/behaviour/validation.md leaves them open: "Field bounds
// for first name, last name and phone: not shown").
const (
	maxName     = 100
	maxEmail    = 254
	maxPhone    = 30
	maxMessage  = 5000
	maxShort    = 200 // subcategory, rego, slugs, stock numbers
	maxURL      = 2000
	maxPages    = 50
	maxServices = 50
)

// Input is a decoded lead payload before validation. Type errors found
// while decoding are already in Errors.
type Input struct {
	Category, Subcategory        string
	Name, LastName, Email, Phone string
	Postcode, Message, Rego      string
	DealershipSlug               string
	OptIn                        bool
	Terms                        bool
	TermsGiven                   bool
	CarID, LocationID            int64
	DateTime                     string
	Options                      map[string]any
	AdditionalServices           []string
	URL, UserAgent               string
	VisitedPages                 []string
	LinkedQueryParams            map[string]string
	Honeypot                     bool           // the hidden field was filled
	Payload                      map[string]any // as received, minus the honeypot and radio option keys
	Errors                       map[string]string
}

func (in *Input) fail(field, msg string) {
	if in.Errors == nil {
		in.Errors = map[string]string{}
	}
	if _, ok := in.Errors[field]; !ok {
		in.Errors[field] = msg
	}
}

// Decode reads a lead payload. Only a body that is not a JSON object is an
// error; every wrong field is reported in Input.Errors so the visitor sees
// all of them at once.
func Decode(body []byte) (*Input, error) {
	if len(body) > MaxBodyBytes {
		return nil, catalog.Errorf(catalog.EInvalid, "%s", MsgTooLarge)
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	var raw map[string]any
	if err := dec.Decode(&raw); err != nil || raw == nil {
		return nil, catalog.Errorf(catalog.EInvalid, "The form must be sent as a JSON object.")
	}
	if dec.More() {
		return nil, catalog.Errorf(catalog.EInvalid, "The form must be sent as one JSON object.")
	}
	in := &Input{Payload: map[string]any{}}
	for k, v := range raw {
		if strings.Contains(k, "_radio_options") || k == HoneypotField {
			continue // docs/behaviour/validation.md: radio option keys are dropped before submit
		}
		in.Payload[k] = plain(v)
		if hasNull(k) || hasNull(v) {
			in.failNull(k)
		}
	}
	switch v := raw[HoneypotField].(type) {
	case nil:
	case string:
		in.Honeypot = strings.TrimSpace(v) != ""
	default:
		in.Honeypot = true
	}
	in.Category = in.text(raw, "category", "Category", 50)
	in.Subcategory = in.text(raw, "subcategory", "Subcategory", maxShort)
	in.Name = in.text(raw, "name", "Name", maxName)
	in.LastName = in.text(raw, "last_name", "Last name", maxName)
	in.Email = in.text(raw, "email", "Email", maxEmail)
	in.Phone = in.text(raw, "phone", "Phone", maxPhone)
	in.Postcode = in.text(raw, "postcode", "Postcode", 20)
	in.Message = in.multiline(raw, "message", "Message", maxMessage)
	in.Rego = in.text(raw, "rego", "Rego", maxShort)
	in.DealershipSlug = in.text(raw, "dealership_slug", "Preferred dealership", maxShort)
	if in.DealershipSlug == "" {
		in.DealershipSlug = in.text(raw, "preferred_dealership", "Preferred dealership", maxShort)
	}
	in.DateTime = in.text(raw, "dateTime", "Date and time", 50)
	in.URL = in.text(raw, "url", "Page address", maxURL)
	in.UserAgent = in.text(raw, "user_agent", "Browser", 500)
	in.OptIn = in.boolean(raw, "opt_in", "Opt-in")
	if _, ok := raw["terms"]; ok {
		in.Terms, in.TermsGiven = in.boolean(raw, "terms", "Terms"), true
	} else if _, ok := raw["terms_accepted"]; ok {
		in.Terms, in.TermsGiven = in.boolean(raw, "terms_accepted", "Terms"), true
	}
	in.CarID = in.id(raw, "car_id", "Car")
	in.LocationID = in.id(raw, "location_id", "Location")
	in.options(raw)
	in.attributes(raw)
	return in, nil
}

// fieldLabels name the form's fields in messages about a field as a whole.
var fieldLabels = map[string]string{
	"category": "Category", "subcategory": "Subcategory", "name": "Name", "last_name": "Last name",
	"email": "Email", "phone": "Phone", "postcode": "Postcode", "message": "Message", "rego": "Rego",
	"dealership_slug": "Preferred dealership", "preferred_dealership": "Preferred dealership",
	"dateTime": "Date and time", "url": "Page address", "user_agent": "Browser", "options": "Options",
	"additional_services": "Additional services", "lead_attributes": "Page history",
}

// failNull refuses a field holding a null character. The lead keeps the
// form as sent (Payload), and PostgreSQL cannot store a null character in
// it, so such a lead is refused on every store instead of failing on one.
// No keyboard types it; it only comes from software or a bad paste.
func (in *Input) failNull(key string) {
	field := strings.ReplaceAll(key, "\x00", "")
	if field == "" {
		field = "form"
	}
	label := fieldLabels[field]
	if label == "" {
		label = field
	}
	in.fail(field, label+" must not contain a null character.")
}

// hasNull reports whether a decoded JSON value holds a null character in
// any of its texts or keys.
func hasNull(v any) bool {
	switch v := v.(type) {
	case string:
		return strings.ContainsRune(v, 0)
	case map[string]any:
		for k, x := range v {
			if hasNull(k) || hasNull(x) {
				return true
			}
		}
	case []any:
		for _, x := range v {
			if hasNull(x) {
				return true
			}
		}
	}
	return false
}

// plain turns json.Number back into float64 so the stored payload reads
// the same whichever store keeps it.
func plain(v any) any {
	switch v := v.(type) {
	case json.Number:
		f, err := v.Float64()
		if err != nil {
			return v.String()
		}
		return f
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, x := range v {
			out[k] = plain(x)
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = plain(x)
		}
		return out
	}
	return v
}

// clean drops control characters (a line break survives only in multiline
// text) and invalid UTF-8, and trims.
func clean(s string, multiline bool) string {
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "")
	}
	s = strings.Map(func(r rune) rune {
		if r == '\n' && multiline {
			return r
		}
		if r == '\t' {
			return ' '
		}
		if unicode.IsControl(r) || r == '\u2028' || r == '\u2029' {
			return -1
		}
		return r
	}, s)
	return strings.TrimSpace(s)
}

func (in *Input) str(raw map[string]any, key, label string, max int, multiline bool) string {
	v, ok := raw[key]
	if !ok || v == nil {
		return ""
	}
	var s string
	switch v := v.(type) {
	case string:
		s = v
	case json.Number:
		s = v.String() // a phone or postcode typed as a number
	default:
		in.fail(key, label+" must be text.")
		return ""
	}
	s = clean(strings.ReplaceAll(s, "\r\n", "\n"), multiline)
	if utf8.RuneCountInString(s) > max {
		in.fail(key, fmt.Sprintf("%s must be at most %s characters.", label, groupDigits(max)))
		return ""
	}
	return s
}

func (in *Input) text(raw map[string]any, key, label string, max int) string {
	return in.str(raw, key, label, max, false)
}

func (in *Input) multiline(raw map[string]any, key, label string, max int) string {
	return in.str(raw, key, label, max, true)
}

func (in *Input) boolean(raw map[string]any, key, label string) bool {
	switch v := raw[key].(type) {
	case nil:
		return false
	case bool:
		return v
	case string:
		switch strings.ToLower(strings.TrimSpace(v)) {
		case "true", "on", "yes", "1":
			return true
		case "false", "off", "no", "0", "":
			return false
		}
	case json.Number:
		switch v.String() {
		case "1":
			return true
		case "0":
			return false
		}
	}
	in.fail(key, label+" must be true or false.")
	return false
}

// id reads a positive whole number given as a number or as digits.
func (in *Input) id(raw map[string]any, key, label string) int64 {
	var s string
	switch v := raw[key].(type) {
	case nil:
		return 0
	case json.Number:
		s = v.String()
	case string:
		s = strings.TrimSpace(v)
		if s == "" {
			return 0
		}
	default:
		in.fail(key, label+" must be an id number.")
		return 0
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		if f, ferr := strconv.ParseFloat(s, 64); ferr == nil && f == math.Trunc(f) && f > 0 && f < 1<<53 {
			n, err = int64(f), nil
		}
	}
	if err != nil || n <= 0 {
		in.fail(key, label+" must be an id number.")
		return 0
	}
	return n
}

// options applies docs/behaviour/validation.md: keys containing _radio_options are
// dropped, and options ending '(check_option)' that are true move into
// additional_services.
func (in *Input) options(raw map[string]any) {
	if list, ok := raw["additional_services"].([]any); ok {
		for _, v := range list {
			if s, ok := v.(string); ok {
				if s = clean(s, false); s != "" && len(in.AdditionalServices) < maxServices {
					in.AdditionalServices = append(in.AdditionalServices, truncate(s, maxShort))
				}
			}
		}
	} else if v, ok := raw["additional_services"]; ok && v != nil {
		in.fail("additional_services", "Additional services must be a list of names.")
	}
	opts, ok := raw["options"].(map[string]any)
	if !ok {
		if v, present := raw["options"]; present && v != nil {
			in.fail("options", "Options must be a set of named choices.")
		}
		delete(in.Payload, "options")
		return
	}
	kept := map[string]any{}
	for k, v := range opts {
		if strings.Contains(k, "_radio_options") {
			continue
		}
		if name, ok := strings.CutSuffix(strings.TrimSpace(k), "(check_option)"); ok {
			if v == true && len(in.AdditionalServices) < maxServices {
				if name = clean(name, false); name != "" && !slices.Contains(in.AdditionalServices, name) {
					in.AdditionalServices = append(in.AdditionalServices, truncate(name, maxShort))
				}
			}
			continue
		}
		kept[truncate(clean(k, false), maxShort)] = plain(v)
	}
	if len(kept) > 0 {
		in.Options = kept
		in.Payload["options"] = kept
	} else {
		delete(in.Payload, "options")
	}
	if len(in.AdditionalServices) > 0 {
		in.Payload["additional_services"] = in.AdditionalServices
	}
}

// attributes reads lead_attributes: the pages the visitor saw and the
// campaign parameters of the landing address.
func (in *Input) attributes(raw map[string]any) {
	attrs, ok := raw["lead_attributes"].(map[string]any)
	if !ok {
		return
	}
	if pages, ok := attrs["visited_pages"].([]any); ok {
		for _, p := range pages {
			if s, ok := p.(string); ok && len(in.VisitedPages) < maxPages {
				if s = clean(s, false); s != "" {
					in.VisitedPages = append(in.VisitedPages, truncate(s, maxURL))
				}
			}
		}
	}
	if params, ok := attrs["linked_query_params"].(map[string]any); ok {
		in.LinkedQueryParams = map[string]string{}
		for k, v := range params {
			if len(in.LinkedQueryParams) >= maxPages {
				break
			}
			var s string
			switch v := v.(type) {
			case string:
				s = v
			case json.Number:
				s = v.String()
			case bool:
				s = strconv.FormatBool(v)
			default:
				continue
			}
			in.LinkedQueryParams[truncate(clean(k, false), maxShort)] = truncate(clean(s, false), maxShort)
		}
	}
}

func truncate(s string, max int) string {
	if utf8.RuneCountInString(s) <= max {
		return s
	}
	r := []rune(s)
	return string(r[:max])
}

func groupDigits(n int) string {
	s := strconv.Itoa(n)
	if len(s) <= 3 {
		return s
	}
	return s[:len(s)-3] + "," + s[len(s)-3:]
}
