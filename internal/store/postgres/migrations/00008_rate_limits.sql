-- +goose Up
-- Token buckets shared by every node: one row per key holds the time
-- (microseconds since 1970) at which the key's bucket is full again.
CREATE TABLE rate_limits (
    key text PRIMARY KEY,
    tat bigint NOT NULL
);

-- +goose Down
DROP TABLE rate_limits;
