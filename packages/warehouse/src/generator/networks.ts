/**
 * The modelled networks: who builds where, how fast, and under which reported operator names.
 *
 * Each network has an area (local authorities, regions or countries, named as on the ONS 2024 list), an
 * eventual reach within that area (share of urban and rural postcodes it will ever pass), a rollout order
 * (exchange by exchange, district by district or city by city, with urban and "attractive" postcodes first)
 * and a build curve of premises passed at full scale (millions, by month). The generator walks each network's
 * postcodes in rollout order and dates each one where the cumulative premises cross the curve, so the national
 * calibration figures come out by construction while the footprint keeps its geographic structure.
 * Curve points after the latest snapshot feed the forecast only.
 */

import { FULL_FIBRE } from '../semantic/segments.js';
export type NetworkType = 'openreach' | 'virgin' | 'kcom' | 'altnet' | 'fwa';
export type AccessTech = typeof FULL_FIBRE | 'cable' | 'fwa';

export interface Retailer {
  operator: string;
  /** First month this retailer reports the network (defaults to the network's build date). */
  from?: string;
}

export interface SpeedStep {
  from: string;
  down: number;
  up: number;
}

export interface AreaSpec {
  /** Every postcode of the UK. */
  all?: boolean;
  countries?: string[];
  regions?: string[];
  las?: string[];
  /** Keep out of the KCOM (Hull) copper area, where Openreach has no network. */
  excludeKcomArea?: boolean;
  /** Only the KCOM area. */
  kcomAreaOnly?: boolean;
  /** Never where these networks are (eventually) present. */
  excludeNetworks?: string[];
  /** Only in local authorities where this network passes at least 10% of postcodes. */
  nearNetwork?: string;
  /** Only where this network is (eventually) present. */
  withinNetwork?: string;
}

export interface RolloutWeights {
  /** Stagger between local authorities (city launches). */
  la: number;
  /** Stagger between clusters (exchanges or postcode districts). */
  cluster: number;
  /** Noise between postcodes of one cluster. */
  postcode: number;
  /** Delay for rural postcodes. */
  rural: number;
  /** Delay for less attractive postcodes (small, less dense, less affluent). */
  attractiveness: number;
  /** Delay where Virgin's cable is: early full fibre went elsewhere first. */
  cable: number;
  /** Delay where Virgin's own fibre or nexfibre is or will be. */
  virginFibre?: number;
  /** Weight of a district wave shared by all altnets (they crowd into the same attractive districts). */
  shared?: number;
  /** Delay where altnets are or will be (placed after them). */
  altnets?: number;
  /** Delay for postcodes on long copper lines (no FTTC): the hardest to reach. */
  longLine?: number;
}

export interface NetworkDef {
  id: string;
  group: string;
  networkType: NetworkType;
  tech: AccessTech;
  retailers: Retailer[];
  area: AreaSpec;
  /** Extra delay (or, negative, head start) by government region. */
  regionDelay?: Record<string, number>;
  /** Eventual share of the area's urban and rural postcodes on this network (raised automatically when the
   *  area would run out of premises before the end of the curve). */
  reach: { urban: number; rural: number };
  /** Authorities of the area where the network stays thin: its reach there is this share of its reach elsewhere. */
  thin?: { las: string[]; share: number };
  /** Apartment-block builders only pass large urban postcodes. */
  largePostcodesOnly?: boolean;
  cluster: 'exchange' | 'district' | 'la';
  weights: RolloutWeights;
  /** [month 'YYYY-MM', premises passed in millions at full scale]; linear between points. */
  curve: [string, number][];
  speeds?: SpeedStep[];
  /** FWA speeds vary by postcode within these ranges. */
  speedRange?: { down: [number, number]; up: [number, number] };
  /** Present in forecast_footprint under this operator_group (full-fibre networks only). */
  forecast: boolean;
  /** Only in the forecast (e.g. Virgin Media's planned upgrade of its cable areas to full fibre). */
  forecastOnly?: boolean;
}

const OPENREACH_RETAILERS: Retailer[] = [
  { operator: 'BT' },
  { operator: 'Sky' },
  { operator: 'TalkTalk' },
  { operator: 'Vodafone' },
];

