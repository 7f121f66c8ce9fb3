package httpapi

import (
	"bytes"
	"compress/zlib"
	"io"
	"regexp"
	"testing"

	"forecourt/internal/apitypes"
	"forecourt/internal/catalog"
	"forecourt/internal/tenant"
)

// pdfText is the text drawing of a PDF: every content stream, inflated.
func pdfText(t *testing.T, doc []byte) string {
	t.Helper()
	var out bytes.Buffer
	for _, m := range regexp.MustCompile(`(?s)stream\r?\n(.*?)\r?\nendstream`).FindAllSubmatch(doc, -1) {
		r, err := zlib.NewReader(bytes.NewReader(m[1]))
		if err != nil {
			out.Write(m[1])
			continue
		}
		b, _ := io.ReadAll(r)
		out.Write(b)
	}
	return out.String()
}

// SPEC.md:142: the print sheet shows a reduced price as a reduction, like
// the card and the page: the car price struck through and the saving.
func TestCarSheetShowsTheReduction(t *testing.T) {
	c := catalog.Car{Name: "2022 Toyota Yaris Cross", Year: 2022, Make: "Toyota", Model: "Yaris Cross", Status: catalog.StatusInStock, Price: 19990, OfferPrice: 18490}
	sheet := carSheet{
		Site: &tenant.Site{Name: "Harbourside Toyota"},
		Car:  hit{Car: apitypes.FromCar(c), PriceDisplay: catalog.DisplayPrice(c, false, ""), IsAvailable: true},
	}
	doc, err := sheet.render()
	if err != nil {
		t.Fatal(err)
	}
	text := pdfText(t, doc)
	for _, want := range []string{"($18,490)", "(Was $19,990)", "(Save $1,500)"} {
		if !bytes.Contains([]byte(text), []byte(want)) {
			t.Errorf("sheet lacks %s", want)
		}
	}
}
