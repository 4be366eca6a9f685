/**
 * Site-wide events (site.md §2: contact and language-warning modals open through events).
 * - open-contact-modal: the contact modal (detail: the link action's params, if any)
 * - open-language-warning: `{ archiveUrl }`, the blog archive in the chosen language
 * - toast: a toast payload (lib/toast.ts)
 * - toast-closed: `{ id }` when a toast that had an id closes
 */
export type SiteEventName = "open-contact-modal" | "open-language-warning" | "toast" | "toast-closed";

export function dispatchSiteEvent(name: SiteEventName, detail: unknown = {}): void {
  if (typeof window === "undefined") return;
  window.dispatchEvent(new CustomEvent(`site:${name}`, { detail }));
}

export function onSiteEvent(name: SiteEventName, listener: (detail: unknown) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent).detail);
  window.addEventListener(`site:${name}`, handler);
  return () => window.removeEventListener(`site:${name}`, handler);
}
