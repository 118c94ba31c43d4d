import type { ReactNode } from 'react';

/** A message that takes the whole viewport: loading, configuration failure, crash. */
export function FullScreen({ children, busy }: { children: ReactNode; busy?: boolean }) {
  return (
    <main className="fullscreen" aria-busy={busy || undefined}>
      <div className="fullscreen-box">{children}</div>
    </main>
  );
}
