/**
 * Words for what charts show: measures in words with their unit ("Full fibre coverage", "% of premises") instead
 * of column names, numbers in en-GB, and one colour per operator across every chart.
 */
import { DIMENSION_LIST, PLACE_DIMENSIONS, SEGMENTS } from '@qa/warehouse';

export interface MeasureLabel {
  /** "Full fibre coverage" */
  name: string;
  /** "% of premises", "premises", "lines", or '' */
  unit: string;
  /** The value is a percentage (0-100). */
  percent: boolean;
}

const LONG_MONTH = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
/** The month a column of one snapshot is for (premises_2025_11 -> "November 2025"), if it is one. */
function columnMonth(column: string): string | null {
  const match = /_(\d{4})_(\d{2})(?=_|$)/.exec(column);
  return match ? LONG_MONTH.format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1))) : null;
}

/** A phrase of the model as a pattern over column names and titles: words apart by a space, _ or -. */
function phrasePattern(phrase: string): string {
  const escaped = phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/[\s_-]+/g, '[\\s_-]?');
  return `(?:^|[^a-z0-9])${escaped}(?:[^a-z0-9]|$)`;
}

/**
 * The subjects a chart can be about: the semantic model's named filters, said by their titles and recognised by
 * their identifiers and phrases (cable-only gigabit before gigabit), then two chart words of their own.
 */
const SUBJECT_SEGMENTS = [
  SEGMENTS.full_fibre,
  SEGMENTS.cable_only_gigabit,
  SEGMENTS.gigabit,
  SEGMENTS.altnet,
  SEGMENTS.ultrafast,
  SEGMENTS.superfast,
  SEGMENTS.below_uso,
];
const SUBJECTS: [RegExp, string][] = [
  ...SUBJECT_SEGMENTS.map(
    (s) => [new RegExp([s.id, ...s.phrases].map(phrasePattern).join('|'), 'i'), s.title] as [RegExp, string],
  ),
  [/take[\s_-]?up/i, 'Take-up'],
  [/overbuil/i, 'Overbuilt'],
  [new RegExp(phrasePattern(SEGMENTS.forecast.id), 'i'), 'Forecast'],
];
/** Share columns named after a segment: full_fibre_pct, gigabit_pct, ... */
const SEGMENT_PCT = new RegExp(`^(${[...SUBJECT_SEGMENTS.map((s) => s.id), 'forecast'].join('|')})_pct$`);

/** Subjects that are a lack ("below the USO") are said after the noun: "Share below the USO". */
const LACKS = new Map<string, string>(
  SUBJECT_SEGMENTS.filter((s) => 'negated' in s && s.negated).map((s) => [s.title, s.label]),
);
const coverageOf = (subject: string) =>
  LACKS.has(subject) ? `Share ${LACKS.get(subject)}` : `${subject} coverage`;
const premisesOf = (subject: string) =>
  LACKS.has(subject) ? `Premises ${LACKS.get(subject)}` : `${subject} premises`;

const subjectOf = (text: string) => SUBJECTS.find(([pattern]) => pattern.test(text))?.[1];

