/**
 * Every field of every input contract (request bodies, queries: exports named *Request, *Update or
 * *Query, and PasswordReset) refuses text with a control character, so a contract added later that
 * forgets the text blocks of contracts/common.ts fails here, not in the database.
 */
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';

const dir = resolve(import.meta.dirname, '../../contracts');
const modules = await Promise.all(
  readdirSync(dir)
    .filter((file) => file.endsWith('.ts'))
    .map(async (file) => [file, (await import(`${dir}/${file}`)) as Record<string, unknown>] as const),
);

const isInput = (name: string) => /(?:Request|Update|Query)$/.test(name) || name === 'PasswordReset';
const inputs = modules.flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter(([name, value]) => isInput(name) && (value as { type?: string })?.type === 'object')
    .map(([name, schema]) => [`${file} ${name}`, schema as v.ObjectSchema<v.ObjectEntries, undefined>] as const),
);

const fields = inputs.flatMap(([name, schema]) =>
  Object.keys(schema.entries).map((key) => [name, key, schema] as const),
);

describe('input contracts', () => {
  it('are found (the naming convention holds)', () => {
    expect(inputs.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        'account.ts RegisterRequest',
        'account.ts PasswordReset',
        'businesses.ts BusinessProfileUpdate',
      ]),
    );
  });

  it.each(fields)('%s.%s refuses a NUL character', (_name, key, schema) => {
    for (const text of ['a\u0000b', '\u001b[31m', 'a\u0085b', 'a\u202eb']) {
      const result = v.safeParse(schema, { [key]: text });
      const own = (result.issues ?? []).filter((issue) => v.getDotPath(issue) === key);
      expect(own.length, `${key} accepted ${JSON.stringify(text)}`).toBeGreaterThan(0);
    }
  });
});
