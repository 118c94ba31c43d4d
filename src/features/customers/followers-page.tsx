/** Your Followers (/customers, spec §2): a page of followers, their details, and the CSV export. */
import type { Follower } from '#contracts/followers.ts';
import { hasRole } from '#contracts/team.ts';
import { FOLLOWERS_TEXTS, type followersMachine } from '#machines/followers.machine.ts';
import type { PageProps } from '#src/lib/page.ts';
import { enabledFor, type FlowHooks, useFlowActor } from '#src/lib/use-flow-actor.ts';
import { Alert } from '#src/ui/alert.tsx';
import { Button } from '#src/ui/button.tsx';
import { EmptyState } from '#src/ui/empty-state.tsx';
import { UsersIcon } from '#src/ui/icons.tsx';
import { LoadError } from '#src/ui/load-error.tsx';
import { Modal } from '#src/ui/modal.tsx';
import { Page } from '#src/ui/page.tsx';
import { Spinner } from '#src/ui/spinner.tsx';
import { liveFollowersLogic } from './followers.wiring.ts';
import './followers.css';

const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
export const fullName = (first: string | null, last: string | null) =>
  [first, last]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ') || 'Unnamed';
export const initials = (first: string | null, last: string | null) =>
  [first, last].map((part) => part?.trim().charAt(0).toUpperCase() ?? '').join('') || '?';

function FollowerRow({ follower, onOpen, control }: { follower: Follower; onOpen: () => void; control: object }) {
  const name = fullName(follower.firstname, follower.lastname);
  return (
    <li>
      <button type="button" className="follower-row" onClick={onOpen} {...control}>
        <span className="avatar" aria-hidden="true">
          {initials(follower.firstname, follower.lastname)}
        </span>
        <span className="follower-text">
          <span className="follower-name">{name}</span>
          <span className="follower-date">Followed on: {day.format(new Date(follower.followedat))}</span>
        </span>
      </button>
    </li>
  );
}

export interface FollowersViewProps extends FlowHooks<typeof followersMachine> {
  /** Staff (decision 026) see the followers but have no "Export CSV". */
  mayExport?: boolean;
}

export function FollowersView({ logic = liveFollowersLogic, options, mayExport = true }: FollowersViewProps) {
  const [state, send] = useFlowActor(logic, { options });
  const { list, page, detail, error, selected } = state.context;
  const failed = state.hasTag('error');
  const totalPages = list?.pagination.totalPages ?? 0;
  const dialogOpen = state.matches({ ready: 'loadingDetail' }) || state.matches({ ready: 'detail' });
  const exporting = state.hasTag('exporting');
  const selectedRow = list?.followers.find((f) => f.customerid === selected);

  return (
    <Page
      title="Your Followers"
      subtitle="The customers who follow your business in the app."
      actions={
        mayExport && (
          <Button
            variant="secondary"
            onClick={() => send({ type: 'followers.export' })}
            {...enabledFor(state, { type: 'followers.export' })}
          >
            {exporting ? 'Exporting...' : 'Export CSV'}
          </Button>
        )
      }
    >
      {!failed && !dialogOpen && <Alert text={error} />}
      <section
        className="card followers"
        aria-labelledby="followers-list"
        aria-busy={state.hasTag('busy') || undefined}
      >
        <h2 id="followers-list" className="visually-hidden">
          Followers
        </h2>
        {state.hasTag('loading') && (
          <>
            <Spinner label="Loading followers..." />
            <ul className="follower-list" aria-hidden="true">
              {Array.from({ length: 6 }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key by.
                <li key={i} className="follower-row follower-skeleton" />
              ))}
            </ul>
          </>
        )}
        {failed && <LoadError text={error} onRetry={() => send({ type: 'followers.retry' })} event="followers.retry" />}
        {state.hasTag('ready') && list && list.followers.length === 0 && (
          <EmptyState icon={<UsersIcon />} title={FOLLOWERS_TEXTS.empty}>
            Customers follow you by scanning your business QR code (Profile in the top bar) with the app.
          </EmptyState>
        )}
        {state.hasTag('ready') && list && list.followers.length > 0 && (
          <ul className="follower-list">
            {list.followers.map((follower) => (
              <FollowerRow
                key={follower.customerid}
                follower={follower}
                onOpen={() => send({ type: 'followers.open', customerid: follower.customerid })}
                control={enabledFor(state, { type: 'followers.open', customerid: follower.customerid })}
              />
            ))}
          </ul>
        )}
        {(totalPages > 1 || page > 1) && (
          <nav className="pagination" aria-label="Pages of followers">
            <Button
              variant="secondary"
              onClick={() => send({ type: 'followers.previous' })}
              {...enabledFor(state, { type: 'followers.previous' })}
            >
              Previous
            </Button>
            <span aria-live="polite">
              Page {page} of {totalPages}
            </span>
            <Button
              variant="secondary"
              onClick={() => send({ type: 'followers.next' })}
              {...enabledFor(state, { type: 'followers.next' })}
            >
              Next
            </Button>
          </nav>
        )}
      </section>
      {dialogOpen && (
        <Modal
          title="Follower Details"
          onClose={() => send({ type: 'followers.close' })}
          footer={
            <Button variant="secondary" onClick={() => send({ type: 'followers.close' })} data-event="followers.close">
              Close
            </Button>
          }
        >
          {state.matches({ ready: 'loadingDetail' }) && <Spinner label="Loading follower..." />}
          <Alert text={error} />
          {detail && (
            <div className="follower-detail">
              <span className="avatar avatar-lg" aria-hidden="true">
                {initials(detail.firstname, detail.surname)}
              </span>
              <dl>
                <dt>Name</dt>
                <dd>{fullName(detail.firstname, detail.surname)}</dd>
                <dt>Email</dt>
                <dd>
                  <a href={`mailto:${detail.email}`}>{detail.email}</a>
                </dd>
                <dt>Joined</dt>
                <dd>{day.format(new Date(detail.createdat))}</dd>
                {selectedRow && (
                  <>
                    <dt>Following since</dt>
                    <dd>{day.format(new Date(selectedRow.followedat))}</dd>
                  </>
                )}
              </dl>
            </div>
          )}
        </Modal>
      )}
    </Page>
  );
}

export default function FollowersPage({ user }: PageProps) {
  return <FollowersView mayExport={!!user && hasRole(user.role, 'manager')} />;
}
