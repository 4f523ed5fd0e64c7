/** @jsxRuntime automatic @jsxImportSource react */
/**
 * The vehicle page (FrameModule.renderVehiclePage, exposed by the shell's server container through
 * frame.ts): a plain, accessible page for one listing, rendered in the shell version's isolate
 * with its React's static renderer (every value from the data is escaped by React: text and
 * attributes). It needs no script and loads nothing from another host; its small stylesheet is
 * inline. It deploys, switches and rolls back with the shell; the gateway finds the listing and
 * chooses the page (the listing's, or why there is none) and its status.
 *
 * What it shows (page-furniture §2 "Other", search-results §3): the title (cut at ' w/') as the
 * page's one h1, the photos (alt text, the first eager, fixed sizes), the price in the pricing
 * section anchored `#pricingDetails` with payments and incentives, the vehicle's details, the
 * seller (name, phone as a call link, website as an external link) and a link back to the search.
 * designed: the spec names the page and its anchor, not its layout; this is the least a shopper
 * who clicked a car needs.
 */
import { PRICING_ANCHOR, type Listing, type ServerDocument, type VehiclePageInput } from '@cfs/contracts';
import {
  displayTitle,
  electricRangeText,
  formatNumber,
  formatPrice,
  fuelEconomyText,
  paymentText,
  priceText,
  safeHref,
} from '@cfs/search-query';

const SHELL_VERSION: string = __REMOTE_VERSION__;

/** Texts of the vehicle page. designed: the spec does not word these pages. */
export const VEHICLE_TEXT = {
  back: 'Back to search results',
  notFoundTitle: 'We could not find that vehicle',
  notFound: 'The address does not name a vehicle listing.',
  unavailableTitle: 'This vehicle page is unavailable right now',
  unavailable: 'We could not load the vehicle. Please try again in a moment.',
  tryAgain: 'Try again',
  noIncentives: 'No incentives are offered on this vehicle.',
  noPayments: 'Ask the seller about payment options.',
} as const;

