/**
 * Every state's tags are a list (`tags: ['busy']`), never a bare string: the statechart inspector reads
 * them as lists (a string broke it: "config.tags?.map is not a function"), and views read tags for what
 * they render (machines/lib/tags.ts). Walks every machine file, so a new machine is checked by itself.
 */
import { describe, expect, it } from 'vitest';
import { type AnyStateMachine, type AnyStateNode, createMachine } from 'xstate';

const modules = import.meta.glob<Record<string, unknown>>('../../machines/*.machine.ts', { eager: true });

const isMachine = (value: unknown): value is AnyStateMachine =>
  typeof value === 'object' && value !== null && 'root' in value && 'getInitialSnapshot' in value;

/** The ids of the states whose `tags` are written as anything but a list. */
function stringTags(machine: AnyStateMachine): string[] {
  const found: string[] = [];
  const walk = (node: AnyStateNode) => {
    const tags = (node.config as { tags?: unknown }).tags;
    if (tags !== undefined && !Array.isArray(tags)) found.push(node.id);
    for (const child of Object.values(node.states)) walk(child);
  };
  walk(machine.root);
  return found;
}

const machines = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter(([, value]) => isMachine(value))
    .map(([name, value]) => ({
      name: `${file.replace('../../machines/', '')} ${name}`,
      machine: value as AnyStateMachine,
    })),
);

describe('machine tags', () => {
  it('finds the machines', () => {
    expect(machines.length).toBeGreaterThanOrEqual(20);
  });

  it.each(machines)('$name declares every tag as a list', ({ machine }) => {
    expect(stringTags(machine)).toEqual([]);
  });

  it('the check catches a bare string', () => {
    // The way this test forbids (xstate's types allow it).
    const probe = createMachine({ id: 'probe', initial: 'a', states: { a: { tags: 'busy' } } });
    expect(stringTags(probe)).toEqual(['probe.a']);
  });
});
