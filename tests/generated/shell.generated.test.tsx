/**
 * Every transition of the shell machine, played through the REAL shell (sidebar, phone drawer,
 * navigation groups, top-bar overlays) and checked on screen. A parallel machine: the paths take each
 * transition once rather than once per combination of the other regions (coverage 'each-transition-once').
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { SimulatedClock } from 'xstate';
import { sampleBusiness as business } from '#machines/samples/session.samples.ts';
import { shellEntry } from '#machines/samples/shell.samples.ts';
import { Shell } from '#src/app/shell.tsx';
import { InspectContext } from '#src/lib/inspect.ts';
import { describeMachinePaths, type Mounted, recorder } from '#tests/generated/harness.tsx';

/** Phone or desktop, as the shell asks the browser (matchMedia) when the toggle is pressed. */
function screenIsNarrow(narrow: boolean) {
  window.matchMedia = ((query: string) => ({ matches: narrow, media: query }) as MediaQueryList) as typeof matchMedia;
}
afterEach(() => screenIsNarrow(false));

function mount() {
  screenIsNarrow(false);
  const rec = recorder();
  const location = memoryLocation({ path: '/', record: true });
  const { container } = render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <InspectContext.Provider value={rec.inspect}>
        <Shell business={business} onSignOut={vi.fn()} onBusinessUpdated={vi.fn()}>
          <h1>Page</h1>
        </Shell>
      </InspectContext.Provider>
    </Router>,
  );
  const shell = container.querySelector('.shell')!;
  return { fakes: {}, clock: new SimulatedClock(), recorder: rec, location, shell } satisfies Mounted &
    Record<string, unknown>;
}
type M = ReturnType<typeof mount>;

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

describeMachinePaths(shellEntry, {
  mount,
  perform: {
    'sidebar.toggle': (e) => {
      screenIsNarrow(e.narrow);
      fireEvent.click(screen.getByRole('button', { name: 'Toggle sidebar' }));
    },
    // The backdrop, not Escape: Escape would also close an overlay that is open at the same time.
    'drawer.close': (_e, m: M) => fireEvent.click(m.shell.querySelector('.drawer-backdrop')!),
    'group.toggle': (e) => fireEvent.click(groupButton(e.group === 'vouchers' ? 'Vouchers' : 'Bookings')),
    'route.changed': (e, m: M) => act(() => m.location.navigate(e.path)),
    'panel.open': async (e) => {
      fireEvent.click(screen.getByRole('button', { name: e.panel === 'messages' ? 'Messages' : 'Profile' }));
      // The Business Profile dialog is its own chunk: wait for it to load, as a person would.
      if (e.panel === 'profile') await screen.findByRole('dialog', { name: 'Business Profile' });
    },
    'panel.close': () => {
      if (dialog('Business Profile')) fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
      else fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    },
  },
  expectUi: {
    'sidebar.expanded': (_s, m: M) => expect(m.shell.classList.contains('is-collapsed')).toBe(false),
    'sidebar.collapsed': (_s, m: M) => expect(m.shell.classList.contains('is-collapsed')).toBe(true),
    'drawer.closed': (_s, m: M) => {
      expect(m.shell.classList.contains('is-drawer-open')).toBe(false);
      expect(m.shell.querySelector('.drawer-backdrop')).toBeNull();
    },
    'drawer.open': (_s, m: M) => {
      expect(m.shell.classList.contains('is-drawer-open')).toBe(true);
      expect(m.shell.querySelector('.drawer-backdrop')).not.toBeNull();
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
