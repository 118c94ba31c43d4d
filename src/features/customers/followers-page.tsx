/**
 * Your Followers (/customers, spec §2): a page of followers, a search by name or e-mail, their details
 * and history, and the CSV export. The page number and the search live in the URL (`?page=2&q=amelia`),
 * so a reload or Back comes back to them.
 */
import { useEffect } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import type { Follower, FollowerHistory } from '#contracts/followers.ts';
import { hasRole } from '#contracts/team.ts';
import {
  FOLLOWERS_TEXTS,
  type FollowersInput,
  type followersMachine,
  noFollowersMatch,
} from '#machines/followers.machine.ts';
import type { PageProps } from '#src/lib/page.ts';
import { enabledFor, type FlowHooks, useFlowActor } from '#src/lib/use-flow-actor.ts';
import { Alert } from '#src/ui/alert.tsx';
import { Button } from '#src/ui/button.tsx';
import { EmptyState } from '#src/ui/empty-state.tsx';
import { UsersIcon } from '#src/ui/icons.tsx';
import { LoadError } from '#src/ui/load-error.tsx';
import { Modal } from '#src/ui/modal.tsx';
import { Page } from '#src/ui/page.tsx';
import { SearchField } from '#src/ui/search-field.tsx';
import { Spinner } from '#src/ui/spinner.tsx';
import { liveFollowersLogic } from './followers.wiring.ts';
import './followers.css';
import { EmailText } from '#src/ui/email-text.tsx';

const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const moment = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The page and search of `?page=2&q=amelia` (anything else: page 1, no search). */
export function followersUrlState(search: string): FollowersInput {
  const params = new URLSearchParams(search);
  const page = Number(params.get('page'));
  return { page: Number.isSafeInteger(page) && page > 0 ? page : 1, q: params.get('q') ?? '' };
}
/** `?page=2&q=amelia`, leaving out page 1 and an empty search, keeping the URL's other parameters. */
export function followersSearch(search: string, page: number, q: string) {
  const params = new URLSearchParams(search);
  params.delete('page');
  params.delete('q');
  if (page > 1) params.set('page', String(page));
  if (q.trim()) params.set('q', q);
  const text = params.toString();
  return text ? `?${text}` : '';
}

const VOUCHER_STATUS: Record<FollowerHistory['vouchers'][number]['status'], string> = {
  ready: 'Ready to redeem',
  redeemed: 'Redeemed',
};
const BOOKING_STATUS: Record<FollowerHistory['bookings'][number]['status'], string> = {
  confirmed: 'Confirmed',
  completed: 'Completed',
  no_show: 'No-show',
  cancelled: 'Cancelled',
};

/** The follower's vouchers, bookings and conversation with this business (issue 26). */
export function FollowerHistoryView({
  history,
  conversationHref,
  onOpenConversation,
}: {
  history: FollowerHistory;
  conversationHref: string;
  onOpenConversation: () => void;
}) {
  return (
    <div className="follower-history">
      <section aria-labelledby="follower-vouchers">
        <h3 id="follower-vouchers">Vouchers</h3>
        {history.vouchers.length === 0 ? (
          <p className="follower-history-empty">No vouchers claimed yet.</p>
        ) : (
          <ul className="follower-history-list">
            {history.vouchers.map((voucher) => (
              <li key={`${voucher.title}-${voucher.issuedat}`} className="follower-history-item">
                <span className="follower-history-title">{voucher.title}</span>
                <span className="follower-history-meta">
                  {VOUCHER_STATUS[voucher.status]}: claimed {day.format(new Date(voucher.issuedat))}
                  {voucher.redeemedat && `, redeemed ${day.format(new Date(voucher.redeemedat))}`}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="follower-bookings">
        <h3 id="follower-bookings">Bookings</h3>
        {history.bookings.length === 0 ? (
          <p className="follower-history-empty">No bookings yet.</p>
        ) : (
          <ul className="follower-history-list">
            {history.bookings.map((booking) => (
              <li key={booking.bookingid} className="follower-history-item">
                <span className="follower-history-title">{booking.resourcename}</span>
                <span className="follower-history-meta">
                  {moment.format(new Date(booking.start))}: {BOOKING_STATUS[booking.status]}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="follower-messages">
        <h3 id="follower-messages">Messages</h3>
        {history.conversationid ? (
          <Link href={conversationHref} onClick={onOpenConversation}>
            Open the conversation
          </Link>
        ) : (
          <p className="follower-history-empty">No messages yet.</p>
        )}
      </section>
    </div>
  );
}
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
  const search = useSearch();
  const [location, navigate] = useLocation();
  const [state, send] = useFlowActor(logic, { options, input: followersUrlState(search) });
  const { list, page, detail, error, selected, query } = state.context;
  // The URL follows the page and the search (replaced, not pushed: Back leaves the page as it was left).
  const wanted = followersSearch(search, page, query);
  useEffect(() => {
    if (wanted !== (search ? `?${search}` : '')) navigate(`${location}${wanted}`, { replace: true });
  }, [wanted, search, location, navigate]);
  const searching = query.trim() !== '';
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
      <SearchField
        label={FOLLOWERS_TEXTS.searchLabel}
        hint={FOLLOWERS_TEXTS.searchHint}
        value={query}
        onSearch={(q) => send({ type: 'followers.search', q })}
        event="followers.search"
      />
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
        {state.hasTag('ready') && list && list.followers.length === 0 && !searching && (
          <EmptyState icon={<UsersIcon />} title={FOLLOWERS_TEXTS.empty}>
            Customers follow you by scanning your business QR code (Profile in the top bar) with the app.
          </EmptyState>
        )}
        {state.hasTag('ready') && list && list.followers.length === 0 && searching && (
          <EmptyState icon={<UsersIcon />} title={noFollowersMatch(query)}>
            Try part of a name or of an e-mail address.
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
                  <a href={`mailto:${detail.email}`}>
                    <EmailText email={detail.email} />
                  </a>
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
          {detail && (
            <FollowerHistoryView
              history={detail.history}
              conversationHref={`${location}${wanted}${wanted ? '&' : '?'}conversation=${detail.history.conversationid}`}
              onOpenConversation={() => send({ type: 'followers.close' })}
            />
          )}
        </Modal>
      )}
    </Page>
  );
}

export default function FollowersPage({ user }: PageProps) {
  return <FollowersView mayExport={!!user && hasRole(user.role, 'manager')} />;
}
