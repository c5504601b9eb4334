/**
 * Every migration of the app database, in order. To add one: create NNNN_name.ts exporting up (and down) and add
 * one line below. Names sort lexically, so keep the four-digit prefix. Reserved next: 0002_queries, 0003_chat,
 * 0004_mcp.
 */
import type { Migration } from 'kysely';
import * as m0001 from './0001_foundation.js';
import * as m0002 from './0002_queries.js';
import * as m0003 from './0003_chat.js';
import * as m0004 from './0004_mcp.js';
import * as m0005 from './0005_query_interpretation.js';
import * as m0006 from './0006_chat_turn_plan.js';
import * as m0007 from './0007_query_result_columns.js';
import * as m0008 from './0008_session_version.js';
import * as m0009 from './0009_query_alternatives.js';
import * as m0010 from './0010_chart_source_query.js';
import * as m0011 from './0011_query_sql_source.js';
import * as m0012 from './0012_verified_answers.js';
import * as m0013 from './0013_shared_conversations.js';

export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_queries': m0002,
  '0003_chat': m0003,
  '0004_mcp': m0004,
  '0005_query_interpretation': m0005,
  '0006_chat_turn_plan': m0006,
  '0007_query_result_columns': m0007,
  '0008_session_version': m0008,
  '0009_query_alternatives': m0009,
  '0010_chart_source_query': m0010,
  '0011_query_sql_source': m0011,
  '0012_verified_answers': m0012,
  '0013_shared_conversations': m0013,
};
