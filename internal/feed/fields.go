package feed

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"strconv"
	"strings"

	"forecourt/internal/catalog"
)

// kind says how a feed value is read into a catalog.Car field.
type kind int

const (
	kindString kind = iota
	kindInt
	kindMoney    // whole dollars; "$32,990" is accepted
	kindDistance // whole km; "12,500 km" is accepted
	kindFloat
	kindBool
	kindStrings // JSON array of text, or text separated by '|'
	kindIDs     // JSON array of integers, or integers separated by '|'
	kindImages  // JSON array of URLs or {url} objects, or URLs separated by '|'
	kindObject  // a nested JSON object (variant, specifications...)
	kindKey     // a code or slug naming one of the site's own places; no value means none
)

// field is one column of the feed (columns.go) and the catalog.Car field
// it fills (a field of Row when onRow).
type field struct {
	name  string
	index []int
	kind  kind
	onRow bool
}

// wants are the field-specific messages for a value that cannot be read
// or is out of range, so a rejection tells the dealer what to send.
var wants = map[string]string{
	"km":                 "must be a whole number of kilometres, 0 or more",
	"price":              "must be a whole number of dollars, 0 or more",
	"before_price":       "must be a whole number of dollars, 0 or more",
	"subscription_price": "must be a whole number of dollars, 0 or more",
	"offer_price":        "must be a whole number of dollars, 0 or more",
	"car_type":           "must be one of new, used, demo",
	"status":             "must be one of in_stock, coming_soon, sold",
}

var kindWants = map[kind]string{
	kindString:   "must be text",
	kindInt:      "must be a whole number",
	kindMoney:    "must be a whole number of dollars, 0 or more",
	kindDistance: "must be a whole number, 0 or more",
	kindFloat:    "must be a number",
	kindBool:     "must be true or false",
	kindStrings:  "must be a list of text",
	kindIDs:      "must be a list of whole numbers",
	kindImages:   "must be a list of image URLs",
	kindObject:   "must be an object",
	kindKey:      "must be text",
}

var (
	fields      = map[string]*field{} // keyed by lower-case name: feeds vary in case
	fieldOrder  []*field              // the car's columns in the table's order, for deterministic checks
	imageType   = reflect.TypeFor[[]catalog.Image]()
	stringsType = reflect.TypeFor[[]string]()
	idsType     = reflect.TypeFor[[]int64]()
)

func init() {
	fs, err := fieldsOf(Columns)
	if err != nil {
		panic("feed: " + err.Error())
	}
	for _, f := range fs {
		fields[strings.ToLower(f.name)] = f
		if !f.onRow {
			fieldOrder = append(fieldOrder, f)
		}
	}
	idx, err := aliasIndex(fs, Aliases)
	if err != nil {
		panic("feed: " + err.Error())
	}
	aliases = idx
}

func lookupField(name string) *field {
	return fields[strings.ToLower(strings.TrimSpace(name))]
}

func (f *field) want() string {
	if w, ok := wants[f.name]; ok {
		return w
	}
	return kindWants[f.kind]
}

// value is the car's field f fills; f is one of the car's columns.
func (f *field) value(c *catalog.Car) reflect.Value {
	return reflect.ValueOf(c).Elem().FieldByIndex(f.index)
}

// in is the field f fills in row r: the car's, or the row's own.
func (f *field) in(r *Row) reflect.Value {
	if f.onRow {
		return reflect.ValueOf(r).Elem().FieldByIndex(f.index)
	}
	return f.value(&r.Car)
}

// errAbsent means the value says nothing (an empty cell or null for a
// flag), so the car keeps its current value or the default.
var errAbsent = errors.New("absent")

// setText stores a CSV cell or XML value (or a JSON scalar given as
// text) in r.
func (f *field) setText(r *Row, s string) error {
	s = strings.TrimSpace(s)
	v := f.in(r)
	switch f.kind {
	case kindString:
		v.SetString(s)
	case kindKey:
		if s == "" {
			return errAbsent
		}
		v.SetString(s)
	case kindInt, kindMoney, kindDistance:
		n, err := parseWhole(s, f.kind)
		if err != nil {
			return err
		}
		v.SetInt(n)
	case kindFloat:
		if s == "" {
			v.SetFloat(0)
			return nil
		}
		x, err := strconv.ParseFloat(strings.ReplaceAll(s, ",", ""), 64)
		if err != nil {
			return err
		}
		v.SetFloat(x)
	case kindBool:
		b, err := parseBool(s)
		if err != nil {
			return err
		}
		v.SetBool(b)
	case kindStrings:
		v.Set(reflect.ValueOf(splitList(s)))
	case kindIDs:
		var ids []int64
		for _, p := range splitList(s) {
			n, err := strconv.ParseInt(p, 10, 64)
			if err != nil {
				return err
			}
			ids = append(ids, n)
		}
		v.Set(reflect.ValueOf(ids))
	case kindImages:
		var imgs []catalog.Image
		for _, u := range splitList(s) {
			img, err := newImage(u, "")
			if err != nil {
				return err
			}
			imgs = append(imgs, img)
		}
		v.Set(reflect.ValueOf(imgs))
	case kindObject:
		if s == "" {
			v.SetZero()
			return nil
		}
		return f.setJSON(r, json.RawMessage(s))
	}
	return nil
}

