package httpapi_test

import (
	"strings"
	"testing"
	"time"

	"forecourt/internal/httpapi"
	"forecourt/internal/httpmw"
)

// A page's canonical address and the sitemap say https behind a trusted
// proxy that reports it, and not because any client claims it.
func TestAbsoluteAddressesFollowOnlyTrustedProxies(t *testing.T) {
	t.Parallel()
	const host = "harbourside-toyota.localhost"
	for _, tc := range []struct {
		name, proxies, scheme string
	}{{"trusted", "127.0.0.1", "https"}, {"untrusted", "", "http"}} {
		t.Run(tc.name, func(t *testing.T) {
			reg, st := demoStore(t, time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC))
			proxies, err := httpmw.ParseTrustedProxies(tc.proxies)
			if err != nil {
				t.Fatal(err)
			}
			_, srv := serve(t, &httpapi.Server{Sites: reg, Store: st, Web: webApp, Pages: corePages(t), TrustedProxies: proxies})
			app := &testApp{srv: srv}
			want := tc.scheme + "://" + host
			_, page := app.get(t, host, "/finance", "X-Forwarded-Proto", "https")
			if !strings.Contains(page, `<link rel="canonical" href="`+want+`/finance">`) {
				t.Errorf("the canonical link is not on %s", want)
			}
			_, sitemap := app.get(t, host, "/sitemap.xml", "X-Forwarded-Proto", "https")
			if !strings.Contains(sitemap, "<loc>"+want+"/</loc>") {
				t.Errorf("the sitemap's addresses are not on %s", want)
			}
		})
	}
}
