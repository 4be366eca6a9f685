/**
 * The studio's address names what is open (issue 29): `?page=/fr/a-propos` (a page of the site,
 * by its published path), `&variant=portes-ouvertes` (its content in a variant), `?draft=<id>` (a
 * new page not published yet, kept as a draft in this browser) or `?demo` (the designers' demo
 * page). A link to it can be shared, and a reload lands where the editor was. Written with
 * `history.replaceState` (React Router's state kept), so opening pages does not fill the history.
 */
import { create } from "zustand";
import type { Locale } from "../../schema/locales";
import type { StudioDoc } from "../store/types";

const useQuery = create<{ query: string }>()(() => ({ query: "" }));

/** The query naming the open page (`?page=…`), or "" when nothing is open (or a file from disk). */
export const useStudioQuery = () => useQuery((s) => s.query);

/** The query naming a document: its published path in `locale`, its variant, or what else it is. */
export function studioQueryOf(doc: StudioDoc | null, published: StudioDoc | null, locale: Locale): string {
  if (!doc) return "";
  if (doc.origin === "demo") return "?demo";
  if (doc.origin === "file") return "";
  const params = new URLSearchParams();
  // A new page is not at its path yet: its draft is named by its id.
  if (doc.base_version === 0 && !doc.variant) params.set("draft", doc.page_id);
  else params.set("page", (published ?? doc).paths[locale]);
  if (doc.variant) params.set("variant", doc.variant.id);
  return `?${params.toString().replaceAll("%2F", "/")}`;
}

/** Writes the open document into the address bar (the studio's sections screen only). */
export function writeStudioQuery(query: string): void {
  useQuery.setState({ query });
  if (typeof window === "undefined" || window.location.search === query) return;
  const url = new URL(window.location.href);
  url.search = query;
  window.history.replaceState(window.history.state, "", url);
}
