/**
 * Real makes, models and trims the catalogue is drawn from. Each trim with its US new price
 * (MSRP, in dollars, for the current model year; pricing.ts derives other years and options);
 * body style code from tables.ts; fuels the model is sold with; years it has been sold (first
 * model year).
 */
import type { BodyCode, DriveCode } from './tables';

export interface ModelSpec {
  code: string;
  name: string;
  body: BodyCode;
  subtype: string;
  trims: string[];
  /** MSRP of each trim (same order as trims) for the current model year. */
  trimMsrp: number[];
  packages: string[];
  /** MSRP of the entry trim. */
  base: number;
  fuels: string[];
  drives: DriveCode[];
  seats: number;
  doors: number;
  since: number;
  weight: number;
}

export interface MakeSpec {
  code: string;
  name: string;
  models: ModelSpec[];
}

const m = (
  code: string,
  name: string,
  body: BodyCode,
  subtype: string,
  trims: [name: string, msrp: number][],
  opts: Partial<Pick<ModelSpec, 'fuels' | 'drives' | 'seats' | 'doors' | 'since' | 'weight' | 'packages'>> = {},
): ModelSpec => ({
  code,
  name,
  body,
  subtype,
  trims: trims.map(([t]) => t),
  trimMsrp: trims.map(([, p]) => p),
  base: trims[0][1],
  fuels: opts.fuels ?? ['GSL'],
  drives: opts.drives ?? (body === 'TRUCKS' || body === 'SUVCROSS' ? ['AWD4WD', 'FWD'] : ['FWD']),
  seats: opts.seats ?? (body === 'SUVCROSS' ? 5 : body === 'VANMV' ? 7 : body === 'COUPE' || body === 'CONVERT' ? 4 : 5),
  doors: opts.doors ?? (body === 'COUPE' || body === 'CONVERT' ? 2 : 4),
  since: opts.since ?? 2012,
  weight: opts.weight ?? 1,
  packages: opts.packages ?? ['Convenience Package', 'Technology Package'],
});

