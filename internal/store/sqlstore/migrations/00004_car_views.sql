-- Views and phone reveals per car, counted per site (car ids are unique
-- across sites, the site keeps every query scoped).

-- +goose Up
CREATE TABLE car_views (
    site TEXT NOT NULL,
    car_id {{.Int}} NOT NULL,
    views {{.Int}} NOT NULL DEFAULT 0,
    call_reveals {{.Int}} NOT NULL DEFAULT 0,
    PRIMARY KEY (site, car_id)
);

-- +goose Down
DROP TABLE car_views;
