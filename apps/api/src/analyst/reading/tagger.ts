/**
 * Reads the question once into tagged spans. The text is normalised and tokenised; then, longest span first and
 * never overlapping: names from the warehouse (places at every level, networks, operators and brands, through the
 * lexicon), postcodes written as codes (a unit, a sector, a district, an area), time expressions (the time
 * parser's spans), numbers and number words, and the vocabulary's phrases (technologies and named filters,
 * measures, dimensions, rankings, shapes, comparators, negations, datasets). Every content token ends with one
 * role, or is unplaced; function words and presentation words need none.
 *
 * Tagging says what the words are, not what the question means: which plan uses which tag is decided by the
 * candidate readings (candidates.ts), and a tag no chosen plan uses is said in the answer.
 */
import { DIMENSION_LIST } from '@qa/warehouse';
import { MONTHS } from '../compile/words.js';
import { GEO_COLUMNS } from '../semantic/plan.js';
import { type EntityMatch, type Lexicon, normaliseQuestion } from './lexicon.js';
import type { Moment, Tag, TagRole, Token } from './reading-types.js';
import { numberFrom, parseTime, quarterOf, type TimeContext } from './time-phrases.js';
import { FUNCTION_WORDS, isAccountedWord, VOCABULARY } from './vocabulary.js';

export interface Tagging {
  /** The normalised question the spans refer to. */
  text: string;
  tokens: Token[];
  tags: Tag[];
  /** The lexicon's matches, for the readers that still take entities. */
  entities: EntityMatch[];
  /** Content tokens no tag covers. */
  unplaced: Token[];
  /** The distinct moments the time tags name: two or more is a list of dates, each of which a plan must use. */
  moments: Moment[];
  /** The warehouse's latest snapshot and take-up quarter: what a plan with no date reads. */
  latest: Moment;
  /** The first availability snapshot: where a history with no start begins ("when did Leeds reach 50%"). */
  earliest: string;
}

interface PhrasePattern {
  role: TagRole;
  value: string;
  pattern: RegExp;
  length: number;
}

/** One pattern per phrase of the vocabulary, longest first (built once: the vocabulary is data). */
const PHRASES: PhrasePattern[] = Object.entries(VOCABULARY)
  .flatMap(([role, terms]) =>
    Object.entries(terms ?? {}).flatMap(([value, phrases]) =>
      phrases.map((phrase) => ({
        role: role as TagRole,
        value,
        pattern: new RegExp(`(?<![a-z0-9])${phraseSource(phrase)}(?![a-z0-9])`, 'g'),
        length: phrase.length,
      })),
    ),
  )
  .sort((a, b) => b.length - a.length);

function phraseSource(phrase: string): string {
  const wild = phrase.endsWith('*');
  const body = (wild ? phrase.slice(0, -1) : phrase).replace(/[.+?^${}()|[\]\\/<>=%-]/g, '\\$&');
  // The model's phrases are singular or plural as written; the other number reads the same ("altnets").
  return wild ? `${body}[a-z']*` : /[a-z]$/.test(phrase) ? `${body}(?:s|es)?` : body;
}

/** Finer places than an area, then the word that puts them in it: "districts in", "each sector of". */
const FINER_PLACES_IN =
  /\b(?:postcode )?(?:districts?|sectors?|postcodes?)\b[^.?]{0,24}\b(?:in|of|within|across|inside)\s+$/;

/** Where `word` stands alone in `text`. */
function wordsAt(text: string, word: string): number[] {
  const found: number[] = [];
  for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) {
    if (!/[a-z0-9]/.test(text[at - 1] ?? ' ') && !/[a-z0-9]/.test(text[at + word.length] ?? ' '))
      found.push(at);
  }
  return found;
}

const OVER_A_PERIOD = /\bover(?= (?:the )?(?:last|past|previous|next|coming|period|same period)\b)/g;

