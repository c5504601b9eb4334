/** Which of the three datasets a question is about. */
import type { Dataset } from '../../semantic/plan.js';

/**
 * Lines, subscribers or market share are take-up; forecasts, a year after the data ("by 2028"), scores and
 * deprivation are the forecast data; everything else is availability (networks present per postcode).
 */
export function readDataset(text: string, future: boolean): Dataset {
  if (
    /\b(lines|subscribers?|subscriptions?|customers|market share|take[- ]?up|uptake|connections|retail share|isp share)\b/.test(
      text,
    ) &&
    !/\bpremises (?:passed|covered)\b/.test(text)
  )
    return 'take_up';
  if (speaksOfForecast(text) || SCORES.test(text) || future) return 'upc_forecast';
  return 'upc';
}

/** Scores and deprivation are kept with the forecast data. */
const SCORES = /\b(attractive(?:ness)?|depriv(?:ation|ed)|build (?:score|potential|case))\b/;

/** Words of the forecast itself: "forecast", "expected", "by 2028", "will cover". */
export function speaksOfForecast(text: string): boolean {
  return /\b(forecast|forecasts|expected|projected|projection|predicted|planned|outlook|will (?:be|have|reach|cover|pass)|by 20(?:2[7-9]|30)|end of 20(?:2[7-9]|30)|in 20(?:2[7-9]|30)|dec(?:ember)? 20(?:2[7-9]|30))\b/.test(
    text,
  );
}
