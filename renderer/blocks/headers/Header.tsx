/**
 * The header shared by the three header blocks (blocks.md §2 Headers, §4 Header and
 * navigation): logo linking home, desktop navigation with submenus or mega groups,
 * CTA on desktop, SMS CTA on mobile, locale switcher, hamburger and mobile panel,
 * visibility on scroll, transparency over the next block, fallback to the mobile
 * navigation when the desktop links do not fit.
 *
 * The mobile panel is an HTML popover the server renders with the page: the hamburger opens
 * it (`popovertarget`) before the page's script runs, or without one; Escape and a tap
 * outside close it, and its submenus are <details>. Once hydrated, React follows its state
 * (the header's scheme, aria-expanded), moves focus into it, keeps Tab inside and closes it
 * when a link is followed in the app.
 */
import {
  type ComponentProps,
  type CSSProperties,
  type FocusEvent,
  type KeyboardEvent,
  lazy,
  type MouseEvent,
  memo,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useTranslation } from "react-i18next";
import type { HeaderOutOfNormFields, HeaderParams, NavItem, SupSection } from "../../../schema/blocks/headers";
import type { Image, Link } from "../../../schema/fields";
import { SCHEME_INFO } from "../../../schema/theme-values";
import { useSite } from "../../lib/site";
import { InternalLink as RouterLink, SmartLink } from "../../ui/SmartLink";
import type { BlockContext } from "../types";
import { Icon } from "./icons";
import {
  hasPopup,
  headerScheme,
  homePath,
  isDimmed,
  linksFit,
  localeSwitch,
  logoScale,
  type MenuEntry,
  menuEntries,
} from "./menu";
import { initialScrollState, reduceHeaderScroll, SCROLL_RESET_MS, SCROLL_SAMPLE_MS } from "./scroll";

export type HeaderVariant = "classic" | "megamenu" | "out-of-norm";

export interface HeaderProps {
  variant: HeaderVariant;
  blockId: string;
  params: HeaderParams;
  fields: {
    logo_image_light?: Image;
    logo_image_dark?: Image;
    cta_button?: Link;
    cta_sms?: Link;
    menu_repeater?: NavItem[];
    sup_sections_repeater?: SupSection[];
    franchise_logo_image?: HeaderOutOfNormFields["franchise_logo_image"];
  };
  ctx: BlockContext;
}

const LG = 992;

// The mobile panel: the server renders it with the page, and it opens and closes as a popover
// without script. Its code (focus, Tab kept inside, closing on a followed link) loads once the
// page has loaded, not with its first JavaScript: until then React leaves the server's HTML of
// its Suspense boundary as it is (memo and stable props: new props would make React render
// the boundary anew, empty until the code is here).
const LazyPanel = lazy(() =>
  (typeof document === "undefined" || document.readyState === "complete"
    ? Promise.resolve()
    : new Promise((loaded) => window.addEventListener("load", loaded, { once: true }))
  ).then(() => import("./MobilePanel")),
);
// The server renders the panel without suspending (renderToString too): its module is loaded
// with the block views (registry.tsx's preloadAllBlocks awaits this).
let serverPanel: typeof import("./MobilePanel") | undefined;
export const mobilePanelReady: Promise<unknown> =
  typeof document === "undefined"
    ? import("./MobilePanel").then((module) => {
        serverPanel = module;
      })
    : Promise.resolve();
const MobilePanel = memo(function MobilePanel(props: ComponentProps<typeof LazyPanel>) {
  // The same Suspense boundary on both sides (the server's HTML has its markers).
  const Panel = serverPanel?.default ?? LazyPanel;
  return (
    <Suspense fallback={null}>
      <Panel {...props} />
    </Suspense>
  );
});

// ---- scroll visibility --------------------------------------------------------

/**
 * The page's own header hides on scroll and publishes its height as --header-offset (first
 * content block padding). A header shown among other blocks (the studio's canvas, the gallery)
 * does neither: it is not fixed, and each of them writing the root's property restyled the
 * whole document.
 */
