import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '#src/ui/button.tsx';
import { FullScreen } from '#src/ui/full-screen.tsx';

interface State {
  failed: boolean;
}

/** Last line of defence (spec §2): a crash anywhere below shows a way out instead of a blank page. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('The portal crashed:', error.message, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <FullScreen>
        <h1>Something went wrong.</h1>
        <p>Please refresh the page. If it keeps happening, try again in a few minutes.</p>
        <Button onClick={() => window.location.reload()}>Refresh the Page</Button>
      </FullScreen>
    );
  }
}
