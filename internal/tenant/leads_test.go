package tenant

import (
	"strings"
	"testing"
	"testing/fstest"
)

func TestLeadConfigDefaultsAndProblems(t *testing.T) {
	r, err := Load(fstest.MapFS{"a.yaml": {Data: []byte(minimalSite)}})
	if err != nil {
		t.Fatal(err)
	}
	s, _ := r.BySlug("alpha")
	if rl := s.Leads.RateLimit; rl.PerIPPerMinute != 10 || rl.PerIPBurst != 10 || rl.PerSitePerMinute != 6000 || rl.PerSiteBurst != 500 || s.Leads.MaxAttempts != 10 {
		t.Errorf("lead defaults = %+v", s.Leads)
	}
	bad := minimalSite + `leads:
  destinations:
    - name: crm
      webhook: { secret_env: CRM_SECRET }
    - name: crm
      email: { to: [a@b.example], from: c@d.example }
    - name: Bad Name
      webhook: { url: ftp://x }
`
	_, err = Load(fstest.MapFS{"a.yaml": {Data: []byte(bad)}})
	if err == nil {
		t.Fatal("a broken leads section loaded")
	}
	msg := err.Error()
	for _, want := range []string{"leads.destinations[2].name", "leads.destinations[2].webhook.url"} {
		if !strings.Contains(msg, want) {
			t.Errorf("problems do not name %s:\n%s", want, msg)
		}
	}
	// The schema passes the first two; the relational rules catch them.
	bad = minimalSite + `leads:
  destinations:
    - name: crm
      webhook: { secret_env: CRM_SECRET }
    - name: crm
      email: { to: [a@b.example], from: c@d.example }
`
	_, err = Load(fstest.MapFS{"a.yaml": {Data: []byte(bad)}})
	if err == nil {
		t.Fatal("duplicate and incomplete destinations loaded")
	}
	msg = err.Error()
	for _, want := range []string{"a webhook needs url or url_env", `duplicate destination name "crm"`, "an email destination needs smtp_host or smtp_host_env"} {
		if !strings.Contains(msg, want) {
			t.Errorf("problems lack %q:\n%s", want, msg)
		}
	}
}
