package httpapi_test

import (
	"encoding/json"
	"net/url"
	"strings"
	"testing"
)

// An input far beyond any real one is refused with 422 invalid naming
// the field, before any work is done on it.
func TestOverLongInputsAre422(t *testing.T) {
	t.Parallel()
	app := sharedApp(t)
	const host = "harbourside-toyota.localhost"
	car := brisbaneCar(t, app)
	makes := make([]string, 51)
	for i := range makes {
		makes[i] = "refinementList[make][" + string(rune('a'+i%26)) + "]=m" + strings.Repeat("x", i)
	}
	for _, c := range []struct{ path, field string }{
		{"/api/search?path=/search&query=" + strings.Repeat("corolla", 200), "query"},
		{"/api/search?path=/search&query=" + url.QueryEscape(strings.Repeat("a ", 21)), "query"},
		{"/api/search?path=/search&" + strings.Join(makes, "&"), "refinementList[make]"},
		{"/api/postcodes/" + strings.Repeat("4", 1000), "postcode"},
		{"/api/delivery-quote?car=" + car.Slug + "&postcode=" + strings.Repeat("4", 1000), "postcode"},
	} {
		res, body := app.get(t, host, c.path)
		var e struct {
			Error struct {
				Code, Message string
				Fields        map[string]string
			} `json:"error"`
		}
		if err := json.Unmarshal([]byte(body), &e); err != nil || res.StatusCode != 422 {
			t.Errorf("%.60s…: status %d %.200s, want 422", c.path, res.StatusCode, body)
			continue
		}
		if e.Error.Code != "invalid" || e.Error.Fields[c.field] == "" || e.Error.Message == "" {
			t.Errorf("%.60s…: %+v, want invalid (422) naming %s", c.path, e.Error, c.field)
		}
	}
	// A search as a buyer types it is still answered.
	if res, body := app.get(t, host, "/api/search?path=/search&query=hilux+sr5"); res.StatusCode != 200 {
		t.Errorf("ordinary search: %d %.200s", res.StatusCode, body)
	}
}
