/**
 * Deep redaction for the development inspectors (the portal's, src/app/devtools.tsx, and the offline page,
 * src/devtools/): an invoked actor's input (e.g. { email, password }) shows up in clear in its init event
 * and snapshot, so every secret-looking key is masked at any depth.
 */
const SECRET_KEYS = new Set([
  'password',
  'newPassword',
  'confirmPassword',
  'token',
  'accessToken',
  'idToken',
  'refreshToken',
]);

export function redact<T>(value: T): T {
  const seen = new WeakSet<object>();
  return JSON.parse(
    JSON.stringify(value, (key, v) => {
      if (SECRET_KEYS.has(key)) return '•••';
      if (v && typeof v === 'object') {
        if (seen.has(v)) return '[circular]';
        seen.add(v);
      }
      return v;
    }),
  ) as T;
}
