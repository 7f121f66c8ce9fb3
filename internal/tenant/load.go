package tenant

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"math"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"
	"unicode"
	// Site time zones must resolve on hosts without a zoneinfo database.
	_ "time/tzdata"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"

	"forecourt/internal/colour"
	"forecourt/tenants"
)

// Problem is one thing wrong with a site config, pinned to a source line.
type Problem struct {
	File    string
	Line    int
	Field   string // dotted path, e.g. theme.colors.primary; "" for the whole file
	Message string
}

func (p Problem) String() string {
	if p.Field == "" {
		return fmt.Sprintf("%s:%d: %s", p.File, p.Line, p.Message)
	}
	return fmt.Sprintf("%s:%d: %s: %s", p.File, p.Line, p.Field, p.Message)
}

// ConfigError lists every problem found across all site files, so one run
// of `tenants check` shows everything to fix.
type ConfigError struct {
	Problems []Problem
}

func (e *ConfigError) Error() string {
	return strings.Join(e.Lines(), "\n")
}

// Lines is one "file:line: field: message" line per problem.
func (e *ConfigError) Lines() []string {
	out := make([]string, len(e.Problems))
	for i, p := range e.Problems {
		out[i] = p.String()
	}
	return out
}

// Load reads every *.yaml at the root of fsys; problems name files by their
// path within fsys.
func Load(fsys fs.FS) (*Registry, error) {
	return load(fsys, "")
}

// LoadDir reads every *.yaml in dir (the --tenants flag); problems name
// files as dir/file.yaml.
func LoadDir(dir string) (*Registry, error) {
	return load(os.DirFS(dir), dir)
}

// LoadEmbedded reads the demo sites built into the binary.
func LoadEmbedded() (*Registry, error) {
	return load(tenants.FS, "tenants")
}

// Check returns one line per problem in the configs of fsys (nil when all
// are valid), for the `tenants check` command.
func Check(fsys fs.FS) []string { return lines(Load(fsys)) }

// CheckDir is Check for a directory on disk.
func CheckDir(dir string) []string { return lines(LoadDir(dir)) }

// CheckEmbedded is Check for the demo sites built into the binary.
func CheckEmbedded() []string { return lines(LoadEmbedded()) }

func lines(_ *Registry, err error) []string {
	if err == nil {
		return nil
	}
	if ce, ok := err.(*ConfigError); ok {
		return ce.Lines()
	}
	return []string{err.Error()}
}

func load(fsys fs.FS, base string) (*Registry, error) {
	names, err := fs.Glob(fsys, "*.yaml")
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	if len(names) == 0 {
		display := base
		if display == "" {
			display = "."
		}
		return nil, &ConfigError{Problems: []Problem{{File: display, Line: 0, Message: "no *.yaml site configs found"}}}
	}
	var problems []Problem
	type loaded struct {
		site *Site
		doc  *document
	}
	var sites []loaded
	for _, name := range names {
		display := name
		if base != "" {
			display = filepath.ToSlash(path.Join(filepath.ToSlash(base), name))
		}
		src, err := fs.ReadFile(fsys, name)
		if err != nil {
			problems = append(problems, Problem{File: display, Message: err.Error()})
			continue
		}
		site, doc := parseSite(display, src)
		problems = append(problems, doc.problems...)
		if site != nil {
			sites = append(sites, loaded{site, doc})
		}
	}

	// Slugs and domains pick the site for a request, so they must be unique
	// across files.
	slugOwner := map[string]string{}
	hostOwner := map[string]string{}
	for _, l := range sites {
		s := l.site
		if prev, ok := slugOwner[s.Slug]; ok {
			problems = append(problems, Problem{File: s.File, Line: l.doc.lineFor("/slug"), Field: "slug",
				Message: fmt.Sprintf("duplicate slug %q (also in %s)", s.Slug, prev)})
		} else {
			slugOwner[s.Slug] = s.File
		}
		for i, d := range s.Domains {
			if prev, ok := hostOwner[d]; ok {
				problems = append(problems, Problem{File: s.File, Line: l.doc.lineFor(fmt.Sprintf("/domains/%d", i)),
					Field: fmt.Sprintf("domains[%d]", i), Message: fmt.Sprintf("duplicate domain %q (also in %s)", d, prev)})
			} else {
				hostOwner[d] = s.File
			}
		}
	}

	if len(problems) > 0 {
		sort.SliceStable(problems, func(i, j int) bool {
			a, b := problems[i], problems[j]
			if a.File != b.File {
				return a.File < b.File
			}
			if a.Line != b.Line {
				return a.Line < b.Line
			}
			return a.Field < b.Field
		})
		return nil, &ConfigError{Problems: problems}
	}
	set := &siteSet{bySlug: map[string]*Site{}, byDomain: map[string]*Site{}}
	all := sha256.New()
	for _, l := range sites {
		set.sites = append(set.sites, l.site)
		set.bySlug[l.site.Slug] = l.site
		for _, d := range l.site.Domains {
			set.byDomain[d] = l.site
		}
		fmt.Fprintf(all, "%s\x00%s\x00", path.Base(l.site.File), l.site.Hash)
	}
	set.hash = hex.EncodeToString(all.Sum(nil))
	slices.SortFunc(set.sites, func(a, b *Site) int { return strings.Compare(a.Slug, b.Slug) })
	r := &Registry{}
	r.cur.Store(set)
	return r, nil
}

