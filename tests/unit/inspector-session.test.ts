/**
 * A recorded inspector session as a file (redacted, read back, refused when it is something else) and
 * the context diff between two moments.
 */
import { describe, expect, it } from 'vitest';
import type { InspectorEvent } from '#src/devtools/inspector-model.ts';
import { contextDiff, readSession, SESSION_FORMAT, sessionFile } from '#src/devtools/session-file.ts';

const events: InspectorEvent[] = [
  { type: '@xstate.actor', sessionId: 'x:1', name: 'signIn', createdAt: '1' },
  {
    type: '@xstate.snapshot',
    sessionId: 'x:1',
    event: { type: 'signIn.submit', email: 'owner@demo.local', password: 'DemoOwner#2026' },
    snapshot: { value: 'submitting', context: { accessToken: 'eyJ.secret' } },
    createdAt: '2',
  },
];

describe('recorded session file', () => {
  it('holds the events with passwords and tokens redacted, and reads back', () => {
    const file = sessionFile(events, 'http://localhost:5173', new Date('2026-12-01T10:00:00Z'));
    const text = JSON.stringify(file);
    expect(text).not.toContain('DemoOwner#2026');
    expect(text).not.toContain('eyJ.secret');
    expect(file).toMatchObject({ format: SESSION_FORMAT, version: 1, recordedAt: '2026-12-01T10:00:00.000Z' });
    const read = readSession(text);
    expect('events' in read && read.events.map((e) => e.type)).toEqual(['@xstate.actor', '@xstate.snapshot']);
  });

  it('refuses a file that is not a recorded session, saying why', () => {
    expect(readSession('not json')).toEqual({ error: 'This file is not JSON.' });
    expect(readSession('{"events": []}')).toEqual({
      error: 'This file is not a recorded inspector session (use "Export the recording").',
    });
  });
});

describe('context diff', () => {
  it('lists what was added, removed and changed, leaf by leaf', () => {
    const before = { code: '', voucher: null, error: 'Not found', slots: ['09:00'] };
    const after = { code: 'ABC-DEF-GHJ', voucher: { title: 'Flat white' }, slots: ['09:00', '10:00'] };
    expect(contextDiff(before, after)).toEqual([
      { path: 'code', kind: 'changed', before: '', after: 'ABC-DEF-GHJ' },
      { path: 'voucher', kind: 'changed', before: null, after: { title: 'Flat white' } },
      { path: 'error', kind: 'removed', before: 'Not found' },
      { path: 'slots.1', kind: 'added', after: '10:00' },
    ]);
    expect(contextDiff(after, structuredClone(after))).toEqual([]);
  });
});
