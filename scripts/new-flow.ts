/**
 * `npm run new:flow -- <area> <flow-name> [--route METHOD /api/path] [--root dir] [--files-only]`
 *
 * Writes a new flow in the house shape, ready to pass lint, typecheck and its own generated test as it
 * stands: the machine (ask → run → done | failed through `confirmThenRun`, every state and transition
 * described, the effect a `notProvided` placeholder, its texts in one `<FLOW>_TEXTS` object), its
 * samples and registry entry, the wiring (`apiEffect`), a thin view (a button, `ConfirmDialog`, the
 * failure inside the question) and the generated test; then `npm run plans` writes its QA plan and
 * diagram (named by the machine id). What is left to you is the flow's own logic: what the effect calls,
 * what the texts say, where the view goes (docs/adding-a-flow.md).
 *
 * With `--route METHOD /api/path` it also writes, in the existing server area named by the path's first
 * segment: the route stub (scoped to the caller's business; with `:id`, the owned-row lookup whose
 * miss is the kind's 404), its request contract (for a body), its OpenAPI entry, the API function the
 * wiring then calls, the `NOT_FOUND` line and the path in the kind's `ID_KINDS` row, so the
 * authorization and bad-input sweeps cover it.
 *
 * Nothing is overwritten: a file that exists stops the script before anything is written.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

const usage = 'usage: npm run new:flow -- <area> <flow-name> [--route METHOD /api/path/:id]';

// ------------------------------------------------------------------ names
const words = (name: string) => name.split(/[-_\s]+/).filter(Boolean);
const cap = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
export const namesOf = (flow: string) => {
  const w = words(flow.toLowerCase());
  const camel = w[0]! + w.slice(1).map(cap).join('');
  return {
    kebab: w.join('-'),
    camel,
    pascal: w.map(cap).join(''),
    constant: w.map((x) => x.toUpperCase()).join('_'),
    title: cap(w.join(' ')),
  };
};
type Names = ReturnType<typeof namesOf>;

export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** As in the API document, e.g. /api/posts/:id */
  path: string;
  /** The server area: the first segment after /api. */
  area: string;
  /** The row kind of `:id` (the segment before it, singular), e.g. post. */
  kind: string | null;
  /** The segment before `:id` (the fixture's lookup), e.g. posts. */
  segment: string | null;
  hasBody: boolean;
}

export function parseRoute(method: string, path: string): Route {
  const m = method.toUpperCase();
  if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(m)) throw new Error(`unknown method ${method}`);
  if (!/^\/api\/[a-z0-9-]+(\/[a-z0-9:-]+)*$/.test(path)) throw new Error(`a route path looks like /api/posts/:id`);
  const parts = path.split('/').slice(2);
  const at = parts.indexOf(':id');
  const segment = at > 0 ? parts[at - 1]! : null;
  return {
    method: m as Route['method'],
    path,
    area: parts[0]!,
    segment,
    kind: segment ? segment.replace(/ies$/, 'y').replace(/s$/, '') : null,
    hasBody: m === 'POST' || m === 'PUT' || m === 'PATCH',
  };
}

