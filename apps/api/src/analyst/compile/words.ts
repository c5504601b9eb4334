/**
 * The warehouse's codes in an analyst's words. The compiler describes its SQL in sentences that name what the SQL
 * reads (`la_name = Leeds`, a download test in Mbit/s, `tech = 'fttp'`, 2026-05-01, 2026Q4); before a reader sees
 * them they are said as the semantic model says them: a dimension column by its label, a technology code by its
 * segment's label, a speed threshold as a speed, a snapshot date as its month, a quarter as "2026 Q4", and what
 * is left of code (a table or column the step names on purpose) marked as code. Dates and quarters are also said
 * here for the analysis, so every text of an answer says them one way.
 */
import { DIMENSION_LIST, MEASURES, SEGMENTS, TECHNOLOGY_SEGMENTS } from '@qa/warehouse';

// Plain month names rather than Intl per call: toLocaleString costs about a millisecond a time.
export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** 11 -> 'November'. */
export const monthName = (month: number): string => MONTHS[month - 1] ?? String(month);

const ISO_DATE = /\b(\d{4})-(\d{2})-(\d{2})\b/g;
const QUARTER = /\b(\d{4}) ?Q([1-4])\b/g;

/** '2026-11-01' -> 'November 2026' (snapshots and forecast points are months); another day keeps its day. */
export function monthWords(iso: string): string {
  const [y, m, d] = iso.slice(0, 10).split('-');
  const month = `${MONTHS[Number(m) - 1] ?? m} ${y}`;
  return d === '01' || d === undefined ? month : `${Number(d)} ${month}`;
}

/** '2026Q4' -> '2026 Q4'. */
export function quarterWords(quarter: string): string {
  return quarter.replace(QUARTER, '$1 Q$2');
}

/** A date-like value of a result (a snapshot date or a quarter label) as it is said; anything else as it is. */
export function dateWords(value: unknown): string {
  const text = String(value);
  if (/^\d{4}-\d{2}-\d{2}/.test(text)) return monthWords(text);
  return quarterWords(text);
}

/** ISO dates and quarter codes in a sentence, in words. */
export function datesInWords(text: string): string {
  return text.replace(ISO_DATE, (date) => monthWords(date)).replace(QUARTER, '$1 Q$2');
}

/** The month a column named after a snapshot is for (`premises_2025_11` -> 'November 2025'), if it is one. */
export function columnMonth(column: string): string | null {
  const match = /_(\d{4})_(\d{2})(?:_|$)/.exec(column);
  return match ? monthWords(`${match[1]}-${match[2]}-01`) : null;
}

/** What an exclusion lacks, in words: "gigabit-capable broadband", "ultrafast broadband", "full fibre". */
export function excludedWords(exclude: {
  tech?: string;
  gigabit?: boolean;
  minDown?: number;
  operatorGroups?: string[];
}): string {
  // "Openreach full fibre", "Virgin Media": a network lacking, with its technology if one is named.
  if (exclude.operatorGroups?.length) {
    const { operatorGroups, ...service } = exclude;
    const what = service.tech || service.gigabit || service.minDown ? ` ${excludedWords(service)}` : '';
    return `${operatorGroups.join(' or ')}${what}`;
  }
  if (exclude.gigabit) return `${SEGMENTS.gigabit.label} broadband`;
  if (exclude.minDown) {
    const named = [SEGMENTS.superfast, SEGMENTS.ultrafast].find((s) => s.threshold.down === exclude.minDown);
    return named ? `${named.label} broadband` : `a download speed of ${exclude.minDown} Mbit/s or more`;
  }
  return SEGMENTS.full_fibre.label;
}

/** A technology code of either dataset (full fibre's in either, 'fttc') by its segment's label. */
export function techWords(code: string): string {
  const segment = TECHNOLOGY_SEGMENTS.find((s) => s.tech === code || s.takeUpTech === code);
  return segment?.label ?? code;
}

