-- Trade-in valuations kept through POST /api/miscellaneous, per site.

-- +goose Up
CREATE TABLE valuation_records (
    id BIGSERIAL PRIMARY KEY,
    site TEXT NOT NULL,
    column_name TEXT NOT NULL,
    lead_id TEXT NOT NULL DEFAULT '',
    data JSONB NOT NULL,
    created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX valuation_records_site ON valuation_records (site, created_at);

-- +goose Down
DROP TABLE valuation_records;
