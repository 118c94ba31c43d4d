/** The real effects of the Business Profile machine: the device location, the API, the printer. */
import { fromPromise } from 'xstate';
import { businessProfileMachine, type LocateFailure } from '#machines/business-profile.machine.ts';
import { updateChecklist, updateMyBusiness } from '#src/api/businesses.ts';
import { apiEffect } from '#src/api/effect.ts';

const locate = fromPromise<{ latitude: number; longitude: number }, void>(
  () =>
    new Promise((resolve, reject) => {
      if (!('geolocation' in navigator)) {
        reject({ code: 'unsupported' } satisfies LocateFailure);
        return;
      }
      navigator.geolocation.getCurrentPosition(
        ({ coords }) => resolve({ latitude: coords.latitude, longitude: coords.longitude }),
        (error) => reject({ code: error.code } satisfies LocateFailure),
        { enableHighAccuracy: false, timeout: 15_000, maximumAge: 60_000 },
      );
    }),
);

/**
 * The print stylesheet (shell.css) hides everything but the QR card while <html> has .print-qr. The
 * getting-started checklist's QR step is marked on the server (issue 26); a failure there costs nothing
 * but the tick, so it is not shown.
 */
function printQr() {
  void updateChecklist({ qrShared: true }).catch(() => undefined);
  const root = document.documentElement;
  root.classList.add('print-qr');
  const done = () => root.classList.remove('print-qr');
  window.addEventListener('afterprint', done, { once: true });
  window.print();
  // Browsers that print asynchronously still fire afterprint; the rest return from print() when done.
  setTimeout(done, 1000);
}

export const liveProfileLogic = businessProfileMachine.provide({
  actors: {
    locate,
    // The machine owns the fallback text, so the message here is only what the server or network said.
    saveProfile: apiEffect((profile, signal) => updateMyBusiness(profile, signal)),
  },
  actions: { printQr },
});
