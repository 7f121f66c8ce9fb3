package httpapi_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"testing"

	"forecourt/internal/httpapi"
	"forecourt/internal/store"
)

// A null character in any text of a lead is refused with 422 naming the
// field, on both stores: PostgreSQL cannot keep it, and a lead SQLite
// would keep could then not be copied to PostgreSQL.
func TestCreateLeadRefusesNullCharacters(t *testing.T) {
	t.Parallel()
	stores(t, func(t *testing.T, open func(t *testing.T) store.Store) {
		reg := sites(t)
		_, srv := serve(t, &httpapi.Server{Sites: reg, Store: open(t), Web: webApp, Pages: corePages(t)})
		post := func(body map[string]any) (int, apiError) {
			b, _ := json.Marshal(body)
			req, _ := http.NewRequest("POST", srv.URL+"/api/leads", bytes.NewReader(b))
			req.Host = "harbourside-toyota.localhost"
			req.Header.Set("Content-Type", "application/json")
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			out, _ := io.ReadAll(res.Body)
			var e apiError
			json.Unmarshal(out, &e)
			return res.StatusCode, e
		}
		lead := func() map[string]any {
			return map[string]any{"category": "finance", "name": "Jo", "email": "jo@example.com",
				"phone": "0412 345 678", "terms": true, "message": "Weekly repayments?"}
		}
		if status, e := post(lead()); status != http.StatusCreated {
			t.Fatalf("a plain lead answered %d: %+v", status, e)
		}
		for field, value := range map[string]any{
			"name":            "Jo\x00",
			"message":         "Hi\x00there",
			"Vehicle Make":    "Toy\x00ota",
			"options":         map[string]any{"Colour": "Red\x00"},
			"lead_attributes": map[string]any{"visited_pages": []string{"/\x00"}},
		} {
			body := lead()
			body[field] = value
			status, e := post(body)
			if status != http.StatusUnprocessableEntity || e.Error.Fields[field] == "" {
				t.Errorf("%s with a null character: %d %+v, want 422 naming the field", field, status, e)
			}
		}
	})
}