// setJSON stores one JSON value in r; scalars given as strings or numbers
// go through setText so both formats accept the same spellings.
func (f *field) setJSON(r *Row, raw json.RawMessage) error {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return errors.New("empty value")
	}
	if f.kind == kindKey && raw[0] != '"' && !isJSONNumber(raw[0]) {
		// The platform's own car JSON has a location object here; only
		// a key given as text or a number names a place.
		return errAbsent
	}
	v := f.in(r)
	switch raw[0] {
	case 'n': // null
		if f.kind == kindBool {
			return errAbsent
		}
		v.SetZero()
		return nil
	case '"':
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return err
		}
		if f.kind == kindObject {
			return errors.New("text where an object belongs")
		}
		return f.setText(r, s)
	case 't', 'f':
		if f.kind != kindBool {
			return errors.New("true/false where another type belongs")
		}
		v.SetBool(raw[0] == 't')
		return nil
	case '[':
		switch f.kind {
		case kindStrings:
			var ss []string
			if err := json.Unmarshal(raw, &ss); err != nil {
				return err
			}
			v.Set(reflect.ValueOf(nonEmpty(ss)))
			return nil
		case kindIDs:
			var ids []int64
			if err := json.Unmarshal(raw, &ids); err != nil {
				return err
			}
			if len(ids) == 0 {
				ids = nil
			}
			v.Set(reflect.ValueOf(ids))
			return nil
		case kindImages:
			imgs, err := jsonImages(raw)
			if err != nil {
				return err
			}
			v.Set(reflect.ValueOf(imgs))
			return nil
		}
		return errors.New("array where a single value belongs")
	case '{':
		if f.kind != kindObject {
			return errors.New("object where a single value belongs")
		}
		p := reflect.New(v.Type().Elem())
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.DisallowUnknownFields() // a typo in a nested name would otherwise vanish silently
		if err := dec.Decode(p.Interface()); err != nil {
			return err
		}
		v.Set(p)
		return nil
	default: // a number
		switch f.kind {
		case kindString, kindKey, kindInt, kindMoney, kindDistance, kindFloat:
			return f.setText(r, string(raw))
		}
		return errors.New("number where another type belongs")
	}
}

func isJSONNumber(c byte) bool { return c == '-' || c >= '0' && c <= '9' }

func jsonImages(raw json.RawMessage) ([]catalog.Image, error) {
	var items []json.RawMessage
	if err := json.Unmarshal(raw, &items); err != nil {
		return nil, err
	}
	var imgs []catalog.Image
	for _, it := range items {
		var u, thumb string
		if err := json.Unmarshal(it, &u); err != nil {
			var obj catalog.Image
			if err := json.Unmarshal(it, &obj); err != nil {
				return nil, err
			}
			u, thumb = obj.URL, obj.Thumb.URL
		}
		if strings.TrimSpace(u) == "" {
			continue
		}
		img, err := newImage(u, thumb)
		if err != nil {
			return nil, err
		}
		imgs = append(imgs, img)
	}
	return imgs, nil
}

// newImage checks an image address and fills its thumbnail: our own drawn
// images resize with ?w=200; an outside address is used as it is.
func newImage(u, thumb string) (catalog.Image, error) {
	u = strings.TrimSpace(u)
	thumb = strings.TrimSpace(thumb)
	if !webAddress(u) || (thumb != "" && !webAddress(thumb)) {
		return catalog.Image{}, errors.New("not a URL")
	}
	if thumb == "" {
		thumb = u
		if strings.HasPrefix(u, "/img/") {
			sep := "?"
			if strings.Contains(u, "?") {
				sep = "&"
			}
			thumb = u + sep + "w=200"
		}
	}
	return catalog.Image{URL: u, Thumb: catalog.ImageRef{URL: thumb}}, nil
}

func splitList(s string) []string {
	if strings.TrimSpace(s) == "" {
		return nil
	}
	return nonEmpty(strings.Split(s, "|"))
}

func nonEmpty(ss []string) []string {
	var out []string
	for _, s := range ss {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// parseWhole reads a whole number as dealers write it: thousands commas,
// a dollar sign on prices, a km suffix on distances, a ".00" tail.
func parseWhole(s string, k kind) (int64, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, nil
	}
	switch k {
	case kindMoney:
		if noPrice(s) {
			return 0, nil
		}
		s = strings.TrimSpace(strings.TrimPrefix(s, "$"))
	case kindDistance:
		low := strings.ToLower(s)
		for _, suf := range []string{"kms", "km"} {
			if strings.HasSuffix(low, suf) {
				s = strings.TrimSpace(s[:len(s)-len(suf)])
				break
			}
		}
	}
	if k != kindInt {
		s = strings.ReplaceAll(s, ",", "")
	}
	if whole, frac, ok := strings.Cut(s, "."); ok {
		if strings.Trim(frac, "0") != "" {
			return 0, errors.New("not whole")
		}
		s = whole
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return 0, err
	}
	if k != kindInt && n < 0 {
		return 0, errors.New("negative")
	}
	const maxWhole = 1 << 31 // no price, distance or year comes near; guards overflow in sums
	if n > maxWhole || n < -maxWhole {
		return 0, errors.New("too large")
	}
	return n, nil
}

// noPriceWords are what dealers write for a car without a price; the
// site shows its no-price wording for them. They are compared by
// noPriceKey: any case, dots and extra spaces aside.
var noPriceWords = []string{
	"POA", "P.O.A.", "Enquire", "Enquire Now", "Call", "Contact Us", "Price on Application", "TBA",
}

var noPriceKeys = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range noPriceWords {
		m[noPriceKey(w)] = true
	}
	return m
}()

func noPriceKey(s string) string {
	return strings.Join(strings.Fields(strings.ToLower(strings.ReplaceAll(s, ".", ""))), " ")
}

// noPrice reports whether a price cell holds one of the no-price words.
func noPrice(s string) bool { return noPriceKeys[noPriceKey(s)] }

func parseBool(s string) (bool, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "":
		return false, errAbsent
	case "true", "yes", "y", "1":
		return true, nil
	case "false", "no", "n", "0":
		return false, nil
	}
	return false, errors.New("not a flag")
}
