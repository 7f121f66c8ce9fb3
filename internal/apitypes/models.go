package apitypes

import (
	"forecourt/internal/catalog"
	"forecourt/internal/convert"
)

// The new models of GET /api/models and GET /api/models/{slug}
// (api/openapi.yaml: MenuModel, ModelDetail). Package sitepages works
// them out and imports this package, so the server converts its values
// (ModelSummary converts from sitepages.Summary as it is); the stored
// model's parts convert here.

// ModelList is GET /api/models: the site's new models in the dealer's
// order.
type ModelList struct {
	Models []ModelSummary `json:"models"`
}

// ModelSummary is one new model as the New Vehicles menu shows it.
type ModelSummary struct {
	ID               int64  `json:"id"`
	Slug             string `json:"slug"`
	Name             string `json:"name"`
	Make             string `json:"make"`
	ImageURL         string `json:"image_url"`
	Status           string `json:"status"`
	ManufacturerBody string `json:"manufacturer_body"`
	BodyPath         string `json:"body_path"`
	ListingPath      string `json:"listing_path"`
	Path             string `json:"path"`
	BrandPath        string `json:"brand_path"`
	ShortDescription string `json:"short_description"`
	FromPrice        int    `json:"from_price"`
}

// ModelDetail is GET /api/models/{slug}: one model with its variants,
// colours and embedded views.
type ModelDetail struct {
	ModelSummary
	Variants []ModelVariant `json:"model_variants"`
	Colours  []ModelColour  `json:"colours"`
	Frames   []ModelFrame   `json:"frames"`
}

// ModelVariant is one variant of a model, its prices those of the
// variant's cars in stock.
type ModelVariant struct {
	ID          int64    `json:"id"`
	FullName    string   `json:"full_name"`
	Series      string   `json:"series"`
	Name        string   `json:"name"`
	Features    []string `json:"features"`
	Image       ImageRef `json:"image"`
	DapMinPrice int      `json:"dap_min_price"`
	DapMaxPrice int      `json:"dap_max_price"`
}

// ModelColour is one paint colour of a model.
type ModelColour struct {
	ID               int64  `json:"id"`
	Name             string `json:"name"`
	PhotoURL         string `json:"photo_url"`
	HexCode          string `json:"hexCode"`
	OemID            string `json:"oem_id"`
	ModelVariantName string `json:"model_variant_name"`
}

// ModelFrame is one tab of a model page's embedded views.
type ModelFrame struct {
	Title string `json:"title"`
	URL   string `json:"url"`
}

// FromModelVariants are the API's views of a model's variants.
func FromModelVariants(in []catalog.ModelVariant) []ModelVariant {
	return convert.List(in, func(v catalog.ModelVariant) ModelVariant {
		return ModelVariant{ID: v.ID, FullName: v.FullName, Series: v.Series, Name: v.Name, Features: v.Features,
			Image: ImageRef(v.Image), DapMinPrice: v.DapMinPrice, DapMaxPrice: v.DapMaxPrice}
	})
}

// FromModelColours are the API's views of a model's colours.
func FromModelColours(in []catalog.ModelColour) []ModelColour {
	return convert.List(in, func(c catalog.ModelColour) ModelColour { return ModelColour(c) })
}

// FromModelFrames are the API's views of a model's embedded views.
func FromModelFrames(in []catalog.ModelFrame) []ModelFrame {
	return convert.List(in, func(f catalog.ModelFrame) ModelFrame { return ModelFrame(f) })
}
