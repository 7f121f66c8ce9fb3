package feed

import (
	"os"
	"slices"
	"strings"
	"testing"
)

// car is the XML of one valid car with the given extra elements.
func car(stock, extra string) string {
	return "<make>Kia</make><model>Rio</model><year>2020</year><car_type>used</car_type><stocknum>" + stock + "</stocknum>" + extra
}

func TestParseXML(t *testing.T) {
	tests := []struct {
		name     string
		feed     string
		path     string
		stock    []string // accepted rows' stock numbers
		lines    []int
		rejected []wantRej
		check    func(t *testing.T, rows []Row)
	}{
		{
			name:  "items found without a path",
			feed:  "<?xml version=\"1.0\"?>\n<Stock>\n<Header><Count>2</Count></Header>\n<Car>" + car("A1", "") + "</Car>\n<Car>" + car("A2", "") + "</Car>\n</Stock>\n",
			stock: []string{"A1", "A2"}, lines: []int{4, 5},
		},
		{
			name: "path from the root, any case, slashes around it",
			feed: "<Stock><Car>" + car("A1", "") + "</Car><Car>" + car("A2", "") + "</Car><Car>" + car("A3", "") + "</Car></Stock>",
			path: "/stock/CAR/", stock: []string{"A1", "A2", "A3"},
		},
		{
			name: "deeper path; other elements on the way are skipped",
			feed: "<feed>\n<dealer><inventory>\n<item>" + car("A1", "") + "</item>\n</inventory><notes><item><stocknum>X</stocknum></item></notes></dealer>\n<dealer><inventory><item>" + car("B1", "") + "</item></inventory></dealer>\n</feed>",
			path: "feed/dealer/inventory/item", stock: []string{"A1", "B1"}, lines: []int{3, 5},
		},
		{
			name: "the root as the only item",
			feed: "<car>" + car("A1", "") + "</car>",
			path: "car", stock: []string{"A1"},
		},
		{
			name:  "attributes are columns",
			feed:  `<Stock><Vehicle StockNo="A1" make="Kia" Model="Rio" year="2020" Condition="Used" Kms="1,200"/></Stock>`,
			stock: []string{"A1"},
			check: func(t *testing.T, rows []Row) {
				if c := rows[0].Car; c.Make != "Kia" || c.Model != "Rio" || c.KM != 1200 || c.CarType != "used" {
					t.Errorf("read %+v", c)
				}
			},
		},
		{
			name: "lists: nested elements, repeated elements, address attributes",
			feed: `<s><c>` + car("A1", `<Photos>
				<Photo>https://cdn.example/1.jpg</Photo>
				<Photo>  </Photo>
				<Photo><Url>https://cdn.example/2.jpg</Url><Thumb>https://cdn.example/2s.jpg</Thumb></Photo>
				<Photo src="https://cdn.example/3.jpg"/>
			</Photos>
			<Features>Cruise control</Features><Features>Tow bar</Features>
			<spin_images><frame>/img/s/1.jpg</frame><frame>/img/s/2.jpg</frame></spin_images>`) + `</c></s>`,
			stock: []string{"A1"},
			check: func(t *testing.T, rows []Row) {
				c := rows[0].Car
				var urls []string
				for _, img := range c.Images {
					urls = append(urls, img.URL)
				}
				if !slices.Equal(urls, []string{"https://cdn.example/1.jpg", "https://cdn.example/2.jpg", "https://cdn.example/3.jpg"}) {
					t.Errorf("images %v", urls)
				}
				if !slices.Equal(c.StandardEquipment, []string{"Cruise control", "Tow bar"}) || len(c.SpinImages) != 2 {
					t.Errorf("features %q spin %q", c.StandardEquipment, c.SpinImages)
				}
			},
		},
		{
			name: "text with markup, CDATA, entities and namespaces",
			feed: `<s:Stock xmlns:s="urn:s"><s:Car xmlns:x="urn:x" x:StockNo="A1">` + strings.TrimPrefix(car("", ""), "") +
				`<s:Description>Great <b>value</b> &amp; <![CDATA[<i>clean</i>]]>&nbsp;car</s:Description></s:Car></s:Stock>`,
			stock: []string{"A1"},
			check: func(t *testing.T, rows []Row) {
				if got := rows[0].Car.DealerComments; got != "Great value & <i>clean</i>\u00a0car" {
					t.Errorf("description %q", got)
				}
			},
		},
		{
			name: "rejected items keep their start line",
			feed: "<Stock>\r\n  <Car\r\n    StockNo=\"A1\">" + car("A1", "<price>cheap</price>") + "</Car>\r\n  <Car>" + car("A2", "") + "</Car>\r\n" +
				"  <Car><stocknum>A3</stocknum><Make>Kia</Make><make>Kia</make></Car>\r\n  <Car>" + car("A2", "") + "</Car>\r\n</Stock>\r\n",
			stock: []string{"A2"}, lines: []int{4},
			rejected: []wantRej{{2, "price", "whole number of dollars"}, {5, "make", "is given twice"}, {6, "stocknum", "duplicate of line 4"}},
		},
		{
			name:  "an item without known columns is rejected, the others still read",
			feed:  "<Stock>\n<Car>" + car("A1", "") + "</Car>\n<Car><Colour>Red</Colour></Car>\n</Stock>",
			stock: []string{"A1"}, rejected: []wantRej{{3, "", "stocknum or vin is required"}},
		},
		{
			name:  "ISO-8859-1",
			feed:  "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><s><c>" + car("A1", "<colour>Caf\xe9 cr\xe8me</colour>") + "</c></s>",
			stock: []string{"A1"},
			check: func(t *testing.T, rows []Row) {
				if got := rows[0].Car.Colour; got != "Café crème" {
					t.Errorf("colour %q", got)
				}
			},
		},
		{
			name:  "Windows-1252",
			feed:  "<?xml version=\"1.0\" encoding=\"windows-1252\"?><s><c>" + car("A1", "<colour>\x93Red\x94</colour>") + "</c></s>",
			stock: []string{"A1"},
			check: func(t *testing.T, rows []Row) {
				if got := rows[0].Car.Colour; got != "\u201cRed\u201d" {
					t.Errorf("colour %q", got)
				}
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rows, rej, err := ParseWith(strings.NewReader(tt.feed), Options{Format: FormatXML, ItemPath: tt.path}, now)
			if err != nil {
				t.Fatal(err)
			}
			checkRejections(t, rej, tt.rejected)
			if got := idents(rows); !slices.Equal(got, tt.stock) {
				t.Fatalf("accepted %v, want %v", got, tt.stock)
			}
			if tt.lines != nil {
				var lines []int
				for _, r := range rows {
					lines = append(lines, r.Line)
				}
				if !slices.Equal(lines, tt.lines) {
					t.Errorf("rows at lines %v, want %v", lines, tt.lines)
				}
			}
			if tt.check != nil {
				tt.check(t, rows)
			}
		})
	}
}

