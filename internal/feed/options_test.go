package feed

import (
	"os"
	"slices"
	"strings"
	"testing"

	"forecourt/internal/catalog"
)

// parseOne reads a feed that must give exactly one accepted row.
func parseOne(t *testing.T, feed string, opts Options) Row {
	t.Helper()
	rows, rej, err := ParseWith(strings.NewReader(feed), opts, now)
	if err != nil || len(rej) != 0 || len(rows) != 1 {
		t.Fatalf("rows %d, rejections %v, err %v; want one row", len(rows), rej, err)
	}
	return rows[0]
}

func TestSniffFormat(t *testing.T) {
	for in, want := range map[string]string{
		`[{"stocknum":"A"}]`:             FormatJSON,
		" \r\n\t[]":                      FormatJSON,
		"\xef\xbb\xbf[]":                 FormatJSON,
		`{"stocknum":"A"}`:               FormatJSON,
		"<?xml version=\"1.0\"?><a/>":    FormatXML,
		"\n  <Stock></Stock>":            FormatXML,
		"stocknum,make\nA,Kia\n":         FormatCSV,
		"Stock No;Make\n":                FormatCSV,
		"":                               FormatCSV,
		"\"stocknum\",\"[make]\"\nA,B\n": FormatCSV,
	} {
		if got := SniffFormat([]byte(in)); got != want {
			t.Errorf("SniffFormat(%q) = %q, want %q", in, got, want)
		}
	}
}

// A feed read without a format is read by its first character, in
// ParseAt as in ParseWith.
func TestParseWithoutFormat(t *testing.T) {
	for name, feed := range map[string]string{
		"json": `[{"stocknum":"A1","make":"Kia","model":"Rio","year":2020,"car_type":"used"}]`,
		"csv":  "stocknum;make;model;year;car_type\nA1;Kia;Rio;2020;used\n",
		"xml":  `<cars><car><stocknum>A1</stocknum><make>Kia</make><model>Rio</model><year>2020</year><car_type>used</car_type></car></cars>`,
	} {
		rows, rej, err := ParseAt(strings.NewReader(feed), "", now)
		if err != nil || len(rej) != 0 || len(rows) != 1 || rows[0].Car.StockNum != "A1" || rows[0].Car.Model != "Rio" {
			t.Errorf("%s: rows %+v, rejections %v, err %v", name, rows, rej, err)
		}
	}
	if _, _, err := ParseWith(strings.NewReader("[]"), Options{Format: " JSON "}, now); err != nil {
		t.Errorf("a format in capitals was refused: %v", err)
	}
}

func TestSniffDelimiter(t *testing.T) {
	for in, want := range map[string]rune{
		"stocknum,make,model\n":                 ',',
		"stocknum;make;model\n":                 ';',
		"stocknum\tmake\tmodel\n":               '\t',
		"stocknum|make|model\n":                 '|',
		"\"Stock; No\",make,model\n":            ',', // inside quotes does not count
		"\"Stock, No\";\"Make, Model\";Year\n":  ';',
		"stocknum;make,model\n":                 ',', // a tie goes to the comma
		"stocknum\n;;;;;\n":                     ',', // only the header line counts
		"\"Stock\nNo\";make;model\r\nA,B,C,D\n": ';',
		"stocknum":                              ',',
	} {
		if got := sniffDelimiter([]byte(in)); got != want {
			t.Errorf("sniffDelimiter(%q) = %q, want %q", in, got, want)
		}
	}
}

