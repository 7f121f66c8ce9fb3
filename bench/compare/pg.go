package compare

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"

	"forecourt/internal/catalog"
	"forecourt/internal/search"
)

// Postgres is the catalogue in one PostgreSQL table, searched the way a
// plain SQL implementation would: a page query with ORDER BY/LIMIT/OFFSET,
// a count, and one GROUP BY per facet, all sent in one round trip.
//
// Where it differs from the index:
//   - Text: words are a tsvector ('simple' configuration, no stemming) with
//     a GIN index, each query word matched by prefix (word:*). Typos: words
//     of five letters or more are first expanded against a table of the
//     catalogue's words by Levenshtein distance 1 (fuzzystrmatch), so like
//     Bleve it forgives neither a swap of neighbouring letters nor doubled
//     letters, which the index does.
//   - No collapsing of sold runs; a page past the end comes back empty.
type Postgres struct {
	conn *pgx.Conn
	cfg  search.Config
}

// arrayFacets hold several values per car; every other facet holds at most one.
var arrayFacets = map[string]bool{"filtered_features": true}

// indexedFacets get a btree index: the facets buyers filter on most.
// Low-cardinality ones (car type, transmission) would not use one.
var indexedFacets = []string{"make", "model", "body", "location_name", "dealership_name"}

func col(facet string) string { return "f_" + facet }

// NewPostgres loads the listed cars into the empty database at url: COPY
// first, then the indexes, then ANALYZE.
func NewPostgres(ctx context.Context, url string, listed []catalog.Car, cfg search.Config) (*Postgres, error) {
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		return nil, err
	}
	p := &Postgres{conn: conn, cfg: cfg}
	if err := p.load(ctx, listed); err != nil {
		conn.Close(ctx)
		return nil, err
	}
	return p, nil
}

func (p *Postgres) load(ctx context.Context, listed []catalog.Car) error {
	names := search.FacetNames()
	var cols []string
	ddl := []string{"id bigint PRIMARY KEY", "rank int NOT NULL", "s_price int NOT NULL", "s_year int NOT NULL",
		"s_km int NOT NULL", "s_created timestamptz NOT NULL", "body_text text NOT NULL"}
	cols = append(cols, "id", "rank", "s_price", "s_year", "s_km", "s_created", "body_text")
	for _, f := range rangeFields {
		ddl = append(ddl, f+" float8") // NULL when the car has none
		cols = append(cols, f)
	}
	for _, n := range names {
		t := "text"
		if arrayFacets[n] {
			t = "text[]"
		}
		ddl = append(ddl, col(n)+" "+t)
		cols = append(cols, col(n))
	}
	ddl = append(ddl, "words tsvector GENERATED ALWAYS AS (to_tsvector('simple', body_text)) STORED")
	stmts := []string{
		"CREATE EXTENSION IF NOT EXISTS fuzzystrmatch",
		"CREATE TABLE cars (" + strings.Join(ddl, ", ") + ")",
		"CREATE TABLE vocab (word text PRIMARY KEY, len int NOT NULL)",
	}
	for _, s := range stmts {
		if _, err := p.conn.Exec(ctx, s); err != nil {
			return fmt.Errorf("%s: %w", s, err)
		}
	}

	rows := make([][]any, 0, len(listed))
	vocab := map[string]bool{}
	for i := range listed {
		c := &listed[i]
		words := search.CarWords(c)
		for _, w := range strings.Fields(words) {
			if lettersOnly(w) && utf8.RuneCountInString(w) >= 4 { // the typo scan's candidates
				vocab[w] = true
			}
		}
		row := []any{c.ID, c.Rank, c.Price, c.Year, c.KM, c.CreatedAt, words}
		for _, f := range rangeFields {
			if v, ok := search.CarNumber(c, p.cfg, f); ok {
				row = append(row, v)
			} else {
				row = append(row, nil)
			}
		}
		fs := search.CarFacets(c, p.cfg)
		for _, n := range names {
			vs := fs[n]
			switch {
			case arrayFacets[n]:
				row = append(row, vs)
			case len(vs) == 0:
				row = append(row, nil)
			case len(vs) == 1:
				row = append(row, vs[0])
			default:
				return fmt.Errorf("facet %s has %d values on car %d; add it to arrayFacets", n, len(vs), c.ID)
			}
		}
		rows = append(rows, row)
	}
	if _, err := p.conn.CopyFrom(ctx, pgx.Identifier{"cars"}, cols, pgx.CopyFromRows(rows)); err != nil {
		return fmt.Errorf("copy cars: %w", err)
	}
	vrows := make([][]any, 0, len(vocab))
	for w := range vocab {
		vrows = append(vrows, []any{w, len([]rune(w))})
	}
	if _, err := p.conn.CopyFrom(ctx, pgx.Identifier{"vocab"}, []string{"word", "len"}, pgx.CopyFromRows(vrows)); err != nil {
		return fmt.Errorf("copy vocab: %w", err)
	}

	idx := []string{
		"CREATE INDEX ON cars USING gin (words)",
		"CREATE INDEX ON cars USING gin (" + col("filtered_features") + ")",
		"CREATE INDEX ON cars (rank DESC, id)",
		"CREATE INDEX ON cars (s_price, rank DESC, id)",
		"CREATE INDEX ON cars (s_year DESC, rank DESC, id)",
		"CREATE INDEX ON cars (s_km, rank DESC, id)",
		"CREATE INDEX ON cars (s_created DESC, rank DESC, id)",
		"CREATE INDEX ON cars (price)",
		"CREATE INDEX ON vocab (len)",
	}
	for _, n := range indexedFacets {
		idx = append(idx, "CREATE INDEX ON cars ("+col(n)+")")
	}
	idx = append(idx, "ANALYZE cars", "ANALYZE vocab")
	for _, s := range idx {
		if _, err := p.conn.Exec(ctx, s); err != nil {
			return fmt.Errorf("%s: %w", s, err)
		}
	}
	return nil
}

