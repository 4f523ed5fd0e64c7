import Fastify, { type FastifyInstance } from 'fastify';
import { AD_SIZES, AD_SLOT_TYPES, adRoutes, HOUSE_ADS } from '../src/routes/ads';

describe('house ads (page-furniture §9 ad slots)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    await app.register(adRoutes);
  });
  afterAll(() => app.close());

  it.each(AD_SLOT_TYPES.flatMap((slot) => [1, 2, 3, 4, 5].map((n) => [slot, n] as const)))(
    'answers a local creative for the %s slot number %i, one image per fixed size',
    async (slot, number) => {
      const res = await app.inject(`/content/ads?slot=${slot}&number=${number}`);
      expect(res.statusCode).toBe(200);
      const { creative } = res.json();
      expect(creative).toMatchObject({ slot, number });
      expect(creative.alt.length).toBeGreaterThan(10);
      // The click-through and every image are paths of this site: no third-party host.
      expect(creative.href).toMatch(/^\/cars-for-sale\?/);
      expect(creative.images.map((i: { width: number; height: number }) => `${i.width}x${i.height}`)).toEqual(
        AD_SIZES[slot].map((s) => `${s.width}x${s.height}`),
      );
      for (const image of creative.images) expect(image.src).toMatch(/^\/content\/ads\/[a-z-]+-\d+x\d+\.svg$/);
    },
  );

  it('gives the five slots of a layout five different creatives, the same on every call', async () => {
    const ids = async () =>
      Promise.all([1, 2, 3, 4, 5].map(async (n) => (await app.inject(`/content/ads?slot=fluid&number=${n}`)).json().creative.id));
    const first = await ids();
    expect(new Set(first).size).toBe(HOUSE_ADS.length);
    expect(await ids()).toEqual(first);
  });

  it('draws each image as SVG at its size', async () => {
    const { creative } = (await app.inject('/content/ads?slot=liner&number=2')).json();
    for (const image of creative.images) {
      const res = await app.inject(image.src);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('image/svg+xml');
      expect(res.body).toContain(`viewBox="0 0 ${image.width} ${image.height}"`);
    }
  });

  it.each([
    ['/content/ads?slot=popup&number=1', 400],
    ['/content/ads?slot=fluid&number=6', 400],
    ['/content/ads?slot=fluid', 400],
    ['/content/ads/unknown-300x250.svg', 404],
    ['/content/ads/certified-123x45.svg', 404],
    ['/content/ads/certified.png', 404],
  ])('answers %s with %i', async (url, status) => {
    const res = await app.inject(url);
    expect(res.statusCode).toBe(status);
    expect(typeof res.json().error).toBe('string');
  });
});
