package httpapi

import (
	"context"
	"net/http"
	"net/url"
	"strings"

	"forecourt/internal/catalog"
	"forecourt/internal/listing"
	"forecourt/internal/search"
	"forecourt/internal/tenant"
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
	// Path is the model's own page; BrandPath its make's overview.
	Path             string `json:"path"`
	BrandPath        string `json:"brand_path"`
	ShortDescription string `json:"short_description"`
	// FromPrice is the lowest drive-away price of its variants (0: none).
	FromPrice int `json:"from_price"`
}

// modelDetail is one model with its variants, colours and embedded views
// (SPEC.md section 7, Model details by model name).
type modelDetail struct {
	menuModel
	Variants []catalog.ModelVariant `json:"model_variants"`
	Colours  []catalog.ModelColour  `json:"colours"`
	Frames   []catalog.ModelFrame   `json:"frames"`
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
		out.Models = append(out.Models, summarise(m, st.Vocab))
	}
	writeJSON(w, http.StatusOK, out)
}

// summarise is a model as lists and menus show it.
func summarise(m catalog.Model, vocab search.Vocabulary) menuModel {
	q := search.Query{Refinements: map[string][]string{
		"car_type": {catalog.TypeNew}, "make": {m.Make}, "model": {m.Name},
	}}
	p, raw := search.CanonicalURL(q, vocab)
	if raw != "" {
		p += "?" + raw
	}
	mm := menuModel{
		ID: m.ID, Slug: m.Slug, Name: m.Name, Make: m.Make, ImageURL: m.ImageURL,
		Status: m.Status, ManufacturerBody: m.ManufacturerBody, ListingPath: p,
		Path: "/models/" + url.PathEscape(m.Slug), BrandPath: "/" + url.PathEscape(bodyParam(m.Make)) + "/overview",
		ShortDescription: m.ShortDescription,
	}
	if m.ManufacturerBody != "" {
		mm.BodyPath = "/models?body=" + url.QueryEscape(bodyParam(m.ManufacturerBody))
	}
	for _, v := range m.Variants {
		if v.DapMinPrice > 0 && (mm.FromPrice == 0 || v.DapMinPrice < mm.FromPrice) {
			mm.FromPrice = v.DapMinPrice
		}
	}
	return mm
}

// findModel picks the site's model by its slug or, as SPEC.md section 7
// asks it by name, by its name in any case.
func findModel(ms []catalog.Model, key string) (catalog.Model, bool) {
	for _, m := range ms {
		if m.Slug == key {
			return m, true
		}
	}
	for _, m := range ms {
		if strings.EqualFold(m.Name, key) {
			return m, true
		}
	}
	return catalog.Model{}, false
}

// handleModel answers GET /api/models/{slug}: one model of the site with
// its variants (features sanitised like dealer comments), colours and the
// embedded views that are paths on the site itself.
func (s *Server) handleModel(w http.ResponseWriter, r *http.Request) {
	site := siteFrom(r.Context())
	ms, err := s.Store.Models(r.Context(), site.Slug)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	m, ok := findModel(ms, r.PathValue("slug"))
	if !ok {
		s.writeError(w, r, catalog.Errorf(catalog.ENotFound, "no such model"))
		return
	}
	st, err := s.stock(r.Context(), site)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	out := modelDetail{
		menuModel: summarise(m, st.Vocab),
		Variants:  make([]catalog.ModelVariant, 0, len(m.Variants)),
		Colours:   m.Colours,
		Frames:    []catalog.ModelFrame{},
	}
	if out.Colours == nil {
		out.Colours = []catalog.ModelColour{}
	}
	for _, v := range m.Variants {
		feats := make([]string, 0, len(v.Features))
		for _, f := range v.Features {
			if c := listing.SanitizeDealerComments(f); c != "" {
				feats = append(feats, c)
			}
		}
		v.Features = feats
		out.Variants = append(out.Variants, v)
	}
	for _, f := range m.Frames {
		if f.Title != "" && plainLocalPath(f.URL) {
			out.Frames = append(out.Frames, f)
		}
	}
	writeJSON(w, http.StatusOK, out)
}

// modelPageHead describes the model and brand pages: /models, /brands and
// /models/order-now exist where the site has models, /models/{slug} and
// /{brand}/overview for its own models and makes. ok is false for other paths.
func (s *Server) modelPageHead(ctx context.Context, site *tenant.Site, base, p string) (h pageHead, ok bool, err error) {
	clean := strings.TrimSuffix(p, "/")
	slug, isModel := strings.CutPrefix(clean, "/models/")
	brand, isBrand := strings.CutSuffix(clean, "/overview")
	brand = strings.TrimPrefix(brand, "/")
	isBrand = isBrand && brand != "" && !strings.Contains(brand, "/")
	if clean != "/models" && clean != "/brands" && !isModel && !isBrand {
		return pageHead{}, false, nil
	}
	ms, err := s.Store.Models(ctx, site.Slug)
	if err != nil {
		return pageHead{}, true, err
	}
	if len(ms) == 0 {
		return pageHead{}, true, catalog.Errorf(catalog.ENotFound, "the site sells no new models")
	}
	h = pageHead{Canonical: base + clean, Type: "website", Description: siteDescription(site)}
	switch {
	case clean == "/models":
		h.Title = "New Models | " + site.Name
		h.Description = "Every new model at " + site.Name + ": variants, colours and drive-away prices."
	case clean == "/brands":
		h.Title = "Brands | " + site.Name
		h.Description = "The brands " + site.Name + " sells new: " + strings.Join(modelMakes(ms), ", ") + "."
	case slug == "order-now":
		h.Title = "Order Now | " + site.Name
		h.Description = "Ask " + site.Name + " for a drive-away quote on a new model."
	case isModel:
		m, found := findModel(ms, slug)
		if !found || m.Slug != slug {
			return pageHead{}, true, catalog.Errorf(catalog.ENotFound, "no such model")
		}
		h.Title = m.Make + " " + m.Name + " | " + site.Name
		h.Description = strings.TrimSpace(m.Make + " " + m.Name + " at " + site.Name + ". " + m.ShortDescription)
		h.Type = "product"
		if m.ImageURL != "" {
			h.Image = base + m.ImageURL
		}
	default:
		for _, mk := range modelMakes(ms) {
			if bodyParam(mk) == brand {
				h.Title = mk + " Overview | " + site.Name
				h.Description = "New " + mk + " models at " + site.Name + "."
				return h, true, nil
			}
		}
		return pageHead{}, true, catalog.Errorf(catalog.ENotFound, "no such brand")
	}
	return h, true, nil
}

// modelMakes lists the makes of the models in the dealer's order.
func modelMakes(ms []catalog.Model) []string {
	var out []string
	seen := map[string]bool{}
	for _, m := range ms {
		if !seen[m.Make] {
			seen[m.Make] = true
			out = append(out, m.Make)
		}
	}
	return out
}
