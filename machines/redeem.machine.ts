/**
 * Redeeming a voucher at the counter (spec §2 "Redeem a Voucher", §8): type (or scan) a code, look it
 * up, confirm the redemption. The code is trimmed and upper-cased before the lookup. Someone else may
 * redeem the same code a moment earlier (another till, a double tap): the server answers 409 and the
 * screen says so with "Already Redeemed". Effects are actors: lookupCode, redeem.
 */
import { assign, setup } from 'xstate';
import { type IssuedVoucherLookup, READY, VOUCHER_TEXTS } from '#contracts/vouchers.ts';
import { failureText, notProvided } from './lib/effects.ts';
import type { ViewTag } from './lib/tags.ts';

export const REDEEM_TEXTS_UI = {
  codeRequired: 'Please enter a voucher code.',
  notFound: 'No voucher found with that code. Check the code and try again.',
  redeemedDefault: 'Voucher redeemed successfully.',
  conflict: 'Someone else redeemed this voucher a moment ago.',
  cameraDenied:
    'Camera access was not allowed. Allow the camera for this site in the browser settings, or type the code.',
  cameraUnavailable: 'No camera can be used here. Type the code instead.',
  noCodeInQr: 'That QR code does not hold a voucher code. Type the code instead.',
} as const;

/** What the counter typed, as it is looked up: trimmed and upper-cased (spec §2). */
export const normaliseTyped = (code: string) => code.trim().toUpperCase();

/** A voucher code inside scanned text (the code itself, or a link that carries it), else null. */
export function codeInScan(text: string): string | null {
  const match = /([A-HJKMNP-Z2-9]{3})-?([A-HJKMNP-Z2-9]{3})-?([A-HJKMNP-Z2-9]{3})/.exec(text.trim().toUpperCase());
  return match ? `${match[1]}-${match[2]}-${match[3]}` : null;
}

export interface RedeemContext {
  code: string;
  voucher: IssuedVoucherLookup | null;
  /** Why the last lookup or redemption failed (or the code was missing), shown as an alert. */
  error: string | null;
  /** The server's message after a redemption (spec §4: the lookup is cleared and a success message shows). */
  success: string | null;
  /** Who redeemed it, beside the success message (the team member's first name; decision 026). */
  redeemedby: string | null;
}

export type ScanProblem = 'denied' | 'unavailable';

export type RedeemEvent =
  | { type: 'redeem.edit'; code: string }
  | { type: 'redeem.lookup' }
  | { type: 'redeem.confirm' }
  | { type: 'redeem.scan' }
  | { type: 'redeem.scanned'; text: string }
  | { type: 'redeem.scanFailed'; problem: ScanProblem }
  | { type: 'redeem.cancelScan' };

/** What the counter can do whenever the page is not busy: type, or scan. */
const typing = {
  'redeem.edit': {
    target: '#redeem.idle',
    actions: 'takeCode',
    description: 'Type in the code box (what was shown for the last code goes away)',
  },
  'redeem.scan': {
    target: '#redeem.scanning',
    actions: 'clearMessages',
    description: 'Press "Scan" to read the code from the customer\'s screen with the camera',
  },
} as const;

/** While a result for the code in the box shows: look the same code up again. */
const showingResult = {
  ...typing,
  'redeem.lookup': {
    target: '#redeem.lookingUp',
    actions: 'startLookup',
    description: 'Press "Look Up" again (or Enter) for the same code',
  },
} as const;

