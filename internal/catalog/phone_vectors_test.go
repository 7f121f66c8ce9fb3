package catalog

import (
	"testing"

	"forecourt/internal/contracttest"
)

// phoneVectors is testdata/phone-vectors.json, the cases the app's phone
// display and phone check are held to as well, so the two sides cannot drift.
type phoneVectors struct {
	Display []struct {
		Name  string `json:"name"`
		Phone string `json:"phone"`
		Want  string `json:"want"`
	} `json:"display"`
	Valid []struct {
		Country string `json:"country"`
		Phone   string `json:"phone"`
		Want    bool   `json:"want"`
		Why     string `json:"why"`
	} `json:"valid"`
}

func loadPhoneVectors(t *testing.T) phoneVectors {
	t.Helper()
	var v phoneVectors
	contracttest.ReadVectors(t, "testdata/phone-vectors.json", &v)
	if len(v.Display) == 0 || len(v.Valid) == 0 {
		t.Fatal("phone vectors: no display or no validity cases")
	}
	return v
}

func TestFormatPhoneSharedVectors(t *testing.T) {
	for _, c := range loadPhoneVectors(t).Display {
		if got := FormatPhone(c.Phone); got != c.Want {
			t.Errorf("%s: FormatPhone(%q) = %q, want %q", c.Name, c.Phone, got, c.Want)
		}
	}
}

func TestValidPhoneSharedVectors(t *testing.T) {
	for _, c := range loadPhoneVectors(t).Valid {
		if got := ValidPhone(c.Country, c.Phone); got != c.Want {
			t.Errorf("ValidPhone(%s, %q) = %v, want %v %s", c.Country, c.Phone, got, c.Want, c.Why)
		}
	}
}
