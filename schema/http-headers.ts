/**
 * How every part of the product reads the request headers a visitor's browser writes: cookies,
 * Accept-Language and Accept-Encoding. One module on two well-kept parsers (`cookie`,
 * `negotiator`, what Express uses), shared by the renderer's loaders, the page cache and the
 * content service. Garbage in a header is ignored, never thrown: a damaged cookie lives a year in
 * a browser, and a 500 on every page for that long is the visitor's whole site.
 *
 * Server code only (negotiator is CommonJS): the browser writes its one cookie with
 * `localeCookie` (renderer/lib/locale.ts) and reads none.
 */
import { parseCookie } from "cookie";
import Negotiator from "negotiator";

type HeaderValue = string | readonly string[] | null | undefined;

/** A header's value as one string (Node gives arrays for repeated headers; cookies join with "; "). */
const one = (header: HeaderValue, separator = ", "): string | undefined =>
  typeof header === "string" ? header : Array.isArray(header) ? header.join(separator) : undefined;

/**
 * Every cookie of a Cookie header, by name; a value that is not valid percent-encoding is kept as
 * it came (the cookie package's decode), and the first of two cookies of one name wins.
 */
export function readCookies(header: HeaderValue): Record<string, string> {
  const text = one(header, "; ");
  if (!text) return {};
  try {
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(parseCookie(text))) if (value !== undefined) out[name] = value;
    return out;
  } catch {
    return {};
  }
}

/** One cookie's value, or undefined when absent. */
export function readCookie(header: HeaderValue, name: string): string | undefined {
  const text = one(header, "; ");
  // Most requests carry no cookie of that name: skip the parse.
  if (!text?.includes(name)) return undefined;
  return readCookies(text)[name];
}

/** Whether a Cookie header holds a cookie of one of these names (values are not read). */
export function hasCookie(header: HeaderValue, names: Iterable<string>): string | undefined {
  const text = one(header, "; ");
  if (!text) return undefined;
  const cookies = readCookies(text);
  for (const name of names) if (name in cookies) return name;
  return undefined;
}

/** negotiator 1 takes the server's order for ties (`@types/negotiator` still describes 0.6). */
type NegotiatorOne = { encoding(available: string[], options: { preferred: string[] }): string | undefined };

function negotiator(name: "accept-language" | "accept-encoding", header: HeaderValue): Negotiator | undefined {
  const text = one(header);
  return text ? new Negotiator({ headers: { [name]: text } }) : undefined;
}

/**
 * The first of `available` an Accept-Language header prefers (by quality, `fr-CA` matching `fr`);
 * undefined when none is acceptable or the header is absent or unreadable.
 */
export function preferredLanguage<T extends string>(header: HeaderValue, available: readonly T[]): T | undefined {
  try {
    const best = negotiator("accept-language", header)?.language([...available]);
    return available.find((lang) => lang === best);
  } catch {
    return undefined;
  }
}

/**
 * The content coding to use for an Accept-Encoding header among `available` (in the server's
 * order of preference when qualities tie); undefined when the header is absent or accepts none
 * of them (the body then goes as it is).
 */
export function preferredEncoding<T extends string>(header: HeaderValue, available: readonly T[]): T | undefined {
  try {
    const parsed = negotiator("accept-encoding", header) as NegotiatorOne | undefined;
    const best = parsed?.encoding([...available], { preferred: [...available] });
    return available.find((coding) => coding === best);
  } catch {
    return undefined;
  }
}
