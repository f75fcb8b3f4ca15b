/**
 * A journal (./journal.ts) as HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/), the format browsers'
 * developer tools and proxies read. Each entry's response headers carry `X-Synkronus-Dialect` and
 * `X-Synkronus-Rules` as the answers do. A body that is not UTF-8 is Base64: `content.encoding` says so for a
 * response, as HAR allows; for a request, whose `postData` has no such field, `_encoding` does.
 */
import {bodyText, type JournalEntry} from './journal';

export type HarCreator = {name: string; version: string};
type NameValue = {name: string; value: string};

const nameValues = (pairs: Iterable<[string, string]>): NameValue[] =>
  [...pairs].map(([name, value]) => ({name, value}));
const headerOf = (headers: [string, string][], name: string) =>
  headers.find(([key]) => key.toLowerCase() === name)?.[1] ?? '';

function harRequest(entry: JournalEntry) {
  const {method, url, headers, body} = entry.request;
  const request = {
    method,
    url,
    httpVersion: 'HTTP/1.1',
    cookies: [],
    headers: nameValues(headers),
    queryString: nameValues(new URL(url).searchParams),
    headersSize: -1,
    bodySize: body.length,
  };
  if (!body.length) return request;
  const {text, encoding} = bodyText(body);
  const postData = {mimeType: headerOf(headers, 'content-type'), text, ...(encoding ? {_encoding: encoding} : {})};
  return {...request, postData};
}

function harResponse(entry: JournalEntry, reasonOf: (status: number) => string) {
  const {status, headers, body} = entry.response;
  return {
    status,
    statusText: reasonOf(status),
    httpVersion: 'HTTP/1.1',
    cookies: [],
    headers: nameValues(headers),
    content: {size: body.length, mimeType: headerOf(headers, 'content-type'), ...(body.length ? bodyText(body) : {})},
    redirectURL: headerOf(headers, 'location'),
    headersSize: -1,
    bodySize: body.length,
  };
}

/** One HAR entry; `reasonOf` gives a status its reason phrase (node:http's, or the contract's in the page). */
export function harEntry(entry: JournalEntry, reasonOf: (status: number) => string) {
  return {
    startedDateTime: new Date(entry.startedAt).toISOString(),
    time: entry.time,
    request: harRequest(entry),
    response: harResponse(entry, reasonOf),
    cache: {},
    timings: {send: 0, wait: entry.time, receive: 0},
  };
}

/** The HAR log's opening, up to its entries: what a file written entry by entry starts with. */
export const harHead = (creator: HarCreator) =>
  `{"log":{"version":"1.2","creator":${JSON.stringify(creator)},"entries":[`;
/** What closes the entries and the log. */
export const HAR_TAIL = ']}}\n';

/** A whole HAR file of `entries`. */
export function harFile(
  entries: readonly JournalEntry[],
  creator: HarCreator,
  reasonOf: (status: number) => string,
): string {
  return `${harHead(creator)}${entries.map((entry) => JSON.stringify(harEntry(entry, reasonOf))).join(',')}${HAR_TAIL}`;
}
