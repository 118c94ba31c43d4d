/** The real effect of Post edit. */
import { postEditMachine } from '#machines/post-edit.machine.ts';
import { apiEffect } from '#src/api/effect.ts';

export const livePostEditLogic = postEditMachine.provide({
  actors: {
    // Call the API here (a function of src/api/<area>.ts): apiEffect(({ id }, signal) => deleteThing(id, signal)).
    runPostEdit: apiEffect(async ({ id }) => {
      throw new Error(`runPostEdit(${id}) is not wired yet`);
    }),
  },
});
