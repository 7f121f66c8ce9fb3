// Package sheet lays out a car's printable one-page A4 sheet
// (docs/behaviour/http.md#api-print): picture, price, specifications, the
// dealer's comments and details.
package sheet

import (
	"bytes"
	"fmt"
	"html"
	"regexp"
	"strconv"
	"strings"

	"github.com/go-pdf/fpdf"

	"forecourt/internal/apitypes"
	"forecourt/internal/catalog"
	"forecourt/internal/listing"
	"forecourt/internal/tenant"
)

// Sheet is the printable sheet of a car: its card, the site and the car's
// location (nil when unknown) name the dealer; BaseURL is the site's
// address the sheet links the car's page under.
type Sheet struct {
	Site     *tenant.Site
	Car      listing.Card
	Location *catalog.Location
	BaseURL  string
	Image    []byte // JPEG, optional
}

var sheetTagPattern = regexp.MustCompile(`<[^>]*>`)

// plainText turns sanitised comment HTML into text for print.
func sheetPlainText(s string) string {
	s = strings.NewReplacer("<br>", "\n", "<br/>", "\n", "<br />", "\n", "</p>", "\n", "</li>", "\n").Replace(s)
	return strings.TrimSpace(html.UnescapeString(sheetTagPattern.ReplaceAllString(s, "")))
}

