/**
 * A failure as the error log may hold it: what kind and where, never SQL parameters, request bodies or
 * secrets. A failed query's message lists its parameters (SRP salts and verifiers, e-mail addresses,
 * tokens' hashes) and PostgreSQL quotes offending values in its messages, so for database errors only
 * the SQLSTATE code, the statement's kind and table, the constraint and the stack frames are kept.
 */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return `non-error value thrown (${typeof error})`;
  const frames = stackFrames(error);
  const database = databaseFailure(error);
  if (database) return `database error: ${database}${frames}`;
  // A JSON SyntaxError quotes the text it could not parse (a request body).
  const message = error.name === 'SyntaxError' ? '(message withheld)' : error.message.slice(0, 300);
  return `${error.name}: ${message}${frames}`;
}

type PgLike = { code?: unknown; severity?: unknown; table?: unknown; constraint?: unknown; column?: unknown };

const isPgError = (value: unknown): value is Error & PgLike =>
  value instanceof Error &&
  typeof (value as PgLike).code === 'string' &&
  /^[0-9A-Z]{5}$/.test((value as PgLike).code as string);

/** Drizzle wraps the driver's error in "Failed query: <sql> params: <values>"; both layers are read. */
function databaseFailure(error: Error): string | undefined {
  const cause = (error as { cause?: unknown }).cause;
  const wrapped = error.message.startsWith('Failed query');
  const pg = isPgError(error) ? error : isPgError(cause) ? cause : undefined;
  if (!wrapped && !pg) return undefined;
  const parts: string[] = [];
  if (pg) parts.push(`SQLSTATE ${pg.code}`);
  const query = (error as { query?: unknown }).query;
  const statement = typeof query === 'string' ? statementOf(query) : undefined;
  if (statement) parts.push(statement);
  for (const field of ['table', 'column', 'constraint'] as const) {
    const value = pg?.[field];
    if (typeof value === 'string' && /^[\w.]+$/.test(value)) parts.push(`${field} ${value}`);
  }
  return parts.join(', ') || 'query failed';
}

/** "insert into users", "select from businesses": the kind of statement and its first table, nothing else. */
function statementOf(sql: string): string | undefined {
  const verb = /^\s*(select|insert|update|delete|with)\b/i.exec(sql)?.[1]?.toLowerCase();
  const table = /\b(?:from|into|update)\s+"?(\w+)"?/i.exec(sql)?.[1];
  if (!verb) return undefined;
  return table ? `${verb} ${table}` : verb;
}

/** Where it happened: the stack's frames without its first line (which repeats the message). */
function stackFrames(error: Error): string {
  const frames = (error.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .slice(0, 10);
  return frames.length ? `\n${frames.join('\n')}` : '';
}
