-- Trade-in valuations kept through POST /api/miscellaneous, per site.

-- +goose Up
CREATE TABLE valuation_records (
    id {{.Serial}},
    site TEXT NOT NULL,
    column_name TEXT NOT NULL,
    lead_id TEXT NOT NULL DEFAULT '',
    data {{.JSON}} NOT NULL,
    created_at {{.Time}} NOT NULL
);
CREATE INDEX valuation_records_site ON valuation_records (site, created_at);

-- +goose Down
DROP TABLE valuation_records;