function usePageHeader(headerRef: React.RefObject<HTMLElement | null>, locked: boolean, page: boolean) {
  const [view, setView] = useState({ hidden: false, opaque: false });
  const lockedRef = useRef(locked);
  lockedRef.current = locked;
  useEffect(() => {
    const el = headerRef.current;
    if (!page || !el) return;
    let state = initialScrollState;
    let sampleTimer: ReturnType<typeof setTimeout> | undefined;
    let resetTimer: ReturnType<typeof setTimeout> | undefined;
    const apply = (next: typeof state) => {
      state = next;
      setView((prev) =>
        prev.hidden === next.hidden && prev.opaque === next.opaque
          ? prev
          : { hidden: next.hidden, opaque: next.opaque },
      );
    };
    const sample = () => {
      apply(
        reduceHeaderScroll(state, {
          type: "sample",
          y: window.scrollY,
          t: performance.now(),
          headerHeight: el.offsetHeight,
          locked: lockedRef.current,
        }),
      );
    };
    const onScroll = () => {
      sample();
      sampleTimer ??= setTimeout(() => {
        sampleTimer = undefined;
        sample();
      }, SCROLL_SAMPLE_MS);
      clearTimeout(resetTimer);
      resetTimer = setTimeout(() => apply(reduceHeaderScroll(state, { type: "reset" })), SCROLL_RESET_MS);
    };
    sample();
    window.addEventListener("scroll", onScroll, { passive: true });
    const root = document.documentElement;
    const offset =
      typeof ResizeObserver === "undefined"
        ? undefined
        : new ResizeObserver(() => root.style.setProperty("--header-offset", `${Math.round(el.offsetHeight)}px`));
    offset?.observe(el);
    return () => {
      window.removeEventListener("scroll", onScroll);
      clearTimeout(sampleTimer);
      clearTimeout(resetTimer);
      offset?.disconnect();
      root.style.removeProperty("--header-offset");
    };
  }, [headerRef, page]);
  useEffect(() => {
    if (locked) setView((prev) => (prev.hidden ? { ...prev, hidden: false } : prev));
  }, [locked]);
  return view;
}

/** Falls back to the mobile navigation when the desktop links do not fit (lg and up). */
function useLinksFallback(
  slotRef: React.RefObject<HTMLElement | null>,
  listRef: React.RefObject<HTMLElement | null>,
  burgerRef: React.RefObject<HTMLElement | null>,
) {
  const [fallback, setFallback] = useState(false);
  // Until the first measure (and without script) CSS shows the menu button between 992 and
  // 1199 px, where the links may not fit: they overlapped the language link and the CTA.
  const [measured, setMeasured] = useState(false);
  useEffect(() => {
    const slot = slotRef.current;
    const list = listRef.current;
    if (!slot || !list || typeof ResizeObserver === "undefined") return;
    let current = false;
    const update = (next: boolean) => {
      setMeasured(true);
      if (next === current) return;
      current = next;
      setFallback(next);
    };
    const measure = () => {
      if (window.innerWidth < LG) {
        update(false);
        return;
      }
      const reclaimable = current ? (burgerRef.current?.offsetWidth ?? 0) : 0;
      update(!linksFit(list.scrollWidth, slot.clientWidth, reclaimable));
    };
    const observer = new ResizeObserver(measure);
    // Its first observation measures, after layout (a call here forced one while React committed).
    observer.observe(slot);
    observer.observe(list);
    return () => observer.disconnect();
  }, [slotRef, listRef, burgerRef]);
  return { fallback, measured };
}

// ---- pieces ---------------------------------------------------------------------

