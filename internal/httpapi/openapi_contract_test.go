package httpapi_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/goccy/go-yaml"
	"github.com/santhosh-tekuri/jsonschema/v6"

	"forecourt/internal/catalog"
)

// openapiPath is the API description the web app's types are generated
// from; the server's answers must match it.
const openapiPath = "../../api/openapi.yaml"

// apiContract is api/openapi.yaml ready to check answers against: each
// answer's body is validated against the schema of its path, method and
// status (the status's own entry, else default).
type apiContract struct {
	doc      map[string]any
	compiler *jsonschema.Compiler
	mu       sync.Mutex
	schemas  map[string]*jsonschema.Schema
}

// loadContract reads an OpenAPI 3.1 description. Its schemas are JSON
// Schema 2020-12, so the whole document is one resource and each answer's
// schema is compiled from its JSON pointer, its $refs resolved in place.
func loadContract(t testing.TB, src []byte) *apiContract {
	t.Helper()
	js, err := yaml.YAMLToJSON(src)
	if err != nil {
		t.Fatalf("openapi: %v", err)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(js))
	if err != nil {
		t.Fatalf("openapi: %v", err)
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	if err := c.AddResource("openapi.json", doc); err != nil {
		t.Fatalf("openapi: %v", err)
	}
	m, ok := doc.(map[string]any)
	if !ok {
		t.Fatal("openapi: not an object")
	}
	return &apiContract{doc: m, compiler: c, schemas: map[string]*jsonschema.Schema{}}
}

func readContract(t testing.TB) *apiContract {
	t.Helper()
	src, err := os.ReadFile(openapiPath)
	if err != nil {
		t.Fatal(err)
	}
	return loadContract(t, src)
}

// route finds the described path a request path matches: segment by
// segment, a {parameter} taking any one segment, the most literal match
// winning (/api/cars/{slug}/view.json over a bare parameter).
func (a *apiContract) route(path string) (string, bool) {
	paths, _ := a.doc["paths"].(map[string]any)
	want := strings.Split(path, "/")
	best, bestLiterals := "", -1
	for tmpl := range paths {
		segs := strings.Split(tmpl, "/")
		if len(segs) != len(want) {
			continue
		}
		literals := 0
		for i, s := range segs {
			if strings.HasPrefix(s, "{") && strings.HasSuffix(s, "}") {
				continue
			}
			if s != want[i] {
				literals = -1
				break
			}
			literals++
		}
		if literals > bestLiterals {
			best, bestLiterals = tmpl, literals
		}
	}
	return best, bestLiterals >= 0
}

// pointerEscape escapes a JSON pointer token (RFC 6901).
func pointerEscape(s string) string {
	return strings.NewReplacer("~", "~0", "/", "~1").Replace(s)
}

// check validates one answer. It fails when the path, method or status is
// not described, when the content type is not one the answer lists, or
// when a JSON body does not fit its schema.
func (a *apiContract) check(method, path string, status int, contentType string, body []byte) error {
	tmpl, ok := a.route(path)
	if !ok {
		return fmt.Errorf("path %s is not described", path)
	}
	op, ok := a.doc["paths"].(map[string]any)[tmpl].(map[string]any)[strings.ToLower(method)].(map[string]any)
	if !ok {
		return fmt.Errorf("%s %s is not described", method, tmpl)
	}
	responses, _ := op["responses"].(map[string]any)
	code := strconv.Itoa(status)
	ptr := "#/paths/" + pointerEscape(tmpl) + "/" + strings.ToLower(method) + "/responses/"
	resp, ok := responses[code].(map[string]any)
	if !ok {
		code = "default"
		if resp, ok = responses[code].(map[string]any); !ok {
			return fmt.Errorf("%s %s: status %d is not described", method, tmpl, status)
		}
	}
	ptr += code
	if ref, ok := resp["$ref"].(string); ok {
		ptr = ref
		resp = a.resolve(ref)
	}
	content, _ := resp["content"].(map[string]any)
	if len(content) == 0 {
		if len(body) > 0 {
			return fmt.Errorf("%s %s %d: a body where none is described: %.200s", method, tmpl, status, body)
		}
		return nil
	}
	mediaType, _, err := mime.ParseMediaType(contentType)
	if err != nil {
		return fmt.Errorf("%s %s %d: content type %q: %v", method, tmpl, status, contentType, err)
	}
	media, ok := content[mediaType].(map[string]any)
	if !ok {
		return fmt.Errorf("%s %s %d: content type %s is not described (%v)", method, tmpl, status, mediaType, slices.Sorted(mapKeys(content)))
	}
	if mediaType != "application/json" || media["schema"] == nil {
		return nil
	}
	sch, err := a.schema(ptr + "/content/" + pointerEscape(mediaType) + "/schema")
	if err != nil {
		return err
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(body))
	if err != nil {
		return fmt.Errorf("%s %s %d: not JSON: %v: %.200s", method, tmpl, status, err, body)
	}
	if err := sch.Validate(v); err != nil {
		return fmt.Errorf("%s %s %d does not match its schema: %v", method, path, status, err)
	}
	return nil
}

// resolve follows a local $ref such as #/components/responses/Error.
func (a *apiContract) resolve(ref string) map[string]any {
	var cur any = a.doc
	for _, tok := range strings.Split(strings.TrimPrefix(ref, "#/"), "/") {
		tok = strings.NewReplacer("~1", "/", "~0", "~").Replace(tok)
		m, _ := cur.(map[string]any)
		cur = m[tok]
	}
	m, _ := cur.(map[string]any)
	return m
}

func (a *apiContract) schema(ptr string) (*jsonschema.Schema, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if s, ok := a.schemas[ptr]; ok {
		return s, nil
	}
	s, err := a.compiler.Compile("openapi.json" + ptr)
	if err != nil {
		return nil, fmt.Errorf("compile %s: %v", ptr, err)
	}
	a.schemas[ptr] = s
	return s, nil
}

func mapKeys(m map[string]any) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// apiCall is one request of the contract test and the status it must get.
type apiCall struct {
	site   string
	method string
	target string // path and query
	body   string
	status int
}

func (a *testApp) do(t *testing.T, c apiCall) (*http.Response, []byte) {
	t.Helper()
	var body io.Reader
	if c.body != "" {
		body = strings.NewReader(c.body)
	}
	req, err := http.NewRequest(c.method, a.srv.URL+c.target, body)
	if err != nil {
		t.Fatal(err)
	}
	req.Host = c.site + ".localhost"
	if c.body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res, b
}

// contractCars picks, per site, listed cars of each kind the demo holds, so
// every shape of car answer (coming soon, reserved, caravan, without
// market data, with a subscription price, …) is checked.
func contractCars(app *testApp) map[string][]catalog.Car {
	kinds := []func(catalog.Car) bool{
		func(c catalog.Car) bool { return c.Status == catalog.StatusInStock && c.CarType == catalog.TypeUsed },
		func(c catalog.Car) bool { return c.Status == catalog.StatusInStock && c.CarType == catalog.TypeNew },
		func(c catalog.Car) bool { return c.Status == catalog.StatusInStock && c.CarType == catalog.TypeDemo },
		func(c catalog.Car) bool { return c.Status == catalog.StatusComingSoon },
		func(c catalog.Car) bool { return c.Reserved },
		func(c catalog.Car) bool { return c.Certified },
		func(c catalog.Car) bool { return c.AutograbData == nil },
		func(c catalog.Car) bool { return c.AutograbData != nil },
		func(c catalog.Car) bool { return c.SubscriptionPrice > 0 },
		func(c catalog.Car) bool { return c.Price <= 0 },
		func(c catalog.Car) bool { return c.Preorder },
		func(c catalog.Car) bool { return c.OfferPrice > 10 && c.OfferPrice != c.Price },
		func(c catalog.Car) bool { return len(c.Images) == 0 },
		func(c catalog.Car) bool { return len(c.SpinImages) > 0 },
		func(c catalog.Car) bool { return c.ItemType != "" },
		func(c catalog.Car) bool { return c.YouxQuote != nil },
		func(c catalog.Car) bool { return len(c.FinanceLenders) == 0 },
	}
	out := map[string][]catalog.Car{}
	for _, s := range app.data() {
		seen := map[int64]bool{}
		for _, kind := range kinds {
			for _, c := range s.Cars {
				if c.ShowOnWebsite && c.Status != catalog.StatusSold && kind(c) && !seen[c.ID] {
					seen[c.ID] = true
					out[s.Slug] = append(out[s.Slug], c)
					break
				}
			}
		}
	}
	return out
}

// The server's answers match api/openapi.yaml: every fixed GET endpoint of
// docs/behaviour/http.md and the main others, on every demo site, including their error
// answers, fit the schema of their path, method and status.
func TestAnswersMatchTheOpenAPIDescription(t *testing.T) {
	t.Parallel()
	contract := readContract(t)
	app := newTestApp(t)
	sites := []string{"harbourside-toyota", "summit-motor-group", "outback-caravans", "southern-alps-motors", "metro-used-cars"}
	cars := contractCars(app)

	var calls []apiCall
	get := func(site, target string, status int) {
		calls = append(calls, apiCall{site: site, method: "GET", target: target, status: status})
	}
	post := func(site, target, body string, status int) {
		calls = append(calls, apiCall{site: site, method: "POST", target: target, body: body, status: status})
	}
	for _, site := range sites {
		get(site, "/api/site", 200)
		get(site, "/api/locations", 200)
		get(site, "/api/search?path=/search/used-cars", 200)
		get(site, "/api/suggest?q=to", 200)
		get(site, "/api/suggest?q=", 200)
		get(site, "/api/suggest?q="+strings.Repeat("a", 101), 422)
		get(site, "/api/search?path=/search/new-cars&page=2&sortBy=price_asc", 200)
		get(site, "/api/search?"+url.Values{"path": {"/search/used-cars"}, "range[price]": {"10000:60000"}, "refinementList[body][0]": {"SUV"}, "query": {"auto"}}.Encode(), 200)
		get(site, "/api/search?path=/search/used-cars&page=9999", 200)
		get(site, "/api/search?path=/search/used-cars&query="+strings.Repeat("a+", 30), 422)
		get(site, "/api/models", 200)
		get(site, "/api/reviews", 200)
		get(site, "/api/pages?path=/no-such-page", 404)
		get(site, "/api/trade-in/options", 200)
		get(site, "/api/cars/no-such-car", 404)
		get(site, "/api/cars/no-such-car/similar", 404)
		get(site, "/api/cars/no-such-car/autogauge", 404)
		get(site, "/api/me", 401)
		get(site, "/api/watchlist", 401)
		get(site, "/api/garage", 401)
		get(site, "/api/saved-searches", 401)
		var ids []string
		for _, c := range cars[site] {
			ids = append(ids, strconv.FormatInt(c.ID, 10))
			get(site, "/api/cars/"+c.Slug, 200)
			get(site, "/api/cars/"+c.Slug+"/similar", 200)
			get(site, "/api/cars/"+c.Slug+"/autogauge", 200)
			get(site, "/api/finance/cars/"+strconv.FormatInt(c.ID, 10), 200)
			get(site, "/api/trade-in/car?car_id="+c.Slug, 200)
		}
		if len(ids) > 7 {
			ids = ids[:7]
		}
		get(site, "/api/cars?ids="+strings.Join(ids, ",")+",99999999", 200)
		get(site, "/api/cars?ids=x", 422)
		if len(cars[site]) > 0 {
			c := cars[site][0]
			get(site, "/api/cars/"+c.Slug+"/view.json?photos_count=0&updated_at=2020-01-01T00:00:00Z", 200)
			get(site, "/api/cars/"+c.Slug+"/view.json?photos_count="+strconv.Itoa(len(c.Images))+"&updated_at="+url.QueryEscape(c.UpdatedAt.Format(time.RFC3339)), 200)
		}
		post(site, "/api/leads", `{"category":"enquiry","email":"nope","phone":"12","postcode":"123"}`, 422)
		// No code sender is configured here: sign-in is unavailable.
		post(site, "/api/auth/otp", `{"phone":"0412 345 678"}`, 503)
	}

	const ht = "harbourside-toyota"
	car := cars[ht][0]
	get(ht, "/api/postcodes/4000", 200)
	get(ht, "/api/postcodes/abcd", 422)
	get(ht, "/api/postcodes/1000", 404)
	get("southern-alps-motors", "/api/postcodes/4000", 404)
	get(ht, "/api/delivery-quote?postcode=4000&car="+car.Slug, 200)
	get(ht, "/api/delivery-quote?postcode=2000&car="+car.Slug, 200)
	get(ht, "/api/delivery-quote?postcode=&car="+car.Slug, 422)
	get(ht, "/api/delivery-quote?postcode=6000&car="+car.Slug, 404)
	get(ht, "/api/delivery-quote?postcode=4000", 422)
	get(ht, "/api/models/no-such-model", 404)
	get(ht, "/api/trade-in/car?car_id=no-such-car", 404)
	post(ht, "/api/leads", `{"category":"enquiry","name":"Jo","last_name":"Bloggs","email":"jo@example.com","phone":"0412 345 678","message":"Is it still available?","car_id":`+strconv.FormatInt(car.ID, 10)+`}`, 201)
	post(ht, "/api/leads", `{"category":"no-such-form"}`, 422)
	post(ht, "/api/events", `{"event_id":4}`, 204)
	post(ht, "/api/events", `{}`, 422)
	post(ht, "/api/youx/quote", `{"purchasePrice":30000}`, 404)
	post("summit-motor-group", "/api/youx/quote", `{"purchasePrice":30000,"loanTerm":5}`, 200)
	post("summit-motor-group", "/api/youx/quote", `{"purchasePrice":5}`, 422)
	post(ht, "/api/trade-in/valuation", `{"make":"Toyota","model":"Corolla","year":2022,"km":1000,"adjustmentAnswers":{}}`, 422)
	post(ht, "/api/miscellaneous", `{"column_name":"other"}`, 422)
	post(ht, "/api/watchlist/save-car", `{"phone_number":"0412 345 678","car_id":1}`, 401)
	post(ht, "/api/watchlist/remove-car", `{"phone_number":"0412 345 678","car_id":1}`, 401)
	post(ht, "/api/saved-searches", `{"path":"/search/used-cars","query":""}`, 401)
	post(ht, "/api/auth/verify", `{"phone":"0412 345 678","code":"000000"}`, 422)
	post(ht, "/api/auth/sign-out", "", 204)
	post(ht, "/api/cars/"+car.Slug+"/call-reveal", `{"car_id":`+strconv.FormatInt(car.ID, 10)+`}`, 204)
	post(ht, "/api/miscellaneous", `{"column_name":"valuation","valuation":{"estimate":false}}`, 200)
	get(ht, "/api/appointments?location_id="+strconv.FormatInt(car.LocationID, 10)+"&date=2026-11-30", 200)
	get(ht, "/api/appointments?location_id=x&date=2026-11-30", 422)
	get(ht, "/api/appointments/days?location_id="+strconv.FormatInt(car.LocationID, 10), 200)
	get(ht, "/api/appointments/days?location_id=x", 422)
	get(ht, "/api/pages?path=/about-us", 200)
	get(ht, "/api/cars/"+car.Slug+"/print.pdf", 200)
	// The history summary of a car with a report file, and of one without.
	for _, c := range app.site("metro-used-cars").Cars {
		if c.ShowOnWebsite && c.File != "" {
			get("metro-used-cars", c.File, 200)
			break
		}
	}
	for _, c := range cars[ht] {
		if c.File == "" {
			get(ht, "/api/cars/"+c.Slug+"/history-report.pdf", 404)
			break
		}
	}
	get(ht, "/healthz", 200)
	get(ht, "/site.css", 200)
	get(ht, "/sitemap.xml", 200)
	get(ht, "/robots.txt", 200)

	calls = append(calls,
		apiCall{site: ht, method: "DELETE", target: "/api/saved-searches/1", status: 401},
		apiCall{site: ht, method: "POST", target: "/api/saved-searches/1/seen", status: 401},
		apiCall{site: ht, method: "PATCH", target: "/api/saved-searches/1", body: `{"alert":"off"}`, status: 401},
		apiCall{site: ht, method: "PUT", target: "/api/me/alerts", body: `{"price_drops":false}`, status: 401})
	get(ht, "/api/me/alerts", 401)
	post(ht, "/api/alerts/stop", `{"token":"no-such-token"}`, 404)

	// A trade-in valued from the platform's own cars: the form's first
	// answer to each question, a recent used car of the demo.
	res, body := app.do(t, apiCall{site: ht, method: "GET", target: "/api/trade-in/options"})
	var opts struct {
		Questions []struct {
			ID      string `json:"id"`
			Options []struct {
				ID string `json:"id"`
			} `json:"options"`
		} `json:"questions"`
	}
	if res.StatusCode != 200 || json.Unmarshal(body, &opts) != nil {
		t.Fatalf("trade-in options: %d %.200s", res.StatusCode, body)
	}
	answers := map[string]string{}
	for _, q := range opts.Questions {
		if len(q.Options) > 0 {
			answers[q.ID] = q.Options[0].ID
		}
	}
	// A plate asked for as soon as it is given: one of the demo's, found;
	// one no car has, refused on rego; no state, refused on regoState.
	for _, c := range app.site("summit-motor-group").Cars {
		if c.ShowOnWebsite && c.RegPlate != "" && c.RegoState != "" && c.Make != "" && c.Year > 0 {
			get(ht, "/api/trade-in/rego?rego="+url.QueryEscape(c.RegPlate)+"&regoState="+c.RegoState, 200)
			break
		}
	}
	for target, field := range map[string]string{"/api/trade-in/rego?rego=ZZZ999&regoState=QLD": "rego", "/api/trade-in/rego?rego=ZZZ999": "regoState"} {
		get(ht, target, 422)
		if _, body := app.do(t, apiCall{site: ht, method: "GET", target: target}); !strings.Contains(string(body), `"fields":{"`+field+`"`) {
			t.Errorf("%s: %s, want fields.%s", target, body, field)
		}
	}
	for _, c := range app.site("summit-motor-group").Cars {
		if c.ShowOnWebsite && c.CarType == catalog.TypeUsed && c.Year >= 2022 && c.ItemType == "" {
			req, _ := json.Marshal(map[string]any{"make": c.Make, "model": c.Model, "year": c.Year, "km": 30000, "adjustmentAnswers": answers})
			post(ht, "/api/trade-in/valuation", string(req), 200)
			break
		}
	}

	// Each site's own models and pages, as its menus offer them.
	for _, site := range sites {
		res, body := app.do(t, apiCall{site: site, method: "GET", target: "/api/models"})
		var models struct {
			Models []struct{ Slug string } `json:"models"`
		}
		if res.StatusCode == 200 && json.Unmarshal(body, &models) == nil && len(models.Models) > 0 {
			get(site, "/api/models/"+models.Models[0].Slug, 200)
		}
	}

	checked := map[string]bool{}
	for _, c := range calls {
		res, body := app.do(t, c)
		if res.StatusCode != c.status {
			t.Errorf("%s %s %s: status %d, want %d: %.300s", c.site, c.method, c.target, res.StatusCode, c.status, body)
			continue
		}
		path, _, _ := strings.Cut(c.target, "?")
		if err := contract.check(c.method, path, res.StatusCode, res.Header.Get("Content-Type"), body); err != nil {
			t.Errorf("%s: %v", c.site, err)
		}
		tmpl, _ := contract.route(path)
		checked[c.method+" "+tmpl] = true
	}
	// Every described operation is called at least once, so a new endpoint
	// comes with its check.
	for tmpl, item := range contract.doc["paths"].(map[string]any) {
		for method := range item.(map[string]any) {
			op := strings.ToUpper(method) + " " + tmpl
			if method != "parameters" && !checked[op] {
				t.Errorf("%s is described but not checked here", op)
			}
		}
	}
}

// The contract check can fail: an answer with a field of the wrong type, or
// without a required one, does not pass, nor does an undescribed status.
func TestContractCheckRefusesAWrongAnswer(t *testing.T) {
	t.Parallel()
	contract := readContract(t)
	const ct = "application/json"
	good := `{"postcode":"4000","state":"QLD","localities":["Brisbane"],"lat":-27.47,"lng":153.02}`
	if err := contract.check("GET", "/api/postcodes/4000", 200, ct, []byte(good)); err != nil {
		t.Fatalf("a good answer fails: %v", err)
	}
	for name, c := range map[string]struct {
		path   string
		status int
		body   string
	}{
		"wrong type":               {"/api/postcodes/4000", 200, strings.Replace(good, `"lat":-27.47`, `"lat":"-27.47"`, 1)},
		"required field missing":   {"/api/postcodes/4000", 200, strings.Replace(good, `"state":"QLD",`, "", 1)},
		"error without its code":   {"/api/postcodes/4000", 404, `{"error":{"message":"Invalid postcode"}}`},
		"unknown error code":       {"/api/me", 401, `{"error":{"code":"nope","message":"Signed out."}}`},
		"hit with a string price":  {"/api/cars/x/similar", 200, `{"hits":[{"id":1,"price":"1"}]}`},
		"status not described":     {"/api/me", 418, `{}`},
		"path not described":       {"/api/no-such-thing", 200, `{}`},
		"search without its count": {"/api/search", 200, `{"hits":[],"total":0,"page":1,"pages":0,"hits_per_page":21,"facets":{},"stats":{},"promo_cards":null,"query":{"text":"","page":1,"sort":"","refinements":{},"ranges":{}},"path":"/search","canonical":"/search","ms":0}`},
	} {
		if err := contract.check("GET", c.path, c.status, ct, []byte(c.body)); err == nil {
			t.Errorf("%s: the check passed %s", name, c.body)
		}
	}
}
