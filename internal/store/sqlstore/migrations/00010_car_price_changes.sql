-- A car's price history: the price it was first listed at, then one row
-- per save (an import, an edit) that changed its price. Rows are never
-- rewritten; their order of id is the order of the changes.

-- +goose Up
CREATE TABLE car_price_changes (
    id {{.Identity}},
    site TEXT NOT NULL,
    car_id {{.Int}} NOT NULL,
    changed_at {{.Time}} NOT NULL,
    price {{.Int}} NOT NULL
);
CREATE INDEX car_price_changes_car ON car_price_changes (site, car_id, id);

-- +goose Down
DROP TABLE car_price_changes;
