/**
 * Links of blocks (blocks.md §2, §3 Link): internal URLs are localized, keep the
 * variant id and open in the same window; external links or target _blank are
 * plain anchors. `on_click_action` open_contact_modal opens the contact modal.
 */
import type { AnchorHTMLAttributes, ReactNode } from "react";
import type { Link } from "../../schema/fields";
import { dispatchSiteEvent } from "../lib/events";
import { useFollowLink, useSite } from "../lib/site";

export function isInternalUrl(url: string): boolean {
  return url.startsWith("/") && !url.startsWith("//");
}

/**
 * Adds the variant query parameter to an internal URL (site.md §7); a URL that already names
 * a variant keeps its own, so applying it twice changes nothing.
 */
export function withVariant(url: string, variantId: string | undefined): string {
  const [pathAndQuery = "", hash] = url.split("#");
  if (!variantId || !isInternalUrl(url) || /[?&]variant=/.test(pathAndQuery)) return url;
  const separator = pathAndQuery.includes("?") ? "&" : "?";
  return `${pathAndQuery}${separator}variant=${encodeURIComponent(variantId)}${hash ? `#${hash}` : ""}`;
}

/** Prefixes an unprefixed internal path with the locale. */
export function localizeUrl(url: string, locale: string): string {
  if (!isInternalUrl(url)) return url;
  if (/^\/(fr|en)(\/|$|\?|#)/.test(url)) return url;
  return `/${locale}${url === "/" ? "" : url}`;
}

/**
 * A link to a path of this site (`/fr/…`, already localised): a plain anchor that React Router
 * follows on click, as its <Link> does for such paths. A page has dozens of them (menus,
 * footer, calls to action), and each <Link> resolves its path against the route matches and
 * builds its own navigate function on every render; here the root provides one function for
 * all (FollowLinkProvider). `data-discover` lets React Router discover the target's route
 * ahead of the click. While a variant is viewed, the link keeps it (logos, legal links and
 * every other caller alike).
 */
export function InternalLink({
  to,
  onClick,
  target,
  children,
  ...rest
}: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { to: string }) {
  const follow = useFollowLink();
  const href = withVariant(to, useSite().variantId);
  return (
    <a
      {...rest}
      href={href}
      target={target}
      data-discover="true"
      onClick={(event) => {
        onClick?.(event);
        if (!follow || event.defaultPrevented) return;
        // What the browser should handle itself: other buttons, modifier keys, another window.
        if (event.button !== 0 || (target && target !== "_self")) return;
        if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
        event.preventDefault();
        follow(href);
      }}
    >
      {children}
    </a>
  );
}

export function SmartLink({
  link,
  className,
  children,
  ...rest
}: {
  link: Link;
  className?: string;
  children?: ReactNode;
  "aria-label"?: string;
  onClick?: () => void;
}) {
  const { locale, variantId } = useSite();
  const content = children ?? link.text;
  const action = link.on_click_action;
  if (action) {
    if (action.action_type === "open_contact_modal") {
      return (
        <button
          type="button"
          className={className}
          aria-label={rest["aria-label"]}
          onClick={() => {
            rest.onClick?.();
            dispatchSiteEvent("open-contact-modal", action.action_params ?? {});
          }}
        >
          {content}
        </button>
      );
    }
    console.warn(`Unknown link action type "${action.action_type}".`);
  }
  const url = link.url?.trim();
  if (!url) return <span className={className}>{content}</span>;
  if (isInternalUrl(url) && link.target !== "_blank") {
    return (
      <InternalLink to={localizeUrl(url, locale)} className={className} {...rest}>
        {content}
      </InternalLink>
    );
  }
  const external = link.target === "_blank";
  return (
    <a
      href={isInternalUrl(url) ? withVariant(localizeUrl(url, locale), variantId) : url}
      className={className}
      target={external ? "_blank" : undefined}
      rel={external ? "noopener noreferrer" : undefined}
      {...rest}
    >
      {content}
    </a>
  );
}
