package httpapi_test

import (
	"strings"
	"testing"
	"time"

	"forecourt/internal/httpapi"
	"forecourt/internal/tenant"
)

// The site config the browser gets names each public field: a secret in
// the config (here in the lead delivery settings and the config's own
// file name, which are not public) reaches neither GET /api/site nor the
// config a page carries.
func TestSiteConfigCarriesNoSecret(t *testing.T) {
	t.Parallel()
	const secret = "s3cr3t-value-never-public"
	reg, st := ownSites(t), demoFile(t, time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC))
	site, ok := reg.BySlug("harbourside-toyota")
	if !ok {
		t.Fatal("no demo site harbourside-toyota")
	}
	site.File = secret
	site.Leads.Destinations = append(site.Leads.Destinations, tenant.LeadDestination{
		Name:    "crm-" + secret,
		Webhook: &tenant.LeadWebhook{URL: "https://hooks.example/" + secret, SecretEnv: "HOOK_" + secret},
		Email:   &tenant.LeadEmail{To: []string{secret + "@example.com"}, PasswordEnv: secret},
	})
	_, srv := serve(t, &httpapi.Server{Sites: reg, Store: st, Web: webApp, Pages: corePages(t)})
	app := &testApp{srv: srv}
	for _, path := range []string{"/api/site", "/"} {
		res, body := app.get(t, "harbourside-toyota.localhost", path)
		if res.StatusCode != 200 || !strings.Contains(body, "harbourside-toyota") {
			t.Fatalf("%s: %d, want the site's config", path, res.StatusCode)
		}
		if strings.Contains(body, secret) {
			t.Errorf("%s carries a secret of the site config", path)
		}
	}
}
