package httpapi

import (
	"net/http"
	"net/url"
	"strings"

	"forecourt/internal/catalog"
	"forecourt/internal/search"
)

// menuModel is one new model as the header's New Vehicles menu shows it:
// enough to draw a tile and link it, none of the variants or colours.
type menuModel struct {
	ID               int64  `json:"id"`
	Slug             string `json:"slug"`
	Name             string `json:"name"`
	Make             string `json:"make"`
	ImageURL         string `json:"image_url"`
	Status           string `json:"status"`
	ManufacturerBody string `json:"manufacturer_body"`
	// BodyPath is the /models?body= target of the model's body group (SPEC.md section 2).
	BodyPath string `json:"body_path"`
	// ListingPath is the canonical new-car listing of the model.
	ListingPath string `json:"listing_path"`
}

type modelsResponse struct {
	Models []menuModel `json:"models"`
}

// bodyParam is SPEC.md section 2's /models?body= value: lowercase, spaces
// as hyphens, ampersands removed.
func bodyParam(body string) string {
	b := strings.ReplaceAll(strings.ToLower(strings.TrimSpace(body)), "&", "")
	return strings.Join(strings.Fields(b), "-")
}

// handleModels answers GET /api/models: the site's new models in the
// dealer's order.
func (s *Server) handleModels(w http.ResponseWriter, r *http.Request) {
	site := siteFrom(r.Context())
	ms, err := s.Store.Models(r.Context(), site.Slug)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	st, err := s.stock(r.Context(), site)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	out := modelsResponse{Models: make([]menuModel, 0, len(ms))}
	for _, m := range ms {
		q := search.Query{Refinements: map[string][]string{
			"car_type": {catalog.TypeNew}, "make": {m.Make}, "model": {m.Name},
		}}
		p, raw := search.CanonicalURL(q, st.vocab)
		if raw != "" {
			p += "?" + raw
		}
		mm := menuModel{
			ID: m.ID, Slug: m.Slug, Name: m.Name, Make: m.Make, ImageURL: m.ImageURL,
			Status: m.Status, ManufacturerBody: m.ManufacturerBody, ListingPath: p,
		}
		if m.ManufacturerBody != "" {
			mm.BodyPath = "/models?body=" + url.QueryEscape(bodyParam(m.ManufacturerBody))
		}
		out.Models = append(out.Models, mm)
	}
	writeJSON(w, http.StatusOK, out)
}