/** Dimension columns with their labels: `la_name` is a local authority, `tech` a technology. */
const COLUMN_LABELS = new Map<string, string>(
  DIMENSION_LIST.flatMap((d) => ('column' in d && d.column ? [[d.column, d.label] as [string, string]] : [])),
);
/** The speed columns as the model's speed measures name them, without their "fastest". */
const SPEED_WORDS: Record<string, string> = {
  fastest_down: MEASURES.max_down.label.replace(/^fastest /, ''),
  fastest_up: MEASURES.max_up.label.replace(/^fastest /, ''),
};

const article = (noun: string) => `${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun}`;
const list = (values: string) =>
  values
    .split(/\s*,\s*/)
    .map((v) => v.replace(/^'|'$/g, ''))
    .filter(Boolean);
const joinOr = (values: string[]) =>
  values.length <= 1 ? (values[0] ?? '') : `${values.slice(0, -1).join(', ')} or ${values.at(-1)}`;

/** A column's value as said: a technology by its label, anything else as it is. */
const valueWords = (column: string, value: string) => (column === 'tech' ? techWords(value) : value);

/**
 * Compiler prose in words. Conditions the steps quote (`la_name = Leeds`, `operator IN ('BT')`,
 * a download speed test) become what they mean; dimension columns their labels; quoted technology codes their
 * labels; dates months; any other identifier left (a table, a column named on purpose) becomes code.
 */
export function inWords(text: string): string {
  let out = text;
  // Speeds: "best fastest_down >= 30", "fastest_down and fastest_up >= 1000", "fastest_down >= 10 AND fastest_up >= 1".
  out = out.replace(
    /\bbest (fastest_down|fastest_up) >= (\d+)/g,
    (_, column: string, mbps: string) => `best ${SPEED_WORDS[column]} is ${mbps} Mbit/s or more`,
  );
  out = out.replace(
    /\bfastest_down and fastest_up >= (\d+)/g,
    (_, mbps: string) =>
      `${SPEED_WORDS.fastest_down} and ${SPEED_WORDS.fastest_up} of ${mbps} Mbit/s or more`,
  );
  out = out.replace(
    /\b(fastest_down|fastest_up) >= (\d+)/g,
    (_, column: string, mbps: string) => `${article(SPEED_WORDS[column]!)} of ${mbps} Mbit/s or more`,
  );
  out = out.replace(/ AND (?=an? (?:download|upload) speed)/g, ' and ');
  // A speed column said from its name ("the highest fastest up speed on offer").
  out = out.replace(
    /\bfastest (down|up)(?: speed)?\b/g,
    (_, direction: string) => SPEED_WORDS[`fastest_${direction}`]!,
  );
  // Conditions on a dimension: a place is said by its name; others as "the technology is ADSL".
  out = out.replace(
    /\b([a-z_]+) (?:=|IN) (\('[^)]*'\)|'[^']*'|[^,.;()]+?)(?= and\b| for\b| by\b|[,.;)]|$)/g,
    (whole, column: string, raw: string) => {
      const label = COLUMN_LABELS.get(column);
      if (!label) return whole;
      const values = list(raw.replace(/^\(|\)$/g, '')).map((v) => valueWords(column, v));
      const dimension = DIMENSION_LIST.find((d) => 'column' in d && d.column === column);
      return dimension?.kind === 'place' ? raw.trim() : `the ${label} is ${joinOr(values)}`;
    },
  );
  // Quoted technology codes: "tech" with the availability code, "('fttp' in the take-up tables)".
  out = out.replace(/'([a-z]+)'/g, (whole, code: string) => {
    const words = techWords(code);
    return words === code ? whole : words;
  });
  out = out.replace(/\bfttponly\b|\bfttp(?= lines)/g, (code) => techWords(code));
  out = datesInWords(out);
  // Dimension columns by their labels ("for each la_name" -> "for each local authority"); the rest is code.
  out = out.replace(/`[^`]*`|\b[a-z]+(?:_[a-z0-9]+)+\b/g, (word) => {
    if (word.startsWith('`')) return word;
    if (SPEED_WORDS[word]) return SPEED_WORDS[word];
    const label = COLUMN_LABELS.get(word);
    return label ?? `\`${word}\``;
  });
  return out;
}