function Logo({ light, dark, scale }: { light?: Image; dark?: Image; scale: number }) {
  const { t } = useTranslation();
  const { locale } = useSite();
  const main = light?.url ? light : dark;
  // The link carries the name: which logo image shows depends on the scheme (CSS), so
  // both images are decorative and the name never disappears with the visible one.
  const label = main?.alt?.trim() || t("header.home");
  return (
    <RouterLink
      to={homePath(locale)}
      className="hdr-logo"
      aria-label={label}
      style={{ "--logo-scale": scale } as CSSProperties}
    >
      {light?.url ? (
        <img
          className="hdr-logo__img hdr-logo__img--light"
          src={light.url}
          alt=""
          width={light.width}
          height={light.height}
          fetchPriority="high"
        />
      ) : null}
      {dark?.url ? (
        <img
          className={`hdr-logo__img hdr-logo__img--dark${light?.url ? "" : " hdr-logo__img--only"}`}
          src={dark.url}
          alt=""
          width={dark.width}
          height={dark.height}
        />
      ) : null}
      {!light?.url && !dark?.url ? <span className="hdr-logo__text">{t("header.home")}</span> : null}
    </RouterLink>
  );
}

function SecondLogo({ image, showRemax }: { image?: Image; showRemax: boolean }) {
  const { t } = useTranslation();
  if (image?.url) {
    return (
      <span className="hdr-second-logo">
        <img src={image.url} alt={image.alt ?? ""} width={image.width} height={image.height} />
      </span>
    );
  }
  if (!showRemax) return null;
  return (
    <span className="hdr-second-logo">
      <img src="/images/remax-logo.svg" alt={t("header.franchise-logo")} width={96} height={32} />
    </span>
  );
}

