import { brandForHost, flagsFor } from '../src/brands';

describe('the brand of a request', () => {
  const table = { 'www.fordcertified.example': 'ford' as const };

  it.each([
    ['www.fordcertified.example', 'ford'],
    ['WWW.FordCertified.example:443', 'ford'],
    ['ford.localhost:8080', 'ford'],
    ['kbb.localhost', 'kbb'],
    ['magazine.localhost:3000', 'magazine'],
    ['other.localhost', 'atc'],
    ['ford.localhost.example', 'atc'],
    ['ford.example', 'atc'],
    ['constructor', 'atc'],
    ['127.0.0.1:8080', 'atc'],
    [undefined, 'atc'],
  ])('host %s is brand %s', (host, brand) => {
    expect(brandForHost(host, table)).toBe(brand);
  });

  it('the table wins over a loopback name', () => {
    expect(brandForHost('ford.localhost', { 'ford.localhost': 'kbb' })).toBe('kbb');
  });

  it('the Ford variant has no compare, share or wallet', () => {
    const flags = flagsFor('ford');
    expect([flags.compare, flags.shareListingLink, flags.wallet]).toEqual([false, false, false]);
  });

  it.each([
    ['atc', true],
    ['kbb', false],
    ['magazine', false],
    ['ford', false],
  ] as const)('Vehicle Exchange on %s: %s (reachable on the main brand)', (brand, on) => {
    expect(flagsFor(brand).vehicleExchange).toBe(on);
  });
});
