import { Button } from './button.tsx';

/** A part of a page that could not load: the screen's own error text (spec §8) and "Try again". */
export function LoadError({
  text,
  onRetry,
  event = 'load.retry',
}: {
  text: string;
  onRetry: () => void;
  event?: string;
}) {
  return (
    <div className="alert alert-error load-error" role="alert">
      <span>{text}</span>
      <Button variant="secondary" onClick={onRetry} data-event={event}>
        Try again
      </Button>
    </div>
  );
}
