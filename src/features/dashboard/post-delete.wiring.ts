/** The real effect of Post delete. */
import { postDeleteMachine } from '#machines/post-delete.machine.ts';
import { apiEffect } from '#src/api/effect.ts';
import { deletePost } from '#src/api/posts.ts';

export const livePostDeleteLogic = postDeleteMachine.provide({
  actors: {
    runPostDelete: apiEffect(({ id }, signal) => deletePost(id, signal)),
  },
});
