/** Which of the three datasets a question is about. */
import { modelPhrases } from '@qa/warehouse';
import type { Dataset } from '../../semantic/plan.js';

/**
 * The words of take-up, from the semantic model: the take-up dataset's phrases and those of lines and shares of
 * lines ("subs", "penetration", "market share"), with a plural; "line" alone is a chart ("line chart").
 */
const TAKE_UP_WORDS = new RegExp(
  `\\b(?:${[
    ...new Set([
      ...modelPhrases()
        .filter(
          (p) =>
            (p.kind === 'dataset' && p.id === 'take_up') ||
            (p.kind === 'measure' && (p.id === 'lines' || p.id === 'line_share_pct')),
        )
        .map((p) => p.phrase)
        .filter((phrase) => phrase !== 'line'),
      'subscriptions',
      'retail share',
      'isp share',
    ]),
  ]
    .map((phrase) => phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/[- ]/g, '[- ]?'))
    .join('|')})s?\\b`,
);

/**
 * Lines, subscribers or market share are take-up; forecasts, a year after the data ("by 2028"), scores and
 * deprivation are the forecast data; everything else is availability (networks present per postcode).
 */
export function readDataset(text: string, future: boolean): Dataset {
  if (TAKE_UP_WORDS.test(text) && !/\bpremises (?:passed|covered)\b/.test(text)) return 'take_up';
  // Retail brands with take-up's quarter labels or a share ("top 5 brands by FTTP net adds, 2026Q3 -> 2026Q4",
  // "which brands gained the most share yoy"): brands sell lines; networks pass premises.
  if (
    /\b(?:brands?|retailers?|retail (?:operators?|providers?|isps?)|isps?)\b/.test(text) &&
    /\b20\d\d ?q[1-4]\b|\bq[1-4] ?20\d\d\b|\bqoq\b|\bquarter|\bshares?\b|\byoy\b/.test(text) &&
    !/\b(?:premises|postcodes|coverage|footprint)\b/.test(text)
  )
    return 'take_up';
  if (speaksOfForecast(text) || SCORES.test(text) || future) return 'upc_forecast';
  return 'upc';
}

/** Scores and deprivation are kept with the forecast data. */
const SCORES = /\b(attractive(?:ness)?|depriv(?:ation|ed)|build (?:score|potential|case))\b/;

/**
 * Words of the forecast itself: "forecast", "expected", "by 2028", "will cover"; and a network's arrival still to
 * come ("will CityFibre ever get to LS6 4ZG", "is FTTP coming to SE15 3LW").
 */
export function speaksOfForecast(text: string): boolean {
  return (
    /\b(forecast|forecasts|expected|projected|projection|predicted|planned|outlook|will (?:be|have|reach|cover|pass)|by 20(?:2[7-9]|30)|end of 20(?:2[7-9]|30)|in 20(?:2[7-9]|30)|dec(?:ember)? 20(?:2[7-9]|30))\b/.test(
      text,
    ) ||
    /\bwill (?:[a-z0-9]+ ){0,3}(?:ever )?(?:get|reach|come|arrive|build)\b|\b(?:is|are) [a-z0-9 ]{0,25}\bcoming to\b/.test(
      text,
    )
  );
}
