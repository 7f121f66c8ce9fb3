package catalog

import (
	"regexp"
	"strings"
)

// Phone number shapes a dealer can call back, by country. Numbers are
// compared after spaces, dashes, dots and brackets are removed and a
// leading international prefix is turned into the national 0.
var (
	auPhone = regexp.MustCompile(`^(0[2378]\d{8}|0[45]\d{8}|1[38]00\d{6}|13\d{4})$`)
	nzPhone = regexp.MustCompile(`^(02\d{7,9}|0[34679]\d{7}|0(800|508)\d{6,7})$`)
)

// ValidPhone reports whether phone is a callable number for a site in
// country (AU or NZ). A number with +61 or +64 is checked against that
// country's plan whatever the site's country; any other country code is
// refused, since the dealer calls back locally.
func ValidPhone(country, phone string) bool {
	p := CompactPhone(phone)
	switch {
	case strings.HasPrefix(p, "+61"):
		return auPhone.MatchString(nationalZero(p[3:]))
	case strings.HasPrefix(p, "+64"):
		return nzPhone.MatchString(nationalZero(p[3:]))
	case strings.HasPrefix(p, "+"):
		return false
	}
	if country == "NZ" {
		return nzPhone.MatchString(p)
	}
	return auPhone.MatchString(p)
}

// nationalZero turns the digits after a country code into the national
// form: +61 (0)4… and +61 4… both become 04….
func nationalZero(rest string) string {
	return "0" + strings.TrimPrefix(rest, "0")
}

// CompactPhone drops the spaces, dashes, dots and brackets people type in a
// phone number ("(04) 12-345 678" → "0412345678"), keeping a leading "+".
func CompactPhone(raw string) string {
	return strings.Map(func(r rune) rune {
		switch r {
		case ' ', '-', '.', '(', ')', '\u00a0':
			return -1
		}
		return r
	}, strings.TrimSpace(raw))
}