// PDF draws the sheet.
func (cs Sheet) PDF() ([]byte, error) {
	c := cs.Car
	pdf := fpdf.New("P", "mm", "A4", "")
	pdf.SetTitle(c.Name, true)
	pdf.SetAuthor(cs.Site.Name, true)
	pdf.SetMargins(14, 14, 14)
	pdf.SetAutoPageBreak(false, 12)
	pdf.AddPage()
	tr := pdf.UnicodeTranslatorFromDescriptor("")
	const pageW = 210.0 - 28

	// Header: the dealer.
	dealerHeader(pdf, tr(cs.Site.Name), pageW)
	pdf.Ln(4)

	// Title and price.
	title := strings.TrimSpace(fmt.Sprintf("%d %s %s %s", c.Year, c.Make, c.Model, c.Badge))
	if c.Year == 0 {
		title = c.Name
	}
	pdf.SetTextColor(17, 24, 39)
	pdf.SetFont("Helvetica", "B", 18)
	pdf.MultiCell(pageW, 8, tr(title), "", "L", false)
	pdf.SetFont("Helvetica", "B", 16)
	if !c.IsAvailable {
		pdf.CellFormat(pageW, 9, "SOLD", "", 1, "L", false, 0, "")
	} else {
		if c.PriceDisplay.Label != "" {
			// A price that is not the cash price says what it is.
			pdf.SetFont("Helvetica", "B", 10)
			pdf.SetTextColor(90, 90, 90)
			pdf.CellFormat(pageW, 5, tr(c.PriceDisplay.Label), "", 1, "L", false, 0, "")
			pdf.SetFont("Helvetica", "B", 16)
			pdf.SetTextColor(17, 24, 39)
		}
		price := c.PriceDisplay.Text + c.PriceDisplay.Suffix
		pdf.CellFormat(pdf.GetStringWidth(tr(price))+4, 9, tr(price), "", 0, "L", false, 0, "")
		if t := c.PriceDisplay.PriceType; t != "" && c.PriceDisplay.Cash == nil {
			// What the price includes, in words, beside it.
			pdf.SetFont("Helvetica", "", 11)
			pdf.SetTextColor(90, 90, 90)
			pdf.CellFormat(pdf.GetStringWidth(tr(t))+4, 9, tr(t), "", 0, "L", false, 0, "")
			pdf.SetTextColor(17, 24, 39)
		}
		if c.PriceDisplay.Was != nil {
			pdf.SetFont("Helvetica", "", 11)
			pdf.SetTextColor(110, 110, 110)
			was := tr("Was " + *c.PriceDisplay.Was)
			x, y := pdf.GetX(), pdf.GetY()
			pdf.CellFormat(pdf.GetStringWidth(was)+4, 9, was, "", 0, "L", false, 0, "")
			// Struck through, as on the page: the core fonts have no strike style.
			pdf.SetDrawColor(110, 110, 110)
			ws := pdf.GetStringWidth(tr("Was "))
			pdf.Line(x+1+ws, y+4.5, x+1+pdf.GetStringWidth(was), y+4.5)
			pdf.SetDrawColor(200, 200, 200)
		}
		if c.PriceDisplay.Saving != nil {
			// docs/behaviour/states.md: a reduced price reads as a reduction.
			pdf.SetFont("Helvetica", "B", 11)
			pdf.SetTextColor(185, 28, 28)
			pdf.CellFormat(40, 9, tr("Save "+*c.PriceDisplay.Saving), "", 0, "L", false, 0, "")
		}
		if c.PriceDisplay.Cash != nil {
			pdf.SetFont("Helvetica", "", 11)
			pdf.SetTextColor(17, 24, 39)
			cash := tr(strings.TrimSpace("Cash price " + *c.PriceDisplay.Cash + " " + c.PriceDisplay.PriceType))
			pdf.CellFormat(pdf.GetStringWidth(cash)+4, 9, cash, "", 0, "L", false, 0, "")
		}
		pdf.Ln(9)
	}
	pdf.Ln(2)

	// Picture, 3:2.
	if len(cs.Image) > 0 {
		opt := fpdf.ImageOptions{ImageType: "JPG", ReadDpi: false}
		pdf.RegisterImageOptionsReader("car", opt, bytes.NewReader(cs.Image))
		if pdf.Ok() {
			h := pageW * 2 / 3 * 0.75
			pdf.ImageOptions("car", 14+(pageW-h*1.5)/2, pdf.GetY(), h*1.5, h, false, opt, 0, "")
			pdf.SetY(pdf.GetY() + h + 4)
		} else {
			pdf.ClearError()
		}
	}

	// Specifications, two columns of label and value.
	specs := sheetSpecs(c.Car)
	pdf.SetFont("Helvetica", "B", 12)
	pdf.SetTextColor(17, 24, 39)
	pdf.CellFormat(pageW, 7, "Specifications", "", 1, "L", false, 0, "")
	colW := pageW / 2
	for i, s := range specs {
		x := 14 + float64(i%2)*colW
		if i%2 == 0 && i > 0 {
			pdf.Ln(6)
		}
		pdf.SetX(x)
		pdf.SetFont("Helvetica", "", 9.5)
		pdf.SetTextColor(90, 90, 90)
		pdf.CellFormat(32, 6, tr(s[0]), "B", 0, "L", false, 0, "")
		pdf.SetFont("Helvetica", "B", 9.5)
		pdf.SetTextColor(17, 24, 39)
		pdf.CellFormat(colW-36, 6, tr(sheetTruncate(s[1], 40)), "B", 0, "L", false, 0, "")
	}
	pdf.Ln(10)

	// Dealer comments, as much as fits.
	if text := sheetPlainText(c.DealerComments); text != "" {
		pdf.SetFont("Helvetica", "B", 12)
		pdf.CellFormat(pageW, 7, "Dealer comments", "", 1, "L", false, 0, "")
		pdf.SetFont("Helvetica", "", 9.5)
		room := 297 - 12 - 30 - pdf.GetY()
		lines := pdf.SplitText(tr(text), pageW)
		maxLines := max(0, int(room/4.8))
		if len(lines) > maxLines {
			lines = lines[:maxLines]
			if maxLines > 0 {
				lines[maxLines-1] = sheetTruncate(lines[maxLines-1], max(0, len(lines[maxLines-1])-3)) + "..."
			}
		}
		for _, l := range lines {
			pdf.CellFormat(pageW, 4.8, l, "", 1, "L", false, 0, "")
		}
	}

	// Footer: where to see it and whom to call.
	pdf.SetY(297 - 12 - 22)
	pdf.SetDrawColor(200, 200, 200)
	pdf.Line(14, pdf.GetY(), 14+pageW, pdf.GetY())
	pdf.Ln(2)
	pdf.SetFont("Helvetica", "B", 10)
	dealer := cs.Site.Name
	if cs.Location != nil && cs.Location.Name != "" {
		dealer = cs.Location.Name
	}
	pdf.CellFormat(pageW, 5, tr(dealer), "", 1, "L", false, 0, "")
	pdf.SetFont("Helvetica", "", 9.5)
	if cs.Location != nil {
		a := cs.Location.Address
		addr := strings.Join(sheetNonEmpty(a.Street, strings.TrimSpace(a.City+" "+a.State+" "+a.Postcode)), ", ")
		if addr != "" {
			pdf.CellFormat(pageW, 5, tr(addr), "", 1, "L", false, 0, "")
		}
	}
	if phone := dealerPhone(cs.Site, c.CarType, cs.Location); phone != "" {
		pdf.CellFormat(pageW, 5, tr("Phone "+catalog.FormatPhone(phone)), "", 1, "L", false, 0, "")
	}
	pdf.CellFormat(pageW, 5, tr(cs.BaseURL+"/cars/"+c.Slug), "", 1, "L", false, 0, "")

	var buf bytes.Buffer
	if err := pdf.Output(&buf); err != nil {
		return nil, fmt.Errorf("print sheet: %w", err)
	}
	return buf.Bytes(), nil
}

