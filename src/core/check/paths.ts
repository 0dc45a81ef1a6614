// Paths name where a value sits (`$.users[*].id`, `column id`, `users (id)`): the duplicate rule
// compares values under one path, and messages quote its last segment.

/** The key of a path segment: `.name`, or `["odd key"]`. */
export function segment(key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? '.' + key : `[${JSON.stringify(key)}]`;
}

/** The innermost name of a path: `id` of `$.users[*].id`. */
export function lastSegment(path: string): string {
  const m = /([^.[\]\s]+)(?:\[\*\])*$/.exec(path);
  return m ? m[1]! : path;
}

/** Cheap gate before any path is built: a value that could be an ID or sits under a label. */
export function candidate(len: number): boolean {
  return len >= 8 && len <= 100;
}

/** A path as problems show it: a path thousands of levels deep keeps its start and its end. */
export function shownPath(path: string): string {
  return path.length <= 160 ? path : `${path.slice(0, 60)}…${path.slice(-90)}`;
}
