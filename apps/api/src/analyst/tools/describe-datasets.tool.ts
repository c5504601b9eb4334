import { z } from 'zod';
import { defineTool } from './tool-types.js';

export const describeDatasetsTool = defineTool({
  name: 'describe_datasets',
  title: 'Describe datasets',
  description:
    'Describe the broadband datasets (availability by postcode and month, forecasts to 2030, take-up), their ' +
    'tables and columns, the definitions to use (full fibre, gigabit, altnet, premises) and example questions. ' +
    'Use it when the user asks what data there is, or before writing SQL on an unfamiliar table.',
  inputSchema: z.object({
    include_catalog: z
      .boolean()
      .optional()
      .describe('Also return the whole semantic catalog as markdown (definitions and worked examples)'),
  }),
  async execute({ include_catalog }, { warehouse }) {
    const tables = Object.entries(warehouse.tableColumns()).map(([name, columns]) => ({ name, columns }));
    return {
      datasets: warehouse.datasets(),
      tables,
      example_questions: warehouse.exampleQuestions(),
      note: 'Operator footprints, take-up and forecasts are modelled (synthetic, calibrated to public figures); geography is real.',
      ...(include_catalog ? { catalog_markdown: warehouse.catalogMarkdown() } : {}),
    };
  },
});
