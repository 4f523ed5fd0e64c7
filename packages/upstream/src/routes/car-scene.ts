/**
 * The car picture the upstream draws, described once: a light ground, the body style's outline
 * filled with the car's colour, two wheels. images.ts writes it as SVG (model images),
 * listing-photo.ts draws it as PNG (listing photos). Coordinates are in a 300 x 170 box; odd
 * views face the other way.
 */
import { COLOR_HEX } from '../catalogue/tables';

/** Body outlines as SVG paths (M, L and Z only), by body style code. */
export const SHAPES: Record<string, string> = {
  TRUCKS: 'M20 120 L20 90 L70 90 L90 60 L150 60 L160 90 L280 90 L280 120 Z',
  SUVCROSS: 'M20 120 L20 80 L60 50 L220 50 L260 80 L280 85 L280 120 Z',
  SEDAN: 'M20 120 L25 95 L80 85 L110 60 L200 60 L235 85 L280 95 L280 120 Z',
  COUPE: 'M20 120 L25 98 L90 88 L130 62 L195 62 L230 88 L280 98 L280 120 Z',
  CONVERT: 'M20 120 L25 98 L100 90 L120 78 L150 90 L280 98 L280 120 Z',
  HATCH: 'M20 120 L25 95 L80 85 L110 58 L230 58 L262 90 L280 120 Z',
  VANMV: 'M20 120 L20 70 L50 40 L270 40 L280 70 L280 120 Z',
  WAGON: 'M20 120 L25 95 L80 85 L110 58 L255 58 L275 90 L280 120 Z',
};

export const SCENE = {
  width: 300,
  height: 170,
  ground: '#eef1f5',
  outline: '#333',
  outlineWidth: 2,
  wheelXs: [75, 225],
  wheelY: 122,
  tyreRadius: 18,
  tyre: '#222',
  hubRadius: 7,
  hub: '#bbb',
} as const;

/** The body outline and colour of a car (unknown codes: a sedan, in grey). */
export function carScene(body: string, colour: string): { path: string; hex: string } {
  return { path: SHAPES[body] ?? SHAPES.SEDAN, hex: COLOR_HEX[colour] ?? '#888888' };
}
