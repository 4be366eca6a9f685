/**
 * properties_block: listing items beside a map of their points (first 2 items up to xl, all
 * above: a CSS rule, so the server's HTML is the same at every width and no breakpoint code
 * loads). An item's link shows its own text; without one, the address is the link.
 */
import { lazy, Suspense, useMemo } from "react";
import type { propertiesBlock } from "../../../schema/blocks/properties";
import { Heading } from "../../ui/Heading";
import { Image } from "../../ui/Image";
import { SmartLink } from "../../ui/SmartLink";
import type { BlockViewProps } from "../types";
import "../../features/search/search.css";

// The map loads only for a block that has points: a list of listings alone ships no map code.
// The server loads it with this view, and once loaded it resolves synchronously, so a server
// render never suspends on it (renderToString included).
type SiteMapModule = { default: typeof import("../../features/maps/SiteMap").SiteMap };
let siteMapModule: SiteMapModule | undefined;
const loadSiteMap = () =>
  import("../../features/maps/SiteMap").then((m): SiteMapModule => {
    siteMapModule = { default: m.SiteMap };
    return siteMapModule;
  });
if (typeof window === "undefined") await loadSiteMap();
/** A thenable that resolves at once: React reads a lazy component resolved during `then` without suspending. */
function resolvedNow<T>(value: T): Promise<T> {
  return {
    // biome-ignore lint/suspicious/noThenProperty: a synchronous thenable is the point.
    then: (resolve: (resolved: T) => void) => resolve(value),
  } as unknown as Promise<T>;
}
const SiteMap = lazy(() => (siteMapModule ? resolvedNow(siteMapModule) : loadSiteMap()));

export default function PropertiesBlock({ fields }: BlockViewProps<typeof propertiesBlock>) {
  const items = fields.property_listing_item ?? [];
  // SiteMap rebuilds its markers when the array changes: keep it stable across renders.
  const points = useMemo(
    () =>
      (fields.property_map_item ?? []).map((m, i) => ({
        id: m.hover_id || String(i),
        lat: m.coords.lat,
        lng: m.coords.lng,
        label: m.tooltip || m.popup_repeater?.[0]?.main_title || String(i + 1),
      })),
    [fields.property_map_item],
  );
  return (
    <section className="container section properties-block">
      {fields.main_title ? (
        <Heading level={2} className="title-2">
          {fields.main_title}
        </Heading>
      ) : null}
      <div className="search-layout" style={{ gridTemplateColumns: points.length ? undefined : "1fr" }}>
        <ul className="search-grid">
          {items.map((item, i) => (
            <li key={item.hover_id || i} className="property-card" data-hover-id={item.hover_id}>
              <div className="property-card__media">
                <Image image={item.medias_repeater?.[0]?.media.image} />
              </div>
              <div className="property-card__body">
                {item.super_title ? <p>{item.super_title}</p> : null}
                {item.main_title ? (
                  <Heading level={3} className="property-card__address">
                    {item.link?.url && !item.link.text?.trim() ? (
                      <SmartLink link={{ ...item.link, text: item.main_title }} />
                    ) : (
                      item.main_title
                    )}
                  </Heading>
                ) : null}
                {item.sub_title ? <p>{item.sub_title}</p> : null}
                {item.secondary_title ? <p className="property-card__price">{item.secondary_title}</p> : null}
                {item.tags_repeater?.length ? <p>{item.tags_repeater.map((t) => t.tag).join(" · ")}</p> : null}
                {item.list_items_repeater?.length ? (
                  <ul className="property-card__specs">
                    {item.list_items_repeater.map((l, k) => (
                      <li key={k}>{l.text}</li>
                    ))}
                  </ul>
                ) : null}
                {item.link?.url && item.link.text?.trim() ? <SmartLink link={item.link} /> : null}
              </div>
            </li>
          ))}
        </ul>
        {points.length ? (
          <Suspense fallback={null}>
            <SiteMap markers={points} />
          </Suspense>
        ) : null}
      </div>
    </section>
  );
}
