package feed

import (
	"encoding/csv"
	"fmt"
	"io"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"

	"forecourt/internal/catalog"
	"forecourt/internal/csvsafe"
)

// Result is what an import will do: the cars to hand to store.SaveCars
// (new cars have id 0) and the report for the dealer.
type Result struct {
	Save   []catalog.Car
	Report Report
}

// Report lists cars by stock number (the VIN when a car has none).
type Report struct {
	Added   []string
	Updated []string
	// Sold are the cars the import sells: those whose row changed them to
	// sold, and with a full feed those it leaves out.
	Sold      []string
	Unchanged []string // matched cars the feed left as they were; not saved again
	Rejected  []Rejection
	// Listed is how many of the site's cars were listed before the
	// import: in stock or coming soon, and shown on the website.
	Listed int
	// WouldSell is how many of those listed cars a full feed sells
	// because it leaves them out; 0 when the feed is not full.
	WouldSell int
}

// SoldShare is the part of the listed cars a full feed would sell by
// leaving them out (WouldSell / Listed), from 0 to 1; 0 when no car was
// listed. A feed cut short would sell most of the stock, so an import
// can refuse a share this high before it saves anything.
func (r Result) SoldShare() float64 {
	if r.Report.Listed == 0 {
		return 0
	}
	return float64(r.Report.WouldSell) / float64(r.Report.Listed)
}

// listed reports whether a car is on the website's listings for sale.
func listed(c catalog.Car) bool { return c.Available() && c.ShowOnWebsite }

// Plan decides what an import saves, given every car the site has now and
// the accepted rows of the feed. It does no I/O: now is the import time.
// A row updates the site's car with the same stock number, else the one
// with the same VIN, else it adds a car. With full set the feed is the
// whole stock, so an unsold car it does not mention becomes sold; a car
// whose row was rejected (pass Parse's rejections) is left alone. The
// rejections are carried into the report. The report's Sold lists both
// the cars whose row changed them to sold and those a full feed left out;
// Listed and WouldSell let the caller refuse a full feed that would sell
// too much of the listed stock (Result.SoldShare).
func Plan(existing []catalog.Car, rows []Row, full bool, now time.Time, rejected ...Rejection) Result {
	var res Result
	res.Report.Rejected = append(res.Report.Rejected, rejected...)

	byStock := map[string]int{}
	byVIN := map[string]int{}
	slugs := map[string]bool{}
	for i, c := range existing {
		index(byStock, key(c.StockNum), i, existing)
		index(byVIN, key(c.VIN), i, existing)
		slugs[c.Slug] = true
		if listed(c) {
			res.Report.Listed++
		}
	}

	matched := map[int]int{} // existing index → line of the row that matched it
	claimed := map[string]int{}
	for _, row := range rows {
		sk, vk := key(row.Car.StockNum), key(row.Car.VIN)
		if line, ok := claimed["s"+sk]; ok && sk != "" {
			res.reject(row, "stocknum", fmt.Sprintf("duplicate of line %d", line))
			continue
		}
		if line, ok := claimed["v"+vk]; ok && vk != "" {
			res.reject(row, "vin", fmt.Sprintf("duplicate of line %d", line))
			continue
		}
		i, ok := byStock[sk]
		if !ok || sk == "" {
			i, ok = byVIN[vk]
			ok = ok && vk != ""
		}
		if ok {
			if line, dup := matched[i]; dup {
				// A new stock number with the VIN of a car another row
				// already updated: saving both would overwrite one.
				res.reject(row, "vin", fmt.Sprintf("matches the same car as line %d", line))
				continue
			}
			matched[i] = row.Line
		}
		claimed["s"+sk], claimed["v"+vk] = row.Line, row.Line

		if ok {
			before := existing[i]
			c := before
			c.Images = slices.Clone(c.Images) // never alias the caller's cars
			apply(&c, row)
			derive(&c, row.Given, false)
			sold(&c, before.Status, now)
			if reflect.DeepEqual(forCompare(c), forCompare(before)) {
				res.Report.Unchanged = append(res.Report.Unchanged, ident(c))
				continue
			}
			c.UpdatedAt = now
			res.Save = append(res.Save, c)
			if c.Status == catalog.StatusSold && before.Status != catalog.StatusSold {
				res.Report.Sold = append(res.Report.Sold, ident(c)) // its row sold it
			} else {
				res.Report.Updated = append(res.Report.Updated, ident(c))
			}
			continue
		}

		c := row.Car
		c.ID = 0
		if !row.Given["show_on_dealer_website"] {
			c.ShowOnWebsite = true
		}
		derive(&c, row.Given, true)
		sold(&c, "", now)
		c.Slug = uniqueSlug(slugs, c)
		c.Path = "/cars/" + c.Slug
		c.CreatedAt, c.UpdatedAt = now, now
		res.Save = append(res.Save, c)
		res.Report.Added = append(res.Report.Added, ident(c))
	}

	if full {
		keep := map[string]bool{}
		for _, r := range res.Report.Rejected {
			if r.StockNum != "" {
				keep["s"+key(r.StockNum)] = true
			}
			if r.VIN != "" {
				keep["v"+key(r.VIN)] = true
			}
		}
		for i, c := range existing {
			if _, ok := matched[i]; ok || c.Status == catalog.StatusSold {
				continue
			}
			if (c.StockNum != "" && keep["s"+key(c.StockNum)]) || (c.VIN != "" && keep["v"+key(c.VIN)]) {
				continue
			}
			if listed(c) {
				res.Report.WouldSell++
			}
			c.Status = catalog.StatusSold
			c.SoldDateTimestamp = now.Unix()
			c.UpdatedAt = now
			res.Save = append(res.Save, c)
			res.Report.Sold = append(res.Report.Sold, ident(c))
		}
	}
	slices.SortStableFunc(res.Report.Rejected, func(a, b Rejection) int { return a.Line - b.Line })
	return res
}