const sentence = (text: string) => {
  const words = text.replace(/_/g, ' ').replace(/\s+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * A measure column in words. `context` (the chart's title or question) names the subject a generic column leaves
 * out: coverage_pct in "Full fibre coverage by region" is full fibre coverage.
 */
export function measureLabel(column: string, context = ''): MeasureLabel {
  // A column of one snapshot (premises_2025_11, coverage_2025_11_pct) is its measure at that month.
  const month = columnMonth(column);
  if (month) {
    const label = measureLabel(column.replace(/_\d{4}_\d{2}(?=_|$)/, ''), context);
    return { ...label, name: `${label.name}, ${month}` };
  }
  const c = column.toLowerCase();
  // A change in a share is in percentage points, never a share itself.
  if (c === 'pp_change') {
    const subject = subjectOf(context);
    return {
      name:
        subject && !LACKS.has(subject) ? `Change in ${subject.toLowerCase()} coverage` : 'Change in coverage',
      unit: 'percentage points',
      percent: false,
    };
  }
  const percent = /(^|_)(pct|percent|percentage)($|_)|_share$|^share_|rate$/.test(c);
  const subject = subjectOf(c) ?? subjectOf(context);
  if (percent) {
    if (/coverage|covered|passed/.test(c) || (/^share/.test(c) && subject))
      return { name: subject ? coverageOf(subject) : 'Coverage', unit: '% of premises', percent };
    if (/take_?up/.test(c)) return { name: 'Take-up', unit: '% of premises', percent };
    if (/overbuil/.test(c)) return { name: 'Overbuilt', unit: '% of premises', percent };
    if (/fttp_share|ff_share|full_fibre_share/.test(c))
      return { name: 'Full fibre share', unit: '% of lines', percent };
    if (SEGMENT_PCT.test(c)) return { name: coverageOf(subjectOf(c)!), unit: '% of premises', percent };
    const base = sentence(
      c.replace(/(^|_)(pct|percent|percentage)($|_)/g, ' ').replace(/\bshare\b/, 'share'),
    );
    return { name: base || 'Share', unit: '%', percent };
  }
  if (/lines/.test(c)) return { name: sentence(c), unit: 'lines', percent: false };
  if (/premises/.test(c)) {
    const name = c === 'premises' && subject ? premisesOf(subject) : sentence(c);
    return { name, unit: 'premises', percent: false };
  }
  if (/^(networks|operators|operator_count|network_count)$/.test(c))
    return { name: 'Networks', unit: 'networks', percent: false };
  return { name: sentence(c), unit: '', percent: false };
}

/** "Full fibre coverage, % of premises": a legend or axis title. */
export function measureTitle(label: MeasureLabel): string {
  return label.unit && label.unit !== label.name.toLowerCase() ? `${label.name}, ${label.unit}` : label.name;
}

/** The model's dimensions by column, titled; the chart keeps "Operator" for networks as its legends do. */
const DIMENSION_TITLES: Record<string, string> = {
  ...Object.fromEntries(
    DIMENSION_LIST.filter((d) => d.kind !== 'time' && 'column' in d).map((d) => [
      d.column,
      sentence(d.label),
    ]),
  ),
  ...Object.fromEntries(
    PLACE_DIMENSIONS.flatMap((d) => ('codeColumn' in d ? [[d.codeColumn, `${sentence(d.label)} code`]] : [])),
  ),
  reported_at: 'Date',
  operator_group: 'Operator',
};

/** A place or category column in words. */
export function dimensionLabel(column: string): string {
  const c = column.toLowerCase();
  return DIMENSION_TITLES[c] ?? sentence(c);
}

export function formatNumber(value: number, decimals?: number): string {
  const digits = decimals ?? (Number.isInteger(value) ? 0 : Math.abs(value) >= 100 ? 0 : 1);
  return new Intl.NumberFormat('en-GB', { maximumFractionDigits: digits, minimumFractionDigits: 0 }).format(
    value,
  );
}

/**
 * Operator colours, the same in every chart: the brands' own hues where they have one, distinct otherwise. Keyed by
 * operator group; an operator name (e.g. "Virgin Cable") takes its group's colour.
 */
const OPERATOR_COLOURS: [RegExp, string][] = [
  [/openreach|\bbt\b/i, '#1f4e9c'],
  [/virgin|nexfibre/i, '#d6001c'],
  [/cityfibre/i, '#7a2e8f'],
  [/community fibre/i, '#e6007e'],
  [/hyperoptic/i, '#00a19a'],
  [/full fibre ltd|fullfibre/i, '#f28c28'],
  [/zzoomm/i, '#8cc63f'],
  [/gigaclear/i, '#2e7d32'],
  [/trooli/i, '#0097d7'],
  [/fibrus/i, '#5b2a86'],
  [/kcom/i, '#004f71'],
  [/g\.?network/i, '#ffb300'],
  [/toob/i, '#ff5a5f'],
  [/grain/i, '#8d6e63'],
  [/brsk/i, '#c2185b'],
  [/ms3/i, '#455a64'],
  [/freedom fibre/i, '#26a69a'],
  [/netomnia/i, '#3949ab'],
  [/lit fibre/i, '#9ccc65'],
  [/wightfibre/i, '#00838f'],
  [/truespeed/i, '#6d4c41'],
  [/jurassic/i, '#827717'],
  [/ogi/i, '#ad1457'],
  [/three/i, '#616161'],
];

export function operatorColour(name: string): string | undefined {
  return OPERATOR_COLOURS.find(([pattern]) => pattern.test(name))?.[1];
}