// parseSite validates one file and, when it is valid, returns the Site
// with defaults applied. The document always comes back for its problems
// and line table.
func parseSite(file string, src []byte) (*Site, *document) {
	doc := parseDocument(file, src)
	if len(doc.problems) > 0 {
		return nil, doc
	}
	sch, raw := siteSchema()
	if err := sch.Validate(doc.value); err != nil {
		ve, ok := err.(*jsonschema.ValidationError)
		if !ok {
			doc.problems = append(doc.problems, Problem{File: file, Line: 1, Message: err.Error()})
			return nil, doc
		}
		doc.schemaProblems(ve)
		return nil, doc
	}
	applyDefaults(raw, raw, doc.value)
	var site Site
	buf, err := json.Marshal(doc.value)
	if err == nil {
		dec := json.NewDecoder(bytes.NewReader(buf))
		dec.DisallowUnknownFields()
		err = dec.Decode(&site)
	}
	if err != nil {
		// The schema mirrors site.go, so this means the two have drifted.
		doc.problems = append(doc.problems, Problem{File: file, Line: 1, Message: "schema and Site struct disagree: " + err.Error()})
		return nil, doc
	}
	site.File = file
	sum := sha256.Sum256(src)
	site.Hash = hex.EncodeToString(sum[:])
	doc.checkRules(&site)
	if len(doc.problems) > 0 {
		return nil, doc
	}
	// One number per place: without phones.main the site's number is its
	// main location's, so the header, the pages and the location box agree.
	if site.Phones.Main == "" {
		if l, ok := site.MainLocation(); ok {
			site.Phones.Main = l.Phone
		}
	}
	return &site, doc
}

var printer = message.NewPrinter(language.English)

