/**
 * What each output column of the analyst's SQL is, read from the plan that produced it: a label, a count (of
 * what, and whether counts may be added up across rows), a share (of what base), a change in percentage points,
 * a relative change, a speed or a score. The narration writes its sentences from this, so it never has to
 * guess from a column's name whether "41.44" is a share of a place's premises, of all lines, or a change in
 * points, nor whether adding rows up double counts.
 *
 * The column names are the ones sql-builder.ts writes; this is their one description.
 */
import { DIMENSION_LIST } from '@qa/warehouse';
import {
  type Dimension,
  GEO_DIMENSIONS,
  NETWORK_DIMENSIONS,
  PLACE_COLUMNS,
  type Plan,
} from '../semantic/plan.js';
import { partOfColumn } from './side-by-side.js';
import { GROUP_COUNT_COLUMNS } from './sql-builder.js';

export type ColumnMeta =
  | { kind: 'label' }
  | { kind: 'date' }
  /** `additive`: the rows partition what is counted, so their sum is a total (never for overlapping footprints). */
  | { kind: 'count'; unit: string; additive: boolean }
  /** `base`: what the percentage is of, as words after "of" ("its premises", "all lines"). */
  | { kind: 'share'; base: string }
  /** A difference between two percentages: percentage points, never "%". */
  | { kind: 'points' }
  /** A relative change, in percent of the earlier value. */
  | { kind: 'change_pct' }
  | { kind: 'speed' }
  | { kind: 'score' };

const DATES = new Set(['reported_at', 'quarter', 'first_date']);
/** A row's label: the value of a dimension of the model (a quarter is a date; a number of networks is a count). */
const LABELS = new Set<string>(
  DIMENSION_LIST.filter((d) => d.kind !== 'count' && !DATES.has(d.id)).map((d) => d.id),
);

/** Rows by these partition premises (each postcode is in one place, one setting, one count of networks). */
const PARTITIONS_PREMISES = new Set<Dimension>([...GEO_DIMENSIONS, 'networks']);

function where(plan: Plan): string {
  if (!plan.geo) return 'in the UK';
  return `in ${plan.geo.label ?? plan.geo.values.join(' and ')}`;
}

/** Whether the rows' counts of `unit` add up to a meaningful total. */
function additive(plan: Plan, unit: string): boolean {
  const dim = plan.dimension;
  if (!dim) return true;
  // One or a few places kept from each group are not all the places: their sum is no total.
  if (plan.rankWithin || plan.rankOf) return false;
  // A network's footprint overlaps another's, and a technology's another's: their sum counts premises twice.
  // Lines are different: each line belongs to one operator and one technology.
  if (plan.dataset === 'take_up') return unit === 'lines' && dim !== 'quarter';
  if (NETWORK_DIMENSIONS.has(dim)) return false;
  if (unit === 'networks' || unit === 'altnets' || unit === 'operators') return false;
  return PARTITIONS_PREMISES.has(dim);
}

