package catalog

import "testing"

func TestFormatPrice(t *testing.T) {
	// docs/behaviour/constants.md: "Prices as $ with thousands separators, no decimals".
	cases := map[int]string{0: "$0", 999: "$999", 1000: "$1,000", 32990: "$32,990", 1234567: "$1,234,567", -5000: "-$5,000"}
	for in, want := range cases {
		if got := FormatPrice(in); got != want {
			t.Errorf("FormatPrice(%d) = %q, want %q", in, got, want)
		}
	}
}

func TestFormatPhone(t *testing.T) {
	// docs/behaviour/validation.md#phone-display: "A leading +61 becomes 0, 10 digits
	// are grouped 2-4-4, brackets are removed."
	cases := []struct{ in, want string }{
		{"+61 7 3555 0101", "07 3555 0101"},
		{"+61735550101", "07 3555 0101"},
		{"(07) 3555 0101", "07 3555 0101"},
		{"0735550101", "07 3555 0101"},
		{"1300 555 010", "1300 555 010"},
		{"+64 3 555 0199", "+64 3 555 0199"},
		{"", ""},
	}
	for _, c := range cases {
		if got := FormatPhone(c.in); got != c.want {
			t.Errorf("FormatPhone(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestValidPhone(t *testing.T) {
	// docs/behaviour/validation.md#phone-display (+61 becomes 0; 10 digits grouped
	// 2-4-4) and the AU/NZ sites of docs/behaviour/http.md: a lead's phone must be a number
	// the dealer can call back in the site's country.
	cases := []struct {
		country, phone string
		want           bool
	}{
		{"AU", "0412 345 678", true},
		{"AU", "0412345678", true},
		{"AU", "+61 412 345 678", true},
		{"AU", "+61 (0)412 345 678", true},
		{"AU", "(07) 3123 4567", true},
		{"AU", "07-3123-4567", true},
		{"AU", "1300 123 456", true},
		{"AU", "1800123456", true},
		{"AU", "13 12 34", true},
		{"AU", "0412 345 67", false},   // 9 digits
		{"AU", "0412 345 6789", false}, // 11 digits
		{"AU", "0612345678", false},    // no such area code
		{"AU", "027 123 456", false},   // a NZ mobile on an AU site
		{"AU", "+64 21 123 4567", true},
		{"AU", "+1 415 555 0100", false},
		{"AU", "call me", false},
		{"AU", "", false},
		{"NZ", "021 123 4567", true},
		{"NZ", "022 123 4567", true},
		{"NZ", "027 1234567", true},
		{"NZ", "03 123 4567", true},
		{"NZ", "+64 3 123 4567", true},
		{"NZ", "0800 123 456", true},
		{"NZ", "0412 345 678", false}, // an AU mobile on a NZ site
		{"NZ", "+61 412 345 678", true},
		{"NZ", "03 123 456", false},
	}
	for _, c := range cases {
		if got := ValidPhone(c.country, c.phone); got != c.want {
			t.Errorf("ValidPhone(%s, %q) = %v, want %v", c.country, c.phone, got, c.want)
		}
	}
}
