/** A QA plan's scenario as plan.ts builds it from a generated path (types only, shared by plan.ts and triage.ts). */
import type { AnyEventObject } from 'xstate';
import type { MachinePath } from '../lib/paths.ts';

export interface PlanStep {
  /** What to set up before doing the step (e.g. stop the server). */
  arrange: string[];
  /** What the person does, in plain words. */
  action: string;
  /** The event the person sends (first of the step), with the values the plan tells them to type. */
  event: AnyEventObject;
  /** What happens without the person (the server's answer), in order. */
  results: string[];
  /** What to check, from the state the step comes to rest in; null while it is still waiting. */
  expect: string | null;
  /** What tells the step's outcome apart when the state looks the same either way (the samples' `tells`). */
  tells: string[];
  /** Indexes in the path's steps of the first and last event this person step covers. */
  firstStep: number;
  lastStep: number;
}

export interface PlanScenario {
  number: number;
  title: string;
  url: string;
  who: string;
  via?: string;
  andThen?: string;
  /** Accounts and settings to prepare before opening the page. */
  before: string[];
  /** What happens when the page opens (answers the page waits for). */
  opening: string[];
  expect: string | null;
  steps: PlanStep[];
  /** Why a person cannot walk it; the automated test named in `test` covers it. */
  notByHand: string[];
  test: string;
  path: MachinePath;
}
