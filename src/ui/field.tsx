import { type InputHTMLAttributes, type TextareaHTMLAttributes, useId } from 'react';

interface Common {
  label: string;
  error?: string | null;
  hint?: string;
}
type InputFieldProps = Common & { multiline?: false } & InputHTMLAttributes<HTMLInputElement>;
type TextAreaFieldProps = Common & { multiline: true } & TextareaHTMLAttributes<HTMLTextAreaElement>;

/** A labelled input or textarea whose hint and error are announced with it (aria-describedby). */
export function Field(props: InputFieldProps | TextAreaFieldProps) {
  const id = useId();
  const { label, error, hint, multiline, ...control } = props;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const described = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const shared = { id, className: 'input', 'aria-invalid': error ? true : undefined, 'aria-describedby': described };
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {multiline ? (
        <textarea {...(control as TextareaHTMLAttributes<HTMLTextAreaElement>)} {...shared} />
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
