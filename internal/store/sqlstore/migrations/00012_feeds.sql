-- Scheduled stock feeds: each site's feed state between runs (the source's
-- validators, the last attempt and its counts), and the lease that lets
-- one node at a time pull a site's feed (a row while someone holds or
-- held it; released, it is gone).

-- +goose Up
CREATE TABLE feed_states (
    site TEXT PRIMARY KEY,
    etag TEXT NOT NULL DEFAULT '',
    last_modified TEXT NOT NULL DEFAULT '',
    last_attempt {{.OptionalTime}},
    last_success {{.OptionalTime}},
    last_error TEXT NOT NULL DEFAULT '',
    suspect {{.Flag}},
    row_count INTEGER NOT NULL DEFAULT 0,
    added INTEGER NOT NULL DEFAULT 0,
    updated INTEGER NOT NULL DEFAULT 0,
    sold INTEGER NOT NULL DEFAULT 0,
    rejected INTEGER NOT NULL DEFAULT 0,
    unchanged {{.Flag}},
    content_hash TEXT NOT NULL DEFAULT ''
);

CREATE TABLE feed_leases (
    site TEXT PRIMARY KEY,
    owner TEXT NOT NULL,
    lease_until {{.Time}} NOT NULL
);

-- +goose Down
DROP TABLE feed_leases;
DROP TABLE feed_states;