// forCompare drops the difference between an empty and a missing list, which
// a store and a feed may each use for "none".
func forCompare(c catalog.Car) catalog.Car {
	for _, f := range fieldOrder {
		if v := f.value(&c); v.Kind() == reflect.Slice && v.Len() == 0 {
			v.SetZero()
		}
	}
	return c
}

// index remembers car i under k; when the site already holds two cars with
// one stock number, the unsold one is the one the feed means.
func index(m map[string]int, k string, i int, cars []catalog.Car) {
	if k == "" {
		return
	}
	if j, ok := m[k]; ok && cars[j].Status != catalog.StatusSold {
		return
	}
	m[k] = i
}

func (res *Result) reject(row Row, field, reason string) {
	res.Report.Rejected = append(res.Report.Rejected, Rejection{
		Line: row.Line, Field: field, Reason: reason, StockNum: row.Car.StockNum, VIN: row.Car.VIN,
	})
}

// apply copies the fields the row gave onto c.
func apply(c *catalog.Car, row Row) {
	for _, f := range fieldOrder {
		if row.Given[f.name] {
			f.value(c).Set(f.value(&row.Car))
		}
	}
}

// sold stamps the sold date when a car becomes sold and clears it when a
// sold car comes back into stock.
func sold(c *catalog.Car, was string, now time.Time) {
	switch {
	case c.Status != catalog.StatusSold:
		c.SoldDateTimestamp = 0
	case was != catalog.StatusSold || c.SoldDateTimestamp == 0:
		c.SoldDateTimestamp = now.Unix()
	}
}

func ident(c catalog.Car) string {
	if c.StockNum != "" {
		return c.StockNum
	}
	return c.VIN
}

// derive fills the fields computed from others: the name always, image
// counts when images came in, simple_* from their detailed field when the
// feed did not give them.
func derive(c *catalog.Car, given map[string]bool, isNew bool) {
	c.Name = strings.Join(nonEmpty([]string{yearText(c.Year), c.Make, c.Model, c.Badge}), " ")
	if isNew || given["images"] {
		c.PhotosCount = len(c.Images)
		c.PrimaryImageURL = ""
		if len(c.Images) > 0 {
			c.PrimaryImageURL = c.Images[0].URL
		}
	}
	simple := []struct {
		simple, from string
		dst          *string
		src          string
		fn           func(string) string
	}{
		{"simple_body", "body", &c.SimpleBody, c.Body, simpleBody},
		{"simple_transmission", "trans", &c.SimpleTransmission, c.Trans, simpleTransmission},
		{"simple_fuel", "fuel", &c.SimpleFuel, c.Fuel, simpleFuel},
		{"simple_drive", "drive", &c.SimpleDrive, c.Drive, simpleDrive},
	}
	for _, s := range simple {
		if given[s.simple] || !(isNew || given[s.from]) {
			continue
		}
		if d := s.fn(s.src); d != "" || isNew {
			*s.dst = d
		}
	}
	if c.SimpleBody == "" && c.ItemType == "caravan" {
		c.SimpleBody = "Caravan"
	}
}

func yearText(y int) string {
	if y == 0 {
		return ""
	}
	return strconv.Itoa(y)
}

// firstMatch returns the label of the first rule whose words occur in s.
func firstMatch(s string, rules [][2]string) string {
	s = " " + strings.ToLower(s) + " "
	for _, r := range rules {
		for w := range strings.SplitSeq(r[0], "|") {
			if strings.Contains(s, w) {
				return r[1]
			}
		}
	}
	return ""
}

// Order matters: "caravan" and "minivan" before "van", "suv wagon" is an SUV.
var bodyRules = [][2]string{
	{"caravan|camper", "Caravan"},
	{"cab chassis|cab-chassis|cab_chassis|chassis", "Cab Chassis"},
	{"people mover|people-mover|minivan|mpv", "People Mover"},
	{"ute|utility|pick up|pickup|pick-up|dual cab|double cab|single cab|extra cab", "Ute"},
	{"convertible|cabriolet|roadster|soft top", "Convertible"},
	{"coupe", "Coupe"},
	{"suv", "SUV"},
	{"wagon|estate", "Wagon"},
	{"hatch|liftback", "Hatch"},
	{"sedan|saloon", "Sedan"},
	{"van", "Van"},
}

