package httpapi_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"testing"

	"forecourt/internal/accountapi"
	"forecourt/internal/store"
)

// A null character in any JSON body is refused with 422 — naming the
// field when the body is an object — on both stores, never a 500 from a
// database that cannot keep it. A backslash before "u0000" is only text.
func TestNullCharactersInAnyBodyAre422(t *testing.T) {
	t.Parallel()
	stores(t, func(t *testing.T, open func(t *testing.T) store.Store) {
		app := newAuthApp(t, open(t))
		cookie := app.signIn(t, summit, mobileA, e164A)
		raw := func(path, body string) answer {
			t.Helper()
			req, _ := http.NewRequest("POST", app.srv.URL+path, bytes.NewReader([]byte(body)))
			req.Host = summit + ".localhost"
			req.Header.Set("Content-Type", "application/json")
			req.AddCookie(&http.Cookie{Name: accountapi.SessionCookie, Value: cookie})
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			out := answer{status: res.StatusCode}
			out.body, _ = io.ReadAll(res.Body)
			_ = json.Unmarshal(out.body, &out.err)
			return out
		}
		for _, c := range []struct{ path, body, field string }{
			{"/api/saved-searches", `{"name":"Utes\u0000","path":"/search"}`, "name"},
			{"/api/saved-searches", `{"name":"Utes","path":"/search\u0000"}`, "path"},
			{"/api/trade-in/valuation", `{"make":"Toyota\u0000","model":"Hilux","year":2022,"km":"30000"}`, "make"},
			{"/api/miscellaneous", `{"type":"x","data":{"note":["a\u0000"]}}`, "data"},
			{"/api/events", `{"event_id":14,"page":"/\u0000"}`, "page"},
			{"/api/events", "[\"\u0000\"]", ""},
		} {
			res := raw(c.path, c.body)
			if res.status != 422 || res.err.Error.Code != "invalid" || (c.field != "" && res.err.Error.Fields[c.field] == "") {
				t.Errorf("POST %s %s: %d %s, want 422 naming %q", c.path, c.body, res.status, res.body, c.field)
			}
		}
		// An escaped backslash then u0000 is no null character.
		if res := raw("/api/saved-searches", `{"name":"a\\u0000b","path":"/search"}`); res.status != 201 {
			t.Errorf("a name with a literal backslash-u0000: %d %s, want 201", res.status, res.body)
		}
	})
}
