package leads

import (
	_ "embed"
	"encoding/xml"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"forecourt/internal/catalog"
	"forecourt/internal/tenant"
)

// ADFDTD is the ADF 1.0 document type, shipped so receivers and tests can
// validate what we send.
//
//go:embed adf.dtd
var ADFDTD []byte

// Vendor is the dealership a lead is for.
type Vendor struct {
	Slug, Name, Email, Phone, URL string
}

type adfDoc struct {
	XMLName  xml.Name      `xml:"adf"`
	Prospect []adfProspect `xml:"prospect"`
}

type adfProspect struct {
	Status      string       `xml:"status,attr"`
	ID          []adfID      `xml:"id"`
	RequestDate string       `xml:"requestdate"`
	Vehicle     []adfVehicle `xml:"vehicle"`
	Customer    adfCustomer  `xml:"customer"`
	Vendor      adfVendor    `xml:"vendor"`
	Provider    adfProvider  `xml:"provider"`
}

type adfID struct {
	Sequence string `xml:"sequence,attr"`
	Source   string `xml:"source,attr"`
	Value    string `xml:",chardata"`
}

type adfVehicle struct {
	Interest string     `xml:"interest,attr"`
	Status   string     `xml:"status,attr"`
	ID       []adfID    `xml:"id"`
	Year     string     `xml:"year"`
	Make     string     `xml:"make"`
	Model    string     `xml:"model"`
	VIN      string     `xml:"vin,omitempty"`
	Stock    string     `xml:"stock,omitempty"`
	Trim     string     `xml:"trim,omitempty"`
	Price    []adfPrice `xml:"price"`
	Comments string     `xml:"comments,omitempty"`
}

type adfPrice struct {
	Type     string `xml:"type,attr"`
	Currency string `xml:"currency,attr"`
	Value    string `xml:",chardata"`
}

type adfCustomer struct {
	Contact   adfContact    `xml:"contact"`
	Timeframe *adfTimeframe `xml:"timeframe"`
	Comments  string        `xml:"comments,omitempty"`
}

type adfContact struct {
	Primary string     `xml:"primarycontact,attr,omitempty"`
	Name    []adfName  `xml:"name"`
	Email   string     `xml:"email,omitempty"`
	Phone   []adfPhone `xml:"phone"`
}

type adfName struct {
	Part  string `xml:"part,attr"`
	Value string `xml:",chardata"`
}

type adfPhone struct {
	Type  string `xml:"type,attr"`
	Value string `xml:",chardata"`
}

type adfTimeframe struct {
	Description  string `xml:"description"`
	EarliestDate string `xml:"earliestdate,omitempty"`
	LatestDate   string `xml:"latestdate,omitempty"`
}

type adfVendor struct {
	ID      []adfID     `xml:"id"`
	Name    string      `xml:"vendorname"`
	URL     string      `xml:"url,omitempty"`
	Contact *adfContact `xml:"contact"`
}

type adfProvider struct {
	Name    adfName `xml:"name"`
	Service string  `xml:"service"`
	URL     string  `xml:"url,omitempty"`
}

// interestOf maps a form to ADF's vehicle interest.
func interestOf(category string) string {
	switch category {
	case CategoryTestDrive:
		return "test-drive"
	case CategoryTradeIn:
		return "trade-in"
	}
	return "buy"
}

