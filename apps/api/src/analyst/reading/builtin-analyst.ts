/**
 * The built-in analyst: the planner that works with no LLM and no network. It reads the question against a
 * lexicon built from the warehouse, writes SQL from the plan, and writes the explanation and analysis from
 * the plan and the result. It answers in milliseconds, and says plainly when it cannot understand.
 */

import { loadGeography } from '@qa/warehouse';
import { interpret } from '../compile/interpret.js';
import { analyse, explain, type ResultLike } from '../compile/narrate.js';
import { type BuiltQuery, buildQuery } from '../compile/sql-builder.js';
import type { Plan } from '../semantic/plan.js';
import { checkCompiled } from './confidence.js';
import { isFollowUp, readFollowUp, type TurnContext } from './followup.js';
import { Lexicon, type LexiconData, type OperatorRow } from './lexicon.js';
import { type AlternativeReading, MAX_ALTERNATIVES } from './reading-types.js';
import { quarterOf, type TimeContext } from './time-phrases.js';
import { type Understanding, understand } from './understand.js';

/** The slice of the warehouse the analyst needs (satisfied by @qa/warehouse's Warehouse). */
export interface SqlRunner {
  query(
    sql: string,
    options?: { rowLimit?: number; timeoutMs?: number },
  ): Promise<{ columns: { name: string }[]; rows: unknown[][] }>;
  /** The warehouse's dates from its small date tables (see AgentWarehouse.calendar). */
  calendar?(): Promise<{ months: string[]; forecastDates: string[]; quarters: string[] }>;
}

export interface AnalystKnowledge {
  lexicon: Lexicon;
  time: TimeContext;
}

/** Reads the vocabulary and the date ranges from the data (once per warehouse build). */
export async function loadAnalystKnowledge(warehouse: SqlRunner): Promise<AnalystKnowledge> {
  const rows = async (sql: string) =>
    (await warehouse.query(sql, { rowLimit: 100_000, timeoutMs: 30_000 })).rows;
  const operators: OperatorRow[] = (
    await rows('SELECT operator, operator_group, network_type, is_altnet FROM operators ORDER BY operator')
  ).map((r) => ({
    operator: String(r[0]),
    operator_group: String(r[1]),
    network_type: String(r[2]),
    is_altnet: r[3] === true,
  }));
  const localAuthorities = (
    await rows('SELECT la_name, government_region, country FROM local_authorities ORDER BY la_name')
  ).map((r) => ({
    la_name: String(r[0]),
    government_region: String(r[1]),
    country: String(r[2]),
  }));
  const postcodeAreas = (
    await rows('SELECT DISTINCT postcode_area FROM upc_output ORDER BY postcode_area')
  ).map((r) => String(r[0]));
  const takeUpOperators = (
    await rows('SELECT DISTINCT operator FROM take_up_quarterly ORDER BY operator')
  ).map((r) => String(r[0]));
  // The dates come from the warehouse's small date tables when it has them (a scan of the time-series views
  // takes ~30 s on PostgreSQL at full scale); the views are read only by test doubles without a calendar.
  const calendar = await warehouse.calendar?.();
  const span = (dates: string[] | undefined) =>
    dates?.length ? [dates[0], dates[dates.length - 1]] : undefined;
  const [range] = calendar
    ? [span(calendar.months)]
    : await rows('SELECT MIN(reported_at), MAX(reported_at) FROM upc_output_time_series');
  const [forecast] = calendar
    ? [span(calendar.forecastDates)]
    : await rows('SELECT MIN(reported_at), MAX(reported_at) FROM forecast_footprint');
  const [quarter] = calendar
    ? [calendar.quarters.slice(-1)]
    : await rows('SELECT MAX(quarter) FROM take_up_quarterly');
  // Counties are not in the warehouse tables: they come from the project's geography, matched by district name.
  const known = new Set(localAuthorities.map((l) => l.la_name));
  const geography = loadGeography();
  const nameByCode = new Map(geography.localAuthorities.map((l) => [l.la_code, l.la_name]));
  const counties = geography.counties
    .map((c) => ({
      county: c.county,
      kind: c.kind,
      laNames: c.laCodes.map((code) => nameByCode.get(code) ?? '').filter((name) => known.has(name)),
    }))
    .filter((c) => c.laNames.length > 0);
  const data: LexiconData = { operators, localAuthorities, postcodeAreas, takeUpOperators, counties };
  const latest = String(range?.[1] ?? '2026-11-01');
  return {
    lexicon: new Lexicon(data),
    time: {
      earliest: String(range?.[0] ?? '2021-01-01'),
      latest,
      forecastFirst: String(forecast?.[0] ?? '2024-12-01'),
      forecastLast: String(forecast?.[1] ?? '2030-12-01'),
      latestQuarter: String(quarter?.[0] ?? quarterOf(latest)),
    },
  };
}

