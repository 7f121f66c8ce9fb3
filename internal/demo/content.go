package demo

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"forecourt/internal/catalog"
	"forecourt/internal/places"
)

// Reviewers' names are first and family names paired: reviewerNames
// deals each site its own block of them, so no name reviews two dealers.
var (
	firstNames = []string{
		"Sarah", "James", "Priya", "Tom", "Mei", "Daniel", "Aroha", "Liam", "Chloe", "Mohammed", "Grace", "Ben",
		"Hannah", "Josh", "Emily", "Sam", "Olivia", "Nathan", "Isla", "Rangi", "Zoe", "Lachlan", "Amelia", "Ravi",
	}
	familyNames = []string{
		"Mitchell", "O'Connor", "Nair", "Walker", "Lin", "Kowalski", "Ngata", "Brennan", "Anderson", "Haddad",
		"Thompson", "Carter", "Schultz", "Taylor", "Nguyen", "Fitzgerald", "Russo", "Wright", "Campbell", "Parata",
		"Papadopoulos", "Hughes", "Davies", "Patel",
	}
)

// namesPerSite is the size of each site's block of reviewer names: more
// than a site has reviews.
const namesPerSite = 40

// reviewerNames is the block of names of the site with the recipe's index.
// The pairs are shuffled by one fixed seed for every site, and each index
// takes its own block of them.
func reviewerNames(index int) []string {
	all := make([]string, 0, len(firstNames)*len(familyNames))
	for _, f := range firstNames {
		for _, l := range familyNames {
			all = append(all, f+" "+l)
		}
	}
	r := rand.New(rand.NewPCG(0x5245_5649, 0x4557))
	r.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
	lo := (index - 1) * namesPerSite
	return all[lo : lo+namesPerSite]
}

// goodReviews and poorReviews are drawn without replacement, so a site
// never shows the same words under two names; each list holds more texts
// than a site has reviews.
var goodReviews = []string{
	"Fantastic experience from start to finish. The sales team were friendly, knew the car inside out and never pushed.",
	"Picked up my new car today and couldn't be happier. Paperwork was quick and the handover was really thorough.",
	"Great service department, the car was ready when promised and they explained everything that was done.",
	"Honest and upfront about the history of the used car we bought. Would definitely buy here again.",
	"Traded in our old wagon and got a fair price. Finance was sorted in an afternoon.",
	"Very professional team. They found exactly the spec I was after and had it delivered within two weeks.",
	"Friendly staff, clean showroom and good coffee! Test drive was easy to book online.",
	"Second car we've bought here. Consistently good service and no surprises on price.",
	"The parts counter tracked down an accessory nobody else could find. Thanks heaps!",
	"Smooth online reservation, the car was exactly as described in the photos.",
	"Booked a service online on Sunday night and had a confirmation call first thing Monday. Easy.",
	"Our salesman stayed back after closing so we could sign before our holiday. Above and beyond.",
	"First car I've bought on my own and they made it simple. Everything was explained in plain English.",
	"They matched the drive-away price I was quoted elsewhere without any fuss.",
	"Loan car was ready when I dropped mine off for its logbook service. Back the same afternoon, washed too.",
	"Needed a ute for work at short notice and they had one registered and ready in three days.",
	"Came in just to look and left with a clear quote in writing, no pressure to sign on the day.",
	"The handover took an hour and covered every feature, even pairing both our phones.",
	"Warranty repair was handled without me chasing anyone. Great communication throughout.",
	"Bought interstate sight unseen after a video walk-around. The car arrived exactly as shown.",
	"Bought sight unseen from out of town after a video walk-around. The car arrived exactly as shown.",
	"The team explained every charge on the contract before we signed. No surprises at all.",
	"Really fair valuation on our trade-in and the money was in our account before we picked up the new car.",
	"Service advisor rang to explain a worn part before doing anything extra. Appreciated the honesty.",
	"Tyres and wheel alignment done while I waited, with time to spare for the café next door.",
	"Our family has bought three cars from this team over the years and they remember us every time.",
}

