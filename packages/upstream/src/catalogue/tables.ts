/**
 * Enumerated value domains of the catalogue: every filter whose options are a fixed list.
 * Codes are what a search request carries; labels are what a page shows. Index 0 of a domain
 * used by a column is the value a listing has when the attribute does not apply (for example no
 * truck bed on a sedan); such "none" entries are never offered as facet options.
 */
import { FUEL_GROUPS, LISTING_TYPES, URGENCY_TYPES } from '@cfs/contracts';

export interface Option {
  code: string;
  label: string;
}

const opts = (pairs: [string, string][]): Option[] => pairs.map(([code, label]) => ({ code, label }));

export const NONE: Option = { code: '', label: '' };

export const BODY_STYLES = opts([
  ['TRUCKS', 'Truck'],
  ['SUVCROSS', 'SUV / Crossover'],
  ['SEDAN', 'Sedan'],
  ['COUPE', 'Coupe'],
  ['CONVERT', 'Convertible'],
  ['HATCH', 'Hatchback'],
  ['VANMV', 'Van / Minivan'],
  ['WAGON', 'Wagon'],
]);
export type BodyCode = 'TRUCKS' | 'SUVCROSS' | 'SEDAN' | 'COUPE' | 'CONVERT' | 'HATCH' | 'VANMV' | 'WAGON';

/** Body-style subtypes; the SUV, sedan and van filters each offer their own slice of this list. */
export const SUBTYPES = [
  NONE,
  ...opts([
    ['SUBCOMPACT_SUV', 'Subcompact SUV'],
    ['COMPACT_SUV', 'Compact SUV'],
    ['MIDSIZE_SUV', 'Midsize SUV'],
    ['FULLSIZE_SUV', 'Full-Size SUV'],
    ['COMPACT_SEDAN', 'Compact Sedan'],
    ['MIDSIZE_SEDAN', 'Midsize Sedan'],
    ['FULLSIZE_SEDAN', 'Full-Size Sedan'],
    ['SPORT_SEDAN', 'Sport Sedan'],
    ['MINIVAN', 'Minivan'],
    ['CARGO_VAN', 'Cargo Van'],
    ['PASSENGER_VAN', 'Passenger Van'],
    ['COMPACT_TRUCK', 'Compact Truck'],
    ['FULLSIZE_TRUCK', 'Full-Size Truck'],
    ['HEAVY_DUTY_TRUCK', 'Heavy Duty Truck'],
    ['CHASSIS_CAB', 'Chassis Cab'],
    ['SPORTS_CAR', 'Sports Car'],
  ]),
];
export const SUV_SUBTYPES = ['SUBCOMPACT_SUV', 'COMPACT_SUV', 'MIDSIZE_SUV', 'FULLSIZE_SUV'];
export const SEDAN_SUBTYPES = ['COMPACT_SEDAN', 'MIDSIZE_SEDAN', 'FULLSIZE_SEDAN', 'SPORT_SEDAN'];
export const VAN_SUBTYPES = ['MINIVAN', 'CARGO_VAN', 'PASSENGER_VAN'];

/** Commercial vehicle types (the 'Vehicle Type' filter). */
export const VEHICLE_TYPES = [
  NONE,
  ...opts([
    ['BOX_TRUCK', 'Box Truck'],
    ['CARGO_VAN', 'Cargo Van'],
    ['DUMP_TRUCK', 'Dump Truck'],
    ['FLATBED', 'Flatbed'],
    ['SERVICE_BODY', 'Service Body'],
    ['STAKE_TRUCK', 'Stake Truck'],
    ['TOW_TRUCK', 'Tow Truck'],
  ]),
];

export const EXTERIOR_COLORS = opts([
  ['WHITE', 'White'],
  ['BLACK', 'Black'],
  ['GRAY', 'Gray'],
  ['SILVER', 'Silver'],
  ['BLUE', 'Blue'],
  ['RED', 'Red'],
  ['GREEN', 'Green'],
  ['BROWN', 'Brown'],
  ['BEIGE', 'Beige'],
  ['ORANGE', 'Orange'],
  ['YELLOW', 'Yellow'],
  ['GOLD', 'Gold'],
  ['PURPLE', 'Purple'],
]);
export const EXTERIOR_WEIGHTS = [24, 21, 18, 11, 9, 9, 2, 2, 1, 1, 0.6, 0.5, 0.2];
export const COLOR_HEX: Record<string, string> = {
  WHITE: '#f4f5f2',
  BLACK: '#1c1d21',
  GRAY: '#6b7078',
  SILVER: '#b9bec4',
  BLUE: '#2454a6',
  RED: '#b3202a',
  GREEN: '#2f6b3d',
  BROWN: '#6b4630',
  BEIGE: '#d8c8a4',
  ORANGE: '#e0701f',
  YELLOW: '#eec42a',
  GOLD: '#b8963e',
  PURPLE: '#5c3a80',
};

