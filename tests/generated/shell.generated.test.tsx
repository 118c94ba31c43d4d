/**
 * Every transition of the shell machine, played through the REAL shell (sidebar, phone drawer,
 * navigation groups, top-bar overlays) and checked on screen. A parallel machine: the covering set takes
 * each transition once rather than once per combination of the other regions (PATHS=full for those).
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, expect } from 'vitest';
import { sampleBusiness as business } from '#machines/samples/session.samples.ts';
import { shellEntry } from '#machines/samples/shell.samples.ts';
import { Shell } from '#src/app/shell.tsx';
import { describeFlow } from '#tests/generated/harness.tsx';
import { noConversations } from '../unit/messaging-fakes.ts';

/** Phone or desktop, as the shell asks the browser (matchMedia) when the toggle is pressed. */
function screenIsNarrow(narrow: boolean) {
  window.matchMedia = ((query: string) => ({ matches: narrow, media: query }) as MediaQueryList) as typeof matchMedia;
}
afterEach(() => screenIsNarrow(false));

// The Business Profile dialog is a lazily loaded chunk (the QR library). Loading it for the first time
// inside a path, under findBy's one-second wait, made "panel.open → panel.close" fail on a busy machine;
// the app warms the chunk on hover, the tests load it once up front.
beforeAll(() => import('#src/features/profile/profile-modal.tsx'), 30_000);

const shell = () => document.querySelector('.shell')!;
const groupButton = (name: 'Vouchers' | 'Bookings') => screen.getByRole('button', { name });
const dialog = (name: string) => screen.queryByRole('dialog', { name });

/** One group open at most, and its links visible only while it is. */
function expectGroups(open: 'Vouchers' | 'Bookings' | null) {
  for (const name of ['Vouchers', 'Bookings'] as const) {
    expect(groupButton(name).getAttribute('aria-expanded'), name).toBe(String(open === name));
  }
  expect(screen.queryByRole('link', { name: 'Management' }) !== null).toBe(open === 'Vouchers');
  expect(screen.queryByRole('link', { name: 'Calendar' }) !== null).toBe(open === 'Bookings');
}

describeFlow(shellEntry, {
  url: '/',
  render: (_hooks, flow) => {
    screenIsNarrow(false);
    return (
      <Shell
        memberRole="owner"
        business={business}
        onSignOut={flow.spy('onSignOut')}
        onBusinessUpdated={flow.spy('onBusinessUpdated')}
        conversationsLogic={noConversations}
      >
        <h1>Page</h1>
      </Shell>
    );
  },
  perform: {
    'sidebar.toggle': (e) => {
      screenIsNarrow(e.narrow);
      fireEvent.click(screen.getByRole('button', { name: 'Toggle sidebar' }));
    },
    // The backdrop, not Escape: Escape would also close an overlay that is open at the same time.
    'drawer.close': () => fireEvent.click(shell().querySelector('.drawer-backdrop')!),
    'group.toggle': (e) => fireEvent.click(groupButton(e.group === 'vouchers' ? 'Vouchers' : 'Bookings')),
    // Going to the page already open changes nothing in a browser. A path (PATHS=full) may ask for it;
    // pass through the dashboard, whose route changes nothing in the shell that this step would not.
    'route.changed': (e, flow) => {
      if (flow.location() === e.path) flow.navigate('/');
      flow.navigate(e.path);
    },
    'panel.open': async (e) => {
      fireEvent.click(screen.getByRole('button', { name: e.panel === 'messages' ? 'Messages' : 'Profile' }));
      // The Business Profile dialog is its own chunk: wait for it to load, as a person would.
      if (e.panel === 'profile') await screen.findByRole('dialog', { name: 'Business Profile' });
    },
    'panel.close': async () => {
      if (dialog('Business Profile')) fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
      else fireEvent.click(screen.getByRole('button', { name: 'Close' }));
      // The profile dialog's own flow starts in an effect once its chunk has rendered (useActorRef), and an
      // event sent before that waits in the flow's mailbox. findByRole can see the dialog between React's
      // commit and that effect; a click then closed the dialog a moment later, after the check (a CI run
      // on a busy machine, 2026-11-28). Wait, as a person would, for the dialog to go.
      await waitFor(() => {
        expect(dialog('Business Profile')).toBeNull();
        expect(dialog('Messages')).toBeNull();
      });
    },
  },
  expectUi: {
    'sidebar.expanded': () => expect(shell().classList.contains('is-collapsed')).toBe(false),
    'sidebar.collapsed': () => expect(shell().classList.contains('is-collapsed')).toBe(true),
    'drawer.closed': () => {
      expect(shell().classList.contains('is-drawer-open')).toBe(false);
      expect(shell().querySelector('.drawer-backdrop')).toBeNull();
    },
    'drawer.open': () => {
      expect(shell().classList.contains('is-drawer-open')).toBe(true);
      expect(shell().querySelector('.drawer-backdrop')).not.toBeNull();
    },
    // A collapsed sidebar shows icons only: no group is shown open, whatever the machine remembers.
    'groups.none': () => expectGroups(null),
    'groups.vouchers': (s) => expectGroups(s.matches({ sidebar: 'collapsed' }) ? null : 'Vouchers'),
    'groups.bookings': (s) => expectGroups(s.matches({ sidebar: 'collapsed' }) ? null : 'Bookings'),
    'panel.none': () => {
      expect(dialog('Messages')).toBeNull();
      expect(dialog('Business Profile')).toBeNull();
    },
    'panel.messages': () => {
      expect(dialog('Messages')).not.toBeNull();
      expect(dialog('Business Profile')).toBeNull();
    },
    'panel.profile': () => {
      expect(dialog('Business Profile')).not.toBeNull();
      expect(dialog('Messages')).toBeNull();
    },
  },
});
