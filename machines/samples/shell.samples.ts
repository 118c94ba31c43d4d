/** Samples for the shell: the sidebar toggle on wide and narrow screens, the groups, the top-bar overlays. */
import type { AnyMachineSnapshot } from 'xstate';
import { defineEntry, note } from '../lib/entry.ts';
import { type NavGroup, shellMachine } from '../shell.machine.ts';
import { demoOwner, PORTAL_URL } from './demo.samples.ts';

/**
 * A page of a group is reached by its link while the group is open and the sidebar (or the phone drawer)
 * shows labels; otherwise only by typing its address, which reloads the portal and so resets the
 * sidebar, the drawer and the overlays: that is the same as the path only where they are at rest.
 */
const goTo = (path: string, link: string, group: NavGroup | null) =>
  note(
    // `group` is the page's navigation group, as src/app/pages.ts gives it.
    { type: 'route.changed', path, group },
    {
      action: group
        ? `Go to ${PORTAL_URL}${path}: press "${link}" in the sidebar, or type the address while the link is hidden`
        : `Press "${link}" in the sidebar (${PORTAL_URL}${path})`,
      notByHandIn: (s) => {
        const labelsShown = s.matches({ drawer: 'open' }) || s.matches({ sidebar: 'expanded' });
        if (!group || (labelsShown && s.matches({ groups: group }))) return undefined;
        const atRest = s.matches({ sidebar: 'expanded', drawer: 'closed', panel: 'none' });
        return atRest
          ? undefined
          : `"${link}" is hidden here, and typing the address reloads the portal, which resets the sidebar`;
      },
    },
  );

/** The open drawer's backdrop lies over the top bar: its buttons cannot be pressed until the drawer closes. */
const underDrawer = (s: AnyMachineSnapshot) =>
  s.matches({ drawer: 'open' })
    ? "The open drawer's backdrop covers the top bar, so its buttons cannot be pressed"
    : undefined;

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
        // The open drawer lies over the top bar's toggle, so a person closes it with Escape or the backdrop.
        notByHandIn: (s) =>
          s.matches({ drawer: 'open' })
            ? 'The open drawer covers "Toggle sidebar", so it cannot be pressed'
            : undefined,
      },
    ),
    { type: 'drawer.close' },
    note({ type: 'group.toggle', group: 'vouchers' }, { action: 'Press "Vouchers" in the sidebar' }),
    note({ type: 'group.toggle', group: 'bookings' }, { action: 'Press "Bookings" in the sidebar' }),
    goTo('/vouchers/redeem', 'Redeem Code', 'vouchers'),
    goTo('/bookings/calendar', 'Calendar', 'bookings'),
    goTo('/customers', 'Customers', null),
    note(
      { type: 'panel.open', panel: 'messages' },
      { action: 'Press "Messages" in the top bar', notByHandIn: underDrawer },
    ),
    note(
      { type: 'panel.open', panel: 'profile' },
      { action: 'Press "Profile" in the top bar', notByHandIn: underDrawer },
    ),
    { type: 'panel.close' },
  ],
  uiKey: (s) => s.value,
  plan: {
    start: { url: '/', signedInAs: demoOwner, note: 'Use a window wider than 768 px unless a step says otherwise' },
    test: 'tests/generated/shell.generated.test.tsx',
  },
});
