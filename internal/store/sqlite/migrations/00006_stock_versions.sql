-- +goose Up
-- One row a site, bumped in every transaction that saves cars, so a running
-- server notices stock written by another process (an import) and rebuilds
-- its search index. PostgreSQL tells its nodes with NOTIFY instead.
CREATE TABLE stock_versions (
    site    TEXT PRIMARY KEY,
    version INTEGER NOT NULL
);

-- +goose Down
DROP TABLE stock_versions;