export function columnMeta(plan: Plan, name: string): ColumnMeta {
  // Subjects side by side: a subject's column means what it means in that subject's own answer.
  if (plan.compare?.length) {
    const own = partOfColumn(plan, name);
    if (own) return columnMeta(own.part.plan, own.column);
  }
  // "How many local authorities ...": one count of places, which partition the country.
  if (plan.countGroups && plan.dimension && name === GROUP_COUNT_COLUMNS[plan.dimension])
    return { kind: 'count', unit: name.replace(/_/g, ' '), additive: true };
  if (name === 'networks' && plan.dimension === 'networks') return { kind: 'label' };
  // A speed band's lower bound orders the bands; it is part of the band's name, not a figure.
  if (name === 'band_from_mbps' && plan.dimension === 'speed_band') return { kind: 'label' };
  if (LABELS.has(name) || name === plan.dimension) return { kind: 'label' };
  // A place's position within its group ("rank_in_government_region") is an ordinal, not a figure to add up.
  if (plan.rankWithin && name === `rank_in_${plan.rankWithin}`) return { kind: 'label' };
  // The urban-rural gap: each setting's share of its own premises, and the gap between them in points.
  if (plan.urbanRuralGap && (name === 'urban_coverage_pct' || name === 'rural_coverage_pct'))
    return { kind: 'share', base: `its ${name.startsWith('urban') ? 'urban' : 'rural'} premises` };
  if (plan.urbanRuralGap && name === 'gap_pp') return { kind: 'points' };
  // Statistics of places: a count of the places, and each statistic means what the place's figure means.
  if (plan.placeStats && name === 'places') return { kind: 'count', unit: 'places', additive: false };
  const stat = plan.placeStats && /^(?:median|mean|min|max)_(.+)$/.exec(name);
  if (stat?.[1]) return columnMeta({ ...plan, placeStats: undefined }, stat[1]);
  if (plan.placeBands && (name === 'band_from' || name === 'band_to')) return { kind: 'label' };
  if (plan.placeBands && name === 'places') return { kind: 'count', unit: 'places', additive: true };
  // And a named place's position among its peers, with the number of places ranked.
  if (plan.rankOf && (name === 'rank' || name === 'places_ranked')) return { kind: 'label' };
  // So is a network's rank among the top N of its place ("the top 3 networks in each region").
  if (plan.leaderPerDimension && name === 'rank_in_place') return { kind: 'label' };
  if (DATES.has(name)) return { kind: 'date' };
  if (name === 'pp_change') return { kind: 'points' };
  if (/_change_pct$/.test(name)) return { kind: 'change_pct' };
  if (/^(?:max_|avg_best_).*_mbps$|^best_down$/.test(name)) return { kind: 'speed' };
  if (/^avg_/.test(name)) return { kind: 'score' };

  const perPlace =
    Boolean(plan.dimension && PLACE_COLUMNS.has(plan.dimension)) || plan.dimension === 'urban_rural';
  // The share of a row's own premises (coverage), or, with no rows by place, of all premises in the place asked.
  const ownShare = (unit: string): ColumnMeta => ({
    kind: 'share',
    base: perPlace ? `its ${unit}` : `all ${unit} ${where(plan)}`,
  });
  const unitOf = (value: string) =>
    /postcodes/.test(value)
      ? 'postcodes'
      : /households/.test(value)
        ? 'households'
        : /business_sites/.test(value)
          ? 'business sites'
          : /population/.test(value)
            ? 'population'
            : 'premises';
  if (
    name === 'coverage_pct' ||
    name === 'share_without_pct' ||
    /^share_below_.*_pct$/.test(name) ||
    // The coverage at each end of a change (coverage_2025_11_pct).
    /^coverage_\d{4}_\d{2}_pct$/.test(name)
  ) {
    const unit =
      plan.measure === 'postcodes' || plan.measure === 'change_postcodes'
        ? 'postcodes'
        : unitOf(plan.measure);
    return ownShare(unit);
  }
  if (name === 'share_of_all_premises_pct') return { kind: 'share', base: `all premises ${where(plan)}` };
  if (name === 'share_of_premises_pct') return { kind: 'share', base: 'all premises there' };
  if (name === 'take_up_pct') return { kind: 'share', base: 'premises with full fibre' };
  // The subject's own premises in the place asked, over all of them (plan.footprintShare).
  if (name === 'share_of_footprint_pct') return { kind: 'share', base: 'its whole footprint' };
  if (name === 'share_pct' || name === 'line_share_pct') {
    if (plan.dataset === 'take_up') return { kind: 'share', base: 'all lines' };
    return { kind: 'share', base: 'the premises with the service' };
  }
  if (/_pct$/.test(name)) return { kind: 'share', base: 'the total' };

  const unit = /lines$/.test(name)
    ? 'lines'
    : /^(networks|altnets|operators)$/.test(name)
      ? name
      : /postcodes/.test(name)
        ? 'postcodes'
        : /households/.test(name)
          ? 'households'
          : /business_sites/.test(name)
            ? 'business sites'
            : /population/.test(name)
              ? 'population'
              : 'premises';
  return { kind: 'count', unit, additive: additive(plan, unit) };
}

const nf0 = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
const nf2 = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });

/** A value as the reader should see it: "41.44%", "+10.41 pp", "1,234", "1,000 Mbit/s". */
export function formatValue(value: unknown, meta: ColumnMeta, signed = false): string {
  if (typeof value !== 'number') return value === null || value === undefined ? '—' : String(value);
  const sign = signed && value > 0 ? '+' : '';
  switch (meta.kind) {
    case 'share':
    case 'change_pct':
      return `${sign}${nf2.format(value)}%`;
    case 'points':
      // A change: always signed, so "+10.41 pp" cannot be read as a level.
      return `${value > 0 ? '+' : ''}${nf2.format(value)} pp`;
    case 'speed':
      return `${sign}${nf0.format(value)} Mbit/s`;
    case 'score':
      return `${sign}${nf2.format(value)}`;
    default:
      return `${sign}${Number.isInteger(value) || Math.abs(value) >= 100 ? nf0.format(value) : nf2.format(value)}`;
  }
}
