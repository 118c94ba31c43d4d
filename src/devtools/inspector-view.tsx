/** The offline statechart inspector's view: one machine's state tree, live, with its descriptions. */
import { activePaths, handledEvents, type InspectedActor, type StateConfig } from './inspector-model.ts';

function StateNode({
  name,
  config,
  path,
  active,
}: {
  name: string;
  config: StateConfig;
  path: string;
  active: Set<string>;
}) {
  const isActive = active.has(path);
  const children = Object.entries(config.states ?? {});
  const handled = handledEvents(config);
  return (
    <li className={`insp-state${isActive ? ' is-active' : ''}`} aria-current={isActive ? 'true' : undefined}>
      <div className="insp-state-head">
        <span className="insp-state-name">{name}</span>
        {config.type === 'parallel' && <span className="insp-badge">parallel</span>}
        {config.type === 'final' && <span className="insp-badge">final</span>}
        {config.tags?.map((tag) => (
          <span key={tag} className="insp-badge">
            #{tag}
          </span>
        ))}
      </div>
      {config.description && <p className="insp-description">{config.description}</p>}
      {handled.length > 0 && <p className="insp-events">{handled.join(' · ')}</p>}
      {children.length > 0 && (
        <ul className="insp-tree">
          {children.map(([child, childConfig]) => (
            <StateNode key={child} name={child} config={childConfig} path={`${path}.${child}`} active={active} />
          ))}
        </ul>
      )}
    </li>
  );
}

export function ActorView({ actor }: { actor: InspectedActor }) {
  const active = new Set(activePaths(actor.value));
  const roots = Object.entries(actor.definition?.states ?? {});
  return (
    <section className="insp-actor" aria-labelledby={`actor-${actor.sessionId}`}>
      <h2 id={`actor-${actor.sessionId}`}>
        {actor.name} <span className="insp-status">{actor.status ?? ''}</span>
      </h2>
      <p className="insp-value">
        State: <code>{JSON.stringify(actor.value)}</code>
      </p>
      {roots.length > 0 ? (
        <ul className="insp-tree" aria-label={`States of ${actor.name}`}>
          {roots.map(([name, config]) => (
            <StateNode key={name} name={name} config={config} path={name} active={active} />
          ))}
        </ul>
      ) : (
        <p>This actor is not a state machine (a promise or callback effect).</p>
      )}
      <h3>Recent events</h3>
      {actor.events.length ? (
        <ol className="insp-log">
          {actor.events.map((event) => (
            <li key={event.seq}>
              <code>{event.type}</code>
            </li>
          ))}
        </ol>
      ) : (
        <p>No events yet.</p>
      )}
      <details>
        <summary>Context (secrets redacted)</summary>
        <pre>{JSON.stringify(actor.context, null, 2)}</pre>
      </details>
    </section>
  );
}
