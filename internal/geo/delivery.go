package geo

import (
	"fmt"
	"slices"
	"strings"

	"forecourt/internal/catalog"
	"forecourt/internal/tenant"
)

// Messages of docs/behaviour/errors.md (Delivery, empty postcode; Delivery, no estimate).
const (
	MsgDeliveryPostcodeEmpty = "Please enter a postcode."
	MsgDeliveryNoEstimate    = "Sorry, we can't provide an estimate for that location. Please use the enquiry form on this page or give us a call to get a quote."
)

// DeliveryQuote is docs/behaviour/entities.md's delivery estimate: price and region name.
type DeliveryQuote struct {
	Price int
	Name  string
	// DistanceKM is how far the buyer's postcode is from the car, rounded
	// to whole kilometres.
	DistanceKM int
}

// QuoteDelivery prices delivery of a car at (fromLat, fromLng) to postcode:
// the nearest zone whose reach covers the haversine distance. An empty
// postcode, a malformed one, an unknown one and one beyond every zone each
// get their own catalog.Error.
func QuoteDelivery(zones []tenant.DeliveryZone, fromLat, fromLng float64, postcode string) (DeliveryQuote, error) {
	if err := CheckPostcodeLength(postcode); err != nil {
		return DeliveryQuote{}, err
	}
	pc := strings.TrimSpace(postcode)
	if pc == "" {
		return DeliveryQuote{}, &catalog.Error{Code: catalog.EInvalid, Message: MsgDeliveryPostcodeEmpty,
			Fields: map[string]string{"postcode": MsgDeliveryPostcodeEmpty}}
	}
	p, err := Lookup(pc)
	if err != nil {
		if catalog.ErrorCode(err) == catalog.ENotFound {
			return DeliveryQuote{}, noEstimate()
		}
		return DeliveryQuote{}, err
	}
	if fromLat == 0 && fromLng == 0 {
		return DeliveryQuote{}, noEstimate() // the car has no known position
	}
	d := DistanceKM(fromLat, fromLng, p.Lat, p.Lng)
	z, ok := DeliveryZoneFor(zones, d)
	if !ok {
		return DeliveryQuote{}, outsideZones(zones, pc, int(d+0.5))
	}
	return DeliveryQuote{Price: z.Price, Name: z.Name, DistanceKM: int(d + 0.5)}, nil
}

// DeliveryZoneFor picks the zone with the smallest reach that still covers
// distanceKM (a zone's reach includes its edge).
func DeliveryZoneFor(zones []tenant.DeliveryZone, distanceKM float64) (tenant.DeliveryZone, bool) {
	sorted := slices.Clone(zones)
	slices.SortStableFunc(sorted, func(a, b tenant.DeliveryZone) int {
		switch {
		case a.MaxKM < b.MaxKM:
			return -1
		case a.MaxKM > b.MaxKM:
			return 1
		}
		return 0
	})
	for _, z := range sorted {
		if distanceKM <= z.MaxKM {
			return z, true
		}
	}
	return tenant.DeliveryZone{}, false
}

// MsgDeliveryOutsideZones says why a postcode gets no price: it lies
// beyond the dealer's farthest delivery zone. The buyer can still ask the
// dealer, who may quote it by hand.
func MsgDeliveryOutsideZones(postcode string, distanceKM, reachKM int) string {
	return fmt.Sprintf("Postcode %s is about %s from this car, outside our delivery zones (we deliver up to %s), so we can't price delivery there online. Ask us and we'll quote delivery to %s.",
		postcode, catalog.FormatKM(distanceKM), catalog.FormatKM(reachKM), postcode)
}

// outsideZones is the not-found answer for a postcode beyond every zone,
// naming the distance and the zones' reach; a site without zones gets the
// plain no-estimate answer.
func outsideZones(zones []tenant.DeliveryZone, postcode string, distanceKM int) error {
	reach := 0.0
	for _, z := range zones {
		reach = max(reach, z.MaxKM)
	}
	if reach <= 0 {
		return noEstimate()
	}
	return &catalog.Error{Code: catalog.ENotFound, Message: MsgDeliveryOutsideZones(postcode, distanceKM, int(reach))}
}

func noEstimate() error {
	return &catalog.Error{Code: catalog.ENotFound, Message: MsgDeliveryNoEstimate}
}

// DeliveryRequest reads a delivery quote's postcode and car (GET
// /api/delivery-quote?postcode=&car=), trimmed; a missing or malformed one
// is an invalid error naming it, the postcode checked first.
func DeliveryRequest(postcode, car string) (string, string, error) {
	if err := CheckPostcodeLength(postcode); err != nil {
		return "", "", err
	}
	postcode = strings.TrimSpace(postcode)
	if postcode == "" {
		return "", "", &catalog.Error{Code: catalog.EInvalid, Message: MsgDeliveryPostcodeEmpty,
			Fields: map[string]string{"postcode": MsgDeliveryPostcodeEmpty}}
	}
	if !ValidPostcode(postcode) {
		return "", "", &catalog.Error{Code: catalog.EInvalid, Message: MsgPostcodeFormat,
			Fields: map[string]string{"postcode": MsgPostcodeFormat}}
	}
	car = strings.TrimSpace(car)
	if car == "" {
		return "", "", &catalog.Error{Code: catalog.EInvalid, Message: "Please choose a car.",
			Fields: map[string]string{"car": "Please choose a car."}}
	}
	return postcode, car, nil
}
