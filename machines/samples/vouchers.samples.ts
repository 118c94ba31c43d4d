/** Samples for the voucher screens: Voucher Management, the voucher form, and Redeem a Voucher. */
import type { AnyEventObject } from 'xstate';
import { READY, type Voucher, type VoucherType } from '#contracts/vouchers.ts';
import { defineEntry, done, fail, note, stateAndError } from '../lib/entry.ts';
import { redeemMachine } from '../redeem.machine.ts';
import { draftErrors, voucherFormMachine } from '../voucher-form.machine.ts';
import { vouchersMachine } from '../vouchers.machine.ts';
import { demoBusiness, demoOwner } from './demo.samples.ts';

const stopServer = 'stop the server (Ctrl+C where `npm start` runs) and start it again after this step';
const networkFailure = 'An unknown network error occurred.';
const blockPattern = (pattern: string) =>
  `In DevTools → Network → Network request blocking, block the pattern \`${pattern}\` (remove the block after this scenario)`;

/** The voucher types every installation has (server/seed/catalogue.ts VOUCHER_TYPES). */
export const demoVoucherTypes: VoucherType[] = [
  { vouchertypeid: 1, typename: 'Percentage Discount' },
  { vouchertypeid: 2, typename: 'Fixed Amount' },
  { vouchertypeid: 3, typename: 'Free Item' },
  { vouchertypeid: 4, typename: 'Buy One Get One' },
];

/** The demo business's first active voucher (server/seed/vouchers.ts). */
export const demoVoucher: Voucher = {
  voucherid: '5b0c7d3e-2f1a-4c8b-9d6e-7a5b4c3d2e1f',
  title: 'Free pastry with any coffee',
  description: 'Choose any pastry from the counter with a hot drink.',
  vouchertypeid: 3,
  voucher_type: 'Free Item',
  value: '3.50',
  rules: 'One per customer per visit. Not valid with other offers.',
  startdate: '2026-11-01',
  enddate: '2026-12-31',
  isactive: true,
  deletedat: null,
  deleted_by_email: null,
  issued_count: 12,
  redeemed_count: 5,
};

/** The demo business's archived voucher. */
export const demoArchivedVoucher: Voucher = {
  ...demoVoucher,
  voucherid: '6c1d8e4f-3a2b-4d9c-8e7f-8b6c5d4e3f2a',
  title: 'Pumpkin spice latte',
  description: 'A pumpkin spice latte of any size on us.',
  vouchertypeid: 3,
  voucher_type: 'Free Item',
  value: '4.20',
  isactive: true,
  deletedat: '2026-09-30T17:00:00.000Z',
  deleted_by_email: demoOwner.email,
};