// caravanGoodReviews and caravanPoorReviews are a caravan dealer's: vans
// are inspected and towed, never test driven.
var caravanGoodReviews = []string{
	"Fantastic experience from start to finish. The team knew every van on the yard and never pushed.",
	"Picked up our new van today and couldn't be happier. The handover covered every switch and tap.",
	"Great service department, the van was ready when promised and they explained everything that was done.",
	"Honest and upfront about the history of the used van we bought. Would definitely buy here again.",
	"Traded in our old camper trailer and got a fair price. Finance was sorted in an afternoon.",
	"They found exactly the layout we were after and had it ready within two weeks.",
	"Friendly staff and plenty of vans to walk through. Booking an inspection online was easy.",
	"Second van we've bought here. Consistently good service and no surprises on price.",
	"The parts counter tracked down a replacement awning arm nobody else could find. Thanks heaps!",
	"Smooth online reservation, the van was exactly as described in the photos.",
	"They set the van up on the lot so we could spend an hour inside before deciding. No pressure at all.",
	"Our first caravan and they made it simple. Weights, towing and the water system all explained in plain English.",
	"Warranty repair on the fridge was handled without me chasing anyone. Great communication throughout.",
	"Really fair valuation on our trade-in and the money was in our account before we picked up the new van.",
	"Service advisor rang to explain worn brake shoes before doing anything extra. Appreciated the honesty.",
	"The handover took two hours and covered the solar, batteries, gas and hitching. We left confident.",
	"Came in just to look and left with a clear quote in writing, no pressure to sign on the day.",
	"Wheel bearings and brakes serviced before our big trip north, done on the day they promised.",
	"We ordered a custom layout and they kept us updated at every step of the build.",
	"Our family has bought three vans from this team over the years and they remember us every time.",
	"Delivered to our door three towns away, with a full handover in the driveway.",
	"Helped us pick a van our tow vehicle can legally pull, and talked us out of one that was too heavy.",
	"Annual service done while we waited, with time to spare for a coffee across the road.",
	"Clean yard, friendly staff and no hard sell. We will be back when it's time to upgrade.",
}

var caravanPoorReviews = []string{
	"Van was great but the delivery took a week longer than we were told.",
	"Waited over an hour to collect our van after its service and nobody called to say it was running late.",
	"Salesperson was nice but follow-up after the sale was slow.",
	"The accessories we ordered weren't fitted on the day we collected the van, so we had to come back.",
	"Hard to get through on the phone on a Saturday morning.",
	"The registration papers arrived later than promised, though the team did sort it out in the end.",
}

var poorReviews = []string{
	"Car was great but the delivery took a week longer than we were told.",
	"Waited over an hour for my service pick-up and nobody called to say it was running late.",
	"Salesperson was nice but follow-up after the sale was slow.",
	"The accessories we ordered weren't fitted on the day we collected the car, so we had to come back.",
	"Hard to get through on the phone on a Saturday morning.",
	"Rego paperwork arrived later than promised, though the team did sort it out in the end.",
}

var caravanReplies = []string{
	"Thank you for the kind words! We're thrilled you're enjoying the van and look forward to seeing you again.",
	"Thanks so much for the review. We've passed your feedback on to the whole team.",
	"We're sorry to hear about the delay. Our customer care manager will be in touch to make it right.",
}

var replies = []string{
	"Thank you for the kind words! We're thrilled you're enjoying the car and look forward to seeing you again.",
	"Thanks so much for the review. We've passed your feedback on to the whole team.",
	"We're sorry to hear about the delay. Our customer care manager will be in touch to make it right.",
}

