/**
 * The empty chat's example prompts (four picked at random from 35), written for this data:
 * footprints and technologies by region and local authority, altnets and overbuild, Openreach and Virgin
 * Media, take-up and market share of lines, forecasts to 2030 and attractiveness, charts and maps.
 */
export const EXAMPLE_PROMPTS: readonly string[] = [
  'Show me full fibre coverage by region as a chart',
  'Map altnet coverage by local authority',
  'What share of UK premises can get full fibre today?',
  'How has gigabit-capable coverage grown since 2021?',
  'Which local authorities have the lowest full fibre coverage?',
  'Compare CityFibre and Openreach full fibre footprints by region',
  'Where does Hyperoptic pass the most premises?',
  'How many premises does Community Fibre cover in London?',
  'Which local authorities have the most premises with three or more full fibre networks?',
  'Chart Openreach full fibre premises month by month since 2023',
  "What is Virgin Media's footprint by region?",
  'How many premises can get nexfibre Virgin Media full fibre?',
  'Show market share of broadband lines by operator for the latest quarter',
  'How has full fibre take-up changed since 2021?',
  'Chart BT, Sky, Virgin Media and TalkTalk share of lines over time',
  'Which altnets have grown fastest over the last 12 months?',
  'Forecast full fibre coverage by region to 2030',
  'When does the forecast have Openreach passing 25 million premises?',
  'Which postcodes are most attractive to build that have no full fibre yet?',
  "Map full fibre coverage across Scotland's local authorities",
  'Compare urban and rural gigabit coverage in each nation',
  'Which local authorities in the North East does Grain cover?',
  "Show Gigaclear's rural footprint by local authority",
  'Where do CityFibre and Openreach full fibre overlap the most?',
  'What percentage of premises can only get FTTC or ADSL?',
  'Rank regions by gigabit-capable premises',
  'Map digital deprivation scores by local authority',
  'Which altnet has the largest footprint in each region?',
  'Show local authority statistics for Manchester',
  'How many premises have two or more altnets?',
  'Plot full fibre lines against FTTC lines by quarter',
  'Which operators offer 2 Gbit/s or faster, and where?',
  'Compare Fibrus coverage in Northern Ireland and Cumbria',
  'What is the forecast full fibre footprint of each network in 2030?',
  'Which charts and maps can you draw for me?',
];

export const EXAMPLE_PROMPT_COUNT = 4;

/** `count` different prompts in random order (a partial Fisher-Yates shuffle). */
export function pickExamplePrompts(
  count = EXAMPLE_PROMPT_COUNT,
  random: () => number = Math.random,
  prompts: readonly string[] = EXAMPLE_PROMPTS,
): string[] {
  const pool = prompts.slice();
  const picked: string[] = [];
  for (let i = 0; i < Math.min(count, pool.length); i += 1) {
    const j = i + Math.floor(random() * (pool.length - i));
    [pool[i], pool[j]] = [pool[j] as string, pool[i] as string];
    picked.push(pool[i] as string);
  }
  return picked;
}
