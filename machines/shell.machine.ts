/**
 * The app shell's UI toggles: the desktop sidebar (expanded or icons only), the phone drawer, which
 * navigation group is open (one at a time), and which overlay (Messages panel, Business Profile) is up.
 * No effects: it is a small machine so views hold no ad-hoc booleans and the QA plan can list the toggles.
 */
import { and, assertEvent, setup, stateIn } from 'xstate';

export type NavGroup = 'vouchers' | 'bookings';
export type ShellPanel = 'messages' | 'profile';

export type ShellEvent =
  /** `narrow` is true on phone-sized screens, where the sidebar is an off-canvas drawer. */
  | { type: 'sidebar.toggle'; narrow: boolean }
  | { type: 'drawer.close' }
  | { type: 'group.toggle'; group: NavGroup }
  /** `group`: the navigation group of the new page (src/app/pages.ts), null outside both groups. */
  | { type: 'route.changed'; path: string; group: NavGroup | null }
  | { type: 'panel.open'; panel: ShellPanel }
  | { type: 'panel.close' };

const eventGroup = (event: ShellEvent): NavGroup | null =>
  event.type === 'group.toggle' || event.type === 'route.changed' ? event.group : null;

export const shellMachine = setup({
  types: { events: {} as ShellEvent },
  guards: {
    isNarrow: ({ event }) => event.type === 'sidebar.toggle' && event.narrow,
    isWide: ({ event }) => event.type === 'sidebar.toggle' && !event.narrow,
    isVouchers: ({ event }) => eventGroup(event) === 'vouchers',
    isBookings: ({ event }) => eventGroup(event) === 'bookings',
    sidebarExpanded: stateIn({ sidebar: 'expanded' }),
    isMessages: ({ event }) => {
      assertEvent(event, 'panel.open');
      return event.panel === 'messages';
    },
  },
}).createMachine({
  id: 'shell',
  type: 'parallel',
  states: {
    sidebar: {
      description: 'The sidebar on tablet and desktop screens',
      initial: 'expanded',
      states: {
        expanded: {
          description: 'The sidebar shows icons and labels',
          on: {
            'sidebar.toggle': {
              guard: 'isWide',
              target: 'collapsed',
              description: 'Press "Toggle sidebar" on a wide screen',
            },
          },
        },
        collapsed: {
          description: 'The sidebar shows icons only; hovering an icon shows its label',
          on: {
            'sidebar.toggle': {
              guard: 'isWide',
              target: 'expanded',
              description: 'Press "Toggle sidebar" on a wide screen',
            },
            'group.toggle': { target: 'expanded', description: 'Press the Vouchers or Bookings icon' },
          },
        },
      },
    },
    drawer: {
      description: 'The sidebar on phone-sized screens',
      initial: 'closed',
      states: {
        closed: {
          description: 'The navigation drawer is hidden',
          on: {
            'sidebar.toggle': {
              guard: 'isNarrow',
              target: 'open',
              description: 'Press "Toggle sidebar" on a phone',
            },
          },
        },
        open: {
          description: 'The navigation drawer slides over the page with a dimmed backdrop',
          on: {
            'sidebar.toggle': {
              guard: 'isNarrow',
              target: 'closed',
              description: 'Press "Toggle sidebar" on a phone again',
            },
            'drawer.close': {
              target: 'closed',
              description: 'Press "Close menu" at the top of the drawer, press Escape, or tap the dimmed backdrop',
            },
            'route.changed': { target: 'closed', description: 'Follow a link in the drawer' },
          },
        },
      },
    },
    groups: {
      description: 'The Vouchers and Bookings groups of the navigation; at most one is open',
      initial: 'none',
      states: {
        none: {
          description: 'Both groups are closed',
          on: {
            'group.toggle': [
              { guard: 'isVouchers', target: 'vouchers', description: 'Press "Vouchers"' },
              { guard: 'isBookings', target: 'bookings', description: 'Press "Bookings"' },
            ],
            'route.changed': [
              { guard: 'isVouchers', target: 'vouchers', description: 'Go to a Vouchers page' },
              { guard: 'isBookings', target: 'bookings', description: 'Go to a Bookings page' },
            ],
          },
        },
        vouchers: {
          description:
            'The Vouchers group is open: Management and Redeem Code show under it while the sidebar shows labels',
          on: {
            'group.toggle': [
              {
                guard: and(['isVouchers', 'sidebarExpanded']),
                target: 'none',
                description: 'Press "Vouchers" again',
              },
              { guard: 'isBookings', target: 'bookings', description: 'Press "Bookings"; Vouchers closes' },
            ],
            'route.changed': {
              guard: 'isBookings',
              target: 'bookings',
              description: 'Go to a Bookings page; Vouchers closes',
            },
          },
        },
        bookings: {
          description: 'The Bookings group is open: Calendar and Setup show under it while the sidebar shows labels',
          on: {
            'group.toggle': [
              {
                guard: and(['isBookings', 'sidebarExpanded']),
                target: 'none',
                description: 'Press "Bookings" again',
              },
              { guard: 'isVouchers', target: 'vouchers', description: 'Press "Vouchers"; Bookings closes' },
            ],
            'route.changed': {
              guard: 'isVouchers',
              target: 'vouchers',
              description: 'Go to a Vouchers page; Bookings closes',
            },
          },
        },
      },
    },
    panel: {
      description: 'The overlays opened from the top bar',
      initial: 'none',
      states: {
        none: {
          description: 'No overlay is open',
          on: {
            'panel.open': [
              { guard: 'isMessages', target: 'messages', description: 'Press "Messages"' },
              { target: 'profile', description: 'Press "Profile"' },
            ],
          },
        },
        messages: {
          description: 'The Messages panel is open',
          on: { 'panel.close': { target: 'none', description: 'Close the Messages panel (Close or Escape)' } },
        },
        profile: {
          description: 'The Business Profile dialog is open',
          on: {
            'panel.close': { target: 'none', description: 'The Business Profile dialog closes (saved or cancelled)' },
          },
        },
      },
    },
  },
});