// ADF renders a lead as an ADF 1.0 document: prospect, requestdate, the
// vehicle of interest (and a trade-in's own car), customer contact, vendor
// = the dealership, provider = the site.
func ADF(lead catalog.Lead, site *tenant.Site, vendor Vendor, siteURL string) ([]byte, error) {
	zone := Zone(site)
	p := adfProspect{
		Status:      "new",
		ID:          []adfID{{Sequence: "1", Source: site.Name, Value: lead.ID}},
		RequestDate: lead.CreatedAt.In(zone).Format(time.RFC3339),
	}
	if lead.Car != nil {
		c := lead.Car
		status := "used"
		if c.CarType == catalog.TypeNew {
			status = "new"
		}
		v := adfVehicle{
			Interest: interestOf(lead.Category), Status: status,
			Year: strconv.Itoa(c.Year), Make: c.Make, Model: c.Model, VIN: c.VIN, Stock: c.StockNum, Trim: c.Badge,
			Comments: c.URL,
		}
		if lead.Category == CategoryTradeIn {
			v.Interest = "buy" // the car they want; their own car follows
		}
		if c.Price > 0 {
			v.Price = []adfPrice{{Type: "asking", Currency: site.Currency, Value: strconv.Itoa(c.Price)}}
		}
		p.Vehicle = append(p.Vehicle, v)
	}
	mk, model := payloadText(lead.Payload, "Vehicle Make"), payloadText(lead.Payload, "Vehicle Model")
	if lead.Car == nil || lead.Category == CategoryTradeIn && (mk != "" || model != "") {
		status := "used"
		if lead.Category != CategoryTradeIn && payloadText(lead.Payload, "car_type") == catalog.TypeNew {
			status = "new"
		}
		p.Vehicle = append(p.Vehicle, adfVehicle{
			Interest: interestOf(lead.Category), Status: status,
			Year: payloadText(lead.Payload, "Vehicle Year"), Make: mk, Model: model,
			Stock: payloadText(lead.Payload, "stock_number"),
		})
	}

	contact := adfContact{Primary: "1"}
	if lead.LastName != "" {
		contact.Name = []adfName{{Part: "first", Value: lead.Name}, {Part: "last", Value: lead.LastName}}
	} else {
		contact.Name = []adfName{{Part: "full", Value: lead.Name}}
	}
	contact.Email = lead.Email
	if lead.Phone != "" {
		contact.Phone = []adfPhone{{Type: "voice", Value: lead.Phone}}
	}
	p.Customer = adfCustomer{Contact: contact, Comments: customerComments(lead)}
	if lead.AppointmentAt != nil {
		at := lead.AppointmentAt.In(zone)
		p.Customer.Timeframe = &adfTimeframe{
			Description:  bookedWords(lead) + " booked for " + at.Format("Monday 2 January 2006 ") + clockLabel(at),
			EarliestDate: at.Format(time.RFC3339),
			LatestDate:   at.Add(SlotLength).Format(time.RFC3339),
		}
	}

	p.Vendor = adfVendor{Name: vendor.Name, URL: vendor.URL}
	if vendor.Name == "" {
		p.Vendor.Name = site.Name
	}
	if vendor.Slug != "" {
		p.Vendor.ID = []adfID{{Sequence: "1", Source: site.Name, Value: vendor.Slug}}
	}
	if vendor.Email != "" || vendor.Phone != "" {
		vc := &adfContact{Name: []adfName{{Part: "full", Value: p.Vendor.Name}}, Email: vendor.Email}
		if vendor.Phone != "" {
			vc.Phone = []adfPhone{{Type: "voice", Value: vendor.Phone}}
		}
		p.Vendor.Contact = vc
	}
	p.Provider = adfProvider{Name: adfName{Part: "full", Value: site.Name}, Service: "Website " + formLabel(lead), URL: siteURL}

	body, err := xml.MarshalIndent(adfDoc{Prospect: []adfProspect{p}}, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("adf: %w", err)
	}
	out := []byte(xml.Header + "<?adf version=\"1.0\"?>\n")
	out = append(out, body...)
	return append(out, '\n'), nil
}

func payloadText(p map[string]any, key string) string {
	switch v := p[key].(type) {
	case string:
		return clean(v, false)
	case float64:
		return strconv.FormatFloat(v, 'f', -1, 64)
	}
	return ""
}

// bookedWords names what a booked appointment is: an inspection of a
// caravan, else a test drive.
func bookedWords(l catalog.Lead) string {
	if l.Category == CategoryService {
		return "Service"
	}
	if l.Subcategory == ViewingInspection {
		return "Inspection"
	}
	return "Test drive"
}

// formLabel names the form for the dealer: "enquiry (General Enquiry)".
func formLabel(l catalog.Lead) string {
	s := strings.ReplaceAll(l.Category, "_", " ")
	if l.Subcategory != "" {
		s += " (" + l.Subcategory + ")"
	}
	return s
}

// customerComments carries what ADF has no element for, one item a line.
func customerComments(l catalog.Lead) string {
	var lines []string
	add := func(label, v string) {
		if v != "" {
			lines = append(lines, label+": "+v)
		}
	}
	add("Form", formLabel(l))
	add("Message", l.Message)
	add("Postcode", l.Postcode)
	add("Rego", l.Rego)
	if len(l.AdditionalServices) > 0 {
		add("Additional services", strings.Join(l.AdditionalServices, ", "))
	}
	if len(l.Options) > 0 {
		keys := make([]string, 0, len(l.Options))
		for k := range l.Options {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			add(k, fmt.Sprint(l.Options[k]))
		}
	}
	if l.OptIn {
		add("Marketing opt-in", "yes")
	}
	add("Page", l.SourceURL)
	return strings.Join(lines, "\n")
}
