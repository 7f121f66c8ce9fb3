package sitepages

import (
	"bytes"
	"html/template"
	"strings"
)

// headTemplate draws a page's head. JSON-LD is encoded by the template
// (<, > and & escaped, so the data cannot close the script element); the
// app's styles and the site's theme sit in the page, so nothing blocks the
// first paint but the HTML itself.
var headTemplate = template.Must(template.New("head").Parse(
	`<title>{{.Head.Title}}</title>
<meta name="description" content="{{.Head.Description}}">
<link rel="canonical" href="{{.Head.Canonical}}">
<meta property="og:title" content="{{.Head.Title}}">
<meta property="og:description" content="{{.Head.Description}}">
<meta property="og:url" content="{{.Head.Canonical}}">
<meta property="og:type" content="{{.Head.Type}}">
{{with .Head.Image}}<meta property="og:image" content="{{.}}">
<meta name="twitter:card" content="summary_large_image">
{{end}}{{with .Head.JSONLD}}<script type="application/ld+json">{{.}}</script>
{{end}}<style {{.NonceAttr "nonce"}}>{{.Styles}}</style>
{{template "preload" .Head.Preload}}{{if and .Head.DataPreload (not .Drawn)}}<link rel="preload" as="fetch" href="{{.Head.DataPreload}}" crossorigin="anonymous">
{{end}}<meta name="csp-nonce" {{.NonceAttr "content"}}>
{{- define "preload"}}{{range .}}<link rel="preload" as="image" href="{{.Href}}"{{with .Media}} media="{{.}}"{{end}}{{with .SrcSetAttr}} {{.}}{{end}}{{with .Sizes}} imagesizes="{{.}}"{{end}} fetchpriority="high">
{{end}}{{end}}`))

type headData struct {
	Head   Head
	Styles template.CSS
	Drawn  bool
	nonce  string
}

// NonceAttr is the attribute name="nonce". The nonce is our own base64,
// which needs no escaping; written as is, it reads the same in the HTML as
// in the Content-Security-Policy header (the template would write + as &#43;).
func (d headData) NonceAttr(name string) template.HTMLAttr {
	return template.HTMLAttr(name + `="` + d.nonce + `"`)
}

// Render draws the head; styles are the page's CSS (theme.PageStyles), nonce
// the response's CSP nonce, and drawn tells a page drawn on the server.
func (h Head) Render(styles []byte, nonce string, drawn bool) []byte {
	var b bytes.Buffer
	err := headTemplate.Execute(&b, headData{Head: h, Styles: template.CSS(styles), nonce: nonce, Drawn: drawn})
	if err != nil {
		// Only a defect in the template fails; the page still works
		// without its head.
		return nil
	}
	return b.Bytes()
}

// preloadMarkup is the links of preloads as the head writes them.
func preloadMarkup(ps []ImagePreload) string {
	var b strings.Builder
	_ = headTemplate.ExecuteTemplate(&b, "preload", ps)
	return strings.TrimSuffix(b.String(), "\n")
}
