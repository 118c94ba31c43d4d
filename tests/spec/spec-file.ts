import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The product spec the pinned texts (tests/spec/spec-texts.ts) are checked against: SPEC_FILE, else
 * shared/spec/portal-spec.md beside or above the checkout. CI (CI=true) must have it: there the checks
 * fail when it is missing, instead of skipping and passing green with the pinned copy unchecked.
 */
export type SpecFile = { found: true; file: string; text: string } | { found: false; lookedIn: string[] };

type Env = Record<string, string | undefined>;

export function findSpec(checkout: string, env: Env = process.env): SpecFile {
  const candidates = env.SPEC_FILE ? [env.SPEC_FILE] : [];
  for (let dir = path.resolve(checkout); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    candidates.push(path.join(dir, 'shared/spec/portal-spec.md'), path.join(dir, '../shared/spec/portal-spec.md'));
  }
  const lookedIn = [...new Set(candidates)];
  const file = lookedIn.find((c) => existsSync(c));
  return file ? { found: true, file, text: readFileSync(file, 'utf8') } : { found: false, lookedIn };
}

/** Under CI the spec checks must run; elsewhere a missing spec only skips them, with this notice. */
export const specRequired = (env: Env = process.env) => env.CI === 'true' || env.CI === '1';

export const missingSpecNotice = (spec: Extract<SpecFile, { found: false }>) =>
  `The spec file was not found (set SPEC_FILE, or put shared/spec/portal-spec.md beside the checkout); ` +
  `looked for ${spec.lookedIn.slice(0, 3).join(', ')}${spec.lookedIn.length > 3 ? ', ...' : ''}.`;
