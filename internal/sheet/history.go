package sheet

import (
	"bytes"
	"fmt"
	"strings"
	"time"

	"github.com/go-pdf/fpdf"

	"forecourt/internal/apitypes"
	"forecourt/internal/catalog"
	"forecourt/internal/tenant"
)

// History is a car's history summary, the report its page links to as the
// car's file (docs/behaviour/http.md#api-history-report): drawn by the
// site itself from the dealer's own records, so the link never leaves the
// site. The car is as the site answers it, so a site that does not show a
// car's VIN and rego (docs/behaviour/screens.md#car-identity) leaves them
// out here too.
type History struct {
	Site *tenant.Site
	Car  apitypes.Car
	Date string // the day it is drawn, as the reader sees it
}

// historyLines are the summary's label and value pairs, known ones only.
func historyLines(c apitypes.Car) [][2]string {
	var out pairs
	add := out.add
	add("Vehicle", strings.TrimSpace(fmt.Sprintf("%d %s %s", c.Year, c.Make, c.Model)))
	add("VIN", c.VIN)
	if c.RegPlate != "" && c.RegoState != "" {
		add("Rego", c.RegPlate+" ("+c.RegoState+")")
	} else {
		add("Rego", c.RegPlate)
	}
	// As the car's page reads it: '4 May 2027'.
	if d, err := time.Parse(time.DateOnly, c.RegoExpiry); err == nil {
		add("Rego expiry", d.Format("2 Jan 2006"))
	} else {
		add("Rego expiry", c.RegoExpiry)
	}
	if c.KM > 0 {
		add("Odometer", catalog.FormatKM(c.KM))
	}
	add("Build date", c.BuildDate)
	add("Compliance date", c.ComplianceDate)
	add("Stock number", c.StockNum)
	return out
}

// PDF draws the summary on one A4 page.
func (h History) PDF() ([]byte, error) {
	pdf := fpdf.New("P", "mm", "A4", "")
	pdf.SetTitle("Vehicle history summary: "+h.Car.Name, true)
	pdf.SetAuthor(h.Site.Name, true)
	pdf.SetMargins(14, 14, 14)
	pdf.AddPage()
	tr := pdf.UnicodeTranslatorFromDescriptor("")
	const width = 210.0 - 28

	dealerHeader(pdf, tr(h.Site.Name), width)
	pdf.Ln(6)

	pdf.SetTextColor(17, 24, 39)
	pdf.SetFont("Helvetica", "B", 18)
	pdf.CellFormat(width, 9, "Vehicle history summary", "", 1, "L", false, 0, "")
	pdf.SetFont("Helvetica", "", 10)
	pdf.SetTextColor(90, 90, 90)
	pdf.MultiCell(width, 5, tr("A demo vehicle history summary, prepared by "+h.Site.Name+
		" from the dealer's own records on "+h.Date+". It is not an independent history check."), "", "L", false)
	pdf.Ln(4)

	for _, l := range historyLines(h.Car) {
		pdf.SetFont("Helvetica", "", 10.5)
		pdf.SetTextColor(90, 90, 90)
		pdf.CellFormat(45, 8, tr(l[0]), "B", 0, "L", false, 0, "")
		pdf.SetFont("Helvetica", "B", 10.5)
		pdf.SetTextColor(17, 24, 39)
		pdf.CellFormat(width-45, 8, tr(sheetTruncate(l[1], 80)), "B", 1, "L", false, 0, "")
	}

	var buf bytes.Buffer
	if err := pdf.Output(&buf); err != nil {
		return nil, fmt.Errorf("history summary: %w", err)
	}
	return buf.Bytes(), nil
}
