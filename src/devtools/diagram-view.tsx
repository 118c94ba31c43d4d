/**
 * The live diagram: a chart laid out by elkjs (layout.ts), drawn as one SVG. Nested states are boxes in
 * their parent; active states are filled and outlined; the edges of the last transition are drawn thick
 * in the accent colour; an optional note (a QA expectation) hangs beside the deepest active state. Zoom
 * and pan with @panzoom/panzoom (wheel and drag; the toolbar's buttons from the keyboard).
 */
import Panzoom, { type PanzoomObject } from '@panzoom/panzoom/dist/panzoom.es.js';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Chart } from './chart.ts';
import { type Layout, layoutChart } from './layout.ts';

const cache = new Map<string, Promise<Layout>>();

/** Layouts depend only on the chart: computed once per machine (a second or less for the largest). */
function useLayout(chart: Chart, key: string): Layout | { error: string } | undefined {
  const [layout, setLayout] = useState<Layout | { error: string }>();
  useEffect(() => {
    let live = true;
    setLayout(undefined);
    let pending = cache.get(key);
    if (!pending) {
      pending = layoutChart(chart);
      cache.set(key, pending);
    }
    pending.then(
      (done) => live && setLayout(done),
      (error: unknown) => live && setLayout({ error: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [chart, key]);
  return layout;
}

/** Room right of and below the layout for a note beside a state at the edge. */
const NOTE_ROOM = 320;
/**
 * The smallest scale: the 11 px labels stay at 9.4 px or more, state names at 11 px. A chart larger than
 * the window at this scale is seen by dragging (and centred on the active state), never shrunk unreadable.
 */
export const READABLE = 0.85;

const pathData = (points: Array<{ x: number; y: number }>) =>
  points.map((p, i) => `${i ? 'L' : 'M'}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');

export interface DiagramProps {
  chart: Chart;
  /** Cache key of the chart's layout (the machine id, plus where it came from). */
  layoutKey: string;
  /** Dotted paths of the active states. */
  active: readonly string[];
  /** Chart edge ids of the last transition taken. */
  lastEdges?: readonly string[];
  /** A note shown beside the deepest active state (a QA expectation). */
  note?: string;
  label: string;
  /** Called with a chart edge when the person presses its label (simulate mode sends its event). */
  onEdge?: ((edgeId: string) => void) | undefined;
  /** Chart edge ids that can be pressed now (the events the state accepts). */
  pressable?: ReadonlySet<string> | undefined;
}

/** Under the diagram: the described transition under the pointer or focus, else the active state's description. */
function captionOf(
  edge: Chart['edges'][number] | undefined,
  state: { path: string; description?: string } | undefined,
  pressable: boolean,
): string {
  if (edge) return `${edge.label}: ${edge.description ?? '(no description)'}`;
  const here = state ? `${state.path}: ${state.description ?? '(no description)'}` : '';
  return pressable ? `${here} Press a highlighted transition to send its event.`.trim() : here;
}

/** The box the view centres on: the deepest active state that is not a compound's frame, else any active one. */
function focusBox(layout: Layout, active: readonly string[]) {
  const on = layout.states.filter((s) => active.includes(s.path));
  return on.filter((s) => !s.compound).at(-1) ?? on.at(-1);
}

export function Diagram({ chart, layoutKey, active, lastEdges = [], note, label, onEdge, pressable }: DiagramProps) {
  const layout = useLayout(chart, layoutKey);
  const stage = useRef<HTMLDivElement>(null);
  const [zoom, setZoom] = useState<PanzoomObject>();
  const [tooBig, setTooBig] = useState(false);
  /** The edge under the pointer or keyboard focus: its description shows under the diagram. */
  const [hovered, setHovered] = useState<string>();
  const edgeInfo = useMemo(() => new Map(chart.edges.map((e) => [e.id, e])), [chart]);

  const focus = useRef<readonly string[]>(active);
  focus.current = active;
  /** Pans (at the present scale) so the active state sits in the middle of the window; with `ifHidden`, only when it is not wholly in view. */
  const centre = useRef<(ifHidden?: boolean) => void>(() => {});
  const [fitWhole, setFitWhole] = useState<() => void>();
  useEffect(() => {
    const element = stage.current;
    if (!element || !layout || 'error' in layout) return;
    const parent = element.parentElement!;
    const size = () => [parent.clientWidth || 800, parent.clientHeight || 600] as const;
    const [pw, ph] = size();
    const whole = Math.min(1, pw / layout.width, ph / layout.height);
    const scale = Math.max(READABLE, whole);
    const fits = whole >= READABLE;
    setTooBig(!fits);
    const target = focusBox(layout, focus.current);
    const [cx, cy] =
      fits || !target
        ? [layout.width / 2, layout.height / 2]
        : [target.x + target.width / 2, target.y + target.height / 2];
    const panzoom = Panzoom(element, {
      maxScale: 4,
      minScale: READABLE,
      canvas: true,
      origin: '0 0',
      startScale: scale,
      startX: pw / 2 / scale - cx,
      startY: ph / 2 / scale - cy,
    });
    const wheel = (event: WheelEvent) => panzoom.zoomWithWheel(event);
    parent.addEventListener('wheel', wheel, { passive: false });
    setZoom(panzoom);
    centre.current = (ifHidden = false) => {
      const box = focusBox(layout, focus.current);
      if (!box) return;
      const [w, h] = size();
      const k = panzoom.getScale();
      const { x, y } = panzoom.getPan();
      const inView =
        box.x + x >= 0 && box.y + y >= 0 && (box.x + box.width + x) * k <= w && (box.y + box.height + y) * k <= h;
      if (ifHidden && inView) return;
      panzoom.pan(w / 2 / k - (box.x + box.width / 2), h / 2 / k - (box.y + box.height / 2), { animate: false });
    };
    setFitWhole(() => () => {
      panzoom.zoom(scale, { animate: false });
      setTimeout(() => (fits ? panzoom.pan(pw / 2 / scale - cx, ph / 2 / scale - cy) : centre.current()));
    });
    return () => {
      parent.removeEventListener('wheel', wheel);
      panzoom.destroy();
    };
  }, [layout]);

  // A new active state is brought to the middle (a step, a moment of the log, a replay's next step).
  const activeKey = active.join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the active states change, reading them through `focus`
  useEffect(() => {
    if (zoom) centre.current(true);
  }, [activeKey, zoom]);

  const activeSet = useMemo(() => new Set(active), [active]);
  const lastSet = useMemo(() => new Set(lastEdges), [lastEdges]);

  if (!layout) return <p className="insp-diagram-status">Laying out the diagram…</p>;
  if ('error' in layout) return <p role="alert">The diagram could not be laid out: {layout.error}</p>;

  const deepest = layout.states.filter((s) => activeSet.has(s.path) && !s.compound).at(-1);
  return (
    <div className="insp-diagram">
      <div className="insp-zoom" role="toolbar" aria-label="Zoom">
        <button type="button" onClick={() => zoom?.zoomIn()} aria-label="Zoom in">
          +
        </button>
        <button type="button" onClick={() => zoom?.zoomOut()} aria-label="Zoom out">
          −
        </button>
        <button type="button" onClick={() => fitWhole?.()}>
          Whole chart
        </button>
        <button type="button" onClick={() => centre.current()}>
          Centre the active state
        </button>
        <button type="button" onClick={() => zoom?.reset()}>
          Reset
        </button>
      </div>
      <div className="insp-viewport">
        <div ref={stage} className="insp-stage" style={{ width: layout.width, height: layout.height }}>
          <svg
            role={onEdge && pressable?.size ? 'group' : 'img'}
            aria-label={label}
            width={layout.width + NOTE_ROOM}
            height={layout.height + NOTE_ROOM / 2}
            viewBox={`0 0 ${layout.width + NOTE_ROOM} ${layout.height + NOTE_ROOM / 2}`}
            className="insp-svg"
          >
            <defs>
              <marker
                id="insp-arrow"
                viewBox="0 0 10 10"
                refX="9"
                refY="5"
                markerWidth="7"
                markerHeight="7"
                orient="auto"
              >
                <path d="M0,0 L10,5 L0,10 z" className="insp-arrowhead" />
              </marker>
              <marker
                id="insp-arrow-last"
                viewBox="0 0 10 10"
                refX="9"
                refY="5"
                markerWidth="6"
                markerHeight="6"
                orient="auto"
              >
                <path d="M0,0 L10,5 L0,10 z" className="insp-arrowhead-last" />
              </marker>
            </defs>
            {layout.states.map((s) => {
              const isActive = activeSet.has(s.path);
              const lines = [
                ...s.invokes.map((i) => `runs ${i}`),
                ...(s.tags.length ? [s.tags.map((t) => `#${t}`).join(' ')] : []),
              ];
              return (
                <g
                  key={s.path || '(root)'}
                  className={`insp-node${s.compound ? ' is-compound' : ''}${isActive ? ' is-active' : ''}${s.type === 'final' ? ' is-final' : ''}`}
                  data-state={s.path || '(machine)'}
                  data-active={isActive ? 'true' : 'false'}
                >
                  <title>{`${s.path || s.key}${isActive ? ' (active)' : ''}${s.description ? `: ${s.description}` : ''}`}</title>
                  <rect x={s.x} y={s.y} width={s.width} height={s.height} rx={s.compound ? 10 : 8} />
                  {s.type === 'final' && (
                    <rect
                      x={s.x + 3}
                      y={s.y + 3}
                      width={s.width - 6}
                      height={s.height - 6}
                      rx={6}
                      className="insp-final-ring"
                    />
                  )}
                  <text x={s.x + 12} y={s.y + 19} className="insp-node-name">
                    {s.key}
                    {s.type === 'parallel' ? ' ∥' : ''}
                  </text>
                  {lines.map((line, i) => (
                    <text key={line} x={s.x + 12} y={s.y + 35 + i * 16} className="insp-node-meta">
                      {line}
                    </text>
                  ))}
                </g>
              );
            })}
            {layout.initials.map((box) => (
              <circle
                key={`${box.x},${box.y}`}
                cx={box.x + box.width / 2}
                cy={box.y + box.height / 2}
                r={box.width / 2}
                className="insp-initial"
              />
            ))}
            {layout.edges.map((edge) => {
              const last = edge.edgeId !== undefined && lastSet.has(edge.edgeId);
              const info = edge.edgeId ? edgeInfo.get(edge.edgeId) : undefined;
              const canPress = !!(onEdge && edge.edgeId && pressable?.has(edge.edgeId));
              const press = () => edge.edgeId && onEdge?.(edge.edgeId);
              return (
                <g
                  key={edge.id}
                  className={`insp-edge${last ? ' is-last' : ''}${edge.initial ? ' is-initial' : ''}${canPress ? ' is-pressable' : ''}`}
                  data-edge={edge.label || undefined}
                  data-last={last ? 'true' : undefined}
                  onPointerEnter={() => setHovered(edge.edgeId)}
                  onPointerLeave={() => setHovered(undefined)}
                  {...(canPress
                    ? {
                        role: 'button',
                        tabIndex: 0,
                        'aria-label': `Send ${edge.label}${info?.description ? `: ${info.description}` : ''}`,
                        onClick: press,
                        onFocus: () => setHovered(edge.edgeId),
                        onBlur: () => setHovered(undefined),
                        onKeyDown: (event: React.KeyboardEvent) => {
                          if (event.key === 'Enter' || event.key === ' ') {
                            event.preventDefault();
                            press();
                          }
                        },
                      }
                    : {})}
                >
                  {info?.description && <title>{`${edge.label}: ${info.description}`}</title>}
                  <path d={pathData(edge.points)} markerEnd={`url(#insp-arrow${last ? '-last' : ''})`} />
                  {edge.labelBox && edge.label && (
                    <>
                      <rect
                        x={edge.labelBox.x - 2}
                        y={edge.labelBox.y}
                        width={edge.labelBox.width}
                        height={edge.labelBox.height}
                        rx={3}
                        className="insp-edge-label-bg"
                      />
                      <text x={edge.labelBox.x + 2} y={edge.labelBox.y + 12} className="insp-edge-label">
                        {edge.label}
                      </text>
                    </>
                  )}
                </g>
              );
            })}
            {note && deepest && (
              <foreignObject
                x={deepest.x + deepest.width + 8}
                y={deepest.y - 4}
                width={300}
                height={140}
                className="insp-note-holder"
              >
                <div className="insp-note" data-note-for={deepest.path}>
                  {note}
                </div>
              </foreignObject>
            )}
          </svg>
        </div>
      </div>
      <p className="insp-caption" data-testid="diagram-caption">
        {captionOf(hovered ? edgeInfo.get(hovered) : undefined, deepest, onEdge !== undefined && !!pressable?.size)}
      </p>
      {tooBig && (
        <p className="insp-hint insp-zoom-hint">
          Larger than the window at a readable size: drag to see the rest (the active state is kept in the middle).
        </p>
      )}
    </div>
  );
}
