/**
 * The query agent as the server (and the eval and the bench) use it: the warehouse opened lazily, the built-in
 * analyst's knowledge read from it once, and the planner chosen from the configuration:
 *   QUERY_PLANNER=builtin  always the built-in analyst;
 *   QUERY_PLANNER=llm      the LLM (QUERY_MODEL, else the registry's default), the built-in analyst if none is configured;
 *   QUERY_PLANNER=auto     (default) the LLM when a provider key is configured, else the built-in analyst.
 */
import type { QueryPlannerSetting } from '../../config/env.js';
import type { TokenUsage } from '../llm/cost.js';
import { BUILTIN_MODEL_ID } from '../llm/model-table.js';
import type { ModelRegistry } from '../llm/providers.js';
import { loadAnalystKnowledge } from '../reading/builtin-analyst.js';
import type { AgentWarehouse } from './agent-warehouse.js';
import { BuiltinPlanner } from './builtin-planner.js';
import { LlmPlanner } from './llm-planner.js';
import { createQueryAgent, type QueryAgent } from './query-agent.js';

export interface AgentRuntimeOptions {
  /** Opens (or returns) the warehouse; called once, on first use. */
  warehouse: () => Promise<AgentWarehouse>;
  registry: ModelRegistry;
  planner: QueryPlannerSetting;
  /** QUERY_MODEL; undefined = the registry's default. */
  model?: string | undefined;
}

export interface ReadyAgent {
  agent: QueryAgent;
  builtin: BuiltinPlanner;
  warehouse: AgentWarehouse;
}

export type PlannerChoice = { kind: 'builtin' } | { kind: 'llm'; modelId: string };

export function createAgentRuntime(options: AgentRuntimeOptions) {
  let ready: Promise<ReadyAgent> | undefined;

  async function open(): Promise<ReadyAgent> {
    const warehouse = await options.warehouse();
    const knowledge = await loadAnalystKnowledge(warehouse);
    const builtin = new BuiltinPlanner(knowledge);
    return { agent: createQueryAgent({ warehouse, builtin }), builtin, warehouse };
  }

  return {
    /** The agent, opening the warehouse on first use; a failed open is retried on the next call. */
    ready(): Promise<ReadyAgent> {
      ready ??= open().catch((error: unknown) => {
        ready = undefined;
        throw error;
      });
      return ready;
    },

    choosePlanner(): PlannerChoice {
      if (options.planner === 'builtin') return { kind: 'builtin' };
      const chosen = options.model
        ? options.registry.resolveId(options.model)
        : options.registry.defaultModelId();
      if (chosen === BUILTIN_MODEL_ID || !options.registry.isAvailable(chosen)) return { kind: 'builtin' };
      return { kind: 'llm', modelId: chosen };
    },

    /** An LLM planner for one request; its calls' usage goes to `onUsage`. */
    llmPlanner(
      ready: ReadyAgent,
      modelId: string,
      onUsage: (usage: TokenUsage) => Promise<void>,
    ): LlmPlanner {
      return new LlmPlanner({
        model: options.registry.languageModel(modelId),
        modelId,
        catalogMarkdown: ready.warehouse.catalogMarkdown(),
        tableColumns: ready.warehouse.tableColumns(),
        knowledge: { lexicon: ready.builtin.lexicon, time: ready.builtin.analyst.time },
        onUsage,
      });
    },
  };
}

export type AgentRuntime = ReturnType<typeof createAgentRuntime>;