// schemaProblems turns the validator's tree of errors into one problem per
// leaf, each at the line of the offending key.
func (d *document) schemaProblems(ve *jsonschema.ValidationError) {
	if len(ve.Causes) > 0 {
		for _, c := range ve.Causes {
			d.schemaProblems(c)
		}
		return
	}
	ptr := ""
	for _, tok := range ve.InstanceLocation {
		ptr += "/" + escapePointer(tok)
	}
	add := func(ptr string, line int, msg string) {
		d.problems = append(d.problems, Problem{File: d.file, Line: line, Field: fieldName(ptr), Message: msg})
	}
	switch k := ve.ErrorKind.(type) {
	case *kind.AdditionalProperties:
		for _, p := range k.Properties {
			child := ptr + "/" + escapePointer(p)
			add(child, d.lineFor(child), "unknown field")
		}
	case *kind.Required:
		for _, p := range k.Missing {
			add(ptr+"/"+escapePointer(p), d.lineFor(ptr), "missing required field")
		}
	case *kind.Type:
		got := k.Got
		if got == "integer" {
			got = "number"
		}
		add(ptr, d.lineFor(ptr), fmt.Sprintf("expected %s, got %s", strings.Join(k.Want, " or "), got))
	case *kind.Enum:
		want := make([]string, len(k.Want))
		for i, w := range k.Want {
			want[i] = quoteJSON(w)
		}
		add(ptr, d.lineFor(ptr), fmt.Sprintf("%s is not one of %s", quoteJSON(k.Got), strings.Join(want, ", ")))
	case *kind.Pattern:
		add(ptr, d.lineFor(ptr), fmt.Sprintf("%q does not match %s", k.Got, k.Want))
	default:
		add(ptr, d.lineFor(ptr), ve.ErrorKind.LocalizedString(printer))
	}
}

func quoteJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

