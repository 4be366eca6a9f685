/**
 * The right-side mobile panel (blocks.md §2 Headers): an HTML popover the server renders with
 * the page (Header.tsx opens it with `popovertarget`, with or without script). Accordion
 * submenus are <details>; then the favourites, the locale switcher and the call to action.
 * Hydrated once the page has loaded (Header.tsx): React follows its state, moves focus into it, keeps Tab inside
 * and closes it when a link is followed in the app.
 */
import { type KeyboardEvent, type MouseEvent, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { Link } from "../../../schema/fields";
import { InternalLink as RouterLink, SmartLink } from "../../ui/SmartLink";
import { LocaleSwitcher } from "./Header";
import { Icon } from "./icons";
import { hasPopup, type MenuEntry } from "./menu";

/** The panel's menu: links, and a <details> for each item with a submenu (no script needed). */
export function MobileAccordion({ entries }: { entries: MenuEntry[] }) {
  return (
    <ul className="hdr-panel__list">
      {entries.map((entry, index) => {
        if (!hasPopup(entry)) {
          return (
            <li key={index}>
              <SmartLink link={entry.link} className="hdr-panel__link" />
            </li>
          );
        }
        const links: Link[] = [
          ...(entry.link.url ? [entry.link] : []),
          ...entry.children,
          ...entry.groups.filter((g) => g.link.url).map((g) => ({ ...g.link, text: g.link.text || g.title })),
        ];
        return (
          <li key={index}>
            <details className="hdr-panel__group">
              <summary className="hdr-panel__link hdr-panel__toggle">
                <span>{entry.link.text}</span>
                <Icon name="chevron-down" size={18} className="hdr-nav__chevron" />
              </summary>
              <ul className="hdr-panel__sublist">
                {links.map((link, i) => (
                  <li key={i}>
                    <SmartLink link={link} className="hdr-panel__sublink" />
                  </li>
                ))}
              </ul>
            </details>
          </li>
        );
      })}
    </ul>
  );
}

/** The elements Tab stops at inside `root`, in order. */
function tabbables(root: HTMLElement): HTMLElement[] {
  return [
    ...root.querySelectorAll<HTMLElement>("a[href], button:not([disabled]), summary, [tabindex]:not([tabindex='-1'])"),
  ].filter((el) => el.getClientRects().length > 0);
}

export default function MobilePanel({
  id,
  entries,
  scheme,
  cta,
  favourites,
  onToggle,
}: {
  id: string;
  entries: MenuEntry[];
  scheme: string;
  cta?: Link;
  favourites: string;
  onToggle: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const panel = ref.current;
    if (!panel) return;
    const onPanelToggle = (event: Event) => {
      const open = (event as ToggleEvent).newState === "open";
      onToggle(open);
      // A dialog takes focus when it opens (the browser gives it back to the hamburger on close).
      if (open) panel.focus();
    };
    // Opened before hydration: React catches up with it.
    if (panel.matches(":popover-open")) onToggle(true);
    panel.addEventListener("toggle", onPanelToggle);
    return () => panel.removeEventListener("toggle", onPanelToggle);
  }, [onToggle]);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Modal: Tab and Shift+Tab go round inside the panel.
    if (event.key !== "Tab") return;
    const stops = tabbables(event.currentTarget);
    const first = stops[0];
    const last = stops[stops.length - 1];
    if (!first || !last) return;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === event.currentTarget)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    // A link followed in the app leaves the page under the panel: close it.
    if ((event.target as Element).closest("a[href]")) event.currentTarget.hidePopover?.();
  };
  return (
    // A popover <div>: a modal <dialog> opens only from script (or with commands not every browser has).
    <div
      ref={ref}
      id={id}
      popover="auto"
      role="dialog"
      aria-modal="true"
      aria-label={t("header.menu")}
      className="hdr-panel"
      tabIndex={-1}
      onKeyDown={onKeyDown}
      onClick={onClick}
    >
      <div className="hdr-panel__inner" data-scheme={scheme}>
        <div className="hdr-panel__head">
          <span className="hdr-panel__title">{t("header.menu")}</span>
          <button
            type="button"
            className="hdr-panel__close"
            aria-label={t("header.close-menu")}
            popoverTarget={id}
            popoverTargetAction="hide"
          >
            <Icon name="close" size={24} />
          </button>
        </div>
        <nav className="hdr-panel__nav" aria-label={t("header.mobile-navigation")}>
          <MobileAccordion entries={entries} />
        </nav>
        <ul className="hdr-panel__extra">
          <li>
            <RouterLink to={favourites} className="hdr-panel__link hdr-panel__favourites">
              <span>{t("header.favourites")}</span>
              <Icon name="heart" size={20} />
            </RouterLink>
          </li>
        </ul>
        <LocaleSwitcher className="hdr-locales--panel" />
        {cta?.text ? (
          <div className="hdr-panel__footer">
            <SmartLink link={cta} className="btn btn-primary" />
          </div>
        ) : null}
      </div>
    </div>
  );
}
