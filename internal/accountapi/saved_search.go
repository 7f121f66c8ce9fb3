package accountapi

import (
	"context"
	"net/http"
	"strconv"
	"time"

	"forecourt/internal/apitypes"
	"forecourt/internal/catalog"
	"forecourt/internal/httpjson"
	"forecourt/internal/search"
	"forecourt/internal/store"
	"forecourt/internal/tenant"
)

// savedSearches answers the visitor's searches with their new matches.
func (s *API) savedSearches(r *http.Request, site *tenant.Site, phone string) ([]apitypes.SavedSearch, error) {
	sctx, cancel := accountCtx(r)
	defer cancel()
	saved, err := s.Store.SavedSearches(sctx, site.Slug, phone)
	if err != nil {
		return nil, err
	}
	st, err := s.Listing.Stock(r.Context(), site)
	if err != nil {
		return nil, err
	}
	out := make([]apitypes.SavedSearch, 0, len(saved))
	for _, ss := range saved {
		out = append(out, toSavedSearch(ss, st.NewMatches(ss.Path, ss.Query, ss.LastSeenAt)))
	}
	return out, nil
}

func toSavedSearch(ss store.SavedSearch, n int) apitypes.SavedSearch {
	return apitypes.SavedSearch{ID: ss.ID, Name: ss.Name, Path: ss.Path, Query: ss.Query,
		CreatedAt: ss.CreatedAt.UTC(), LastSeenAt: ss.LastSeenAt.UTC(), NewMatches: n, Alert: ss.Alert}
}

// SavedSearches is GET /api/saved-searches.
func (s *API) SavedSearches(w http.ResponseWriter, r *http.Request) {
	sess, ok := s.signedIn(w, r)
	if !ok {
		return
	}
	out, err := s.savedSearches(r, tenant.SiteFrom(r.Context()), sess.Phone)
	if err != nil {
		s.accountStoreErr(w, r, err)
		return
	}
	httpjson.Write(w, http.StatusOK, apitypes.SavedSearches{Searches: out})
}

// CreateSavedSearch is POST /api/saved-searches {name, path, query}:
// 201 {"search"}, or 200 with the one kept already when the visitor saved
// the same path and query before; the path must be one of the site's
// listing paths.
func (s *API) CreateSavedSearch(w http.ResponseWriter, r *http.Request) {
	sess, ok := s.signedIn(w, r)
	if !ok {
		return
	}
	site := tenant.SiteFrom(r.Context())
	var in struct {
		Name  string `json:"name"`
		Path  string `json:"path"`
		Query string `json:"query"`
	}
	if !s.Errors.DecodeSmall(w, r, &in, "path", search.MsgSavedSearchPath) {
		return
	}
	st, err := s.Listing.Stock(r.Context(), site)
	if err != nil {
		s.Errors.Write(w, r, err)
		return
	}
	want, err := search.CheckSavedSearch(search.SavedSearch(in), st.Vocab)
	if err != nil {
		s.Errors.Write(w, r, err)
		return
	}
	now := s.Now().UTC().Truncate(time.Microsecond)
	ctx, cancel := accountCtx(r)
	defer cancel()
	// The same search saved again is the one kept already, not a second row.
	held, err := s.Store.SavedSearches(ctx, site.Slug, sess.Phone)
	if err != nil {
		s.accountStoreErr(w, r, err)
		return
	}
	for _, h := range held {
		if h.Path == want.Path && h.Query == want.Query {
			httpjson.Write(w, http.StatusOK, apitypes.SavedSearchCreated{Search: toSavedSearch(h, 0)})
			return
		}
	}
	saved, err := s.Store.CreateSavedSearch(ctx, site.Slug, sess.Phone,
		store.SavedSearch{Name: want.Name, Path: want.Path, Query: want.Query, CreatedAt: now, LastSeenAt: now}, search.MaxSavedSearches)
	if err != nil {
		s.accountStoreErr(w, r, err)
		return
	}
	httpjson.Write(w, http.StatusCreated, apitypes.SavedSearchCreated{Search: toSavedSearch(saved, 0)})
}

// savedSearchID reads {id}; a malformed one is simply not the visitor's.
func savedSearchID(r *http.Request) (int64, error) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id <= 0 {
		return 0, catalog.Errorf(catalog.ENotFound, "No such saved search.")
	}
	return id, nil
}

// DeleteSavedSearch is DELETE /api/saved-searches/{id}: 204, or 404
// when the search is not the visitor's.
func (s *API) DeleteSavedSearch(w http.ResponseWriter, r *http.Request) {
	s.changeSavedSearch(w, r, func(ctx context.Context, site, phone string, id int64) error {
		return s.Store.DeleteSavedSearch(ctx, site, phone, id)
	})
}

// SavedSearchSeen is POST /api/saved-searches/{id}/seen: the visitor
// has looked, so new matches count from now.
func (s *API) SavedSearchSeen(w http.ResponseWriter, r *http.Request) {
	s.changeSavedSearch(w, r, func(ctx context.Context, site, phone string, id int64) error {
		return s.Store.MarkSavedSearchSeen(ctx, site, phone, id, s.Now().UTC().Truncate(time.Microsecond))
	})
}

func (s *API) changeSavedSearch(w http.ResponseWriter, r *http.Request, change func(ctx context.Context, site, phone string, id int64) error) {
	sess, ok := s.signedIn(w, r)
	if !ok {
		return
	}
	id, err := savedSearchID(r)
	if err != nil {
		s.Errors.Write(w, r, err)
		return
	}
	ctx, cancel := accountCtx(r)
	defer cancel()
	if err := change(ctx, tenant.SiteFrom(r.Context()).Slug, sess.Phone, id); err != nil {
		s.accountStoreErr(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