// checkRules are the rules a schema cannot say clearly: they relate fields
// to each other or to the outside world.
func (d *document) checkRules(s *Site) {
	bad := func(ptr, msg string) {
		d.problems = append(d.problems, Problem{File: d.file, Line: d.lineFor(ptr), Field: fieldName(ptr), Message: msg})
	}
	if want := map[string]string{"AU": "AUD", "NZ": "NZD"}[s.Country]; s.Currency != want {
		bad("/currency", fmt.Sprintf("a %s site uses %s, not %s", s.Country, want, s.Currency))
	}
	if _, err := time.LoadLocation(s.Timezone); err != nil || s.Timezone == "Local" {
		bad("/timezone", fmt.Sprintf("unknown time zone %q", s.Timezone))
	}
	for i, dom := range s.Domains {
		if strings.HasSuffix(dom, ".localhost") || dom == "localhost" {
			bad(fmt.Sprintf("/domains/%d", i), "every site already answers on {slug}.localhost; list public domains only")
		}
	}
	// docs/behaviour/screens.md#focus-ring: every surface gets a focus ring
	// and control edges that stand out on it.
	for _, f := range colour.Check(s.Theme.Colors) {
		bad("/theme/colors/"+f.On, fmt.Sprintf("no --%s colour reaches %.0f:1 on %s %s (%s has %.2f:1); bring the theme's surfaces closer in lightness",
			f.Token, colour.NonText, f.On, f.Surface, f.Colour, f.Ratio))
	}
	// A number the site shows is a location's number: the header saying one
	// number and the location box another gives a buyer two answers.
	if len(s.Locations) > 0 {
		var known []string
		for _, l := range s.Locations {
			known = append(known, phoneDigits(l.Phone), phoneDigits(l.Landline))
		}
		check := func(ptr, number string) {
			if number != "" && !slices.Contains(known, phoneDigits(number)) {
				bad(ptr, fmt.Sprintf("%q is no location's phone; leave it out to use the main location's, or name a location's number", number))
			}
		}
		check("/phones/main", s.Phones.Main)
		for _, t := range slices.Sorted(maps.Keys(s.Phones.ByCarType)) {
			check("/phones/by_car_type/"+t, s.Phones.ByCarType[t])
		}
	}
	// docs/behaviour/validation.md: the enquiry category selector defaults to it.
	if !slices.Contains(s.Wording.EnquiryCategories, DefaultEnquiryCategory) {
		bad("/wording/enquiry_categories", fmt.Sprintf("must include %q, the selector's default", DefaultEnquiryCategory))
	}
	// The new tag marks stock added in the last few days, on any car: a
	// name that reads as the car's condition would call a used car new.
	if word := conditionWord(s.Wording.NewTagName); word != "" {
		bad("/wording/new_tag_name", fmt.Sprintf("%q reads as the car's condition (%s); the tag means recently added, e.g. %q", s.Wording.NewTagName, word, "Just Arrived"))
	}
	// A brand's marketing paragraph is shown as written: plain text, so a
	// tag in it would show as characters, not markup.
	for _, mk := range slices.Sorted(maps.Keys(s.Wording.BrandDescriptions)) {
		if strings.ContainsAny(s.Wording.BrandDescriptions[mk], "<>") {
			bad("/wording/brand_descriptions/"+mk, "must be plain text: no < or > (markup is not shown as markup)")
		}
	}
	// A link to the contact form may choose its enquiry type (a footer's
	// "Delivery Quote"); a type the site does not list would open the form
	// on another one.
	var links func(ptr string, ls []Link)
	links = func(ptr string, ls []Link) {
		for i, l := range ls {
			at := fmt.Sprintf("%s/%d", ptr, i)
			if cat, ok := contactCategory(l.Href); ok && !slices.Contains(s.Wording.EnquiryCategories, cat) {
				bad(at+"/href", fmt.Sprintf("%q is not one of wording.enquiry_categories", cat))
			}
			links(at+"/children", l.Children)
		}
	}
	links("/navigation/header", s.Navigation.Header)
	for i, g := range s.Navigation.Footer {
		links(fmt.Sprintf("/navigation/footer/%d/links", i), g.Links)
	}
	links("/home/feature_links", s.Home.FeatureLinks)
	// A gate sends the visitor to /sign-in, so the site must offer it.
	if _, ok := s.PageFor("/sign-in"); !ok {
		for _, g := range []struct {
			on  bool
			ptr string
		}{{s.Features.CheckoutSignIn, "/features/checkout_sign_in"}, {s.Features.FinanceSignIn, "/features/finance_sign_in"}} {
			if g.on {
				bad(g.ptr, "asks for sign-in, but the site's pages do not list /sign-in")
			}
		}
	}
	// A car page offers one way to buy online; both would lead to two
	// near-identical forms for the same car.
	if s.Features.BuyOnline && s.Features.CheckoutJourney {
		bad("/features/checkout_journey", "is on with buy_online; a car page offers one way to buy online, so turn one off")
	}
	// The certified tag names its makes in config; on with none it would show nothing.
	if s.Features.CertifiedBadge && len(s.Tags.CertifiedTagMakes) == 0 {
		bad("/features/certified_badge", "is on, but tags.certified_tag_makes names no make")
	}
	f := s.Finance
	for _, r := range []struct {
		name string
		rng  Range
		def  float64
		dptr string
	}{
		{"amount", f.Amount, f.DefaultAmount, "default_amount"},
		{"term", f.Term, f.DefaultTerm, "default_term"},
		{"interest", f.Interest, f.DefaultInterest, "default_interest"},
	} {
		if r.rng.Min >= r.rng.Max {
			bad("/finance/"+r.name, fmt.Sprintf("min %g must be below max %g", r.rng.Min, r.rng.Max))
			continue
		}
		if r.def < r.rng.Min || r.def > r.rng.Max {
			bad("/finance/"+r.dptr, fmt.Sprintf("%g is outside the %s range %g–%g", r.def, r.name, r.rng.Min, r.rng.Max))
		}
		if steps := (r.rng.Max - r.rng.Min) / r.rng.Step; math.Abs(steps-math.Round(steps)) > 1e-9 {
			bad("/finance/"+r.name+"/step", fmt.Sprintf("step %g does not divide %g–%g evenly", r.rng.Step, r.rng.Min, r.rng.Max))
		}
	}
	for i, t := range f.TermOptions {
		if t < f.Term.Min || t > f.Term.Max {
			bad(fmt.Sprintf("/finance/term_options/%d", i), fmt.Sprintf("%g is outside the term range %g–%g", t, f.Term.Min, f.Term.Max))
		}
	}
	if r := f.ComparisonRateRange; r != nil && r.From > r.To {
		bad("/finance/comparison_rate_range", fmt.Sprintf("from %g must not be above to %g", r.From, r.To))
	}
	if len(f.TermOptions) > 0 && !slices.Contains(f.TermOptions, f.DefaultTerm) {
		bad("/finance/default_term", fmt.Sprintf("%g is not one of term_options", f.DefaultTerm))
	}
	seen := map[string]bool{}
	for i, d := range s.Leads.Destinations {
		ptr := fmt.Sprintf("/leads/destinations/%d", i)
		if seen[d.Name] {
			bad(ptr+"/name", fmt.Sprintf("duplicate destination name %q", d.Name))
		}
		seen[d.Name] = true
		if w := d.Webhook; w != nil && w.URL == "" && w.URLEnv == "" {
			bad(ptr+"/webhook", "a webhook needs url or url_env")
		}
		if e := d.Email; e != nil && e.SMTPHost == "" && e.SMTPHostEnv == "" {
			bad(ptr+"/email", "an email destination needs smtp_host or smtp_host_env")
		}
	}
	seenPage := map[string]bool{}
	for i, pg := range s.Pages {
		ptr := fmt.Sprintf("/pages/%d", i)
		if seenPage[strings.TrimSuffix(pg.Path, "/")] {
			bad(ptr+"/path", fmt.Sprintf("duplicate page %q", pg.Path))
		}
		seenPage[strings.TrimSuffix(pg.Path, "/")] = true
		if strings.TrimSpace(pg.Content) == "" && len(pg.FAQs) == 0 && pg.Component == "" {
			bad(ptr, "a page needs content, faqs or a component")
		}
		if len(pg.BookingLinks) > 0 && pg.Component != "service" {
			bad(ptr+"/booking_links", "booking links belong to a page with component service")
		}
	}
	d.checkPlaces(s, bad)
	for i, o := range s.Offers {
		checkWindow(bad, fmt.Sprintf("/offers/%d", i), "an offer", o.Every, o.Start, o.Expiry)
	}
	for i, pc := range s.PromoCards {
		checkWindow(bad, fmt.Sprintf("/promo_cards/%d", i), "a promo card", pc.Every, pc.Start, pc.Expiry)
	}
}

