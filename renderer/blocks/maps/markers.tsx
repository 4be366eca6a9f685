/** Map marker items → SiteMap markers, with a popup and a directions link. */
import { useTranslation } from "react-i18next";
import type { MapMarkerItem } from "../../../schema/blocks/maps";
import { directionsUrl, isValidLatLng } from "../../features/maps/directions";
import type { MapMarker } from "../../features/maps/SiteMap";
import { SmartLink } from "../../ui/SmartLink";
import "../../messages/media";

export function markerId(index: number): string {
  return `marker-${index}`;
}

export function DirectionsLink({ item, className }: { item: MapMarkerItem; className?: string }) {
  const { t } = useTranslation();
  return (
    <a
      className={className}
      href={directionsUrl(item.coords.lat, item.coords.lng)}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t("maps.directions-to", { name: item.main_title })}
    >
      {t("maps.directions")}
    </a>
  );
}

function MarkerPopup({ item }: { item: MapMarkerItem }) {
  const cta = item.cta?.text || item.cta?.on_click_action ? item.cta : undefined;
  return (
    <>
      <p className="map-popup__title">{item.main_title}</p>
      {item.description ? <p className="map-popup__text text-pre-line">{item.description}</p> : null}
      <p className="map-popup__text map-popup__links">
        {cta ? <SmartLink link={cta} /> : null}
        <DirectionsLink item={item} />
      </p>
    </>
  );
}

/** Valid items with their index-based ids (items without usable coordinates are skipped). */
export function validItems(items: readonly MapMarkerItem[] | undefined): { id: string; item: MapMarkerItem }[] {
  return (items ?? [])
    .map((item, index) => ({ id: markerId(index), item }))
    .filter(({ item }) => item.main_title?.trim() && isValidLatLng(item.coords?.lat, item.coords?.lng));
}

export function toMapMarkers(items: { id: string; item: MapMarkerItem }[]): MapMarker[] {
  return items.map(({ id, item }) => ({
    id,
    lat: item.coords.lat,
    lng: item.coords.lng,
    label: item.main_title,
    color: item.markerColor,
    popup: <MarkerPopup item={item} />,
  }));
}
