/**
 * The shape of a plan: the plan with its slot values (places, networks and operators, technologies, dates)
 * replaced by their slot types, and the reading's own bookkeeping (notes, unknowns, assumptions, how the time was
 * said) left out. Two answers whose plans have the same shape answer the same question about possibly other
 * places, networks, technologies or dates, so a verified plan vouches for every answer of its shape
 * (docs/product.md#verified-answers). The key is the shape written as canonical JSON (keys sorted), hashed.
 */
import { createHash } from 'node:crypto';
import { TECHS } from '@qa/warehouse';
import type { Plan } from '../semantic/plan.js';

export type SlotType = 'place' | 'network' | 'technology' | 'date';

export const SLOT = {
  place: '<place>',
  network: '<network>',
  technology: '<technology>',
  date: '<date>',
} as const satisfies Record<SlotType, string>;

/** The time fields that hold dates (a window, a snapshot, a series' bounds, a quarter or a year). */
export const DATE_FIELDS = ['at', 'from', 'to', 'seriesFrom', 'seriesTo', 'quarter', 'quarterYear'] as const;

const isTech = (value: unknown): boolean =>
  typeof value === 'string' && (TECHS as readonly string[]).includes(value);

/** The plan with its slot values replaced by slot types (a plain JSON value). */
export function planShape(plan: Plan): Record<string, unknown> {
  const { notes: _notes, unknowns: _unknowns, assumptions: _assumptions, ...semantic } = plan;
  const shape: Record<string, unknown> = structuredClone(semantic);
  if (plan.geo) shape.geo = SLOT.place;
  const subject = { ...plan.subject } as Record<string, unknown>;
  for (const key of ['operatorGroups', 'allGroups', 'operators'] as const) {
    const list = plan.subject[key];
    if (list) subject[key] = list.map(() => SLOT.network);
  }
  if (plan.subject.soleGroup) subject.soleGroup = SLOT.network;
  if (plan.subject.groupTech) {
    subject.groupTech = Object.values(plan.subject.groupTech).map(() => `${SLOT.network}:${SLOT.technology}`);
  }
  if (isTech(plan.subject.tech)) subject.tech = SLOT.technology;
  shape.subject = subject;
  const time = { ...plan.time } as Record<string, unknown>;
  delete time.phrase;
  for (const field of DATE_FIELDS) if (time[field] !== undefined) time[field] = SLOT.date;
  shape.time = time;
  if (plan.takeUp) {
    const takeUp = { ...plan.takeUp } as Record<string, unknown>;
    if (plan.takeUp.operators) takeUp.operators = plan.takeUp.operators.map(() => SLOT.network);
    if (plan.takeUp.tech) takeUp.tech = SLOT.technology;
    if (plan.takeUp.techs) takeUp.techs = plan.takeUp.techs.map(() => SLOT.technology);
    shape.takeUp = takeUp;
  }
  return shape;
}

/** JSON with object keys sorted and undefined left out, so equal shapes are equal strings. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The shape as a short stable key (stored with each verified answer and looked up for the badge). */
export function shapeKey(plan: Plan): string {
  return createHash('sha256')
    .update(canonicalJson(planShape(plan)))
    .digest('hex')
    .slice(0, 32);
}
