import { PAGE_ICON, PAGE_ICON_SIZE } from '../src/page-icon';

describe('the page icon', () => {
  it('is an inline PNG of its stated size (an SVG icon is loaded as a document at every history entry)', () => {
    const prefix = 'data:image/png;base64,';
    expect(PAGE_ICON.startsWith(prefix)).toBe(true);
    const bytes = Buffer.from(PAGE_ICON.slice(prefix.length), 'base64');
    expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
    expect(bytes.readUInt32BE(16)).toBe(PAGE_ICON_SIZE);
    expect(bytes.readUInt32BE(20)).toBe(PAGE_ICON_SIZE);
    expect(bytes.subarray(bytes.length - 8, bytes.length - 4).toString('latin1')).toBe('IEND');
  });
});
