/**
 * A region's data (what its server render fetched, @cfs/contracts' RegionData) as the JSON the
 * page carries beside its HTML. An entry whose body is the very answer the render was given is
 * written as the text the gateway sent, not serialised a second time after it was just parsed;
 * anything else (a failed call, a body the render replaced, an entry of another shape) is
 * serialised as it is. Parsed, the result equals JSON.stringify(data) parsed.
 */
import type { RegionData } from '@cfs/contracts';

/** The answers a render was given, by URL: the text as sent and the value it was parsed to. */
export type SentAnswers = Map<string, { text: string; parsed: unknown }>;

export function regionDataJson(data: RegionData, answers: SentAnswers): string {
  const parts: string[] = [];
  for (const [url, entry] of Object.entries(data)) {
    if (entry === undefined) continue;
    const answer = answers.get(url);
    const asSent = entry.ok && answer !== undefined && Object.keys(entry).length === 2 && entry.body === answer.parsed;
    parts.push(`${JSON.stringify(url)}:${asSent ? `{"ok":true,"body":${answer.text}}` : JSON.stringify(entry)}`);
  }
  return `{${parts.join(',')}}`;
}