// buildReviews gives about 20 reviews from the last two years, mostly 4 and 5
// stars, some answered by the dealer.
func buildReviews(rc *siteRecipe, ref time.Time, ls []catalog.Location, r *rand.Rand) []catalog.Review {
	var primary int64
	for _, l := range ls {
		if l.Primary {
			primary = l.ID
		}
	}
	n := 18 + r.IntN(5)
	out := make([]catalog.Review, 0, n)
	goodTexts, poorTexts := goodReviews, poorReviews
	if rc.ItemType == "caravan" {
		goodTexts, poorTexts = caravanGoodReviews, caravanPoorReviews
	}
	goodTexts, poorTexts = withoutAvoided(goodTexts, rc.avoid()), withoutAvoided(poorTexts, rc.avoid())
	answers := replies
	if rc.ItemType == "caravan" {
		answers = caravanReplies
	}
	allNames := reviewerNames(rc.Index)
	names, good, poor := r.Perm(len(allNames)), r.Perm(len(goodTexts)), r.Perm(len(poorTexts))
	for i := range n {
		rating := 5
		switch u := r.Float64(); {
		case u < 0.05:
			rating = 1 + r.IntN(2)
		case u < 0.15:
			rating = 3
		case u < 0.40:
			rating = 4
		}
		if rating <= 3 && len(poor) == 0 {
			rating = 4 // no unused low-rated text left
		}
		var text string
		if rating <= 3 {
			text, poor = poorTexts[poor[0]], poor[1:]
		} else {
			text, good = goodTexts[good[0]], good[1:]
		}
		date := ref.Add(-time.Duration(1+r.IntN(729*24)) * time.Hour)
		rv := catalog.Review{
			ID: reviewID(rc, i), LocationID: primary, CustomerName: allNames[names[i]],
			Text: text, Rating: rating, ReviewDate: date,
		}
		if r.Float64() < 0.4 || rating <= 3 {
			reply := date.Add(time.Duration(2+r.IntN(96)) * time.Hour)
			if reply.After(ref) {
				reply = ref
			}
			rv.ReplyDate = &reply
			rv.ReplyText = answers[r.IntN(2)]
			if rating <= 3 {
				rv.ReplyText = answers[2]
			}
		}
		out = append(out, rv)
	}
	return out
}

var modelFeatures = []string{
	"<p>Apple CarPlay</p>", "<p>Android Auto</p>", "<p>Autonomous Emergency Braking</p>",
	"<p>Lane Keep Assist</p>", "<p>Adaptive cruise control</p>", "<p>Reversing camera</p>",
	"<p>Blind Spot Monitor</p>", "<p>Rear Cross Traffic Alert</p>", "<p>Dual-zone climate control</p>",
	"<p>Keyless entry and push-button start</p>", "<p>18-inch alloy wheels</p>", "<p>LED headlights</p>",
	"<p>Wireless phone charger</p>", "<p>Heated front seats</p>", "<p>Power tailgate</p>",
	"<p>360-degree camera</p>", "<p>Head-up display</p>", "<p>Satellite navigation</p>",
}

var modelBlurbs = map[string]string{
	"Hatch": "A nimble, efficient hatch that makes the city easy.", "Sedan": "A refined sedan built for comfort on every drive.",
	"Wagon": "Room for the family and the gear, with a car-like drive.", "SUV": "A versatile SUV ready for the school run and the weekend away.",
	"Ute": "A tough, capable ute for work and play.", "Cab Chassis": "A no-nonsense workhorse ready for any tray.",
	"Van": "Load space and low running costs for your business.", "Coupe": "Pure driving enjoyment in a sharp coupe.",
	"Convertible": "Open-top fun with precise handling.", "People Mover": "Seats for everyone and space to spare.",
	"Caravan": "Built tough for Australian roads with everything for life on the road.",
}