const CSS = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2933;background:#fff}
a{color:#0b4fb3}
a:focus-visible,button:focus-visible{outline:3px solid #0b4fb3;outline-offset:2px}
.vdp-skip{position:absolute;left:-9999px}
.vdp-skip:focus{left:8px;top:8px;background:#fff;padding:8px;z-index:1}
.vdp-top{padding:12px 24px;border-bottom:1px solid #d5dbe3}
.vdp-main{max-width:1100px;margin:0 auto;padding:16px 24px 48px}
.vdp-main h1{font-size:28px;margin:8px 0 4px}
.vdp-sub{margin:0 0 16px;color:#52606d}
.vdp-photos{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:8px}
.vdp-photos img{display:block;max-width:100%;height:auto;background:#eef1f5;border-radius:6px}
.vdp-cols{display:grid;grid-template-columns:repeat(auto-fit,minmax(280px,1fr));gap:24px;margin-top:24px}
.vdp-cols section{border:1px solid #d5dbe3;border-radius:8px;padding:16px}
.vdp-cols h2{font-size:20px;margin:0 0 8px}
.vdp-cols h3{font-size:16px;margin:16px 0 4px}
.vdp-price{font-size:28px;font-weight:700;margin:0}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;margin:0}
dl>div{display:contents}
dt{font-weight:600}
dd{margin:0}
.vdp-actions{display:flex;flex-wrap:wrap;gap:12px;margin-top:12px}
.vdp-actions a{display:inline-block;padding:8px 14px;border:1px solid #0b4fb3;border-radius:6px;text-decoration:none}
.vdp-message{max-width:720px;margin:48px auto;padding:0 24px}
.vdp-message button{font:inherit;padding:8px 14px;border:1px solid #0b4fb3;border-radius:6px;background:#fff;color:#0b4fb3;cursor:pointer}
`;

function Document({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    // The shell version that drew it, as each region's root carries its remote's.
    <html lang="en" data-version={SHELL_VERSION}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <style dangerouslySetInnerHTML={{ __html: CSS }} />
      </head>
      <body>{children}</body>
    </html>
  );
}

/** The document, rendered by the isolate's React as static markup (every value escaped). */
function html(node: React.ReactElement): ServerDocument<React.ReactElement> {
  return { element: node };
}

/** A phone number as a tel: link target (digits and a leading +), or undefined when it has no digits. */
export function telHref(phone: unknown): string | undefined {
  if (typeof phone !== 'string') return undefined;
  const digits = phone.replace(/[^0-9+]/g, '').replace(/(?!^)\+/g, '');
  return /\d{3,}/.test(digits) ? `tel:${digits}` : undefined;
}

/** A seller's website: only an absolute http(s) address (another site) becomes an external link. */
function externalHref(href: unknown): string | undefined {
  const safe = safeHref(href);
  return safe && /^https?:\/\//i.test(safe) ? safe : undefined;
}

function conditionText(listing: Listing): string {
  switch (listing.listingType) {
    case 'NEW':
      return 'New';
    case 'CERTIFIED':
      return 'Certified';
    case '3P_CERT':
      return 'Third-Party Certified';
    default:
      return 'Used';
  }
}

/** The vehicle's details as label and value, leaving out what the listing does not give. */
export function vehicleFacts(listing: Listing): [string, string][] {
  const rows: [string, string | undefined][] = [
    ['Condition', conditionText(listing)],
    ['Year', listing.year ? String(listing.year) : undefined],
    ['Make', listing.make?.name],
    ['Model', listing.model?.name],
    ['Trim', listing.trim?.name],
    ['Mileage', typeof listing.mileage?.value === 'number' ? `${formatNumber(listing.mileage.value)} miles` : undefined],
    ['Engine', listing.engine?.name ?? listing.specifications?.engine],
    ['Drive type', listing.driveType?.name ?? listing.specifications?.driveType],
    ['Transmission', listing.transmission?.name],
    ['Fuel type', listing.fuelType?.name],
    ['Fuel economy', fuelEconomyText(listing) ?? undefined],
    ['Electric range', electricRangeText(listing) ?? undefined],
    ['Exterior color', listing.color?.exteriorColorSimple],
    ['Interior color', listing.color?.interiorColorSimple],
    ['VIN', listing.vin],
  ];
  return rows.filter((r): r is [string, string] => typeof r[1] === 'string' && r[1].length > 0);
}

/** The page the gateway asks for: a listing's, or the one that says why there is none. */
export function renderVehiclePage(input: VehiclePageInput): ServerDocument<React.ReactElement> {
  return input.kind === 'vehicle' ? listingPage(input) : messagePage(input.kind, input.backHref);
}

/** The vehicle page of a listing. */
function listingPage({
  listing,
  owner,
  backHref,
  payments,
}: Extract<VehiclePageInput, { kind: 'vehicle' }>): ServerDocument<React.ReactElement> {
  const title = displayTitle(listing.title) || [listing.year, listing.make?.name, listing.model?.name].filter(Boolean).join(' ');
  const sources = (Array.isArray(listing.images?.sources) ? listing.images.sources : [])
    .map((img) => ({ src: safeHref(img?.src), alt: (typeof img?.alt === 'string' && img.alt.trim()) || title }))
    .filter((img): img is { src: string; alt: string } => !!img.src);
  const primary = typeof listing.images?.primary === 'number' ? listing.images.primary : 0;
  const photos = sources.length > primary ? [sources[primary], ...sources.filter((_, i) => i !== primary)] : sources;
  const pricing = listing.pricingDetail ?? {};
  const pay = pricing.payments;
  const phone = listing.phone ?? owner?.phone?.value;
  const tel = telHref(phone);
  const website = externalHref(owner?.website?.href ?? listing.website?.href);
  const address = owner?.location?.address;
  const sellerName = owner?.name || (owner?.privateSeller ? 'Private seller' : 'Seller');

  return html(
    <Document title={`${title} | Cars for Sale`}>
      <a className="vdp-skip" href="#vdp-main">
        Skip to vehicle details
      </a>
      <header className="vdp-top">
        <nav aria-label="Breadcrumb">
          <a href={backHref}>{VEHICLE_TEXT.back}</a>
        </nav>
      </header>
      <main className="vdp-main" id="vdp-main">
        <h1>{title}</h1>
        <p className="vdp-sub">
          {conditionText(listing)}
          {typeof listing.mileage?.value === 'number' ? ` · ${formatNumber(listing.mileage.value)} miles` : ''}
        </p>
        {photos.length > 0 && (
          <section aria-label="Photos">
            <ul className="vdp-photos">
              {photos.map((img, i) => (
                <li key={`${img.src}-${i}`}>
                  {i === 0 ? (
                    <img src={img.src} alt={img.alt} width={640} height={480} loading="eager" fetchPriority="high" decoding="async" />
                  ) : (
                    <img src={img.src} alt={img.alt} width={200} height={150} loading="lazy" decoding="async" />
                  )}
                </li>
              ))}
            </ul>
          </section>
        )}
        <div className="vdp-cols">
          <section id={PRICING_ANCHOR} aria-labelledby="vdp-pricing">
            <h2 id="vdp-pricing">Pricing details</h2>
            <p className="vdp-price">{priceText(pricing.salePrice)}</p>
            <dl>
              {typeof pricing.msrp === 'number' && pricing.msrp > 0 && (
                <div>
                  <dt>MSRP</dt>
                  <dd>{formatPrice(pricing.msrp)}</dd>
                </div>
              )}
              {pricing.dealIndicator && (
                <div>
                  <dt>Deal rating</dt>
                  <dd>{`${pricing.dealIndicator.charAt(0)}${pricing.dealIndicator.slice(1).toLowerCase()} price`}</dd>
                </div>
              )}
            </dl>
            {payments && (
              <>
                <h3 id="payments">Payments</h3>
                {pay && pay.monthly > 0 ? (
                  <p>
                    {`Estimated ${paymentText(pay, true)} at ${formatNumber(pay.apr, 2)}% APR with ${formatPrice(pay.downPayment)} down.`}
                  </p>
                ) : (
                  <p>{VEHICLE_TEXT.noPayments}</p>
                )}
              </>
            )}
            <h3 id="incentives">Incentives</h3>
            {typeof pricing.incentive === 'number' && pricing.incentive > 0 ? (
              <p>{`${formatPrice(pricing.incentive)} incentive available on this vehicle.`}</p>
            ) : (
              <p>{VEHICLE_TEXT.noIncentives}</p>
            )}
          </section>
          <section aria-labelledby="vdp-details">
            <h2 id="vdp-details">Vehicle details</h2>
            <dl>
              {vehicleFacts(listing).map(([label, value]) => (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          </section>
          <section aria-labelledby="vdp-seller">
            <h2 id="vdp-seller">Seller</h2>
            <p>
              <strong>{sellerName}</strong>
              {address && (address.city || address.state) && (
                <>
                  <br />
                  {[address.address1, [address.city, address.state].filter(Boolean).join(', '), address.zip].filter(Boolean).join(' · ')}
                </>
              )}
            </p>
            <div className="vdp-actions">
              {tel && <a href={tel}>{`Call ${phone}`}</a>}
              {website && (
                <a href={website} rel="external noopener noreferrer">
                  {`Visit the ${sellerName} website`}
                </a>
              )}
            </div>
          </section>
        </div>
        <p>
          <a href={backHref}>{VEHICLE_TEXT.back}</a>
        </p>
      </main>
    </Document>,
  );
}

/** A page that says what went wrong and leads back to the search (404: no such vehicle; 503: unavailable). */
function messagePage(kind: 'notFound' | 'unavailable', backHref: string): ServerDocument<React.ReactElement> {
  const heading = kind === 'notFound' ? VEHICLE_TEXT.notFoundTitle : VEHICLE_TEXT.unavailableTitle;
  const text = kind === 'notFound' ? VEHICLE_TEXT.notFound : VEHICLE_TEXT.unavailable;
  return html(
    <Document title={`${heading} | Cars for Sale`}>
      <main className="vdp-message" id="vdp-main">
        <h1>{heading}</h1>
        <p>{text}</p>
        {kind === 'unavailable' && (
          // A GET form reloads this page without a script.
          <form method="get">
            <button type="submit">{VEHICLE_TEXT.tryAgain}</button>
          </form>
        )}
        <p>
          <a href={backHref}>{VEHICLE_TEXT.back}</a>
        </p>
      </main>
    </Document>,
  );
}
