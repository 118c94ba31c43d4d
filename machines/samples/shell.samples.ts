import { defineEntry } from '../lib/entry.ts';
import { shellMachine } from '../shell.machine.ts';

export const shellEntry = defineEntry({
  machine: shellMachine,
  title: 'Shell: sidebar, phone drawer, navigation groups and top-bar overlays',
  samples: [
    { type: 'sidebar.toggle', narrow: false },
    { type: 'sidebar.toggle', narrow: true },
    { type: 'drawer.close' },
    { type: 'group.toggle', group: 'vouchers' },
    { type: 'group.toggle', group: 'bookings' },
    { type: 'route.changed', path: '/vouchers/redeem', group: 'vouchers' },
    { type: 'route.changed', path: '/bookings/calendar', group: 'bookings' },
    { type: 'route.changed', path: '/customers', group: null },
    { type: 'panel.open', panel: 'messages' },
    { type: 'panel.open', panel: 'profile' },
    { type: 'panel.close' },
  ],
  uiKey: (s) => s.value,
  // Four independent regions: every transition once, not once per combination of the other regions.
  coverage: 'each-transition-once',
});