export const MAKES: MakeSpec[] = [
  {
    code: 'FORD',
    name: 'Ford',
    models: [
      m(
        'F150',
        'F-150',
        'TRUCKS',
        'FULLSIZE_TRUCK',
        [
          ['XL', 36_000],
          ['XLT', 45_500],
          ['Lariat', 58_500],
          ['King Ranch', 64_500],
          ['Platinum', 67_000],
          ['Raptor', 79_000],
        ],
        {
          drives: ['AWD4WD', 'RWD'],
          fuels: ['GSL', 'HYB'],
          weight: 5,
          packages: ['Tow Package', 'Sport Appearance Package', 'FX4 Off-Road Package'],
        },
      ),
      m(
        'F250',
        'F-250 Super Duty',
        'TRUCKS',
        'HEAVY_DUTY_TRUCK',
        [
          ['XL', 46_000],
          ['XLT', 52_500],
          ['Lariat', 64_000],
        ],
        {
          drives: ['AWD4WD', 'RWD'],
          fuels: ['GSL', 'DSL'],
          weight: 1.5,
          packages: ['Tow Package'],
        },
      ),
      m(
        'ESCAPE',
        'Escape',
        'SUVCROSS',
        'COMPACT_SUV',
        [
          ['S', 28_000],
          ['SE', 30_500],
          ['SEL', 33_000],
          ['Titanium', 37_000],
        ],
        { fuels: ['GSL', 'HYB', 'PIH'], weight: 3 },
      ),
      m(
        'EXPLORER',
        'Explorer',
        'SUVCROSS',
        'MIDSIZE_SUV',
        [
          ['Base', 38_000],
          ['XLT', 41_500],
          ['Limited', 48_500],
          ['ST', 55_500],
          ['Platinum', 56_500],
        ],
        { seats: 7, weight: 3 },
      ),
      m(
        'MUSTANG',
        'Mustang',
        'COUPE',
        'SPORTS_CAR',
        [
          ['EcoBoost', 31_500],
          ['GT', 43_000],
          ['Mach 1', 58_000],
        ],
        { drives: ['RWD'], weight: 1.5 },
      ),
      m(
        'MACHE',
        'Mustang Mach-E',
        'SUVCROSS',
        'COMPACT_SUV',
        [
          ['Select', 43_000],
          ['Premium', 48_500],
          ['GT', 56_000],
        ],
        {
          fuels: ['ELE'],
          drives: ['AWD4WD', 'RWD'],
          since: 2021,
        },
      ),
      m(
        'TRANSIT',
        'Transit',
        'VANMV',
        'CARGO_VAN',
        [
          ['Cargo', 46_000],
          ['Crew', 50_500],
          ['Passenger', 53_500],
        ],
        {
          drives: ['RWD', 'AWD4WD'],
          seats: 2,
          packages: ['Upfit Package'],
        },
      ),
    ],
  },
  {
    code: 'CHEV',
    name: 'Chevrolet',
    models: [
      m(
        'SILVER1500',
        'Silverado 1500',
        'TRUCKS',
        'FULLSIZE_TRUCK',
        [
          ['WT', 37_000],
          ['Custom', 42_000],
          ['LT', 49_000],
          ['RST', 54_000],
          ['LTZ', 59_000],
          ['High Country', 66_000],
        ],
        {
          drives: ['AWD4WD', 'RWD'],
          fuels: ['GSL', 'DSL'],
          weight: 4,
          packages: ['Z71 Off-Road Package', 'Tow Package'],
        },
      ),
      m(
        'EQUINOX',
        'Equinox',
        'SUVCROSS',
        'COMPACT_SUV',
        [
          ['LS', 27_500],
          ['LT', 29_500],
          ['RS', 32_500],
          ['Premier', 33_500],
        ],
        { weight: 3 },
      ),
      m(
        'MALIBU',
        'Malibu',
        'SEDAN',
        'MIDSIZE_SEDAN',
        [
          ['LS', 25_000],
          ['RS', 26_000],
          ['LT', 27_000],
          ['Premier', 33_000],
        ],
        { weight: 2 },
      ),
      m(
        'TAHOE',
        'Tahoe',
        'SUVCROSS',
        'FULLSIZE_SUV',
        [
          ['LS', 56_000],
          ['LT', 62_000],
          ['Z71', 67_000],
          ['Premier', 71_000],
          ['High Country', 79_000],
        ],
        {
          seats: 8,
          drives: ['AWD4WD', 'RWD'],
          weight: 2,
        },
      ),
      m(
        'BOLT',
        'Bolt EV',
        'HATCH',
        '',
        [
          ['1LT', 27_000],
          ['2LT', 30_500],
        ],
        { fuels: ['ELE'], since: 2017 },
      ),
      m(
        'CORVETTE',
        'Corvette',
        'COUPE',
        'SPORTS_CAR',
        [
          ['Stingray 1LT', 69_000],
          ['Stingray 2LT', 76_000],
          ['Stingray 3LT', 80_500],
          ['Z06', 112_000],
        ],
        {
          drives: ['RWD'],
          seats: 2,
          weight: 0.5,
        },
      ),
    ],
  },
  {
    code: 'TOYOTA',
    name: 'Toyota',
    models: [
      m(
        'CAMRY',
        'Camry',
        'SEDAN',
        'MIDSIZE_SEDAN',
        [
          ['LE', 28_500],
          ['SE', 30_500],
          ['XLE', 34_000],
          ['XSE', 35_500],
          ['TRD', 34_500],
        ],
        { fuels: ['GSL', 'HYB'], weight: 5 },
      ),
      m(
        'COROL',
        'Corolla',
        'SEDAN',
        'COMPACT_SEDAN',
        [
          ['L', 22_000],
          ['LE', 22_800],
          ['SE', 25_500],
          ['XSE', 28_500],
        ],
        { fuels: ['GSL', 'HYB'], weight: 4 },
      ),
      m(
        'RAV4',
        'RAV4',
        'SUVCROSS',
        'COMPACT_SUV',
        [
          ['LE', 29_500],
          ['XLE', 31_500],
          ['XLE Premium', 34_500],
          ['Adventure', 36_500],
          ['Limited', 38_500],
        ],
        {
          fuels: ['GSL', 'HYB', 'PIH'],
          weight: 5,
        },
      ),
      m(
        'HIGHLANDER',
        'Highlander',
        'SUVCROSS',
        'MIDSIZE_SUV',
        [
          ['L', 39_500],
          ['LE', 42_000],
          ['XLE', 45_500],
          ['Limited', 49_500],
          ['Platinum', 53_500],
        ],
        {
          fuels: ['GSL', 'HYB'],
          seats: 8,
          weight: 2.5,
        },
      ),
      m(
        'TACOMA',
        'Tacoma',
        'TRUCKS',
        'COMPACT_TRUCK',
        [
          ['SR', 31_500],
          ['SR5', 36_000],
          ['TRD Sport', 40_000],
          ['TRD Off-Road', 42_500],
          ['Limited', 52_500],
        ],
        {
          drives: ['AWD4WD', 'RWD'],
          weight: 3,
        },
      ),
      m(
        'TUNDRA',
        'Tundra',
        'TRUCKS',
        'FULLSIZE_TRUCK',
        [
          ['SR', 40_500],
          ['SR5', 47_000],
          ['Limited', 55_000],
          ['Platinum', 63_000],
          ['1794 Edition', 64_000],
        ],
        {
          drives: ['AWD4WD', 'RWD'],
          fuels: ['GSL', 'HYB'],
          weight: 1.5,
        },
      ),
      m(
        'MIRAI',
        'Mirai',
        'SEDAN',
        'MIDSIZE_SEDAN',
        [
          ['XLE', 50_500],
          ['Limited', 67_000],
        ],
        {
          fuels: ['HYD'],
          drives: ['RWD'],
          since: 2016,
          weight: 0.3,
        },
      ),
      m(
        'SIENNA',
        'Sienna',
        'VANMV',
        'MINIVAN',
        [
          ['LE', 39_500],
          ['XLE', 46_000],
          ['XSE', 48_000],
          ['Limited', 52_000],
          ['Platinum', 56_000],
        ],
        {
          fuels: ['GSL', 'HYB'],
          seats: 8,
          weight: 1.5,
        },
      ),
    ],
  },
  {
    code: 'HONDA',
    name: 'Honda',
    models: [
      m(
        'CIVIC',
        'Civic',
        'SEDAN',
        'COMPACT_SEDAN',
        [
          ['LX', 24_500],
          ['Sport', 26_500],
          ['EX', 28_000],
          ['Touring', 31_500],
          ['Si', 30_000],
        ],
        { fuels: ['GSL', 'HYB'], weight: 5 },
      ),
      m(
        'ACCORD',
        'Accord',
        'SEDAN',
        'MIDSIZE_SEDAN',
        [
          ['LX', 28_500],
          ['Sport', 32_500],
          ['EX-L', 34_500],
          ['Touring', 39_500],
        ],
        { fuels: ['GSL', 'HYB'], weight: 4 },
      ),
      m(
        'CRV',
        'CR-V',
        'SUVCROSS',
        'COMPACT_SUV',
        [
          ['LX', 30_500],
          ['EX', 32_500],
          ['EX-L', 35_500],
          ['Sport Touring', 41_000],
        ],
        { fuels: ['GSL', 'HYB'], weight: 5 },
      ),
      m(
        'PILOT',
        'Pilot',
        'SUVCROSS',
        'MIDSIZE_SUV',
        [
          ['LX', 40_500],
          ['EX-L', 45_500],
          ['TrailSport', 50_000],
          ['Elite', 54_000],
        ],
        { seats: 8, weight: 2 },
      ),
      m(
        'ODYSSEY',
        'Odyssey',
        'VANMV',
        'MINIVAN',
        [
          ['EX', 41_500],
          ['EX-L', 44_000],
          ['Touring', 48_000],
          ['Elite', 52_000],
        ],
        { seats: 8, weight: 1.5 },
      ),
    ],
  },
  {
    code: 'NISSAN',
    name: 'Nissan',
    models: [
      m(
        'ALTIMA',
        'Altima',
        'SEDAN',
        'MIDSIZE_SEDAN',
        [
          ['S', 26_500],
          ['SV', 28_500],
          ['SR', 30_000],
          ['SL', 33_000],
        ],
        { drives: ['FWD', 'AWD4WD'], weight: 3 },
      ),
      m(
        'ROGUE',
        'Rogue',
        'SUVCROSS',
        'COMPACT_SUV',
        [
          ['S', 29_000],
          ['SV', 31_000],
          ['SL', 36_500],
          ['Platinum', 40_500],
        ],
        { weight: 4 },
      ),
      m(
        'LEAF',
        'LEAF',
        'HATCH',
        '',
        [
          ['S', 29_000],
          ['SV', 32_500],
          ['SV Plus', 37_000],
        ],
        { fuels: ['ELE'], since: 2013 },
      ),
      m(
        'FRONTIER',
        'Frontier',
        'TRUCKS',
        'COMPACT_TRUCK',
        [
          ['S', 31_000],
          ['SV', 35_000],
          ['PRO-4X', 42_000],
        ],
        { drives: ['AWD4WD', 'RWD'] },
      ),
    ],
  },
  {
    code: 'JEEP',
    name: 'Jeep',
    models: [
      m(
        'WRANGLER',
        'Wrangler',
        'SUVCROSS',
        'MIDSIZE_SUV',
        [
          ['Sport', 33_000],
          ['Sport S', 37_500],
          ['Sahara', 45_000],
          ['Rubicon', 49_000],
        ],
        {
          drives: ['AWD4WD'],
          fuels: ['GSL', 'PIH'],
          doors: 4,
          weight: 3,
        },
      ),
      m(
        'GRANDCHER',
        'Grand Cherokee',
        'SUVCROSS',
        'MIDSIZE_SUV',
        [
          ['Laredo', 40_000],
          ['Limited', 46_500],
          ['Overland', 57_000],
          ['Summit', 63_000],
        ],
        {
          drives: ['AWD4WD', 'RWD'],
          fuels: ['GSL', 'PIH'],
          weight: 3,
        },
      ),
      m(
        'COMPASS',
        'Compass',
        'SUVCROSS',
        'SUBCOMPACT_SUV',
        [
          ['Sport', 27_500],
          ['Latitude', 30_500],
          ['Limited', 33_500],
          ['Trailhawk', 35_500],
        ],
        { drives: ['AWD4WD'] },
      ),
    ],
  },
  {
    code: 'RAM',
    name: 'Ram',
    models: [
      m(
        'RAM1500',
        '1500',
        'TRUCKS',
        'FULLSIZE_TRUCK',
        [
          ['Tradesman', 40_000],
          ['Big Horn', 46_500],
          ['Laramie', 57_000],
          ['Rebel', 58_000],
          ['Limited', 69_000],
        ],
        {
          drives: ['AWD4WD', 'RWD'],
          fuels: ['GSL', 'DSL'],
          weight: 3,
          packages: ['Level 2 Equipment Group', 'Tow Package'],
        },
      ),
      m(
        'PROMASTER',
        'ProMaster',
        'VANMV',
        'CARGO_VAN',
        [
          ['1500 Cargo', 43_000],
          ['2500 Cargo', 46_000],
          ['3500 Cargo', 49_000],
        ],
        {
          seats: 2,
          packages: ['Upfit Package'],
        },
      ),
    ],
  },
  {
    code: 'TESLA',
    name: 'Tesla',
    models: [
      m(
        'MODEL3',
        'Model 3',
        'SEDAN',
        'SPORT_SEDAN',
        [
          ['Standard Range', 40_000],
          ['Long Range', 47_500],
          ['Performance', 55_000],
        ],
        {
          fuels: ['ELE'],
          drives: ['RWD', 'AWD4WD'],
          since: 2017,
          weight: 3,
        },
      ),
      m(
        'MODELY',
        'Model Y',
        'SUVCROSS',
        'COMPACT_SUV',
        [
          ['Long Range', 47_000],
          ['Performance', 52_000],
        ],
        {
          fuels: ['ELE'],
          drives: ['AWD4WD'],
          since: 2020,
          weight: 3,
        },
      ),
      m(
        'MODELS',
        'Model S',
        'SEDAN',
        'FULLSIZE_SEDAN',
        [
          ['Long Range', 75_000],
          ['Plaid', 90_000],
        ],
        {
          fuels: ['ELE'],
          drives: ['AWD4WD'],
          weight: 0.8,
        },
      ),
    ],
  },
  {
    code: 'BMW',
    name: 'BMW',
    models: [
      m(
        '3SERIES',
        '3 Series',
        'SEDAN',
        'SPORT_SEDAN',
        [
          ['330i', 45_500],
          ['330i xDrive', 47_500],
          ['M340i', 58_500],
        ],
        {
          drives: ['RWD', 'AWD4WD'],
          fuels: ['GSL', 'PIH'],
          weight: 2.5,
        },
      ),
      m(
        'X5',
        'X5',
        'SUVCROSS',
        'MIDSIZE_SUV',
        [
          ['sDrive40i', 66_000],
          ['xDrive40i', 68_500],
          ['M60i', 90_000],
        ],
        {
          drives: ['AWD4WD', 'RWD'],
          fuels: ['GSL', 'PIH'],
          weight: 1.5,
        },
      ),
      m(
        'I4',
        'i4',
        'SEDAN',
        'SPORT_SEDAN',
        [
          ['eDrive35', 53_000],
          ['eDrive40', 58_500],
          ['M50', 70_000],
        ],
        {
          fuels: ['ELE'],
          drives: ['RWD', 'AWD4WD'],
          since: 2022,
        },
      ),
    ],
  },
  {
    code: 'MB',
    name: 'Mercedes-Benz',
    models: [
      m(
        'CCLASS',
        'C-Class',
        'SEDAN',
        'SPORT_SEDAN',
        [
          ['C 300', 47_500],
          ['C 300 4MATIC', 49_500],
          ['AMG C 43', 61_000],
        ],
        {
          drives: ['RWD', 'AWD4WD'],
          weight: 2,
        },
      ),
      m(
        'GLE',
        'GLE',
        'SUVCROSS',
        'MIDSIZE_SUV',
        [
          ['GLE 350', 62_000],
          ['GLE 450', 69_000],
          ['AMG GLE 53', 87_000],
        ],
        {
          drives: ['AWD4WD'],
          fuels: ['GSL', 'HYB'],
        },
      ),
      m(
        'SPRINTER',
        'Sprinter',
        'VANMV',
        'CARGO_VAN',
        [
          ['Cargo 144', 52_500],
          ['Cargo 170', 57_500],
          ['Crew', 60_000],
        ],
        {
          drives: ['RWD', 'AWD4WD'],
          fuels: ['GSL', 'DSL'],
          seats: 2,
          packages: ['Upfit Package'],
        },
      ),
    ],
  },
  {
    code: 'SUB',
    name: 'Subaru',
    models: [
      m(
        'OUTBACK',
        'Outback',
        'WAGON',
        '',
        [
          ['Base', 30_000],
          ['Premium', 32_500],
          ['Limited', 38_500],
          ['Touring', 42_500],
          ['Wilderness', 41_000],
        ],
        {
          drives: ['AWD4WD'],
          weight: 3,
        },
      ),
      m(
        'FORESTER',
        'Forester',
        'SUVCROSS',
        'COMPACT_SUV',
        [
          ['Base', 29_000],
          ['Premium', 31_500],
          ['Sport', 33_500],
          ['Limited', 36_000],
        ],
        {
          drives: ['AWD4WD'],
          weight: 2.5,
        },
      ),
      m(
        'CROSSTREK',
        'Crosstrek',
        'HATCH',
        '',
        [
          ['Base', 25_500],
          ['Premium', 27_000],
          ['Sport', 30_500],
          ['Limited', 32_500],
        ],
        {
          drives: ['AWD4WD'],
          fuels: ['GSL', 'PIH'],
        },
      ),
    ],
  },
  {
    code: 'HYUND',
    name: 'Hyundai',
    models: [
      m(
        'ELANTRA',
        'Elantra',
        'SEDAN',
        'COMPACT_SEDAN',
        [
          ['SE', 22_000],
          ['SEL', 23_500],
          ['Limited', 28_000],
          ['N', 34_500],
        ],
        { fuels: ['GSL', 'HYB'], weight: 3 },
      ),
      m(
        'TUCSON',
        'Tucson',
        'SUVCROSS',
        'COMPACT_SUV',
        [
          ['SE', 28_500],
          ['SEL', 31_000],
          ['N Line', 34_000],
          ['Limited', 38_000],
        ],
        {
          fuels: ['GSL', 'HYB', 'PIH'],
          weight: 3,
        },
      ),
      m(
        'IONIQ5',
        'IONIQ 5',
        'SUVCROSS',
        'COMPACT_SUV',
        [
          ['SE', 43_000],
          ['SEL', 47_000],
          ['Limited', 53_000],
        ],
        {
          fuels: ['ELE'],
          drives: ['RWD', 'AWD4WD'],
          since: 2022,
        },
      ),
      m(
        'NEXO',
        'NEXO',
        'SUVCROSS',
        'COMPACT_SUV',
        [
          ['Blue', 60_000],
          ['Limited', 63_500],
        ],
        { fuels: ['HYD'], since: 2019, weight: 0.2 },
      ),
    ],
  },
  {
    code: 'KIA',
    name: 'Kia',
    models: [
      m(
        'FORTE',
        'Forte',
        'SEDAN',
        'COMPACT_SEDAN',
        [
          ['LX', 20_500],
          ['LXS', 21_500],
          ['GT-Line', 23_500],
          ['GT', 26_500],
        ],
        { weight: 2 },
      ),
      m(
        'SPORTAGE',
        'Sportage',
        'SUVCROSS',
        'COMPACT_SUV',
        [
          ['LX', 28_000],
          ['EX', 30_500],
          ['X-Line', 35_500],
          ['SX', 37_000],
        ],
        {
          fuels: ['GSL', 'HYB', 'PIH'],
          weight: 2.5,
        },
      ),
      m(
        'TELLURIDE',
        'Telluride',
        'SUVCROSS',
        'MIDSIZE_SUV',
        [
          ['LX', 37_000],
          ['S', 40_000],
          ['EX', 44_000],
          ['SX', 48_000],
        ],
        {
          seats: 8,
          drives: ['FWD', 'AWD4WD'],
          weight: 2,
        },
      ),
    ],
  },
  {
    code: 'VOLKS',
    name: 'Volkswagen',
    models: [
      m(
        'JETTA',
        'Jetta',
        'SEDAN',
        'COMPACT_SEDAN',
        [
          ['S', 22_500],
          ['SE', 26_000],
          ['Sport', 23_500],
          ['SEL', 30_000],
        ],
        { weight: 1.5 },
      ),
      m(
        'TIGUAN',
        'Tiguan',
        'SUVCROSS',
        'COMPACT_SUV',
        [
          ['S', 29_500],
          ['SE', 32_000],
          ['SE R-Line', 36_500],
          ['SEL R-Line', 39_500],
        ],
        { seats: 7, weight: 1.5 },
      ),
      m(
        'GOLF',
        'Golf GTI',
        'HATCH',
        '',
        [
          ['S', 32_000],
          ['SE', 37_000],
          ['Autobahn', 40_500],
        ],
        { doors: 4 },
      ),
    ],
  },
  {
    code: 'MAZDA',
    name: 'Mazda',
    models: [
      m(
        'CX5',
        'CX-5',
        'SUVCROSS',
        'COMPACT_SUV',
        [
          ['Select', 30_000],
          ['Preferred', 31_500],
          ['Premium', 34_500],
          ['Turbo', 39_500],
        ],
        { drives: ['AWD4WD'], weight: 2.5 },
      ),
      m(
        'MX5',
        'MX-5 Miata',
        'CONVERT',
        'SPORTS_CAR',
        [
          ['Sport', 30_000],
          ['Club', 34_500],
          ['Grand Touring', 35_500],
        ],
        {
          drives: ['RWD'],
          seats: 2,
          weight: 0.8,
        },
      ),
      m(
        'MAZDA3',
        'Mazda3',
        'HATCH',
        '',
        [
          ['Select', 24_500],
          ['Preferred', 26_500],
          ['Premium', 29_500],
        ],
        { weight: 1.5 },
      ),
    ],
  },
  {
    code: 'GMC',
    name: 'GMC',
    models: [
      m(
        'SIERRA1500',
        'Sierra 1500',
        'TRUCKS',
        'FULLSIZE_TRUCK',
        [
          ['Pro', 39_000],
          ['SLE', 49_000],
          ['Elevation', 52_000],
          ['SLT', 59_500],
          ['AT4', 66_000],
          ['Denali', 69_500],
        ],
        {
          drives: ['AWD4WD', 'RWD'],
          fuels: ['GSL', 'DSL'],
          weight: 2.5,
        },
      ),
      m(
        'ACADIA',
        'Acadia',
        'SUVCROSS',
        'MIDSIZE_SUV',
        [
          ['SLE', 39_000],
          ['SLT', 45_500],
          ['AT4', 48_500],
          ['Denali', 54_000],
        ],
        { seats: 7 },
      ),
    ],
  },
  {
    code: 'BUICK',
    name: 'Buick',
    models: [
      m(
        'ENCLAVE',
        'Enclave',
        'SUVCROSS',
        'MIDSIZE_SUV',
        [
          ['Essence', 45_000],
          ['Premium', 50_500],
          ['Avenir', 58_000],
        ],
        { seats: 7 },
      ),
    ],
  },
  {
    code: 'CHRY',
    name: 'Chrysler',
    models: [
      m(
        'PACIFICA',
        'Pacifica',
        'VANMV',
        'MINIVAN',
        [
          ['Touring', 40_000],
          ['Touring L', 44_000],
          ['Limited', 49_000],
          ['Pinnacle', 56_000],
        ],
        {
          fuels: ['GSL', 'PIH'],
          seats: 7,
        },
      ),
    ],
  },
];

