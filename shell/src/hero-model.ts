import type { SearchQuery, SearchResult } from '@cfs/contracts';

export interface HeroModel {
  title: string;
  countText: string;
  breadcrumbs: { key: string; label: string; href: string }[];
}

function cap(s: string) {
  return s.charAt(0).toUpperCase() + s.slice(1).toLowerCase();
}

/** Hero text for a search: title, results count and breadcrumbs (shared by server and browser). */
export function heroModel(query: SearchQuery, result: SearchResult | null): HeroModel {
  const first = result?.listings[0];
  const make = query.makeCode?.length === 1 ? (first?.make?.name ?? cap(query.makeCode[0])) : null;
  const model =
    make && query.modelCode?.length === 1 ? (first?.model?.name ?? query.modelCode[0]) : null;
  const condition = query.listingType?.length === 1 ? query.listingType[0] : null;
  const condText = condition === 'NEW' ? 'New' : condition === 'CERTIFIED' ? 'Certified' : condition ? 'Used' : '';
  const what = [condText, make, model ?? (make ? null : 'Cars')].filter(Boolean).join(' ');
  const where = query.zip ? ` near ${query.zip}` : '';
  const title = `${what} for Sale${where}`;
  const n = result?.totalResultCount ?? 0;
  const countText = `${n.toLocaleString('en-US')} ${n === 1 ? 'Result' : 'Results'}`;
  const breadcrumbs = [{ key: 'home', label: 'Home', href: '/' }, { key: 'page', label: 'Cars for Sale', href: '/cars-for-sale' }];
  if (make) breadcrumbs.push({ key: 'make', label: make, href: `/cars-for-sale/all/${encodeURIComponent(query.makeCode![0].toLowerCase())}` });
  if (make && model)
    breadcrumbs.push({
      key: 'model',
      label: model,
      href: `/cars-for-sale/all/${encodeURIComponent(query.makeCode![0].toLowerCase())}/${encodeURIComponent(query.modelCode![0].toLowerCase())}`,
    });
  return { title, countText, breadcrumbs };
}
