/**
 * QA test plans in Markdown, built from the same paths the generated tests play (scenario N here is
 * test "N: …" there). State descriptions say what to look for, transition descriptions what to do.
 */
import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine, AnyStateNode } from 'xstate';
import type { MachineEntry } from '#machines/lib/entry.ts';
import { entryPaths, type MachinePath } from '#machines/lib/paths.ts';
import { renderDiagramDoc } from './diagram.ts';

export const MISSING = '(no description';

/** Every state and transition of the machine without a description, worded for the plan. */
export function undocumented(machine: AnyStateMachine): string[] {
  const out: string[] = [];
  const visit = (node: AnyStateNode) => {
    if (node !== machine.root && !node.description) out.push(`${MISSING} for state ${node.id})`);
    const transitions = [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
    for (const t of transitions) {
      const forbidden = !t.target && t.actions.length === 0;
      if (!forbidden && !t.description) out.push(`${MISSING} for ${t.eventType || 'always'} in ${node.id})`);
    }
    for (const child of Object.values(node.states)) visit(child as AnyStateNode);
  };
  visit(machine.root);
  return out;
}

/** What a person sees: descriptions of the active leaf states. */
function seen(snapshot: AnyMachineSnapshot): string {
  const nodes = (snapshot._nodes as AnyStateNode[]).filter((n) => n.type === 'atomic' || n.type === 'final');
  const text = nodes.map((n) => n.description ?? `${MISSING} for state ${n.id})`).join('; ');
  const error = snapshot.context?.error;
  return typeof error === 'string' && error ? `${text}. The alert reads: "${error}"` : text;
}

const words = (key: string) => key.replace(/([A-Z])/g, ' $1').toLowerCase();
const shown = (value: unknown) =>
  value === '' ? '(empty)' : `\`${typeof value === 'string' ? value : JSON.stringify(value)}\``;

/** The test data of a step, in words a tester can follow. */
function dataOf(event: AnyEventObject): string {
  const { type, ...data } = event;
  if (type.startsWith('xstate.done.actor.')) {
    return data.output === undefined ? '' : ` (answer: ${JSON.stringify(data.output)})`;
  }
  if (type.startsWith('xstate.error.actor.')) {
    const error = data.error as { message?: string; name?: string; network?: boolean };
    if (error?.network) return ' (no connection: e.g. stop the server or go offline)';
    return error?.message ? ` (message: "${error.message}")` : ' (an error without a message)';
  }
  const fields = Object.entries(data).map(([key, value]) => `${words(key)} ${shown(value)}`);
  return fields.length ? `, with ${fields.join(', ')}` : '';
}

function doing(machine: AnyStateMachine, prev: AnyMachineSnapshot, event: AnyEventObject): string {
  const descriptions = machine
    .getTransitionData(prev as never, event as never)
    .map((t) => t.description)
    .filter(Boolean);
  const text = descriptions.join('; ') || `${MISSING} for ${event.type})`;
  return `${text}${dataOf(event)}`;
}

function scenario(machine: AnyStateMachine, path: MachinePath, index: number): string[] {
  const [first, ...rest] = path.steps;
  if (!first) return [];
  const last = rest.at(-1);
  const heading = last ? doing(machine, rest.at(-2)?.state ?? first.state, last.event) : 'First screen';
  const lines = [`## ${index + 1}. ${heading.replace(/ \(answer: .*\)$/, '')}`, ''];
  lines.push(`${path.start ? `${path.start}.` : 'Open the page.'} Expect: ${seen(first.state)}.`, '');
  rest.forEach((step, n) => {
    const prev = n ? (rest[n - 1]?.state ?? first.state) : first.state;
    lines.push(`${n + 1}. ${doing(machine, prev, step.event)}`, `   - Expect: ${seen(step.state)}`);
  });
  lines.push('');
  return lines;
}

export function renderPlan(entry: MachineEntry): string {
  const { machine, title } = entry;
  const paths = entryPaths(entry);
  const missing = undocumented(machine);
  const lines = [
    `# Test plan: ${title}`,
    '',
    `${paths.length} scenarios generated from the \`${machine.id}\` machine by \`npm run plans\`; together they take`,
    'every transition once. Do not edit by hand: change the descriptions or samples and regenerate. Scenario N is',
    'the generated test "N: …". Start every scenario from a fresh page load. Steps that describe an answer of the',
    'server or identity provider need that situation arranged first (an account in that state, a stopped server).',
    '',
    ...paths.flatMap((path, i) => scenario(machine, path, i)),
  ];
  if (missing.length) lines.push('## Missing descriptions', '', ...missing.map((m) => `- ${m}`), '');
  return lines.join('\n');
}

/** Every generated document, relative to the project root. */
export function docFiles(entries: readonly MachineEntry[]): Array<{ file: string; text: string }> {
  return entries.flatMap((entry) => [
    { file: `docs/test-plans/${entry.machine.id}.md`, text: renderPlan(entry) },
    { file: `docs/machines/${entry.machine.id}.md`, text: renderDiagramDoc(entry.machine, entry.title) },
  ]);
}