export const redeemMachine = setup({
  types: {
    context: {} as RedeemContext,
    events: {} as RedeemEvent,
    tags: {} as ViewTag | 'lookingUp' | 'redeeming',
  },
  actors: {
    lookupCode: notProvided<IssuedVoucherLookup, { code: string }>('lookupCode'),
    redeem: notProvided<{ message: string; redeemedby?: string }, { issuedvoucherid: string }>('redeem'),
  },
  actions: {
    takeCode: assign({
      code: ({ event }) => (event.type === 'redeem.edit' ? event.code : ''),
      voucher: null,
      error: null,
      success: null,
      redeemedby: null,
    }),
    askForCode: assign({ error: REDEEM_TEXTS_UI.codeRequired, voucher: null, success: null, redeemedby: null }),
    startLookup: assign({
      code: ({ context }) => normaliseTyped(context.code),
      voucher: null,
      error: null,
      success: null,
      redeemedby: null,
    }),
    clearMessages: assign({ error: null, success: null, redeemedby: null }),
  },
  guards: {
    codeMissing: ({ context }) => normaliseTyped(context.code) === '',
    isReady: ({ event }) => (event as { output?: IssuedVoucherLookup }).output?.issuedvoucherstatusid === READY,
    notFound: ({ event }) => (event as { error?: { status?: number } }).error?.status === 404,
    conflict: ({ event }) => (event as { error?: { status?: number } }).error?.status === 409,
    scannedCode: ({ event }) => event.type === 'redeem.scanned' && codeInScan(event.text) !== null,
  },
}).createMachine({
  id: 'redeem',
  context: { code: '', voucher: null, error: null, success: null, redeemedby: null },
  initial: 'idle',
  states: {
    idle: {
      description: 'The code box (placeholder "ABC-123-XYZ"), "Look Up" and "Scan"; focus is in the code box',
      on: {
        ...typing,
        'redeem.lookup': [
          {
            guard: 'codeMissing',
            actions: 'askForCode',
            description: 'Press "Look Up" (or Enter) with the code box empty: "Please enter a voucher code."',
          },
          {
            target: 'lookingUp',
            actions: 'startLookup',
            description: 'Press "Look Up" (or Enter) with a code typed',
          },
        ],
      },
    },
    scanning: {
      description: "The camera view shows; holding the customer's QR code in front of it reads the code",
      on: {
        'redeem.scanned': [
          {
            guard: 'scannedCode',
            target: 'lookingUp',
            actions: assign({ code: ({ event }) => codeInScan(event.text) ?? '' }),
            description: 'The camera reads a QR code holding a voucher code; it is looked up at once',
          },
          {
            target: 'idle',
            actions: assign({ error: REDEEM_TEXTS_UI.noCodeInQr }),
            description: 'The camera reads a QR code that holds no voucher code (e.g. a web link)',
          },
        ],
        'redeem.scanFailed': {
          target: 'idle',
          actions: assign({
            error: ({ event }) =>
              event.problem === 'denied' ? REDEEM_TEXTS_UI.cameraDenied : REDEEM_TEXTS_UI.cameraUnavailable,
          }),
          description: 'The browser refuses the camera, or there is none: the message says to type the code',
        },
        'redeem.cancelScan': { target: 'idle', description: 'Press "Stop scanning"' },
      },
    },
    lookingUp: {
      description: 'The code is being looked up; "Look Up" reads "Looking up..."',
      tags: ['busy', 'lookingUp'],
      invoke: {
        id: 'lookupCode',
        src: 'lookupCode',
        input: ({ context }) => ({ code: context.code }),
        onDone: [
          {
            guard: 'isReady',
            target: 'ready',
            actions: assign({ voucher: ({ event }) => event.output }),
            description:
              'The code belongs to a voucher that is ready: title, customer email, description, "Ready to Redeem"',
          },
          {
            target: 'alreadyRedeemed',
            actions: assign({ voucher: ({ event }) => event.output }),
            description: 'The code belongs to a voucher that was redeemed before: "Already Redeemed"',
          },
        ],
        onError: [
          {
            guard: 'notFound',
            target: 'notFound',
            actions: assign({ error: REDEEM_TEXTS_UI.notFound }),
            description: 'No voucher of this business has that code',
          },
          {
            target: 'failed',
            actions: assign({ error: ({ event }) => failureText(event.error, VOUCHER_TEXTS.lookupFailed) }),
            description:
              'The lookup fails (too many wrong codes, the server cannot be reached): its message, else "Failed to look up voucher."',
          },
        ],
      },
    },
    ready: {
      description: 'The voucher shows with "Ready to Redeem" and a "Confirm Redemption" button (focused)',
      on: {
        ...showingResult,
        'redeem.confirm': {
          target: 'redeeming',
          actions: assign({ error: null }),
          description: 'Press "Confirm Redemption"',
        },
      },
    },
    alreadyRedeemed: {
      description:
        'The voucher shows with "Already Redeemed" and "This voucher has already been redeemed and cannot be used again."',
      on: showingResult,
    },
    notFound: {
      description: 'An alert says no voucher has that code; the code stays in the box to correct it',
      tags: ['error'],
      on: showingResult,
    },
    failed: {
      description: 'An alert says why the lookup failed',
      tags: ['error'],
      on: showingResult,
    },
    redeeming: {
      description: 'The redemption is being recorded; the button reads "Redeeming..."',
      tags: ['busy', 'redeeming'],
      invoke: {
        id: 'redeem',
        src: 'redeem',
        input: ({ context }) => ({ issuedvoucherid: context.voucher!.issuedvoucherid }),
        onDone: {
          target: 'redeemed',
          actions: assign({
            success: ({ event }) => event.output.message?.trim() || REDEEM_TEXTS_UI.redeemedDefault,
            redeemedby: ({ event }) => event.output.redeemedby?.trim() || null,
            voucher: null,
            code: '',
          }),
          description:
            'The redemption is recorded: the lookup clears, the server\'s message shows with "Redeemed by {first name}", focus returns to the code box',
        },
        onError: [
          {
            guard: 'conflict',
            target: 'conflict',
            actions: assign({
              error: REDEEM_TEXTS_UI.conflict,
              voucher: ({ context }) => (context.voucher ? { ...context.voucher, issuedvoucherstatusid: 2 } : null),
            }),
            description: 'Someone else redeemed it a moment ago (the server answers 409)',
          },
          {
            target: 'ready',
            actions: assign({ error: ({ event }) => failureText(event.error, VOUCHER_TEXTS.redeemFailed) }),
            description:
              'The redemption fails (the server cannot be reached): "Failed to redeem voucher." (or the server\'s message); the voucher stays ready to try again',
          },
        ],
      },
    },
    redeemed: {
      description: "A success message (the server's) shows above an empty code box, ready for the next customer",
      on: {
        ...typing,
        'redeem.lookup': {
          target: 'idle',
          actions: 'askForCode',
          description: 'Press "Look Up" with the code box still empty: "Please enter a voucher code."',
        },
      },
    },
    conflict: {
      description:
        'An alert says someone else redeemed it a moment ago; the voucher shows "Already Redeemed" and that it cannot be used again',
      tags: ['error'],
      on: showingResult,
    },
  },
});
