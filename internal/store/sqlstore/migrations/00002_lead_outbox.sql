-- Leads get the columns that test-drive slots are looked up by, and a
-- durable outbox: one row per lead and destination, written in the same
-- transaction as the lead.

-- +goose Up
ALTER TABLE leads ADD COLUMN location_id {{.Int}} NOT NULL DEFAULT 0;
ALTER TABLE leads ADD COLUMN appointment_at {{.OptionalTime}};
-- One test drive per slot and location: a second booking is refused.
CREATE UNIQUE INDEX leads_site_appointment ON leads (site, location_id, appointment_at) WHERE appointment_at {{.IsSet}};

CREATE TABLE lead_deliveries (
    id {{.Serial}},
    site TEXT NOT NULL,
    lead_id TEXT NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
    destination TEXT NOT NULL,
    state TEXT NOT NULL DEFAULT 'pending',
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at {{.Time}} NOT NULL,
    last_error TEXT NOT NULL DEFAULT '',
    created_at {{.Time}} NOT NULL,
    delivered_at {{.OptionalTime}},
    UNIQUE (lead_id, destination)
);
CREATE INDEX lead_deliveries_due ON lead_deliveries (state, next_attempt_at);
CREATE INDEX lead_deliveries_site ON lead_deliveries (site, state);

-- +goose Down
DROP TABLE lead_deliveries;
DROP INDEX leads_site_appointment;
ALTER TABLE leads DROP COLUMN appointment_at;
ALTER TABLE leads DROP COLUMN location_id;
