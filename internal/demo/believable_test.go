package demo

import (
	"regexp"
	"strings"
	"testing"

	"forecourt/internal/catalog"
	"forecourt/internal/tenant"
)

// badgeOf is the catalogue entry of a demo car.
func badgeOf(t *testing.T, c catalog.Car) (vehicle, badge) {
	t.Helper()
	for _, v := range vehicles {
		if v.Make != c.Make || v.Model != c.Model || v.Series != c.Series || v.Body != c.SimpleBody {
			continue
		}
		for _, bd := range v.Badges {
			if bd.Name == c.Badge {
				return v, bd
			}
		}
	}
	t.Fatalf("%s has no catalogue entry", c.Name)
	return vehicle{}, badge{}
}

// A used car's price follows its age and kilometres: never below a share
// of its new price that its kind keeps however old (a 2008 LandCruiser 200
// GXL is no $5,990 car), and an older car of the same badge with more
// kilometres never dearer than a newer one.
func TestUsedPricesFallWithAge(t *testing.T) {
	t.Parallel()
	for _, ref := range refs {
		for _, s := range generated(ref) {
			rc := recipeOf(t, s.Slug)
			type seen struct {
				year, km, price int
				name            string
			}
			byBadge := map[string][]seen{}
			for _, c := range s.Cars {
				if c.CarType != catalog.TypeUsed || c.Price == 0 {
					continue
				}
				v, bd := badgeOf(t, c)
				keeps := 0.1 // a small car after twenty years
				if bd.Drive == "4WD" || v.Body == "Caravan" {
					keeps = 0.25 // four-wheel drives and vans hold their value
				}
				if floor := float64(bd.Price) * rc.PriceScale * keeps; float64(c.Price) < floor {
					t.Errorf("%s: %s with %d km at $%d, below %.0f%% of its $%d new price", s.Slug, c.Name, c.KM, c.Price, keeps*100, bd.Price)
				}
				key := c.Make + "|" + c.Model + "|" + c.Series + "|" + c.Badge
				byBadge[key] = append(byBadge[key], seen{c.Year, c.KM, c.Price, c.Name})
			}
			for _, cars := range byBadge {
				for _, old := range cars {
					for _, young := range cars {
						if old.year <= young.year-3 && old.km >= young.km && old.price > young.price {
							t.Errorf("%s: %s with %d km at $%d costs more than %s with %d km at $%d", s.Slug,
								old.name, old.km, old.price, young.name, young.km, young.price)
						}
					}
				}
			}
		}
	}
}

func recipeOf(t *testing.T, slug string) siteRecipe {
	t.Helper()
	for _, rc := range recipes() {
		if rc.Slug == slug {
			return rc
		}
	}
	t.Fatalf("no recipe %s", slug)
	return siteRecipe{}
}

// A new or demonstrator car has had no owners and no services: its
// comments never claim a history it cannot have.
func TestNewCarCommentsClaimNoHistory(t *testing.T) {
	t.Parallel()
	history := regexp.MustCompile(`(?i)\bowners?\b|service history|logbook|low kilomet`)
	for _, ref := range refs {
		for _, s := range generated(ref) {
			for _, c := range s.Cars {
				if c.CarType == catalog.TypeUsed {
					continue
				}
				if w := history.FindString(c.DealerComments); w != "" {
					t.Errorf("%s: %s %s with %d km says %q: %s", s.Slug, c.CarType, c.Name, c.KM, w, c.DealerComments)
				}
			}
		}
	}
}

// "Just arrived" and its like are only said of a car in stock and listed
// within the new tag's window (catalog.NewCarDays).
func TestJustArrivedOnlyWithinItsWindow(t *testing.T) {
	t.Parallel()
	arrival := regexp.MustCompile(`(?i)just arrived|fresh in stock|new arrival|just in\b`)
	for _, ref := range refs {
		said := 0
		for _, s := range generated(ref) {
			for _, c := range s.Cars {
				if !arrival.MatchString(c.DealerComments) {
					continue
				}
				said++
				if c.Status != catalog.StatusInStock || !catalog.IsNew(c, ref) {
					t.Errorf("%s: %s (%s) listed %.0f days ago says %q", s.Slug, c.Name, c.Status,
						ref.Sub(c.CreatedAt).Hours()/24, c.DealerComments)
				}
			}
		}
		if said == 0 {
			t.Errorf("ref %v: no car just arrived says so", ref)
		}
	}
}

