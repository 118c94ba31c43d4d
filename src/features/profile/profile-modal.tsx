/**
 * The Business Profile dialog. It renders the business-profile machine and sends its events; what
 * happens next (validation, locating, saving, asking before discarding, errors) is the machine's business.
 */
import { QRCodeSVG } from 'qrcode.react';
import type { BusinessProfile } from '#contracts/businesses.ts';
import { LATITUDE, LONGITUDE } from '#contracts/businesses.ts';
import {
  type businessProfileMachine,
  DISCARD_TEXT,
  DISCARD_TITLE,
  PROFILE_SAVED,
  type ProfileField,
} from '#machines/business-profile.machine.ts';
import { enabledFor, type FlowHooks, useFlowActor } from '#src/lib/use-flow-actor.ts';
import { Alert } from '#src/ui/alert.tsx';
import { Button } from '#src/ui/button.tsx';
import { ConfirmDialog } from '#src/ui/confirm-dialog.tsx';
import { DialogFooter } from '#src/ui/dialog-footer.tsx';
import { EmptyState } from '#src/ui/empty-state.tsx';
import { Field } from '#src/ui/field.tsx';
import { PinIcon, PrintIcon } from '#src/ui/icons.tsx';
import { Modal } from '#src/ui/modal.tsx';
import { useToast } from '#src/ui/toast.tsx';
import { liveProfileLogic } from './profile.wiring.ts';

export interface ProfileModalProps extends FlowHooks<typeof businessProfileMachine> {
  business: BusinessProfile | null;
  /**
   * Staff (decision 026): the profile is shown as text with its QR code (print still works); no field,
   * no "Pick Current Location", no "Save Profile" is there at all.
   */
  readOnly?: boolean;
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

const FORM_ID = 'business-profile-form';

function ProfileDialog({
  business,
  readOnly = false,
  onSaved,
  onClose,
  logic = liveProfileLogic,
  options,
}: ProfileModalProps & { business: BusinessProfile }) {
  const notify = useToast();
  const [state, send] = useFlowActor(
    logic.provide({
      actions: {
        reportSaved: (_, params: { business: BusinessProfile }) => {
          onSaved(params.business);
          notify(PROFILE_SAVED);
        },
        closeDialog: () => onClose(),
      },
    }),
    { input: { business }, options },
  );
  const { draft, fieldErrors, locationError, error } = state.context;
  const saving = state.hasTag('busy');
  const locating = state.hasTag('locating');
  const cancel = { type: 'profile.cancel' } as const;
  /** A field's props: its draft, its message, and enabled exactly when the machine takes edits. */
  const field = (name: ProfileField) => ({
    value: draft[name],
    error: fieldErrors[name],
    onChange: (event: { target: { value: string } }) =>
      send({ type: 'profile.edit', field: name, value: event.target.value }),
    ...enabledFor(state, { type: 'profile.edit', field: name, value: '' }),
  });

  return (
    <Modal
      title="Business Profile"
      onClose={() => send(cancel)}
      closeControl={enabledFor(state, cancel)}
      footer={
        readOnly ? (
          <Button variant="secondary" onClick={() => send(cancel)} {...enabledFor(state, cancel)}>
            Close
          </Button>
        ) : (
          <DialogFooter
            busy={saving}
            cancel={{ onClick: () => send(cancel), control: enabledFor(state, cancel) }}
            confirm={{
              label: 'Save Profile',
              busyLabel: 'Saving...',
              form: FORM_ID,
              control: enabledFor(state, { type: 'profile.save' }),
            }}
          />
        )
      }
    >
      <Alert text={error} />
      {readOnly ? (
        <ProfileText business={business} />
      ) : (
        <form
          id={FORM_ID}
          className="profile-form"
          noValidate
          aria-label="Business Profile"
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'profile.save' });
          }}
        >
          <Field label="Business Name" required {...field('businessname')} />
          <Field label="Description" multiline {...field('description')} />
          <Field label="Address" autoComplete="street-address" {...field('address')} />
          <fieldset className="profile-location">
            <legend className="field-label">Location</legend>
            <div className="profile-coordinates">
              <Field
                label="Latitude"
                inputMode="decimal"
                placeholder="Not set"
                hint={`${LATITUDE.min} to ${LATITUDE.max}`}
                {...field('latitude')}
              />
              <Field
                label="Longitude"
                inputMode="decimal"
                placeholder="Not set"
                hint={`${LONGITUDE.min} to ${LONGITUDE.max}`}
                {...field('longitude')}
              />
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
          </fieldset>
        </form>
      )}
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
      {state.hasTag('confirm') && (
        <ConfirmDialog
          title={DISCARD_TITLE}
          cancel={{
            label: 'Keep editing',
            onClick: () => send({ type: 'profile.keepEditing' }),
            control: enabledFor(state, { type: 'profile.keepEditing' }),
          }}
          dismiss={{ onClick: () => send(cancel), control: enabledFor(state, cancel) }}
          confirm={{
            label: 'Discard',
            onClick: () => send({ type: 'profile.discard' }),
            control: enabledFor(state, { type: 'profile.discard' }),
          }}
        >
          <p>{DISCARD_TEXT}</p>
        </ConfirmDialog>
      )}
    </Modal>
  );
}

const NOT_SET = 'Not set';

/** The profile as text, for a member whose role may not edit it. */
function ProfileText({ business }: { business: BusinessProfile }) {
  const rows: Array<[string, string]> = [
    ['Business Name', business.businessname],
    ['Description', business.description?.trim() || NOT_SET],
    ['Address', business.address?.trim() || NOT_SET],
    [
      'Location',
      business.latitude === null || business.longitude === null
        ? NOT_SET
        : `${business.latitude}, ${business.longitude}`,
    ],
  ];
  return (
    <dl className="profile-text">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt className="field-label">{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
