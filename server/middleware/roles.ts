import type { Role } from '#contracts/team.ts';
import type { DescribedArea } from '../openapi/describe.ts';

/**
 * The least role of each owner-area operation, as its OpenAPI entry states it (`role`, shown as
 * `x-roles`; decision 026): built ONCE from the described operations into a matcher of method and path.
 * The guard reads it on every owner request. An operation without a role needs the owner (closed by
 * default; tests/server/openapi.test.ts fails on it anyway).
 */
export type LeastRole = (method: string, path: string) => Role | undefined;

type Entry = { method: string; pattern: RegExp; params: number; literal: boolean; role: Role };

const patternOf = (honoPath: string) =>
  new RegExp(
    `^${honoPath
      .split('/')
      .map((part) => {
        const param = /^:\w+(\{(.*)\})?$/.exec(part);
        if (param) return param[2] ? `(?:${param[2]})` : '[^/]+';
        if (part === '*') return '.*';
        return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      })
      .join('/')}/?$`,
  );

export function leastRoleOf(described: readonly DescribedArea[]): LeastRole {
  const entries: Entry[] = [];
  for (const { area, operations } of described) {
    if (area !== 'owner') continue;
    for (const [key, operation] of Object.entries(operations)) {
      const [method, path] = key.split(' ') as [string, string];
      entries.push({
        method,
        pattern: patternOf(path),
        params: (path.match(/:/g) ?? []).length,
        literal: !/[:*]/.test(path),
        role: operation.role ?? 'owner',
      });
    }
  }
  // A literal segment wins over a parameter (`/businesses/me/...` before `/businesses/:id/...`), as in Hono.
  entries.sort((a, b) => a.params - b.params);
  // Answers for paths a literal entry matched (users/me, businesses/me, the polls), remembered: a fixed
  // set (each literal route, with or without its trailing slash), so the hot reads skip the scan.
  const literal = new Map<string, Role>();
  return (method, path) => {
    const wanted = method === 'HEAD' ? 'GET' : method;
    const key = `${wanted} ${path}`;
    const known = literal.get(key);
    if (known) return known;
    const entry = entries.find((e) => (e.method === wanted || e.method === 'ALL') && e.pattern.test(path));
    if (entry?.literal) literal.set(key, entry.role);
    return entry?.role;
  };
}
