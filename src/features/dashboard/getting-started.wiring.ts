/** The real effects of the getting-started checklist: read it, dismiss it. */
import { gettingStartedMachine } from '#machines/getting-started.machine.ts';
import { getChecklist, updateChecklist } from '#src/api/businesses.ts';
import { apiEffect } from '#src/api/effect.ts';

export const liveGettingStartedLogic = gettingStartedMachine.provide({
  actors: {
    loadChecklist: apiEffect((_, signal) => getChecklist(signal)),
    dismissChecklist: apiEffect((_, signal) => updateChecklist({ dismissed: true }, signal)),
  },
});
