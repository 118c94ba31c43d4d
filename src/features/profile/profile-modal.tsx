/**
 * The Business Profile dialog. It renders the business-profile machine and sends its events; what
 * happens next (validation, locating, saving, errors) is the machine's business.
 */
import { QRCodeSVG } from 'qrcode.react';
import type { BusinessProfile } from '#contracts/businesses.ts';
import type { businessProfileMachine } from '#machines/business-profile.machine.ts';
import { enabledFor, type FlowHooks, useFlowActor } from '#src/lib/use-flow-actor.ts';
import { Button } from '#src/ui/button.tsx';
import { EmptyState } from '#src/ui/empty-state.tsx';
import { Field } from '#src/ui/field.tsx';
import { PinIcon, PrintIcon } from '#src/ui/icons.tsx';
import { Modal } from '#src/ui/modal.tsx';
import { liveProfileLogic } from './profile.wiring.ts';

export interface ProfileModalProps extends FlowHooks<typeof businessProfileMachine> {
  business: BusinessProfile | null;
  onSaved: (business: BusinessProfile) => void;
  onClose: () => void;
}

export default function ProfileModal(props: ProfileModalProps) {
  if (!props.business) {
    return (
      <Modal title="Business Profile" onClose={props.onClose}>
        <EmptyState title="No business profile yet">
          Your business profile could not be found. Please try again later.
        </EmptyState>
      </Modal>
    );
  }
  return <ProfileDialog {...props} business={props.business} />;
}

const coordinate = (value: number | null) => (value === null ? '' : value.toFixed(6));

function ProfileDialog({
  business,
  onSaved,
  onClose,
  logic = liveProfileLogic,
  options,
}: ProfileModalProps & { business: BusinessProfile }) {
  const [state, send] = useFlowActor(
    logic.provide({
      actions: {
        reportSaved: (_, params: { business: BusinessProfile }) => onSaved(params.business),
        closeDialog: () => onClose(),
      },
    }),
    { input: { business }, options },
  );
  const { draft, fieldError, locationError, errorMessage } = state.context;
  const saving = state.hasTag('busy');
  const locating = state.matches('locating');
  const edit = (field: 'businessname' | 'description' | 'address') => (event: { target: { value: string } }) =>
    send({ type: 'profile.edit', field, value: event.target.value });
  const cancel = () => send({ type: 'profile.cancel' });

  return (
    <Modal
      title="Business Profile"
      onClose={() => {
        if (state.can({ type: 'profile.cancel' })) cancel();
      }}
      footer={
        <>
          <Button variant="secondary" onClick={cancel} {...enabledFor(state, { type: 'profile.cancel' })}>
            Cancel
          </Button>
          <Button type="submit" form="business-profile-form" {...enabledFor(state, { type: 'profile.save' })}>
            {saving ? 'Saving...' : 'Save Profile'}
          </Button>
        </>
      }
    >
      {errorMessage && (
        <p className="alert alert-error" role="alert">
          {errorMessage}
        </p>
      )}
      <form
        id="business-profile-form"
        className="profile-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'profile.save' });
        }}
      >
        <fieldset className="profile-fieldset" disabled={saving}>
          <Field
            label="Business Name"
            required
            value={draft.businessname}
            onChange={edit('businessname')}
            error={fieldError}
          />
          <Field label="Description" multiline value={draft.description} onChange={edit('description')} />
          <Field label="Address" value={draft.address} onChange={edit('address')} autoComplete="street-address" />
          <div className="profile-location">
            <div className="profile-coordinates">
              <Field label="Latitude" readOnly value={coordinate(draft.latitude)} placeholder="Not set" />
              <Field label="Longitude" readOnly value={coordinate(draft.longitude)} placeholder="Not set" />
            </div>
            <Button
              variant="secondary"
              onClick={() => send({ type: 'profile.locate' })}
              {...enabledFor(state, { type: 'profile.locate' })}
            >
              <PinIcon />
              {locating ? 'Locating...' : 'Pick Current Location'}
            </Button>
            {locationError && (
              <p className="field-error" role="alert">
                {locationError}
              </p>
            )}
          </div>
        </fieldset>
      </form>
      <section className="qr-card card" aria-labelledby="qr-card-title">
        <h3 id="qr-card-title" className="qr-card-title">
          {business.businessname}
        </h3>
        <QRCodeSVG
          value={business.businessid}
          size={150}
          role="img"
          aria-label={`QR code for ${business.businessname}`}
        />
        <p className="qr-caption">Customers scan this code with the app to follow your business.</p>
        <Button
          variant="secondary"
          className="no-print"
          onClick={() => send({ type: 'profile.print' })}
          {...enabledFor(state, { type: 'profile.print' })}
        >
          <PrintIcon />
          Print QR Code
        </Button>
      </section>
    </Modal>
  );
}