// ------------------------------------------------------------------ the flow's files
const machineFile = (n: Names, area: string) => `/**
 * ${n.title} (${area}): a person presses the action, is asked, and the effect runs; a failure is shown in
 * the question, which stays open. Made by \`npm run new:flow\`: the effect \`run${n.pascal}\` is a placeholder
 * the wiring provides. Say here which spec section this flow implements.
 */
import { assign, setup } from 'xstate';
import { confirmThenRun } from './lib/confirm.ts';
import { failureText, notProvided } from './lib/effects.ts';
import type { ViewTag } from './lib/tags.ts';

/** The flow's texts: the spec's where it has them (import those from contracts/), the rest here, once. */
export const ${n.constant}_TEXTS = {
  start: '${n.title}',
  title: '${n.title}?',
  question: 'This action cannot be undone.',
  confirm: '${n.title}',
  busy: 'Working...',
  failed: 'Could not finish: please try again.',
} as const;
const T = ${n.constant}_TEXTS;

export interface ${n.pascal}Input {
  /** The row the action is about. */
  id: string;
}

export interface ${n.pascal}Context {
  id: string;
  /** Why the effect failed, shown in the question; cleared when the question is asked again. */
  error: string | null;
}

export type ${n.pascal}Event =
  | { type: '${n.camel}.start' }
  | { type: '${n.camel}.confirm' }
  | { type: '${n.camel}.cancel' };

const ${n.camel} = setup({
  types: {
    input: {} as ${n.pascal}Input,
    context: {} as ${n.pascal}Context,
    events: {} as ${n.pascal}Event,
    tags: {} as ViewTag,
  },
  actors: {
    /** Answers nothing; the wiring calls the API (notProvided<void, …>: any answer is fine). */
    run${n.pascal}: notProvided<void, { id: string }>('run${n.pascal}'),
  },
  actions: {
    /** The view's callback: the list around it reloads, a toast says so. */
    report${n.pascal}: (_, _params: { id: string }) => {},
  },
});

export const ${n.camel}Machine = ${n.camel}.createMachine({
  id: '${n.camel}',
  context: ({ input }) => ({ id: input.id, error: null }),
  initial: 'idle',
  states: {
    idle: {
      description: \`The "\${T.start}" button shows\`,
      tags: ['ready'],
      on: {
        '${n.camel}.start': {
          target: 'asking',
          actions: assign({ error: null }),
          description: \`Press "\${T.start}"\`,
        },
      },
    },
    ...confirmThenRun(${n.camel})({
      ask: {
        state: 'asking',
        description: \`A dialog asks "\${T.title}", saying "\${T.question}"; focus is on Cancel\`,
        confirm: { event: '${n.camel}.confirm', description: \`Press "\${T.confirm}" in the dialog\` },
        cancel: { event: '${n.camel}.cancel', target: 'idle', description: 'Press "Cancel" (or Escape)' },
      },
      run: {
        state: 'running',
        description: \`The action runs; the dialog's button reads "\${T.busy}" and both buttons wait\`,
        invoke: {
          id: 'run${n.pascal}',
          src: 'run${n.pascal}',
          input: ({ context }) => ({ id: context.id }),
          onDone: {
            target: 'idle',
            actions: { type: 'report${n.pascal}', params: ({ context }) => ({ id: context.id }) },
            description: 'The server takes it; the dialog closes',
          },
          onError: {
            target: 'asking',
            actions: assign({ error: ({ event }) => failureText(event.error, T.failed) }),
            description: 'The server refuses or cannot be reached; the dialog stays with the reason',
          },
        },
      },
    }),
  },
});
`;

const samplesFile = (
  n: Names,
  area: string,
) => `/** Samples for ${n.title} (${area}): what a tester does and arranges. */
import { defineEntry, done, fail, note, stateAndError } from '../lib/entry.ts';
import { ${n.camel}Machine } from '../${n.kebab}.machine.ts';
import { demoOwner } from './demo.samples.ts';

export const ${n.camel}Entry = defineEntry({
  machine: ${n.camel}Machine,
  title: '${n.title} (${area})',
  samples: [
    note({ type: '${n.camel}.start' }, { say: '' }),
    note({ type: '${n.camel}.confirm' }, { say: '' }),
    note({ type: '${n.camel}.cancel' }, { say: '' }),
    done('run${n.pascal}'),
    note(fail('run${n.pascal}', { message: 'An unknown network error occurred.', network: true }), {
      arrange: 'stop the server (Ctrl+C where \`npm start\` runs) and start it again after this step',
    }),
  ],
  uiKey: stateAndError,
  inputs: [
    {
      label: 'The first row of the list',
      input: { id: '00000000-0000-4000-8000-000000000001' },
      start: { url: '/', signedInAs: demoOwner },
    },
  ],
  plan: {
    shows: (s) => (s.context.error ? [\`The dialog's alert: "\${s.context.error}"\`] : []),
    test: 'tests/generated/${n.kebab}.generated.test.tsx',
  },
});
`;

const wiringFile = (n: Names, call: string | null) => `/** The real effect of ${n.title}. */
import { ${n.camel}Machine } from '#machines/${n.kebab}.machine.ts';
import { apiEffect } from '#src/api/effect.ts';
${call ? `import { ${call} } from '#src/api/${'AREA'}.ts';\n` : ''}
export const live${n.pascal}Logic = ${n.camel}Machine.provide({
  actors: {
${
  call
    ? `    run${n.pascal}: apiEffect(({ id }, signal) => ${call}(id, signal)),`
    : `    // Call the API here (a function of src/api/<area>.ts): apiEffect(({ id }, signal) => deleteThing(id, signal)).
    run${n.pascal}: apiEffect(async ({ id }) => {
      throw new Error(\`run${n.pascal}(\${id}) is not wired yet\`);
    }),`
}
  },
});
`;

const viewFile = (n: Names) => `/**
 * ${n.title}: the button, the question and its failure. The view renders the machine and sends its
 * events; tests pass \`logic\` and \`options\` (FlowHooks) to run it on fakes. In a list, render one per
 * row and pass the hooks through the row component.
 */
