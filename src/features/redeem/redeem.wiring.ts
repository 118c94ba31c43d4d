/** The real effects of the counter: look a code up, redeem it. */
import { fromPromise } from 'xstate';
import type { IssuedVoucherLookup } from '#contracts/vouchers.ts';
import { redeemMachine } from '#machines/redeem.machine.ts';
import { toFailure } from '#src/api/errors.ts';
import { lookupCode, redeemIssuedVoucher } from '#src/api/vouchers.ts';

export const liveRedeemLogic = redeemMachine.provide({
  actors: {
    lookupCode: fromPromise<IssuedVoucherLookup, { code: string }>(async ({ input, signal }) => {
      try {
        return await lookupCode(input.code, signal);
      } catch (error) {
        throw toFailure(error);
      }
    }),
    redeem: fromPromise<{ message: string }, { issuedvoucherid: string }>(async ({ input, signal }) => {
      try {
        return await redeemIssuedVoucher(input.issuedvoucherid, signal);
      } catch (error) {
        throw toFailure(error);
      }
    }),
  },
});
