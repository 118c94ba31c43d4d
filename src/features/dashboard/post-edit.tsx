/**
 * Post edit: the button, the question and its failure. The view renders the machine and sends its
 * events; tests pass `logic` and `options` (FlowHooks) to run it on fakes. In a list, render one per
 * row and pass the hooks through the row component.
 */
import { POST_EDIT_TEXTS, type postEditMachine } from '#machines/post-edit.machine.ts';
import { enabledFor, type FlowHooks, useFlowActor } from '#src/lib/use-flow-actor.ts';
import { Button } from '#src/ui/button.tsx';
import { ConfirmDialog } from '#src/ui/confirm-dialog.tsx';
import { livePostEditLogic } from './post-edit.wiring.ts';

export interface PostEditProps extends FlowHooks<typeof postEditMachine> {
  id: string;
  /** What the row is, for the button's accessible name in a list ("Delete: Fresh bread"). */
  about?: string;
  /** After the server took it (reload the list, say so). */
  onPostEdit?: (id: string) => void;
}

export function PostEdit({ id, about, onPostEdit, logic = livePostEditLogic, options }: PostEditProps) {
  const [state, send] = useFlowActor(
    logic.provide({ actions: { reportPostEdit: (_, params: { id: string }) => onPostEdit?.(params.id) } }),
    { input: { id }, options },
  );
  const start = { type: 'postEdit.start' } as const;
  const cancel = { type: 'postEdit.cancel' } as const;
  const confirm = { type: 'postEdit.confirm' } as const;
  return (
    <>
      <Button
        variant="secondary"
        aria-label={about ? `${POST_EDIT_TEXTS.start}: ${about}` : undefined}
        {...enabledFor(state, start)}
        onClick={() => send(start)}
      >
        {POST_EDIT_TEXTS.start}
      </Button>
      {state.hasTag('confirm') && (
        <ConfirmDialog
          title={POST_EDIT_TEXTS.title}
          busy={state.hasTag('busy')}
          error={state.context.error}
          cancel={{ onClick: () => send(cancel), control: enabledFor(state, cancel) }}
          confirm={{
            label: POST_EDIT_TEXTS.confirm,
            busyLabel: POST_EDIT_TEXTS.busy,
            onClick: () => send(confirm),
            control: enabledFor(state, confirm),
          }}
        >
          <p className="confirm-warning">{POST_EDIT_TEXTS.question}</p>
        </ConfirmDialog>
      )}
    </>
  );
}