// CSV files separated by semicolons, tabs or pipes import as comma
// separated ones do, empty cells included.
func TestParseCSVDelimiters(t *testing.T) {
	tests := []struct {
		name  string
		feed  string
		delim rune
		price int
	}{
		{"comma", "stocknum,make,model,year,car_type,colour,price\nA1,Kia,Rio,2020,used,,\"$12,990\"\n", 0, 12990},
		{"semicolon", "stocknum;make;model;year;car_type;colour;price\nA1;Kia;Rio;2020;used;;$12,990\n", 0, 12990},
		{"semicolon with quoted cells", "stocknum;make;model;year;car_type;colour;price\nA1;Kia;\"Rio\";2020;used;\"\";\"$12,990\"\n", 0, 12990},
		{"semicolon with CRLF", "stocknum;make;model;year;car_type;colour;price\r\nA1;Kia;Rio;2020;used;;$12,990\r\n", 0, 12990},
		{"tab with empty cells", "stocknum\tmake\tmodel\tyear\tcar_type\tcolour\tprice\nA1\tKia\t Rio\t2020\tused\t\t$12,990\n", 0, 12990},
		{"tab with the first cells empty", "colour\tprice\tstocknum\tmake\tmodel\tyear\tcar_type\n\t\t A1\tKia\tRio\t2020\tused\n", 0, 0},
		{"pipe", "stocknum|make|model|year|car_type|colour|price\nA1|Kia|Rio|2020|used||12990\n", 0, 12990},
		{"delimiter given", "stocknum;make;model;year;car_type;colour;price\nA1;Kia;Rio;2020;used;;12990\n", ';', 12990},
		// Sniffed, the commas would win; given, "price,x" is one unknown column.
		{"delimiter given against the sniff", "stocknum;make;model;year;car_type;colour;price,x,y\nA1;Kia;Rio;2020;used;;12990,5,6\n", ';', 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := parseOne(t, tt.feed, Options{Format: FormatCSV, Delimiter: tt.delim})
			c := r.Car
			if c.StockNum != "A1" || c.Make != "Kia" || c.Model != "Rio" || c.Year != 2020 || c.Colour != "" || c.Price != tt.price {
				t.Errorf("read %q %q %q %d colour %q price %d", c.StockNum, c.Make, c.Model, c.Year, c.Colour, c.Price)
			}
			if r.Line != 2 {
				t.Errorf("line %d, want 2", r.Line)
			}
		})
	}
	// A row of another width is still rejected on its own.
	_, rej, err := ParseWith(strings.NewReader("stocknum\tmake\tmodel\tyear\tcar_type\nA1\tKia\tRio\t2020\n"), Options{}, now)
	if err != nil {
		t.Fatal(err)
	}
	checkRejections(t, rej, []wantRej{{2, "", "has 4 columns, the header has 5"}})
	for _, d := range []rune{'"', '\n', '\r', 'a', '7', 0xD800} {
		_, _, err := ParseWith(strings.NewReader("stocknum\nA1\n"), Options{Format: FormatCSV, Delimiter: d}, now)
		if err == nil || !strings.Contains(err.Error(), "cannot separate CSV columns") {
			t.Errorf("delimiter %q: err %v", d, err)
		}
	}
	// The delimiter is a CSV option: a JSON feed ignores it.
	if _, _, err := ParseWith(strings.NewReader("[]"), Options{Format: FormatJSON, Delimiter: ';'}, now); err != nil {
		t.Errorf("a JSON feed with a delimiter: %v", err)
	}
}