const CITYFIBRE_CITIES = [
  'Aberdeen City',
  'City of Edinburgh',
  'Glasgow City',
  'Stirling',
  'Falkirk',
  'Highland',
  'Dundee City',
  'Leeds',
  'Bradford',
  'Wakefield',
  'Kirklees',
  'York',
  'Doncaster',
  'Nottingham',
  'Leicester',
  'Derby',
  'Lincoln',
  'Coventry',
  'Wolverhampton',
  'Birmingham',
  'Worcester',
  'Redditch',
  'Milton Keynes',
  'Peterborough',
  'West Northamptonshire',
  'North Northamptonshire',
  'Bedford',
  'Ipswich',
  'Norwich',
  'Colchester',
  'Chelmsford',
  'Southend-on-Sea',
  'Basildon',
  'Swindon',
  'Bristol, City of',
  'Bath and North East Somerset',
  'Gloucester',
  'Cheltenham',
  'Exeter',
  'Plymouth',
  'Southampton',
  'Portsmouth',
  'Havant',
  'Fareham',
  'Gosport',
  'Eastleigh',
  'Bournemouth, Christchurch and Poole',
  'Brighton and Hove',
  'Worthing',
  'Adur',
  'Crawley',
  'Chichester',
  'Slough',
  'Luton',
  'Stevenage',
  'Sunderland',
  'Middlesbrough',
  'Stockton-on-Tees',
  'Darlington',
  'Warrington',
  'Cheshire West and Chester',
  'Blackpool',
  'Preston',
  'Lancaster',
  'Wigan',
  'Stockport',
  'Cardiff',
  'Newport',
  'Swansea',
  'Reading',
  'Guildford',
  'Huntingdonshire',
  'Cambridge',
];

const HYPEROPTIC_CITIES = [
  'Manchester',
  'Salford',
  'Birmingham',
  'Leeds',
  'Liverpool',
  'Bristol, City of',
  'Cardiff',
  'Glasgow City',
  'City of Edinburgh',
  'Newcastle upon Tyne',
  'Nottingham',
  'Sheffield',
  'Reading',
  'Brighton and Hove',
  'Southampton',
  'Portsmouth',
  'Leicester',
  'Coventry',
  'Milton Keynes',
  'Luton',
  'Slough',
  'Trafford',
  'Wolverhampton',
  'Bournemouth, Christchurch and Poole',
];

const KENT_SUSSEX = [
  'Maidstone',
  'Tonbridge and Malling',
  'Tunbridge Wells',
  'Sevenoaks',
  'Swale',
  'Ashford',
  'Folkestone and Hythe',
  'Dover',
  'Canterbury',
  'Medway',
  'Gravesham',
  'Dartford',
  'Thanet',
  'Wealden',
  'Lewes',
  'Mid Sussex',
  'Horsham',
  'Rother',
];

const RURAL_SOUTH = [
  'South Oxfordshire',
  'Vale of White Horse',
  'West Oxfordshire',
  'Cherwell',
  'Cotswold',
  'Forest of Dean',
  'Stroud',
  'Tewkesbury',
  'West Berkshire',
  'Wiltshire',
  'Herefordshire, County of',
  'Somerset',
  'Mid Devon',
  'East Devon',
  'Torridge',
  'North Devon',
  'West Devon',
  'South Hams',
  'Teignbridge',
  'Uttlesford',
  'Braintree',
  'Maldon',
  'Buckinghamshire',
  'North Northamptonshire',
  'West Northamptonshire',
  'Rutland',
  'Harborough',
  'Wychavon',
  'Malvern Hills',
  'East Hertfordshire',
  'North Hertfordshire',
  'Dorset',
  'Winchester',
  'Test Valley',
];

const NETOMNIA_TOWNS = [
  'Darlington',
  'Stockton-on-Tees',
  'Hartlepool',
  'Middlesbrough',
  'Redcar and Cleveland',
  'Rotherham',
  'Doncaster',
  'Barnsley',
  'Wakefield',
  'Bradford',
  'Calderdale',
  'West Northamptonshire',
  'Peterborough',
  'Swindon',
  'Reading',
  'Basingstoke and Deane',
  'Bedford',
  'Luton',
  'Milton Keynes',
  'Stoke-on-Trent',
  'Walsall',
  'Coventry',
  'Leicester',
  'Mansfield',
  'Ashfield',
  'Lincoln',
  'Chesterfield',
  'Blackburn with Darwen',
  'Burnley',
  'Preston',
  'Blackpool',
  'Wigan',
  'Warrington',
  'Telford and Wrekin',
  'Shropshire',
  'Cannock Chase',
  'Tamworth',
  'Nuneaton and Bedworth',
  'Ipswich',
  'Colchester',
  'Leeds',
  'Sheffield',
  'North Yorkshire',
  'South Kesteven',
  'North Kesteven',
];

/**
 * Netomnia's later market towns (with brsk, the widest altnet build in England from 2022): the English authorities
 * no other altnet's home area reaches, so that, as in the real market, almost every English authority has some
 * altnet build. The build stays thin there (a few districts each), on Netomnia's own national curve.
 */