// checkWindow checks the dates of an offer or promo card (what) at ptr: a
// monthly one takes none, a yearly one takes MM-DD days (its window may run
// over New Year), any other calendar dates with the expiry not before the
// start.
func checkWindow(bad func(ptr, msg string), ptr, what, every, start, expiry string) {
	switch every {
	case "month":
		if start != "" || expiry != "" {
			bad(ptr+"/every", what+" run every month takes no start or expiry: it ends on each month's last day")
		}
		return
	case "year":
		// A leap day is a valid MM-DD.
		for _, f := range [][2]string{{"start", start}, {"expiry", expiry}} {
			if _, err := time.Parse("2006-01-02", "2000-"+f[1]); err != nil || len(f[1]) != 5 {
				bad(ptr+"/"+f[0], fmt.Sprintf("%q is not a month and day (MM-DD), as %s run every year needs", f[1], what))
			}
		}
		return
	}
	from, err1 := time.Parse(time.DateOnly, start)
	to, err2 := time.Parse(time.DateOnly, expiry)
	if start != "" && err1 != nil {
		bad(ptr+"/start", fmt.Sprintf("%q is not a calendar date (YYYY-MM-DD)", start))
	}
	if expiry != "" && err2 != nil {
		bad(ptr+"/expiry", fmt.Sprintf("%q is not a calendar date (YYYY-MM-DD)", expiry))
	}
	if start != "" && expiry != "" && err1 == nil && err2 == nil && to.Before(from) {
		bad(ptr+"/expiry", fmt.Sprintf("expiry %s is before start %s", expiry, start))
	}
}

// conditionWords are the words that describe a car's condition rather than
// how long it has been in stock, with hyphens and spaces taken out.
var conditionWords = []string{"new", "used", "demo", "demonstrator", "exdemo", "preowned", "secondhand", "brandnew", "unused"}

