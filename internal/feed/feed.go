// Package feed imports a dealer's stock feed (JSON, CSV or XML) into a
// site's cars: Parse reads and checks the rows, Plan decides what to save,
// and the Report tells the dealer what happened to every row.
package feed

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"
	"unicode"

	"forecourt/internal/catalog"
)

// Formats Parse reads.
const (
	FormatJSON = "json"
	FormatCSV  = "csv" // with any delimiter: semicolons, tabs...
	FormatXML  = "xml"
)

// MaxFeedBytes bounds what Parse reads; a dealer's whole stock is far smaller.
const MaxFeedBytes = 64 << 20

// Row is one accepted car of the feed.
type Row struct {
	Line int         // where the row starts in the file (1-based)
	Car  catalog.Car // the values the row gave, checked and normalised
	// Given holds the JSON names of the fields the row set; an update
	// changes only these, so a feed without a column keeps the stored value.
	Given map[string]bool
	// LocationKey and DealershipKey are the row's location and
	// dealership columns: a key (code or slug) the site's config gives
	// one of its locations or dealerships, "" when the row names none.
	LocationKey   string
	DealershipKey string
}

// Rejection is one row that was not imported, and why.
type Rejection struct {
	Line   int
	Field  string // JSON name of the offending field; empty when the row as a whole is wrong
	Reason string
	// StockNum and VIN are the row's identifiers when they could be read:
	// a full import does not sell a car whose row was merely rejected.
	StockNum string
	VIN      string
}

func (r Rejection) String() string {
	if r.Field == "" {
		return fmt.Sprintf("line %d: %s", r.Line, r.Reason)
	}
	return fmt.Sprintf("line %d: %s: %s", r.Line, r.Field, r.Reason)
}

// DetectFormat names the feed format by the file's extension, "" if
// unknown (ParseWith then reads it from the contents). A .tsv or .txt
// file is CSV whose delimiter is read from its header line.
func DetectFormat(filename string) string {
	switch strings.ToLower(filepath.Ext(filename)) {
	case ".json":
		return FormatJSON
	case ".csv", ".tsv", ".txt":
		return FormatCSV
	case ".xml":
		return FormatXML
	}
	return ""
}

// Parse reads a feed, checking every row against today's year.
func Parse(r io.Reader, format string) ([]Row, []Rejection, error) {
	return ParseAt(r, format, time.Now())
}

// ParseAt reads a feed of the given format ("" reads it from the
// contents); now gives the reference year (a car may be at most next
// year's model). A row that is wrong is rejected and the rest still come
// through; an error means the file as a whole cannot be read.
func ParseAt(r io.Reader, format string, now time.Time) ([]Row, []Rejection, error) {
	return ParseWith(r, Options{Format: format}, now)
}

// ParseWith reads a feed as opts say, checking every row against now's
// year like ParseAt. A column map naming something other than a feed
// column is an error before anything is read.
func ParseWith(r io.Reader, opts Options, now time.Time) ([]Row, []Rejection, error) {
	res, err := newResolver(opts.Columns)
	if err != nil {
		return nil, nil, err
	}
	data, err := io.ReadAll(io.LimitReader(r, MaxFeedBytes+1))
	if err != nil {
		return nil, nil, fmt.Errorf("read feed: %w", err)
	}
	if len(data) > MaxFeedBytes {
		return nil, nil, fmt.Errorf("feed is larger than %d MB", MaxFeedBytes>>20)
	}
	data = bytes.TrimPrefix(data, []byte(bom)) // spreadsheet exports start with a BOM
	format := strings.ToLower(strings.TrimSpace(opts.Format))
	if format == "" {
		format = SniffFormat(data)
	}
	p := &parser{refYear: now.Year(), stock: map[string]int{}, vins: map[string]int{}, cols: res}
	switch format {
	case FormatJSON:
		err = p.parseJSON(data)
	case FormatCSV:
		if err = checkDelimiter(opts.Delimiter); err == nil {
			err = p.parseCSV(data, opts.Delimiter)
		}
	case FormatXML:
		err = p.parseXML(data, opts.ItemPath)
	default:
		err = fmt.Errorf("unknown feed format %q (want json, csv or xml)", opts.Format)
	}
	if err != nil {
		return nil, nil, err
	}
	return p.rows, p.rejected, nil
}

type parser struct {
	refYear  int
	cols     *resolver
	rows     []Row
	rejected []Rejection
	stock    map[string]int // accepted stock number → line, for duplicates
	vins     map[string]int
}

func (p *parser) reject(line int, field, reason string) {
	p.rejected = append(p.rejected, Rejection{Line: line, Field: field, Reason: reason})
}

