/**
 * A region's data (what its server render fetched, @cfs/contracts' RegionData) as the JSON the
 * page carries beside its HTML (RegionDataJson). An entry whose body is the very answer the
 * render was given is written as the text the gateway sent, not serialised a second time after it
 * was just parsed; anything else (a failed call, a body the render replaced, an entry of another
 * shape) is serialised as it is. An answer's listings and owners are written as the page reads
 * them (contracts' forPage: PAGE_LISTING_FIELDS, PAGE_OWNER_FIELDS), so such an answer is written
 * again. Given the first-load search result (the region's build reads references:
 * PreparedRegion's stateRefs), an answer's listings and owners that the result already carries
 * are written as references to it (contracts' referToResult), so the page carries each once. Read
 * back (contracts' resolveRegionData against the same result), the JSON equals
 * JSON.stringify(data) parsed, each listing and owner as forPage leaves it.
 */
import { forPage, referToResult, type ReferredResult, type RegionData } from '@cfs/contracts';

/** The answers a render was given, by URL: the text as sent and the value it was parsed to. */
export type SentAnswers = Map<string, { text: string; parsed: unknown }>;

export function regionDataJson(data: RegionData, answers: SentAnswers, result?: ReferredResult | null): string {
  const parts: string[] = [];
  for (const [url, entry] of Object.entries(data)) {
    if (entry === undefined) continue;
    // An answer's listings and owners as the page reads them (contracts' forPage); the rest as it is.
    const body = entry.ok ? forPage(entry.body) : undefined;
    const referring = entry.ok && result ? referToResult(body, result) : null;
    const answer = answers.get(url);
    const asSent = entry.ok && answer !== undefined && Object.keys(entry).length === 2 && body === answer.parsed;
    const json = referring
      ? `{"ok":true,"refs":true,"body":${JSON.stringify(referring)}}`
      : asSent
        ? `{"ok":true,"body":${answer.text}}`
        : JSON.stringify(entry.ok && body !== entry.body ? { ...entry, body } : entry);
    parts.push(`${JSON.stringify(url)}:${json}`);
  }
  return `{${parts.join(',')}}`;
}
