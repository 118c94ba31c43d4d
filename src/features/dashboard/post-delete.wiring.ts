/** The real effect of Post delete. */
import { postDeleteMachine } from '#machines/post-delete.machine.ts';
import { apiEffect } from '#src/api/effect.ts';

export const livePostDeleteLogic = postDeleteMachine.provide({
  actors: {
    // Call the API here (a function of src/api/<area>.ts): apiEffect(({ id }, signal) => deleteThing(id, signal)).
    runPostDelete: apiEffect(async ({ id }) => {
      throw new Error(`runPostDelete(${id}) is not wired yet`);
    }),
  },
});