// rowBuilder gathers one row's values and its first problem.
type rowBuilder struct {
	line  int
	year  int // reference year, for the year message
	row   Row
	given map[string]bool
	bad   *Rejection
	// variantBadge is a variant column's text: a badge (as other systems
	// call it), not the variant object.
	variantBadge string
}

func (p *parser) newRow(line int) *rowBuilder {
	return &rowBuilder{line: line, year: p.refYear, given: map[string]bool{}}
}

// text stores a CSV cell or XML value of column f.
func (b *rowBuilder) text(f *field, s string) {
	if f.name == "variant" && badgeText(s) {
		b.variantBadge = strings.TrimSpace(s)
		return
	}
	b.set(f, f.setText(&b.row, s))
}

// json stores a JSON value of column f.
func (b *rowBuilder) json(f *field, raw json.RawMessage) {
	if f.name == "variant" && bytes.HasPrefix(bytes.TrimSpace(raw), []byte(`"`)) {
		var s string
		if json.Unmarshal(raw, &s) == nil && badgeText(s) {
			b.variantBadge = strings.TrimSpace(s)
			return
		}
	}
	b.set(f, f.setJSON(&b.row, raw))
}

// badgeText reports whether a variant column's text is a badge: text
// that is not a JSON object.
func badgeText(s string) bool {
	s = strings.TrimSpace(s)
	return s != "" && s[0] != '{'
}

func (b *rowBuilder) set(f *field, err error) {
	if errors.Is(err, errAbsent) {
		return
	}
	if err != nil {
		if b.bad == nil {
			reason := f.want()
			if f.name == "year" {
				reason = yearRange(b.year)
			}
			b.bad = &Rejection{Line: b.line, Field: f.name, Reason: reason}
		}
		return
	}
	b.given[f.name] = true
}

// finish checks the row and either accepts it or records its rejection.
func (p *parser) finish(b *rowBuilder) {
	if b.variantBadge != "" && (!b.given["badge"] || strings.TrimSpace(b.row.Car.Badge) == "") {
		b.row.Car.Badge = b.variantBadge
		b.given["badge"] = true
	}
	rej := b.bad
	if rej == nil {
		rej = validate(&b.row.Car, b.given, p.refYear)
		if rej == nil {
			rej = validateKeys(&b.row)
		}
		if rej != nil {
			rej.Line = b.line
		}
	}
	car := &b.row.Car
	if rej == nil {
		// A later row repeating a stock number or VIN is rejected: the
		// feed cannot say two different things about one car.
		if at, ok := p.stock[key(car.StockNum)]; ok && car.StockNum != "" {
			rej = &Rejection{Line: b.line, Field: "stocknum", Reason: fmt.Sprintf("duplicate of line %d", at)}
		} else if at, ok := p.vins[key(car.VIN)]; ok && car.VIN != "" {
			rej = &Rejection{Line: b.line, Field: "vin", Reason: fmt.Sprintf("duplicate of line %d", at)}
		}
	}
	if rej != nil {
		rej.StockNum = strings.TrimSpace(car.StockNum)
		rej.VIN = strings.TrimSpace(car.VIN)
		p.rejected = append(p.rejected, *rej)
		return
	}
	if car.StockNum != "" {
		p.stock[key(car.StockNum)] = b.line
	}
	if car.VIN != "" {
		p.vins[key(car.VIN)] = b.line
	}
	b.row.Line, b.row.Given = b.line, b.given
	p.rows = append(p.rows, b.row)
}

// validateKeys checks the row's location and dealership keys: plain text,
// as every other identifier.
func validateKeys(r *Row) *Rejection {
	for _, k := range []struct{ field, value string }{{"location", r.LocationKey}, {"dealership", r.DealershipKey}} {
		if strings.ContainsFunc(k.value, unicode.IsControl) {
			return &Rejection{Field: k.field, Reason: wantPlainText}
		}
	}
	return nil
}

// key is how stock numbers and VINs are compared: trimmed, any case.
func key(s string) string { return strings.ToUpper(strings.TrimSpace(s)) }

func (p *parser) parseJSON(data []byte) error {
	lines := newLineIndex(data)
	dec := json.NewDecoder(bytes.NewReader(data))
	tok, err := dec.Token()
	if err == io.EOF {
		return errors.New("empty feed: expected a JSON array of cars")
	}
	if err != nil {
		return fmt.Errorf("not a JSON array of cars: %v", jsonErr(err, lines))
	}
	if d, ok := tok.(json.Delim); !ok || d != '[' {
		return errors.New("not a JSON array of cars: the file must start with '['")
	}
	for dec.More() {
		// The element starts at the first byte after the separator; the
		// decoder's offset is where the previous token ended.
		start := skipSeparators(data, dec.InputOffset())
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			// Past a syntax error nothing can be trusted (a full feed
			// would sell every car after it), so the file is refused.
			return fmt.Errorf("invalid JSON: %v", jsonErr(err, lines))
		}
		p.jsonRow(lines.line(start), raw)
	}
	if _, err := dec.Token(); err != nil {
		return fmt.Errorf("invalid JSON: %v", jsonErr(err, lines))
	}
	if _, err := dec.Token(); err != io.EOF {
		return fmt.Errorf("invalid JSON: unexpected data after the array at line %d", lines.line(dec.InputOffset()))
	}
	return nil
}

