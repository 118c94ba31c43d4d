import { type InputHTMLAttributes, type TextareaHTMLAttributes, useId } from 'react';

interface Common {
  label: string;
  error?: string | null;
  hint?: string;
  /** A unit shown beside the input ("$" before, "%" after), read with it in words ("in percent"). */
  unit?: { symbol: string; words: string; after: boolean } | null;
}
type InputFieldProps = Common & { multiline?: false } & InputHTMLAttributes<HTMLInputElement>;
type TextAreaFieldProps = Common & { multiline: true } & TextareaHTMLAttributes<HTMLTextAreaElement>;

/** A labelled input or textarea whose hint and error are announced with it (aria-describedby). */
export function Field(props: InputFieldProps | TextAreaFieldProps) {
  const id = useId();
  const { label, error, hint, multiline, unit, ...control } = props;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const unitId = unit ? `${id}-unit` : undefined;
  const described = [unitId, hintId, errorId].filter(Boolean).join(' ') || undefined;
  const shared = { id, className: 'input', 'aria-invalid': error ? true : undefined, 'aria-describedby': described };
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {multiline ? (
        <textarea {...(control as TextareaHTMLAttributes<HTMLTextAreaElement>)} {...shared} />
      ) : unit ? (
        <div className={`input-with-unit${unit.after ? ' is-after' : ''}`}>
          <input {...(control as InputHTMLAttributes<HTMLInputElement>)} {...shared} />
          <span id={unitId} className="input-unit">
            <span aria-hidden="true">{unit.symbol}</span>
            <span className="visually-hidden">in {unit.words}</span>
          </span>
        </div>
      ) : (
        <input {...(control as InputHTMLAttributes<HTMLInputElement>)} {...shared} />
      )}
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