export const vouchersEntry = defineEntry({
  machine: vouchersMachine,
  title: 'Voucher Management (/vouchers)',
  samples: [
    note({ type: 'vouchers.show', status: 'archived' }, { say: 'press "Archived" in the toggle' }),
    note({ type: 'vouchers.show', status: 'active' }, { say: 'press "Active" in the toggle' }),
    note({ type: 'vouchers.retry' }, { say: 'press "Try again"' }),
    { type: 'vouchers.create' },
    note({ type: 'vouchers.edit', voucherid: demoVoucher.voucherid }, { say: `on "${demoVoucher.title}"` }),
    note({ type: 'vouchers.duplicate', voucherid: demoVoucher.voucherid }, { say: `on "${demoVoucher.title}"` }),
    note({ type: 'vouchers.delete', voucherid: demoVoucher.voucherid }, { say: `on "${demoVoucher.title}"` }),
    note({ type: 'vouchers.qr', voucherid: demoVoucher.voucherid }, { say: `on "${demoVoucher.title}"` }),
    note(
      { type: 'vouchers.view', voucherid: demoArchivedVoucher.voucherid },
      { say: `on "${demoArchivedVoucher.title}"` },
    ),
    { type: 'vouchers.confirmDelete' },
    { type: 'vouchers.download' },
    { type: 'vouchers.print' },
    note({ type: 'vouchers.saved' }, { say: 'fill in the dialog and save it (see the Voucher form plan)' }),
    note({ type: 'vouchers.close' }, { say: '' }),
    done('loadVouchers', [demoVoucher]),
    note(done('loadVouchers', [demoArchivedVoucher]), {
      action: 'The archived vouchers load (after pressing "Archived")',
    }),
    note(done('loadVouchers', []), { arrange: 'Sign in as a business without vouchers (register a new business)' }),
    note(fail('loadVouchers', { message: networkFailure, network: true }), { arrange: stopServer }),
    done('loadVoucher', demoArchivedVoucher),
    note(fail('loadVoucher', { message: networkFailure, network: true }), {
      arrange: blockPattern('*/api/vouchers/*'),
    }),
    done('archiveVoucher', { ...demoVoucher, deletedat: '2026-11-24T10:00:00.000Z' }),
    note(fail('archiveVoucher', { message: networkFailure, network: true }), {
      arrange: blockPattern('*/api/vouchers/*'),
    }),
  ],
  // "Duplicate" from the list, then Cancel: walked in CI (the covering set reaches it only after a failure).
  scenarios: [
    {
      events: [
        done('loadVouchers', [demoVoucher]),
        note({ type: 'vouchers.duplicate', voucherid: demoVoucher.voucherid }, { say: `on "${demoVoucher.title}"` }),
        note({ type: 'vouchers.close' }, { say: '' }),
      ],
    },
  ],
  uiKey: (s) => ({
    state: s.value,
    status: s.context.status,
    empty: s.context.list?.length === 0,
    error: !!s.context.error,
  }),
  plan: {
    start: { url: '/vouchers', signedInAs: demoOwner },
    shows: (s) => [
      ...(s.context.error && !s.hasTag('error') ? [`An alert: "${s.context.error}"`] : []),
      ...(s.matches('ready') && s.context.list?.length === 0
        ? [s.context.status === 'active' ? '"No active vouchers found."' : '"No archived vouchers found."']
        : []),
    ],
    test: 'tests/generated/vouchers.generated.test.tsx',
    usesUp: 'Deleting archives "Free pastry with any coffee" (it leaves the Active list): a fresh seed puts it back',
  },
});

export const voucherFormEntry = defineEntry({
  machine: voucherFormMachine,
  title: 'Voucher form (Create New Voucher / Edit Voucher)',
  samples: [
    note(
      { type: 'voucherForm.edit', field: 'title', value: 'Two for one flat whites' },
      { say: 'type `Two for one flat whites` as the Title' },
    ),
    note({ type: 'voucherForm.edit', field: 'title', value: 'Tea' }, { say: 'type `Tea` as the Title (too short)' }),
    note(
      { type: 'voucherForm.edit', field: 'description', value: 'Bring a friend.' },
      { say: 'type `Bring a friend.` as the Description' },
    ),
    note({ type: 'voucherForm.edit', field: 'value', value: '2.505' }, { say: 'type `2.505` as the Value' }),
    note({ type: 'voucherForm.edit', field: 'value', value: '2.50' }, { say: 'type `2.50` as the Value' }),
    note(
      { type: 'voucherForm.edit', field: 'rules', value: 'Weekdays before noon.' },
      { say: 'type `Weekdays before noon.` as the Rules' },
    ),
    note({ type: 'voucherForm.setActive', active: false }, { say: 'untick "Active"' }),
    { type: 'voucherForm.submit' },
    note({ type: 'voucherForm.retry' }, { say: 'press "Try again"' }),
    { type: 'voucherForm.cancel' },
    done('loadTypes', demoVoucherTypes),
    note(fail('loadTypes', { message: networkFailure, network: true }), { arrange: blockPattern('*voucher-types*') }),
    done('saveVoucher', { ...demoVoucher, title: 'Two for one flat whites' }),
    note(fail('saveVoucher', { message: networkFailure, network: true }), { arrange: stopServer }),
  ],
  uiKey: (s) => ({
    state: s.value,
    valid: Object.keys(draftErrors(s.context.draft, s.context.types)).length === 0,
    fieldErrors: Object.keys(s.context.fieldErrors).length > 0,
    active: s.context.draft.isactive,
    error: !!s.context.error,
  }),
  inputs: [
    {
      label: 'Create New Voucher',
      input: { businessid: demoBusiness.businessid, voucher: null, today: '2026-11-24' },
      start: { url: '/vouchers', signedInAs: demoOwner, andThen: 'press "Create New Voucher"' },
    },
    {
      label: 'Duplicate a voucher',
      input: { businessid: demoBusiness.businessid, voucher: null, copyOf: demoVoucher, today: '2026-11-24' },
      start: { url: '/vouchers', signedInAs: demoOwner, andThen: `press "Duplicate" on "${demoVoucher.title}"` },
    },
    {
      label: 'Edit Voucher',
      input: { businessid: demoBusiness.businessid, voucher: demoVoucher, today: '2026-11-24' },
      start: { url: '/vouchers', signedInAs: demoOwner, andThen: `press "Edit" on "${demoVoucher.title}"` },
    },
  ],
  plan: {
    shows: (s) => [
      ...Object.values(s.context.fieldErrors).map((m) => `Under its field: "${m}"`),
      ...(s.context.error && !s.hasTag('error') ? [`An alert: "${s.context.error}"`] : []),
    ],
    test: 'tests/generated/voucher-form.generated.test.tsx',
    usesUp: 'Saving edits "Free pastry with any coffee" or adds a voucher: edit it back, or a fresh seed puts it back',
  },
});

