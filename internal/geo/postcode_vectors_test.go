package geo

import (
	"testing"

	"forecourt/internal/contracttest"
)

// The postcode message and the four-digit rule are the ones the lead forms
// and the app's postcode search give: internal/leads/testdata
// contact-vectors.json holds them for the server and the app alike
// (web/src/lib/lead-messages.ts, web/src/lib/lead-rules.ts postcodePattern).
func TestPostcodeSharedVectors(t *testing.T) {
	var v struct {
		Messages map[string]string `json:"messages"`
		Cases    []struct {
			Name string            `json:"name"`
			Lead map[string]string `json:"lead"`
			Want map[string]string `json:"want"`
		} `json:"cases"`
	}
	contracttest.ReadVectors(t, "../leads/testdata/contact-vectors.json", &v)
	if got, want := MsgPostcodeFormat, v.Messages["postcode"]; got != want {
		t.Errorf("MsgPostcodeFormat = %q, the vectors say %q", got, want)
	}
	checked := 0
	for _, c := range v.Cases {
		pc := c.Lead["postcode"]
		if pc == "" {
			continue
		}
		checked++
		_, wrong := c.Want["postcode"]
		if ValidPostcode(pc) == wrong {
			t.Errorf("%s: ValidPostcode(%q) = %v, the vectors say the postcode is wrong: %v", c.Name, pc, !wrong, wrong)
		}
	}
	if checked < 2 {
		t.Fatalf("postcode vectors: %d postcode cases, want a good one and a wrong one at least", checked)
	}
}
