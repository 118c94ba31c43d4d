/**
 * A recorded inspector session as a file a tester attaches to a bug report: the inspection events as
 * the portal sent them (already redacted by its serializer, and redacted again here), replayed by
 * folding them one at a time. And the difference between two moments' contexts. Pure: unit-tested.
 */
import { redact } from '#src/lib/redact.ts';
import type { InspectorEvent } from './inspector-model.ts';

export const SESSION_FORMAT = 'owner-portal-inspector-session';

export interface SessionFile {
  format: typeof SESSION_FORMAT;
  version: 1;
  /** ISO time the file was written. */
  recordedAt: string;
  /** Where it was recorded (the portal's address), for the reader. */
  origin: string;
  events: InspectorEvent[];
}

export function sessionFile(events: readonly InspectorEvent[], origin: string, now = new Date()): SessionFile {
  return { format: SESSION_FORMAT, version: 1, recordedAt: now.toISOString(), origin, events: redact([...events]) };
}

/** The events of a session file, or why the text is not one. */
export function readSession(text: string): { events: InspectorEvent[]; recordedAt: string } | { error: string } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { error: 'This file is not JSON.' };
  }
  const file = data as Partial<SessionFile> | null;
  if (file?.format !== SESSION_FORMAT || !Array.isArray(file.events)) {
    return { error: 'This file is not a recorded inspector session (use "Export the recording").' };
  }
  const events = file.events.filter(
    (e): e is InspectorEvent =>
      !!e && typeof e === 'object' && typeof e.type === 'string' && typeof e.sessionId === 'string',
  );
  return { events: redact(events), recordedAt: String(file.recordedAt ?? '') };
}

export interface ContextChange {
  /** Dotted path into the context ('' for the whole value). */
  path: string;
  kind: 'added' | 'removed' | 'changed';
  before?: unknown;
  after?: unknown;
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object';

/** What differs between two contexts, leaf by leaf (arrays by index); nothing when they are equal. */
export function contextDiff(before: unknown, after: unknown, path = ''): ContextChange[] {
  if (isObject(before) && isObject(after) && Array.isArray(before) === Array.isArray(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys.flatMap((key) => {
      const at = path ? `${path}.${key}` : key;
      if (!(key in after)) return [{ path: at, kind: 'removed' as const, before: before[key] }];
      if (!(key in before)) return [{ path: at, kind: 'added' as const, after: after[key] }];
      return contextDiff(before[key], after[key], at);
    });
  }
  return JSON.stringify(before) === JSON.stringify(after) ? [] : [{ path, kind: 'changed', before, after }];
}
