/**
 * The correction form's edits of a plan (docs/semantic-plan.md): each field of the form sets one field of the
 * plan, and clearing a field removes it, so the plan sent is what the form shows. Pure, so it is tested alone.
 */
export type PlanJson = Record<string, unknown>;

const record = (value: unknown): PlanJson =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as PlanJson) : {};

function withField(object: PlanJson, key: string, value: unknown): PlanJson {
  const next = { ...object };
  if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) delete next[key];
  else next[key] = value;
  return next;
}

/** A comma-separated list as the plan's array ("Leeds, Bradford" -> ["Leeds", "Bradford"]). */
export function listOf(text: string): string[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

export type PlanField =
  | 'dataset'
  | 'measure'
  | 'tech'
  | 'networks'
  | 'placeLevel'
  | 'places'
  | 'dimension'
  | 'order'
  | 'limit'
  | 'at'
  | 'from'
  | 'to';

/** The form's value of a field, read from the plan. */
export function fieldValue(plan: PlanJson, field: PlanField): string {
  const subject = record(plan.subject);
  const geo = record(plan.geo);
  const time = record(plan.time);
  const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));
  switch (field) {
    case 'dataset':
    case 'measure':
    case 'dimension':
    case 'order':
    case 'limit':
      return text(plan[field]);
    case 'tech':
      return text(subject.tech);
    case 'networks':
      return Array.isArray(subject.operatorGroups) ? subject.operatorGroups.join(', ') : '';
    case 'placeLevel':
      return text(geo.column);
    case 'places':
      return Array.isArray(geo.values) ? geo.values.join(', ') : '';
    case 'at':
    case 'from':
    case 'to':
      return text(time[field]);
  }
}

/** The plan with one field of the form set (an empty value removes it). */
export function setField(plan: PlanJson, field: PlanField, value: string): PlanJson {
  switch (field) {
    case 'dataset':
    case 'measure':
    case 'dimension':
    case 'order':
      return withField(plan, field, value || undefined);
    case 'limit':
      return withField(plan, 'limit', value ? Number(value) : undefined);
    case 'tech':
      return { ...plan, subject: withField(record(plan.subject), 'tech', value || undefined) };
    case 'networks':
      return { ...plan, subject: withField(record(plan.subject), 'operatorGroups', listOf(value)) };
    case 'placeLevel': {
      const geo = record(plan.geo);
      if (!value) return withField(plan, 'geo', undefined);
      return { ...plan, geo: { ...geo, column: value, values: Array.isArray(geo.values) ? geo.values : [] } };
    }
    case 'places': {
      const geo = record(plan.geo);
      const values = listOf(value);
      if (values.length === 0) return withField(plan, 'geo', undefined);
      const { label: _label, ...rest } = geo;
      return { ...plan, geo: { ...rest, column: rest.column ?? 'la_name', values } };
    }
    case 'at':
    case 'from':
    case 'to':
      return { ...plan, time: withField(record(plan.time), field, value || undefined) };
  }
}

/** The plan a reviewer starts from: the answer's own, with the reading's notes cleared. */
export function startingPlan(plan: PlanJson | null): PlanJson {
  const base = plan ?? { dataset: 'upc', measure: 'premises', subject: {}, time: {} };
  return { ...base, notes: [], unknowns: [], assumptions: [] };
}