type CodeKind = 'claimed' | 'usedBefore' | 'nobody';
type Answer = 'ready' | 'redeemed' | 'notFound';

/** A lookup answer's kind, or null for other events (failures that can come any time included). */
function answerOf(event: AnyEventObject): Answer | null {
  if (event.type === 'xstate.done.actor.lookupCode')
    return (event.output as { issuedvoucherstatusid: number }).issuedvoucherstatusid === READY ? 'ready' : 'redeemed';
  if (event.type === 'xstate.error.actor.lookupCode' && (event.error as { status?: number }).status === 404)
    return 'notFound';
  return null;
}

/**
 * The codes as the tester has them after these events: the one the simulator claimed (ready until it is
 * redeemed here or in a second tab), one redeemed before, and `AAA-AAA-AAA` that nobody holds. A
 * lookup's first answer for what is in the box says which of them the step types (its "First…").
 */
function codesAfter(events: readonly AnyEventObject[]) {
  let claimedRedeemed = false;
  let box: CodeKind | null = null;
  let problem: string | undefined;
  const expected = (kind: CodeKind): Answer =>
    kind === 'nobody' ? 'notFound' : kind === 'usedBefore' || claimedRedeemed ? 'redeemed' : 'ready';
  for (const event of events) {
    if (event.type === 'redeem.edit' || event.type === 'redeem.scanned') box = null;
    const answer = answerOf(event);
    if (answer && box === null) {
      if (answer === 'ready' && claimedRedeemed) problem ??= 'the claimed code was redeemed: it cannot be ready again';
      box = answer === 'notFound' ? 'nobody' : answer === 'ready' || claimedRedeemed ? 'claimed' : 'usedBefore';
    } else if (answer && box && expected(box) !== answer) {
      problem ??= `the same code looked up again answers "${expected(box)}", not "${answer}"`;
    }
    const conflict = event.type === 'xstate.error.actor.redeem' && (event.error as { status?: number }).status === 409;
    if (event.type === 'xstate.done.actor.redeem' || conflict) claimedRedeemed = true;
  }
  return { problem, natural: box ? expected(box) : claimedRedeemed ? 'redeemed' : 'ready' };
}

/**
 * Whether the real server can give these lookup answers in this order: looking the same box up again
 * answers the same, and the claimed code answers "Already Redeemed" once it was redeemed. Network
 * failures and the wrong-code limit can come any time.
 */
export const impossibleRedeem = (events: readonly AnyEventObject[]) => codesAfter(events).problem;

/** The answer comes by itself (no other code to type) when it is what the box already holds. */
const answersByItself = (answer: Answer) => (before: readonly AnyEventObject[]) =>
  codesAfter(before).natural === answer;

const claimFirst = `\`npm run simulate -- --business demo --customers 1 --claim "${demoVoucher.title}"\``;

