import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import type { Schema } from './mutations.ts';

/**
 * Every answer a sweep receives, checked against what /api/openapi.json documents for it: the status is
 * one of the operation's responses, the content type one of that response's media types (none for a
 * body-less answer), and a JSON body fits the response's schema. A field the document promises and the
 * route never sends (or the other way round, where the schema closes the object) is a mismatch.
 */
export function answerChecker(document: Schema) {
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: false });
  const components = (document.components?.schemas ?? {}) as Record<string, Schema>;
  const deref = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(deref);
    if (typeof node !== 'object' || node === null) return node;
    const ref = (node as Schema).$ref;
    if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) {
      return deref(components[ref.slice('#/components/schemas/'.length)]);
    }
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, deref(v)]));
  };
  const compiled = new Map<string, ValidateFunction>();

  /** A description of what is wrong with this answer, or undefined when it is as documented. */
  return function check(
    operation: { method: string; path: string; op: Schema },
    answer: { status: number; contentType: string | null; text: string },
  ): string | undefined {
    const name = `${operation.method} ${operation.path} ${answer.status}`;
    const responses = operation.op.responses as Record<string, Schema>;
    const response = responses[String(answer.status)] ?? responses[`${String(answer.status)[0]}XX`];
    if (!response) return `${name}: status not documented (${answer.text.slice(0, 120)})`;
    const content = response.content as Record<string, Schema> | undefined;
    const type = (answer.contentType ?? '').split(';')[0]!.trim().toLowerCase();
    if (!content || Object.keys(content).length === 0) {
      return answer.text === ''
        ? undefined
        : `${name}: documented without a body, answered ${type} ${answer.text.slice(0, 80)}`;
    }
    const media = content[type] ?? (type.startsWith('image/') ? content['image/*'] : undefined);
    if (!media) return `${name}: answered ${type || 'no content type'}, documented ${Object.keys(content).join(', ')}`;
    if (!media.schema || !type.includes('json')) return undefined;
    const key = `${operation.method} ${operation.path} ${answer.status} ${type}`;
    let validate = compiled.get(key);
    if (!validate) {
      validate = ajv.compile(deref(media.schema) as Schema);
      compiled.set(key, validate);
    }
    let body: unknown;
    try {
      body = JSON.parse(answer.text);
    } catch {
      return `${name}: not JSON (${answer.text.slice(0, 80)})`;
    }
    if (validate(body)) return undefined;
    return `${name}: ${ajv.errorsText(validate.errors)} in ${answer.text.slice(0, 160)}`;
  };
}