import { ${n.constant}_TEXTS, type ${n.camel}Machine } from '#machines/${n.kebab}.machine.ts';
import { enabledFor, type FlowHooks, useFlowActor } from '#src/lib/use-flow-actor.ts';
import { Button } from '#src/ui/button.tsx';
import { ConfirmDialog } from '#src/ui/confirm-dialog.tsx';
import { live${n.pascal}Logic } from './${n.kebab}.wiring.ts';

export interface ${n.pascal}Props extends FlowHooks<typeof ${n.camel}Machine> {
  id: string;
  /** What the row is, for the button's accessible name in a list ("Delete: Fresh bread"). */
  about?: string;
  /** After the server took it (reload the list, say so). */
  on${n.pascal}?: (id: string) => void;
}

export function ${n.pascal}({ id, about, on${n.pascal}, logic = live${n.pascal}Logic, options }: ${n.pascal}Props) {
  const [state, send] = useFlowActor(
    logic.provide({ actions: { report${n.pascal}: (_, params: { id: string }) => on${n.pascal}?.(params.id) } }),
    { input: { id }, options },
  );
  const start = { type: '${n.camel}.start' } as const;
  const cancel = { type: '${n.camel}.cancel' } as const;
  const confirm = { type: '${n.camel}.confirm' } as const;
  return (
    <>
      <Button
        variant="secondary"
        aria-label={about ? \`\${${n.constant}_TEXTS.start}: \${about}\` : undefined}
        {...enabledFor(state, start)}
        onClick={() => send(start)}
      >
        {${n.constant}_TEXTS.start}
      </Button>
      {state.hasTag('confirm') && (
        <ConfirmDialog
          title={${n.constant}_TEXTS.title}
          busy={state.hasTag('busy')}
          error={state.context.error}
          cancel={{ onClick: () => send(cancel), control: enabledFor(state, cancel) }}
          confirm={{
            label: ${n.constant}_TEXTS.confirm,
            busyLabel: ${n.constant}_TEXTS.busy,
            onClick: () => send(confirm),
            control: enabledFor(state, confirm),
          }}
        >
          <p className="confirm-warning">{${n.constant}_TEXTS.question}</p>
        </ConfirmDialog>
      )}
    </>
  );
}
`;

const testFile = (
  n: Names,
  area: string,
) => `/** Every transition of ${n.title}, played through its real view with the effect faked. */
import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { ${n.constant}_TEXTS } from '#machines/${n.kebab}.machine.ts';
import { ${n.camel}Entry } from '#machines/samples/${n.kebab}.samples.ts';
import { ${n.pascal} } from '#src/features/${area}/${n.kebab}.tsx';
import { describeFlow, type Flow } from './harness.tsx';

const T = ${n.constant}_TEXTS;
const question = () => within(screen.getByRole('alertdialog'));
/** How many times the server took the action on this path, up to the state being checked. */
const doneSoFar = (s: unknown, flow: Flow) => {
  const at = flow.path.steps.findIndex((step) => step.state === s);
  return flow.path.steps.slice(0, at + 1).filter((step) => step.event.type === 'xstate.done.actor.run${n.pascal}').length;
};
/** A press as a person makes it: focus first, so the dialog's focus rules are exercised. */
const press = (button: HTMLElement) => {
  button.focus();
  fireEvent.click(button);
};

describeFlow(${n.camel}Entry, {
  render: (hooks, flow) => (
    <${n.pascal} id="00000000-0000-4000-8000-000000000001" on${n.pascal}={flow.spy('on${n.pascal}')} {...hooks} />
  ),
  perform: {
    '${n.camel}.start': () => press(screen.getByRole('button', { name: T.start })),
    '${n.camel}.cancel': () => press(question().getByRole('button', { name: 'Cancel' })),
    '${n.camel}.confirm': () => press(question().getByRole('button', { name: T.confirm })),
  },
  expectUi: {
    idle: (s, flow) => {
      expect(screen.queryByRole('alertdialog')).toBeNull();
      expect(screen.getByRole('button', { name: T.start })).toBeTruthy();
      expect(flow.spy('on${n.pascal}')).toHaveBeenCalledTimes(doneSoFar(s, flow));
    },
    asking: (s) => {
      expect(question().getByText(T.question)).toBeTruthy();
      expect(document.activeElement).toBe(question().getByRole('button', { name: 'Cancel' }));
      if (s.context.error) expect(question().getByRole('alert').textContent).toBe(s.context.error);
    },
    running: () => {
      expect(question().getByRole('button', { name: T.busy })).toBeTruthy();
    },
  },
});
`;

// ------------------------------------------------------------------ the route's pieces
const routeRelPath = (root: string, r: Route) => {
  const app = readFileSync(resolve(root, 'server/app.ts'), 'utf8');
  const mount = new RegExp(`api\\.route\\('([^']*)', ${camelOf(r.area)}Routes\\(`).exec(app)?.[1];
  if (mount === undefined)
    throw new Error(`server/app.ts does not mount ${camelOf(r.area)}Routes: make the area first`);
  const below = r.path.slice('/api'.length);
  const prefix = mount === '/' ? '' : mount;
  if (!below.startsWith(prefix)) throw new Error(`${r.path} is not under the area's mount ${mount}`);
  return below.slice(prefix.length) || '/';
};
const camelOf = (kebab: string) => namesOf(kebab).camel;

function insertBefore(text: string, marker: RegExp, insertion: string, what: string): string {
  const match = marker.exec(text);
  if (!match) throw new Error(`cannot find where to add ${what}`);
  return text.slice(0, match.index) + insertion + text.slice(match.index);
}
const addImport = (text: string, line: string) => {
  const imports = [...text.matchAll(/^import [^;]+;\n/gm)];
  const end = imports.length ? imports.at(-1)!.index! + imports.at(-1)![0].length : 0;
  return text.slice(0, end) + line + text.slice(end);
};

type Edit = { file: string; text: string; created: boolean };

function routeEdits(root: string, n: Names, r: Route): { edits: Edit[]; call: string } {
  const read = (file: string) => readFileSync(resolve(root, file), 'utf8');
  const area = r.area;
  const routesFile = `server/routes/${area}/${area}.routes.ts`;
  const openapiFile = `server/routes/${area}/${area}.openapi.ts`;
  const contractFile = `contracts/${area}.ts`;
  const apiFile = `src/api/${area}.ts`;
  for (const f of [routesFile, openapiFile, contractFile])
    if (!existsSync(resolve(root, f))) throw new Error(`${f} is missing: --route adds to an existing server area`);
  const request = `${n.pascal}Request`;
  const rel = routeRelPath(root, r);
  const kind = r.kind;
  const schema = read('server/db/schema.ts');
  const table = r.segment ? camelOf(r.segment) : null;
  const idColumn = kind ? `${kind}id` : null;
  const hasTable =
    table !== null && new RegExp(`export const ${table} = pgTable\\([\\s\\S]*?${idColumn}:`).test(schema);
  const edits: Edit[] = [];

  // The contract: the request's fields (add them; every field built from contracts/common.ts blocks).
  let contract = read(contractFile);
  if (r.hasBody) {
    // One placeholder field, so the bad-input sweep has a field to mutate: replace it with the real ones.
    contract += `\n/** ${r.method} ${r.path}: the request, built from the blocks in contracts/common.ts. */\nexport const ${request} = v.object({\n  note: singleLineText('Note', 200),\n});\nexport type ${request} = v.InferInput<typeof ${request}>;\n`;
    if (!/^import \* as v from 'valibot';/m.test(contract))
      contract = addImport(contract, "import * as v from 'valibot';\n");
    const common = /^import \{([^}]*)\} from '\.\/common\.ts';/m.exec(contract);
    if (!common) contract = addImport(contract, "import { singleLineText } from './common.ts';\n");
    else if (!/\bsingleLineText\b/.test(common[1]!))
      contract = contract.replace(common[0], `import {${common[1]!.trimEnd()}, singleLineText } from './common.ts';`);
  }
  if (r.hasBody) edits.push({ file: contractFile, text: contract, created: false });

  // The route stub.
  let routes = read(routesFile);
  const handler = [
    `  /** ${r.method} ${r.path} (new:flow stub): the caller's own ${kind ?? 'business'}; write the action where it says. */`,
    `  app.${r.method.toLowerCase()}('${rel}', async (c) => {`,
    '    const mine = businessScope(c);',
    ...(kind ? [`    const id = idParam(c, 'id', '${kind}');`] : []),
    ...(r.hasBody ? [`    const body = await readJson(c, ${request});`] : []),
    ...(hasTable
      ? [
          `    const [row] = await db`,
          `      .select({ id: ${table}.${idColumn} })`,
          `      .from(${table})`,
          `      .where(and(mine.where(${table}), eq(${table}.${idColumn}, id)));`,
          `    if (!row) throw notFound('${kind}');`,
        ]
      : kind
        ? [
            `    // Look the row up scoped by mine.where(...); none: throw notFound('${kind}') (another business's too).`,
          ]
        : []),
    `    // The action goes here${r.hasBody ? ' (the body is checked)' : ''}.`,
    ...(r.hasBody ? ['    void body;'] : []),
    `    return c.json({ message: 'Done.', businessid: mine.businessid${kind ? ', id' : ''} });`,
    '  });',
    '',
    '',
  ].join('\n');
  routes = insertBefore(routes, /^ {2}return app;\n\}/m, handler, 'the route (no "  return app;" line)');
  const need = (name: string, line: string) => {
    if (!new RegExp(`\\b${name}\\b[^;]*from`).test(routes.split('export function')[0]!))
      routes = addImport(routes, line);
  };
  need('businessScope', "import { businessScope } from '../../lib/scope.ts';\n");
  if (kind) need('idParam', "import { idParam } from '../../lib/ids.ts';\n");
  if (hasTable) {
    need('notFound', "import { notFound } from '../../lib/ids.ts';\n");
    need('and', "import { and } from 'drizzle-orm';\n");
    need('eq', "import { eq } from 'drizzle-orm';\n");
    need(table!, `import { ${table} } from '../../db/schema.ts';\n`);
    if (!/\{[^}]*\bdb\b[^}]*\}: Pick<AppDeps/.test(routes))
      throw new Error(`${routesFile}: the area's function must take { db } from AppDeps`);
  }
  if (r.hasBody) need('readJson', "import { readJson } from '../../lib/validate.ts';\n");
  if (r.hasBody) need(request, `import { ${request} } from '#contracts/${area}.ts';\n`);
  edits.push({ file: routesFile, text: routes, created: false });

  // The OpenAPI entry.
  let openapi = read(openapiFile);
  const entry = [
    `  '${r.method} ${r.path}': {`,
    `    summary: '${n.title}',`,
    `    tags: ['${cap(area)}'],`,
    ...(kind ? [`    params: { id: "The ${kind} id (another business's answers 404)." },`] : []),
    ...(r.hasBody ? [`    body: { schema: ${request}, example: { note: 'A note' } },`] : []),
    '    ok: { 200: MessageBody },',
    '  },',
    '',
  ].join('\n');
  openapi = insertBefore(openapi, /^\}\);\s*$/m, entry, `the entry in ${openapiFile}`);
  if (!/\bMessageBody\b[^;]*from/.test(openapi))
    openapi = addImport(openapi, "import { MessageBody } from '#contracts/common.ts';\n");
  if (r.hasBody) openapi = addImport(openapi, `import { ${request} } from '#contracts/${area}.ts';\n`);
  edits.push({ file: openapiFile, text: openapi, created: false });

  // The not-found sentence and the fixture row.
  if (kind) {
    let common = read('contracts/common.ts');
    if (!new RegExp(`^ {2}${kind}: '`, 'm').test(common)) {
      common = insertBefore(
        common,
        /^ {2}\/\*\* The caller's own records/m,
        `  ${kind}: '${cap(kind)} not found.',\n`,
        'NOT_FOUND',
      );
      edits.push({ file: 'contracts/common.ts', text: common, created: false });
    }
    const fixtureFile = 'tests/server/support/owner-a.ts';
    let fixture = read(fixtureFile);
    const rowStart = new RegExp(`^ {2}${kind}id: \\{(\\s*)paths: \\[([^\\]]*)\\]`, 'm').exec(fixture);
    const pathKey = `${r.segment}/{id}`;
    if (!rowStart) {
      console.warn(
        `! No ID_KINDS row for ${kind}id: add ONE row in ${fixtureFile} (paths: ['${pathKey}'], make: how owner A's is made through the API).`,
      );
    } else if (!rowStart[2]!.includes(`'${pathKey}'`)) {
      const list = rowStart[2]!.trim();
      const replaced = rowStart[0].replace(
        `paths: [${rowStart[2]}]`,
        `paths: [${list ? `${list}, ` : ''}'${pathKey}']`,
      );
      fixture = fixture.replace(rowStart[0], replaced);
      edits.push({ file: fixtureFile, text: fixture, created: false });
    }
  }

  // The client's function for it.
  const call = `${r.method === 'DELETE' ? 'delete' : r.method.toLowerCase()}${n.pascal}`;
  const apiPath = r.path.replace(':id', `\${encodeURIComponent(id)}`);
  const fn = `\n/** ${r.method} ${r.path} (new:flow). */\nexport const ${call} = (${kind ? 'id: string, ' : ''}signal?: AbortSignal) =>\n  api.${r.method.toLowerCase()}(\`${apiPath}\`, MessageBody${r.hasBody ? ', {}' : ''}, { signal });\n`;
  let client = existsSync(resolve(root, apiFile)) ? read(apiFile) : "import { api } from './client.ts';\n";
  client += fn;
  if (!/\bMessageBody\b[^;]*from/.test(client))
    client = addImport(client, "import { MessageBody } from '#contracts/common.ts';\n");
  edits.push({ file: apiFile, text: client, created: !existsSync(resolve(root, apiFile)) });
  return { edits, call: kind ? call : '' };
}

