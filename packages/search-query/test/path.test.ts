import { BODY_STYLE_SLUGS, queryFromPath } from '../src';

describe('queryFromPath', () => {
  it('maps the body-style slugs to codes', () => {
    expect(BODY_STYLE_SLUGS).toEqual({
      truck: 'TRUCKS',
      'suv-crossover': 'SUVCROSS',
      sedan: 'SEDAN',
      coupe: 'COUPE',
      convertible: 'CONVERT',
      hatchback: 'HATCH',
      'van-minivan': 'VANMV',
      wagon: 'WAGON',
    });
  });

  it('reads /cars-for-sale/all/{make}/{model}', () => {
    expect(queryFromPath('/cars-for-sale/all/ford/f150')).toEqual({ makeCode: ['FORD'], modelCode: ['F150'] });
    expect(queryFromPath('/cars-for-sale/all/Ford/F-150/')).toEqual({ makeCode: ['FORD'], modelCode: ['F-150'] });
    expect(queryFromPath('/cars-for-sale/all/ford')).toEqual({ makeCode: ['FORD'] });
  });

  it('reads /cars-for-sale/all/{bodystyle}/{make}', () => {
    expect(queryFromPath('/cars-for-sale/all/truck/ford')).toEqual({ vehicleStyleCode: ['TRUCKS'], makeCode: ['FORD'] });
    expect(queryFromPath('/cars-for-sale/all/suv-crossover/ford')).toEqual({ vehicleStyleCode: ['SUVCROSS'], makeCode: ['FORD'] });
    for (const [slug, code] of Object.entries(BODY_STYLE_SLUGS)) {
      expect(queryFromPath(`/cars-for-sale/all/${slug}/kia`)).toEqual({ vehicleStyleCode: [code], makeCode: ['KIA'] });
      expect(queryFromPath(`/cars-for-sale/all/${slug}`)).toEqual({ vehicleStyleCode: [code] });
    }
    expect(queryFromPath('/cars-for-sale/all/TRUCK/ford')).toEqual({ vehicleStyleCode: ['TRUCKS'], makeCode: ['FORD'] });
  });

  it('treats inherited object names as plain makes', () => {
    expect(queryFromPath('/cars-for-sale/all/constructor')).toEqual({ makeCode: ['CONSTRUCTOR'] });
    expect(queryFromPath('/cars-for-sale/all/constructor/tostring')).toEqual({ makeCode: ['CONSTRUCTOR'], modelCode: ['TOSTRING'] });
  });

  it('ignores a query string or hash', () => {
    expect(queryFromPath('/cars-for-sale/all/truck/ford?makeCode=KIA#top')).toEqual({ vehicleStyleCode: ['TRUCKS'], makeCode: ['FORD'] });
  });

  it('gives {} for any other path, bad segments included, and never throws', () => {
    for (const p of [
      '',
      '/',
      '/cars-for-sale',
      '/cars-for-sale/',
      '/cars-for-sale/all',
      '/cars-for-sale/all/',
      '/cars-for-sale/all/ford/f150/xlt',
      '/cars-for-sale/all//f150',
      '/other/all/ford',
      '/cars-for-sale/all/%E0%A4%A',
      '/cars-for-sale/all/ford/%ZZ',
      '/cars-for-sale/all/for%20d',
      '/cars-for-sale/all/-ford',
      `/cars-for-sale/all/${'a'.repeat(42)}`,
      '/cars-for-sale/all/%2e%2e',
    ]) {
      expect(queryFromPath(p)).toEqual({});
    }
    expect(queryFromPath(null as never)).toEqual({});
  });
});
