/**
 * The getting-started checklist on the dashboard (issue 26): the five first steps, each done or a link to
 * where it is done, and "Dismiss checklist". Renders nothing while loading, once dismissed or done, and
 * when it cannot be loaded (a hint never stands in the dashboard's way). Staff do not see it: it is for
 * whoever can act on it (a session without a role yet shows it).
 */

import { Link } from 'wouter';
import type { Role } from '#contracts/team.ts';
import {
  CHECKLIST_STEP_TEXTS,
  type gettingStartedMachine,
  progressText,
  GETTING_STARTED_TEXTS as T,
} from '#machines/getting-started.machine.ts';
import { enabledFor, type FlowHooks, useFlowActor } from '#src/lib/use-flow-actor.ts';
import { Alert } from '#src/ui/alert.tsx';
import { Button } from '#src/ui/button.tsx';
import { liveGettingStartedLogic } from './getting-started.wiring.ts';
import './getting-started.css';

export interface GettingStartedProps extends FlowHooks<typeof gettingStartedMachine> {
  /** The caller's role in the business's team, once the session has one. */
  teamRole?: Role;
}

export function GettingStarted({ teamRole, ...hooks }: GettingStartedProps) {
  if (teamRole === 'staff') return null;
  return <GettingStartedCard {...hooks} />;
}

function GettingStartedCard({ logic = liveGettingStartedLogic, options }: FlowHooks<typeof gettingStartedMachine>) {
  const [state, send] = useFlowActor(logic, { options });
  const { checklist, error } = state.context;
  if (state.hasTag('loading')) {
    // getting-started.css keeps what follows (the stats, the feed) unseen until the checklist is in or
    // not: a card appearing above them would push them down (a layout shift).
    return (
      <p className="visually-hidden getting-started-pending" role="status">
        {T.loading}
      </p>
    );
  }
  if (!state.hasTag('ready') || !checklist) return null;
  const dismiss = { type: 'checklist.dismiss' } as const;
  return (
    <section
      className="card getting-started"
      aria-labelledby="getting-started-title"
      aria-busy={state.hasTag('busy') || undefined}
    >
      <div className="getting-started-head">
        <div>
          <h2 id="getting-started-title">{T.title}</h2>
          <p className="getting-started-intro">
            {T.intro} <span className="getting-started-progress">{progressText(checklist)}</span>
          </p>
        </div>
        <Button variant="ghost" onClick={() => send(dismiss)} {...enabledFor(state, dismiss)}>
          {state.hasTag('busy') ? T.dismissing : T.dismiss}
        </Button>
      </div>
      <Alert text={error} />
      <ol className="getting-started-steps">
        {checklist.steps.map((step) => {
          const { label, href } = CHECKLIST_STEP_TEXTS[step.id];
          return (
            <li key={step.id} className={step.done ? 'is-done' : undefined}>
              <span className="getting-started-mark" aria-hidden="true">
                {step.done ? '✓' : ''}
              </span>
              {step.done ? (
                <span>
                  {label}
                  <span className="visually-hidden">: {T.done}</span>
                </span>
              ) : href.startsWith('/#') ? (
                <a href={href.slice(1)}>
                  {label}
                  <span className="visually-hidden">: {T.todo}</span>
                </a>
              ) : (
                <Link href={href}>
                  {label}
                  <span className="visually-hidden">: {T.todo}</span>
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