/** Real US ZIP codes where owners are located (coordinates come from the zipcodes package). */
export const OWNER_ZIPS = [
  '30301',
  '30309',
  '30096',
  '10001',
  '11201',
  '07030',
  '02108',
  '19103',
  '20001',
  '21201',
  '27601',
  '28202',
  '29201',
  '32801',
  '33101',
  '33602',
  '37203',
  '38103',
  '35203',
  '40202',
  '43215',
  '44113',
  '45202',
  '46204',
  '48226',
  '49503',
  '53202',
  '55401',
  '60601',
  '60540',
  '63101',
  '64106',
  '66101',
  '68102',
  '70112',
  '73102',
  '75201',
  '76102',
  '77002',
  '78205',
  '78701',
  '79901',
  '80202',
  '84101',
  '85004',
  '87102',
  '89101',
  '90012',
  '90401',
  '92101',
  '92602',
  '94103',
  '94301',
  '95814',
  '97201',
  '98101',
  '99501',
  '96813',
  '04101',
  '05401',
  '03301',
  '06103',
  '12207',
  '14202',
  '15222',
  '16501',
  '23219',
  '25301',
  '26501',
  '36104',
  '39201',
  '50309',
  '57104',
  '58102',
  '59601',
  '83702',
  '82001',
  '71201',
];