const NETOMNIA_LATER_TOWNS = [
  // East Midlands
  'Amber Valley',
  'Blaby',
  'Bolsover',
  'Boston',
  'Broxtowe',
  'Charnwood',
  'Derbyshire Dales',
  'East Lindsey',
  'Erewash',
  'Gedling',
  'High Peak',
  'Hinckley and Bosworth',
  'Melton',
  'North East Derbyshire',
  'North West Leicestershire',
  'Oadby and Wigston',
  'Rushcliffe',
  'South Holland',
  'West Lindsey',
  // East of England
  'Babergh',
  'Breckland',
  'Brentwood',
  'Broadland',
  'Broxbourne',
  'Castle Point',
  'Dacorum',
  'East Cambridgeshire',
  'Epping Forest',
  'Fenland',
  'Harlow',
  'Hertsmere',
  'Mid Suffolk',
  'North Norfolk',
  'Rochford',
  'South Cambridgeshire',
  'South Norfolk',
  'St Albans',
  'Tendring',
  'Three Rivers',
  'Thurrock',
  'Watford',
  'Welwyn Hatfield',
  'West Suffolk',
  // North West
  'Bury',
  'Cheshire East',
  'Chorley',
  'Fylde',
  'Hyndburn',
  'Pendle',
  'Ribble Valley',
  'Rossendale',
  'South Ribble',
  'Tameside',
  'West Lancashire',
  'Wyre',
  // South East
  'Arun',
  'Bracknell Forest',
  'East Hampshire',
  'Elmbridge',
  'Epsom and Ewell',
  'Hart',
  'Mole Valley',
  'Oxford',
  'Reigate and Banstead',
  'Runnymede',
  'Rushmoor',
  'Spelthorne',
  'Surrey Heath',
  'Tandridge',
  'Waverley',
  'Woking',
  'Wokingham',
  // West Midlands
  'Bromsgrove',
  'East Staffordshire',
  'Newcastle-under-Lyme',
  'North Warwickshire',
  'South Staffordshire',
  'Staffordshire Moorlands',
  'Wyre Forest',
  // Yorkshire and The Humber
  'North Lincolnshire',
];

const LONDON_CENTRAL_EAST = [
  'Westminster',
  'Camden',
  'Islington',
  'Hackney',
  'Tower Hamlets',
  'Southwark',
  'Lambeth',
  'Newham',
  'Waltham Forest',
  'Haringey',
  'Lewisham',
  'Greenwich',
  'City of London',
  'Kensington and Chelsea',
  'Hammersmith and Fulham',
  'Brent',
  'Ealing',
];

/** Rollout shapes: an exchange-by-exchange national build, and a city-by-city altnet build. */
const EXCHANGE_ROLLOUT: RolloutWeights = {
  la: 0.15,
  cluster: 1,
  postcode: 0.25,
  rural: 0.35,
  attractiveness: 0.2,
  cable: 0.45,
};
// Openreach's overbuild goes to Virgin's fibre areas before the altnets' (2+ altnets plus Openreach is rarer).
const OPENREACH_ROLLOUT: RolloutWeights = { ...EXCHANGE_ROLLOUT, cable: 0.45, altnets: 0.5, longLine: 2 };
const CITY_ROLLOUT: RolloutWeights = {
  la: 0.6,
  cluster: 0.4,
  postcode: 0.3,
  rural: 0.3,
  attractiveness: 0.35,
  cable: 0.15,
  virginFibre: 0.3,
  shared: 0,
};
const RURAL_ROLLOUT: RolloutWeights = {
  la: 0.4,
  cluster: 0.8,
  postcode: 0.3,
  rural: 0,
  attractiveness: 0.1,
  cable: 0,
};