export interface AnalystPlan {
  understanding: Understanding;
  plan?: Plan;
  built?: BuiltQuery;
  /** The plan restated in one sentence (data questions only). */
  interpretation?: string;
  /** The next-best readings of the question, offered as "Did you mean" (data questions only). */
  alternatives?: AlternativeReading[];
}

/** How far below the best reading's score an alternative may be and still be offered. */
const ALTERNATIVE_MARGIN = 3;

export class BuiltinAnalyst {
  constructor(private readonly knowledge: AnalystKnowledge) {}

  get time(): TimeContext {
    return this.knowledge.time;
  }

  get lexicon(): Lexicon {
    return this.knowledge.lexicon;
  }

  plan(question: string): AnalystPlan {
    const understanding = understand(question, this.knowledge.lexicon, this.knowledge.time);
    if (understanding.kind !== 'data') return { understanding };
    let built: BuiltQuery;
    try {
      built = buildQuery(understanding.plan, this.knowledge.time);
    } catch (error) {
      // No reading compiles (a change of a condition held for today only): say so, never answer another question.
      const why = error instanceof Error ? error.message : String(error);
      return {
        understanding: {
          kind: 'unsupported',
          confidence: 0.6,
          reasoning: `The data cannot answer the question as read (${understanding.reasoning.replace(/\.$/, '')}): ${why}.`,
        },
      };
    }
    understanding.confidence = checkCompiled(understanding.plan, built.sql, understanding.confidence);
    const interpretation = interpret(understanding.plan, this.knowledge.time);
    const [best, ...rest] = understanding.candidates ?? [];
    // Only readings near the best are worth offering; far below it they are noise, not doubt.
    const alternatives = rest
      .filter(
        (c) => c.interpretation !== interpretation && best && c.score >= best.score - ALTERNATIVE_MARGIN,
      )
      .slice(0, MAX_ALTERNATIVES)
      .map(({ interpretation: sentence, plan }) => ({ interpretation: sentence, plan }));
    return { understanding, plan: understanding.plan, built, interpretation, alternatives };
  }

  /**
   * A follow-up read against the previous turn's plan ("and in Bristol?"), or null when the message stands
   * alone. The interpretation opens with what was carried over ("Same as before, for Bristol — ...").
   */
  followUp(previous: TurnContext, message: string): (AnalystPlan & { carried: string }) | null {
    const alone = understand(message, this.knowledge.lexicon, this.knowledge.time);
    if (alone.kind === 'system_info') return null;
    // A question about something the data does not hold stays refused, whatever came before.
    if (alone.kind === 'unsupported' && alone.confidence > 0.8) return null;
    const fresh = alone.kind === 'data' ? alone.plan : undefined;
    if (!isFollowUp(message, fresh, this.knowledge.lexicon)) return null;
    const reading = readFollowUp(previous, message, fresh, this.knowledge.lexicon, this.knowledge.time);
    if (!reading) return null;
    const { plan, carried } = reading;
    const built = buildQuery(plan, this.knowledge.time);
    const interpretation = `${carried} — ${interpret(plan, this.knowledge.time)}`;
    return {
      understanding: {
        kind: 'data',
        plan,
        // Read from two messages: a little less sure than a question that stands alone.
        confidence: alone.kind === 'data' ? Math.min(alone.confidence, 0.85) : 0.8,
        reasoning: `A follow-up to the previous question. ${carried}.`,
      },
      plan,
      built,
      interpretation,
      carried,
    };
  }

  /** SQL and interpretation for a plan made or adjusted outside `plan` (a follow-up, a map's places). */
  fromPlan(plan: Plan): { plan: Plan; built: BuiltQuery; interpretation: string } {
    return { plan, built: buildQuery(plan, this.knowledge.time), interpretation: this.restate(plan) };
  }

  /** The plan in one sentence. */
  restate(plan: Plan): string {
    return interpret(plan, this.knowledge.time);
  }

  explain(planned: Pick<AnalystPlan, 'plan' | 'built'>): string {
    if (!planned.plan || !planned.built) return '';
    return explain(planned.plan, planned.built);
  }

  analyse(planned: Pick<AnalystPlan, 'plan' | 'built'>, result: ResultLike): string {
    if (!planned.plan || !planned.built) return '';
    const { latest, earliest } = this.knowledge.time;
    return analyse(planned.plan, planned.built, result, latest, earliest);
  }
}