func (p *parser) jsonRow(line int, raw json.RawMessage) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || raw[0] != '{' {
		p.reject(line, "", "each car must be a JSON object")
		return
	}
	b := p.newRow(line)
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.Token() // '{'; raw is already known to be valid JSON
	// own says of each column set so far whether its own name set it.
	own := map[string]bool{}
	for dec.More() {
		tok, _ := dec.Token()
		name, _ := tok.(string)
		var val json.RawMessage
		if err := dec.Decode(&val); err != nil {
			b.bad = &Rejection{Line: line, Field: name, Reason: "unreadable value"}
			break
		}
		// Names the catalog does not have (or computes itself) are
		// ignored, so an export from another system imports as it is.
		f, isOwn := p.cols.resolve(name)
		if f == nil {
			continue
		}
		// As in a CSV header the first name of a column wins; the same
		// own name twice (in another case) still means the later value.
		if wasOwn, ok := own[f.name]; ok && !(wasOwn && isOwn) {
			continue
		}
		own[f.name] = isOwn
		b.json(f, val)
	}
	p.finish(b)
}

// parseCSV reads a CSV feed whose columns delim separates (0: sniffed).
func (p *parser) parseCSV(data []byte, delim rune) error {
	if delim == 0 {
		delim = sniffDelimiter(data)
	}
	cr := csv.NewReader(bytes.NewReader(data))
	cr.Comma = delim
	cr.FieldsPerRecord = -1 // a short or long row is rejected on its own, not the whole file
	// Spaces after a comma are skipped so a quoted cell after them is
	// read as quoted; after a tab that would also skip the empty cells.
	cr.TrimLeadingSpace = !unicode.IsSpace(delim)
	cr.ReuseRecord = true
	header, err := cr.Read()
	if err == io.EOF {
		return errors.New("empty feed: expected a CSV header row")
	}
	if err != nil {
		return fmt.Errorf("CSV header: %v", err)
	}
	cols, known, twice := p.cols.header(header)
	if twice != "" {
		return fmt.Errorf("CSV header: column %q appears twice", twice)
	}
	if known == 0 {
		return errors.New("no CSV header: the first row names no car fields (expected stocknum, vin, make, model, year, ...)")
	}
	width := len(header)
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			return nil
		}
		var pe *csv.ParseError
		if errors.As(err, &pe) {
			p.reject(pe.StartLine, "", "malformed CSV: "+pe.Err.Error())
			continue
		}
		if err != nil {
			return fmt.Errorf("read CSV: %v", err)
		}
		line, _ := cr.FieldPos(0)
		if blank(rec) {
			continue // spreadsheets leave rows of empty cells at the end
		}
		if len(rec) != width {
			p.reject(line, "", fmt.Sprintf("has %d columns, the header has %d", len(rec), width))
			continue
		}
		b := p.newRow(line)
		for i, f := range cols {
			if f != nil {
				b.text(f, rec[i])
			}
		}
		p.finish(b)
	}
}

func blank(rec []string) bool {
	for _, s := range rec {
		if strings.TrimSpace(s) != "" {
			return false
		}
	}
	return true
}

// lineIndex maps byte offsets to 1-based line numbers.
type lineIndex []int64 // offsets of each '\n'

func newLineIndex(data []byte) lineIndex {
	var idx lineIndex
	for i, c := range data {
		if c == '\n' {
			idx = append(idx, int64(i))
		}
	}
	return idx
}

func (idx lineIndex) line(off int64) int {
	lo, hi := 0, len(idx)
	for lo < hi { // count newlines before off
		mid := (lo + hi) / 2
		if idx[mid] < off {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return lo + 1
}

func skipSeparators(data []byte, off int64) int64 {
	for off < int64(len(data)) {
		switch data[off] {
		case ' ', '\t', '\r', '\n', ',':
			off++
		default:
			return off
		}
	}
	return off
}

func jsonErr(err error, lines lineIndex) error {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return fmt.Errorf("line %d: %v", lines.line(se.Offset), err)
	}
	if err == io.ErrUnexpectedEOF {
		return errors.New("the file ends before the array is closed")
	}
	return err
}
