/** The component tree of the portal: crash guard, inspector, the session actor, then the routes. */
import type { ReactNode } from 'react';
import { type Inspect, InspectContext } from '#src/lib/inspect.ts';
import { ErrorBoundary } from './error-boundary.tsx';
import { AppRoutes } from './routes.tsx';
import { liveSessionLogic, SessionContext } from './session.ts';

export interface AppProps {
  /** Tests pass the session machine with fake effects. */
  sessionLogic?: typeof liveSessionLogic;
  inspect?: Inspect;
  /** Development extras (the inspector button). */
  devtools?: ReactNode;
}

export function App({ sessionLogic = liveSessionLogic, inspect, devtools }: AppProps) {
  return (
    <ErrorBoundary>
      <InspectContext.Provider value={inspect}>
        <SessionContext.Provider logic={sessionLogic} options={{ inspect }}>
          <AppRoutes />
        </SessionContext.Provider>
      </InspectContext.Provider>
      {devtools}
    </ErrorBoundary>
  );
}
