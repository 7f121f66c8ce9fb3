package catalog

import (
	"strconv"
	"strings"
)

// FormatPrice shows whole dollars with thousands separators and no decimals
// (docs/behaviour/constants.md: "Prices as $ with thousands separators, no decimals").
func FormatPrice(dollars int) string {
	sign := ""
	if dollars < 0 {
		sign, dollars = "-", -dollars
	}
	return sign + "$" + groupThousands(strconv.Itoa(dollars))
}

// FormatKM shows a distance as "12,345 km".
func FormatKM(km int) string { return groupThousands(strconv.Itoa(km)) + " km" }

func groupThousands(digits string) string {
	if len(digits) <= 3 {
		return digits
	}
	var b strings.Builder
	lead := len(digits) % 3
	if lead > 0 {
		b.WriteString(digits[:lead])
	}
	for i := lead; i < len(digits); i += 3 {
		if b.Len() > 0 {
			b.WriteByte(',')
		}
		b.WriteString(digits[i : i+3])
	}
	return b.String()
}

// FormatPhone shows a phone number the way docs/behaviour/validation.md#phone-display
// asks: a leading +61 becomes 0, brackets are removed, and 10 digits are
// grouped 2-4-4 (1300/1800 numbers 4-3-3). Anything else keeps its digits and spaces as given.
func FormatPhone(phone string) string {
	p := strings.TrimSpace(phone)
	p = strings.NewReplacer("(", "", ")", "").Replace(p)
	if rest, ok := strings.CutPrefix(p, "+61"); ok {
		p = "0" + strings.TrimLeft(rest, " ")
	}
	digits := strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return r
		}
		return -1
	}, p)
	if len(digits) == 10 && !strings.HasPrefix(p, "+") {
		// 1300 and 1800 numbers are read 4-3-3; area-code numbers 2-4-4.
		if digits[0] == '1' {
			return digits[:4] + " " + digits[4:7] + " " + digits[7:]
		}
		return digits[:2] + " " + digits[2:6] + " " + digits[6:]
	}
	return strings.Join(strings.Fields(p), " ")
}