/** How many times the time parser reads what is left of the question (each pass takes one date of each kind). */
const MAX_TIME_PASSES = 4;
const MONTH_OR_PERIOD = /^(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*$|^[qh][1-4]$/;
/** One end of a speed token: a number and its unit, if any ("30", "30mbps", "1.5gbps", "1gig"). */
const SPEED_PART = /(\d+(?:\.\d+)?)(mbps|mbit\/s|mbit|mb|megs?|gbps|gbit\/s|gbit|gb|gigs?)?/g;
const WORD = /[a-z0-9][a-z0-9'.&+\-/]*[a-z0-9+]|[a-z0-9]/g;
const UNIT_POSTCODE = /\b([A-Z]{1,2}\d[A-Z\d]?) ?(\d[A-Z]{2})\b/g;
const SECTOR = /\b([A-Z]{1,2}\d[A-Z\d]?) (\d)(?![A-Z\d])/g;
const DISTRICT = /\b([A-Z]{1,2}\d[A-Z\d]?)\b/g;

export function tagQuestion(question: string, lexicon: Lexicon, ctx: TimeContext): Tagging {
  const text = normaliseQuestion(question);
  const padded = ` ${text} `;
  const taken: boolean[] = new Array(text.length).fill(false);
  const tags: Tag[] = [];
  const free = (start: number, end: number) => {
    for (let i = start; i < end; i++) if (taken[i]) return false;
    return true;
  };
  const add = (tag: Tag) => {
    if (tag.start < 0 || tag.end > text.length || !free(tag.start, tag.end)) return false;
    for (let i = tag.start; i < tag.end; i++) taken[i] = true;
    tags.push(tag);
    return true;
  };

  // Postcodes written as codes first: "LS1 4AP", "LS1 4", "M1" (the district's letters would read as names). Codes
  // are often typed in lower case, even beside capitals ("se15 postcodes where OR is the only ff network"); "b4"
  // written in lower case is text-speak for "before", not the Birmingham district.
  const coded = question.replace(/\bb4\b/g, 'before').toUpperCase();
  for (const [pattern, column] of [
    [UNIT_POSTCODE, 'postcode'],
    [SECTOR, 'post_sector'],
    [DISTRICT, 'postcode_district'],
  ] as const) {
    for (const m of coded.matchAll(pattern)) {
      const code =
        column === 'postcode' ? `${m[1]} ${m[2]}` : column === 'post_sector' ? `${m[1]} ${m[2]}` : m[1]!;
      if (!lexicon.postcodeAreas.has(code.replace(/\d.*$/, ''))) continue;
      // The first free occurrence in the normalised text that is a whole word ("ls1 4", not inside "ls1 4ap").
      const needle = m[0].toLowerCase();
      for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) {
        if (/[a-z0-9]/.test(text[at + needle.length] ?? ' ')) continue;
        if (
          add({ role: 'place', start: at, end: at + needle.length, text: m[0], value: `${column}:${code}` })
        )
          break;
      }
    }
  }

  // A postcode area written bare after finer places in it ("each district in BS", "sectors of LS"): the area.
  for (const m of question.matchAll(/\b([A-Z]{1,2})\b/g)) {
    const code = m[1]!;
    if (!lexicon.postcodeAreas.has(code)) continue;
    for (const at of wordsAt(text, code.toLowerCase())) {
      // "Each district in BS", or "BS districts": finer places named around the bare code.
      const after = text.slice(at + code.length, at + code.length + 30);
      if (
        !FINER_PLACES_IN.test(text.slice(Math.max(0, at - 40), at)) &&
        !/^ (?:postcode )?(?:districts|sectors|post sectors|postcodes|area)\b/.test(after)
      )
        continue;
      if (
        add({ role: 'place', start: at, end: at + code.length, text: code, value: `postcode_area:${code}` })
      )
        break;
    }
  }

  // Names from the warehouse; the lexicon's positions are in the same normalised text. Where two names claim the
  // same words, the longer one is the tag and the other an alternative reading of it.
  const entities = lexicon.find(question);
  const named = entities
    .map((match) => entityTag(match, text))
    .filter((tag): tag is Tag => tag !== null)
    .sort((a, b) => b.end - b.start - (a.end - a.start));
  for (const tag of named) {
    if (add(tag)) continue;
    const holder = tags.find((t) => t.start <= tag.start && t.end >= tag.end - 1 && t.value !== tag.value);
    if (holder) holder.alternatives = [...(holder.alternatives ?? []), { role: tag.role, value: tag.value }];
  }
  // A two-letter network name that is also a postcode area ("CF": CityFibre or Cardiff) can be either.
  for (const tag of tags) {
    const code = tag.text.toUpperCase();
    if (tag.role === 'network' && code.length <= 2 && lexicon.postcodeAreas.has(code)) {
      if (!tag.alternatives?.some((a) => a.role === 'place'))
        tag.alternatives = [...(tag.alternatives ?? []), { role: 'place', value: `postcode_area:${code}` }];
    }
  }

  // Time expressions, as the time parser reads them (it reads "2 yrs" spelled out: find the phrase as written).
  // The parser reads one date of each kind; read again without what it took, it finds the next one, so every
  // date of a list ("Jan 2023, Jan 2025 and today", "2024Q4 vs 2026Q4") is tagged.
  let unread = ` ${spellOutTimeUnits(text)} `;
  for (let pass = 0; pass < MAX_TIME_PASSES; pass++) {
    const matched = parseTime(unread, ctx).matched.filter((phrase) => phrase.trim().length > 0);
    if (matched.length === 0) break;
    for (const phrase of matched) {
      unread = unread.replace(phrase, ' '.repeat(phrase.length));
      const written = new RegExp(
        phrase
          .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
          .replace(/\byears?\b/g, 'y(?:ea)?rs?')
          .replace(/\bmonths?\b/g, '(?:m(?:on)?ths?|mos)'),
        'g',
      );
      for (const m of text.matchAll(written)) {
        const at = m.index ?? 0;
        if (add({ role: 'time', start: at, end: at + m[0].length, text: m[0], value: phrase })) break;
      }
    }
  }

  // "Over the last 8 quarters" is a period, not a comparison ("over 100 Mbps").
  for (const m of text.matchAll(OVER_A_PERIOD)) {
    const start = m.index ?? 0;
    add({ role: 'grammar', start, end: start + 4, text: 'over', value: 'period' });
  }

  for (const { role, value, pattern } of PHRASES) {
    for (const m of text.matchAll(pattern)) {
      const start = m.index ?? 0;
      const tag: Tag = { role, start, end: start + m[0].length, text: m[0], value };
      if (add(tag) || role !== 'technology') continue;
      // A condition written around a name ("gigabit only through Virgin cable") is the longer span: the name
      // inside it is part of the condition, not a tag of its own.
      const inside = tags.filter((t) => t.start < tag.end && t.end > tag.start);
      const names = inside.every(
        (t) => (t.role === 'network' || t.role === 'operator') && t.start >= tag.start && t.end <= tag.end,
      );
      if (!inside.length || !names) continue;
      for (const t of inside) {
        tags.splice(tags.indexOf(t), 1);
        for (let i = t.start; i < t.end; i++) taken[i] = false;
      }
      add(tag);
    }
  }

  const tokens: Token[] = [...padded.matchAll(WORD)].map((m) => {
    const start = (m.index ?? 1) - 1;
    return { text: m[0], start, end: start + m[0].length, functionWord: FUNCTION_WORDS.has(m[0]) };
  });
  for (const [index, token] of tokens.entries()) {
    // A year ("to 2030", "in 2025", "dec 27", "q4 26") is time, whether or not the time parser took its phrase.
    const previous = tokens[index - 1]?.text ?? '';
    const shortYear =
      /^\d\d$/.test(token.text) && (MONTH_OR_PERIOD.test(previous) || /^'\d\d$/.test(token.text));
    // ("Over 2000 premises" is a count, not the year 2000.)
    const year =
      /^(?:19|20)\d\d$/.test(token.text) &&
      !/^(?:premises|homes|postcodes|lines|households|properties|people|addresses)$/.test(
        tokens[index + 1]?.text ?? '',
      );
    if ((year || shortYear) && free(token.start, token.end)) {
      const moment = year ? { moment: { year: Number(token.text) } } : {};
      add({
        role: 'time',
        start: token.start,
        end: token.end,
        text: token.text,
        value: token.text,
        ...moment,
      });
      continue;
    }
    // "Between the two", "of the three": the things just named, not a count; "all three of X, Y and Z": the
    // things about to be named.
    if (
      /^(?:two|three|four|both)$/.test(token.text) &&
      ((previous === 'the' && /^(?:between|of|among)$/.test(tokens[index - 2]?.text ?? '')) ||
        // "All three of X, Y and Z", "X, Y and Z all three overlap".
        previous === 'all') &&
      !/(?:est|most|least)$/.test(tokens[index + 1]?.text ?? '') &&
      free(token.start, token.end)
    ) {
      add({ role: 'grammar', start: token.start, end: token.end, text: token.text, value: 'anaphora' });
      continue;
    }
    // A speed with its unit ("30mbps", "1.5gbps") is a number of Mbit/s; a range ("30-300", "100mbps-1gbps") is its
    // two ends, each a number.
    const speeds = [...token.text.matchAll(SPEED_PART)];
    if (
      speeds.length > 0 &&
      speeds.length <= 2 &&
      speeds.map((m) => m[0]).join('-') === token.text.replace(/\+$/, '') &&
      (speeds.length === 2 || speeds[0]![2]) &&
      speeds.every((m) => !/^(?:19|20)\d\d$/.test(m[1]!)) &&
      free(token.start, token.end)
    ) {
      for (const m of speeds) {
        const start = token.start + (m.index ?? 0);
        const unit = m[2] ?? '';
        const mbps = Number(m[1]) * (unit.startsWith('g') ? 1000 : 1);
        add({ role: 'number', start, end: start + m[0].length, text: m[0], value: String(mbps) });
      }
      if (token.text.endsWith('+'))
        add({ role: 'comparator', start: token.end - 1, end: token.end, text: '+', value: 'gte' });
      continue;
    }
    // "3+" is a number and "at least"; "90%" was normalised to "90".
    // "20k+ rural premises": thousands written with a k (a number the plan must carry, or the answer says so).
    const plus = /^(\d+(?:\.\d+)?k?)\+$/.exec(token.text);
    const digits = plus ? plus[1]! : token.text;
    const thousands = /^(\d+(?:\.\d+)?)k$/.exec(digits);
    const value =
      numberFrom(digits) ??
      (/^\d+(?:\.\d+)?$/.test(digits) ? Number(digits) : thousands ? Number(thousands[1]) * 1000 : null);
    if (value === null || !free(token.start, token.end)) continue;
    const end = plus ? token.end - 1 : token.end;
    add({ role: 'number', start: token.start, end, text: digits, value: String(value) });
    if (plus) add({ role: 'comparator', start: end, end: token.end, text: '+', value: 'gte' });
  }
  if (/%/.test(question) && !tags.some((t) => t.role === 'measure' && t.value === 'share')) {
    tags.push({ role: 'measure', start: text.length, end: text.length, text: '%', value: 'share' });
  }

  // A level word right after another grouping or a place qualifies it ("rural areas", "Leeds council area"),
  // unless it names finer places in the plural: "Scottish postcode areas", "London boroughs" are its rows.
  const qualifiers = tags.filter((tag) => {
    const before = tags.filter((t) => t !== tag && t.end <= tag.start).sort((a, b) => b.end - a.end)[0];
    if (tag.role !== 'dimension' || before === undefined || tag.start - before.end > 1) return false;
    if (before.role === 'dimension') return true;
    // "G12 networks ranked by premises": networks, operators or technologies after a place are its rows.
    if (['operator_group', 'operator', 'tech'].includes(tag.value)) return false;
    return before.role === 'place' && !finerPlaces(tag, before, text);
  });
  for (const tag of qualifiers) tag.role = 'grammar';
  // "LS6 ... and % of the district", "Leeds: share of the council's premises": a level named in the singular after
  // "the" points back to the place of that level already named; it is no grouping.
  for (const tag of tags) {
    if (tag.role !== 'dimension' || /s$/.test(tag.text)) continue;
    if (!/\b(?:the|that|this|its)\s+$/.test(text.slice(0, tag.start))) continue;
    const named = tags.some(
      (t) => t.role === 'place' && t.end <= tag.start && String(t.value).split(':')[0] === tag.value,
    );
    if (named) tag.role = 'grammar';
  }

  // What no tag covers is unplaced, unless the vocabulary accounts for it (a function, filler or grammar word).
  const unplaced = tokens.filter(
    (t) =>
      !t.functionWord &&
      free(t.start, t.end) &&
      !/^\W+$/.test(t.text) &&
      !/\d/.test(t.text) &&
      !isAccountedWord(t.text),
  );
  tags.sort((a, b) => a.start - b.start);
  const latest = { date: ctx.latest, quarter: ctx.latestQuarter };
  for (const tag of tags) {
    if (tag.role !== 'time' || tag.moment) continue;
    const moment = momentOf(tag, ctx, latest);
    if (moment) tag.moment = moment;
  }
  const keys = new Set(tags.flatMap((t) => (t.moment ? [momentKey(t.moment)] : [])));
  const moments = [...keys].map((key) => tags.find((t) => t.moment && momentKey(t.moment) === key)!.moment!);
  return { text, tokens, tags, entities, unplaced, moments, latest, earliest: ctx.earliest };
}

/**
 * The one moment a time tag names, if it names one: "today" and "the latest snapshot" are the latest; a month
 * and year, a quarter or a bare year are read by the time parser. Spans and windows ("since 2023", "the last 6
 * months") are not one moment.
 */
function momentOf(tag: Tag, ctx: TimeContext, latest: Moment): Moment | undefined {
  if (tag.value === 'latest') return latest;
  const { time } = parseTime(` ${tag.text} `, ctx);
  if (time.from || time.to || time.seriesFrom || time.lastQuarters || time.quarterYear) return undefined;
  if (time.at) return { date: time.at, quarter: quarterOf(time.at) };
  if (time.quarter) return { quarter: time.quarter };
  return undefined;
}

export function momentKey(moment: Moment): string {
  return moment.date ?? moment.quarter ?? String(moment.year);
}

/** A plural level word finer than the place before it ("postcode areas" after "Scottish"). */
function finerPlaces(level: Tag, place: Tag, text: string): boolean {
  const levels = GEO_COLUMNS as readonly string[];
  const column = place.value.slice(0, place.value.indexOf(':'));
  return (
    levels.includes(level.value) &&
    levels.indexOf(level.value) > levels.indexOf(column) &&
    // "London boroughs", or "each North East LA": the finer places in it, one by one.
    (level.text.endsWith('s') || /\b(?:each|every|per|by)\s*$/.test(text.slice(0, place.start)))
  );
}

/**
 * The question as the reader reads it, said plainly:
 * - "The 1 January 2023 snapshot", "1st of June", "each 1 Jan": a day of the month is part of a date (snapshots are
 *   monthly, on the first), so it is dropped, lest it be read as a count or a limit. "May" counts as the month only
 *   before a year ("the top 3 may be ...");
 * - "the fourth quarter" is Q4; a date listed without its year takes the next one's ("Q2 vs Q3 2026");
 * - a network set aside ("leaving Openreach aside") is "excluding" it.
 */
/**
 * "Below the USO, in other words can't get at least 10Mbps download and 1Mbps upload", "the USO (10 down / 1 up)":
 * the USO's own thresholds said again are the term, not a second condition.
 */
const USO_RESTATED =
  /\s*(?:in other words|i\.?e\.?|that is|meaning|,|\(|-)\s*[^.?;()]{0,40}?\b10\s*(?:mbit\/s|mbps|mb\/s|megs?|mb)?\s*(?:down(?:load)?)?\s*(?:and|\/|,|&|plus)\s*1\s*(?:mbit\/s|mbps|mb\/s|megs?|mb)?\s*(?:up(?:load)?)?(?:\s*(?:service|broadband|connection|speeds?))?\s*\)?/i;

/**
 * A named speed or filter with its definition said again in brackets: "ultrafast (a best download speed of 300
 * Mbit/s or more)", "only by virtue of cable (gigabit-capable, but with no full fibre at the postcode)". The
 * definition is the term's own, not a second condition.
 */
const DEFINITION_RESTATED =
  /\b(superfast|ultrafast|gigabit(?:[- ]capable)?|decent|cable|full[- ]fibre|fttp)((?: broadband| coverage| speeds?)?)\s*\((?=[^()]*\b(?:speeds?|download|or more|at least|best|meaning|i\.e|that is|defined|no full fibre|capable)\b)(?:i\.?e\.?,? |that is,? |meaning |defined as )?[^()]*?(?:\b(?:10|30|300|1,?000)\s*(?:mbit\/s|mbps|mb\/s|mb)|\bgbps\b|\bgigabit\b|\bno full fibre\b|\bfttp\b)[^()]*\)/gi;

/** Words that only say "everything" about a part the plan leaves whole: "(residential and business combined)". */
const ALL_OF_A_PART =
  /\(?\b(?:residential and business(?: lines)?(?: combined| together)?|business and residential(?: combined| together)?|both segments|all segments)\)?(?=[\s,.?)]|$)|,? all (?:techs|technologies)\b|\(including the city of london\)|,? including the city of london\b/gi;

/** Each dimension's column as the data contract names it, and the words for its values ("local authorities"). */
const COLUMN_PLURAL = new Map<string, string>(
  DIMENSION_LIST.filter((d) => 'column' in d).map((d) => [d.column, d.plural]),
);
const COLUMN_VALUES = new RegExp(
  String.raw`\b(?:distinct |different |unique )?(${[...COLUMN_PLURAL.keys()].join('|')})s? (?:values|entries|codes)\b`,
  'gi',
);

/** "... FF %, gigabit % and superfast % - one line" at the end: the layout the figures take anyway, no figure. */
export function withoutLayoutTail(question: string): string {
  return question.replace(
    /\s*[-,;–—(]\s*(?:all |both )?(?:in |on |as )?(?:one|a single) (?:row|line)\)?\s*([.?!]*)\s*$/i,
    '$1',
  );
}

/**
 * "NE councils", "NE premises", "NE vs UK overall", "in the NE": compass shorthand written in capitals before a place
 * level, a figure or a comparison is the English region ("the NE" in the lexicon). A postcode area is written with
 * its districts ("NE1") or named as one, and keeps its code.
 */
function compassRegions(question: string): string {
  if (/\bpostcode areas?\b|\barea codes?\b/i.test(question)) return question;
  return question.replace(
    /(?<![A-Za-z])(?<!\bthe )(NE|NW|SE|SW)(?![A-Za-z0-9])(?=(?:['’]s)?\s*(?:$|[,.;:?!)&+]|-\s|(?:councils?|las?|local authorit(?:y|ies)|authorit(?:y|ies)|boroughs?|premises|homes|households|properties|share|coverage|full[- ]fibre|ff|fttp|gigabit|forecast|rural|urban|region|vs|versus|v|and|overall|minus|less)\b))/g,
    'the $1',
  );
}

export function plainWording(question: string, latestQuarter?: string): string {
  const laidOut = compassRegions(withoutLayoutTail(question));
  const usoPlain = /\buso\b/i.test(laidOut) ? laidOut.replace(USO_RESTATED, ' ') : laidOut;
  const restated = usoPlain
    // "Telford & Wrekin", "Sky & BT": an ampersand between words is "and" (the names are written with it).
    .replace(/(?<=[A-Za-z]) & (?=[A-Za-z])/g, ' and ')
    // "Ynys Môn": names written with accents are the names without them (the lexicon's spelling).
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    // Conditions written as SQL ("postcode_area = 'LS'", "operator_group = 'CityFibre'", "tech=fttponly"): the value
    // in the model's words (a postcode area named as one; a place, network or technology by its name).
    .replace(/\bpostcode_area\s*=\s*'([A-Za-z]{1,2})'/g, 'in the $1 postcode area')
    .replace(
      /\b(?:la_name|government_region|country|postcode_district|post_sector)\s*=\s*'([^']+)'/g,
      'in $1',
    )
    .replace(/\b(?:operator_group|operator|tech|segment)\s*(?:=|in)\s*'([^']+)'/g, '$1')
    // The data's own name for full fibre ("fttponly premises", "tech = fttponly"), in the model's words.
    .replace(/\bfttponly\b/gi, 'full fibre')
    // Counting written as SQL: "count(distinct operator_group) with tech=fttponly >= 2" is 2 or more full-fibre
    // networks; "sum(premises) over distinct postcodes" restates the counting rule; "count(distinct postcode)" counts
    // postcodes.
    .replace(
      /\bcount\s*\(\s*distinct\s+(?:[a-z_]+\.)?(operator_group|operator)\s*\)(?:\s+(?:with|where)\s+(full fibre|gigabit))?\s*(>=|>|=)\s*(\d+)/gi,
      (_w, _column: string, tech: string | undefined, op: string, n: string) => {
        const what = `${tech ? `${tech} ` : ''}${/altnet/i.test(_w) ? 'altnets' : 'networks'}`;
        return op === '>='
          ? `${n} or more ${what}`
          : op === '>'
            ? `more than ${n} ${what}`
            : `exactly ${n} ${what}`;
      },
    )
    .replace(/,?\s*\bsum\s*\(\s*premises\s*\)\s+over\s+(?:the\s+)?distinct\s+postcodes\b,?/gi, ' ')
    .replace(/\bcount\s*\(\s*distinct\s+postcodes?\s*\)/gi, 'number of postcodes')
    .replace(/\bsum\s*\(\s*(premises|lines)\s*\)/gi, '$1')
    // The tables a question names ("in fact_operator_time_series", "over the fact_operator rows"): where the model
    // reads the figure from anyway; "at reported_at 2025-11" is at that snapshot.
    .replace(
      /\s*\b(?:in|from|over|of|using)\s+(?:the\s+)?(?:fact_[a-z_]+|upc_output(?:_time_series)?|take_up_[a-z_]+|forecast_footprint|postcode_attractiveness)(?:\.[a-z_]+)?(?:\s+(?:rows|table))?\b/gi,
      '',
    )
    // A table named alone ("take_up_quarterly 2026Q4: ...", "which altnets (fact_altnet_time_series.operator)"): what
    // it holds, in the model's words.
    .replace(/\bfact_altnet(?:_time_series)?(?:\.operator)?\b/gi, 'altnet')
    .replace(/\btake_up_(?:quarterly|postcode)(?:\.[a-z_]+)?\b:?/gi, 'lines')
    .replace(/\bforecast_footprint\b/gi, 'forecast footprint')
    .replace(
      /\b(?:fact_operator(?:_time_series)?|upc_output(?:_time_series)?|postcode_attractiveness)(?:\.[a-z_]+)?\b:?/gi,
      '',
    )
    .replace(/\b(at|on|for|per) reported_at\b/gi, (_w, word: string) =>
      word.toLowerCase() === 'per' ? 'per snapshot' : word,
    )
    // "January snapshots only": each January.
    .replace(
      /\b(?:the )?(january|february|march|april|may|june|july|august|september|october|november|december) snapshots(?: only)?\b/gi,
      'each $1',
    )
    // "Bucket premises by number of networks", "bin postcodes by ...": the premises, by that.
    .replace(/\b(?:bucket|bin|band|group)(?:ed)? (premises|postcodes|homes) by\b/gi, '$1 by')
    // "(including a 0 bucket for postcodes with no FF at all)": the bands start at none anyway.
    .replace(
      /,?\s*\(?\bincluding (?:a |the )?(?:0|zero|none|nil)[- ]?(?:bucket|band|row|group|count)\b[^)?]*\)?/gi,
      '',
    )
    // "The six North Wales authorities (Ynys Mon, Gwynedd, ...)": the authorities listed are the places; the name of
    // the part of the nation they make adds none.
    .replace(
      /\b(?:north|south|mid|west|east)(?:[- ](?:east|west))? (?:wales|scotland|england)\b(?= (?:authorities|councils|local authorities|las|boroughs)\s*\()/gi,
      '',
    )
    // "Leaving operator_group Openreach out", "operator_group CityFibre's premises": the network named.
    .replace(/\boperator_groups? (?=[A-Z])/g, '')
    // "Counting every technology", "all techs included", "(every technology, FWA included)": no technology is a
    // condition (not a row per technology).
    // Said outside brackets, it stays "any tech": a count of networks then counts every network, not full fibre ones.
    .replace(
      /,?\s*\b(?:counting|including|across|over|of) (?:every|all|any) (?:technology|technologies|techs?)\b(?: included)?/gi,
      ', any tech',
    )
    .replace(
      /\s*\(\s*(?:(?:counting|including|across|over) )?(?:every|all) (?:technology|technologies|techs?)\b[^()]*\)/gi,
      '',
    )
    // "By how many full fibre networks are available to them", "bucket premises by number of distinct fttponly
    // operator_groups": by the number of networks.
    .replace(
      /\bby how many (?:different |distinct )?((?:full[- ]fibre|ff|fttp|fttponly|gigabit) )?(?:networks|operators|operator groups|operator_groups|providers)(?: (?:are|is) (?:available|present|live)(?: (?:to|at|in) (?:them|it|each))?)?/gi,
      (_w, kind: string | undefined) => `by number of ${kind ?? ''}networks`,
    )
    .replace(
      /\bby (?:the )?number of (?:different |distinct )?(fttponly|ff|fttp|full[- ]fibre) (?:operator_groups|operator groups|operators)(?: per postcode)?/gi,
      'by number of $1 networks',
    )
    // A column's values named as the data contract spells it ("how many distinct la_name values", "count of
    // operator_group"): the places or networks it holds, in the model's words.
    .replace(COLUMN_VALUES, (_w, column: string) => COLUMN_PLURAL.get(column.toLowerCase()) ?? column)
    // "VM as their only gigabit option, i.e. gig-capable but no FTTP from anyone": what follows "i.e." says the
    // same thing again in other words (as a definition in brackets does), so the clause before it is the question.
    // (A restatement with figures or dates, "i.e. 1 Jan 2025 snapshot to 1 Jan 2026", is more precise: kept.)
    .replace(
      /(?<=\w[^?;]*?),?\s*\b(?:i\.e\.?|ie(?=,)|that is to say|in other words)(?=[\s,])[^?;\d]*(?=[?;]|$)/gi,
      '',
    )
    // "Part-fibre lines": the model's phrase is two words.
    .replace(/\bpart-fibre\b/gi, 'part fibre')
    // "The most attractive postcodes in the country", "across the whole country": the UK, not a row per nation.
    .replace(/\b(in|across|around|throughout) the (?:whole |entire )?country\b/gi, '$1 the UK')
    // Planners' shorthand: "no-FF premises", "non-FTTP postcodes" lack it; "single-FF premises" have one network.
    .replace(/\b(?:no|non)-(ff|fttp|ftth|full[- ]fibre|gigabit|gig|altnet)\b/gi, 'no $1')
    .replace(/\bsingle-(ff|fttp|full[- ]fibre|gigabit)\b/gi, 'only one $1 network')
    // "Any postcodes in NG32 under the USO?": which ones (not "how many").
    .replace(/(?<!\bhow many )\bany ((?:unit |full )?postcodes)\b/gi, 'which $1')
    // "Can't even get 30Mbps", "still can't actually get FTTP": the adverb adds no condition to the negation.
    .replace(
      /\b(can['’]?t|cannot|can not|don['’]?t|doesn['’]?t|do not|does not|won['’]?t|isn['’]?t|aren['’]?t) (?:even|really|actually|currently|yet|ever) /gi,
      '$1 ',
    )
    // Dates written as numbers ("2024-05", "2024-05-01", "05/2024"): the month they name, as words. Snapshots are
    // monthly, on the first, so the day adds nothing.
    .replace(
      /\b((?:19|20)\d\d)-(0[1-9]|1[0-2])(?:-(?:0[1-9]|[12]\d|3[01]))?\b|\b(0?[1-9]|1[0-2])\/((?:19|20)\d\d)\b/g,
      (
        _whole,
        y1: string | undefined,
        m1: string | undefined,
        m2: string | undefined,
        y2: string | undefined,
      ) => `${MONTHS[Number(m1 ?? m2) - 1]} ${y1 ?? y2}`,
    )
    // Short dates: "Dec-24", "Jun'25" (a month and a two-digit year), "Q3-25", "H1 '26", "2025-Q3", and year ends
    // ("YE26", "year-end 2027"): the months and quarters they name, as words.
    .replace(
      /\b(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*[-'’](\d\d)\b(?![-/]?\d)/gi,
      (_w, month: string, year: string) => `${month} 20${year}`,
    )
    .replace(
      /\b([qh][1-4])[- ]?['’](\d\d)\b|\b([qh][1-4])-(\d\d)\b(?!\d)/gi,
      (_w, a, b, c, d) => `${a ?? c} 20${b ?? d}`,
    )
    .replace(/\b(20\d\d)-([qh][1-4])\b/gi, '$2 $1')
    // "Q4 26", "end H1 27", "nov 24", "end 26": a quarter, half, month or year end with a two-digit year written
    // after a space (a year of the data's span or the forecast's, never a figure with its unit).
    .replace(
      /\b([qh][1-4]|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|january|february|march|april|june|july|august|september|october|november|december|end|start|mid) (?:of )?((?:19|2\d|3\d))\b(?![\d.,:]\d| ?(?:%|mb|mbps|mbit|meg|gb|gig|k\b|m\b|premises|homes|lines|postcodes|networks?|st\b|nd\b|rd\b|th\b))/gi,
      (_w, period: string, year: string) =>
        /^(?:end|start|mid)$/i.test(period) ? `${period} of 20${year}` : `${period} 20${year}`,
    )
    // "1m premises", "2.5 million homes", "500k": the figure written out.
    .replace(
      /\b(\d+(?:\.\d+)?) ?(m|mn|million|k|thousand)\b(?= ?\+? ?(?:premises|homes|properties|lines|postcodes|households|customers|subscribers|connections|(?:ff |fttp |full fibre |gigabit )?(?:premises|homes)))/gi,
      (_w, n: string, unit: string) =>
        String(Math.round(Number(n) * (/^(?:k|thousand)$/i.test(unit) ? 1e3 : 1e6))),
    )
    // "The 3-point trend", "a 5-point series": the points are the dates listed, the word adds nothing.
    .replace(/\b(?:\d+|three|four|five|six)[- ]point (trend|series|view|timeline|picture)\b/gi, '$1')
    // "At the quarter-opening snapshots": the quarterly points.
    .replace(/\bquarter[- ](?:opening|start|starting|beginning)\b/gi, 'quarterly')
    // "BT's share of all fixed broadband lines": its share of lines (every line is a fixed broadband line).
    .replace(
      /\bshare of (?:all |the |total )*(?:uk )?(?:fixed[- ]?(?:line )?|retail )?(?:broadband )?(?:lines|connections)\b/gi,
      'share of lines',
    )
    // "Premises by best download available now, bands: under 30, ...": by speed band, the cuts listed after it.
    .replace(
      /\bby (?:the )?(?:best |fastest |max(?:imum)? |top )?(?:download|down)(?: speed)?(?: available| on offer)?(?: (?:now|today|currently))?\s*[,;:-]?\s*(?:in |using |with )?(?:these |the following )?(?:speed )?bands?\b\s*:?/gi,
      'by best download speed band:',
    )
    // "Annual net adds", "yearly additions": what each year added; "Dec-on-Dec" is at each December.
    .replace(
      /\b(?:annual|yearly) (net adds|net additions|additions|adds|growth|increases?)\b/gi,
      '$1 each year',
    )
    .replace(
      /\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*[- ]on[- ]\1[a-z]*\b,?/gi,
      (_w, month: string) => `at each ${month}`,
    )
    // "Per calendar yr", "in each calendar year": each year (years are calendar years here).
    .replace(/\b(per|each|every|by|a) calendar (year|yr)\b/gi, '$1 year')
    // "Gigabit-capable coverage (cable incl.)": gigabit counts cable already (the model's definition).
    .replace(
      /\s*\(\s*(?:cable\s+incl(?:uded|uding|\.)?|incl(?:uding|\.)?\s+cable|(?:with\s+)?cable\s+counted)\s*\)/gi,
      '',
    )
    // "The latest snapshot vs the one 3 months earlier": 3 months ago.
    .replace(
      /\bthe one (\d+|three|six|twelve) (months?|years?|quarters?) (?:earlier|before|prior|previously)\b/gi,
      '$1 $2 ago',
    )
    // "The 2-yr pp change", "the 6-month growth": the change over the window the dates give.
    .replace(
      /\b(?:the )?(?:\d+|two|three|five|six|twelve)[- ](?:yrs?|years?|months?|mths?|quarters?|qtrs?) ((?:pp |%|percentage points? |net )?(?:change|growth|increase|move|gain|adds))\b/gi,
      'the $1',
    )
    // "Both levels and the pp move", "both counts and the delta": the figure at each date (a change shows both).
    .replace(/\bboth (?:levels|figures|values|numbers|counts|shares|percentages|dates)\b/gi, 'both')
    // "Cumbria (Cumberland and Westmorland & Furness taken together)": one figure for the places, combined.
    .replace(/\b(?:taken |counted |added )?together\b(?=\s*\)|\s*[,:;?]|\s*$)/gi, 'combined')
    // "Who's the biggest full fibre network in Cornwall, and who's second?": the top two.
    .replace(
      /\bwho(?:'s| is) the (?:biggest|largest|leading|top)\b([^?]*?),? and who(?:'s| is)? (?:second|2nd|the runner[- ]up|next)\b/gi,
      'who are the top 2$1',
    )
    // "How much of the country is overbuilt": the UK as a whole.
    .replace(/\bof the (?:whole |entire )?country\b/gi, 'of the UK')
    // "Biggest five full fibre networks", "top three altnets": the five biggest (a ranking's size, not a count of
    // networks at a postcode).
    .replace(
      /\b(biggest|largest|leading|main|smallest) (two|three|four|five|six|seven|eight|nine|ten|\d{1,2}) (?=(?:[a-z-]+ ){0,3}(?:networks|altnets|operators|providers|isps|firms|builders|councils|local authorities|regions|towns|cities)\b)/gi,
      'the $2 $1 ',
    )
    // "The number one full fibre network", "the no. 1 altnet": the biggest.
    .replace(
      /\b(?:the )?(?:number one|no\.? ?1|#1|top) (?=(?:[a-z-]+ ){0,2}(?:network|altnet|operator|provider|isp|builder)\b)/gi,
      'the biggest ',
    )
    // "Independent fibre firms (altnets, not Openreach or Virgin)": the altnets' own definition said again.
    .replace(
      /\s*\(\s*(?:i\.?e\.?\s+)?alt[- ]?nets?,?\s*(?:i\.?e\.?\s+)?(?:not|excluding|other than|so not)\s+(?:bt\s+|bt's\s+)?openreach(?:\s+(?:or|and|nor|\/|&)\s+(?:virgin(?: media)?(?: o2)?|vm(?:o2)?))?\s*\)/gi,
      '',
    )
    // "Full fibre from Openreach and from no other network": Openreach the only full-fibre network.
    .replace(
      /\b(full[- ]fibre|ff|fttp|gigabit) from ((?:[A-Z][\w&.'-]*)(?: [A-Z][\w&.'-]*)?) and (?:from )?no (?:other|one else|other (?:network|operator|provider)s?)\b/g,
      '$2 as the only $1 network',
    )
    // "Town homes vs countryside homes": urban and rural.
    .replace(/\b(?:town|city)(?= (?:homes|premises|households|properties)\b[^?]*\bcountryside\b)/gi, 'urban')
    .replace(
      /\bcountryside(?= (?:homes|premises|households|properties|areas)\b)|\bthe countryside\b/gi,
      'rural',
    )
    // "No full fibre network, exactly one, exactly two, and three or more": premises by the number of networks, the
    // last band open.
    .replace(
      /\b(?:have |with )?(?:no|zero|0) ((?:full[- ]fibre|ff|fttp|gigabit|altnet) )?(?:networks?|operators?|providers?),? (?:exactly |just |only )?(?:one|1),? (?:exactly |just |only )?(?:two|2)(?:,? (?:exactly |just |only )?(?:three|3))?,? (?:and|or) (two|three|four|five|2|3|4|5) or more\b/gi,
      (_w, kind: string | undefined, top: string) =>
        `by number of ${kind ?? 'full fibre '}networks, ${numberFrom(top) ?? top} or more grouped`,
    )
    // "Premises with exactly 1, exactly 2, exactly 3 and 4 or more FF networks": premises by the number of networks,
    // the bands listed (from none or from one), the last one open.
    .replace(
      /\b(?:(?:have|with|having) )?((?:(?:exactly |just |only )?(?:no|zero|none|one|two|three|four|[0-4])(?:,\s*|\s+(?:and|or)\s+|,\s*(?:and|or)\s+)){2,})(?:exactly |just )?(two|three|four|five|six|[2-6])(?: or more|\s?\+)\s+((?:full[- ]fibre|ff|fttp|gigabit|altnet)[- ])?(?:networks?|operators?|providers?)\b/gi,
      (_w, listed: string, top: string, kind: string | undefined) => {
        const counts = listed
          .split(/,|\band\b|\bor\b/)
          .map((c) => c.replace(/\b(?:exactly|just|only)\b/g, '').trim())
          .filter(Boolean)
          .map((c) => (/^(?:no|zero|none)$/.test(c) ? 0 : (numberFrom(c) ?? Number(c))));
        return `by number of ${kind ? kind.replace('-', ' ') : ''}networks: ${counts.join(', ')}, ${numberFrom(top) ?? top}+`;
      },
    )
    // "Lines on FTTP rather than cable": the technology named first is the one measured; what it is set against
    // makes no second row.
    .replace(
      /\b(fttp|ftth|full[- ]fibre|ff|cable|fttc|adsl|fwa|fixed wireless|copper) (?:rather than|instead of|as opposed to) (?:on |via )?(?:fttp|ftth|full[- ]fibre|ff|cable|docsis|fttc|adsl|fwa|fixed wireless|copper|the others?)\b/gi,
      '$1',
    )
    // "Gig-capable": gigabit-capable.
    .replace(/\bgig[- ]capable\b/gi, 'gigabit-capable')
    // "Sub-superfast premises", "below-gigabit postcodes": premises without it (a speed tier below, not the tier).
    .replace(
      /\b(?:sub|below|under)[- ]?(?:the )?(superfast|ultrafast|gigabit(?:[- ]capable)?|gig)(?: (?:threshold|line|level|mark|tier|speeds?))?\b/gi,
      'without $1',
    )
    // "Nov 2023 to the current one": to the latest snapshot.
    .replace(/\b(to|until|through|and) the (?:current|latest|most recent) one\b/gi, '$1 the latest snapshot')
    // "Superfast % and ultrafast %, both in one row": the figures side by side, not both conditions at once; "one
    // line" there is a row of the answer, not a broadband line.
    .replace(/\bboth (?:in|on) (?:one|a single|the same) (?:row|line)\b/gi, 'side by side')
    .replace(/(^|[-,;:(]\s*|\b(?:in|on|as) )(?:one|a single) line\b/gi, '$1one row')
    // "As % of CityFibre's total premises": its footprint, the base of a share.
    .replace(
      /(['’]s) (?:total|whole|entire|overall|full) (premises|footprint|homes|properties|postcodes|base)\b/gi,
      '$1 $2',
    )
    // "Of the rural premises that have FF at all, what % ...": the base of a share named first, as "of all".
    .replace(
      /(^|[:;,.?!]\s*)of the ((?:[a-z-]+ )?)(premises|homes|properties|postcodes|households) (that|which|with|where|able)\b/gi,
      '$1of all $2$3 $4',
    )
    // "Cable-only gigabit premises (gig-capable but no FTTP)": the term's own definition in brackets, no condition.
    .replace(
      /(cable[- ]only gig(?:abit)?(?:[- ]capable)?(?: premises| homes| postcodes)?(?: [a-z]+[- ]wide)?)\s*\((?:[^)]*\b(?:but|without|no|not)\b[^)]*)\)/gi,
      '$1',
    )
    // "(Res + biz together)": both take-up segments, the default; "together" joins the segments, not the answer.
    .replace(
      /\b((?:res|resi|residential|consumer|biz|business(?:es)?)\s*(?:\+|&|and|plus)\s*(?:res|resi|residential|consumer|biz|business(?:es)?))\s+(?:together|combined|both)\b/gi,
      '$1',
    )
    // "Fastest growing altnets in percentage terms": ranked by the growth rate, not by a change in points.
    .replace(
      /\b(grow(?:ing|th|n)?|gain(?:ed|s|ing)?|add(?:ed|s|ing)?|increas(?:e[ds]?|ing))\b([^.?]*?)\bin (?:percentage|per ?cent|%|relative) terms\b/gi,
      '$1$2by growth rate',
    )
    // "Altnets top 10 by premises passed": the ranking said after the rows it ranks.
    .replace(
      /\b(altnets|networks|operators|isps|providers|brands|councils|las|regions|nations|local authorities|postcode areas|postcode districts|districts|boroughs)[:,]?\s+(top|bottom)\s+(\d{1,3}|three|five|ten|twenty)\b/gi,
      '$2 $3 $1',
    )
    // "Towns vs countryside", "towns and cities vs the countryside": urban and rural, set against each other.
    .replace(
      /\b(?:towns?(?: and cities)?|cities(?: and towns)?|urban areas?)\s+(vs\.?|versus|v|compared (?:with|to)|against)\s+(?:the )?(?:countryside|rural(?: areas?)?|villages)\b/gi,
      'urban $1 rural areas',
    )
    // "South West (the region, not the SW postcode area)": which meaning, said in brackets, is no condition.
    .replace(
      /\s*\((?:i\.?e\.?,? )?(?:the )?(?:english )?(?:region|nation|council|local authority|la)\b[^)]*\bnot\b[^)]*\)/gi,
      '',
    )
    // "The no.2 FF network in each nation", "number 3 altnet": the second, the third.
    .replace(
      /\b(?:no\.\s?|no\s|number\s|#)(2|3|two|three)\b(?!\s*(?:\+|or more|mbps|networks|operators|premises|%))/gi,
      (_w, n: string) => (/^(?:2|two)$/i.test(n) ? 'second biggest' : 'third biggest'),
    )
    // "High-need areas: how many premises ...": a title's "areas" names no grouping (postcode areas are said so).
    .replace(/^((?:(?!postcode)[^:?])*?)\s*\bareas?:\s/i, '$1: ')
    // "Openreach aside, who is the biggest": other than Openreach.
    .replace(
      /(^|[,;:(]\s*)(?!(?:Leaving|Leave|Setting|Set|Putting|Put|Taking|Take|With)\b)([A-Z][\w.&'’-]*(?: [A-Z][\w.&'’-]*){0,3}) aside\b\s*,?/g,
      '$1other than $2, ',
    )
    // "VM footprint (cable + RFOG, no nexfibre)": Virgin Media's own network, as the model defines it.
    .replace(
      /\s*\((?:virgin |vm )?cable\s*(?:\+|and|&|or|\/)\s*(?:vm |virgin (?:media )?)?rfog(?:,?\s*(?:no|not|ex|excl\.?|excluding|without)\s+nexfibre)?\)/gi,
      '',
    )
    // "Premises w/o superfast": without.
    .replace(/\bw\/o\b/gi, 'without')
    // "Pp change, single figure": one figure (a single network or postcode keeps its word).
    .replace(/\b(?:a )?single (figure|number|value|total|row)\b(?! (?:will|is|please)\b)/gi, 'one $1')
    // "From the 2023-11-01 snapshot to latest", "2024-07 vs latest": the bare word is the latest snapshot.
    .replace(
      /\b(to|until|through|and|at|vs\.?|versus|against) (?:latest|current|most recent)(?=\s*(?:$|[,.;:?!)(—–-]|(?:and|vs|versus|with|plus|for|in|by|single|one)\b))/gi,
      '$1 the latest snapshot',
    )
    // "(Any tech, cable included)" after gigabit: its own definition.
    .replace(/\s*\(\s*any tech(?:nology)?,?\s*(?:cable included|incl(?:uding|\.)? cable)\s*\)/gi, '')
    // "Passed 1000000 premises or more": at least that many.
    .replace(
      /\b(\d[\d,]*) (premises|homes|properties|lines|postcodes) or (?:more|above|over|higher)\b/gi,
      'at least $1 $2',
    )
    // "For every 2026 snapshot": each month of that year; "so far", "this year so far": up to the latest, as the data is.
    .replace(/\bfor (?:every|each) (20\d\d) snapshot\b/gi, 'for each month of $1')
    .replace(/\b(?:this year so far|so far this year)\b/gi, 'this year')
    .replace(/\s*\(?\bso far\b\)?/gi, '')
    // "(Each month vs the month before)": what each point added, said again.
    .replace(
      /\s*\(\s*each (month|quarter|year) (?:vs\.?|versus|compared (?:with|to)) (?:the )?(?:previous|prior|last|one before|\1 before)(?: \1)?\s*\)/gi,
      '',
    )
    // "Got their first ever full fibre": got it for the first time.
    .replace(
      /\b(got|get|gets|getting|received?|receiving) (?:their |its |a )?(?:very )?first(?:[- ]ever)? (full[- ]fibre|ff|fttp|ftth|gigabit)(?: (?:connection|service|network))?\b/gi,
      '$1 $2 for the first time',
    )
    // "Each type of tech right now? fttp, fttc, adsl, cable, fwa": a row per technology, the list its rows.
    .replace(/\beach (?:type|kind|sort) of (tech|technology|technologies)\b/gi, 'each technology')
    .replace(
      /(\beach technology\b[^?]*\?)\s*(?:fttp|fttc|adsl|cable|fwa|ff|full fibre)(?:\s*(?:,|and|&|\/)\s*(?:fttp|fttc|adsl|cable|fwa|ff|full fibre))+\s*\??\s*$/gi,
      '$1',
    )
    // "Homes able to get each one (full fibre, FTTC, ADSL, cable, fixed wireless)": each technology, those its rows.
    .replace(
      /\beach (?:one|of them|of these|of those)\s*\(\s*(?:fttp|fttc|adsl|cable|fwa|ff|full[- ]fibre|fixed wireless|copper)(?:\s*(?:,|and|or|&|\/)\s*(?:fttp|fttc|adsl|cable|fwa|ff|full[- ]fibre|fixed wireless|copper))+\s*\)/gi,
      'each technology',
    )
    // "Openreach full fibre but no full fibre from any other network": Openreach the only full-fibre network.
    .replace(
      /\b((?:[A-Z][\w&.'-]*|or|vm|cf)(?: [A-Z][\w&.'-]*)?) (full[- ]fibre|ff|fttp) but no (?:full[- ]fibre|ff|fttp) from (?:any ?one else|any other (?:network|operator|provider)s?|another (?:network|operator|provider))\b/gi,
      '$1 as the only $2 network',
    )
    // "The last 6 mnths": months, however it is shortened.
    .replace(/\b(?:mnths|mnth|mths|mos)\b/gi, 'months')
    // "Line net adds", "net line adds": the lines added.
    .replace(/\b(?:lines?|broadband line) net adds\b|\bnet (?:broadband )?line adds\b/gi, 'lines added')
    // "Excl. nexfibre", "incl. Scotland": the words in full.
    .replace(/\bexcl\.?(?=\s)/gi, 'excluding')
    .replace(/\bincl\.?(?=\s)/gi, 'including')
    .replace(
      /\b(?:ye ?|year[- ]end )((?:20)?\d\d)\b/gi,
      (_w, year: string) => `december ${year.length === 2 ? `20${year}` : year}`,
    )
    // A series is listed in date order already: "in date order", "in chronological order" ask nothing more.
    .replace(
      /,?\s*\b(?:in|by) (?:date|chronological|time) order\b|,?\s*\boldest (?:first|to newest)\b/gi,
      ' ',
    )
    // "How many LAs fall into each band": are in it, not a fall.
    .replace(/\b(?:fall|falls|fell|sit|sits) (into|in|within)\b/gi, 'are $1')
    // "Premises in overbuilt areas", "homes in full fibre postcodes": the premises where that holds (the postcodes
    // are where it is counted; "areas" names no postcode area).
    .replace(
      /\b(?:in|within) (?:an? |the )?(overbuilt|overbuild|full[- ]fibre|ff|fttp|gigabit[- ]capable|gigabit|gig|altnet|superfast|ultrafast) (?:areas?|postcodes?|locations?|places?|spots?)\b/gi,
      (_w, condition: string) => (/^overbuil/i.test(condition) ? 'that are overbuilt' : `with ${condition}`),
    )
    // "The UK average", "the national average": the figure of the whole, not a mean of places.
    .replace(/\b(uk|gb|national|nationwide|country)(?:'s)? (?:average|avg)\b/gi, (_w, whole: string) =>
      /^(?:uk|gb)$/i.test(whole) ? `${whole} as a whole` : `${whole} figure`,
    )
    // "Count of LAs forecast to ...", "the number of regions where ...": how many of those places.
    .replace(
      /\b(?:the )?(?:count|number|no\.|total number) of (?=(?:las?|local authorities|councils|regions|nations|postcode areas|postcode districts|post ?code sectors|post sectors)\b)/gi,
      'how many ',
    )
    // "For each region (and Scotland, Wales and NI)", "each technology (copper, part fibre, cable and so on)": what
    // the grouping includes, said in passing, is no filter on it. ("By network (excluding Openreach)" is one.)
    // A plain list of names after "my regions", "these councils" ("my regions (NE, NW, Yorkshire)") is the places
    // asked: it stays.
    .replace(
      /\b(?<!\b(?:my|our|these|those|following|selected|target|chosen|key|focus) )((?:regions?|nations?|countries|technolog(?:y|ies)|techs?|networks?|operators?|altnets?|providers?|isps?|councils?|boroughs?|districts?|authorit(?:y|ies)|las?|local authorit(?:y|ies)))\s*\((?:(?:and|incl\.?|including|plus|e\.?g\.?|like|such as)\s[^()]*|[^()]*\b(?:etc\.?|and so on|and the like|and others)\s*|[a-z&.' ]{1,25}(?:\s*[/,]\s*[a-z&.' ]{1,25}){2,})\)/gi,
      '$1',
    )
    // "No full fibre today and aren't forecast to get it by 2028 either": still without it at that forecast point.
    .replace(
      /\b(?:have |has )?(?:no|without) (full[- ]fibre|ff|fttp|ftth|gigabit)\s+(?:today|now|yet|currently)?\s*,?\s*(?:and|but)\s+(?:are not|aren't|arent|is not|isn't|won't be|will not be|not)\s+(?:forecast|expected|due|planned|set|scheduled)\s+to\s+(?:get|have|receive|gain)\b(?:\s+(?:it|one|them))?/gi,
      'forecast to still have no $1',
    )
    .replace(/(\bforecast to still have no [^?.]*?)\s+either\b/gi, '$1')
    // "Premises without full fibre today but forecast to have it by 2027": those forecast to gain it by then.
    .replace(
      /\b(?:don'?t|do not|doesn'?t|does not|that lack|lacking|without|with no|have no|has no)\s+(?:have\s+|got\s+|get\s+)?(full[- ]fibre|ff|fttp|ftth|gigabit)\s+(?:today|now|yet|currently|at the moment)?\s*,?\s*but\s+(?:are\s+|is\s+|will be\s+)?(?:forecast|expected|due|planned|set|scheduled)\s+to\s+(?:get|have|receive|gain)\b(?:\s+(?:it|one|them))?/gi,
      'forecast to gain $1',
    )
    // "Premises that had no full fibre at the November 2026 snapshot and are forecast to have it by June 2028":
    // those forecast to gain it (the snapshot named is the latest, the forecast's "now").
    .replace(
      /\b(?:(?:had|have|has|with) no|without)\s+(full[- ]fibre|ff|fttp|ftth)\s+(?:(?:at|in|as of|on)\s+(?:the\s+)?(?:latest\s+|current\s+)?(?:\d{1,2}(?:st|nd|rd|th)?\s+)?(?:(?:[a-z]+\s+)?20\d\d\s+)?(?:availability\s+)?(?:snapshot|data)|today|now|currently)\s*,?\s*(?:and\s+|but\s+)?(?:(?:are|is|were|will be)\s+)?(?:forecast|expected|due|planned|set|scheduled)\s+to\s+(?:get|have|receive|gain)\b(?:\s+(?:it|one|them|full[- ]fibre|ff|fttp|ftth))?/gi,
      'forecast to gain $1',
    )
    // "How many of London's 33 local authorities have ...", "how many of the 22 Welsh councils ...": a count of the
    // places, in the place named (the number of them is not a condition).
    .replace(
      /\bhow many of ([a-z][\w .&-]*?)'s? (?:\d+ )?(local authorities|las|councils|boroughs|authorities|regions|nations|postcode areas|postcode districts|districts|post sectors|sectors)\b/gi,
      'how many $2 in $1',
    )
    .replace(
      /\bhow many of (?:the|its|their|our) (?:\d+ )?(?=(?:[a-z]+ )?(?:local authorities|las|councils|boroughs|authorities|regions|nations|postcode areas|postcode districts|districts|post sectors|sectors)\b)/gi,
      'how many ',
    )
    // "Decent broadband (10 Mbit/s down, 1 up)", "gigabit-capable coverage (as defined by Ofcom, i.e. 1 Gbit/s)": a
    // term's own definition said beside it adds nothing (the model holds it); a condition in brackets is kept.
    .replace(
      /\b((?:decent broadband|the uso|uso|superfast(?: broadband)?|ultrafast(?: broadband)?|gigabit(?:[- ]capable)?(?: broadband)?|full[- ]fibre|fttp)(?: (?:coverage|availability|service|services|connections?|access))?)\s*\(([^()]*)\)/gi,
      (whole, term: string, inside: string) =>
        /\d|\bdefin|\bi\.?e\.?(?:\s|,|$)|\bas per\b|\bofcom\b/i.test(inside) &&
        !/\b(?:not|no|excl\w*|except|without|only|but|plus|and also)\b/i.test(inside)
          ? term
          : whole,
    )
    .replace(/,?\s*\bas defined by (?:ofcom|connected nations|the data)\b,?/gi, ' ')
    // "An ultrafast service, defined as a best available download speed of 300 Mbit/s or more": the term's own
    // definition again, in a clause after it (a definition of another threshold is a condition, and kept).
    .replace(
      /(\b(?:superfast|ultrafast|gigabit|decent)\b[^,;?]{0,40}),?\s*\b(?:defined as|meaning|which means|i\.e\.?|ie)\s+(?:having\s+)?(?:a |an |the )?(?:best |fastest |maximum |max )?(?:available )?(?:download )?(?:speed )?(?:of )?(?:at least |>= ?|over |above )?(\d+(?:\.\d+)?) ?(mbit\/s|mbps|mb\/s|mb|meg|gbit\/s|gbps|gb)\b(?: download)?(?: or (?:more|above|faster|higher|better))?(?: download)?/gi,
      (whole, before: string, figure: string, unit: string) => {
        const mbps = Number(figure) * (/^g/i.test(unit) ? 1000 : 1);
        const own = /superfast/i.test(before)
          ? 30
          : /ultrafast/i.test(before)
            ? 300
            : /gigabit/i.test(before)
              ? 1000
              : 10;
        return mbps === own ? before : whole;
      },
    )
    // "Of the premises Gigaclear passes in Somerset, how many also have ...": within Gigaclear's footprint.
    .replace(
      /(^|[:;,.(]\s*)[Oo]f (?:the |all )?(?:premises|homes|properties) ([A-Z][\w.&-]*(?: [A-Z][\w.&-]*)?) (?:passes|covers|serves|reaches)\b/g,
      "$1of $2's footprint",
    )
    // "Of the FTTP-passed premises in Glasgow, what % ...": premises with FTTP, the base of the share.
    .replace(
      /(^|[:;,.(]\s*)of (?:the |all )?([a-z]+(?: [a-z]+)?)[- ](?:passed|enabled|capable|covered|served) (premises|homes|properties|postcodes)\b/gi,
      '$1of all $3 with $2',
    )
    // "By region: of premises with FTTP, what share have ...": a share within those premises.
    .replace(
      /(^|[:;,.(]\s*)of (?:the )?(premises|homes|properties|postcodes) (with|that have|that can get|passed by)\b/gi,
      '$1of all $2 $3',
    )
    // Combined-authority shorthand: "WY districts", "GM boroughs" (upper case only: "gm" is no word to guess at).
    .replace(/\bWY\b|\bW\.? ?Yorks\b|\bWest Yorks\b/g, 'West Yorkshire')
    .replace(/\bGM\b|\bGtr\.? Manchester\b/g, 'Greater Manchester')
    // The districts of a county are its local authorities ("each West Yorkshire district", "the five WY districts").
    .replace(
      /\b(West Yorkshire|South Yorkshire|Greater Manchester|Merseyside|Tyne and Wear|[A-Z][a-z]+shire)('s)? (districts?)\b/g,
      (_w, county: string, of: string | undefined, word: string) =>
        `${county}${of ?? ''} local ${word === 'district' ? 'authority' : 'authorities'}`,
    )
    // "The north (NE, NW, Yorkshire)": the three northern regions, named in brackets.
    .replace(
      /\b(?:the )?north(?:ern england| of england)?\s*\((?:\s*(?:ne|nw|north[- ]east|north[- ]west|yorks(?:hire)?(?:\s*(?:&|and)\s*(?:the )?humber)?|y&h)\s*(?:,|&|and|\/)?)+\)/gi,
      'the north',
    )
    // "Across the five West Yorkshire districts", "the three island authorities": the number of places named is no
    // limit (unless a ranking word says it is: "the 5 biggest councils").
    .replace(
      /\b(the|all|its|their) (?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\d{1,2}) (?=(?:(?!(?:top|bottom|biggest|largest|smallest|highest|lowest|best|worst|most|least|fewest|leading|main)\b)[A-Za-z-]+ ){1,3}(?:local authorities|districts|boroughs|councils|authorities|LAs|las)\b(?![^?.]{0,50}\b(?:top|bottom|biggest|largest|smallest|highest|lowest|best|worst|most|least|fewest|ranked|rank)\b))/gi,
      '$1 ',
    )
    // "The biggest altnet in each of the nine English regions", "for each of the 4 nations": each of them (a group is
    // counted by its members, not limited).
    .replace(
      /\b(each|every one|every|all) of the (?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\d{1,2}) (?=(?:[A-Za-z-]+ ){0,2}(?:regions|nations|countries|local authorities|districts|boroughs|councils|authorities|LAs|las|postcode areas|areas|cities|towns)\b)/gi,
      '$1 of the ',
    )
    // "Over the twelve months to the latest reporting date", "in the 24 months to November 2026": the last N months.
    .replace(
      /\b(?:over|in|during|across) the (twelve|twenty[- ]four|six|three|eighteen|thirty[- ]six|\d{1,2}) months to (?:the )?(?:latest|most recent|current|last) (?:reporting date|snapshot|data|date)\b/gi,
      (_w, n: string) =>
        `over the last ${({ twelve: '12', six: '6', three: '3', eighteen: '18' } as Record<string, string>)[n.toLowerCase()] ?? n.replace(/twenty[- ]four/i, '24').replace(/thirty[- ]six/i, '36')} months`,
    )
    .replace(/\b(?:the )?(?:latest|most recent|last) reporting date\b/gi, 'the latest snapshot')
    // "The Jan 2025 snapshot to Jan 2026", "over calendar 2025": the dates themselves.
    .replace(/\b((?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]* 20\d\d) snapshots?\b/gi, '$1')
    .replace(/\bcalendar (20\d\d)\b/gi, '$1')
    // "A single figure will suffice": the one figure asked is the answer's shape already.
    .replace(
      /\.?\s*\ba single (?:figure|number) (?:will (?:suffice|do)|is (?:fine|enough)|please)\b\.?/gi,
      ' ',
    )
    // "1 Jan 2025", "1st January 2026": snapshots are monthly, on the first.
    .replace(
      /\b1(?:st)? (jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)([a-z]*) (20\d\d)\b/gi,
      '$1$2 $3',
    )
    // "(All techs)", "all technologies": every technology together, not a split by technology.
    .replace(/\(\s*all (?:techs?|technologies)\s*\)|,?\s*\ball (?:techs|technologies)\b/gi, ' ')
    // "FTTP mix of total lines": its share of them.
    .replace(/\b(fttp|ftth|ff|full[- ]fibre|fttc|adsl|cable|fwa) mix\b/gi, '$1 share')
    // "FTTP vs FTTC vs ADSL etc": every technology, a row each.
    .replace(
      /\b(?:fttp|ftth|ff|full[- ]fibre|fttc|adsl|copper|cable|fwa)(?:\s*(?:,|vs\.?|versus|\/|and|or)\s*(?:fttp|ftth|ff|full[- ]fibre|fttc|adsl|copper|cable|fwa))+\s*,?\s*(?:etc\.?|and so on|and the rest|and others)/gi,
      'by technology',
    )
    // "When did Somerset first get past 50%": pass the level.
    .replace(/\b(?:first )?(?:get|got|go|went|gone|move|moved) (?:past|above|over|beyond)(?= \d)/gi, 'pass')
    // "Which part of the UK has the worst coverage": which region (the UK is not the place it is in).
    .replace(
      /\b(which|what) (?:part|parts|area|areas|bit|corner) of the (?:uk|country|united kingdom)\b/gi,
      '$1 region',
    )
    // "Served by a single full fibre network": exactly one.
    .replace(
      /\ba single (?=(?:(?:full[- ]fibre|ff|fttp|gigabit|broadband) )?(?:network|provider|operator|isp)\b)/gi,
      'only one ',
    )
    // "When is it expected and who from?": which network, a row each.
    .replace(/\b(?:and )?(?:who from|from whom|who by)\b/gi, 'by network')
    // "count(distinct altnet)", "count(postcode)": SQL written for a count, the count it asks.
    .replace(
      /\bcount\s*\(\s*(?:distinct\s+)?(altnet|network|operator_group|operator|postcode|la_name|la)s?\s*\)/gi,
      (_w, what: string) =>
        `how many ${({ operator_group: 'network', la_name: 'local authority', la: 'local authority' } as Record<string, string>)[what.toLowerCase()] ?? what}s`,
    )
    // "Is there an altnet at SE15 5XA?": yes is which ones.
    .replace(
      /^\s*(?:is|are) there (?:an?|any) (alt ?nets?|networks?|operators?|isps?|providers?)\s+(?=in|at|on|covering|serving)\b/i,
      (_whole, kind: string) => `which ${kind.replace(/s$/, '')}s are `,
    )
    // "Altnets in NG7?", "networks at LS6 2YU": a question that opens on the networks and a place asks which.
    .replace(
      /^\s*(altnets|alt nets|networks|operators|isps|providers)\s+(?:present |available |live )?(in|at|on|covering|serving)\b/i,
      'which $1 are in',
    )
    // "Postcode-level take-up for Leeds": the take-up of the place (the data's grain, not rows per postcode).
    .replace(/\bpostcode[- ]level (?=take[- ]?up|data|lines|subscriber)/gi, '')
    .replace(
      /\b(in|during|over|through|throughout|for|across|of) (?:the )?(?:calendar )?year (20\d\d)\b/gi,
      '$1 $2',
    )
    .replace(/\bcalendar (year|quarter)(s?)\b/gi, '$1$2')
    // "How many ... now, and how does that compare with Nov 2024": the level now against then.
    .replace(
      /,?\s*(?:and )?how does (?:that|this|it) compare (?:with|to|against) ((?:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]* )?20\d\d|a year ago|last year)\b/gi,
      ' now vs $1',
    )
    // "Order by year", "sorted by date": a series is in date order already.
    .replace(
      /,?\s*\b(?:order(?:ed)?|sort(?:ed)?) by (?:the )?(?:year|date|month|quarter|snapshot)s?\b/gi,
      ' ',
    )
    // "By calendar year, 2022 to 2026": each year from the first to the last.
    .replace(
      /\b((?:by|each|every|per) (?:year|quarter|month)),? ((?:19|20)\d\d) ?(?:to|-|–|through|thru|until) ?((?:19|20)\d\d)\b/gi,
      '$1 from $2 to $3',
    )
    // "All networks combined", "any network": full fibre of any network, one figure.
    .replace(
      /,?\s*\b(?:all|any) (?:networks?|operators?)(?: combined| together)?\b(?! (?:in|by|with|that|which|where))/gi,
      ' ',
    )
    // "All operators and both segments", "all brands": no filter, which is what a question that names none counts.
    .replace(/,?\s*\ball (?:operators|brands|providers|isps|retailers)\b/gi, ' ')
    // "FWA on offer but nothing gigabit-capable": but no gigabit.
    .replace(/\bbut (?:nothing|none)(?= [a-z])/gi, 'but no')
    // "UK-wide", "nationwide": the UK as a whole, which a question with no place is already.
    .replace(/\b(?:uk|gb)-wide\b/gi, 'UK')
    // "Each end-of-year point", "each year-end snapshot": a yearly series at December.
    .replace(/\beach end[- ]of[- ](?:the[- ])?year(?: points?| snapshots?| dates?)?\b/gi, 'each year end')
    // "At the June snapshot of each year 2023, 2024, 2025, 2026": each year from the first to the last listed.
    .replace(
      /\b((?:each|every) (?:year|yr)),? (?:for |in )?((?:19|20)\d\d)(?:,? (?:(?:19|20)\d\d),?)*,? (?:and |& )?((?:19|20)\d\d)\b/gi,
      '$1 from $2 to $3',
    )
    // "Urban vs rural cols": the two settings as columns side by side (the urban-rural gap's columns).
    .replace(
      /\b(urban (?:vs\.?|v|and|\/) rural|rural (?:vs\.?|v|and|\/) urban),? (?:as |in )?(?:cols|columns)\b/gi,
      '$1 side by side',
    )
    // Column names written as a spec ("Cols: country, ff_pct_latest, pp_change"): their words, without the label.
    .replace(/\b(?:cols\b:?|(?:columns|fields|output columns|headers)\s*:)/gi, ' ')
    .replace(/\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/gi, (name) => name.replace(/_/g, ' '))
    .replace(/\bpct\b/gi, '%')
    // Sort orders written as a spec: "desc", "asc", "high to low", "then region A-Z", "chronological", "no rounding".
    .replace(/\b(?:sort(?:ed)? by [a-z_ ]+? )?(?:desc|descending)\b/gi, 'highest first')
    .replace(/\b(?:sort(?:ed)? by [a-z_ ]+? )?(?:asc|ascending)\b/gi, 'lowest first')
    .replace(/\bhigh to low\b/gi, 'highest to lowest')
    .replace(/\blow to high\b/gi, 'lowest to highest')
    .replace(/,?\s*\b(?:then (?:by )?|(?:sort(?:ed)?|order(?:ed)?) by )(?:[a-z_]+ )?a-z\b|\ba-z\b/gi, ' ')
    .replace(/,?\s*\b(?:in )?chronological(?:ly)?(?: order)?\b/gi, ' ')
    .replace(/,?\s*\bno rounding\b|\(?\b[12] ?dp\b\)?|\bto [12] (?:dp|decimal places?)\b/gi, ' ')
    .replace(/\((?:absolute|abs)\)|\babsolute (?=change|difference|growth)/gi, ' ')
    // "Each of the four home nations", "all 4 nations": the nations, every one of them.
    .replace(/\b(the|all) (?:four|4) ((?:home |uk |devolved )?nations)\b/gi, '$1 $2')
    // "How wide is the gap": the gap.
    .replace(/\bhow (?:wide|big|large|narrow) is the\b/gi, 'what is the')
    // "The urban-rural gap", "urban/rural split": both settings named.
    .replace(/\b(urban|rural)[-/](rural|urban)\b/gi, '$1 and $2')
    // Finance shorthand for a trailing year: "LTM net adds", "TTM", "L12M".
    .replace(/\b(?:ltm|ttm|l12m)\b/gi, 'in the last 12 months')
    // "How many diff altnets": different ones (not "the diff between", a difference).
    .replace(
      /\bdiff(?= (?:altnets?|networks?|operators?|providers?|isps?|brands?|retailers?|techs?|technologies)\b)/gi,
      'different',
    )
    // "VM (cable or RFOG)", "Virgin Media cable + RFOG": both of Virgin Media's technologies are its whole network.
    .replace(
      /\b(vm|vmo2|virgin(?: media)?(?: o2)?)('s)? \(?(?:cable|docsis|hfc) ?(?:or|and|\+|\/|&) ?(?:(?:vm|vmo2|virgin(?: media)?|its|their)(?:'s)? )?(?:own )?(?:rfog|fibre|fttp|full fibre)(?: networks?)?\)?/gi,
      '$1$2',
    )
    .replace(DEFINITION_RESTATED, '$1$2')
    .replace(ALL_OF_A_PART, ' ')
    // "The twelve English regions and devolved nations", "regions and nations": every region, the nations with them.
    .replace(
      /\b(?:the )?(?:twelve |12 )?(?:english )?regions,? and (?:the )?(?:three )?(?:devolved )?nations\b/gi,
      'regions',
    )
    // "Between the December 2024 and December 2025 snapshots": a window between those two dates.
    .replace(
      /\bbetween the ((?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]* (?:19|20)\d\d) and (?:the )?((?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]* (?:19|20)\d\d) snapshots?\b/gi,
      'between $1 and $2',
    )
    // "Coverage of premises in rural postcodes vs that in urban postcodes": the setting of the premises counted.
    .replace(
      /\b(in|of) (rural|urban) postcodes\b(?=[^.?]*\b(?:premises|homes|properties)\b|)/gi,
      (whole, p: string, setting: string) =>
        /\b(?:premises|homes|properties|people|population|residents|households|lines|subscribers)\b/i.test(
          question,
        )
          ? `${p} ${setting} areas`
          : whole,
    )
    // "Counting each premises once", "without double counting": one figure for everything named together.
    .replace(
      /,?\s*\b(?:counting|count|counted) (?:each|every) (?:premises|property|home|postcode) (?:only )?once\b|\b(?:without|no) double[- ]counting\b|\bde-?duplicated\b/gi,
      ' combined ',
    )
    // "The latest figure and the Nov 2025 figure": now, beside the date named.
    .replace(
      /\b(?:the )?(?:latest|current|today's|most recent) (?:figure|number|count|total|level)s?\b/gi,
      'now',
    )
    // "Three's 5G home broadband" is fixed wireless: a router at home fed by the mobile network.
    .replace(/\b(?:4g|5g) home (?:broadband|bb|internet|wifi)\b/gi, 'fixed wireless');
  const plain = networksSetAside(
    withSharedYear(
      restated
        .replace(DAY_OF_MONTH, '')
        // "The preceding twelve months", "the prior 2 years": the last ones, as the time parser reads them.
        .replace(/\b(?:preceding|prior|trailing)(?= (?:\w+ )?(?:months?|quarters?|years?)\b)/gi, 'previous')
        // Comparison signs, in words (normalising drops the signs themselves): "> 0.8", "<30mbps", ">= 3".
        .replace(/>=\s*/g, ' at least ')
        .replace(/<=\s*/g, ' at most ')
        .replace(/(^|[^-])>\s*/g, '$1 over ')
        .replace(/<\s*/g, ' under ')
        // "FTTP % of lines", "what % of premises": a share of them (normalising drops the sign itself).
        .replace(/([^\d\s])\s*%\s+of\b/g, '$1 share of')
        // "Growth over 2 yrs", "across 18 months": a window ending at the latest snapshot ("in 2 years" is ahead).
        .replace(
          /\b(over|across|during) (\d{1,2}|two|three|four|five|six|twelve|eighteen) (yrs?|years?|months?|mths?)\b(?! ago| time)/gi,
          '$1 the last $2 $3',
        )
        // "Now vs the same time last year": a year ago, as the time parser reads it.
        .replace(/\b(?:at )?(?:the )?(?:same|this) (?:time|point) (?:last|a) year\b/gi, 'a year ago')
        // "Can get a gigabit-capable connection": what is available, not lines taken up ("connections" are lines).
        .replace(
          /\b(can|could|cannot|can't|able to) (get|access|receive|order) (?:a |an )?((?:[\w-]+ ){0,2})(?:connection|service)\b/gi,
          '$1 $2 $3',
        )
        // Shorthand of a hurried analyst: "top10" is the top 10; "12m ago", "last 6m" are months; "end-26" 2026's end.
        .replace(/\btop(\d{1,3})\b/gi, 'top $1')
        // "Jan 21 vs now", "jun 25 to jun 26": a month with a two-digit year (a day would come first in British use).
        .replace(
          /\b(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)([a-z]*)\.? '?(19|2\d)\b(?!\s*(?:19|20)\d\d)(?![\d:%])/gi,
          '$1$2 20$3',
        )
        .replace(/\b(\d{1,2}) ?m (ago|back)\b/gi, '$1 months $2')
        .replace(
          /\b(last|past|previous|over the last|over the past) (\d{1,2}) ?m\b(?! ?(?:premises|homes|lines|people|households|postcodes))/gi,
          '$1 $2 months',
        )
        .replace(/\b(end|start|mid)-(\d\d)\b(?!\d)/gi, (_, at: string, yy: string) => `${at} of 20${yy}`)
        // "Premises passed now vs a year ago, and the % growth": the relative growth of a count (of coverage it
        // would be points, so a share named keeps its "%").
        .replace(
          /(?:\bthe )?%\s*(growth|increase|change)\b|\b(growth|increase) ?%/gi,
          (whole, a?: string, b?: string) =>
            /\b(?:coverage|cov|share|penetration|proportion)\b/i.test(question) ? whole : `${a ?? b} rate`,
        )
        // "Fastest growing altnet", "which are the fastest growing LAs": the ones that grew the most (it is the
        // growth that is ranked, not a speed).
        .replace(
          /\b(?:(?:which|what|who) (?:is|are|was|were) )?(?:the )?fastest[- ]growing ((?:[\w-]+ ){0,2}?(?:altnets?|networks?|operators?|providers?|isps?|regions?|las?|local authorit(?:y|ies)|councils?|areas?))\b/gi,
          'which $1 grew the most',
        )
        // "Greenfield" (build jargon): where no full-fibre network has built yet.
        .replace(/\bgreen[- ]?field\b/gi, 'no full fibre')
        // "Premises that fall below the USO", "fall under 30 Mbit/s": are below it, not a fall over time.
        .replace(/\b(?:fall|falls|falling|fell) (below|under|short of|outside)\b/gi, 'are $1')
        // "Solely", "exclusively", "purely": the model's phrases say "only".
        .replace(/\b(?:solely|exclusively|purely)\b/gi, 'only')
        // "Each calendar year" is each year: snapshots are monthly, so a year is a calendar year.
        .replace(/\bcalendar (years?)\b/gi, '$1')
        // Ranges written with a hyphen are ranges: "Jun-Nov 2026", "2024Q1-2026Q4", "2022-2025"; "end-2026" is the end of
        // 2026; "each H1/H2" is each half-year.
        .replace(
          /\b(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\s*-\s*(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)([a-z]*)\b/gi,
          '$1 to $2$3',
        )
        .replace(/\b((?:19|20)\d\d ?Q[1-4])\s*-\s*((?:19|20)\d\d ?Q[1-4])\b/gi, '$1 to $2')
        .replace(/\b(Q[1-4] ?(?:19|20)\d\d)\s*-\s*(Q[1-4] ?(?:19|20)\d\d)\b/gi, '$1 to $2')
        .replace(/\b((?:19|20)\d\d)\s*-\s*((?:19|20)\d\d)\b/g, '$1 to $2')
        // A range with no "from" before it ("quarterly 2024Q1 to 2026Q4"): the time parser reads "from ... to ...".
        .replace(
          /(?<!\b(?:from|between|since) )\b((?:19|20)\d\d ?Q[1-4]|Q[1-4] ?(?:19|20)\d\d|(?:19|20)\d\d) to ((?:19|20)\d\d ?Q[1-4]|Q[1-4] ?(?:19|20)\d\d|(?:19|20)\d\d)\b/gi,
          'from $1 to $2',
        )
        .replace(/\bend-((?:19|20)\d\d)\b/gi, 'end of $1')
        .replace(/\b(each|every|at each) H1 ?\/ ?H2\b/gi, '$1 half year')
        // "Each H2": the end of each second half, December (the forecast's points are June and December).
        .replace(
          /\b(each|every) H([12])\b/gi,
          (_, each: string, half: string) => `${each} ${half === '1' ? 'June' : 'December'}`,
        )
        // "The #1 network", "the no. 1 altnet": the leading one.
        .replace(/(?:#|\bno\.? ?|\bnumber )1\b(?! ?%)/gi, 'top')
        .replace(ORDINAL_QUARTER, (_, n: string) => {
          // "the fourth quarter" is Q4, as take-up labels it.
          return `Q${ORDINALS[n.toLowerCase()] ?? 4}`;
        }),
    ),
  );
  return latestQuarter ? withQuarterYear(plain, latestQuarter) : plain;
}

/**
 * "FTTP take-up % Q3 vs Q4": a quarter written without its year is the latest quarter of that number (this
 * year's, or last year's when this year has not reached it). "Each Q4" and "Q4 of every year" stay a series.
 */
function withQuarterYear(question: string, latestQuarter: string): string {
  const [year, latest] = latestQuarter.split('Q').map(Number) as [number, number];
  // "Forecast to build next year": the end of the year after the latest data's (the forecast's December point).
  const nextYear = question.replace(
    /\b(?:by |in |during |over )?(?:the end of )?next year\b/gi,
    `by the end of ${year + 1}`,
  );
  return nextYear.replace(
    /(?<!\b(?:each|every|per|all|same)\s+)(?<!(?:19|20)\d\d\s?-?\s?)\bQ([1-4])\b(?!\s*(?:of\s+)?(?:each|every|the\s+year)\b)(?!\s*(?:of\s+)?'?\d\d)/gi,
    (_, n: string) => `Q${n} ${Number(n) <= latest ? year : year - 1}`,
  );
}

/**
 * "Leaving Openreach aside, which network ...", "the largest full-fibre builder after Openreach": a network set
 * aside is left out, as "excluding Openreach" says it.
 */
function networksSetAside(question: string): string {
  return (
    question
      // "vm gig vs or ff": typed in lower case, "or" set against another network is Openreach.
      .replace(/\b(vs\.?|versus)\s+or\b/gi, '$1 openreach')
      .replace(/^(\s*)or(?=\s+(?:ff|fttp|ftth|full fibre|gig|gigabit)?\s*(?:vs\.?|versus)\b)/i, '$1openreach')
      // A question never starts with the word "or": "or ff net adds", "or footprint in leeds" name Openreach.
      .replace(
        /^(\s*)or(?=\s+(?:ff|fttp|ftth|full[- ]fibre|gig|gigabit|footprint|premises|coverage|cov|network|share|lines|forecast)\b)/i,
        '$1openreach',
      )
      // "The #1 non-OR FF network", "non-Openreach builders": every network but that one.
      // ("OR" alone is also the word "or": spelled out.)
      .replace(/\bnon[- ]OR\b/gi, 'excluding Openreach')
      .replace(/\bnon[- ](?=[A-Z]|(?:openreach|bt|vm|virgin|cityfibre)\b)/g, 'excluding ')
      .replace(
        /\b(?:[Ll]eaving|[Ss]etting|[Pp]utting|[Ll]eave|[Ss]et|[Pp]ut) ([A-Z][\w&'-]*(?: [A-Z][\w&'-]*)?) (?:aside|to one side)\b/g,
        'excluding $1',
      )
      // "If u leave openreach out", "leaving out BT": set aside too, typed in any case.
      .replace(
        /\b(?:if (?:you|u) )?(?:leave|leaving|take|taking|strip|stripping) (openreach|or|bt|virgin media|virgin|vm|cityfibre|cf|[A-Z][\w&'-]*) out\b/gi,
        (_, name: string) => `excluding ${/^or$/i.test(name) ? 'openreach' : name}`,
      )
      .replace(
        /\b(?:leave|leaving|take|taking) out (openreach|bt|virgin media|virgin|vm|cityfibre|[A-Z][\w&'-]*)\b/gi,
        'excluding $1',
      )
      .replace(
        /\b((?:largest|biggest|leading|top|main|dominant|next)\b[^.?]{0,60}?)\bafter (?!(?:January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec|Q[1-4]|H[12]|the)\b)([A-Z][\w&'-]*(?: [A-Z][\w&'-]*)?)/g,
        '$1excluding $2',
      )
  );
}

/**
 * "Q2 vs Q3 2026", "between March and June 2025", "Jan to Apr of 2024": the first date takes the year written
 * once after the second, as an analyst means it.
 */
function withSharedYear(question: string): string {
  return question.replace(
    SHARED_YEAR,
    (whole, first: string, joiner: string, second: string, year: string) =>
      first.toLowerCase() === 'may' && !/^(?:and|to|through|until|vs\.?|versus)$/i.test(joiner.trim())
        ? whole
        : `${first} ${year} ${joiner}${second} ${year}`,
  );
}
const PERIOD_WORD =
  '(?:q[1-4]|h[12]|january|jan|february|feb|march|mar|april|apr|may|june|jun|july|jul|august|aug|september|sept|sep|october|oct|november|nov|december|dec)';
const SHARED_YEAR = new RegExp(
  `\\b(${PERIOD_WORD})\\b( (?:and|to|through|until|vs\\.?|versus|or|-|&) (?:the )?)(${PERIOD_WORD})\\b(?: of)? ((?:19|20)\\d\\d)\\b`,
  'gi',
);
const ORDINAL_QUARTER = /\b(?:the )?(first|second|third|fourth|1st|2nd|3rd|4th) (?:quarter|qtr)\b/gi;
const ORDINALS: Record<string, number> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  '1st': 1,
  '2nd': 2,
  '3rd': 3,
  '4th': 4,
};
const DAY_OF_MONTH =
  /\b(?:[1-9]|[12]\d|3[01])(?:st|nd|rd|th)?(?: of)? (?=(?:jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\b|may \d{4}\b)/gi;

/** Time-unit shorthand analysts type ("2 yrs ago", "last 3 mths"), spelled out for the time parser. */
export function spellOutTimeUnits(text: string): string {
  return (
    text
      .replace(/\b(\d+) ?yrs?\b/g, (_, n: string) => `${n} ${n === '1' ? 'year' : 'years'}`)
      .replace(/\byrs\b/g, 'years')
      .replace(/\byr\b/g, 'year')
      .replace(/\b(\d+) ?(?:mths?|mos)\b/g, (_, n: string) => `${n} ${n === '1' ? 'month' : 'months'}`)
      // "Last 6m": after "last" or "past", an m is months (elsewhere "6m premises" is millions).
      .replace(
        /\b(last|past|previous|recent) (\d+) ?m\b/g,
        (_, w: string, n: string) => `${w} ${n} ${n === '1' ? 'month' : 'months'}`,
      )
      .replace(/\bm(?:nth|th)s\b/g, 'months')
      .replace(/\b(\d+) ?mnths?\b/g, (_, n: string) => `${n} ${n === '1' ? 'month' : 'months'}`)
      .replace(/\bqtrs\b/g, 'quarters')
      .replace(/\bqtr\b/g, 'quarter')
  );
}

function entityTag(match: EntityMatch, text: string): Tag | null {
  const start = Math.max(0, match.start);
  const end = Math.min(text.length, match.end);
  const base = { start, end, text: text.slice(start, end), ...(match.fuzzy ? { fuzzy: true } : {}) };
  const e = match.entity;
  switch (e.kind) {
    case 'group':
      return { ...base, role: 'network', value: e.group };
    case 'operator':
      return { ...base, role: 'operator', value: e.operator };
    case 'la':
      return { ...base, role: 'place', value: `la_name:${e.name}` };
    case 'region':
      return { ...base, role: 'place', value: `government_region:${e.names.join('|')}` };
    case 'country':
      return { ...base, role: 'place', value: `country:${e.name}` };
    case 'area':
      return { ...base, role: 'place', value: `postcode_area:${e.code}` };
    case 'county':
      return { ...base, role: 'place', value: `la_name:${e.laNames.join('|')}` };
    case 'uk':
      return { ...base, role: 'place', value: 'uk' };
  }
}
