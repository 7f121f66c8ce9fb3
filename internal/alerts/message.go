package alerts

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"net/url"
	"strings"

	"forecourt/internal/catalog"
	"forecourt/internal/tenant"
)

// StopPath is the page a stop link opens.
const StopPath = "/alerts/stop"

// Origin is the site's own address, which links in messages use: its
// first domain, or {slug}.localhost for a site with none.
func Origin(site *tenant.Site) string {
	if len(site.Domains) > 0 && site.Domains[0] != "" {
		return "https://" + site.Domains[0]
	}
	return "http://" + site.Slug + ".localhost"
}

// NewStopToken returns a fresh random stop token and the hash the store
// keeps of it.
func NewStopToken() (token, hash string) {
	b := make([]byte, 24)
	rand.Read(b)
	token = base64.RawURLEncoding.EncodeToString(b)
	return token, StopHash(token)
}

// StopHash is what the store keeps of a stop token: its sha256, in hex.
func StopHash(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// stopLink is the stop link of a token on the site.
func stopLink(origin, token string) string {
	return origin + StopPath + "?t=" + url.QueryEscape(token)
}

// NewMatchesText is the message telling of n new cars a saved search
// finds: the site, how many, the search's name, a link to it and the
// stop link, last.
func NewMatchesText(siteName, origin, name, path, query string, n int, token string) string {
	link := origin + path
	if query != "" {
		link += "?" + query
	}
	what := fmt.Sprintf("%d new cars match", n)
	if n == 1 {
		what = "1 new car matches"
	}
	return fmt.Sprintf("%s: %s \"%s\". See them: %s Stop these alerts: %s",
		siteName, what, oneLine(name), link, stopLink(origin, token))
}

// PriceDropText is the message telling that a watched car's price fell
// from was to price.
func PriceDropText(siteName, origin string, car catalog.Car, price, was int, token string) string {
	path := car.Path
	if path == "" {
		path = "/cars/" + car.Slug
	}
	return fmt.Sprintf("%s: %s is now %s, was %s. See it: %s Stop price-drop alerts: %s",
		siteName, oneLine(car.Name), catalog.FormatPrice(price), catalog.FormatPrice(was), origin+path, stopLink(origin, token))
}

// oneLine keeps a name a buyer typed to one line of plain text.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
