-- Phone sign-in: one-time codes (hashed, one live code per number and
-- site), saved searches, and the signed-in phone a lead was sent with, so
-- the visitor's garage lists their enquiries. Users, sessions and the
-- watchlist have tables since the first migration.

-- +goose Up
CREATE TABLE sign_in_codes (
    site TEXT NOT NULL,
    phone TEXT NOT NULL,
    hash TEXT NOT NULL,
    salt TEXT NOT NULL,
    tries INTEGER NOT NULL DEFAULT 0,
    created_at {{.Time}} NOT NULL,
    expires_at {{.Time}} NOT NULL,
    PRIMARY KEY (site, phone)
);

CREATE TABLE saved_searches (
    id {{.Identity}},
    site TEXT NOT NULL,
    user_id {{.Int}} NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    path TEXT NOT NULL,
    query TEXT NOT NULL,
    created_at {{.Time}} NOT NULL,
    last_seen_at {{.Time}} NOT NULL
);
CREATE INDEX saved_searches_site_user ON saved_searches (site, user_id);

CREATE INDEX sessions_site_expires ON sessions (site, expires_at);

ALTER TABLE leads ADD COLUMN user_phone TEXT NOT NULL DEFAULT '';
CREATE INDEX leads_site_user_phone ON leads (site, user_phone) WHERE user_phone <> '';

-- +goose Down
DROP INDEX leads_site_user_phone;
ALTER TABLE leads DROP COLUMN user_phone;
DROP INDEX sessions_site_expires;
DROP TABLE saved_searches;
DROP TABLE sign_in_codes;