export const redeemEntry = defineEntry({
  machine: redeemMachine,
  title: 'Redeem a Voucher (/vouchers/redeem)',
  samples: [
    note(
      { type: 'redeem.edit', code: ' k7m-4qx-9rt ' },
      {
        say: 'type the code you got before you started, in lower case with a space before and after',
      },
    ),
    note({ type: 'redeem.edit', code: '' }, { say: 'clear the code box' }),
    note({ type: 'redeem.lookup' }, { say: 'press "Look Up"' }),
    { type: 'redeem.confirm' },
    { type: 'redeem.scan' },
    note(
      { type: 'redeem.scanned', text: 'K7M-4QX-9RT' },
      {
        action: 'Hold a phone showing the code you got as a QR code (from any QR generator) in front of the camera',
      },
    ),
    note(
      { type: 'redeem.scanned', text: 'https://example.com/menu' },
      { action: 'Hold a QR code of a web address (e.g. a menu) in front of the camera' },
    ),
    note(
      { type: 'redeem.scanFailed', problem: 'denied' },
      { action: 'Answer "Block" when the browser asks for the camera (or block it in the site settings first)' },
    ),
    note(
      { type: 'redeem.scanFailed', problem: 'unavailable' },
      { action: 'Use a computer without a camera (or unplug it): the browser finds none' },
    ),
    note({ type: 'redeem.cancelScan' }, { say: 'press "Stop scanning"' }),
    done('lookupCode', {
      issuedvoucherid: '7d2e9f5a-4b3c-4e1d-9f8a-9c7d6e5f4a3b',
      title: 'Free pastry with any coffee',
      description: 'Choose any pastry from the counter with a hot drink.',
      customer_email: 'amelia.hughes.0@customers.example',
      issuedvoucherstatusid: 1,
      redeemedat: null,
    }),
    note(
      done('lookupCode', {
        issuedvoucherid: '7d2e9f5a-4b3c-4e1d-9f8a-9c7d6e5f4a3b',
        title: 'Free pastry with any coffee',
        description: 'Choose any pastry from the counter with a hot drink.',
        customer_email: 'amelia.hughes.0@customers.example',
        issuedvoucherstatusid: 2,
        redeemedat: '2026-11-24T09:00:00.000Z',
        redeemedby: 'Maya',
      }),
      {
        arrange: 'Use a code that was redeemed before (redeem it once first)',
        arrangeUnless: answersByItself('redeemed'),
      },
    ),
    note(fail('lookupCode', { message: 'No voucher found with that code.', status: 404 }), {
      typed: { code: 'AAA-AAA-AAA' },
      arrange: 'Type `AAA-AAA-AAA` (a code nobody holds) instead',
      arrangeUnless: answersByItself('notFound'),
    }),
    note(
      fail('lookupCode', {
        message: 'Too many codes that were not found. Please wait a few minutes and try again.',
        status: 429,
      }),
      { arrange: 'Look up `AAA-AAA-AAA` 20 times (wrong codes are limited to 20 per 10 minutes)' },
    ),
    note(fail('lookupCode', { message: networkFailure, network: true }), { arrange: stopServer }),
    done('redeem', { message: 'Voucher redeemed: Free pastry with any coffee.', redeemedby: 'Maya' }),
    note(fail('redeem', { message: 'This voucher has already been redeemed.', status: 409 }), {
      arrange: 'Before pressing, open /vouchers/redeem in a second tab, look the same code up there and redeem it',
    }),
    note(fail('redeem', { message: networkFailure, network: true }), { arrange: stopServer }),
  ],
  uiKey: (s) => ({
    ...stateAndError(s),
    code: s.context.code !== '',
    success: !!s.context.success,
  }),
  impossible: impossibleRedeem,
  plan: {
    start: {
      url: '/vouchers/redeem',
      signedInAs: demoOwner,
      note: `Get a code first: with the server running, ${claimFirst} prints the code a new customer claimed.`,
    },
    lasting: ['scanning'],
    shows: (s) => [
      ...(s.context.error && !s.hasTag('error') ? [`An alert: "${s.context.error}"`] : []),
      ...(s.context.success ? [`A success note: "${s.context.success}"`] : []),
    ],
    test: 'tests/generated/redeem.generated.test.tsx',
    usesUp:
      'Each claimed code can be redeemed once: get a new one (the simulate command) for each scenario; 20 wrong codes lock look-ups for 10 minutes: wait, or a fresh seed puts it back',
  },
});
