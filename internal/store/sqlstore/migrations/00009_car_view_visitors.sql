-- Who has viewed a car today: a view counts once per visitor address per
-- car per day (UTC), on every node alike. The visitor is a hash of the
-- address, never the address itself; past days are cleared as views come.

-- +goose Up
CREATE TABLE car_view_visitors (
    site TEXT NOT NULL,
    car_id {{.Int}} NOT NULL,
    day TEXT NOT NULL,
    visitor TEXT NOT NULL,
    PRIMARY KEY (site, car_id, day, visitor)
);

-- +goose Down
DROP TABLE car_view_visitors;
