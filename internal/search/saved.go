package search

import (
	"net/url"
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
	if !strings.HasPrefix(in.Path, "/") || len(in.Path) > 300 {
		fields["path"] = MsgSavedSearchPath
	} else if _, err := ParseListing(in.Path, values, vocab); err != nil && catalog.ErrorCode(err) == catalog.ENotFound {
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
	return in, nil
}
