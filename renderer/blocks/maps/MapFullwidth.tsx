/** Full-width map (blocks.md §2): markers behind the click gateway, edge to edge. */
import { type CSSProperties, useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { mapFullwidthBlock } from "../../../schema/blocks/maps";
import { SiteMap } from "../../features/maps/SiteMap";
import type { BlockViewProps } from "../types";
import { toMapMarkers, validItems } from "./markers";
import "../../messages/media";

export default function MapFullwidth({ fields, params }: BlockViewProps<typeof mapFullwidthBlock>) {
  const { t } = useTranslation();
  const markers = useMemo(() => toMapMarkers(validItems(fields.markers_repeater)), [fields.markers_repeater]);
  const style = {
    "--map-fw-mobile": `${Math.max(160, params.height_mobile)}px`,
    "--map-fw-desktop": `${Math.max(160, params.height_desktop)}px`,
  } as CSSProperties;
  return (
    <div className="map-fullwidth" style={style}>
      <SiteMap
        markers={markers}
        popupTrigger={params.popup_trigger}
        height="var(--map-fw-height)"
        label={fields.main_title || t("maps.map-label")}
        className="map-fullwidth__map"
      />
    </div>
  );
}