// ------------------------------------------------------------------ main
export function newFlow(root: string, area: string, flow: string, route: Route | null): string[] {
  if (!/^[a-z][a-z0-9-]*$/.test(area) || !/^[a-z][a-z0-9-]*$/.test(flow)) throw new Error(usage);
  const n = namesOf(flow);
  const routePart = route ? routeEdits(root, n, route) : null;
  const call = routePart?.call || null;
  const files: Edit[] = [
    { file: `machines/${n.kebab}.machine.ts`, text: machineFile(n, area), created: true },
    { file: `machines/samples/${n.kebab}.samples.ts`, text: samplesFile(n, area), created: true },
    {
      file: `src/features/${area}/${n.kebab}.wiring.ts`,
      text: wiringFile(n, call).replace("'#src/api/AREA.ts'", `'#src/api/${route?.area}.ts'`),
      created: true,
    },
    { file: `src/features/${area}/${n.kebab}.tsx`, text: viewFile(n), created: true },
    { file: `tests/generated/${n.kebab}.generated.test.tsx`, text: testFile(n, area), created: true },
  ];
  for (const f of files)
    if (existsSync(resolve(root, f.file))) throw new Error(`${f.file} exists: pick another flow name`);

  let registry = readFileSync(resolve(root, 'machines/registry.ts'), 'utf8');
  if (registry.includes(`${n.camel}Entry`)) throw new Error(`machines/registry.ts already lists ${n.camel}Entry`);
  registry = addImport(registry, `import { ${n.camel}Entry } from './samples/${n.kebab}.samples.ts';\n`);
  registry = insertBefore(registry, /^\];\s*$/m, `  ${n.camel}Entry,\n`, 'the registry entry');
  files.push({ file: 'machines/registry.ts', text: registry, created: false });
  files.push(...(routePart?.edits ?? []));

  for (const f of files) {
    mkdirSync(dirname(resolve(root, f.file)), { recursive: true });
    writeFileSync(resolve(root, f.file), f.text);
  }
  return files.map((f) => f.file);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const take = (flag: string, count: number) => {
    const at = args.indexOf(flag);
    return at < 0 ? null : args.splice(at, count + 1).slice(1);
  };
  const routeArgs = take('--route', 2);
  const rootArg = take('--root', 1);
  // Only the files: no Biome, no plans (tests/unit/new-flow.test.ts runs it on a few copied files).
  const filesOnly = take('--files-only', 0) !== null;
  const [area, flow] = args;
  if (!area || !flow) {
    console.error(usage);
    process.exit(2);
  }
  const root = resolve(rootArg?.[0] ?? process.cwd());
  try {
    const route = routeArgs ? parseRoute(routeArgs[0]!, routeArgs[1]!) : null;
    const written = newFlow(root, area, flow, route);
    if (filesOnly) {
      console.log(written.join('\n'));
      process.exit(0);
    }
    const run = (cmd: string, cmdArgs: string[]) => execFileSync(cmd, cmdArgs, { cwd: root, stdio: 'inherit' });
    run('npx', ['biome', 'check', '--write', ...written]);
    execFileSync('npx', ['tsx', 'scripts/plans.ts'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
    const n = namesOf(flow);
    console.log(
      `\nWrote:\n${written.map((f) => `  ${f}`).join('\n')}\n  docs/test-plans/${n.camel}.md, docs/machines/${n.camel}.md`,
    );
    console.log(
      `\nNext: npx vitest run --project unit tests/generated/${n.kebab}.generated.test.tsx; then write the flow's logic (docs/adding-a-flow.md).`,
    );
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
