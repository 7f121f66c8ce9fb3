package leads

import (
	"encoding/json"
	"maps"
	"testing"

	"forecourt/internal/contracttest"
)

// contactVectors is testdata/contact-vectors.json, the contact-field cases
// the app's lead forms are held to as well (web/src/lib/lead-schema.ts), so
// the server and the browser word every slip the same way.
type contactVectors struct {
	Messages map[string]string `json:"messages"`
	Cases    []struct {
		Name    string            `json:"name"`
		Country string            `json:"country"`
		Lead    map[string]string `json:"lead"`
		Want    map[string]string `json:"want"`
	} `json:"cases"`
}

func loadContactVectors(t *testing.T) contactVectors {
	t.Helper()
	var v contactVectors
	contracttest.ReadVectors(t, "testdata/contact-vectors.json", &v)
	if len(v.Cases) == 0 || len(v.Messages) == 0 {
		t.Fatal("contact vectors: no cases or no messages")
	}
	return v
}

func TestContactMessagesSharedVectors(t *testing.T) {
	v := loadContactVectors(t)
	for key, want := range map[string]string{
		"name": MsgNameRequired, "emailEmpty": MsgEmailRequired, "emailInvalid": MsgEmailInvalid,
		"phoneEmpty": MsgPhoneRequired, "phoneAU": MsgPhoneAU, "phoneNZ": MsgPhoneNZ,
		"postcode": MsgPostcode, "rego": MsgRegoInvalid, "terms": MsgTerms,
	} {
		if v.Messages[key] != want {
			t.Errorf("message %s: vectors say %q, the server says %q", key, v.Messages[key], want)
		}
	}
}

func TestContactFieldsSharedVectors(t *testing.T) {
	contact := []string{"name", "email", "phone", "postcode", "rego"}
	for _, c := range loadContactVectors(t).Cases {
		t.Run(c.Name, func(t *testing.T) {
			// A test drive: its message is optional, so only the contact
			// fields can be wrong.
			raw := map[string]any{"category": CategoryTestDrive}
			for k, val := range c.Lead {
				raw[k] = val
			}
			body, _ := json.Marshal(raw)
			in, err := Decode(body)
			if err != nil {
				t.Fatal(err)
			}
			errs := Validate(in, Rules{Country: c.Country}, nil)
			got := map[string]string{}
			for _, f := range contact {
				if m, ok := errs[f]; ok {
					got[f] = m
				}
			}
			if !maps.Equal(got, c.Want) {
				t.Errorf("lead %v on a %s site: messages %v, want %v", c.Lead, c.Country, got, c.Want)
			}
		})
	}
}
