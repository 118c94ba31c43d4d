/**
 * Simulate mode's form for the payload of an event sent by pressing its transition on the diagram:
 * filled from one of the machine's samples (a choice when there are several), every field editable
 * (secrets in password boxes, objects as JSON), then sent as XState's pure `transition` would take it.
 */
import { useId, useState } from 'react';
import type { AnyEventObject } from 'xstate';
import type { Offer } from './simulator.ts';

const SECRET = /password|token/i;

type Fields = Array<{ key: string; text: string; kind: 'string' | 'number' | 'boolean' | 'json' }>;

const fieldsOf = (event: AnyEventObject): Fields =>
  Object.entries(event)
    .filter(([key]) => key !== 'type')
    .map(([key, value]) => ({
      key,
      kind:
        typeof value === 'number'
          ? 'number'
          : typeof value === 'boolean'
            ? 'boolean'
            : typeof value === 'string'
              ? 'string'
              : 'json',
      text: typeof value === 'string' ? value : JSON.stringify(value ?? null, null, 2),
    }));

/** The event the form describes, or the field that does not parse. */
export function eventOf(type: string, fields: Fields): { event: AnyEventObject } | { error: string } {
  const event: AnyEventObject = { type };
  for (const field of fields) {
    if (field.kind === 'string') event[field.key] = field.text;
    else if (field.kind === 'number') {
      const n = Number(field.text);
      if (field.text.trim() === '' || !Number.isFinite(n)) return { error: `${field.key} must be a number` };
      event[field.key] = n;
    } else if (field.kind === 'boolean') event[field.key] = field.text === 'true';
    else {
      try {
        event[field.key] = JSON.parse(field.text);
      } catch {
        return { error: `${field.key} is not valid JSON` };
      }
    }
  }
  return { event };
}

export function PayloadForm({
  title,
  description,
  offers,
  onSend,
  onCancel,
}: {
  title: string;
  description?: string | undefined;
  offers: readonly Offer[];
  onSend: (event: AnyEventObject) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [sample, setSample] = useState(0);
  const [fields, setFields] = useState(() => fieldsOf(offers[0]!.event));
  const [error, setError] = useState<string>();
  const type = offers[sample]!.event.type;
  const pick = (n: number) => {
    setSample(n);
    setFields(fieldsOf(offers[n]!.event));
    setError(undefined);
  };
  return (
    <section className="insp-panel insp-payload" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Send {title}</h3>
      {description && <p className="insp-description">{description}</p>}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const built = eventOf(type, fields);
          if ('error' in built) setError(built.error);
          else onSend(built.event);
        }}
      >
        {offers.length > 1 && (
          <label className="insp-field">
            From the sample
            <select value={sample} onChange={(e) => pick(Number(e.target.value))}>
              {offers.map((o, n) => (
                <option key={o.key} value={n}>
                  {o.label}
                </option>
              ))}
            </select>
          </label>
        )}
        {fields.length === 0 && <p className="insp-hint">This event carries nothing but its type.</p>}
        {fields.map((field, n) => {
          const change = (text: string) => setFields(fields.map((f, i) => (i === n ? { ...f, text } : f)));
          return (
            <div key={field.key} className="insp-field">
              <label htmlFor={`${id}-${field.key}`}>{field.key}</label>
              {field.kind === 'json' ? (
                <textarea
                  id={`${id}-${field.key}`}
                  rows={Math.min(8, field.text.split('\n').length)}
                  value={field.text}
                  onChange={(e) => change(e.target.value)}
                />
              ) : field.kind === 'boolean' ? (
                <select id={`${id}-${field.key}`} value={field.text} onChange={(e) => change(e.target.value)}>
                  <option value="true">true</option>
                  <option value="false">false</option>
                </select>
              ) : (
                <input
                  id={`${id}-${field.key}`}
                  type={SECRET.test(field.key) ? 'password' : field.kind === 'number' ? 'number' : 'text'}
                  value={field.text}
                  onChange={(e) => change(e.target.value)}
                  autoComplete="off"
                />
              )}
            </div>
          );
        })}
        {error && (
          <p role="alert" className="insp-error">
            {error}
          </p>
        )}
        <div className="insp-actions">
          <button type="submit">Send</button>
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}
