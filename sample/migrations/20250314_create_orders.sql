-- Orders get UUID v7 keys: time-ordered, so inserts append to the primary-key index.
CREATE TABLE orders (
  id          uuid PRIMARY KEY,
  customer_id text NOT NULL,           -- TypeID, e.g. user_01je37v7t0en38ahtdbnyg2sbz
  mongo_id    char(24),                -- ObjectId of the archived document
  created_at  timestamptz NOT NULL
);

INSERT INTO orders (id, customer_id, mongo_id, created_at) VALUES
  ('0195941a-adb2-75b4-9b96-4f356f00ece9', 'user_01je37v7t0en38ahtdbnyg2sbz', '67d358e45363d0ec7963ee0f', '2025-03-14T10:02:11.250Z'),
  ('0195941a-adb2-75b4-9b96-4f356f00ecea', 'user_01je37v7t0en38ahtdbnyg2sbz', '67d358e45363d0ec7963ee10', '2025-03-14T10:02:11.250Z'),
  ('0195941d-e874-7779-9a0a-810cf111103d', 'user_01jmcz5nq0eezbb0vr4enpnnec', NULL, '2025-03-14T10:05:42.900Z');

-- Orders of 09:00-12:00 UTC that day, by key range instead of a created_at index
-- ("Idsmith: Insert Time-Window Bounds" writes such a block):
SELECT * FROM orders
WHERE id BETWEEN '019593e1-be80-7000-8000-000000000000' AND '01959486-89ff-7fff-bfff-ffffffffffff';

-- Sessions keyed by ULID
CREATE TABLE sessions (id char(26) PRIMARY KEY, user_id text NOT NULL);
INSERT INTO sessions VALUES ('01JP9ZMPY0TZPRF7XHYC4P4SY4', 'user_01je37v7t0en38ahtdbnyg2sbz');
