import { Alert } from './alert.tsx';
import { Button } from './button.tsx';

/** A part of a page that could not load: the screen's own error text (spec §8) and "Try again". */
export function LoadError({
  text,
  onRetry,
  event = 'load.retry',
  disabled,
}: {
  text: string | null;
  onRetry: () => void;
  event?: string;
  /** For a retry the machine does not take right now (pass `enabledFor(...).disabled`). */
  disabled?: boolean;
}) {
  return (
    <Alert text={text} className="load-error">
      <Button variant="secondary" onClick={onRetry} data-event={event} disabled={disabled}>
        Try again
      </Button>
    </Alert>
  );
}