// A car lists what every car of its year had (a 2025 Prado has a driver
// airbag), and two cars of the same badge and year list the same things, so
// the compare never shows two equipment lists for one variant.
func TestEquipmentFitsModelAndYear(t *testing.T) {
	t.Parallel()
	must := []struct {
		item string
		from int
	}{{"Driver Airbag", 1995}, {"Passenger Airbag", 2003}, {"ABS Brakes", 2003}, {"Electronic Stability Control", 2013}, {"Reversing Camera", 2020}}
	for _, ref := range refs {
		for _, s := range generated(ref) {
			lists := map[string]string{}
			for _, c := range s.Cars {
				if c.SimpleBody == "Caravan" {
					continue
				}
				for _, m := range must {
					if c.Year >= m.from && !containsItem(c.StandardEquipment, m.item) {
						t.Errorf("%s: %s lacks %s, standard since %d: %v", s.Slug, c.Name, m.item, m.from, c.StandardEquipment)
					}
				}
				key := c.Name + "|" + c.Series
				got := strings.Join(c.StandardEquipment, ", ")
				if prev, ok := lists[key]; ok && prev != got {
					t.Errorf("%s: two %s list %q and %q", s.Slug, c.Name, prev, got)
				}
				lists[key] = got
			}
		}
	}
}

func containsItem(list []string, item string) bool {
	for _, e := range list {
		if e == item {
			return true
		}
	}
	return false
}

// A reviewer reviews one dealer: no name appears on two demo sites.
func TestReviewerNamesAreUniqueAcrossSites(t *testing.T) {
	t.Parallel()
	for _, ref := range refs {
		at := map[string]string{}
		for _, s := range generated(ref) {
			for _, rv := range s.Reviews {
				if other, ok := at[rv.CustomerName]; ok && other != s.Slug {
					t.Errorf("%s reviews both %s and %s", rv.CustomerName, other, s.Slug)
				}
				at[rv.CustomerName] = s.Slug
			}
		}
	}
}

// A New Zealand dealer's texts never speak of interstate buyers, logbook
// services or rego; a caravan dealer's never of cars, kilometres, keys or
// test drives (docs/behaviour/product.md): reviews, replies and comments.
func TestTextsFitCountryAndItemType(t *testing.T) {
	t.Parallel()
	reg, err := tenant.LoadEmbedded()
	if err != nil {
		t.Fatal(err)
	}
	nz := regexp.MustCompile(`(?i)interstate|logbook|\brego\b|government charges`)
	caravan := regexp.MustCompile(`(?i)\bcars?\b|\bkm\b|kilomet|\bkeys\b|test drive|\bute\b`)
	checked := map[string]int{}
	for _, ref := range refs {
		for _, s := range generated(ref) {
			site, ok := reg.BySlug(s.Slug)
			if !ok {
				t.Fatalf("no site file for %s", s.Slug)
			}
			var banned []*regexp.Regexp
			if site.Country == "NZ" {
				banned = append(banned, nz)
			}
			if site.Wording.StockNoun != "" && site.Wording.StockNoun != "car" {
				banned = append(banned, caravan)
			}
			var texts []string
			for _, rv := range s.Reviews {
				texts = append(texts, rv.Text, rv.ReplyText)
			}
			for _, c := range s.Cars {
				texts = append(texts, c.DealerComments)
			}
			for _, re := range banned {
				checked[s.Slug]++
				for _, x := range texts {
					if w := re.FindString(x); w != "" {
						t.Errorf("%s (%s) says %q: %s", s.Slug, site.Country, w, x)
					}
				}
			}
		}
	}
	if len(checked) != 2 {
		t.Errorf("checked the words of %v, want the New Zealand and the caravan site", checked)
	}
}

// A model the site shows as coming soon has no new or demonstrator car in
// stock, and no coming-soon model's page reads otherwise.
func TestComingSoonModelsHaveNoStock(t *testing.T) {
	t.Parallel()
	for _, ref := range refs {
		for _, s := range generated(ref) {
			soon := map[string]bool{}
			for _, m := range s.Models {
				if m.Status == catalog.StatusComingSoon {
					soon[m.Make+" "+m.Name] = true
				}
			}
			for _, c := range s.Cars {
				if c.CarType != catalog.TypeUsed && soon[c.Make+" "+c.Model] {
					t.Errorf("%s: %s %s is %s while its model is coming soon", s.Slug, c.CarType, c.Name, c.Status)
				}
			}
		}
	}
}
