package leads

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"maps"
	"slices"
	"strings"
	"testing"

	"forecourt/internal/contracttest"
)

// contactVectors is testdata/contact-vectors.json, the contact-field cases
// the app's lead forms are held to as well (web/src/lib/lead-schema.ts), so
// the server and the browser word every slip the same way.
type contactVectors struct {
	Messages map[string]string `json:"messages"`
	AppOnly  []string          `json:"appOnly"`
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

// sharedMessages are the field messages the app writes too, by the app's
// key (web/src/lib/lead-messages.ts leadMessages) and the constant's name.
var sharedMessages = []struct{ key, name, value string }{
	{"name", "MsgNameRequired", MsgNameRequired},
	{"emailEmpty", "MsgEmailRequired", MsgEmailRequired},
	{"emailInvalid", "MsgEmailInvalid", MsgEmailInvalid},
	{"phoneEmpty", "MsgPhoneRequired", MsgPhoneRequired},
	{"phoneAU", "MsgPhoneAU", MsgPhoneAU},
	{"phoneNZ", "MsgPhoneNZ", MsgPhoneNZ},
	{"postcode", "MsgPostcode", MsgPostcode},
	{"rego", "MsgRegoInvalid", MsgRegoInvalid},
	{"terms", "MsgTerms", MsgTerms},
	{"message", "MsgMessageRequired", MsgMessageRequired},
	{"location", "MsgLocationRequired", MsgLocationRequired},
	{"department", "MsgDepartmentRequired", MsgDepartmentRequired},
	{"dealership", "MsgDealershipRequired", MsgDealershipRequired},
	{"subcategoryUnknown", "MsgSubcategoryUnknown", MsgSubcategoryUnknown},
}

// serverOnlyMessages are the package's messages the app's forms never
// write themselves: they answer what a form cannot send wrong (a category,
// car or location that is not the site's, a taken time, a reused key, the
// hidden field) and reach the visitor as the server words them. The form's
// error heading is the app's leads texts.
var serverOnlyMessages = []string{
	"MsgFixErrors", "MsgHoneypot", "MsgCategoryRequired", "MsgCategoryUnknown",
	"MsgLocationUnknown", "MsgDealershipUnknown", "MsgCarRequired", "MsgCarUnknown",
	"MsgCarNotReservable", "MsgDateTimeInvalid", "MsgDateTimeLocation",
	"MsgSlotUnavailable", "MsgSlotTaken", "MsgSlotPast", "MsgSlotTooFar", "MsgSlotClosed",
	"MsgSlotDepartment", "MsgIdempotencyConflict",
}

func TestContactMessagesSharedVectors(t *testing.T) {
	v := loadContactVectors(t)
	keys := map[string]bool{}
	for _, m := range sharedMessages {
		keys[m.key] = true
		if want, ok := v.Messages[m.key]; !ok {
			t.Errorf("message %s (%s) is not in the vectors", m.key, m.name)
		} else if m.value != want {
			t.Errorf("message %s: vectors say %q, the server says %q", m.key, want, m.value)
		}
	}
	for key := range v.Messages {
		if !keys[key] {
			t.Errorf("vectors' message %s has no server constant here", key)
		}
	}
}

// Every message constant of the package is either one the app shares (and
// so held to the vectors) or one it leaves to the server: a new message is
// a choice between the two.
func TestLeadMessagesAllAccountedFor(t *testing.T) {
	pkgs, err := parser.ParseDir(token.NewFileSet(), ".", func(fi fs.FileInfo) bool {
		return !strings.HasSuffix(fi.Name(), "_test.go")
	}, 0)
	if err != nil {
		t.Fatal(err)
	}
	var declared []string
	for _, pkg := range pkgs {
		for _, f := range pkg.Files {
			for _, d := range f.Decls {
				gd, ok := d.(*ast.GenDecl)
				if !ok || gd.Tok != token.CONST {
					continue
				}
				for _, spec := range gd.Specs {
					for _, n := range spec.(*ast.ValueSpec).Names {
						if strings.HasPrefix(n.Name, "Msg") {
							declared = append(declared, n.Name)
						}
					}
				}
			}
		}
	}
	if len(declared) == 0 {
		t.Fatal("found no message constants")
	}
	known := slices.Clone(serverOnlyMessages)
	for _, m := range sharedMessages {
		known = append(known, m.name)
	}
	for _, name := range declared {
		if !slices.Contains(known, name) {
			t.Errorf("%s is neither shared with the app (sharedMessages, testdata/contact-vectors.json) nor server-only (serverOnlyMessages)", name)
		}
	}
	for _, name := range known {
		if !slices.Contains(declared, name) {
			t.Errorf("%s is listed here but not declared", name)
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