func simpleBody(body string) string { return firstMatch(body, bodyRules) }

func simpleTransmission(t string) string {
	return firstMatch(t, [][2]string{
		{"manual", "Manual"},
		{"auto|cvt|dct|dsg|tiptronic|sequential|constantly variable|reduction gear", "Automatic"},
	})
}

func simpleFuel(f string) string {
	return firstMatch(f, [][2]string{
		{"hybrid", "Hybrid"},
		{"electric| ev ", "Electric"},
		{"diesel", "Diesel"},
		{"lpg", "LPG"},
		{"petrol|unleaded| ulp |premium", "Petrol"},
	})
}

func simpleDrive(d string) string {
	return firstMatch(d, [][2]string{
		{"4x4|4wd|four wheel", "4x4"},
		{"awd|all wheel", "AWD"},
		{"fwd|front", "FWD"},
		{"rwd|rear", "RWD"},
		{"4x2|2wd", "4x2"},
	})
}

// uniqueSlug builds "{year}-{make}-{model}-{badge}-{stocknum}" and numbers
// it when the site already has that slug, so every car keeps its own URL.
func uniqueSlug(taken map[string]bool, c catalog.Car) string {
	id := c.StockNum
	if id == "" {
		id = c.VIN
	}
	base := slugify(yearText(c.Year) + " " + c.Make + " " + c.Model + " " + c.Badge + " " + id)
	if base == "" {
		base = "car"
	}
	s := base
	for n := 2; taken[s]; n++ {
		s = base + "-" + strconv.Itoa(n)
	}
	taken[s] = true
	return s
}

// slugify lower-cases s and joins its letters and digits with single hyphens.
func slugify(s string) string {
	var b strings.Builder
	hyphen := false
	for _, r := range strings.ToLower(s) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			if hyphen && b.Len() > 0 {
				b.WriteByte('-')
			}
			hyphen = false
			b.WriteRune(r)
			continue
		}
		if r != '\'' { // "O'Brien" → "obrien"
			hyphen = true
		}
	}
	return b.String()
}

// ReportListMax is how many stock numbers of each kind the printed report
// lists; a 5,000-car feed must not print 5,000 numbers. The full lists go
// to the CSV of WriteCSV.
const ReportListMax = 20

// Write prints the summary line, every rejected row with its line and
// reason, then at most ReportListMax stock numbers of each change with
// "and N more".
func (r Report) Write(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "added %d, updated %d, sold %d, rejected %d, unchanged %d\n",
		len(r.Added), len(r.Updated), len(r.Sold), len(r.Rejected), len(r.Unchanged))
	for _, rej := range r.Rejected {
		b.WriteString(printable([]string{rej.String()})[0] + "\n")
	}
	for _, l := range r.lists() {
		if len(l.ids) == 0 || l.kind == "unchanged" {
			continue
		}
		shown := l.ids[:min(len(l.ids), ReportListMax)]
		fmt.Fprintf(&b, "%s: %s", l.kind, strings.Join(printable(shown), ", "))
		if more := len(l.ids) - len(shown); more > 0 {
			fmt.Fprintf(&b, " and %d more", more)
		}
		b.WriteString("\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// printable shows each value's control characters escaped (a line break
// as \n), so a value from a feed can never start a line of its own in
// the report, or write to the terminal that shows it.
func printable(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		if strings.ContainsFunc(s, unicode.IsControl) {
			q := strconv.Quote(s)
			s = q[1 : len(q)-1]
		}
		out[i] = s
	}
	return out
}

type reportList struct {
	kind string
	ids  []string
}

func (r Report) lists() []reportList {
	return []reportList{{"added", r.Added}, {"updated", r.Updated}, {"sold", r.Sold}, {"unchanged", r.Unchanged}}
}

// WriteCSV writes the whole report, one row per car or rejected row:
// kind (added, updated, sold, unchanged, rejected), stocknum (the VIN when
// a car has no stock number), and for a rejected row its line, field and
// reason. Stock numbers and reasons come from the dealer's feed, so every
// cell is escaped as the leads export's are: the dealer opens this file in
// a spreadsheet.
func (r Report) WriteCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	_ = cw.Write([]string{"kind", "stocknum", "line", "field", "reason"})
	for _, l := range r.lists() {
		for _, id := range l.ids {
			_ = cw.Write(csvsafe.Row([]string{l.kind, id, "", "", ""}))
		}
	}
	for _, rej := range r.Rejected {
		id := rej.StockNum
		if id == "" {
			id = rej.VIN
		}
		_ = cw.Write(csvsafe.Row([]string{"rejected", id, strconv.Itoa(rej.Line), rej.Field, rej.Reason}))
	}
	cw.Flush()
	return cw.Error()
}
