-- Every table carries the site; every query filters by it. The full entity
-- is kept as JSON in data; real columns exist only for lookups and
-- constraints.

-- +goose Up
CREATE TABLE dealerships (
    site TEXT NOT NULL,
    id {{.Int}} NOT NULL,
    slug TEXT NOT NULL DEFAULT '',
    data {{.JSON}} NOT NULL,
    PRIMARY KEY (site, id)
);

CREATE TABLE locations (
    site TEXT NOT NULL,
    id {{.Int}} NOT NULL,
    slug TEXT NOT NULL DEFAULT '',
    dealership_id {{.Int}} NOT NULL DEFAULT 0,
    data {{.JSON}} NOT NULL,
    PRIMARY KEY (site, id)
);

CREATE TABLE reviews (
    site TEXT NOT NULL,
    id {{.Int}} NOT NULL,
    location_id {{.Int}} NOT NULL DEFAULT 0,
    review_date {{.OptionalTime}},
    data {{.JSON}} NOT NULL,
    PRIMARY KEY (site, id)
);

CREATE TABLE models (
    site TEXT NOT NULL,
    id {{.Int}} NOT NULL,
    slug TEXT NOT NULL DEFAULT '',
    make TEXT NOT NULL DEFAULT '',
    data {{.JSON}} NOT NULL,
    PRIMARY KEY (site, id)
);

-- Car ids are unique across sites and never reused, even one given
-- explicitly by a feed (the store hands out ids above every id seen).
CREATE TABLE cars (
    id {{.Identity}},
    site TEXT NOT NULL,
    slug TEXT NOT NULL,
    stocknum TEXT NOT NULL DEFAULT '',
    vin TEXT NOT NULL DEFAULT '',
    status TEXT NOT NULL DEFAULT '',
    show_on_dealer_website {{.Flag}},
    make TEXT NOT NULL DEFAULT '',
    car_type TEXT NOT NULL DEFAULT '',
    price {{.Int}} NOT NULL DEFAULT 0,
    updated_at {{.OptionalTime}},
    data {{.JSON}} NOT NULL,
    UNIQUE (site, slug)
);
CREATE INDEX cars_site_stocknum ON cars (site, stocknum);
CREATE INDEX cars_site_vin ON cars (site, vin);
CREATE INDEX cars_site_status ON cars (site, status);

CREATE TABLE leads (
    id TEXT PRIMARY KEY,
    site TEXT NOT NULL,
    idempotency_key TEXT NOT NULL DEFAULT '',
    category TEXT NOT NULL DEFAULT '',
    email TEXT NOT NULL DEFAULT '',
    phone TEXT NOT NULL DEFAULT '',
    car_id {{.Int}} NOT NULL DEFAULT 0,
    created_at {{.Time}} NOT NULL,
    data {{.JSON}} NOT NULL
);
-- A retried submit with the same key finds the first lead, never a second.
CREATE UNIQUE INDEX leads_site_idempotency_key ON leads (site, idempotency_key) WHERE idempotency_key <> '';
CREATE INDEX leads_site_created_at ON leads (site, created_at);

CREATE TABLE users (
    id {{.Identity}},
    site TEXT NOT NULL,
    phone TEXT NOT NULL,
    created_at {{.Time}} NOT NULL,
    UNIQUE (site, phone)
);

CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,
    site TEXT NOT NULL,
    user_id {{.Int}} NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at {{.Time}} NOT NULL,
    expires_at {{.Time}} NOT NULL
);
CREATE INDEX sessions_site_user ON sessions (site, user_id);

CREATE TABLE watchlist (
    site TEXT NOT NULL,
    user_id {{.Int}} NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    car_id {{.Int}} NOT NULL REFERENCES cars (id) ON DELETE CASCADE,
    created_at {{.Time}} NOT NULL,
    PRIMARY KEY (site, user_id, car_id)
);

-- +goose Down
DROP TABLE watchlist;
DROP TABLE sessions;
DROP TABLE users;
DROP TABLE leads;
DROP TABLE cars;
DROP TABLE models;
DROP TABLE reviews;
DROP TABLE locations;
DROP TABLE dealerships;