export function LocaleSwitcher({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { locale, alternatePaths, variantId } = useSite();
  const target = localeSwitch(locale, alternatePaths, variantId);
  return (
    <ul className={["hdr-locales", className].filter(Boolean).join(" ")} aria-label={t("header.language")}>
      <li>
        <RouterLink
          to={target.href}
          className="hdr-locales__link"
          lang={target.locale}
          hrefLang={target.locale}
          data-locale-switch={target.locale}
        >
          <Icon name="globe" size={18} />
          <span>{t(`header.locale.${target.locale}`)}</span>
        </RouterLink>
      </li>
    </ul>
  );
}

function MegaGroups({ entry, onNavigate }: { entry: MenuEntry; onNavigate: () => void }) {
  return (
    <ul className="hdr-mega__groups">
      {entry.groups.map((group, i) => (
        <li key={i} className="hdr-mega__group">
          {group.image?.url ? (
            <img
              className="hdr-mega__image"
              src={group.image.url}
              alt={group.image.alt ?? ""}
              width={group.image.width}
              height={group.image.height}
              loading="lazy"
            />
          ) : null}
          {group.title ? <p className="hdr-mega__title">{group.title}</p> : null}
          {group.description ? <p className="hdr-mega__description">{group.description}</p> : null}
          {group.link.text ? (
            <SmartLink link={group.link} className="hdr-mega__link" onClick={onNavigate}>
              <span>{group.link.text}</span>
              <Icon name="arrow-right" size={16} />
            </SmartLink>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function DesktopNav({
  entries,
  mega,
  idBase,
  listRef,
  open,
  setOpen,
}: {
  entries: MenuEntry[];
  mega: boolean;
  idBase: string;
  listRef: React.RefObject<HTMLUListElement | null>;
  open: number | null;
  setOpen: (index: number | null) => void;
}) {
  const [hovered, setHovered] = useState<number | null>(null);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const close = useCallback(() => {
    setOpen(null);
    setHovered(null);
  }, [setOpen]);

  useEffect(() => {
    if (open === null) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!listRef.current?.contains(event.target as Node)) setOpen(null);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open, listRef, setOpen]);

  const onKeyDown = (index: number) => (event: KeyboardEvent) => {
    if (event.key === "Escape" && open === index) {
      event.stopPropagation();
      setOpen(null);
      buttons.current[index]?.focus();
    }
  };
  const onBlur = (index: number) => (event: FocusEvent<HTMLLIElement>) => {
    if (open === index && !event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(null);
  };
  const onToggle = (index: number) => (event: MouseEvent) => {
    // Enter and Space (detail 0) toggle; a pointer click opens (hover already may have).
    if (event.detail === 0) setOpen(open === index ? null : index);
    else setOpen(index);
  };

  return (
    <ul
      className="hdr-nav__list"
      ref={listRef}
      onPointerLeave={(event) => {
        if (event.pointerType !== "mouse") return;
        setHovered(null);
        setOpen(null);
      }}
    >
      {entries.map((entry, index) => {
        const popup = hasPopup(entry);
        const popupId = `${idBase}-popup-${index}`;
        const isMega = mega && entry.groups.length > 0;
        return (
          <li
            key={index}
            className={`hdr-nav__item${isMega ? " hdr-nav__item--mega" : ""}`}
            data-dimmed={isDimmed(index, hovered, open) ? "" : undefined}
            onPointerEnter={(event) => {
              if (event.pointerType !== "mouse") return;
              setHovered(index);
              setOpen(popup ? index : null);
            }}
            onKeyDown={popup ? onKeyDown(index) : undefined}
            onBlur={popup ? onBlur(index) : undefined}
          >
            {popup ? (
              <>
                <button
                  type="button"
                  ref={(el) => {
                    buttons.current[index] = el;
                  }}
                  className="hdr-nav__link hdr-nav__toggle"
                  aria-expanded={open === index}
                  aria-controls={popupId}
                  onClick={onToggle(index)}
                >
                  <span>{entry.link.text}</span>
                  <Icon name="chevron-down" size={16} className="hdr-nav__chevron" />
                </button>
                <div id={popupId} className={isMega ? "hdr-mega" : "hdr-sub"} hidden={open !== index}>
                  {entry.children.length > 0 || entry.link.url ? (
                    <ul className="hdr-sub__list">
                      {entry.link.url ? (
                        <li>
                          <SmartLink link={entry.link} className="hdr-sub__link" onClick={close} />
                        </li>
                      ) : null}
                      {entry.children.map((child, i) => (
                        <li key={i}>
                          <SmartLink link={child} className="hdr-sub__link" onClick={close} />
                        </li>
                      ))}
                    </ul>
                  ) : null}
                  {entry.groups.length > 0 ? <MegaGroups entry={entry} onNavigate={close} /> : null}
                </div>
              </>
            ) : (
              <SmartLink link={entry.link} className="hdr-nav__link" onClick={close} />
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** The favourites page of the site in this locale (renderer/routes.ts). */
export function favouritesPath(locale: "fr" | "en"): string {
  return locale === "fr" ? "/fr/favoris" : "/en/favourites";
}

function SuperHeader({ sections }: { sections: SupSection[] }) {
  const { t } = useTranslation();
  return (
    <div className="hdr-super">
      {sections.map((section, i) => (
        <div
          key={i}
          className="hdr-super__section"
          style={
            {
              ...(section.bg_color_primary ? { "--super-bg": section.bg_color_primary } : {}),
              ...(section.text_color ? { "--super-text": section.text_color } : {}),
            } as CSSProperties
          }
        >
          <div className="hdr-super__inner">
            {section.icon_lists_repeater?.length ? (
              <ul className="hdr-super__list">
                {section.icon_lists_repeater.map((item, j) => (
                  <li key={j}>
                    <Icon name={item.icon.type} size={16} />
                    <span>{item.text}</span>
                  </li>
                ))}
              </ul>
            ) : null}
            {section.icon_links_repeater?.length ? (
              <ul className="hdr-super__links" aria-label={t("header.social")}>
                {section.icon_links_repeater.map((item, j) => (
                  <li key={j}>
                    <SmartLink link={item.link} className="hdr-super__link" aria-label={item.link.text}>
                      <Icon name={item.icon.type} size={18} />
                    </SmartLink>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        </div>
      ))}
    </div>
  );
}

// ---- the header -------------------------------------------------------------------

export function Header({ variant, blockId, params, fields, ctx }: HeaderProps) {
  const { t } = useTranslation();
  const idBase = `hdr-${blockId.replace(/[^\w-]/g, "")}`;
  const headerRef = useRef<HTMLElement>(null);
  const slotRef = useRef<HTMLElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const burgerRef = useRef<HTMLButtonElement>(null);
  const { locale } = useSite();
  const [panelOpen, setPanelOpen] = useState(false);
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  // Hydrated. The server's menu button carries `popovertarget` alone (the browser tells its state,
  // and HTML forbids aria-expanded beside it); once hydrated, aria-expanded follows the panel.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  // The same array while the menu is the same: the mobile panel is memoised on it.
  const entries = useMemo(() => menuEntries(fields.menu_repeater), [fields.menu_repeater]);
  const locked = panelOpen || openIndex !== null;
  const { hidden, opaque } = usePageHeader(headerRef, locked, ctx.region === "header");
  const { fallback, measured } = useLinksFallback(slotRef, listRef, burgerRef);

  const ownScheme = params.color_scheme ?? "normal";
  const scheme = headerScheme(ownScheme, opaque || panelOpen, ctx.nextScheme);
  const sections = variant === "out-of-norm" ? (fields.sup_sections_repeater ?? []) : [];
  const scale = logoScale(params.logo_multiplier);

  return (
    <header
      ref={headerRef}
      className={`site-header site-header--${variant}`}
      data-scheme={scheme}
      data-dark={SCHEME_INFO[scheme].dark ? "" : undefined}
      data-opaque={opaque || panelOpen ? "" : undefined}
      data-hidden={hidden && !locked ? "" : undefined}
      data-fallback={fallback ? "" : undefined}
      data-measured={measured ? "" : undefined}
      data-orientation={params.orientation_x}
      data-ready={ready ? "" : undefined}
    >
      {sections.length > 0 ? <SuperHeader sections={sections} /> : null}
      <div className="hdr-bar">
        <div className="hdr-brand">
          <Logo light={fields.logo_image_light} dark={fields.logo_image_dark} scale={scale} />
          <SecondLogo
            image={variant === "out-of-norm" ? fields.franchise_logo_image : undefined}
            showRemax={params.show_remax_logo}
          />
        </div>
        <nav
          ref={slotRef}
          className="hdr-nav"
          aria-label={t("header.main-navigation")}
          aria-hidden={fallback ? true : undefined}
          inert={fallback}
        >
          <DesktopNav
            entries={entries}
            mega={variant === "megamenu"}
            idBase={idBase}
            listRef={listRef}
            open={openIndex}
            setOpen={setOpenIndex}
          />
        </nav>
        <div className="hdr-actions">
          <LocaleSwitcher className="hdr-locales--desktop" />
          {fields.cta_button?.text ? <SmartLink link={fields.cta_button} className="btn btn-primary hdr-cta" /> : null}
          <RouterLink to={favouritesPath(locale)} className="hdr-favourites" aria-label={t("header.favourites")}>
            <Icon name="heart" size={22} />
          </RouterLink>
          {fields.cta_sms?.url ? (
            <SmartLink
              link={fields.cta_sms}
              className="hdr-sms"
              aria-label={fields.cta_sms.text?.trim() || t("header.sms")}
            >
              <Icon name="sms" size={22} />
              <span className="hdr-sms__text">{fields.cta_sms.text?.trim() || t("header.sms")}</span>
            </SmartLink>
          ) : null}
          {/* Opens its popover without the page's script (before hydration too). */}
          <button
            ref={burgerRef}
            type="button"
            className="hdr-burger"
            aria-label={t("header.open-menu")}
            aria-haspopup="dialog"
            aria-expanded={ready ? panelOpen : undefined}
            aria-controls={`${idBase}-panel`}
            popoverTarget={`${idBase}-panel`}
          >
            <Icon name="menu" size={26} />
          </button>
          <MobilePanel
            id={`${idBase}-panel`}
            entries={entries}
            scheme={ownScheme}
            cta={fields.cta_button}
            favourites={favouritesPath(locale)}
            onToggle={setPanelOpen}
          />
        </div>
      </div>
    </header>
  );
}