// Size is the bytes of both tables with their indexes and TOAST.
func (p *Postgres) Size(ctx context.Context) (int64, error) {
	var n int64
	err := p.conn.QueryRow(ctx, "SELECT pg_total_relation_size('cars') + pg_total_relation_size('vocab')").Scan(&n)
	return n, err
}

// Close ends the connection.
func (p *Postgres) Close() error { return p.conn.Close(context.Background()) }

// where is a WHERE clause under construction with its arguments.
type where struct {
	parts []string
	args  []any
}

func (w *where) add(sql string, args ...any) {
	for _, a := range args {
		w.args = append(w.args, a)
		sql = strings.Replace(sql, "?", fmt.Sprintf("$%d", len(w.args)), 1)
	}
	w.parts = append(w.parts, sql)
}

func (w *where) sql() string {
	if len(w.parts) == 0 {
		return "true"
	}
	return strings.Join(w.parts, " AND ")
}

// Search runs the query: the typo expansion first when the text needs it,
// then the page, the count and every facet's GROUP BY in one batch.
func (p *Postgres) Search(ctx context.Context, q search.Query) (Answer, error) {
	page, per := pageOf(q)
	tsq, err := p.tsquery(ctx, q.Text)
	if err != nil {
		return Answer{}, err
	}
	names := search.FacetNames()
	refined := map[string][]string{}
	for _, n := range names {
		var vs []string
		for _, v := range q.Refinements[n] {
			if v = strings.ToLower(strings.TrimSpace(v)); v != "" && !slices.Contains(vs, v) {
				vs = append(vs, v)
			}
		}
		if len(vs) > 0 {
			refined[n] = vs
		}
	}
	build := func(skip string) *where {
		w := &where{}
		if tsq != "" {
			w.add("words @@ to_tsquery('simple', ?)", tsq)
		}
		for _, f := range rangeFields {
			r, ok := q.Ranges[f]
			if !ok {
				continue
			}
			lo, hi := bound(r.Min, math.Inf(-1)), bound(r.Max, math.Inf(1))
			if lo > hi {
				lo, hi = hi, lo
			}
			switch {
			case !math.IsInf(lo, -1) && !math.IsInf(hi, 1):
				w.add(f+" BETWEEN ? AND ?", lo, hi)
			case !math.IsInf(lo, -1):
				w.add(f+" >= ?", lo)
			case !math.IsInf(hi, 1):
				w.add(f+" <= ?", hi)
			default:
				w.add(f + " IS NOT NULL")
			}
		}
		if p.cfg.ExcludesPriceZero(q.Sort) {
			w.add("price IS NOT NULL")
		}
		for _, n := range names {
			vs, ok := refined[n]
			if !ok || n == skip {
				continue
			}
			if arrayFacets[n] {
				w.add(col(n)+" && ?", vs)
			} else {
				w.add(col(n)+" = ANY(?)", vs)
			}
		}
		return w
	}

	all := build("")
	field, desc := sortKey(q.Sort)
	order := "rank DESC, id"
	if field != "" {
		dir := ""
		if desc {
			dir = " DESC"
		}
		order = field + dir + ", " + order
	}
	batch := &pgx.Batch{}
	var a Answer
	a.Facets = map[string]map[string]int{}
	batch.Queue(fmt.Sprintf("SELECT id FROM cars WHERE %s ORDER BY %s LIMIT %d OFFSET %d", all.sql(), order, per, (page-1)*per), all.args...).
		Query(func(rows pgx.Rows) error {
			ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
			a.IDs = ids
			return err
		})
	// The count carries the numeric stats the index also returns.
	batch.Queue("SELECT count(*), min(price), max(price), min(year), max(year), min(km), max(km), min(weekly_price), max(weekly_price) FROM cars WHERE "+all.sql(), all.args...).
		QueryRow(func(row pgx.Row) error {
			var s [8]*float64
			return row.Scan(&a.Matched, &s[0], &s[1], &s[2], &s[3], &s[4], &s[5], &s[6], &s[7])
		})
	for _, n := range names {
		w := all
		if _, ok := refined[n]; ok {
			w = build(n) // disjunctive: every filter but the facet's own
		}
		var sql string
		if arrayFacets[n] {
			sql = fmt.Sprintf("SELECT v, count(*) FROM cars, unnest(%s) v WHERE %s GROUP BY v", col(n), w.sql())
		} else {
			sql = fmt.Sprintf("SELECT %s, count(*) FROM cars WHERE %s AND %s IS NOT NULL GROUP BY 1", col(n), w.sql(), col(n))
		}
		m := map[string]int{}
		a.Facets[n] = m
		batch.Queue(sql, w.args...).Query(func(rows pgx.Rows) error {
			var v string
			var c int
			_, err := pgx.ForEachRow(rows, []any{&v, &c}, func() error {
				m[v] = c
				return nil
			})
			return err
		})
	}
	if err := p.conn.SendBatch(ctx, batch).Close(); err != nil {
		return Answer{}, err
	}
	return a, nil
}