export const INTERIOR_COLORS = opts([
  ['BLACK', 'Black'],
  ['GRAY', 'Gray'],
  ['BEIGE', 'Beige'],
  ['BROWN', 'Brown'],
  ['RED', 'Red'],
  ['WHITE', 'White'],
  ['BLUE', 'Blue'],
]);
export const INTERIOR_WEIGHTS = [55, 18, 15, 7, 3, 1.5, 0.5];

export const LISTING_TYPE_OPTIONS: Option[] = LISTING_TYPES.map((code) => ({
  code,
  label: { NEW: 'New', USED: 'Used', CERTIFIED: 'Certified', '3P_CERT': 'Third-Party Certified' }[code],
}));

/** Fuel groups in the spec's display order (Electric, Gasoline, Hybrid, Plug-in Hybrid, Diesel, Hydrogen), then Alternative. */
export const FUEL_OPTIONS: Option[] = (['ELE', 'GSL', 'HYB', 'PIH', 'DSL', 'HYD', 'ALT'] as const).map((code) => ({
  code,
  label: {
    ELE: 'Electric',
    GSL: 'Gasoline',
    HYB: 'Hybrid',
    PIH: 'Plug-In Hybrid',
    DSL: 'Diesel',
    HYD: 'Hydrogen',
    ALT: 'Alternative Fuel',
  }[code],
}));
// Every contract fuel group has an option.
for (const g of Object.keys(FUEL_GROUPS)) if (!FUEL_OPTIONS.some((o) => o.code === g)) throw new Error(`fuel ${g} missing`);

export const DRIVE_GROUPS = opts([
  ['AWD4WD', 'AWD/4WD'],
  ['FWD', 'Front Wheel Drive'],
  ['RWD', 'Rear Wheel Drive'],
]);
export type DriveCode = 'AWD4WD' | 'FWD' | 'RWD';

export const TRANSMISSIONS = opts([
  ['AUT', 'Automatic'],
  ['MAN', 'Manual'],
]);

/** Cylinder codes (the engineCode filter). */
export const CYLINDERS = opts([
  ['3CLDR', '3 Cylinder'],
  ['4CLDR', '4 Cylinder'],
  ['5CLDR', '5 Cylinder'],
  ['6CLDR', '6 Cylinder'],
  ['8CLDR', '8 Cylinder'],
  ['10CLDR', '10 Cylinder'],
  ['12CLDR', '12 Cylinder'],
  ['ELECTRIC', 'Electric'],
]);

export const DOORS = opts([
  ['2DR', '2 Doors'],
  ['3DR', '3 Doors'],
  ['4DR', '4 Doors'],
  ['5DR', '5 Doors'],
]);

export const SEATING = opts([
  ['2', '2 Seats'],
  ['3', '3 Seats'],
  ['4', '4 Seats'],
  ['5', '5 Seats'],
  ['6', '6 Seats'],
  ['7', '7 Seats'],
  ['8', '8 Seats'],
  ['12', '12 Seats'],
  ['15', '15 Seats'],
]);

/** Price rating (the 'Best Deals' filter); the listing's dealIndicator is GREAT, GOOD, FAIR or HIGH. */
export const DEAL_TYPES = opts([
  ['greatprice', 'Great Price'],
  ['goodprice', 'Good Price'],
  ['fairprice', 'Fair Price'],
]);
export const DEAL_INDICATORS = ['GREAT', 'GOOD', 'FAIR', 'HIGH'] as const;

export const SELLER_TYPES = opts([
  ['DEALER', 'Dealer'],
  ['PRIVATE', 'Private Seller'],
]);

export const VEHICLE_USE_TYPES = opts([
  ['PERSONAL', 'Personal'],
  ['COMMERCIAL', 'Commercial'],
]);