// buildModels lists the new models of each make the site sells new, with
// up to five variants and their colours: models and badges on sale in
// ref's year.
func buildModels(rc *siteRecipe, ref time.Time, r *rand.Rand) []catalog.Model {
	var makes []string
	seen := map[string]bool{}
	for _, line := range rc.Stock {
		if line.CarType != catalog.TypeNew {
			continue
		}
		for _, m := range line.Makes {
			if !seen[m.Make] {
				seen[m.Make] = true
				makes = append(makes, m.Make)
			}
		}
	}
	comingSoon := map[string]bool{}
	for _, m := range rc.ComingSoonModels {
		comingSoon[m] = true
	}
	var out []catalog.Model
	for _, mk := range makes {
		// group the make's body styles by model name, in catalogue order
		var names []string
		groups := map[string][]vehicle{}
		for _, v := range vehicles {
			if v.Make != mk || v.NotNew {
				continue
			}
			var sold []badge
			for _, bd := range v.Badges {
				if v.soldIn(bd, ref.Year()) {
					sold = append(sold, bd)
				}
			}
			if len(sold) == 0 {
				continue
			}
			v.Badges = sold
			if _, ok := groups[v.Model]; !ok {
				names = append(names, v.Model)
			}
			groups[v.Model] = append(groups[v.Model], v)
		}
		for _, name := range names {
			out = append(out, buildModel(rc, len(out), mk, name, groups[name], comingSoon[name], r))
		}
	}
	return out
}

func buildModel(rc *siteRecipe, n int, mk, name string, entries []vehicle, soon bool, r *rand.Rand) catalog.Model {
	id := modelID(rc, n)
	palette := makePalette[mk]
	first := entries[0]
	m := catalog.Model{
		ID: id, Slug: places.Slugify(name), Name: name, Make: mk,
		ImageURL:         fmt.Sprintf("/img/car/%d/%s/%s/0.jpg", id, bodyKeys[first.Body], colourHex[palette[0]]),
		ShortDescription: modelBlurbs[first.Body], ManufacturerBody: first.Body,
	}
	if soon {
		m.Status = catalog.StatusComingSoon
	}
	// The page's embedded views are the site's own media: the demo
	// walkaround video (a bare picture in a frame would have no alt text).
	m.Frames = []catalog.ModelFrame{{Title: "Walkaround", URL: "/media/demo.mp4"}}
	// Variants interleave the body styles so a ute shows its cab types.
	type pick struct {
		v vehicle
		b badge
	}
	var picks []pick
	for depth := 0; len(picks) < 5; depth++ {
		added := false
		for _, e := range entries {
			if depth < len(e.Badges) && len(picks) < 5 {
				picks = append(picks, pick{e, e.Badges[depth]})
				added = true
			}
		}
		if !added {
			break
		}
	}
	base := int64(rc.Index)*1_000_000 + int64(n)*1000
	for vi, p := range picks {
		vname := p.b.Name
		if p.v.Config != "" && !strings.HasSuffix(vname, p.v.Config) {
			vname += " " + p.v.Config
		}
		hex := colourHex[palette[vi%len(palette)]]
		nf := 6 + r.IntN(9)
		feats := make([]string, 0, nf)
		for _, k := range r.Perm(len(modelFeatures))[:nf] {
			feats = append(feats, modelFeatures[k])
		}
		dap := round990(float64(p.b.Price) * rc.PriceScale * 1.06)
		vid := base + int64(vi+1)
		m.Variants = append(m.Variants, catalog.ModelVariant{
			ID: vid, FullName: mk + " " + name + " " + vname, Series: p.v.Series, Name: vname,
			Features:    feats,
			Image:       catalog.ImageRef{URL: fmt.Sprintf("/img/car/%d/%s/%s/0.jpg", vid, bodyKeys[p.v.Body], hex)},
			DapMinPrice: dap, DapMaxPrice: dap + 1000*(1+r.IntN(4)),
		})
		nc := min(len(palette), 3+r.IntN(len(palette)))
		for ci, k := range r.Perm(len(palette))[:nc] {
			cname := palette[k]
			oem := fmt.Sprintf("%03d", 40+k*47%900)
			if r.Float64() < 0.15 {
				oem = ""
			}
			m.Colours = append(m.Colours, catalog.ModelColour{
				ID: base + 500 + int64(vi*20+ci), Name: cname, HexCode: "#" + colourHex[cname],
				PhotoURL:         fmt.Sprintf("/img/car/%d/%s/%s/0.jpg", vid, bodyKeys[p.v.Body], colourHex[cname]),
				OemID:            oem,
				ModelVariantName: vname,
			})
		}
	}
	return m
}
