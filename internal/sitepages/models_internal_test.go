package sitepages

import "testing"

// docs/behaviour/screens.md: /models?body={body type, lowercase, spaces as hyphens, ampersands removed}.
func TestBodyParam(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"SUV", "suv"},
		{"People Mover", "people-mover"},
		{"Cab Chassis", "cab-chassis"},
		{"Hatch & Wagon", "hatch-wagon"},
		{"  Light  Truck ", "light-truck"},
		{"", ""},
	} {
		if got := BodyParam(c.in); got != c.want {
			t.Errorf("BodyParam(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
