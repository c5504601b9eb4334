/** The catalog as markdown, for LLM prompts and the help dialog. */
import {
  CATALOG_NOTES,
  DATASETS,
  DEFINITIONS,
  EXAMPLES,
  OPERATOR_NAMING,
  TABLES,
  THEMES,
  type Theme,
} from './catalog.js';

export interface RenderCatalogOptions {
  /** Include the worked SQL examples (default true). */
  examples?: boolean;
  /** Only examples of these themes (default all). */
  themes?: Theme[];
  /** Include example values of columns (default true). */
  columnExamples?: boolean;
}

export function renderCatalogMarkdown(options: RenderCatalogOptions = {}): string {
  const out: string[] = [];
  out.push('# UK broadband warehouse', '');
  for (const note of CATALOG_NOTES) out.push(`- ${note}`);
  out.push('');
  for (const ds of DATASETS) {
    out.push(`## Dataset \`${ds.id}\`: ${ds.title}`, '', `${ds.description} Grain: ${ds.grain}.`, '');
    for (const name of ds.tables) {
      const t = TABLES.find((x) => x.name === name);
      if (!t) continue;
      out.push(
        `### \`${t.name}\``,
        '',
        `${t.description} One row per ${t.grain}. Key: ${t.key.join(', ')}.`,
        '',
      );
      out.push('| column | type | meaning |', '|---|---|---|');
      for (const c of t.columns) {
        const ex =
          options.columnExamples !== false && c.examples?.length
            ? ` e.g. ${c.examples.map((e) => `\`${e}\``).join(', ')}`
            : '';
        out.push(`| ${c.name} | ${c.type} | ${c.description}${ex} |`);
      }
      out.push('');
    }
  }
  out.push('## Operators', '');
  out.push(
    `Reported operator names and the network (operator_group) they run on: ${OPERATOR_NAMING.operators
      .map((o) => `${o.operator} (${o.operator_group}${o.is_altnet ? ', altnet' : ''})`)
      .join('; ')}.`,
    '',
  );
  out.push('## Definitions', '');
  for (const d of DEFINITIONS) out.push(`- **${d.term}**: ${d.definition}`);
  out.push('');
  if (options.examples !== false) {
    out.push('## Worked examples', '');
    for (const theme of THEMES) {
      if (options.themes && !options.themes.includes(theme.id)) continue;
      const examples = EXAMPLES.filter((e) => e.theme === theme.id);
      if (examples.length === 0) continue;
      out.push(`### ${theme.title}`, '');
      for (const e of examples) {
        out.push(`Question: ${e.question}`, '', '```sql', e.sql, '```');
        if (e.notes) out.push('', e.notes);
        out.push('');
      }
    }
  }
  return out.join('\n');
}
