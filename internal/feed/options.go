package feed

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Options say how to read one dealer's feed; the zero Options read any
// feed by its contents.
type Options struct {
	// Format is FormatJSON, FormatCSV or FormatXML; empty means from the
	// feed's first character (SniffFormat).
	Format string
	// Delimiter separates a CSV feed's columns; 0 means the one of
	// , ; tab and | that the header line has most of, outside quotes.
	Delimiter rune
	// ItemPath is an XML feed's repeated car element, as the names of the
	// elements from the root down to it separated by /, e.g. Stock/Vehicle.
	// Empty means the root's most common child element.
	ItemPath string
	// Columns maps the dealer's column names (any case, spaces around
	// them aside) to the feed's columns, e.g. "Stock No" → "stocknum". It
	// wins over the built-in Aliases; a name mapped to "" is ignored.
	Columns map[string]string
}

// SniffFormat names a feed's format by its first character other than
// spaces and line breaks: [ (or {) is JSON, < is XML, anything else CSV.
func SniffFormat(data []byte) string {
	data = bytes.TrimPrefix(data, []byte(bom))
	for _, c := range data {
		switch c {
		case ' ', '\t', '\r', '\n':
			continue
		case '[', '{':
			return FormatJSON
		case '<':
			return FormatXML
		}
		break
	}
	return FormatCSV
}

// bom starts the files of many spreadsheets and Windows programs.
const bom = "\xef\xbb\xbf"

// delimiters are the CSV separators sniffDelimiter chooses from, the
// first winning a tie.
var delimiters = []rune{',', ';', '\t', '|'}

// sniffDelimiter picks the separator the header line (the first line,
// quoted line breaks aside) has most of outside quotes; a comma when it
// has none.
func sniffDelimiter(data []byte) rune {
	counts := map[rune]int{}
	quoted := false
	for _, b := range data {
		c := rune(b) // every delimiter is ASCII; UTF-8 never repeats an ASCII byte inside a letter
		if c == '"' {
			quoted = !quoted // a doubled quote flips twice
			continue
		}
		if quoted {
			continue
		}
		if c == '\n' || c == '\r' {
			break
		}
		counts[c]++
	}
	best := delimiters[0]
	for _, d := range delimiters[1:] {
		if counts[d] > counts[best] {
			best = d
		}
	}
	return best
}

// checkDelimiter refuses a separator a CSV file cannot be split on.
func checkDelimiter(d rune) error {
	if d == 0 {
		return nil
	}
	if d == '"' || d == '\r' || d == '\n' || d == utf8.RuneError || !utf8.ValidRune(d) || unicode.IsLetter(d) || unicode.IsDigit(d) {
		return fmt.Errorf("delimiter %q cannot separate CSV columns", d)
	}
	return nil
}

// CheckColumnMap reports the first problem of an operator's column map:
// a name that maps to something other than a feed column, an empty name,
// or two names that differ only in case or surrounding spaces.
func CheckColumnMap(m map[string]string) error {
	_, err := newResolver(m)
	return err
}

// resolver says which column a feed's header (a CSV header, a JSON key,
// an XML element or attribute name) fills: the operator's column map
// first, then the columns' own names, then the Aliases.
type resolver struct {
	mapped  map[string]*field // lower-cased, trimmed dealer name → column
	ignored map[string]bool   // dealer names mapped to ""
}

func newResolver(m map[string]string) (*resolver, error) {
	r := &resolver{mapped: map[string]*field{}, ignored: map[string]bool{}}
	names := make([]string, 0, len(m))
	for name := range m {
		names = append(names, name)
	}
	slices.Sort(names) // the first problem is the same one every time
	seen := map[string]string{}
	for _, name := range names {
		target := m[name]
		k := strings.ToLower(strings.TrimSpace(name))
		if k == "" {
			return nil, fmt.Errorf("column map: an empty name maps to %q", target)
		}
		if prev, ok := seen[k]; ok {
			return nil, fmt.Errorf("column map: %q and %q are one name", prev, name)
		}
		seen[k] = name
		if strings.TrimSpace(target) == "" {
			r.ignored[k] = true
			continue
		}
		f := lookupField(target)
		if f == nil {
			return nil, fmt.Errorf("column map: %q maps to %q, which is not a feed column", name, target)
		}
		r.mapped[k] = f
	}
	return r, nil
}

// resolve returns the column a header fills (nil when none) and whether
// the header is the column's own name.
func (r *resolver) resolve(name string) (f *field, own bool) {
	k := strings.ToLower(strings.TrimSpace(name))
	if f := r.mapped[k]; f != nil {
		return f, false
	}
	if r.ignored[k] {
		return nil, false
	}
	if f := fields[k]; f != nil {
		return f, true
	}
	return aliases[normName(name)], false
}

// header resolves a row of headers: the column each fills, nil for the
// ones ignored. When two headers fill one column the first wins, unless
// both are the column's own name: then twice names that column.
func (r *resolver) header(names []string) (cols []*field, known int, twice string) {
	cols = make([]*field, len(names))
	own := map[string]bool{} // column → claimed by its own name
	for i, h := range names {
		f, isOwn := r.resolve(h)
		if f == nil {
			continue
		}
		if wasOwn, ok := own[f.name]; ok {
			if wasOwn && isOwn && twice == "" {
				twice = f.name
			}
			continue
		}
		own[f.name] = isOwn
		cols[i] = f
	}
	return cols, len(own), twice
}