export const NETWORKS: NetworkDef[] = [
  {
    id: 'virgin_cable',
    group: 'Virgin Media',
    networkType: 'virgin',
    tech: 'cable',
    retailers: [{ operator: 'Virgin Cable' }],
    area: {
      countries: ['England', 'Wales', 'Scotland'],
      las: ['Belfast', 'Lisburn and Castlereagh', 'Antrim and Newtownabbey', 'Ards and North Down'],
      excludeKcomArea: true,
    },
    reach: { urban: 0.88, rural: 0.07 },
    cluster: 'exchange',
    weights: { la: 1.2, cluster: 0.5, postcode: 0.15, rural: 0.8, attractiveness: 0.2, cable: 0 },
    curve: [
      ['2021-01', 12.75],
      ['2026-11', 13.15],
      ['2030-12', 13.3],
    ],
    forecast: false,
  },
  {
    id: 'openreach',
    group: 'Openreach',
    networkType: 'openreach',
    tech: FULL_FIBRE,
    retailers: OPENREACH_RETAILERS,
    area: { all: true, excludeKcomArea: true },
    reach: { urban: 1, rural: 1 },
    cluster: 'exchange',
    weights: OPENREACH_ROLLOUT,
    regionDelay: { Scotland: 0.3, Wales: 0.15, 'Northern Ireland': -0.25, 'West Midlands': -0.1 },
    curve: [
      // About 40k a week in 2021, 60-80k a week by 2023-24 (Openreach's own reporting).
      ['2021-01', 4.2],
      ['2021-09', 5.6],
      ['2022-05', 7.2],
      ['2022-09', 8.1],
      ['2023-01', 9.3],
      ['2023-06', 10.5],
      ['2024-06', 14.3],
      ['2024-12', 16.1],
      ['2025-06', 18.7],
      ['2025-11', 20.3],
      ['2026-11', 25.6],
      ['2026-12', 25.9],
      ['2027-12', 27.6],
      ['2028-12', 29.3],
      ['2029-12', 29.9],
      ['2030-12', 30.3],
    ],
    speeds: [
      { from: '2021-01-01', down: 1000, up: 220 },
      { from: '2023-07-01', down: 1800, up: 120 },
    ],
    forecast: true,
  },
  {
    id: 'virgin_rfog',
    group: 'Virgin Media',
    networkType: 'virgin',
    tech: FULL_FIBRE,
    retailers: [{ operator: 'Virgin Media RFOG' }],
    area: {
      countries: ['England', 'Wales', 'Scotland'],
      excludeNetworks: ['virgin_cable'],
      nearNetwork: 'virgin_cable',
      excludeKcomArea: true,
    },
    reach: { urban: 0.9, rural: 0.35 },
    cluster: 'district',
    weights: { la: 0.3, cluster: 0.7, postcode: 0.3, rural: 0.3, attractiveness: 0.3, cable: 0 },
    curve: [
      ['2021-01', 1.1],
      ['2022-01', 1.65],
      ['2023-01', 2.4],
      ['2024-01', 2.95],
      ['2025-03', 3.4],
      ['2026-11', 3.9],
      ['2030-12', 4.6],
    ],
    speeds: [
      { from: '2021-01-01', down: 1130, up: 104 },
      { from: '2024-10-01', down: 2000, up: 200 },
    ],
    forecast: true,
  },
  {
    id: 'nexfibre',
    group: 'nexfibre',
    networkType: 'virgin',
    tech: FULL_FIBRE,
    retailers: [{ operator: 'nexfibre Virgin Media' }],
    area: { countries: ['England'], excludeNetworks: ['virgin_cable', 'virgin_rfog'], excludeKcomArea: true },
    reach: { urban: 0.55, rural: 0.12 },
    cluster: 'district',
    weights: { la: 0.6, cluster: 0.6, postcode: 0.3, rural: 0.4, attractiveness: 0.3, cable: 0 },
    curve: [
      ['2022-12', 0],
      ['2023-01', 0.5],
      ['2023-06', 1.3],
      ['2024-06', 2.3],
      ['2025-03', 3.0],
      ['2026-11', 4.2],
      ['2030-12', 7.0],
    ],
    speeds: [
      { from: '2021-01-01', down: 1130, up: 104 },
      { from: '2024-10-01', down: 2000, up: 200 },
    ],
    forecast: true,
  },
  {
    id: 'virgin_fttp_upgrade',
    group: 'Virgin Media',
    networkType: 'virgin',
    tech: FULL_FIBRE,
    retailers: [{ operator: 'Virgin Media RFOG' }],
    area: { all: true, withinNetwork: 'virgin_cable' },
    reach: { urban: 1, rural: 1 },
    cluster: 'exchange',
    weights: { la: 0.5, cluster: 1, postcode: 0.2, rural: 0.2, attractiveness: 0.2, cable: 0 },
    curve: [
      ['2026-11', 0],
      ['2027-06', 1.5],
      ['2028-12', 7.0],
      ['2030-12', 12.5],
    ],
    forecast: true,
    forecastOnly: true,
  },
  {
    id: 'cityfibre',
    group: 'CityFibre',
    networkType: 'altnet',
    tech: FULL_FIBRE,
    retailers: [
      { operator: 'CityFibre Vodafone' },
      { operator: 'CityFibre TalkTalk' },
      { operator: 'CityFibre Zen' },
      { operator: 'CityFibre Sky', from: '2025-02-01' },
    ],
    area: { las: CITYFIBRE_CITIES },
    reach: { urban: 0.88, rural: 0.3 },
    cluster: 'district',
    weights: CITY_ROLLOUT,
    curve: [
      ['2021-01', 0.6],
      ['2021-07', 0.8],
      ['2022-01', 1.15],
      ['2023-06', 2.3],
      ['2024-06', 3.4],
      ['2025-03', 4.0],
      ['2026-11', 4.4],
      ['2030-12', 8.0],
    ],
    speeds: [
      { from: '2021-01-01', down: 1000, up: 1000 },
      { from: '2024-04-01', down: 2500, up: 2500 },
    ],
    forecast: true,
  },
  {
    id: 'community_fibre',
    group: 'Community Fibre',
    networkType: 'altnet',
    tech: FULL_FIBRE,
    retailers: [{ operator: 'Community Fibre' }],
    area: { regions: ['London'] },
    reach: { urban: 0.6, rural: 0.2 },
    cluster: 'district',
    weights: { ...CITY_ROLLOUT, la: 0.3 },
    curve: [
      ['2021-01', 0.3],
      ['2022-01', 0.6],
      ['2023-01', 1.0],
      ['2024-01', 1.3],
      ['2025-03', 1.5],
      ['2026-11', 1.65],
      ['2030-12', 2.1],
    ],
    speeds: [
      { from: '2021-01-01', down: 1000, up: 1000 },
      { from: '2023-03-01', down: 3000, up: 3000 },
    ],
    forecast: true,
  },
  {
    id: 'hyperoptic',
    group: 'Hyperoptic',
    networkType: 'altnet',
    tech: FULL_FIBRE,
    retailers: [{ operator: 'Hyperoptic' }],
    area: { regions: ['London'], las: HYPEROPTIC_CITIES },
    reach: { urban: 0.75, rural: 0.05 },
    largePostcodesOnly: true,
    cluster: 'district',
    weights: { ...CITY_ROLLOUT, shared: 0, attractiveness: 0.2 },
    curve: [
      ['2021-01', 0.5],
      ['2022-01', 0.75],
      ['2023-01', 0.95],
      ['2025-03', 1.2],
      ['2026-11', 1.3],
      ['2030-12', 1.6],
    ],
    speeds: [{ from: '2021-01-01', down: 1000, up: 1000 }],
    forecast: true,
  },
  {
    id: 'full_fibre_ltd',
    group: 'Full Fibre Ltd',
    networkType: 'altnet',
    tech: FULL_FIBRE,
    retailers: [{ operator: 'Full Fibre Ltd' }],
    area: {
      las: [
        'Hastings',
        'Rother',
        'Eastbourne',
        'Sevenoaks',
        'Swale',
        'Worcester',
        'Wychavon',
        'Tamworth',
        'Lichfield',
        'Newark and Sherwood',
        'Mansfield',
        'Bassetlaw',
        'North Northamptonshire',
        'Bedford',
        'Central Bedfordshire',
        'East Suffolk',
        'Great Yarmouth',
        "King's Lynn and West Norfolk",
      ],
    },
    reach: { urban: 0.4, rural: 0.15 },
    cluster: 'district',
    weights: CITY_ROLLOUT,
    curve: [
      ['2021-06', 0.03],
      ['2022-06', 0.2],
      ['2023-06', 0.35],
      ['2025-03', 0.45],
      ['2026-11', 0.55],
      ['2030-12', 0.8],
    ],
    speeds: [{ from: '2021-01-01', down: 1000, up: 1000 }],
    forecast: true,
  },
  {
    id: 'zzoomm',
    group: 'Zzoomm',
    networkType: 'altnet',
    tech: FULL_FIBRE,
    retailers: [{ operator: 'Zzoomm' }],
    area: {
      las: [
        'South Oxfordshire',
        'West Oxfordshire',
        'Cherwell',
        'Tewkesbury',
        'Wychavon',
        'Stratford-on-Avon',
        'Warwick',
        'Rugby',
        'Wiltshire',
        'West Northamptonshire',
        'Windsor and Maidenhead',
      ],
    },
    reach: { urban: 0.25, rural: 0.05 },
    cluster: 'district',
    weights: CITY_ROLLOUT,
    curve: [
      ['2021-01', 0.01],
      ['2022-06', 0.07],
      ['2023-06', 0.13],
      ['2024-06', 0.148],
      ['2025-03', 0.15],
      ['2026-11', 0.152],
      ['2030-12', 0.35],
    ],
    speeds: [
      { from: '2021-01-01', down: 1000, up: 1000 },
      { from: '2023-09-01', down: 2000, up: 2000 },
    ],
    forecast: true,
  },
  {
    id: 'gigaclear',
    group: 'Gigaclear',
    networkType: 'altnet',
    tech: FULL_FIBRE,
    retailers: [{ operator: 'Gigaclear' }],
    area: { las: RURAL_SOUTH },
    reach: { urban: 0.02, rural: 0.5 },
    cluster: 'district',
    weights: RURAL_ROLLOUT,
    curve: [
      ['2021-01', 0.2],
      ['2022-01', 0.3],
      ['2023-01', 0.42],
      ['2024-01', 0.5],
      ['2025-03', 0.56],
      ['2026-11', 0.65],
      ['2030-12', 0.85],
    ],
    speeds: [
      { from: '2021-01-01', down: 900, up: 900 },
      // Gigabit tiers launched on the same fibre (Ofcom counts these networks as gigabit-capable).
      { from: '2022-04-01', down: 1000, up: 1000 },
    ],
    forecast: true,
  },
  {
    id: 'trooli',
    group: 'Trooli',
    networkType: 'altnet',
    tech: FULL_FIBRE,
    retailers: [{ operator: 'Trooli' }],
    area: { las: KENT_SUSSEX },
    reach: { urban: 0.3, rural: 0.35 },
    cluster: 'district',
    weights: { ...CITY_ROLLOUT, rural: 0.1 },
    curve: [
      ['2021-01', 0.05],
      ['2022-01', 0.15],
      ['2023-01', 0.28],
      ['2024-01', 0.37],
      ['2025-03', 0.44],
      ['2026-11', 0.5],
      ['2030-12', 0.65],
    ],
    speeds: [
      { from: '2021-01-01', down: 900, up: 900 },
      // Gigabit tiers launched on the same fibre (Ofcom counts these networks as gigabit-capable).
      { from: '2022-04-01', down: 1000, up: 1000 },
    ],
    forecast: true,
  },
  {
    id: 'fibrus',
    group: 'Fibrus',
    networkType: 'altnet',
    tech: FULL_FIBRE,
    retailers: [{ operator: 'Fibrus' }],
    area: { countries: ['Northern Ireland'], las: ['Cumberland', 'Westmorland and Furness'] },
    reach: { urban: 0.35, rural: 0.5 },
    cluster: 'district',
    weights: { ...RURAL_ROLLOUT, la: 0.3 },
    curve: [
      ['2021-01', 0.05],
      ['2022-01', 0.12],
      ['2023-01', 0.25],
      ['2024-01', 0.33],
      ['2025-03', 0.4],
      ['2026-11', 0.48],
      ['2030-12', 0.6],
    ],
    speeds: [{ from: '2021-01-01', down: 1000, up: 1000 }],
    forecast: true,
  },
  {
    id: 'kcom',
    group: 'KCOM',
    networkType: 'kcom',
    tech: FULL_FIBRE,
    retailers: [{ operator: 'KCOM Lightstream' }],
    area: { kcomAreaOnly: true },
    reach: { urban: 0.985, rural: 0.9 },
    cluster: 'exchange',
    weights: EXCHANGE_ROLLOUT,
    curve: [
      ['2021-01', 0.255],
      ['2022-01', 0.27],
      ['2025-03', 0.28],
      ['2026-11', 0.285],
      ['2030-12', 0.29],
    ],
    speeds: [
      { from: '2021-01-01', down: 900, up: 900 },
      // Gigabit tiers launched on the same fibre (Ofcom counts these networks as gigabit-capable).
      { from: '2022-04-01', down: 1000, up: 1000 },
    ],
    forecast: true,
  },
  {
    id: 'gnetwork',
    group: 'G.Network',
    networkType: 'altnet',
    tech: FULL_FIBRE,
    retailers: [{ operator: 'G.Network' }],
    area: { las: LONDON_CENTRAL_EAST },
    reach: { urban: 0.2, rural: 0.05 },
    cluster: 'district',
    weights: CITY_ROLLOUT,
    curve: [
      ['2021-01', 0.05],
      ['2022-01', 0.12],
      ['2023-01', 0.21],
      ['2024-03', 0.25],
      ['2026-11', 0.252],
      ['2030-12', 0.35],
    ],
    speeds: [{ from: '2021-01-01', down: 1000, up: 1000 }],
    forecast: true,
  },
  {
    id: 'toob',
    group: 'Toob',
    networkType: 'altnet',
    tech: FULL_FIBRE,
    retailers: [{ operator: 'Toob' }],
    area: { las: ['Southampton', 'Portsmouth', 'Havant', 'Fareham', 'Gosport', 'Eastleigh'] },
    reach: { urban: 0.55, rural: 0.1 },
    cluster: 'district',
    weights: CITY_ROLLOUT,
    curve: [
      ['2021-06', 0.01],
      ['2022-06', 0.08],
      ['2023-06', 0.17],
      ['2025-03', 0.23],
      ['2026-11', 0.25],
      ['2030-12', 0.4],
    ],
    speeds: [
      { from: '2021-01-01', down: 900, up: 900 },
      // Gigabit tiers launched on the same fibre (Ofcom counts these networks as gigabit-capable).
      { from: '2022-04-01', down: 1000, up: 1000 },
    ],
    forecast: true,
  },
  {
    id: 'grain',
    group: 'Grain',
    networkType: 'altnet',
    tech: FULL_FIBRE,
    retailers: [{ operator: 'Grain' }],
    area: {
      las: [
        'Newcastle upon Tyne',
        'Gateshead',
        'Sunderland',
        'County Durham',
        'Northumberland',
        'North Tyneside',
        'South Tyneside',
      ],
    },
    reach: { urban: 0.3, rural: 0.15 },
    cluster: 'district',
    weights: CITY_ROLLOUT,
    curve: [
      ['2021-01', 0.02],
      ['2022-01', 0.06],
      ['2023-01', 0.12],
      ['2024-01', 0.18],
      ['2025-03', 0.22],
      ['2026-11', 0.27],
      ['2030-12', 0.4],
    ],
    speeds: [{ from: '2021-01-01', down: 1000, up: 1000 }],
    forecast: true,
  },
  {
    id: 'brsk',
    group: 'brsk',
    networkType: 'altnet',
    tech: FULL_FIBRE,
    retailers: [{ operator: 'brsk FTTP' }],
    area: {
      las: [
        'Birmingham',
        'Coventry',
        'Wolverhampton',
        'Walsall',
        'Dudley',
        'Sandwell',
        'Solihull',
        'Leicester',
        'Nottingham',
        'Derby',
        'Stoke-on-Trent',
        'Rugby',
        'Nuneaton and Bedworth',
        'Telford and Wrekin',
        'Stafford',
      ],
    },
    reach: { urban: 0.2, rural: 0.05 },
    cluster: 'district',
    weights: CITY_ROLLOUT,
    curve: [
      ['2021-06', 0.01],
      ['2022-06', 0.08],
      ['2023-06', 0.22],
      ['2025-03', 0.35],
      ['2026-11', 0.4],
      ['2030-12', 0.7],
    ],
    speeds: [{ from: '2021-01-01', down: 1000, up: 1000 }],
    forecast: true,
  },
  {
    id: 'ms3',
    group: 'MS3',
    networkType: 'altnet',
    tech: FULL_FIBRE,
    retailers: [{ operator: 'MS3 FTTP' }],
    area: { las: ['Kingston upon Hull, City of', 'East Riding of Yorkshire', 'North East Lincolnshire'] },
    reach: { urban: 0.3, rural: 0.05 },
    cluster: 'district',
    weights: CITY_ROLLOUT,
    curve: [
      ['2021-06', 0.005],
      ['2022-06', 0.02],
      ['2023-06', 0.07],
      ['2024-06', 0.095],
      ['2025-03', 0.1],
      ['2026-11', 0.105],
      ['2030-12', 0.2],
    ],
    speeds: [{ from: '2021-01-01', down: 1000, up: 1000 }],
    forecast: true,
  },
  {
    id: 'freedom_fibre',
    group: 'Freedom Fibre',
    networkType: 'altnet',
    tech: FULL_FIBRE,
    retailers: [{ operator: 'Freedom Fibre FTTP' }],
    area: {
      las: [
        'Liverpool',
        'Wirral',
        'Sefton',
        'St. Helens',
        'Knowsley',
        'Manchester',
        'Salford',
        'Rochdale',
        'Oldham',
        'Bolton',
        'Wigan',
        'Halton',
      ],
    },
    reach: { urban: 0.15, rural: 0.03 },
    cluster: 'district',
    weights: CITY_ROLLOUT,
    curve: [
      ['2021-06', 0.005],
      ['2022-06', 0.05],
      ['2023-06', 0.15],
      ['2025-03', 0.25],
      ['2026-11', 0.32],
      ['2030-12', 0.5],
    ],
    speeds: [{ from: '2021-01-01', down: 1000, up: 1000 }],
    forecast: true,
  },
  {
    id: 'netomnia',
    group: 'Netomnia',
    networkType: 'altnet',
    tech: FULL_FIBRE,
    retailers: [{ operator: 'Netomnia' }],
    area: { las: [...NETOMNIA_TOWNS, ...NETOMNIA_LATER_TOWNS] },
    reach: { urban: 0.4, rural: 0.05 },
    thin: { las: NETOMNIA_LATER_TOWNS, share: 0.15 },
    cluster: 'district',
    // Many towns at once rather than city by city: a small launch-order spread between authorities.
    weights: { ...CITY_ROLLOUT, la: 0.15 },
    curve: [
      ['2021-06', 0.005],
      ['2022-06', 0.1],
      ['2023-06', 0.45],
      ['2024-06', 1.0],
      ['2025-03', 1.3],
      ['2026-11', 1.8],
      ['2030-12', 2.8],
    ],
    speeds: [{ from: '2021-01-01', down: 1000, up: 1000 }],
    forecast: true,
  },
  {
    id: 'lit_fibre',
    group: 'Lit Fibre',
    networkType: 'altnet',
    tech: FULL_FIBRE,
    retailers: [{ operator: 'Lit Fibre' }],
    area: {
      las: [
        'Wiltshire',
        'Test Valley',
        'Winchester',
        'New Forest',
        'Somerset',
        'Dorset',
        'Shropshire',
        'Telford and Wrekin',
        'North Devon',
        'South Derbyshire',
        'Herefordshire, County of',
        'Forest of Dean',
        'Cornwall',
      ],
    },
    reach: { urban: 0.2, rural: 0.08 },
    cluster: 'district',
    weights: CITY_ROLLOUT,
    curve: [
      ['2021-06', 0.005],
      ['2022-06', 0.04],
      ['2023-06', 0.12],
      ['2024-06', 0.2],
      ['2025-03', 0.22],
      ['2026-11', 0.235],
      ['2030-12', 0.4],
    ],
    speeds: [{ from: '2021-01-01', down: 1000, up: 1000 }],
    forecast: true,
  },
  {
    id: 'wightfibre',
    group: 'WightFibre',
    networkType: 'altnet',
    tech: FULL_FIBRE,
    retailers: [{ operator: 'WightFibre' }],
    area: { las: ['Isle of Wight'] },
    reach: { urban: 0.85, rural: 0.7 },
    cluster: 'district',
    weights: { ...CITY_ROLLOUT, la: 0 },
    curve: [
      ['2021-01', 0.005],
      ['2022-01', 0.02],
      ['2023-01', 0.04],
      ['2024-01', 0.05],
      ['2025-03', 0.055],
      ['2026-11', 0.065],
      ['2030-12', 0.075],
    ],
    speeds: [
      { from: '2021-01-01', down: 900, up: 900 },
      // Gigabit tiers launched on the same fibre (Ofcom counts these networks as gigabit-capable).
      { from: '2022-04-01', down: 1000, up: 1000 },
    ],
    forecast: true,
  },
  {
    id: 'truespeed',
    group: 'Truespeed',
    networkType: 'altnet',
    tech: FULL_FIBRE,
    retailers: [{ operator: 'Truespeed' }],
    area: {
      las: [
        'Bath and North East Somerset',
        'North Somerset',
        'Somerset',
        'South Gloucestershire',
        'Wiltshire',
      ],
    },
    reach: { urban: 0.05, rural: 0.15 },
    cluster: 'district',
    weights: RURAL_ROLLOUT,
    curve: [
      ['2021-01', 0.04],
      ['2023-01', 0.08],
      ['2025-03', 0.1],
      ['2026-11', 0.12],
      ['2030-12', 0.18],
    ],
    speeds: [
      { from: '2021-01-01', down: 900, up: 900 },
      // Gigabit tiers launched on the same fibre (Ofcom counts these networks as gigabit-capable).
      { from: '2022-04-01', down: 1000, up: 1000 },
    ],
    forecast: true,
  },
  {
    id: 'jurassic_fibre',
    group: 'Jurassic Fibre',
    networkType: 'altnet',
    tech: FULL_FIBRE,
    retailers: [{ operator: 'Jurassic Fibre' }],
    area: {
      las: [
        'East Devon',
        'Exeter',
        'Mid Devon',
        'Teignbridge',
        'Torbay',
        'Dorset',
        'Plymouth',
        'Torridge',
        'North Devon',
        'West Devon',
        'South Hams',
      ],
    },
    reach: { urban: 0.2, rural: 0.15 },
    cluster: 'district',
    weights: CITY_ROLLOUT,
    curve: [
      ['2021-06', 0.01],
      ['2022-06', 0.05],
      ['2023-06', 0.1],
      ['2025-03', 0.14],
      ['2026-11', 0.18],
      ['2030-12', 0.3],
    ],
    speeds: [{ from: '2021-01-01', down: 1000, up: 1000 }],
    forecast: true,
  },
  {
    id: 'ogi',
    group: 'Ogi',
    networkType: 'altnet',
    tech: FULL_FIBRE,
    retailers: [{ operator: 'Ogi' }],
    area: {
      las: [
        'Cardiff',
        'Vale of Glamorgan',
        'Newport',
        'Monmouthshire',
        'Bridgend',
        'Rhondda Cynon Taf',
        'Caerphilly',
        'Torfaen',
        'Blaenau Gwent',
        'Merthyr Tydfil',
        'Neath Port Talbot',
        // Ogi's partnership build with the county council (Milford Haven, Pembroke Dock, Haverfordwest).
        'Pembrokeshire',
      ],
    },
    reach: { urban: 0.12, rural: 0.15 },
    cluster: 'district',
    weights: CITY_ROLLOUT,
    curve: [
      ['2021-06', 0.005],
      ['2022-06', 0.03],
      ['2023-06', 0.07],
      ['2025-03', 0.1],
      ['2026-11', 0.13],
      ['2030-12', 0.2],
    ],
    speeds: [{ from: '2021-01-01', down: 1000, up: 1000 }],
    forecast: true,
  },
  {
    id: 'three_fwa',
    group: 'Three',
    networkType: 'fwa',
    tech: 'fwa',
    retailers: [{ operator: 'Three Broadband' }],
    area: { all: true },
    reach: { urban: 0.8, rural: 0.2 },
    cluster: 'la',
    weights: { la: 1, cluster: 0.3, postcode: 0.4, rural: 0.6, attractiveness: 0.2, cable: 0 },
    curve: [
      ['2021-01', 3.0],
      ['2022-01', 6.0],
      ['2023-01', 9.0],
      ['2024-01', 12.0],
      ['2025-01', 14.0],
      ['2026-11', 16.0],
      ['2030-12', 18.0],
    ],
    speedRange: { down: [30, 300], up: [5, 40] },
    forecast: false,
  },
];

/** Operators that report copper (FTTC/ADSL) lines: Openreach's four retailers, and KCOM in Hull. */
export const COPPER_OPERATORS = OPENREACH_RETAILERS.map((r) => r.operator);
export const KCOM_COPPER_OPERATOR = 'KCOM Lightstream';

export interface OperatorRow {
  operator: string;
  operator_group: string;
  network_type: NetworkType;
  is_altnet: boolean;
}

/** The `operators` reference table: one row per reported operator name. */
export function operatorRows(): OperatorRow[] {
  const rows = new Map<string, OperatorRow>();
  for (const n of NETWORKS) {
    for (const r of n.retailers) {
      if (rows.has(r.operator)) continue;
      rows.set(r.operator, {
        operator: r.operator,
        operator_group: n.group,
        network_type: n.networkType,
        is_altnet: n.networkType === 'altnet',
      });
    }
  }
  return [...rows.values()].sort((a, b) => a.operator.localeCompare(b.operator));
}

export function networkById(id: string): NetworkDef {
  const n = NETWORKS.find((x) => x.id === id);
  if (!n) throw new Error(`unknown network ${id}`);
  return n;
}
