import { parseFlagOverrides } from '../src/flag-overrides';

describe('staging feature-flag overrides', () => {
  it.each([
    [['-wallet'], { wallet: false }],
    [['+vehicleExchange'], { vehicleExchange: true }],
    [['compare'], { compare: true }],
    [['-wallet,-payments', '+images360'], { wallet: false, payments: false, images360: true }],
    [['-nosuchflag, -', ''], {}],
    [['-wallet,+wallet'], { wallet: true }],
  ])('%j -> %j', (values, expected) => {
    expect(parseFlagOverrides(values)).toEqual(expected);
  });
});
