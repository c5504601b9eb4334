/**
 * What the query screens share beyond a question and its answer: the visual a result offers and the reader's
 * choice of type, SQL the analyst writes or edits (and where a saved query's SQL came from), the recent list's
 * scope, the question's length limit, and the starter questions of a first visit (also the help dialog's
 * examples).
 */
import { z } from 'zod';
import { storableText } from './common.js';

/** A question is at most this long (the box counts down to it). */
export const QUESTION_MAX_LENGTH = 4000;
/** SQL the analyst writes or edits is at most this long (the warehouse guard's own limit). */
export const SQL_MAX_LENGTH = 20_000;

/** The types a result can be drawn as; `table` is no chart at all. */
export const VISUAL_TYPES = ['bar', 'line', 'map', 'pie', 'table'] as const;
export const visualTypeSchema = z.enum(VISUAL_TYPES);
export type VisualType = z.infer<typeof visualTypeSchema>;

/** POST /api/charts/for-query/{queryId}: the reader's choice on the Chart/Table switch (none: the default). */
export const queryVisualRequestSchema = z.object({ type: visualTypeSchema.optional() });
export type QueryVisualRequest = z.infer<typeof queryVisualRequestSchema>;

export const queryVisualResponseSchema = z.object({
  /**
   * The chart or map page (a chat chart's embed shape, restated here: chat.ts imports the query schemas, which
   * import this file); null when the result is best read as a table (or the reader chose the table).
   */
  chart: z.object({ url: z.string(), kind: z.string(), title: z.string() }).nullable(),
  /** What is drawn. */
  type: visualTypeSchema,
  /** What the reader may switch to, the default first. */
  choices: z.array(visualTypeSchema),
  /** Why the type asked for was not drawn ("A line chart joins points in time order, ..."). */
  note: z.string().optional(),
});
export type QueryVisualResponse = z.infer<typeof queryVisualResponseSchema>;

/**
 * Where a saved query's SQL came from: written by the analyst (`generated`, the default), pasted into the question
 * box as the question itself (`user`), or a saved query's SQL edited and run again (`edited`).
 */
export const SQL_SOURCES = ['generated', 'user', 'edited'] as const;
export const sqlSourceSchema = z.enum(SQL_SOURCES);
export type SqlSource = z.infer<typeof sqlSourceSchema>;

/** POST /api/query/{id}/sql: run an edited version of a saved query's SQL (saved as a new query). */
export const runEditedSqlRequestSchema = z.object({
  sql: storableText()
    .trim()
    .min(1, 'SQL is required')
    .max(SQL_MAX_LENGTH, `SQL is too long (${SQL_MAX_LENGTH.toLocaleString('en-GB')} characters at most)`),
  progress_channel: storableText().max(100).optional(),
});
export type RunEditedSqlRequest = z.infer<typeof runEditedSqlRequestSchema>;

/** GET /api/history/recent-prompts?scope=: every user's questions (the default) or only mine. */
export const RECENT_SCOPES = ['everyone', 'mine'] as const;
export const recentPromptsParamsSchema = z.object({ scope: z.enum(RECENT_SCOPES).default('everyone') });
export type RecentScope = (typeof RECENT_SCOPES)[number];

/**
 * Starter questions, one per theme of the help dialog (plus market share): what a first visit offers, and the
 * help dialog's examples. Each is answered by the built-in analyst at full confidence (a test asks them all).
 */
export const STARTER_QUESTIONS = [
  {
    theme: 'Coverage growth',
    question: 'How has full fibre (FTTP) coverage grown in Manchester over the last 12 months?',
  },
  {
    theme: 'Alternative networks',
    question: 'Which alternative networks reach the most premises in Yorkshire and The Humber?',
  },
  {
    theme: 'Competition analysis',
    question: 'How many postcodes in Bristol have two or more full fibre networks?',
  },
  {
    theme: 'Market leaders',
    question: 'Which networks pass the most gigabit-capable premises in Scotland?',
  },
  {
    theme: 'Regional analysis',
    question: 'Compare average download speeds across the regions of England.',
  },
  {
    theme: 'Market share',
    question: 'What is the market share of broadband lines by operator?',
  },
] as const;
export type StarterQuestion = (typeof STARTER_QUESTIONS)[number];