export const DEALER_WORDS = {
  first: [
    'Metro',
    'Lakeside',
    'Summit',
    'Riverside',
    'Heritage',
    'Pinnacle',
    'Gateway',
    'Capital',
    'Valley',
    'Coastal',
    'Northside',
    'Eastgate',
    'Parkway',
    'Liberty',
    'Frontier',
    'Harbor',
  ],
  second: ['Motors', 'Auto Group', 'Automotive', 'Auto Sales', 'Cars', 'Auto Mall', 'Motor Company', 'Auto Center'],
};
export const PERSON_NAMES = [
  'Alex',
  'Jordan',
  'Taylor',
  'Morgan',
  'Casey',
  'Riley',
  'Jamie',
  'Avery',
  'Quinn',
  'Drew',
  'Sam',
  'Robin',
  'Chris',
  'Pat',
  'Lee',
  'Dana',
];

/**
 * Series: a family of models within a make (the 'Series' filter, seriesCode). A model outside
 * any family has no series.
 */
export const SERIES: { code: string; label: string; models: string[] }[] = [
  { code: 'F_SERIES', label: 'F-Series', models: ['F150', 'F250'] },
  { code: 'MUSTANG_FAMILY', label: 'Mustang', models: ['MUSTANG', 'MACHE'] },
  { code: 'SILVERADO', label: 'Silverado', models: ['SILVER1500'] },
  { code: 'TOYOTA_TRUCKS', label: 'Toyota Trucks', models: ['TACOMA', 'TUNDRA'] },
  { code: 'RAM_PICKUP', label: 'Ram Pickup', models: ['RAM1500'] },
  { code: 'PROMASTER', label: 'ProMaster', models: ['PROMASTER'] },
  { code: '3_SERIES', label: '3 Series', models: ['3SERIES'] },
  { code: 'X_SERIES', label: 'X Series', models: ['X5'] },
  { code: 'I_SERIES', label: 'i Series', models: ['I4'] },
  { code: 'C_CLASS', label: 'C-Class', models: ['CCLASS'] },
  { code: 'GLE_CLASS', label: 'GLE-Class', models: ['GLE'] },
  { code: 'SPRINTER', label: 'Sprinter', models: ['SPRINTER'] },
  { code: 'SIERRA', label: 'Sierra', models: ['SIERRA1500'] },
];
