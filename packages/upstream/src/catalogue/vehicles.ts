/**
 * Real makes, models and trims the catalogue is drawn from. Base MSRP in dollars; body style
 * code from tables.ts; fuels the model is sold with; years it has been sold (first model year).
 */
import type { BodyCode, DriveCode } from './tables';

export interface ModelSpec {
  code: string;
  name: string;
  body: BodyCode;
  subtype: string;
  trims: string[];
  packages: string[];
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
  base: number,
  trims: string[],
  opts: Partial<Pick<ModelSpec, 'fuels' | 'drives' | 'seats' | 'doors' | 'since' | 'weight' | 'packages'>> = {},
): ModelSpec => ({
  code,
  name,
  body,
  subtype,
  base,
  trims,
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
      m('F150', 'F-150', 'TRUCKS', 'FULLSIZE_TRUCK', 36000, ['XL', 'XLT', 'Lariat', 'King Ranch', 'Platinum', 'Raptor'], {
        drives: ['AWD4WD', 'RWD'],
        fuels: ['GSL', 'HYB'],
        weight: 5,
        packages: ['Tow Package', 'Sport Appearance Package', 'FX4 Off-Road Package'],
      }),
      m('F250', 'F-250 Super Duty', 'TRUCKS', 'HEAVY_DUTY_TRUCK', 46000, ['XL', 'XLT', 'Lariat'], {
        drives: ['AWD4WD', 'RWD'],
        fuels: ['GSL', 'DSL'],
        weight: 1.5,
        packages: ['Tow Package'],
      }),
      m('ESCAPE', 'Escape', 'SUVCROSS', 'COMPACT_SUV', 28000, ['S', 'SE', 'SEL', 'Titanium'], { fuels: ['GSL', 'HYB', 'PIH'], weight: 3 }),
      m('EXPLORER', 'Explorer', 'SUVCROSS', 'MIDSIZE_SUV', 38000, ['Base', 'XLT', 'Limited', 'ST', 'Platinum'], { seats: 7, weight: 3 }),
      m('MUSTANG', 'Mustang', 'COUPE', 'SPORTS_CAR', 31000, ['EcoBoost', 'GT', 'Mach 1'], { drives: ['RWD'], weight: 1.5 }),
      m('MACHE', 'Mustang Mach-E', 'SUVCROSS', 'COMPACT_SUV', 43000, ['Select', 'Premium', 'GT'], {
        fuels: ['ELE'],
        drives: ['AWD4WD', 'RWD'],
        since: 2021,
      }),
      m('TRANSIT', 'Transit', 'VANMV', 'CARGO_VAN', 45000, ['Cargo', 'Crew', 'Passenger'], {
        drives: ['RWD', 'AWD4WD'],
        seats: 2,
        packages: ['Upfit Package'],
      }),
    ],
  },
  {
    code: 'CHEV',
    name: 'Chevrolet',
    models: [
      m('SILVER1500', 'Silverado 1500', 'TRUCKS', 'FULLSIZE_TRUCK', 37000, ['WT', 'Custom', 'LT', 'RST', 'LTZ', 'High Country'], {
        drives: ['AWD4WD', 'RWD'],
        fuels: ['GSL', 'DSL'],
        weight: 4,
        packages: ['Z71 Off-Road Package', 'Tow Package'],
      }),
      m('EQUINOX', 'Equinox', 'SUVCROSS', 'COMPACT_SUV', 27000, ['LS', 'LT', 'RS', 'Premier'], { weight: 3 }),
      m('MALIBU', 'Malibu', 'SEDAN', 'MIDSIZE_SEDAN', 25000, ['LS', 'RS', 'LT', 'Premier'], { weight: 2 }),
      m('TAHOE', 'Tahoe', 'SUVCROSS', 'FULLSIZE_SUV', 56000, ['LS', 'LT', 'Z71', 'Premier', 'High Country'], {
        seats: 8,
        drives: ['AWD4WD', 'RWD'],
        weight: 2,
      }),
      m('BOLT', 'Bolt EV', 'HATCH', '', 27000, ['1LT', '2LT'], { fuels: ['ELE'], since: 2017 }),
      m('CORVETTE', 'Corvette', 'COUPE', 'SPORTS_CAR', 66000, ['Stingray 1LT', 'Stingray 2LT', 'Stingray 3LT', 'Z06'], {
        drives: ['RWD'],
        seats: 2,
        weight: 0.5,
      }),
    ],
  },
  {
    code: 'TOYOTA',
    name: 'Toyota',
    models: [
      m('CAMRY', 'Camry', 'SEDAN', 'MIDSIZE_SEDAN', 27000, ['LE', 'SE', 'XLE', 'XSE', 'TRD'], { fuels: ['GSL', 'HYB'], weight: 5 }),
      m('COROL', 'Corolla', 'SEDAN', 'COMPACT_SEDAN', 22000, ['L', 'LE', 'SE', 'XSE'], { fuels: ['GSL', 'HYB'], weight: 4 }),
      m('RAV4', 'RAV4', 'SUVCROSS', 'COMPACT_SUV', 29000, ['LE', 'XLE', 'XLE Premium', 'Adventure', 'Limited'], {
        fuels: ['GSL', 'HYB', 'PIH'],
        weight: 5,
      }),
      m('HIGHLANDER', 'Highlander', 'SUVCROSS', 'MIDSIZE_SUV', 39000, ['L', 'LE', 'XLE', 'Limited', 'Platinum'], {
        fuels: ['GSL', 'HYB'],
        seats: 8,
        weight: 2.5,
      }),
      m('TACOMA', 'Tacoma', 'TRUCKS', 'COMPACT_TRUCK', 30000, ['SR', 'SR5', 'TRD Sport', 'TRD Off-Road', 'Limited'], {
        drives: ['AWD4WD', 'RWD'],
        weight: 3,
      }),
      m('TUNDRA', 'Tundra', 'TRUCKS', 'FULLSIZE_TRUCK', 40000, ['SR', 'SR5', 'Limited', 'Platinum', '1794 Edition'], {
        drives: ['AWD4WD', 'RWD'],
        fuels: ['GSL', 'HYB'],
        weight: 1.5,
      }),
      m('MIRAI', 'Mirai', 'SEDAN', 'MIDSIZE_SEDAN', 50000, ['XLE', 'Limited'], {
        fuels: ['HYD'],
        drives: ['RWD'],
        since: 2016,
        weight: 0.3,
      }),
      m('SIENNA', 'Sienna', 'VANMV', 'MINIVAN', 38000, ['LE', 'XLE', 'XSE', 'Limited', 'Platinum'], {
        fuels: ['GSL', 'HYB'],
        seats: 8,
        weight: 1.5,
      }),
    ],
  },
  {
    code: 'HONDA',
    name: 'Honda',
    models: [
      m('CIVIC', 'Civic', 'SEDAN', 'COMPACT_SEDAN', 24000, ['LX', 'Sport', 'EX', 'Touring', 'Si'], { fuels: ['GSL', 'HYB'], weight: 5 }),
      m('ACCORD', 'Accord', 'SEDAN', 'MIDSIZE_SEDAN', 28000, ['LX', 'Sport', 'EX-L', 'Touring'], { fuels: ['GSL', 'HYB'], weight: 4 }),
      m('CRV', 'CR-V', 'SUVCROSS', 'COMPACT_SUV', 30000, ['LX', 'EX', 'EX-L', 'Sport Touring'], { fuels: ['GSL', 'HYB'], weight: 5 }),
      m('PILOT', 'Pilot', 'SUVCROSS', 'MIDSIZE_SUV', 38000, ['LX', 'EX-L', 'TrailSport', 'Elite'], { seats: 8, weight: 2 }),
      m('ODYSSEY', 'Odyssey', 'VANMV', 'MINIVAN', 37000, ['EX', 'EX-L', 'Touring', 'Elite'], { seats: 8, weight: 1.5 }),
    ],
  },
  {
    code: 'NISSAN',
    name: 'Nissan',
    models: [
      m('ALTIMA', 'Altima', 'SEDAN', 'MIDSIZE_SEDAN', 26000, ['S', 'SV', 'SR', 'SL'], { drives: ['FWD', 'AWD4WD'], weight: 3 }),
      m('ROGUE', 'Rogue', 'SUVCROSS', 'COMPACT_SUV', 28000, ['S', 'SV', 'SL', 'Platinum'], { weight: 4 }),
      m('LEAF', 'LEAF', 'HATCH', '', 29000, ['S', 'SV', 'SV Plus'], { fuels: ['ELE'], since: 2013 }),
      m('FRONTIER', 'Frontier', 'TRUCKS', 'COMPACT_TRUCK', 30000, ['S', 'SV', 'PRO-4X'], { drives: ['AWD4WD', 'RWD'] }),
    ],
  },
  {
    code: 'JEEP',
    name: 'Jeep',
    models: [
      m('WRANGLER', 'Wrangler', 'SUVCROSS', 'MIDSIZE_SUV', 32000, ['Sport', 'Sport S', 'Sahara', 'Rubicon'], {
        drives: ['AWD4WD'],
        fuels: ['GSL', 'PIH'],
        doors: 4,
        weight: 3,
      }),
      m('GRANDCHER', 'Grand Cherokee', 'SUVCROSS', 'MIDSIZE_SUV', 40000, ['Laredo', 'Limited', 'Overland', 'Summit'], {
        drives: ['AWD4WD', 'RWD'],
        fuels: ['GSL', 'PIH'],
        weight: 3,
      }),
      m('COMPASS', 'Compass', 'SUVCROSS', 'SUBCOMPACT_SUV', 27000, ['Sport', 'Latitude', 'Limited', 'Trailhawk'], { drives: ['AWD4WD'] }),
    ],
  },
  {
    code: 'RAM',
    name: 'Ram',
    models: [
      m('RAM1500', '1500', 'TRUCKS', 'FULLSIZE_TRUCK', 39000, ['Tradesman', 'Big Horn', 'Laramie', 'Rebel', 'Limited'], {
        drives: ['AWD4WD', 'RWD'],
        fuels: ['GSL', 'DSL'],
        weight: 3,
        packages: ['Level 2 Equipment Group', 'Tow Package'],
      }),
      m('PROMASTER', 'ProMaster', 'VANMV', 'CARGO_VAN', 43000, ['1500 Cargo', '2500 Cargo', '3500 Cargo'], {
        seats: 2,
        packages: ['Upfit Package'],
      }),
    ],
  },
  {
    code: 'TESLA',
    name: 'Tesla',
    models: [
      m('MODEL3', 'Model 3', 'SEDAN', 'SPORT_SEDAN', 40000, ['Standard Range', 'Long Range', 'Performance'], {
        fuels: ['ELE'],
        drives: ['RWD', 'AWD4WD'],
        since: 2017,
        weight: 3,
      }),
      m('MODELY', 'Model Y', 'SUVCROSS', 'COMPACT_SUV', 45000, ['Long Range', 'Performance'], {
        fuels: ['ELE'],
        drives: ['AWD4WD'],
        since: 2020,
        weight: 3,
      }),
      m('MODELS', 'Model S', 'SEDAN', 'FULLSIZE_SEDAN', 75000, ['Long Range', 'Plaid'], {
        fuels: ['ELE'],
        drives: ['AWD4WD'],
        weight: 0.8,
      }),
    ],
  },
  {
    code: 'BMW',
    name: 'BMW',
    models: [
      m('3SERIES', '3 Series', 'SEDAN', 'SPORT_SEDAN', 44000, ['330i', '330i xDrive', 'M340i'], {
        drives: ['RWD', 'AWD4WD'],
        fuels: ['GSL', 'PIH'],
        weight: 2.5,
      }),
      m('X5', 'X5', 'SUVCROSS', 'MIDSIZE_SUV', 62000, ['sDrive40i', 'xDrive40i', 'M60i'], {
        drives: ['AWD4WD', 'RWD'],
        fuels: ['GSL', 'PIH'],
        weight: 1.5,
      }),
      m('I4', 'i4', 'SEDAN', 'SPORT_SEDAN', 52000, ['eDrive35', 'eDrive40', 'M50'], {
        fuels: ['ELE'],
        drives: ['RWD', 'AWD4WD'],
        since: 2022,
      }),
    ],
  },
  {
    code: 'MB',
    name: 'Mercedes-Benz',
    models: [
      m('CCLASS', 'C-Class', 'SEDAN', 'SPORT_SEDAN', 46000, ['C 300', 'C 300 4MATIC', 'AMG C 43'], {
        drives: ['RWD', 'AWD4WD'],
        weight: 2,
      }),
      m('GLE', 'GLE', 'SUVCROSS', 'MIDSIZE_SUV', 60000, ['GLE 350', 'GLE 450', 'AMG GLE 53'], {
        drives: ['AWD4WD'],
        fuels: ['GSL', 'HYB'],
      }),
      m('SPRINTER', 'Sprinter', 'VANMV', 'CARGO_VAN', 52000, ['Cargo 144', 'Cargo 170', 'Crew'], {
        drives: ['RWD', 'AWD4WD'],
        fuels: ['GSL', 'DSL'],
        seats: 2,
        packages: ['Upfit Package'],
      }),
    ],
  },
  {
    code: 'SUB',
    name: 'Subaru',
    models: [
      m('OUTBACK', 'Outback', 'WAGON', '', 30000, ['Base', 'Premium', 'Limited', 'Touring', 'Wilderness'], {
        drives: ['AWD4WD'],
        weight: 3,
      }),
      m('FORESTER', 'Forester', 'SUVCROSS', 'COMPACT_SUV', 28000, ['Base', 'Premium', 'Sport', 'Limited'], {
        drives: ['AWD4WD'],
        weight: 2.5,
      }),
      m('CROSSTREK', 'Crosstrek', 'HATCH', '', 25000, ['Base', 'Premium', 'Sport', 'Limited'], {
        drives: ['AWD4WD'],
        fuels: ['GSL', 'PIH'],
      }),
    ],
  },
  {
    code: 'HYUND',
    name: 'Hyundai',
    models: [
      m('ELANTRA', 'Elantra', 'SEDAN', 'COMPACT_SEDAN', 21000, ['SE', 'SEL', 'Limited', 'N'], { fuels: ['GSL', 'HYB'], weight: 3 }),
      m('TUCSON', 'Tucson', 'SUVCROSS', 'COMPACT_SUV', 28000, ['SE', 'SEL', 'N Line', 'Limited'], {
        fuels: ['GSL', 'HYB', 'PIH'],
        weight: 3,
      }),
      m('IONIQ5', 'IONIQ 5', 'SUVCROSS', 'COMPACT_SUV', 42000, ['SE', 'SEL', 'Limited'], {
        fuels: ['ELE'],
        drives: ['RWD', 'AWD4WD'],
        since: 2022,
      }),
      m('NEXO', 'NEXO', 'SUVCROSS', 'COMPACT_SUV', 60000, ['Blue', 'Limited'], { fuels: ['HYD'], since: 2019, weight: 0.2 }),
    ],
  },
  {
    code: 'KIA',
    name: 'Kia',
    models: [
      m('FORTE', 'Forte', 'SEDAN', 'COMPACT_SEDAN', 20000, ['LX', 'LXS', 'GT-Line', 'GT'], { weight: 2 }),
      m('SPORTAGE', 'Sportage', 'SUVCROSS', 'COMPACT_SUV', 27000, ['LX', 'EX', 'X-Line', 'SX'], {
        fuels: ['GSL', 'HYB', 'PIH'],
        weight: 2.5,
      }),
      m('TELLURIDE', 'Telluride', 'SUVCROSS', 'MIDSIZE_SUV', 36000, ['LX', 'S', 'EX', 'SX'], {
        seats: 8,
        drives: ['FWD', 'AWD4WD'],
        weight: 2,
      }),
    ],
  },
  {
    code: 'VOLKS',
    name: 'Volkswagen',
    models: [
      m('JETTA', 'Jetta', 'SEDAN', 'COMPACT_SEDAN', 22000, ['S', 'SE', 'Sport', 'SEL'], { weight: 1.5 }),
      m('TIGUAN', 'Tiguan', 'SUVCROSS', 'COMPACT_SUV', 29000, ['S', 'SE', 'SE R-Line', 'SEL R-Line'], { seats: 7, weight: 1.5 }),
      m('GOLF', 'Golf GTI', 'HATCH', '', 31000, ['S', 'SE', 'Autobahn'], { doors: 4 }),
    ],
  },
  {
    code: 'MAZDA',
    name: 'Mazda',
    models: [
      m('CX5', 'CX-5', 'SUVCROSS', 'COMPACT_SUV', 29000, ['Select', 'Preferred', 'Premium', 'Turbo'], { drives: ['AWD4WD'], weight: 2.5 }),
      m('MX5', 'MX-5 Miata', 'CONVERT', 'SPORTS_CAR', 29000, ['Sport', 'Club', 'Grand Touring'], {
        drives: ['RWD'],
        seats: 2,
        weight: 0.8,
      }),
      m('MAZDA3', 'Mazda3', 'HATCH', '', 23000, ['Select', 'Preferred', 'Premium'], { weight: 1.5 }),
    ],
  },
  {
    code: 'GMC',
    name: 'GMC',
    models: [
      m('SIERRA1500', 'Sierra 1500', 'TRUCKS', 'FULLSIZE_TRUCK', 39000, ['Pro', 'SLE', 'Elevation', 'SLT', 'AT4', 'Denali'], {
        drives: ['AWD4WD', 'RWD'],
        fuels: ['GSL', 'DSL'],
        weight: 2.5,
      }),
      m('ACADIA', 'Acadia', 'SUVCROSS', 'MIDSIZE_SUV', 38000, ['SLE', 'SLT', 'AT4', 'Denali'], { seats: 7 }),
    ],
  },
  {
    code: 'BUICK',
    name: 'Buick',
    models: [m('ENCLAVE', 'Enclave', 'SUVCROSS', 'MIDSIZE_SUV', 44000, ['Essence', 'Premium', 'Avenir'], { seats: 7 })],
  },
  {
    code: 'CHRY',
    name: 'Chrysler',
    models: [
      m('PACIFICA', 'Pacifica', 'VANMV', 'MINIVAN', 39000, ['Touring', 'Touring L', 'Limited', 'Pinnacle'], {
        fuels: ['GSL', 'PIH'],
        seats: 7,
      }),
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
