/**
 * Lays a chart out with elkjs (the Eclipse Layout Kernel, compiled to JavaScript: no network, no
 * worker file to serve). Nested states become ELK compound nodes, so children sit inside their parent's
 * box; each compound state gets a small dot pointing at its initial child; every transition is an edge
 * with its "event [guard]" label, routed orthogonally across the hierarchy. Coordinates come back
 * absolute (ROOT), ready for one SVG. Sizes are estimated from the text (monospace-ish widths), so the
 * layout is the same in a browser and in Node (the unit tests lay charts out too).
 */
import ELK, { type ElkExtendedEdge, type ElkNode } from 'elkjs/lib/elk.bundled.js';
import type { Chart, ChartState } from './chart.ts';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface LaidState extends Box {
  path: string;
  key: string;
  type: string;
  tags: string[];
  invokes: string[];
  description?: string;
  compound: boolean;
  depth: number;
}

export interface LaidEdge {
  id: string;
  /** The chart edge this is (initial-state arrows have none). */
  edgeId?: string;
  source: string;
  target: string;
  label: string;
  /** Points of the route, start to end. */
  points: Array<{ x: number; y: number }>;
  labelBox?: Box;
  initial?: boolean;
}

export interface Layout {
  width: number;
  height: number;
  states: LaidState[];
  initials: Box[];
  edges: LaidEdge[];
}

const CHAR = 7.2;
const LABEL_CHAR = 6.3;
const nodeId = (path: string) => `s:${path}`;
const initialId = (path: string) => `i:${path}`;

/** A leaf's box fits its name and badges (tags, "invokes x"). */
function leafSize(state: ChartState): { width: number; height: number } {
  const lines = [state.key, ...state.invokes.map((i) => `runs ${i}`)];
  const badges = state.tags.map((t) => `#${t}`).join(' ');
  if (badges) lines.push(badges);
  const width = Math.max(90, ...lines.map((l) => l.length * CHAR + 28));
  return { width: Math.round(width), height: 22 + lines.length * 16 };
}

function toElk(state: ChartState): ElkNode {
  if (!state.children.length) return { id: nodeId(state.path), ...leafSize(state) };
  const children: ElkNode[] = state.children.map(toElk);
  if (state.initial) children.unshift({ id: initialId(state.path), width: 10, height: 10 });
  const header = 30 + (state.invokes.length + (state.tags.length ? 1 : 0)) * 16;
  return {
    id: nodeId(state.path),
    layoutOptions: {
      'elk.padding': `[top=${header},left=14,bottom=14,right=14]`,
      'elk.nodeSize.constraints': 'MINIMUM_SIZE',
      'elk.nodeSize.minimum': `(${Math.round(state.key.length * CHAR + 40)}, 40)`,
    },
    children,
  };
}

function initialEdges(state: ChartState): ElkExtendedEdge[] {
  const own: ElkExtendedEdge[] = state.initial
    ? [{ id: `init:${state.path}`, sources: [initialId(state.path)], targets: [nodeId(state.initial)] }]
    : [];
  return [...own, ...state.children.flatMap(initialEdges)];
}

const elk = new ELK();

export async function layoutChart(chart: Chart): Promise<Layout> {
  const root = toElk(chart.root);
  const graph: ElkNode = {
    id: 'graph',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'DOWN',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.edgeRouting': 'ORTHOGONAL',
      'elk.layered.spacing.nodeNodeBetweenLayers': '46',
      'elk.spacing.nodeNode': '34',
      'elk.spacing.edgeLabel': '3',
      'elk.spacing.edgeEdge': '12',
      'elk.edgeLabels.inline': 'false',
      'elk.layered.edgeLabels.sideSelection': 'ALWAYS_DOWN',
      'elk.json.shapeCoords': 'ROOT',
      'elk.json.edgeCoords': 'ROOT',
      'elk.padding': '[top=12,left=12,bottom=12,right=12]',
    },
    children: [root],
    edges: [
      ...initialEdges(chart.root),
      ...chart.edges.map((edge) => ({
        id: `e:${edge.id}`,
        sources: [nodeId(edge.source)],
        targets: [nodeId(edge.target)],
        labels: [{ text: edge.label, width: Math.round(edge.label.length * LABEL_CHAR + 8), height: 16 }],
      })),
    ],
  };
  const laid = await elk.layout(graph);

  const byPath = new Map<string, ChartState>();
  const visit = (s: ChartState) => {
    byPath.set(s.path, s);
    s.children.forEach(visit);
  };
  visit(chart.root);

  const states: LaidState[] = [];
  const initials: Box[] = [];
  const walk = (node: ElkNode, depth: number) => {
    for (const child of node.children ?? []) {
      const box = { x: child.x ?? 0, y: child.y ?? 0, width: child.width ?? 0, height: child.height ?? 0 };
      if (child.id.startsWith('i:')) initials.push(box);
      else {
        const state = byPath.get(child.id.slice(2))!;
        states.push({
          ...box,
          path: state.path,
          key: state.path === '' ? chart.id : state.key,
          type: state.type,
          tags: state.tags,
          invokes: state.invokes,
          ...(state.description ? { description: state.description } : {}),
          compound: state.children.length > 0,
          depth,
        });
      }
      walk(child, depth + 1);
    }
  };
  walk(laid, 0);

  const edges: LaidEdge[] = [];
  const collect = (node: ElkNode) => {
    for (const edge of (node.edges ?? []) as ElkExtendedEdge[]) {
      const points = (edge.sections ?? []).flatMap((s) => [s.startPoint, ...(s.bendPoints ?? []), s.endPoint]);
      const label = edge.labels?.[0];
      edges.push({
        id: edge.id,
        ...(edge.id.startsWith('e:') ? { edgeId: edge.id.slice(2) } : {}),
        source: edge.sources[0]!.replace(/^[si]:/, ''),
        target: edge.targets[0]!.slice(2),
        label: label?.text ?? '',
        points,
        ...(label
          ? { labelBox: { x: label.x ?? 0, y: label.y ?? 0, width: label.width ?? 0, height: label.height ?? 0 } }
          : {}),
        ...(edge.id.startsWith('init:') ? { initial: true } : {}),
      });
    }
    for (const child of node.children ?? []) collect(child);
  };
  collect(laid);
  return { width: laid.width ?? 0, height: laid.height ?? 0, states, initials, edges };
}