// Dealers' systems' headers name the feed's columns with no column map.
func TestAliasesAreRead(t *testing.T) {
	tests := []struct {
		header, value, column string
	}{
		{"Stock No", "S1", "stocknum"},
		{"Stock Number", "S1", "stocknum"},
		{"StockNo", "S1", "stocknum"},
		{"STOCK_NO", "S1", "stocknum"},
		{"stock-no.", "S1", "stocknum"},
		{"Stock #", "S1", "stocknum"},
		{"  stock number ", "S1", "stocknum"},
		{"Retail Price", "$21,990", "price"},
		{"Sale Price", "21990", "price"},
		{"Selling Price", "21990", "price"},
		{"Drive Away Price", "21990", "price"},
		{"PRICE", "21990", "price"},
		{"Odometer", "12,000 km", "km"},
		{"Kms", "12000", "km"},
		{"Kilometres", "12000", "km"},
		{"Kilometers", "12000", "km"},
		{"Mileage", "12000", "km"},
		{"Photo URLs", "https://cdn.example/1.jpg|/img/2.jpg", "images"},
		{"Photos", "/img/1.jpg", "images"},
		{"Images", "/img/1.jpg", "images"},
		{"Image URLs", "/img/1.jpg", "images"},
		{"Pictures", "/img/1.jpg", "images"},
		{"Colour", "Red", "colour"},
		{"Color", "Red", "colour"},
		{"Exterior Colour", "Red", "colour"},
		{"Transmission", "6 Speed Manual", "trans"},
		{"Fuel Type", "Diesel", "fuel"},
		{"Body Type", "Sedan", "body"},
		{"Description", "Tidy.", "dealercomments"},
		{"Comments", "Tidy.", "dealercomments"},
		{"Dealer Comments", "Tidy.", "dealercomments"},
		{"Rego", "ABC123", "regplate"},
		{"Registration", "ABC123", "regplate"},
		{"Registration Plate", "ABC123", "regplate"},
		{"Series", "MY24", "series"},
		{"Badge", "SR5", "badge"},
		{"Grade", "SR5", "badge"},
		{"Trim", "SR5", "badge"},
		{"Location", "north", "location"},
		{"Location Code", "north", "location"},
		{"Branch", "north", "location"},
		{"Yard", "north", "location"},
		{"Dealer Code", "north", "location"},
		{"Site", "north", "location"},
		{"Dealership", "metro", "dealership"},
		{"Dealer", "metro", "dealership"},
		{"Car Type", "used", "car_type"},
		{"Interior Colour", "Black", "interior_colour"},
	}
	for _, tt := range tests {
		t.Run(tt.header, func(t *testing.T) {
			base := "Make,Model,Year,Condition,VIN"
			vals := "Kia,Rio,2020,Used,KNAB1234567890123"
			if tt.column == "car_type" {
				base, vals = "Make,Model,Year,VIN", "Kia,Rio,2020,KNAB1234567890123"
			}
			feed := base + ",\"" + tt.header + "\"\n" + vals + ",\"" + tt.value + "\"\n"
			r := parseOne(t, feed, Options{})
			f := lookupField(tt.column)
			if !r.Given[tt.column] || f.in(&r).IsZero() {
				t.Errorf("%q was not read into %s (given %v)", tt.header, tt.column, r.Given)
			}
		})
	}
	// Condition's values are new, used and demo in any case.
	for in, want := range map[string]string{"New": "new", "USED": "used", "Demo": "demo", "Demonstrator": "demo", "demonstrator": "demo"} {
		r := parseOne(t, "Stock No,Make,Model,Year,New/Used\nA1,Kia,Rio,2020,"+in+"\n", Options{})
		if r.Car.CarType != want {
			t.Errorf("condition %q read as %q, want %q", in, r.Car.CarType, want)
		}
	}
	_, rej, _ := ParseWith(strings.NewReader("Stock No,Make,Model,Year,Vehicle Type\nA1,Kia,Rio,2020,Excellent\n"), Options{}, now)
	checkRejections(t, rej, []wantRej{{2, "car_type", "must be one of new, used, demo"}})
	// Drive Away Price sets the price and nothing else.
	r := parseOne(t, "Stock No,Make,Model,Year,Condition,Drive Away Price\nA1,Kia,Rio,2020,used,19990\n", Options{})
	if r.Car.Price != 19990 || r.Car.PriceType != "" || r.Given["price_type"] {
		t.Errorf("drive away price: price %d type %q", r.Car.Price, r.Car.PriceType)
	}
	// JSON keys and XML names are headers too.
	r = parseOne(t, `[{"Stock No":"A1","Make":"Kia","Model":"Rio","Year":2020,"Condition":"Used","Odometer":"5,000 km"}]`, Options{})
	if r.Car.StockNum != "A1" || r.Car.KM != 5000 || r.Car.CarType != "used" {
		t.Errorf("JSON with aliases read as %+v", r.Car)
	}
}

