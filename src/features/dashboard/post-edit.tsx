/**
 * A post's text on its card, edited in place: the text with an "Edit" button, or the editor with
 * Cancel and Save. The image (`children`) stays below either; other row actions (`actions`, the
 * delete button) sit beside Edit. One machine per card; tests pass `logic` and `options` (FlowHooks).
 */
import { type ReactNode, useEffect, useRef } from 'react';
import { POST_MAX_LENGTH, type Post } from '#contracts/posts.ts';
import { type postEditMachine, POST_EDIT_TEXTS as T } from '#machines/post-edit.machine.ts';
import { enabledFor, type FlowHooks, useFlowActor } from '#src/lib/use-flow-actor.ts';
import { Alert } from '#src/ui/alert.tsx';
import { Button } from '#src/ui/button.tsx';
import { livePostEditLogic } from './post-edit.wiring.ts';

export interface PostEditProps extends FlowHooks<typeof postEditMachine> {
  post: Post;
  /** After the server saved it (Your Feed reloads). */
  onPostEdit?: (post: Post) => void;
  /** The image, shown under the text while reading and editing. */
  children?: ReactNode;
  /** The card's other actions, beside "Edit". */
  actions?: ReactNode;
}

export function PostEdit({ post, onPostEdit, children, actions, logic = livePostEditLogic, options }: PostEditProps) {
  const [state, send] = useFlowActor(
    logic.provide({ actions: { reportPostEdit: (_, params: { post: Post }) => onPostEdit?.(params.post) } }),
    { input: { post }, options },
  );
  const start = { type: 'postEdit.start' } as const;
  const save = { type: 'postEdit.save' } as const;
  const cancel = { type: 'postEdit.cancel' } as const;
  const editing = !state.matches('idle');
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  // Back from the editor, focus returns to "Edit" so a keyboard user stays on the card.
  useEffect(() => {
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);
  const { content } = state.context.post;
  const about = (content || 'photo').slice(0, 40);
  return (
    <>
      {editing ? (
        <form
          className="post-card-editor"
          aria-busy={state.hasTag('busy') || undefined}
          onSubmit={(e) => {
            e.preventDefault();
            send(save);
          }}
        >
          <textarea
            aria-label={T.label}
            value={state.context.draft}
            maxLength={POST_MAX_LENGTH}
            rows={3}
            // biome-ignore lint/a11y/noAutofocus: the editor opens on a press of "Edit"; typing goes there
            autoFocus
            readOnly={state.hasTag('busy')}
            onChange={(e) => send({ type: 'postEdit.change', content: e.target.value })}
            onKeyDown={(e) => {
              if (e.key === 'Escape') send(cancel);
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) send(save);
            }}
          />
          <Alert text={state.context.error} />
          <div className="post-card-actions">
            <Button variant="secondary" {...enabledFor(state, cancel)} onClick={() => send(cancel)}>
              {T.cancel}
            </Button>
            <Button type="submit" {...enabledFor(state, save)}>
              {state.hasTag('busy') ? T.busy : T.save}
            </Button>
          </div>
        </form>
      ) : (
        content && <p className="post-card-content">{content}</p>
      )}
      {children}
      {!editing && (
        <div className="post-card-actions">
          <Button
            ref={editButton}
            variant="ghost"
            aria-label={`${T.start}: ${about}`}
            {...enabledFor(state, start)}
            onClick={() => send(start)}
          >
            {T.start}
          </Button>
          {actions}
        </div>
      )}
    </>
  );
}
