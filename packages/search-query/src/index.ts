export { parseQuery } from './parse';
export { normaliseQuery, type NormaliseContext } from './normalise';
export { serializeQuery, KEY_ORDER } from './serialize';
export { normalisedSearch, normalisedUrl, isNormalised } from './url';
export { queryFromPath, BODY_STYLE_SLUGS } from './path';
export { pageType } from './page';
export { breadcrumbs, type Breadcrumb, type Labels } from './breadcrumbs';
export {
  normaliseZip,
  validZip,
  normaliseRadius,
  excludedIdsParam,
  defaultSort,
  isSortValue,
  newCarYears,
  displayTitle,
  roundDistance,
  mileageStatValid,
  formatPrice,
  parsePrice,
  validatePrice,
} from './rules';
