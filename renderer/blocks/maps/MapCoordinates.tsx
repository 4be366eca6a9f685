/**
 * Coordinates map (blocks.md §2, §3 Map marker item): a list of places, each with a
 * "show on the map" button and a directions link, beside a map of their markers.
 */
import { useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { mapCoordinatesBlock } from "../../../schema/blocks/maps";
import { SiteMap } from "../../features/maps/SiteMap";
import { RichText } from "../../ui/RichText";
import { SmartLink } from "../../ui/SmartLink";
import { Text } from "../../ui/Text";
import type { BlockViewProps } from "../types";
import { DirectionsLink, toMapMarkers, validItems } from "./markers";
import "../../messages/media";
import { Heading } from "../../ui/Heading";

export default function MapCoordinates({ fields, params }: BlockViewProps<typeof mapCoordinatesBlock>) {
  const { t } = useTranslation();
  const headingId = useId();
  const items = useMemo(() => validItems(fields.markers_repeater), [fields.markers_repeater]);
  const markers = useMemo(() => toMapMarkers(items), [items]);
  const [activeId, setActiveId] = useState<string | null>(null);
  return (
    <section
      className="container section map-coordinates"
      aria-labelledby={fields.main_title ? headingId : undefined}
      aria-label={fields.main_title ? undefined : t("maps.map-label")}
    >
      <div className="map-coordinates__text">
        {fields.super_title ? <Text value={fields.super_title} as="p" className="super-title" /> : null}
        {fields.main_title ? <Text value={fields.main_title} as="h2" className="title-2" id={headingId} /> : null}
        <RichText html={fields.description} className="text-body" />
        {items.length ? (
          <ul className="map-coordinates__places">
            {items.map(({ id, item }) => (
              <li key={id} className="map-coordinates__place" data-active={id === activeId ? "true" : "false"}>
                <Heading level={3} className="map-coordinates__title">
                  {item.main_title}
                </Heading>
                {item.description ? <Text value={item.description} as="p" className="map-coordinates__desc" /> : null}
                <p className="map-coordinates__links">
                  <button
                    type="button"
                    className="map-coordinates__show"
                    aria-current={id === activeId ? "true" : undefined}
                    onClick={() => setActiveId(id)}
                  >
                    {t("maps.show-on-map")}
                  </button>
                  <DirectionsLink item={item} />
                  {item.cta?.text ? <SmartLink link={item.cta} /> : null}
                </p>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="map-coordinates__map">
        <SiteMap
          markers={markers}
          activeId={activeId}
          onMarkerClick={setActiveId}
          popupTrigger={params.popup_trigger}
          showActivePopup
          height="var(--map-coordinates-height)"
          label={fields.main_title || t("maps.map-label")}
        />
      </div>
    </section>
  );
}
