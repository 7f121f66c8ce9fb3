-- Car photos from other servers (a dealer's photo addresses that a site's
-- feed names): one row per site and address, what became of it, and the
-- content key of the stored original once fetched. The key of a row is the
-- site and the sha256 hex of the address: an address may run to a few KB,
-- past what a PostgreSQL btree entry may hold (2704 bytes), so the address
-- itself is kept but not indexed.

-- +goose Up
CREATE TABLE photos (
    site TEXT NOT NULL,
    url_hash TEXT NOT NULL,
    url TEXT NOT NULL,
    status TEXT NOT NULL,
    content_key TEXT NOT NULL DEFAULT '',
    width INTEGER NOT NULL DEFAULT 0,
    height INTEGER NOT NULL DEFAULT 0,
    etag TEXT NOT NULL DEFAULT '',
    last_modified TEXT NOT NULL DEFAULT '',
    reason TEXT NOT NULL DEFAULT '',
    attempts INTEGER NOT NULL DEFAULT 0,
    next_try {{.Time}} NOT NULL,
    fetched_at {{.OptionalTime}},
    seen_at {{.Time}} NOT NULL,
    PRIMARY KEY (site, url_hash)
);

-- The waiting photos due, oldest first.
CREATE INDEX photos_due ON photos (site, status, next_try);
-- A stored original by its content key: to serve it, and whether any
-- site's photo still holds it.
CREATE INDEX photos_content_key ON photos (content_key, site);

-- +goose Down
DROP TABLE photos;