// conditionWord returns the first word of name that reads as a car's
// condition, or "" when there is none.
func conditionWord(name string) string {
	joined := strings.NewReplacer("-", "", "_", "").Replace(strings.ToLower(name))
	words := strings.FieldsFunc(joined, func(r rune) bool { return !unicode.IsLetter(r) })
	for i, w := range words {
		if slices.Contains(conditionWords, w) {
			return w
		}
		if i+1 < len(words) && slices.Contains(conditionWords, w+words[i+1]) {
			return w + " " + words[i+1]
		}
	}
	return ""
}

// applyDefaults fills keys the YAML leaves out with the schema's "default"
// values, creating parent objects as needed. Working on the parsed value
// (not the struct) keeps an explicit 0 or false distinct from "not given".
func applyDefaults(root, sch map[string]any, v any) {
	sch = resolveRef(root, sch)
	obj, ok := v.(map[string]any)
	if !ok {
		return
	}
	props, _ := sch["properties"].(map[string]any)
	for name, ps := range props {
		psch := resolveRef(root, ps.(map[string]any))
		cur, present := obj[name]
		if !present {
			if def, ok := psch["default"]; ok {
				obj[name] = deepCopy(def)
				continue
			}
			if psch["type"] == "object" && psch["properties"] != nil {
				child := map[string]any{}
				applyDefaults(root, psch, child)
				if len(child) > 0 {
					obj[name] = child
				}
			}
			continue
		}
		applyDefaults(root, psch, cur)
	}
}

func resolveRef(root, sch map[string]any) map[string]any {
	ref, ok := sch["$ref"].(string)
	if !ok || !strings.HasPrefix(ref, "#/$defs/") {
		return sch
	}
	defs, _ := root["$defs"].(map[string]any)
	if target, ok := defs[strings.TrimPrefix(ref, "#/$defs/")].(map[string]any); ok {
		return target
	}
	return sch
}

func deepCopy(v any) any {
	switch v := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, x := range v {
			out[k] = deepCopy(x)
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = deepCopy(x)
		}
		return out
	}
	return v
}

var (
	schemaOnce     sync.Once
	compiledSchema *jsonschema.Schema
	rawSchema      map[string]any
)

// siteSchema compiles tenants/schema.json once. It is the binary's own
// copy: the code and the schema it was built with always agree.
func siteSchema() (*jsonschema.Schema, map[string]any) {
	schemaOnce.Do(func() {
		src, err := fs.ReadFile(tenants.FS, "schema.json")
		if err != nil {
			panic("tenant: schema.json missing from the binary: " + err.Error())
		}
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(src))
		if err != nil {
			panic("tenant: schema.json: " + err.Error())
		}
		c := jsonschema.NewCompiler()
		if err := c.AddResource("schema.json", doc); err != nil {
			panic("tenant: schema.json: " + err.Error())
		}
		compiledSchema, err = c.Compile("schema.json")
		if err != nil {
			panic("tenant: schema.json: " + err.Error())
		}
		if err := json.Unmarshal(src, &rawSchema); err != nil {
			panic("tenant: schema.json: " + err.Error())
		}
	})
	return compiledSchema, rawSchema
}

// contactCategory is the enquiry type a link to the contact form chooses
// (/contact?category=…), if it chooses one.
func contactCategory(href string) (string, bool) {
	u, err := url.Parse(href)
	if err != nil || u.IsAbs() || u.Path != "/contact" || !u.Query().Has("category") {
		return "", false
	}
	return u.Query().Get("category"), true
}

// phoneDigits is a number without its spacing, so "07 3555 0100" and
// "(07) 3555-0100" are the same number.
func phoneDigits(n string) string {
	return strings.Map(func(r rune) rune {
		if (r >= '0' && r <= '9') || r == '+' {
			return r
		}
		return -1
	}, n)
}
