/** Samples for the shell: the sidebar toggle on wide and narrow screens, the groups, the top-bar overlays. */
import { defineEntry, note } from '../lib/entry.ts';
import { shellMachine } from '../shell.machine.ts';
import { demoOwner, PORTAL_URL } from './demo.samples.ts';

const goTo = (path: string, link: string) =>
  note({ type: 'route.changed', path }, { action: `Go to ${PORTAL_URL}${path} (${link} in the sidebar)` });

export const shellEntry = defineEntry({
  machine: shellMachine,
  title: 'Shell: sidebar, phone drawer, navigation groups and top-bar overlays',
  samples: [
    note(
      { type: 'sidebar.toggle', narrow: false },
      { action: 'With the window wider than 768 px, press "Toggle sidebar" in the top bar' },
    ),
    note(
      { type: 'sidebar.toggle', narrow: true },
      {
        action:
          'With the window at most 768 px wide (e.g. DevTools device mode at 375 px), press "Toggle sidebar" in the top bar',
      },
    ),
    note({ type: 'drawer.close' }, { say: 'tap the dimmed backdrop beside the drawer' }),
    note({ type: 'group.toggle', group: 'vouchers' }, { action: 'Press "Vouchers" in the sidebar' }),
    note({ type: 'group.toggle', group: 'bookings' }, { action: 'Press "Bookings" in the sidebar' }),
    goTo('/vouchers/redeem', 'Redeem Code'),
    goTo('/bookings/calendar', 'Calendar'),
    goTo('/customers', 'Customers'),
    note({ type: 'panel.open', panel: 'messages' }, { action: 'Press "Messages" in the top bar' }),
    note({ type: 'panel.open', panel: 'profile' }, { action: 'Press "Profile" in the top bar' }),
    { type: 'panel.close' },
  ],
  uiKey: (s) => s.value,
  plan: {
    start: { url: '/', signedInAs: demoOwner, note: 'Use a window wider than 768 px unless a step says otherwise' },
    test: 'tests/generated/shell.generated.test.tsx',
  },
});