// When two headers name one column the first wins, unless both are the
// column's own name.
func TestTwoHeadersForOneColumn(t *testing.T) {
	tests := []struct {
		name, feed string
		price      int
		err        string
	}{
		{name: "alias first", feed: "stocknum,make,model,year,car_type,Retail Price,price\nA1,Kia,Rio,2020,used,100,200\n", price: 100},
		{name: "own name first", feed: "stocknum,make,model,year,car_type,price,Retail Price\nA1,Kia,Rio,2020,used,200,100\n", price: 200},
		{name: "two aliases", feed: "stocknum,make,model,year,car_type,Sale Price,Drive Away Price\nA1,Kia,Rio,2020,used,300,100\n", price: 300},
		{name: "alias and own name of the stock number", feed: "Stock No,stocknum,make,model,year,car_type,price\nA1,B2,Kia,Rio,2020,used,5\n", price: 5},
		{name: "own name twice", feed: "stocknum,make,model,year,car_type,price,PRICE\nA1,Kia,Rio,2020,used,1,2\n", err: `column "price" appears twice`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rows, _, err := ParseWith(strings.NewReader(tt.feed), Options{}, now)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("err %v, want %q", err, tt.err)
				}
				return
			}
			if err != nil || len(rows) != 1 || rows[0].Car.Price != tt.price || rows[0].Car.StockNum != "A1" {
				t.Fatalf("rows %+v err %v; want price %d of A1", rows, err, tt.price)
			}
		})
	}
	// In a JSON object too; the same own name in two cases keeps today's
	// meaning (the later value).
	r := parseOne(t, `[{"stocknum":"A1","make":"Kia","model":"Rio","year":2020,"car_type":"used","Retail Price":100,"price":200}]`, Options{})
	if r.Car.Price != 100 {
		t.Errorf("JSON alias before own name: price %d, want 100", r.Car.Price)
	}
	r = parseOne(t, `[{"stocknum":"A1","make":"Kia","model":"Rio","year":2020,"car_type":"used","price":100,"PRICE":200}]`, Options{})
	if r.Car.Price != 200 {
		t.Errorf("JSON own name twice: price %d, want 200", r.Car.Price)
	}
}

func TestColumnMap(t *testing.T) {
	feed := "Ref,Brand,Range,MY,Kind,Amount,Retail Price,Notes\nA1,Kia,Rio,2020,used,$100,$200,secret\n"
	r := parseOne(t, feed, Options{Columns: map[string]string{
		" ref ": "stocknum", "BRAND": "make", "range": "Model", "my": "year", "kind": "car_type",
		"Amount": "price", // wins over Retail Price, which comes later
	}})
	if c := r.Car; c.StockNum != "A1" || c.Make != "Kia" || c.Model != "Rio" || c.Year != 2020 || c.Price != 100 {
		t.Errorf("mapped row read as %+v", c)
	}
	// The map wins over an alias: Retail Price can be sent elsewhere, and
	// a name mapped to nothing is ignored.
	r = parseOne(t, "Stock No,Make,Model,Year,Condition,Retail Price,Price\nA1,Kia,Rio,2020,used,200,150\n",
		Options{Columns: map[string]string{"retail price": "before_price"}})
	if r.Car.BeforePrice != 200 || r.Car.Price != 150 {
		t.Errorf("before %d price %d, want 200 and 150", r.Car.BeforePrice, r.Car.Price)
	}
	r = parseOne(t, "Stock No,Make,Model,Year,Condition,Colour\nA1,Kia,Rio,2020,used,Red\n",
		Options{Columns: map[string]string{"Colour": ""}})
	if r.Car.Colour != "" || r.Given["colour"] {
		t.Errorf("an ignored column was read: %q", r.Car.Colour)
	}
	// In JSON and XML feeds too.
	r = parseOne(t, `[{"Ref":"A1","make":"Kia","model":"Rio","year":2020,"car_type":"used"}]`, Options{Columns: map[string]string{"ref": "stocknum"}})
	if r.Car.StockNum != "A1" {
		t.Errorf("JSON: stock number %q", r.Car.StockNum)
	}
	r = parseOne(t, `<s><c Ref="A1"><make>Kia</make><model>Rio</model><year>2020</year><car_type>used</car_type></c></s>`, Options{Columns: map[string]string{"ref": "stocknum"}})
	if r.Car.StockNum != "A1" {
		t.Errorf("XML: stock number %q", r.Car.StockNum)
	}

	for _, tt := range []struct {
		m   map[string]string
		err string
	}{
		{map[string]string{"Foo": "bar"}, `column map: "Foo" maps to "bar", which is not a feed column`},
		{map[string]string{"Stock No": "stocknum", "Cost": "cost_price"}, `column map: "Cost" maps to "cost_price", which is not a feed column`},
		{map[string]string{"Branch": "Location Code"}, `"Branch" maps to "Location Code", which is not a feed column`}, // aliases are no targets
		{map[string]string{" ": "price"}, "an empty name"},
		{map[string]string{"Stock": "stocknum", "STOCK ": "vin"}, `"STOCK " and "Stock" are one name`},
	} {
		err := CheckColumnMap(tt.m)
		if err == nil || !strings.Contains(err.Error(), tt.err) {
			t.Errorf("CheckColumnMap(%v) = %v, want %q", tt.m, err, tt.err)
		}
		if _, _, err := ParseWith(strings.NewReader(feed), Options{Columns: tt.m}, now); err == nil || !strings.Contains(err.Error(), tt.err) {
			t.Errorf("ParseWith with %v: err %v, want %q", tt.m, err, tt.err)
		}
	}
	for _, m := range []map[string]string{nil, {}, {"Stock No": "STOCKNUM", "Ignored": "", "Branch": "location", "Rego": "regoState"}} {
		if err := CheckColumnMap(m); err != nil {
			t.Errorf("CheckColumnMap(%v) = %v", m, err)
		}
	}
}

