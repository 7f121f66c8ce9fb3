-- A stop link works once and for 90 days
-- (docs/behaviour/http.md#alert-stop-links): spent marks one used. A
-- one-time code remembers who asked for it, as a hash of the visitor's
-- address, so that address may always try it
-- (docs/behaviour/http.md#otp-per-address).

-- +goose Up
ALTER TABLE alert_stops ADD COLUMN spent {{.Flag}};
ALTER TABLE sign_in_codes ADD COLUMN asked_from TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE sign_in_codes DROP COLUMN asked_from;
ALTER TABLE alert_stops DROP COLUMN spent;
