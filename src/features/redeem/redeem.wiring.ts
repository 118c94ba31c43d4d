/** The real effects of the counter: look a code up, redeem it. */
import { redeemMachine } from '#machines/redeem.machine.ts';
import { apiEffect } from '#src/api/effect.ts';
import { lookupCode, redeemIssuedVoucher } from '#src/api/vouchers.ts';

export const liveRedeemLogic = redeemMachine.provide({
  actors: {
    lookupCode: apiEffect(({ code }, signal) => lookupCode(code, signal)),
    redeem: apiEffect(({ issuedvoucherid }, signal) => redeemIssuedVoucher(issuedvoucherid, signal)),
  },
});
