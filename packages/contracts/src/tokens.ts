/**
 * The design tokens: the page's colours, type scale, spacing and radius, as CSS custom properties
 * the shell sets on the page (`--cfs-*`) and every region's stylesheet uses. A brand's look is its
 * row here: change a colour in this file and every region follows.
 */
import { BRANDS, type Brand } from './brand';

export interface DesignTokens {
  /** The brand colour: links, primary buttons, selected states, focus outlines. */
  accent: string;
  /** Text on the brand colour. */
  onAccent: string;
  text: string;
  /** Secondary text (counts, captions). */
  muted: string;
  /** Errors and warnings that stop the shopper. */
  danger: string;
  /** Marks that call attention (deal badges, stars). */
  highlight: string;
  /** The corner radius of cards and dialogs, and of controls. */
  radius: string;
  radiusSmall: string;
  /** The type scale. */
  fontSmall: string;
  fontBody: string;
  fontLarge: string;
  /** The spacing step. */
  space: string;
}

const BASE: DesignTokens = {
  accent: '#1d4ed8',
  onAccent: '#fff',
  text: '#1b1b1f',
  muted: '#445',
  danger: '#b42318',
  highlight: '#f59e0b',
  radius: '8px',
  radiusSmall: '6px',
  fontSmall: '14px',
  fontBody: '16px',
  fontLarge: '20px',
  space: '8px',
};

/** Each brand's tokens: the base, and what the brand changes. */
export const BRAND_TOKENS: Readonly<Record<Brand, DesignTokens>> = {
  atc: BASE,
  kbb: BASE,
  magazine: BASE,
  // designed: the Ford certified-used variant in the maker's blue.
  ford: { ...BASE, accent: '#003478' },
};

const PROPERTY: Record<keyof DesignTokens, string> = {
  accent: '--cfs-accent',
  onAccent: '--cfs-on-accent',
  text: '--cfs-text',
  muted: '--cfs-muted',
  danger: '--cfs-danger',
  highlight: '--cfs-highlight',
  radius: '--cfs-radius',
  radiusSmall: '--cfs-radius-small',
  fontSmall: '--cfs-font-small',
  fontBody: '--cfs-font-body',
  fontLarge: '--cfs-font-large',
  space: '--cfs-space',
};

const declarations = (tokens: Partial<DesignTokens>) =>
  (Object.keys(tokens) as (keyof DesignTokens)[]).map((k) => `${PROPERTY[k]}:${tokens[k]}`).join(';');

/**
 * The tokens as CSS: the main brand's on the page's root, and each other brand's differences on
 * `html[data-brand=...]` (the frame names the brand there).
 */
export function tokensCss(): string {
  const rules = [`:root{${declarations(BRAND_TOKENS.atc)}}`];
  for (const brand of BRANDS) {
    const diff = Object.fromEntries(
      (Object.keys(BASE) as (keyof DesignTokens)[])
        .filter((k) => BRAND_TOKENS[brand][k] !== BRAND_TOKENS.atc[k])
        .map((k) => [k, BRAND_TOKENS[brand][k]]),
    ) as Partial<DesignTokens>;
    if (Object.keys(diff).length) rules.push(`html[data-brand="${brand}"]{${declarations(diff)}}`);
  }
  return rules.join('\n');
}

/**
 * The shared button (remote-kit's Button): its classes, and its rules in the tokens, written into
 * the page once by the shell. A region adds only what is its own (a width, a place).
 */
export const BUTTON_CLASSES = {
  /** Every button: the brand colour's outline. */
  base: 'cfs-button',
  /** The one action a part of the page asks for: filled with the brand colour. */
  primary: 'cfs-button-primary',
} as const;

export type ButtonVariant = Exclude<keyof typeof BUTTON_CLASSES, 'base'> | 'secondary';

export function buttonCss(): string {
  const { base, primary } = BUTTON_CLASSES;
  return [
    `.${base}{font:inherit;padding:6px 14px;border-radius:var(--cfs-radius-small);border:1px solid var(--cfs-accent);background:#fff;color:var(--cfs-accent);cursor:pointer}`,
    `.${base}.${primary}{background:var(--cfs-accent);color:var(--cfs-on-accent)}`,
    `.${base}:disabled,.${base}[aria-disabled=true]{opacity:.6;cursor:default}`,
  ].join('\n');
}
