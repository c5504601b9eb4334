/**
 * The broadband tools shared by the chat and the broadband MCP server: one file per tool, each a description, a
 * zod input schema and an execute function over a ToolContext (the warehouse, where charts are saved, who asks).
 * A tool never throws for an expected failure (bad SQL, an unknown table, no such local authority): it returns
 * `{ error }`, which the model reads as the tool's result and can act on.
 */
import type { z } from 'zod';
import type { AgentWarehouse } from '../agent/agent-warehouse.js';

/** A chart or map as tool results carry it (contracts ChartEmbed); the page URL is filled in by the ChartSink. */
export interface ChartRef {
  url: string;
  kind: string;
  title: string;
}

export interface SavedChart {
  chart: ChartRef;
  /** Set when the sink cannot serve pages (the stdio MCP server): the declarative spec itself. */
  spec?: Record<string, unknown>;
}

/** Where drawn charts go: the app stores them per user; the stdio MCP server hands the spec back inline. */
export interface ChartSink {
  save(chart: { kind: string; title: string; spec: Record<string, unknown> }): Promise<SavedChart>;
}

export interface ToolContext {
  warehouse: AgentWarehouse;
  charts: ChartSink;
  /** Cancels running SQL when the chat is stopped. */
  signal?: AbortSignal | undefined;
}

export type ToolOutput = Record<string, unknown>;

export interface BroadbandTool<Schema extends z.ZodObject = z.ZodObject> {
  name: string;
  title: string;
  description: string;
  inputSchema: Schema;
  execute(input: z.infer<Schema>, context: ToolContext): Promise<ToolOutput>;
}

export function defineTool<Schema extends z.ZodObject>(tool: BroadbandTool<Schema>): BroadbandTool<Schema> {
  return tool;
}

export function toolError(message: string, extra: ToolOutput = {}): ToolOutput {
  return { error: message, ...extra };
}

/** Runs a tool on untrusted input: schema errors and unexpected failures come back as `{ error }`. */
export async function runTool(
  tool: BroadbandTool,
  input: unknown,
  context: ToolContext,
): Promise<ToolOutput> {
  const parsed = tool.inputSchema.safeParse(input ?? {});
  if (!parsed.success) {
    return toolError(
      `Invalid input for ${tool.name}: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'input'}: ${i.message}`).join('; ')}`,
    );
  }
  try {
    return await tool.execute(parsed.data, context);
  } catch (error) {
    return toolError(error instanceof Error ? error.message : String(error));
  }
}

/**
 * Characters a tool result may hold as JSON: what the model is sent and what is saved with the answer. The tools
 * keep well under it themselves (run_sql hands back at most 100k); this is the bound for every tool and server.
 */
export const TOOL_RESULT_CHAR_LIMIT = 256_000;

/** The result as it is, or an error saying it was too large when its JSON is over TOOL_RESULT_CHAR_LIMIT. */
export function capToolResult(toolName: string, result: unknown): unknown {
  let length: number;
  try {
    length = JSON.stringify(result ?? null).length;
  } catch {
    return toolError(`The result of ${toolName} could not be read as JSON.`);
  }
  if (length <= TOOL_RESULT_CHAR_LIMIT) return result;
  return toolError(
    `The result of ${toolName} is too large: ${length.toLocaleString('en-GB')} characters, and a tool result ` +
      `may hold at most ${TOOL_RESULT_CHAR_LIMIT.toLocaleString('en-GB')}. Ask for less.`,
    { result_length: length },
  );
}
