// Command manysites makes the sites of bench/many-sites.sh and serves their
// stock feeds, so the stock comes in through the platform's own import path
// (docs/stock-feed.md) rather than as rows written to the database.
//
//	manysites gen -sites 1000 -cars 200 -out DIR -feed-base http://HOST:PORT
//	    site files in DIR/tenants, feeds in DIR/feeds; each site's feed is
//	    pulled from HOST:PORT once a day, so serve pulls it once at start
//	manysites serve -dir DIR/feeds -addr 127.0.0.1:PORT
//
// Every site answers at <slug>.localhost with two locations; its cars are drawn
// from a fixed seed per site, so two runs make the same sites and stock.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"log"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"path/filepath"
)

type model struct {
	make, model, body string
	price             int
}

var models = []model{
	{"Toyota", "Corolla", "Hatch", 24000}, {"Toyota", "HiLux", "Ute", 48000}, {"Toyota", "RAV4", "SUV", 39000},
	{"Mazda", "CX-5", "SUV", 37000}, {"Mazda", "3", "Hatch", 27000}, {"Hyundai", "i30", "Hatch", 23000},
	{"Hyundai", "Tucson", "SUV", 36000}, {"Kia", "Cerato", "Sedan", 24000}, {"Kia", "Sportage", "SUV", 35000},
	{"Ford", "Ranger", "Ute", 52000}, {"Ford", "Everest", "SUV", 58000}, {"Mitsubishi", "Triton", "Ute", 41000},
	{"Mitsubishi", "Outlander", "SUV", 38000}, {"Nissan", "Navara", "Ute", 44000}, {"Nissan", "X-Trail", "SUV", 37000},
	{"Volkswagen", "Golf", "Hatch", 33000}, {"Volkswagen", "Amarok", "Ute", 62000}, {"Subaru", "Outback", "Wagon", 42000},
	{"Subaru", "Forester", "SUV", 38000}, {"Honda", "Civic", "Sedan", 34000},
}

var towns = []struct{ suburb, state, postcode string }{
	{"Parramatta", "NSW", "2150"}, {"Penrith", "NSW", "2750"}, {"Gosford", "NSW", "2250"}, {"Geelong", "VIC", "3220"},
	{"Ballarat", "VIC", "3350"}, {"Bendigo", "VIC", "3550"}, {"Ipswich", "QLD", "4305"}, {"Toowoomba", "QLD", "4350"},
	{"Mandurah", "WA", "6210"}, {"Hobart", "TAS", "7000"},
}

var fuels = []string{"Petrol", "Diesel", "Hybrid"}
var trans = []string{"Automatic", "Manual", "CVT"}
var colours = []string{"White", "Silver", "Black", "Blue", "Red", "Grey"}
var kinds = []string{"used", "used", "used", "new", "demo"}

// Slug is the i-th site's slug.
func Slug(i int) string { return fmt.Sprintf("dealer-%04d", i) }

func main() {
	if len(os.Args) < 2 {
		log.Fatal("usage: manysites gen|serve [flags]")
	}
	switch os.Args[1] {
	case "gen":
		fs := flag.NewFlagSet("gen", flag.ExitOnError)
		n := fs.Int("sites", 1000, "sites to make")
		cars := fs.Int("cars", 200, "cars per site")
		out := fs.String("out", "", "directory to write tenants/ and feeds/ in")
		feedBase := fs.String("feed-base", "", "address the feeds are served at (manysites serve); the site files point their feed at it")
		_ = fs.Parse(os.Args[2:])
		if *out == "" {
			log.Fatal("gen needs -out")
		}
		if err := gen(*out, *feedBase, *n, *cars); err != nil {
			log.Fatal(err)
		}
	case "serve":
		fs := flag.NewFlagSet("serve", flag.ExitOnError)
		dir := fs.String("dir", "", "directory of the feeds")
		addr := fs.String("addr", "127.0.0.1:0", "address to listen on")
		_ = fs.Parse(os.Args[2:])
		ln, err := net.Listen("tcp", *addr)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(ln.Addr().String())
		log.Fatal(http.Serve(ln, http.FileServer(http.Dir(*dir))))
	default:
		log.Fatalf("unknown command %q", os.Args[1])
	}
}

func gen(out, feedBase string, n, cars int) error {
	for _, d := range []string{"tenants", "feeds"} {
		if err := os.MkdirAll(filepath.Join(out, d), 0o755); err != nil {
			return err
		}
	}
	for i := range n {
		slug := Slug(i)
		a, b := towns[i%len(towns)], towns[(i+3)%len(towns)]
		site := fmt.Sprintf(`slug: %[1]s
name: Dealer %[2]d Motors
country: AU
currency: AUD
timezone: Australia/Sydney
city: %[3]s
state: %[4]s
theme:
  colors: {primary: "#%06[10]x", primary-foreground: "#ffffff", header: "#ffffff", header-foreground: "#111827"}
dealerships:
  - key: main
    name: Dealer %[2]d Motors
    phone: "02 9%03[5]d %04[2]d"
    email: sales@%[1]s.example
locations:
  - key: a
    code: A
    name: Dealer %[2]d %[3]s
    dealership: main
    main: true
    address: {street: "%[5]d Main Road", suburb: %[3]s, state: %[4]s, postcode: "%[6]s"}
    phone: "02 9%03[5]d %04[2]d"
    hours: {weekdays: "08:30-17:30", saturday: "08:30-16:00"}
  - key: b
    code: B
    name: Dealer %[2]d %[7]s
    dealership: main
    address: {street: "%[5]d High Street", suburb: %[7]s, state: %[8]s, postcode: "%[9]s"}
    phone: "02 8%03[5]d %04[2]d"
    hours: {weekdays: "08:30-17:30", saturday: "08:30-16:00"}
feed:
  format: csv
  url: %[11]s/%[1]s.csv
  schedule: 24h
`, slug, i, a.suburb, a.state, i%1000, a.postcode, b.suburb, b.state, b.postcode, (i*2654435761)&0x7f7f7f, feedBase)
		if err := os.WriteFile(filepath.Join(out, "tenants", slug+".yaml"), []byte(site), 0o644); err != nil {
			return err
		}
		if err := writeFeed(filepath.Join(out, "feeds", slug+".csv"), i, cars); err != nil {
			return err
		}
	}
	return nil
}

func writeFeed(path string, site, cars int) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	r := rand.New(rand.NewPCG(uint64(site), 205))
	fmt.Fprintln(w, "stocknum,vin,year,make,model,badge,car_type,price,km,colour,body,trans,fuel,location")
	for c := range cars {
		m := models[r.IntN(len(models))]
		kind := kinds[r.IntN(len(kinds))]
		year, km := 2026, 10
		if kind == "used" {
			year = 2012 + r.IntN(14)
			km = (2026 - year) * (8000 + r.IntN(12000))
		}
		price := m.price*(70+r.IntN(60))/100 - (2026-year)*1500
		if price < 4000 {
			price = 4000 + r.IntN(3000)
		}
		loc := "A"
		if r.IntN(3) == 0 {
			loc = "B"
		}
		badge := []string{"GX", "Sport", "Limited", "Premium", "Base"}[r.IntN(5)]
		fmt.Fprintf(w, "S%04d-%04d,,%d,%s,%s,%s,%s,%d,%d,%s,%s,%s,%s,%s\n", site, c, year, m.make, m.model, badge, kind,
			price/10*10, km, colours[r.IntN(len(colours))], m.body, trans[r.IntN(len(trans))], fuels[r.IntN(len(fuels))], loc)
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
