package catalog

import "testing"

func TestFormatPrice(t *testing.T) {
	// SPEC.md section 9: "Prices as $ with thousands separators, no decimals".
	cases := map[int]string{0: "$0", 999: "$999", 1000: "$1,000", 32990: "$32,990", 1234567: "$1,234,567", -5000: "-$5,000"}
	for in, want := range cases {
		if got := FormatPrice(in); got != want {
			t.Errorf("FormatPrice(%d) = %q, want %q", in, got, want)
		}
	}
}

func TestFormatPhone(t *testing.T) {
	// SPEC.md section 5, Phone display: "A leading +61 becomes 0, 10 digits
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
