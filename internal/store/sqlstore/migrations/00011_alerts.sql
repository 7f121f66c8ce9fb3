-- Alerts by SMS (docs/behaviour/http.md#saved-search-alerts): each saved search's
-- alert setting, when it last sent one and the newest match it has told
-- of; each buyer's price-drop setting and the last price change told of;
-- the alerts claimed (one row per alert, its key unique per site, so each
-- is sent once whichever node notices the change); and the stop links,
-- kept as the sha256 of their token.

-- +goose Up
ALTER TABLE saved_searches ADD COLUMN alert TEXT NOT NULL DEFAULT 'daily';
ALTER TABLE saved_searches ADD COLUMN alerted_at {{.OptionalTime}};
ALTER TABLE saved_searches ADD COLUMN alerted_through {{.OptionalTime}};

ALTER TABLE users ADD COLUMN price_drops_off {{.Flag}};
ALTER TABLE users ADD COLUMN price_drops_through {{.Int}} NOT NULL DEFAULT 0;
-- Price changes made before alerts existed are not news.
UPDATE users SET price_drops_through = COALESCE((SELECT max(id) FROM car_price_changes), 0);

CREATE TABLE sent_alerts (
    site TEXT NOT NULL,
    claim_key TEXT NOT NULL,
    kind TEXT NOT NULL,
    sent_at {{.Time}} NOT NULL,
    PRIMARY KEY (site, claim_key)
);

CREATE TABLE alert_stops (
    token_hash TEXT PRIMARY KEY,
    site TEXT NOT NULL,
    kind TEXT NOT NULL,
    user_id {{.Int}} NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    search_id {{.Int}} NOT NULL DEFAULT 0,
    resume TEXT NOT NULL DEFAULT '',
    created_at {{.Time}} NOT NULL
);

-- +goose Down
DROP TABLE alert_stops;
DROP TABLE sent_alerts;
ALTER TABLE users DROP COLUMN price_drops_through;
ALTER TABLE users DROP COLUMN price_drops_off;
ALTER TABLE saved_searches DROP COLUMN alerted_through;
ALTER TABLE saved_searches DROP COLUMN alerted_at;
ALTER TABLE saved_searches DROP COLUMN alert;