// A broken alias table is refused before any feed is read.
func TestABrokenAliasTableIsRefused(t *testing.T) {
	fs, err := fieldsOf(Columns)
	if err != nil {
		t.Fatal(err)
	}
	for name, table := range map[string][]Alias{
		"no such column":        {{"Cost Price", "cost"}},
		"column in other case":  {{"Ref", "STOCKNUM"}},
		"two names fall as one": {{"Stock No", "stocknum"}, {"STOCK_NO", "stocknum"}},
		"one name, two columns": {{"Reg", "regplate"}, {"reg", "rego_expiry"}},
		"own name respelled":    {{"Stock Num", "stocknum"}},
		"another column's name": {{"Price Type", "price"}},
		"blank name":            {{" Rego", "regplate"}},
		"empty name":            {{"-", "regplate"}},
	} {
		if _, err := aliasIndex(fs, table); err == nil {
			t.Errorf("%s: the table was accepted", name)
		}
	}
	if _, err := aliasIndex(fs, Aliases); err != nil {
		t.Errorf("Aliases were refused: %v", err)
	}
}

func TestNoPriceWords(t *testing.T) {
	words := append(slices.Clone(noPriceWords), "poa", "P.O.A", " P.O.A. ", "ENQUIRE  NOW", "price on application", "tba", "")
	for _, w := range words {
		for _, col := range []string{"price", "before_price", "offer_price", "subscription_price"} {
			row := map[string]string{"stocknum": "A1", "make": "Kia", "model": "Rio", "year": "2020", "car_type": "used", col: w}
			rows, rej, err := ParseAt(strings.NewReader(csvFeed(t, row)), FormatCSV, now)
			if err != nil || len(rej) != 0 || len(rows) != 1 {
				t.Errorf("%s %q: rejected %v, err %v", col, w, rej, err)
				continue
			}
			if v := lookupField(col).in(&rows[0]).Int(); v != 0 || !rows[0].Given[col] {
				t.Errorf("%s %q read as %d (given %v)", col, w, v, rows[0].Given[col])
			}
		}
		r := parseOne(t, jsonFeed(map[string]any{"price": w}), Options{})
		if r.Car.Price != 0 || !r.Given["price"] {
			t.Errorf("JSON price %q read as %d", w, r.Car.Price)
		}
	}
	for _, w := range []string{"Call me", "Sold", "P.O.A. $10", "$", "N/A"} {
		_, rej, _ := ParseAt(strings.NewReader(jsonFeed(map[string]any{"price": w})), FormatJSON, now)
		checkRejections(t, rej, []wantRej{{1, "price", "must be a whole number of dollars"}})
	}
	// The documentation lists every word.
	doc, err := os.ReadFile(feedDoc)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range noPriceWords {
		if !strings.Contains(string(doc), "`"+w+"`") {
			t.Errorf("%s does not list the no-price word %q", feedDoc, w)
		}
	}
}