func TestParseXMLUnreadable(t *testing.T) {
	ok := "<Stock><Car>" + car("A1", "") + "</Car></Stock>"
	tests := []struct {
		name, feed, path, err string
	}{
		{"empty", "", "", "empty feed: expected an XML document"},
		{"only a declaration", "<?xml version=\"1.0\"?>\n", "", "invalid XML: the file has no root element"},
		{"a root without items", "<Stock>\n</Stock>", "", "the XML root element <Stock> holds no items"},
		{"a wrong root in the path", ok, "Inventory/Car", `XML item path "Inventory/Car": the root element is <Stock>`},
		{"a path that matches nothing", ok, "Stock/Vehicle", "no <Stock/Vehicle> elements in the XML feed"},
		{"a wrapper taken for the items", "<feed><vehicles><vehicle>" + car("A1", "") + "</vehicle><vehicle>" + car("A2", "") + "</vehicle></vehicles></feed>", "",
			"the XML feed's <feed/vehicles> elements name no car fields"},
		{"syntax error names its line", "<Stock>\n<Car>" + car("A1", "") + "</Car>\n<Car><make>Kia</model></Car>\n</Stock>", "Stock/Car", "invalid XML: line 3"},
		{"syntax error found before the items", "<Stock>\n<Car>" + car("A1", "") + "</Car>\n<Car><make>Kia</model></Car>\n</Stock>", "", "invalid XML: line 3"},
		{"cut short", "<Stock>\n<Car>" + car("A1", "") + "</Car>\n<Car><make>Ki", "Stock/Car", "invalid XML"},
		{"cut short between items", "<Stock>\n<Car>" + car("A1", "") + "</Car>\n", "Stock/Car", "invalid XML"},
		{"an unknown entity", "<Stock><Car>" + car("A1", "<colour>&bogus;</colour>") + "</Car></Stock>", "", "invalid XML"},
		{"an encoding it cannot read", "<?xml version=\"1.0\" encoding=\"UTF-16\"?><Stock/>", "", `the encoding "UTF-16" is not supported`},
		{"elements nested too deep", "<Stock><Car>" + car("A1", strings.Repeat("<x>", 70)+"deep"+strings.Repeat("</x>", 70)) + "</Car></Stock>", "", "nest more than 64 deep"},
		{"not XML at all", "stocknum,make\n", "", "invalid XML: the file has no root element"},
		{"not XML, with a path", "stocknum,make\n", "Stock/Car", "invalid XML: the file has no root element"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rows, rej, err := ParseWith(strings.NewReader(tt.feed), Options{Format: FormatXML, ItemPath: tt.path}, now)
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Fatalf("err = %v, want one containing %q", err, tt.err)
			}
			if rows != nil || rej != nil {
				t.Errorf("a refused file gave rows %v and rejections %v", rows, rej)
			}
		})
	}
}

func FuzzParseXML(f *testing.F) {
	if b, err := os.ReadFile("testdata/dms-export.xml"); err == nil {
		f.Add(b, "")
		f.Add(b, "Stock/Vehicle")
	}
	f.Add([]byte(`<s><c a="1"><images><i>/x</i></images><variant>{"cylinders":4}</variant></c></s>`), "s/c")
	f.Add([]byte("<s>\n<c>\n</c>\n<c><d><e/></d></c></s>"), "")
	f.Fuzz(func(t *testing.T, data []byte, path string) {
		checkParsedWith(t, data, Options{Format: FormatXML, ItemPath: path})
	})
}
