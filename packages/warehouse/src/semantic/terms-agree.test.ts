/**
 * The catalog the LLM reads and the data contract (docs/data-contract.md, "Terms") state every term of the semantic
 * model exactly as the model defines it, so the three cannot drift apart.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFINITIONS } from '../catalog/catalog.js';
import { renderCatalogMarkdown } from '../catalog/render.js';
import { segmentTerms } from './model.js';
import { SEGMENTS } from './segments.js';

const contract = readFileSync(
  fileURLToPath(new URL('../../../../docs/data-contract.md', import.meta.url)),
  'utf8',
);
const termsSection = contract.slice(
  contract.indexOf('### Terms (the semantic model)'),
  contract.indexOf('### Technologies and speeds'),
);
const catalogText = renderCatalogMarkdown();

describe('the terms of the semantic model', () => {
  it('are stated word for word in docs/data-contract.md', () => {
    expect(termsSection.length).toBeGreaterThan(0);
    for (const t of segmentTerms()) expect(termsSection).toContain(`- **${t.term}**: ${t.definition}.`);
  });

  it('are stated word for word in the catalog the LLM reads', () => {
    for (const t of segmentTerms()) {
      expect(catalogText).toContain(`- **${t.term}**: ${t.definition}.`);
      expect(DEFINITIONS.some((d) => d.term === t.term && d.definition.startsWith(t.definition))).toBe(true);
    }
  });

  it('give superfast, ultrafast, gigabit and the USO their thresholds in both texts', () => {
    for (const text of [termsSection, catalogText]) {
      expect(text).toContain(`best fastest_down >= ${SEGMENTS.superfast.threshold.down}`);
      expect(text).toContain(`best fastest_down >= ${SEGMENTS.ultrafast.threshold.down}`);
      expect(text).toContain(`fastest_down >= ${SEGMENTS.gigabit.threshold.down}`);
      expect(text).toContain(
        `fastest_down >= ${SEGMENTS.below_uso.threshold.down} AND fastest_up >= ${SEGMENTS.below_uso.threshold.up}`,
      );
    }
  });

  it('leave no term of the contract without a declaration', () => {
    const ids = Object.keys(SEGMENTS);
    for (const id of [
      'full_fibre',
      'gigabit',
      'cable_only_gigabit',
      'superfast',
      'ultrafast',
      'below_uso',
      'altnet',
      'full_fibre_networks',
    ])
      expect(ids).toContain(id);
  });
});
