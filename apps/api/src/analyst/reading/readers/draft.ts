/**
 * The plan while the question is being read. Each reader reads one part of the question (places, technology,
 * networks, conditions, dimension, measure, shape, ranking, take-up, time) into this draft, in a fixed order:
 * a later reader may look at what an earlier one found ("at least two networks" makes full fibre the subject
 * unless another technology was named).
 */

import type { Dataset, Dimension, GeoFilter, Measure, Plan, Subject } from '../../semantic/plan.js';
import type { EntityMatch, Lexicon } from '../lexicon.js';
import type { ParsedTime, TimeContext } from '../time-phrases.js';

export interface Draft {
  /** The question, lower-cased and padded with a space either side. */
  readonly text: string;
  readonly entities: EntityMatch[];
  readonly lexicon: Lexicon;
  readonly ctx: TimeContext;
  /** The time phrases; readers may complete `parsed.time` (a default period, a default quarter). */
  readonly parsed: ParsedTime;
  dataset: Dataset;
  subject: Subject;
  notes: string[];
  assumptions: string[];
  geo?: GeoFilter;
  /** Networks (operator groups), operators and counties named in the question, in order, without repeats. */
  groups: string[];
  operators: string[];
  counties: string[];
  /** "... that have no full fibre": the technology the subject must lack, cut out before the subject is read. */
  excluded: RegExpMatchArray | null;
  /** Two or more named networks, compared side by side. */
  compareNetworks: boolean;
  measure?: Measure;
  dimension?: Dimension;
  leaderPerDimension: boolean;
  flow: boolean;
  /** With `flow`: each point's addition as a % of the level before it too ("w/ YoY growth %"). */
  growthPct?: boolean;
  takeUpChange: Pick<NonNullable<Plan['takeUp']>, 'change' | 'rankByChange'>;
  takeUp?: Plan['takeUp'];
  order?: Plan['order'];
  limit?: number;
  groupFilter?: Plan['groupFilter'];
  countGroups?: boolean;
}

export const has = (text: string, re: RegExp) => re.test(text);
