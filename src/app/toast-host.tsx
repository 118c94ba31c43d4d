/**
 * Runs the toast machine for everything below it: `useToast()(text)` shows a confirmation in the status
 * region (src/ui/toast.tsx) for a few seconds. The shell puts one around every signed-in page.
 */
import { type ReactNode, useCallback } from 'react';
import { toastMachine } from '#machines/toast.machine.ts';
import { enabledFor, type FlowHooks, useFlowActor } from '#src/lib/use-flow-actor.ts';
import { ToastContext, ToastRegion } from '#src/ui/toast.tsx';

export interface ToastHostProps extends FlowHooks<typeof toastMachine> {
  children: ReactNode;
}

export function ToastHost({ children, logic = toastMachine, options }: ToastHostProps) {
  const [state, send] = useFlowActor(logic, { options });
  const notify = useCallback((text: string) => send({ type: 'toast.show', text }), [send]);
  return (
    <ToastContext.Provider value={notify}>
      {children}
      <ToastRegion
        text={state.context.text}
        onDismiss={() => send({ type: 'toast.dismiss' })}
        dismissControl={enabledFor(state, { type: 'toast.dismiss' })}
      />
    </ToastContext.Provider>
  );
}
