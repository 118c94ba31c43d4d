/** The post composer (spec §2): text, an optional photo with preview and remove, and Post. */
import { useEffect, useId, useMemo, useRef } from 'react';
import type { BusinessProfile } from '#contracts/businesses.ts';
import type { Post } from '#contracts/posts.ts';
import { composerPlaceholder, type postComposerMachine } from '#machines/post-composer.machine.ts';
import { countOf } from '#src/lib/plural.ts';
import { enabledFor, type FlowHooks, useFlowActor } from '#src/lib/use-flow-actor.ts';
import { Alert } from '#src/ui/alert.tsx';
import { Button } from '#src/ui/button.tsx';
import { CloseIcon } from '#src/ui/icons.tsx';
import { liveComposerLogic } from './dashboard.wiring.ts';

export interface PostComposerProps extends FlowHooks<typeof postComposerMachine> {
  business: BusinessProfile | null;
  firstName: string | null;
  onPosted: (post: Post) => void;
}

export function PostComposer({ business, firstName, onPosted, logic = liveComposerLogic, options }: PostComposerProps) {
  const [state, send] = useFlowActor(
    logic.provide({ actions: { reportPosted: (_, params: { post: Post }) => onPosted(params.post) } }),
    { input: { business, firstName }, options },
  );
  const { content, photo, error, postsLeft } = state.context;
  const busy = state.hasTag('busy');
  const fileInput = useRef<HTMLInputElement>(null);
  const ids = { text: useId(), error: useId() };
  // jsdom has no object URLs; the browser always does.
  const preview = useMemo(
    () => (photo?.data && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(photo.data) : null),
    [photo],
  );
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  return (
    <form
      id="post-composer"
      className="card composer"
      aria-label="New post"
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'post.submit' });
      }}
    >
      <label htmlFor={ids.text} className="visually-hidden">
        Post text
      </label>
      <textarea
        id={ids.text}
        className="composer-text"
        rows={3}
        placeholder={composerPlaceholder(firstName)}
        value={content}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? ids.error : undefined}
        onChange={(event) => send({ type: 'post.edit', content: event.target.value })}
        {...enabledFor(state, { type: 'post.edit', content: '' })}
      />
      {photo && (
        <div className="composer-preview">
          {preview ? <img src={preview} alt={`Attached: ${photo.name}`} /> : <span>{photo.name}</span>}
          <Button
            variant="secondary"
            icon
            className="composer-remove"
            aria-label="Remove photo"
            onClick={() => send({ type: 'post.removePhoto' })}
            {...enabledFor(state, { type: 'post.removePhoto' })}
          >
            <CloseIcon />
          </Button>
        </div>
      )}
      <Alert id={ids.error} text={error} />
      {postsLeft != null && !error && (
        <p className="composer-left" role="status">
          {countOf(postsLeft, 'post', 'posts')} left today
        </p>
      )}
      <div className="composer-actions">
        <input
          ref={fileInput}
          type="file"
          accept="image/jpeg,image/png,image/gif"
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file)
              send({ type: 'post.attach', photo: { name: file.name, type: file.type, size: file.size, data: file } });
          }}
        />
        <Button
          variant="secondary"
          onClick={() => fileInput.current?.click()}
          {...enabledFor(state, { type: 'post.attach', photo: { name: '', type: 'image/png', size: 0 } })}
        >
          Photo
        </Button>
        <Button type="submit" {...enabledFor(state, { type: 'post.submit' })} aria-busy={busy || undefined}>
          {busy ? 'Posting...' : 'Post'}
        </Button>
      </div>
    </form>
  );
}
