/**
 * A Mermaid stateDiagram-v2 of a machine, by walking `machine.root` (toDirectedGraph would drop `always`
 * edges), plus a table of every transition with its description.
 */
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { guardName, transitionsOf } from '../lib/transitions.ts';

interface Edge {
  from: AnyStateNode;
  to: AnyStateNode;
  label: string;
  description: string;
}

const mermaidId = (node: AnyStateNode) => node.id.replace(/[^A-Za-z0-9_]/g, '_');
// Mermaid splits edge labels on colons; keep labels to plain words.
const clean = (text: string) =>
  text
    .replace(/[:;#"]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

function eventLabel(node: AnyStateNode, type: string): string {
  const delayed = (node.after as Array<{ eventType: string; delay: unknown }>).find((t) => t.eventType === type);
  if (delayed) {
    const name = /^xstate\.after\.([^.]+)\./.exec(type)?.[1] ?? String(delayed.delay);
    const ms = node.machine.implementations.delays[name];
    return typeof ms === 'number' ? `after ${name} (${ms / 1000} s)` : `after ${name}`;
  }
  if (type.startsWith('xstate.done.actor.')) return `done ${type.slice(18)}`;
  if (type.startsWith('xstate.error.actor.')) return `error ${type.slice(19)}`;
  return type;
}

function edgesOf(node: AnyStateNode): Edge[] {
  return transitionsOf(node).flatMap((t) => {
    const text = t.eventType ? eventLabel(node, t.eventType) : 'always';
    const guard = guardName(t.guard);
    const label = guard ? `${text} [${guard}]` : text;
    return (t.target ?? [node]).map((to) => ({ from: node, to, label, description: t.description ?? '' }));
  });
}

function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap((child) => allNodes(child as AnyStateNode))];
}

function declare(node: AnyStateNode, indent: string): string[] {
  const id = mermaidId(node);
  const lines = [`${indent}state "${node.key}" as ${id}`];
  for (const inv of node.invoke as Array<{ id: string; src: unknown }>) {
    lines.push(`${indent}${id} : invokes ${typeof inv.src === 'string' ? inv.src : inv.id}`);
  }
  const children = Object.values(node.states) as AnyStateNode[];
  if (children.length) {
    lines.push(`${indent}state ${id} {`);
    const initial = node.initial?.target[0] as AnyStateNode | undefined;
    if (initial) lines.push(`${indent}  [*] --> ${mermaidId(initial)}`);
    for (const child of children) lines.push(...declare(child, `${indent}  `));
    lines.push(`${indent}}`);
  }
  if (node.type === 'final') lines.push(`${indent}${id} --> [*]`);
  return lines;
}

export function renderMermaid(machine: AnyStateMachine): string {
  const root = machine.root;
  const lines = ['stateDiagram-v2'];
  const initial = root.initial?.target[0] as AnyStateNode | undefined;
  if (initial) lines.push(`  [*] --> ${mermaidId(initial)}`);
  for (const child of Object.values(root.states) as AnyStateNode[]) lines.push(...declare(child, '  '));
  // A transition of the machine itself applies in every top-level state a person can be in.
  const everywhere = (Object.values(root.states) as AnyStateNode[]).filter(
    (n) => n.type !== 'final' && !n.always?.length,
  );
  for (const edge of allNodes(root).flatMap(edgesOf)) {
    for (const from of edge.from === root ? everywhere.filter((n) => n !== edge.to) : [edge.from]) {
      lines.push(`  ${mermaidId(from)} --> ${mermaidId(edge.to)} : ${clean(edge.label)}`);
    }
  }
  return lines.join('\n');
}

const cell = (text: string) => text.replace(/\|/g, '\\|');

export function renderDiagramDoc(machine: AnyStateMachine, title: string): string {
  const rows = allNodes(machine.root)
    .flatMap(edgesOf)
    .map((e) => `| ${e.from.id} | ${cell(e.label)} | ${e.to.id} | ${cell(e.description)} |`);
  return [
    `# Statechart: ${title}`,
    '',
    `Generated from the \`${machine.id}\` machine by \`npm run plans\`. Do not edit by hand.`,
    '',
    '```mermaid',
    renderMermaid(machine),
    '```',
    '',
    '## Transitions',
    '',
    '| from | event [guard] | to | what the person does or sees |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}
