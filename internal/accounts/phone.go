// Package accounts signs buyers in on a dealer's site with a one-time code
// sent to their mobile, keeps their sessions, and checks what they may
// read and change (their own watchlist, saved searches and enquiries).
package accounts

import (
	"regexp"
	"strings"

	"forecourt/internal/catalog"
)

// Mobile numbers a code can be sent to, in national form after spaces,
// dashes, dots and brackets are removed (AU: 04xx xxx xxx; NZ: 02x with
// six to eight more digits).
var (
	auMobile = regexp.MustCompile(`^04\d{8}$`)
	nzMobile = regexp.MustCompile(`^02\d{7,9}$`)
)

// Mobile returns the E.164 form of a mobile number of the site's country
// (AU or NZ), national ("0412 345 678") or international ("+61 412 345
// 678"), and false for anything else: a landline, another country's
// number, letters.
func Mobile(country, raw string) (string, bool) {
	p := catalog.CompactPhone(raw)
	prefix, plan := "+61", auMobile
	if country == "NZ" {
		prefix, plan = "+64", nzMobile
	}
	switch {
	case strings.HasPrefix(p, prefix):
		p = "0" + strings.TrimPrefix(p[len(prefix):], "0")
	case strings.HasPrefix(p, "00"+prefix[1:]):
		p = "0" + strings.TrimPrefix(p[len(prefix)+1:], "0")
	}
	if !plan.MatchString(p) {
		return "", false
	}
	return prefix + p[1:], true
}

// Masked shows only a number's last three digits, for logs.
func Masked(phone string) string {
	if len(phone) <= 3 {
		return "***"
	}
	return "***" + phone[len(phone)-3:]
}
