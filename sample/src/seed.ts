// Seed data for local development. Hover any ID to see when it was made; select one and press
// Ctrl+. (Cmd+. on macOS) to convert it; run "Idsmith: Insert ID" to add new ones.

export const ADMIN_USER_ID = 'user_01je37v7t0en38ahtdbnyg2sbz';
export const DEFAULT_ORG_ID = 'org_01h1t42300ey29cj7tmnyshk9b';

/** Sessions are keyed by ULID, so listing them by key lists them by time. */
export const SESSIONS = [
  '01JP9ZMPY0TZPRF7XHYC4P4SY4',
  '01JP9ZMPY0TZPRF7XHYC4P4SY5',
  '01JP9ZMPY0TZPRF7XHYC4P4SY6',
  '01JPA0ERSW5V2FH8E2STFJSV9T',
];

export const ORDERS = {
  // UUID v7: time-ordered primary keys
  first: '0195941a-adb2-75b4-9b96-4f356f00ece9',
  second: '0195941d-e874-7779-9a0a-810cf111103d',
};

// Imported from the old system, which used UUID v1 (a v6 reordering sorts by time).
export const LEGACY_ORDER_IDS = ['65a23920-00bb-11f0-aa93-73550f3e5fe5', '1ef99444-7035-6000-b600-bf634d0fb0e5'];

export const MONGO_ARCHIVE_ID = '67d358e45363d0ec7963ee0f';
export const DISCORD_CHANNEL_MESSAGE = 1350046344806400000n;
export const NAMESPACED_ID = '96438bb4-5903-578f-ab95-56d8a62a4cb9'; // uuidv5(dns, "idsmith.dev")
