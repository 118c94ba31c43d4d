/**
 * Post delete: the button, the question and its failure. The view renders the machine and sends its
 * events; tests pass `logic` and `options` (FlowHooks) to run it on fakes. In a list, render one per
 * row and pass the hooks through the row component.
 */
import { POST_DELETE_TEXTS, type postDeleteMachine } from '#machines/post-delete.machine.ts';
import { enabledFor, type FlowHooks, useFlowActor } from '#src/lib/use-flow-actor.ts';
import { Button } from '#src/ui/button.tsx';
import { ConfirmDialog } from '#src/ui/confirm-dialog.tsx';
import { livePostDeleteLogic } from './post-delete.wiring.ts';

export interface PostDeleteProps extends FlowHooks<typeof postDeleteMachine> {
  id: string;
  /** What the row is, for the button's accessible name in a list ("Delete: Fresh bread"). */
  about?: string;
  /** After the server took it (reload the list, say so). */
  onPostDelete?: (id: string) => void;
}

export function PostDelete({ id, about, onPostDelete, logic = livePostDeleteLogic, options }: PostDeleteProps) {
  const [state, send] = useFlowActor(
    logic.provide({ actions: { reportPostDelete: (_, params: { id: string }) => onPostDelete?.(params.id) } }),
    { input: { id }, options },
  );
  const start = { type: 'postDelete.start' } as const;
  const cancel = { type: 'postDelete.cancel' } as const;
  const confirm = { type: 'postDelete.confirm' } as const;
  return (
    <>
      <Button
        variant="secondary"
        aria-label={about ? `${POST_DELETE_TEXTS.start}: ${about}` : undefined}
        {...enabledFor(state, start)}
        onClick={() => send(start)}
      >
        {POST_DELETE_TEXTS.start}
      </Button>
      {state.hasTag('confirm') && (
        <ConfirmDialog
          title={POST_DELETE_TEXTS.title}
          busy={state.hasTag('busy')}
          error={state.context.error}
          cancel={{ onClick: () => send(cancel), control: enabledFor(state, cancel) }}
          confirm={{
            label: POST_DELETE_TEXTS.confirm,
            busyLabel: POST_DELETE_TEXTS.busy,
            onClick: () => send(confirm),
            control: enabledFor(state, confirm),
          }}
        >
          <p className="confirm-warning">{POST_DELETE_TEXTS.question}</p>
        </ConfirmDialog>
      )}
    </>
  );
}