// A variant given as text is the badge; as an object it is the variant.
func TestVariantText(t *testing.T) {
	tests := []struct {
		name, feed string
		badge      string
		cylinders  int
	}{
		{name: "csv text", feed: "stocknum,make,model,year,car_type,Variant\nA1,Kia,Rio,2020,used,GT-Line\n", badge: "GT-Line"},
		{name: "csv object", feed: "stocknum,make,model,year,car_type,variant\nA1,Kia,Rio,2020,used,\"{\"\"cylinders\"\":4}\"\n", cylinders: 4},
		{name: "csv badge column wins", feed: "stocknum,make,model,year,car_type,Variant,Badge\nA1,Kia,Rio,2020,used,GT-Line,S\n", badge: "S"},
		{name: "csv empty badge column", feed: "stocknum,make,model,year,car_type,badge,Variant\nA1,Kia,Rio,2020,used,,Sport\n", badge: "Sport"},
		{name: "json text", feed: `[{"stocknum":"A1","make":"Kia","model":"Rio","year":2020,"car_type":"used","variant":"Sport"}]`, badge: "Sport"},
		{name: "json object", feed: `[{"stocknum":"A1","make":"Kia","model":"Rio","year":2020,"car_type":"used","variant":{"cylinders":6},"badge":"S"}]`, badge: "S", cylinders: 6},
		{name: "xml text", feed: `<s><c><stocknum>A1</stocknum><make>Kia</make><model>Rio</model><year>2020</year><car_type>used</car_type><Variant>Sport</Variant></c></s>`, badge: "Sport"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := parseOne(t, tt.feed, Options{})
			if r.Car.Badge != tt.badge {
				t.Errorf("badge %q, want %q", r.Car.Badge, tt.badge)
			}
			if tt.cylinders == 0 && (r.Car.Variant != nil || r.Given["variant"]) {
				t.Errorf("variant %+v set from text", r.Car.Variant)
			}
			if tt.cylinders != 0 && (r.Car.Variant == nil || r.Car.Variant.Cylinders != tt.cylinders) {
				t.Errorf("variant %+v, want %d cylinders", r.Car.Variant, tt.cylinders)
			}
		})
	}
	// An object with a typo is still refused, in text as in JSON.
	_, rej, _ := ParseWith(strings.NewReader("stocknum,make,model,year,car_type,variant\nA1,Kia,Rio,2020,used,\"{\"\"cylindres\"\":4}\"\n"), Options{}, now)
	checkRejections(t, rej, []wantRej{{2, "variant", "must be an object"}})
}

// A row names its location and dealership by the keys the site's config
// gives them.
func TestLocationAndDealershipKeys(t *testing.T) {
	r := parseOne(t, "Stock No,Make,Model,Year,Condition,Branch,Dealer\nA1,Kia,Rio,2020,used, NTH , metro-kia \n", Options{})
	if r.LocationKey != "NTH" || r.DealershipKey != "metro-kia" || !r.Given["location"] || !r.Given["dealership"] {
		t.Errorf("keys %q %q given %v", r.LocationKey, r.DealershipKey, r.Given)
	}
	if r.Car.LocationID != 0 || r.Car.LocationName != "" || r.Car.DealershipSlug != "" {
		t.Errorf("a key was stored in the car: %+v", r.Car)
	}
	r = parseOne(t, "Stock No,Make,Model,Year,Condition,Location\nA1,Kia,Rio,2020,used,\n", Options{})
	if r.LocationKey != "" || r.Given["location"] {
		t.Errorf("an empty location was given: %q", r.LocationKey)
	}
	// The platform's own car JSON has a location object: not a key.
	r = parseOne(t, jsonFeed(map[string]any{"location": map[string]any{"id": 3, "name": "North"}, "dealership": nil}), Options{})
	if r.LocationKey != "" || r.Given["location"] || r.Given["dealership"] {
		t.Errorf("a location object was read as key %q", r.LocationKey)
	}
	r = parseOne(t, jsonFeed(map[string]any{"location": 12, "Dealer": "metro"}), Options{})
	if r.LocationKey != "12" || r.DealershipKey != "metro" {
		t.Errorf("JSON keys %q %q", r.LocationKey, r.DealershipKey)
	}
	_, rej, _ := ParseAt(strings.NewReader(jsonFeed(map[string]any{"location": "north\nX-Evil: 1"})), FormatJSON, now)
	checkRejections(t, rej, []wantRej{{1, "location", "must be plain text"}})
}

