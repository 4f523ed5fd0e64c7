/**
 * Listing photos as PNG, as a real listing's photos are raster images: the browser decodes them
 * off the page's main thread (an SVG image is a document of its own, parsed and painted there).
 * The scene of car-scene.ts at twice its size, by body style, colour and view, with no caption:
 * the page's alt text names the car. Each drawing is made once and kept, encoded with pngjs.
 */
import { PNG } from 'pngjs';
import { EXTERIOR_COLORS } from '../catalogue/tables';
import { carScene, SCENE, SHAPES } from './car-scene';

/** Pixel size of a listing photo (the card's width and height attributes keep these proportions). */
export const PHOTO_WIDTH = 600;
export const PHOTO_HEIGHT = 340;
const SCALE = PHOTO_WIDTH / SCENE.width;

type Rgb = readonly [number, number, number];
type Point = readonly [number, number];

/** '#rrggbb' or '#rgb' as its three channels (anything else: grey). */
function rgb(hex: string): Rgb {
  const long = /^#[0-9a-f]{3}$/i.test(hex) ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex;
  const n = /^#[0-9a-f]{6}$/i.test(long) ? parseInt(long.slice(1), 16) : 0x888888;
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** The points of an SVG path made of M, L and Z commands (the shapes of car-scene.ts). */
export function pathPoints(d: string): Point[] {
  const n = (d.match(/-?\d+(?:\.\d+)?/g) ?? []).map(Number);
  const out: Point[] = [];
  for (let i = 0; i + 1 < n.length; i += 2) out.push([n[i], n[i + 1]]);
  return out;
}

class Raster {
  readonly data: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
    fill: Rgb,
  ) {
    this.data = new Uint8Array(width * height * 4);
    for (let i = 0; i < width * height; i++) this.set(i, fill);
  }

  private set(i: number, c: Rgb) {
    const o = i * 4;
    this.data[o] = c[0];
    this.data[o + 1] = c[1];
    this.data[o + 2] = c[2];
    this.data[o + 3] = 255;
  }

  private span(y: number, x0: number, x1: number, c: Rgb) {
    if (y < 0 || y >= this.height) return;
    const a = Math.max(0, Math.ceil(x0 - 0.5));
    const b = Math.min(this.width - 1, Math.floor(x1 - 0.5));
    for (let x = a; x <= b; x++) this.set(y * this.width + x, c);
  }

  /** Even-odd fill, sampled at pixel centres. */
  polygon(points: readonly Point[], c: Rgb) {
    for (let y = 0; y < this.height; y++) {
      const yc = y + 0.5;
      const xs: number[] = [];
      for (let i = 0; i < points.length; i++) {
        const [ax, ay] = points[i];
        const [bx, by] = points[(i + 1) % points.length];
        if (ay <= yc === by <= yc) continue;
        xs.push(ax + ((yc - ay) / (by - ay)) * (bx - ax));
      }
      xs.sort((p, q) => p - q);
      for (let i = 0; i + 1 < xs.length; i += 2) this.span(y, xs[i], xs[i + 1], c);
    }
  }

  circle(cx: number, cy: number, r: number, c: Rgb) {
    for (let y = Math.floor(cy - r); y <= Math.ceil(cy + r); y++) {
      const dy = y + 0.5 - cy;
      if (Math.abs(dy) > r) continue;
      const dx = Math.sqrt(r * r - dy * dy);
      this.span(y, cx - dx, cx + dx, c);
    }
  }

  /** A closed outline `width` pixels wide: every pixel within width/2 of an edge. */
  outline(points: readonly Point[], width: number, c: Rgb) {
    const h = width / 2;
    for (let i = 0; i < points.length; i++) {
      const [ax, ay] = points[i];
      const [bx, by] = points[(i + 1) % points.length];
      const len2 = (bx - ax) ** 2 + (by - ay) ** 2 || 1;
      for (let y = Math.floor(Math.min(ay, by) - h); y <= Math.ceil(Math.max(ay, by) + h); y++) {
        if (y < 0 || y >= this.height) continue;
        for (let x = Math.max(0, Math.floor(Math.min(ax, bx) - h)); x <= Math.min(this.width - 1, Math.ceil(Math.max(ax, bx) + h)); x++) {
          const px = x + 0.5;
          const py = y + 0.5;
          const t = Math.max(0, Math.min(1, ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / len2));
          if ((px - ax - t * (bx - ax)) ** 2 + (py - ay - t * (by - ay)) ** 2 <= h * h) this.set(y * this.width + x, c);
        }
      }
    }
  }

  png(): Buffer {
    const png = new PNG({ width: this.width, height: this.height });
    png.data.set(this.data);
    return PNG.sync.write(png, { colorType: 2, filterType: 0, deflateStrategy: 0, deflateLevel: 6 });
  }
}

/** A listing photo: the body shape in the car's colour on a light ground, with its wheels. */
function drawListingPhoto(shape: string, colourHex: string, facingLeft: boolean): Buffer {
  const x = (v: number) => (facingLeft ? SCENE.width - v : v) * SCALE;
  const body = pathPoints(shape).map(([px, py]) => [x(px), py * SCALE] as const);
  const r = new Raster(PHOTO_WIDTH, PHOTO_HEIGHT, rgb(SCENE.ground));
  r.polygon(body, rgb(colourHex));
  r.outline(body, SCENE.outlineWidth * SCALE, rgb(SCENE.outline));
  for (const cx of SCENE.wheelXs) {
    r.circle(x(cx), SCENE.wheelY * SCALE, SCENE.tyreRadius * SCALE, rgb(SCENE.tyre));
    r.circle(x(cx), SCENE.wheelY * SCALE, SCENE.hubRadius * SCALE, rgb(SCENE.hub));
  }
  return r.png();
}

const drawn = new Map<string, Buffer>();

/** The photo of a car by body style code, colour code and view, drawn the first time it is asked for. */
export function listingPhoto(body: string, colour: string, view: number): Buffer {
  const key = `${body}|${colour}|${view % 2}`;
  let png = drawn.get(key);
  if (!png) {
    const { path, hex } = carScene(body, colour);
    png = drawListingPhoto(path, hex, view % 2 === 1);
    drawn.set(key, png);
  }
  return png;
}

/**
 * Draws every listing photo there can be (each body shape, colour and view; about 200, some 10 ms
 * each), one per turn of the event loop so requests are answered meanwhile. The server runs it
 * once it listens: no search then waits for a photo to be drawn.
 */
export async function drawAllListingPhotos(draw: typeof listingPhoto = listingPhoto): Promise<number> {
  let n = 0;
  for (const body of Object.keys(SHAPES)) {
    for (const colour of EXTERIOR_COLORS) {
      for (const view of [0, 1]) {
        await new Promise((resolve) => setImmediate(resolve));
        draw(body, colour.code, view);
        n++;
      }
    }
  }
  return n;
}
