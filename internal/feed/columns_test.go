package feed

import (
	"encoding/csv"
	"flag"
	"os"
	"strings"
	"testing"
	"time"
)

var updateDoc = flag.Bool("update", false, "rewrite the generated tables in docs/stock-feed.md")

const feedDoc = "../../docs/stock-feed.md"

// Table markers in docs/stock-feed.md; the table between them is generated.
const (
	docTableStart   = "<!-- columns: generated from internal/feed/columns.go -->\n"
	docTableEnd     = "<!-- end of columns -->\n"
	docAliasesStart = "<!-- aliases: generated from internal/feed/aliases.go -->\n"
	docAliasesEnd   = "<!-- end of aliases -->\n"
)

// mdCell escapes a table cell's text.
func mdCell(s string) string { return strings.ReplaceAll(s, "|", `\|`) }

// columnsMarkdown is the documentation's table of Columns.
func columnsMarkdown() string {
	var b strings.Builder
	b.WriteString("| column | type | required | meaning |\n|---|---|---|---|\n")
	for _, c := range Columns {
		b.WriteString("| `" + c.Name + "` | " + mdCell(c.Type()) + " | " + mdCell(c.Required) + " | " + mdCell(c.Meaning) + " |\n")
	}
	return b.String()
}

// aliasesMarkdown is the documentation's table of Aliases: each column
// that has any, in the order of Columns, with its aliases in table order.
func aliasesMarkdown() string {
	var b strings.Builder
	b.WriteString("| column | also read from |\n|---|---|\n")
	for _, c := range Columns {
		var names []string
		for _, a := range Aliases {
			if a.Column == c.Name {
				names = append(names, "`"+mdCell(a.Name)+"`")
			}
		}
		if len(names) > 0 {
			b.WriteString("| `" + c.Name + "` | " + strings.Join(names, ", ") + " |\n")
		}
	}
	return b.String()
}

