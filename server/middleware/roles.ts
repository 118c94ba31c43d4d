import type { Role } from '#contracts/team.ts';
import type { DescribedArea } from '../openapi/describe.ts';

/**
 * The least role of each owner-area operation, as its OpenAPI entry states it (`role`, shown as
 * `x-roles`; decision 026): built ONCE from the described operations into a matcher of method and path.
 * The guard reads it on every owner request. An operation without a role needs the owner (closed by
 * default; tests/server/openapi.test.ts fails on it anyway).
 */
export type LeastRole = (method: string, path: string) => Role | undefined;

type Entry = { method: string; pattern: RegExp; params: number; role: Role };

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
        role: operation.role ?? 'owner',
      });
    }
  }
  // A literal segment wins over a parameter (`/businesses/me/...` before `/businesses/:id/...`), as in Hono.
  entries.sort((a, b) => a.params - b.params);
  return (method, path) => {
    const wanted = method === 'HEAD' ? 'GET' : method;
    return entries.find((entry) => (entry.method === wanted || entry.method === 'ALL') && entry.pattern.test(path))
      ?.role;
  };
}
