/**
 * The live actors as a tree (the session, the shell, each page's flows and what they invoke or spawn:
 * requests, pollers) and a sequence view of the events between them over time: one lifeline per actor,
 * an arrow per event from its sender (the page itself when XState names none) to its receiver. Pressing
 * an actor, in the tree or on its lifeline, inspects it.
 */
import { type ActorNode, actorTree, type InspectedActor, type Message } from './inspector-model.ts';

const label = (actor: InspectedActor) =>
  `${actor.name}${actor.definition?.id && actor.definition.id !== actor.name ? ` (${actor.definition.id})` : ''}`;

function TreeNode({ node, onPick }: { node: ActorNode; onPick: (sessionId: string) => void }) {
  const { actor } = node;
  return (
    <li>
      <button type="button" className="insp-link-button" onClick={() => onPick(actor.sessionId)}>
        {label(actor)}
      </button>{' '}
      <span className="insp-status">
        {actor.status ?? 'active'}
        {actor.definition ? '' : ', not a state machine'}
      </span>
      {node.children.length > 0 && (
        <ul>
          {node.children.map((child) => (
            <TreeNode key={child.actor.sessionId} node={child} onPick={onPick} />
          ))}
        </ul>
      )}
    </li>
  );
}

/** How many of the newest events the sequence view draws (the log keeps more). */
export const SEQUENCE_ROWS = 60;
const COLUMN = 150;
const ROW = 26;
const TOP = 40;

const clock = (at: number) =>
  `${new Date(at).toLocaleTimeString('en-GB', { hour12: false })}.${String(at % 1000).padStart(3, '0')}`;

export function Sequence({
  messages,
  actors,
  onPick,
}: {
  messages: readonly Message[];
  actors: Map<string, InspectedActor>;
  onPick: (sessionId: string) => void;
}) {
  const shown = messages.slice(-SEQUENCE_ROWS);
  // Lifelines in order of first appearance; '' is the page (events with no sender actor).
  const lanes: string[] = [];
  for (const m of shown) for (const id of [m.from ?? '', m.to]) if (!lanes.includes(id)) lanes.push(id);
  const nameOf = (id: string) => (id === '' ? 'page' : actors.get(id) ? label(actors.get(id)!) : id);
  const x = (id: string) => lanes.indexOf(id) * COLUMN + COLUMN / 2;
  const width = Math.max(1, lanes.length) * COLUMN;
  const height = TOP + shown.length * ROW + 10;
  if (!shown.length) return <p className="insp-hint">No events yet: use the portal window.</p>;
  return (
    <div className="insp-sequence">
      <svg
        width={width}
        height={height}
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={`Sequence of the last ${shown.length} events between ${lanes.length} actors; the list below says the same`}
      >
        <defs>
          <marker
            id="insp-seq-arrow"
            viewBox="0 0 10 10"
            refX="9"
            refY="5"
            markerWidth="7"
            markerHeight="7"
            orient="auto"
          >
            <path d="M0,0 L10,5 L0,10 z" className="insp-arrowhead" />
          </marker>
        </defs>
        {lanes.map((id) => (
          <g key={id || 'page'} className="insp-lane">
            <text x={x(id)} y={16} textAnchor="middle" className="insp-lane-name">
              {nameOf(id).slice(0, 22)}
            </text>
            <line x1={x(id)} x2={x(id)} y1={24} y2={height} />
          </g>
        ))}
        {shown.map((m, i) => {
          const from = x(m.from ?? '');
          const to = x(m.to);
          const y = TOP + i * ROW + ROW / 2;
          const self = from === to;
          return (
            <g key={m.n} className="insp-seq-message" data-event={m.type}>
              <title>{`${clock(m.at)} ${nameOf(m.from ?? '')} → ${nameOf(m.to)}: ${m.type}`}</title>
              {self ? (
                <path d={`M${from},${y - 6} h24 v12 h-22`} markerEnd="url(#insp-seq-arrow)" />
              ) : (
                <line x1={from} x2={to + (to > from ? -4 : 4)} y1={y} y2={y} markerEnd="url(#insp-seq-arrow)" />
              )}
              <text x={self ? from + 28 : (from + to) / 2} y={y - 4} textAnchor={self ? 'start' : 'middle'}>
                {m.type.length > 30 ? `${m.type.slice(0, 29)}…` : m.type}
              </text>
            </g>
          );
        })}
      </svg>
      <details className="insp-panel">
        <summary>The same events as a list</summary>
        <ol aria-label="Events between actors, oldest first">
          {shown.map((m) => (
            <li key={m.n}>
              {clock(m.at)} {nameOf(m.from ?? '')} → {nameOf(m.to)}: <code>{m.type}</code>
            </li>
          ))}
        </ol>
      </details>
      <p className="insp-hint">
        Inspect an actor:{' '}
        {lanes
          .filter((id) => id && actors.has(id))
          .map((id) => (
            <button key={id} type="button" className="insp-link-button" onClick={() => onPick(id)}>
              {nameOf(id)}
            </button>
          ))}
      </p>
    </div>
  );
}

export function ActorsView({
  actors,
  messages,
  onPick,
}: {
  actors: Map<string, InspectedActor>;
  messages: readonly Message[];
  onPick: (sessionId: string) => void;
}) {
  const tree = actorTree(actors);
  return (
    <section className="insp-actor" aria-labelledby="insp-actors-title">
      <header className="insp-actor-head">
        <h2 id="insp-actors-title">Actors and the events between them</h2>
        <p className="insp-hint">
          Every actor the portal started, under the one that started it; stopped ones stay, marked. Press one to inspect
          it.
        </p>
      </header>
      <div className="insp-stack">
        <section className="insp-panel" aria-labelledby="insp-tree-title">
          <h3 id="insp-tree-title">Actor tree</h3>
          {tree.length ? (
            <ul className="insp-actor-tree" aria-label="Actor tree">
              {tree.map((node) => (
                <TreeNode key={node.actor.sessionId} node={node} onPick={onPick} />
              ))}
            </ul>
          ) : (
            <p className="insp-hint">
              No actor yet: open the portal with ?inspect and press "Open statechart inspector".
            </p>
          )}
        </section>
        <section className="insp-panel" aria-labelledby="insp-seq-title">
          <h3 id="insp-seq-title">Sequence: events between actors over time</h3>
          <Sequence messages={messages} actors={actors} onPick={onPick} />
        </section>
      </div>
    </section>
  );
}
