/**
 * Redeem a Voucher (/vouchers/redeem, spec §2): a large code box, Look Up (Enter), Scan, the voucher with
 * its status, Confirm Redemption. Built for a busy counter: focus goes to "Confirm Redemption" when a
 * voucher is ready and back to the empty code box after each redemption.
 */
import { useEffect, useId, useRef } from 'react';
import { READY, VOUCHER_TEXTS } from '#contracts/vouchers.ts';
import type { redeemMachine } from '#machines/redeem.machine.ts';
import type { PageProps } from '#src/lib/page.ts';
import { enabledFor, type FlowHooks, useFlowActor } from '#src/lib/use-flow-actor.ts';
import { Alert } from '#src/ui/alert.tsx';
import { Button } from '#src/ui/button.tsx';
import { Page } from '#src/ui/page.tsx';
import { QrScanner } from './qr-scanner.tsx';
import { liveRedeemLogic } from './redeem.wiring.ts';
import './redeem.css';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function RedeemView({ logic = liveRedeemLogic, options }: FlowHooks<typeof redeemMachine>) {
  const [state, send] = useFlowActor(logic, { options });
  const { code, voucher, error, success, redeemedby } = state.context;
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const busy = state.hasTag('busy');
  const scanning = state.matches('scanning');
  const where = JSON.stringify(state.value);

  // Focus follows the counter's next step: confirm a ready voucher, else type the next code.
  useEffect(() => {
    if (where === '"ready"') confirmRef.current?.focus();
    else if (!['"lookingUp"', '"redeeming"', '"scanning"'].includes(where)) inputRef.current?.focus();
  }, [where]);

  const ready = voucher?.issuedvoucherstatusid === READY && !state.matches('conflict');
  return (
    <Page title="Redeem a Voucher" subtitle="Type or scan the code from the customer's app, then confirm.">
      <section className="card redeem" aria-labelledby="redeem-heading">
        <h2 id="redeem-heading" className="visually-hidden">
          Look up a code
        </h2>
        <form
          className="redeem-form"
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'redeem.lookup' });
          }}
        >
          <label className="field-label" htmlFor={inputId}>
            Voucher code
          </label>
          <div className="redeem-row">
            <input
              ref={inputRef}
              id={inputId}
              className="input redeem-input"
              placeholder="ABC-123-XYZ"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              value={code}
              aria-invalid={state.matches('notFound') || undefined}
              onChange={(event) => send({ type: 'redeem.edit', code: event.target.value })}
              {...enabledFor(state, { type: 'redeem.edit', code: '' })}
            />
            <Button type="submit" className="redeem-lookup" {...enabledFor(state, { type: 'redeem.lookup' })}>
              {state.hasTag('lookingUp') ? 'Looking up...' : 'Look Up'}
            </Button>
            <Button
              variant="secondary"
              onClick={() => send({ type: 'redeem.scan' })}
              {...enabledFor(state, { type: 'redeem.scan' })}
            >
              Scan
            </Button>
          </div>
        </form>

        {scanning && (
          <QrScanner
            onScanned={(text) => send({ type: 'redeem.scanned', text })}
            onFailed={(problem) => send({ type: 'redeem.scanFailed', problem })}
            onCancel={() => send({ type: 'redeem.cancelScan' })}
          />
        )}

        <Alert text={error} />
        <div role="status" aria-live="polite" className="redeem-status">
          {success && <p className="alert alert-success">{success}</p>}
          {success && redeemedby && <p className="redeem-by">{byText('Redeemed', redeemedby)}</p>}
        </div>

        {voucher && (
          <article className="redeem-result" aria-labelledby="redeem-title">
            <div className="redeem-result-head">
              <h3 id="redeem-title">{voucher.title}</h3>
              <span className={`redeem-badge ${ready ? 'redeem-badge-ready' : 'redeem-badge-used'}`}>
                {ready ? VOUCHER_TEXTS.readyToRedeem : VOUCHER_TEXTS.alreadyRedeemedStatus}
              </span>
              {!ready && voucher.redeemedby && <span className="redeem-by"> by {voucher.redeemedby}</span>}
            </div>
            <dl className="redeem-facts">
              <dt>Customer</dt>
              <dd>{voucher.customer_email}</dd>
              <dt>Description</dt>
              <dd>{voucher.description}</dd>
            </dl>
            {ready ? (
              <Button
                ref={confirmRef}
                block
                className="redeem-confirm"
                onClick={() => send({ type: 'redeem.confirm' })}
                {...enabledFor(state, { type: 'redeem.confirm' })}
              >
                {state.hasTag('redeeming') ? 'Redeeming...' : 'Confirm Redemption'}
              </Button>
            ) : (
              <>
                <p className="redeem-used">{VOUCHER_TEXTS.alreadyRedeemed}</p>
                {voucher.redeemedat && (
                  <p className="redeem-when">Redeemed {when.format(new Date(voucher.redeemedat))}.</p>
                )}
              </>
            )}
          </article>
        )}
        {busy && <span className="visually-hidden">Working...</span>}
      </section>
    </Page>
  );
}

/** "Redeemed by Sam": who did it, beside the spec's text (decision 026). */
export const byText = (what: string, name: string) => `${what} by ${name}`;

export default function RedeemPage(_: PageProps) {
  return <RedeemView />;
}
