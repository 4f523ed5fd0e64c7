import { normaliseMpgRange, normaliseQuery, normaliseToggle, parseQuery, serializeQuery } from '../src';

const ctx = { brand: 'atc' as const, currentYear: 2026 };

describe('filter values of a fixed form', () => {
  it('money back guarantee is a toggle: set as true, anything else dropped', () => {
    expect(['true', 'TRUE', '1', 'yes', ' true '].map(normaliseToggle)).toEqual(['true', 'true', 'true', 'true', 'true']);
    expect(['false', '0', '', 'maybe', undefined].map(normaliseToggle)).toEqual([undefined, undefined, undefined, undefined, undefined]);
    expect(normaliseQuery(parseQuery('moneyBackGuarantee=1'), ctx).moneyBackGuarantee).toBe('true');
    expect(normaliseQuery(parseQuery('moneyBackGuarantee=no'), ctx).moneyBackGuarantee).toBeUndefined();
  });

  it('fuel economy is lo-hi or open-ended lo-, lo at most hi', () => {
    expect(normaliseMpgRange('30-39')).toBe('30-39');
    expect(normaliseMpgRange('50-')).toBe('50-');
    expect(normaliseMpgRange('030-39')).toBe('30-39');
    for (const bad of ['39-30', '30', '-30', 'a-b', '30-39-40', '1234-', '']) expect(normaliseMpgRange(bad)).toBeUndefined();
    expect(normaliseQuery(parseQuery('mpgRange=40-20'), ctx).mpgRange).toBeUndefined();
  });

  it('makeCodeList is merged into makeCode, after the plain values and before the numbered ones', () => {
    expect(parseQuery('makeCode=FORD&makeCode2=KIA&makeCodeList=HONDA,TOYOTA').makeCode).toEqual(['FORD', 'HONDA', 'TOYOTA', 'KIA']);
    const n = normaliseQuery(parseQuery('makeCodeList=ford,honda&modelCode=civic'), ctx);
    expect(n.makeCode).toEqual(['FORD', 'HONDA']);
    expect(serializeQuery(n)).toContain('makeCode=FORD,HONDA');
  });

  it('the new filter values survive a round trip through the URL', () => {
    const q = normaliseQuery(
      parseQuery(
        'makeCode=FORD&seriesCode=F_SERIES&packages=Tow%20Package&vehicleUseType=COMMERCIAL&engineDisplacement=3.5&moneyBackGuarantee=true&truckCabSize=3,4',
      ),
      ctx,
    );
    expect(q).toMatchObject({
      seriesCode: ['F_SERIES'],
      packages: ['Tow Package'],
      vehicleUseType: ['COMMERCIAL'],
      engineDisplacement: ['3.5'],
      moneyBackGuarantee: 'true',
      truckCabSize: ['3', '4'],
    });
    expect(normaliseQuery(parseQuery(serializeQuery(q)), ctx)).toEqual(q);
  });
});
