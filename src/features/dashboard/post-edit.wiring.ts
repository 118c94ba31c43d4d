/** The real effect of editing a post. */
import { postEditMachine } from '#machines/post-edit.machine.ts';
import { apiEffect } from '#src/api/effect.ts';
import { updatePost } from '#src/api/posts.ts';

export const livePostEditLogic = postEditMachine.provide({
  actors: {
    runPostEdit: apiEffect(({ postid, ...body }, signal) => updatePost(postid, body, signal)),
  },
});
