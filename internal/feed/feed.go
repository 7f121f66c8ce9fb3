// Package feed imports a dealer's stock feed (JSON or CSV) into a site's
// cars: Parse reads and checks the rows, Plan decides what to save, and the
// Report tells the dealer what happened to every row.
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

	"forecourt/internal/catalog"
)

// Formats Parse reads.
const (
	FormatJSON = "json"
	FormatCSV  = "csv"
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

// DetectFormat names the feed format by the file's extension, "" if unknown.
func DetectFormat(filename string) string {
	switch strings.ToLower(filepath.Ext(filename)) {
	case ".json":
		return FormatJSON
	case ".csv":
		return FormatCSV
	}
	return ""
}

// Parse reads a feed, checking every row against today's year.
func Parse(r io.Reader, format string) ([]Row, []Rejection, error) {
	return ParseAt(r, format, time.Now())
}

// ParseAt reads a feed; now gives the reference year (a car may be at most
// next year's model). A row that is wrong is rejected and the rest still
// come through; an error means the file as a whole cannot be read.
func ParseAt(r io.Reader, format string, now time.Time) ([]Row, []Rejection, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxFeedBytes+1))
	if err != nil {
		return nil, nil, fmt.Errorf("read feed: %w", err)
	}
	if len(data) > MaxFeedBytes {
		return nil, nil, fmt.Errorf("feed is larger than %d MB", MaxFeedBytes>>20)
	}
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")) // spreadsheet exports start with a BOM
	p := &parser{refYear: now.Year(), stock: map[string]int{}, vins: map[string]int{}}
	switch format {
	case FormatJSON:
		err = p.parseJSON(data)
	case FormatCSV:
		err = p.parseCSV(data)
	default:
		err = fmt.Errorf("unknown feed format %q (want json or csv)", format)
	}
	if err != nil {
		return nil, nil, err
	}
	return p.rows, p.rejected, nil
}

type parser struct {
	refYear  int
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
	car   catalog.Car
	given map[string]bool
	bad   *Rejection
}

func (p *parser) newRow(line int) *rowBuilder {
	return &rowBuilder{line: line, year: p.refYear, given: map[string]bool{}}
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
	rej := b.bad
	if rej == nil {
		rej = validate(&b.car, b.given, p.refYear)
		if rej != nil {
			rej.Line = b.line
		}
	}
	if rej == nil {
		// A later row repeating a stock number or VIN is rejected: the
		// feed cannot say two different things about one car.
		if at, ok := p.stock[key(b.car.StockNum)]; ok && b.car.StockNum != "" {
			rej = &Rejection{Line: b.line, Field: "stocknum", Reason: fmt.Sprintf("duplicate of line %d", at)}
		} else if at, ok := p.vins[key(b.car.VIN)]; ok && b.car.VIN != "" {
			rej = &Rejection{Line: b.line, Field: "vin", Reason: fmt.Sprintf("duplicate of line %d", at)}
		}
	}
	if rej != nil {
		rej.StockNum = strings.TrimSpace(b.car.StockNum)
		rej.VIN = strings.TrimSpace(b.car.VIN)
		p.rejected = append(p.rejected, *rej)
		return
	}
	if b.car.StockNum != "" {
		p.stock[key(b.car.StockNum)] = b.line
	}
	if b.car.VIN != "" {
		p.vins[key(b.car.VIN)] = b.line
	}
	p.rows = append(p.rows, Row{Line: b.line, Car: b.car, Given: b.given})
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
		if f := lookupField(name); f != nil {
			b.set(f, f.setJSON(&b.car, val))
		}
	}
	p.finish(b)
}

func (p *parser) parseCSV(data []byte) error {
	cr := csv.NewReader(bytes.NewReader(data))
	cr.FieldsPerRecord = -1 // a short or long row is rejected on its own, not the whole file
	cr.TrimLeadingSpace = true
	cr.ReuseRecord = true
	header, err := cr.Read()
	if err == io.EOF {
		return errors.New("empty feed: expected a CSV header row")
	}
	if err != nil {
		return fmt.Errorf("CSV header: %v", err)
	}
	cols := make([]*field, len(header))
	seen := map[string]bool{}
	for i, h := range header {
		f := lookupField(h)
		if f == nil {
			continue
		}
		if seen[f.name] {
			return fmt.Errorf("CSV header: column %q appears twice", f.name)
		}
		seen[f.name] = true
		cols[i] = f
	}
	if len(seen) == 0 {
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
				b.set(f, f.setText(&b.car, rec[i]))
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