// checkDocTable compares the table between start and end in
// docs/stock-feed.md with want, or with -update writes want there.
func checkDocTable(t *testing.T, start, end, want, what string) {
	t.Helper()
	doc, err := os.ReadFile(feedDoc)
	if err != nil {
		t.Fatal(err)
	}
	before, rest, ok1 := strings.Cut(string(doc), start)
	table, after, ok2 := strings.Cut(rest, end)
	if !ok1 || !ok2 {
		t.Fatalf("%s lacks the %s table markers", feedDoc, what)
	}
	if *updateDoc {
		if err := os.WriteFile(feedDoc, []byte(before+start+want+end+after), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if table != want {
		t.Errorf("%s's %s table differs from the code; run go test ./internal/feed -run %s -update", feedDoc, what, t.Name())
	}
}

// docs/stock-feed.md shows the table the parser reads by; run the test
// with -update after changing Columns.
func TestColumnsAreDocumented(t *testing.T) {
	checkDocTable(t, docTableStart, docTableEnd, columnsMarkdown(), "column")
}

// docs/stock-feed.md shows the aliases the parser reads by; run the test
// with -update after changing Aliases.
func TestAliasesAreDocumented(t *testing.T) {
	checkDocTable(t, docAliasesStart, docAliasesEnd, aliasesMarkdown(), "aliases")
}

// sample is a value every column of its kind accepts.
func sample(c Column) string {
	switch c.Name {
	case "car_type":
		return "demo"
	case "status":
		return "coming soon"
	case "vin":
		return "JTDKB20U993123456"
	case "year":
		return "2021"
	case "video_url", "external_video_url", "file", "spin_interior_image":
		return "https://example.com/a"
	}
	switch c.kind {
	case kindInt, kindMoney, kindDistance:
		return "7"
	case kindFloat:
		return "2.5"
	case kindBool:
		return "yes"
	case kindStrings:
		return "/img/a.jpg|/img/b.jpg"
	case kindIDs:
		return "3|4"
	case kindImages:
		return "/img/a.jpg"
	case kindObject:
		return "{}"
	}
	return "some text"
}

// csvFeed is a one-row CSV feed of the given columns and values.
func csvFeed(t *testing.T, row map[string]string) string {
	t.Helper()
	var b strings.Builder
	w := csv.NewWriter(&b)
	var header, values []string
	for _, c := range Columns {
		if v, ok := row[c.Name]; ok {
			header, values = append(header, c.Name), append(values, v)
		}
	}
	if err := w.WriteAll([][]string{header, values}); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// The parser reads every column of the table, by its name in any case,
// into its own field, and nothing else.
func TestEveryColumnIsRead(t *testing.T) {
	now := time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC)
	base := map[string]string{"stocknum": "A1", "make": "Toyota", "model": "Yaris", "year": "2020", "car_type": "used"}
	for _, c := range Columns {
		row := map[string]string{}
		for k, v := range base {
			row[k] = v
		}
		row[c.Name] = sample(c)
		feed := csvFeed(t, row)
		feed = strings.Replace(feed, c.Name, strings.ToUpper(c.Name), 1) // names match in any case
		rows, rej, err := ParseAt(strings.NewReader(feed), FormatCSV, now)
		if err != nil || len(rej) > 0 || len(rows) != 1 {
			t.Errorf("%s: rows %d, rejected %v, err %v", c.Name, len(rows), rej, err)
			continue
		}
		f := lookupField(c.Name)
		if f == nil || !rows[0].Given[c.Name] || f.in(&rows[0]).IsZero() {
			t.Errorf("%s: %q was not read into the car", c.Name, sample(c))
		}
	}
	rows, _, err := ParseAt(strings.NewReader(csvFeed(t, base)+""), FormatCSV, now)
	if err != nil || len(rows) != 1 || len(rows[0].Given) != len(base)+1 { // status is set by default
		t.Errorf("a row of %d columns gave %v (err %v)", len(base), rows, err)
	}
}

// A row without a required column is rejected, naming it.
func TestRequiredColumnsAreRequired(t *testing.T) {
	now := time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC)
	base := map[string]string{"stocknum": "A1", "vin": "JTDKB20U993123456", "make": "Toyota", "model": "Yaris", "year": "2020", "car_type": "used"}
	for _, c := range Columns {
		row := map[string]string{}
		for k, v := range base {
			row[k] = v
		}
		if c.Required == "" {
			continue
		}
		delete(row, c.Name)
		if c.Required == "stocknum or vin" {
			delete(row, "stocknum")
			delete(row, "vin")
		}
		_, rej, err := ParseAt(strings.NewReader(csvFeed(t, row)), FormatCSV, now)
		if err != nil || len(rej) != 1 || !strings.Contains(rej[0].String(), c.Name) {
			t.Errorf("%s left out: rejected %v, err %v", c.Name, rej, err)
		}
	}
	for name := range base {
		found := false
		for _, c := range Columns {
			found = found || (c.Name == name && c.Required != "")
		}
		if !found {
			t.Errorf("%s is not marked required", name)
		}
	}
}

// A table that disagrees with catalog.Car is refused before any feed is read.
func TestABrokenColumnTableIsRefused(t *testing.T) {
	good := Column{Name: "price", field: "Price", kind: kindMoney, Meaning: "The price."}
	for name, cols := range map[string][]Column{
		"no such field":     {{Name: "price", field: "Cost", kind: kindMoney, Meaning: "x"}},
		"kind does not fit": {{Name: "make", field: "Make", kind: kindMoney, Meaning: "x"}},
		"listed twice":      {good, {Name: "PRICE", field: "Price", kind: kindMoney, Meaning: "x"}},
		"undocumented":      {{Name: "price", field: "Price", kind: kindMoney}},
		"blank name":        {{Name: " price", field: "Price", kind: kindMoney, Meaning: "x"}},
	} {
		if _, err := fieldsOf(cols); err == nil {
			t.Errorf("%s: the table was accepted", name)
		}
	}
	if _, err := fieldsOf([]Column{good}); err != nil {
		t.Errorf("a good table was refused: %v", err)
	}
}
