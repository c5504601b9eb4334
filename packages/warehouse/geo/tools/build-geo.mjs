// Builds the geography CSVs in ../ from the two compact, hand-maintained sources beside this script:
// local-authorities.txt (one line per ONS local authority district) and postcode-districts.txt (postcode
// areas and districts, with ranges and per-district authority shares). Run: node geo/tools/build-geo.mjs
// The CSVs are the artefacts the warehouse reads; this script only exists so the sources stay reviewable.
import { readFileSync, writeFileSync } from 'node:fs';

const here = (name) => new URL(name, import.meta.url);
const out = (name) => new URL(`../${name}`, import.meta.url);

const REGIONS = [
  ['E12000001', 'North East', 'England'],
  ['E12000002', 'North West', 'England'],
  ['E12000003', 'Yorkshire and The Humber', 'England'],
  ['E12000004', 'East Midlands', 'England'],
  ['E12000005', 'West Midlands', 'England'],
  ['E12000006', 'East of England', 'England'],
  ['E12000007', 'London', 'England'],
  ['E12000008', 'South East', 'England'],
  ['E12000009', 'South West', 'England'],
  ['W92000004', 'Wales', 'Wales'],
  ['S92000003', 'Scotland', 'Scotland'],
  ['N92000002', 'Northern Ireland', 'Northern Ireland'],
];

// Short names used in postcode-districts.txt for long official names.
const ALIASES = {
  Bristol: 'Bristol, City of',
  Hull: 'Kingston upon Hull, City of',
  Herefordshire: 'Herefordshire, County of',
  BCP: 'Bournemouth, Christchurch and Poole',
  BANES: 'Bath and North East Somerset',
  CWaC: 'Cheshire West and Chester',
  BwD: 'Blackburn with Darwen',
  'W&F': 'Westmorland and Furness',
  'R&C': 'Redcar and Cleveland',
  KLWN: "King's Lynn and West Norfolk",
  'W&M': 'Windsor and Maidenhead',
  'R&B': 'Reigate and Banstead',
  'T&M': 'Tonbridge and Malling',
  'E&E': 'Epsom and Ewell',
  'F&H': 'Folkestone and Hythe',
  'H&F': 'Hammersmith and Fulham',
  'K&C': 'Kensington and Chelsea',
  'B&D': 'Barking and Dagenham',
  'O&W': 'Oadby and Wigston',
  NPT: 'Neath Port Talbot',
  RCT: 'Rhondda Cynon Taf',
  Edinburgh: 'City of Edinburgh',
  Glasgow: 'Glasgow City',
  Aberdeen: 'Aberdeen City',
  Dundee: 'Dundee City',
  'Eilean Siar': 'Na h-Eileanan Siar',
  ABC: 'Armagh City, Banbridge and Craigavon',
  NMD: 'Newry, Mourne and Down',
  'A&N': 'Antrim and Newtownabbey',
  'A&ND': 'Ards and North Down',
  'L&C': 'Lisburn and Castlereagh',
  'M&EA': 'Mid and East Antrim',
  'CC&G': 'Causeway Coast and Glens',
  'D&S': 'Derry City and Strabane',
  'F&O': 'Fermanagh and Omagh',
};

const errors = [];
const csvField = (v) => {
  const s = String(v);
  return /[",\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
};
const csv = (header, rows) => `${[header, ...rows].map((r) => r.map(csvField).join(',')).join('\n')}\n`;
const lines = (file) =>
  readFileSync(here(file), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));

// Local authorities
const countryOf = new Map(REGIONS.map(([, name, country]) => [name, country]));
const las = lines('local-authorities.txt').map((line) => {
  const [code, name, region, pop, hh, lat, lon, area, urban] = line.split('|');
  if (!countryOf.has(region)) errors.push(`unknown region ${region} for ${code}`);
  return { code, name, region, country: countryOf.get(region), pop, hh, lat, lon, area, urban };
});
const laByName = new Map(las.map((la) => [la.name, la]));
if (laByName.size !== las.length) errors.push('duplicate LA names');

// Postcode areas and districts
const areas = [];
const districtRows = [];
const seen = new Set();
let area = null;
const expand = (token) => {
  const m = /^([A-Z]{1,2})(\d+)-(\d+)$/.exec(token);
  if (!m) return [token];
  const out = [];
  for (let n = Number(m[2]); n <= Number(m[3]); n++) out.push(`${m[1]}${n}`);
  return out;
};
for (const line of lines('postcode-districts.txt')) {
  if (line.startsWith('@')) {
    const [code, ...name] = line.slice(1).split(' ');
    area = code;
    areas.push([code, name.join(' ')]);
    continue;
  }
  const [districtsPart, town, laPart] = line.split('|').map((s) => s.trim());
  if (!laPart) {
    errors.push(`bad line: ${line}`);
    continue;
  }
  const shares = laPart.split(';').map((part) => {
    const [rawName, share] = part.trim().split('=');
    const name = ALIASES[rawName] ?? rawName;
    const la = laByName.get(name);
    if (!la) errors.push(`unknown LA "${rawName}" in: ${line}`);
    return { code: la?.code, share: share === undefined ? 1 : Number(share) };
  });
  const total = shares.reduce((s, x) => s + x.share, 0);
  if (Math.abs(total - 1) > 1e-9) errors.push(`shares sum to ${total}: ${line}`);
  for (const district of districtsPart.split(/\s+/).flatMap(expand)) {
    if (seen.has(district)) errors.push(`duplicate district ${district}`);
    seen.add(district);
    const letters = /^([A-Z]{1,2})\d/.exec(district)?.[1];
    if (letters !== area) errors.push(`district ${district} is not in area ${area}`);
    for (const s of shares) districtRows.push([district, area, town, s.code, s.share]);
  }
}

const usedLas = new Set(districtRows.map((r) => r[3]));
for (const la of las) if (!usedLas.has(la.code)) errors.push(`no district for ${la.code} ${la.name}`);
if (errors.length) {
  console.error(errors.join('\n'));
  process.exit(1);
}

// Sort districts the way people read them: by area, then district number, then sub-district letter.
const districtKey = (d) => {
  const m = /^([A-Z]+)(\d+)([A-Z]?)$/.exec(d);
  return [m[1], Number(m[2]), m[3]];
};
districtRows.sort((a, b) => {
  const [ka, kb] = [districtKey(a[0]), districtKey(b[0])];
  return ka[0].localeCompare(kb[0]) || ka[1] - kb[1] || ka[2].localeCompare(kb[2]) || b[4] - a[4];
});

writeFileSync(out('regions.csv'), csv(['region_code', 'government_region', 'country'], REGIONS));
writeFileSync(
  out('local-authorities.csv'),
  csv(
    [
      'la_code',
      'la_name',
      'government_region',
      'country',
      'population',
      'households',
      'latitude',
      'longitude',
      'area_km2',
      'urban_share',
    ],
    las.map((la) => [
      la.code,
      la.name,
      la.region,
      la.country,
      la.pop,
      la.hh,
      la.lat,
      la.lon,
      la.area,
      la.urban,
    ]),
  ),
);
writeFileSync(out('postcode-areas.csv'), csv(['area', 'name'], areas));
writeFileSync(
  out('postcode-districts.csv'),
  csv(['district', 'area', 'post_town', 'la_code', 'share'], districtRows),
);
console.log(
  `${las.length} local authorities, ${areas.length} areas, ${seen.size} districts (${districtRows.length} rows)`,
);