// dealerHeader draws the site's name over a rule across the page, the head
// of each document the site draws.
func dealerHeader(pdf *fpdf.Fpdf, name string, width float64) {
	pdf.SetFont("Helvetica", "B", 11)
	pdf.SetTextColor(90, 90, 90)
	pdf.CellFormat(width, 6, name, "", 1, "L", false, 0, "")
	pdf.SetDrawColor(200, 200, 200)
	pdf.Line(14, pdf.GetY()+1, 14+width, pdf.GetY()+1)
}

// pairs are the label and value pairs a document lists: add keeps the
// known ones only.
type pairs [][2]string

func (p *pairs) add(label, value string) {
	if strings.TrimSpace(value) != "" && value != "0" {
		*p = append(*p, [2]string{label, value})
	}
}

// sheetSpecs are the label and value pairs the sheet lists, known ones only.
func sheetSpecs(c apitypes.Car) [][2]string {
	var out pairs
	add := out.add
	if c.Year > 0 {
		add("Year", strconv.Itoa(c.Year))
	}
	add("Make", c.Make)
	add("Model", c.Model)
	add("Badge", c.Badge)
	add("Condition", sheetTitleWord(c.CarType))
	if c.KM > 0 || c.CarType != catalog.TypeNew {
		add("Odometer", catalog.FormatKM(c.KM))
	}
	add("Body", sheetFirstOf(c.SimpleBody, c.Body))
	add("Transmission", sheetFirstOf(c.SimpleTransmission, c.Trans))
	add("Fuel", sheetFirstOf(c.SimpleFuel, c.Fuel))
	add("Drive", sheetFirstOf(c.SimpleDrive, c.Drive))
	if c.EngineSizeLitres > 0 {
		add("Engine", strconv.FormatFloat(c.EngineSizeLitres, 'f', 1, 64)+" L")
	}
	add("Colour", c.Colour)
	if c.Seats > 0 {
		add("Seats", strconv.Itoa(c.Seats))
	}
	add("Stock number", c.StockNum)
	add("VIN", c.VIN)
	add("Rego", c.RegPlate)
	return out
}

func sheetTitleWord(s string) string {
	if s == "" {
		return ""
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func sheetFirstOf(xs ...string) string {
	for _, x := range xs {
		if strings.TrimSpace(x) != "" {
			return x
		}
	}
	return ""
}

func sheetNonEmpty(xs ...string) []string {
	var out []string
	for _, x := range xs {
		if strings.TrimSpace(x) != "" {
			out = append(out, x)
		}
	}
	return out
}

func sheetTruncate(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return strings.TrimSpace(string(r[:n]))
}

// dealerPhone is the number the page and the sheet offer: the car type's
// own number when the site files numbers by car type, else the car's
// location's, else the site's main number (docs/behaviour/entities.md#tenant-config).
func dealerPhone(site *tenant.Site, carType string, loc *catalog.Location) string {
	if site.Phones.FilterByCarType {
		if p := site.Phones.ByCarType[carType]; p != "" {
			return p
		}
	}
	if loc != nil {
		if loc.ContactDetail.Phone != "" {
			return loc.ContactDetail.Phone
		}
		if loc.Phone != "" {
			return loc.Phone
		}
	}
	return site.Phones.Main
}
