import { backHrefOf } from '../src/page/back-link';

const req = (referer: string | undefined, host = 'cars.example:8080') => ({ headers: { host, referer } });
const HERE = '/cars-for-sale/all/ford?zip=30301';

describe('the hero back link (a same-origin page the shopper came from)', () => {
  it.each<[string | undefined, string | null]>([
    ['http://cars.example:8080/cars-for-sale/all/honda?zip=10001', '/cars-for-sale/all/honda?zip=10001'],
    ['https://cars.example:8080/cars-for-sale/vehicle/123', '/cars-for-sale/vehicle/123'],
    ['http://cars.example:8080/cars-for-sale/all/honda#top', '/cars-for-sale/all/honda'],
    [`http://cars.example:8080${HERE}`, null],
    ['http://other.example:8080/cars-for-sale', null],
    ['http://cars.example:9999/cars-for-sale', null],
    ['javascript:alert(1)', null],
    ['not a url', null],
    ['', null],
    [undefined, null],
  ])('referer %s gives %s', (referer, href) => {
    expect(backHrefOf(req(referer), HERE)).toBe(href);
  });

  it('no host, no link', () => {
    expect(backHrefOf({ headers: { referer: 'http://cars.example/cars-for-sale' } }, HERE)).toBeNull();
  });
});