/** Truck bed length. */
export const BED_LENGTHS = [
  NONE,
  ...opts([
    ['SHORT', 'Short Bed'],
    ['STANDARD', 'Standard Bed'],
    ['LONG', 'Long Bed'],
  ]),
];

/** Truck cab size, by the seats in the cab (page-furniture spec: Any, 3 or less, 4, 5, 6). */
export const CAB_SIZES = [
  NONE,
  ...opts([
    ['3', '3 or less'],
    ['4', '4'],
    ['5', '5'],
    ['6', '6'],
  ]),
];
export const CAB_NAMES: Record<string, string> = { '3': 'Regular Cab', '4': 'Extended Cab', '5': 'Crew Cab', '6': 'Crew Cab' };

/**
 * Features. The first nine ids are the spec's (heated seats 546, leather 561, rearview camera
 * 610, bluetooth 170, alarm 160, lane departure 557, navigation 236, remote start 615, sunroof
 * 578); the others are this catalogue's own. At most 16 (a listing keeps them in a 16-bit mask).
 */
export const FEATURES = opts([
  ['546', 'Heated Seats'],
  ['561', 'Leather Seats'],
  ['610', 'Backup Camera'],
  ['170', 'Bluetooth'],
  ['160', 'Alarm'],
  ['557', 'Lane Departure Warning'],
  ['236', 'Navigation'],
  ['615', 'Remote Start'],
  ['578', 'Sunroof/Moonroof'],
  ['1280', 'Apple CarPlay/Android Auto'],
  ['1071', 'Third Row Seat'],
  ['1008', 'Adaptive Cruise Control'],
  ['1011', 'Blind Spot Monitoring'],
  ['1112', 'Tow Hitch'],
  ['1140', 'Heated Steering Wheel'],
]);
export const FEATURE_INDEX: Record<string, number> = Object.fromEntries(FEATURES.map((f, i) => [f.code, i]));

/** Vehicle history (bits of a mask). */
export const HISTORY = opts([
  ['ONE_OWNER', 'One Owner'],
  ['NO_ACCIDENTS', 'No Accidents Reported'],
  ['CLEAN_TITLE', 'Clean Title'],
  ['PERSONAL_USE', 'Personal Use Only'],
  ['SERVICE_RECORDS', 'Service Records Available'],
]);

/** Dealer home services (bits of a mask); BUY_ONLINE and ONLINE_PAPERWORK are the spec's. */
export const HOME_SERVICES = opts([
  ['BUY_ONLINE', 'Buy Online'],
  ['ONLINE_PAPERWORK', 'Online Paperwork'],
  ['HOME_DELIVERY', 'Home Delivery'],
  ['HOME_TEST_DRIVE', 'Home Test Drive'],
  ['VIRTUAL_APPOINTMENTS', 'Virtual Appointments'],
]);

export const URGENCY = ['', ...URGENCY_TYPES] as const;

/** Lifestyle categories (a request-context value): each is a rule over the catalogue. */
export const LIFESTYLES = opts([
  ['family', 'Family'],
  ['commuter', 'Commuter'],
  ['offroad', 'Off-Road'],
  ['luxury', 'Luxury'],
  ['work', 'Work'],
  ['eco', 'Eco-Friendly'],
  ['performance', 'Performance'],
]);

/** Price buckets of the 'Price' facet ([min, max), max 0 = open). */
export const PRICE_BUCKETS: [number, number][] = [
  [0, 10000],
  [10000, 15000],
  [15000, 20000],
  [20000, 25000],
  [25000, 30000],
  [30000, 40000],
  [40000, 50000],
  [50000, 75000],
  [75000, 100000],
  [100000, 0],
];

/** Cumulative 'Mileage' facet: under each value. */
export const MILEAGE_STEPS = [15000, 30000, 45000, 60000, 75000, 100000, 150000, 200000];

/** 'Fuel Economy' facet (highway MPG, MPGe for electric), as mpgRange values. */
export const MPG_RANGES: [number, number][] = [
  [0, 19],
  [20, 29],
  [30, 39],
  [40, 49],
  [50, 0],
];

/** Cumulative 'Electric Mile Range' facet: at least each value. */
export const ELECTRIC_RANGE_STEPS = [25, 100, 200, 250, 300];

/** Cumulative 'Distance' facet: within each radius; 0 is nationwide. */
export const RADIUS_STEPS = [10, 25, 50, 75, 100, 200, 500, 0];
