package search

import (
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"

	"forecourt/internal/catalog"
)

// MaxSavedSearches caps one visitor's saved searches on a site.
const MaxSavedSearches = 20

// Messages of a saved search that cannot be kept.
const (
	MsgSavedSearchPath  = "This is not a search page's address."
	MsgSavedSearchQuery = "The search could not be read."
	MsgSavedSearchName  = "Please give the search a name of at most 100 characters."
)

// SavedSearch is a search a visitor asks to keep: a listing path of the
// site and its query string.
type SavedSearch struct {
	Name, Path, Query string
}

// CheckSavedSearch trims a search to keep and checks it against the
// site's vocabulary: a name of at most 100 characters (none is the path),
// one of the site's listing paths and a query it reads. What is wrong is
// an invalid error naming each field.
func CheckSavedSearch(in SavedSearch, vocab Vocabulary) (SavedSearch, error) {
	fields := map[string]string{}
	in.Name = strings.TrimSpace(in.Name)
	in.Path = strings.TrimSpace(in.Path)
	in.Query = strings.TrimPrefix(strings.TrimSpace(in.Query), "?")
	if utf8.RuneCountInString(in.Name) > 100 {
		fields["name"] = MsgSavedSearchName
	}
	values, err := url.ParseQuery(in.Query)
	if err != nil || len(in.Query) > 2000 {
		fields["query"] = MsgSavedSearchQuery
	}
	var q Query
	if !strings.HasPrefix(in.Path, "/") || len(in.Path) > 300 {
		fields["path"] = MsgSavedSearchPath
	} else if q, err = ParseListing(in.Path, values, vocab); err != nil && catalog.ErrorCode(err) == catalog.ENotFound {
		fields["path"] = MsgSavedSearchPath
	} else if err != nil && fields["query"] == "" {
		fields["query"] = catalog.ErrorMessage(err)
	}
	if len(fields) > 0 {
		return SavedSearch{}, &catalog.Error{Code: catalog.EInvalid, Message: "Please fix the following errors:", Fields: fields}
	}
	if in.Name == "" {
		in.Name = in.Path
	}
	in.Name = withBounds(in.Name, q)
	return in, nil
}

// withBounds adds to a search's name what its query narrows that a
// listing's title does not say: the words searched for and the price,
// year and kilometre bounds ("Used Toyota Cars for Sale, up to $50,000").
// The name stays within 100 characters.
func withBounds(name string, q Query) string {
	var parts []string
	if t := strings.TrimSpace(q.Text); t != "" && !strings.Contains(strings.ToLower(name), strings.ToLower(t)) {
		parts = append(parts, "“"+t+"”")
	}
	for _, f := range []struct {
		facet string
		show  func(float64) string
	}{
		{"price", func(v float64) string { return catalog.FormatPrice(int(v)) }},
		{"year", func(v float64) string { return strconv.Itoa(int(v)) }},
		{"km", func(v float64) string { return catalog.FormatKM(int(v)) }},
	} {
		r, ok := q.Ranges[f.facet]
		if !ok {
			continue
		}
		switch {
		case r.Min != nil && r.Max != nil:
			parts = append(parts, f.show(*r.Min)+"–"+f.show(*r.Max))
		case r.Max != nil:
			parts = append(parts, "up to "+f.show(*r.Max))
		case r.Min != nil:
			parts = append(parts, "from "+f.show(*r.Min))
		}
	}
	for _, p := range parts {
		longer := name + ", " + p
		if utf8.RuneCountInString(longer) > 100 {
			break
		}
		name = longer
	}
	return name
}