// A real dealer's export: semicolons, its own headers, words for prices,
// a demonstrator and its branch codes.
func TestParseDealerExport(t *testing.T) {
	for _, file := range []string{"testdata/dms-export.csv", "testdata/dms-export.xml"} {
		t.Run(file, func(t *testing.T) {
			f, err := os.Open(file)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			rows, rej, err := ParseWith(f, Options{Format: DetectFormat(file)}, now)
			if err != nil {
				t.Fatal(err)
			}
			var wantLines []int
			var wantRejected []wantRej
			if strings.HasSuffix(file, ".csv") {
				wantLines, wantRejected = []int{2, 3, 4}, []wantRej{{5, "year", "between 1900 and 2027"}}
			} else {
				wantLines, wantRejected = []int{6, 21, 30}, []wantRej{{26, "year", "between 1900 and 2027"}}
			}
			checkRejections(t, rej, wantRejected)
			var lines []int
			for _, r := range rows {
				lines = append(lines, r.Line)
			}
			if !slices.Equal(lines, wantLines) {
				t.Errorf("rows at lines %v, want %v", lines, wantLines)
			}
			if len(rows) != 3 {
				t.Fatalf("%d rows", len(rows))
			}
			rav4, mazda, demo := rows[0], rows[1], rows[2]
			if c := rav4.Car; c.StockNum != "T1001" || c.VIN != "JTMBFREV70D123456" || c.Price != 32990 || c.KM != 41250 ||
				c.Badge != "GX" || c.CarType != catalog.TypeUsed || c.Colour != "Glacier White" || len(c.Images) != 2 ||
				c.Images[1].URL != "https://cdn.example/t1001/2.jpg" || rav4.LocationKey != "NTH" {
				t.Errorf("RAV4 read as %+v at %q", c, rav4.LocationKey)
			}
			if c := mazda.Car; c.CarType != catalog.TypeNew || c.Price != 0 || !mazda.Given["price"] {
				t.Errorf("Mazda type %q price %d", c.CarType, c.Price)
			}
			if c := demo.Car; c.CarType != catalog.TypeDemo || c.Price != 0 || !demo.Given["price"] {
				t.Errorf("demonstrator type %q price %d", c.CarType, c.Price)
			}
			if strings.HasSuffix(file, ".csv") {
				if rav4.Car.DealerComments != "One owner; full history." || demo.Car.DealerComments != `Ex-demo, "as new".` || mazda.Car.Badge != "Maxx Sport" {
					t.Errorf("comments %q and %q, badge %q", rav4.Car.DealerComments, demo.Car.DealerComments, mazda.Car.Badge)
				}
				return
			}
			if rav4.Car.DealerComments != "One owner & <b>full</b> history." || demo.Car.DealerComments != "Café racer\u00a0red." {
				t.Errorf("descriptions %q and %q", rav4.Car.DealerComments, demo.Car.DealerComments)
			}
			if !slices.Equal(rav4.Car.StandardEquipment, []string{"Reversing camera", "Apple CarPlay"}) {
				t.Errorf("features %q", rav4.Car.StandardEquipment)
			}
			if len(mazda.Car.Images) != 1 || mazda.Car.Images[0].URL != "https://cdn.example/m2002/1.jpg" {
				t.Errorf("image from an attribute: %+v", mazda.Car.Images)
			}
			if demo.DealershipKey != "hs" {
				t.Errorf("dealership key %q", demo.DealershipKey)
			}
		})
	}
}