// tsquery turns the text into a tsquery: every word (AND) by prefix, or
// for words of five letters or more any catalogue word one edit away.
func (p *Postgres) tsquery(ctx context.Context, text string) (string, error) {
	words := search.QueryWords(text)
	if len(words) == 0 {
		return "", nil
	}
	var fuzzy []string
	for _, w := range words {
		if typoTolerant(w) {
			fuzzy = append(fuzzy, w)
		}
	}
	near := map[string][]string{}
	if len(fuzzy) > 0 {
		rows, err := p.conn.Query(ctx, `SELECT q, v.word FROM unnest($1::text[]) q
			JOIN vocab v ON v.len BETWEEN length(q) - 1 AND length(q) + 1 AND levenshtein_less_equal(v.word, q, 1) <= 1`, fuzzy)
		if err != nil {
			return "", err
		}
		var q, v string
		if _, err := pgx.ForEachRow(rows, []any{&q, &v}, func() error {
			near[q] = append(near[q], v)
			return nil
		}); err != nil {
			return "", err
		}
	}
	groups := make([]string, len(words))
	for i, w := range words {
		// Query words are letters and digits only, so they are safe tsquery lexemes.
		alts := append([]string{w + ":*"}, near[w]...)
		groups[i] = "(" + strings.Join(alts, " | ") + ")"
	}
	return strings.Join(groups, " & "), nil
}
