/**
 * Offices list with a map (blocks.md §2, §3 Office map item, §4 Offices map).
 * The first office is active initially; a click, a focus or a marker click makes an
 * office active (its marker highlighted, its popup open 250 ms after the map is
 * ready, then on every change). Hovering an office in the list highlights its
 * marker without changing the active office. Offices and markers pair by hover_id;
 * only the first popup item of a marker is used.
 */
import { type ReactNode, useId, useMemo, useReducer, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { OfficeMapItem, OfficesListItem, officesMapBlock } from "../../../schema/blocks/offices";
import { isValidLatLng } from "../../features/maps/directions";
import { type MapMarker, SiteMap } from "../../features/maps/SiteMap";
import { RichText } from "../../ui/RichText";
import { SmartLink } from "../../ui/SmartLink";
import { Text } from "../../ui/Text";
import type { BlockViewProps } from "../types";
import { OfficeCard } from "./OfficeCard";
import { initialOfficesState, officesReducer } from "./officesState";
import "../../messages/people";

function officePopup(marker: OfficeMapItem, office: OfficesListItem | undefined): ReactNode {
  const item = marker.popup_repeater?.[0];
  const title = item?.main_title || office?.main_title;
  const text = item?.description || office?.list_items_repeater?.[0]?.text;
  const cta = item?.cta?.text ? item.cta : undefined;
  return (
    <>
      {title ? <p className="map-popup__title">{title}</p> : null}
      {text ? <p className="map-popup__text text-pre-line">{text}</p> : null}
      {cta ? (
        <p className="map-popup__text">
          <SmartLink link={cta} />
        </p>
      ) : null}
    </>
  );
}

export default function OfficesMap({ fields, params }: BlockViewProps<typeof officesMapBlock>) {
  const { t } = useTranslation();
  const headingId = useId();
  const offices = useMemo(
    () => (fields.offices_repeater ?? []).filter((o) => o.hover_id?.trim() && o.main_title?.trim()),
    [fields.offices_repeater],
  );
  const [state, dispatch] = useReducer(
    officesReducer,
    offices.map((o) => o.hover_id),
    initialOfficesState,
  );
  const itemRefs = useRef(new Map<string, HTMLLIElement>());

  const markers = useMemo<MapMarker[]>(
    () =>
      (fields.map_markers_repeater ?? [])
        .filter((m) => m.hover_id && isValidLatLng(m.coords?.lat, m.coords?.lng))
        .map((m) => {
          const office = offices.find((o) => o.hover_id === m.hover_id);
          return {
            id: m.hover_id,
            lat: m.coords.lat,
            lng: m.coords.lng,
            label: office?.main_title || m.popup_repeater?.[0]?.main_title || m.hover_id,
            popup: officePopup(m, office),
          };
        }),
    [fields.map_markers_repeater, offices],
  );

  const activate = (id: string) => dispatch({ type: "activate", id });
  const onMarkerClick = (id: string) => {
    activate(id);
    itemRefs.current.get(id)?.scrollIntoView({ block: "nearest", behavior: "smooth" });
  };

  return (
    <section
      className="container section offices-map"
      aria-labelledby={fields.main_title ? headingId : undefined}
      aria-label={fields.main_title ? undefined : t("offices.map-section-label")}
    >
      {fields.super_title ? <Text value={fields.super_title} as="p" className="super-title" /> : null}
      {fields.main_title ? <Text value={fields.main_title} as="h2" className="title-2" id={headingId} /> : null}
      <RichText html={fields.description} className="text-body offices-map__intro" />
      <div className="offices-map__layout">
        <ul className="offices-map__list" aria-label={t("offices.list-label")}>
          {offices.map((office) => {
            const active = office.hover_id === state.activeId;
            return (
              // biome-ignore lint/a11y/useKeyWithClickEvents: a pointer shortcut; the title button inside does the same from the keyboard.
              <li
                key={office.hover_id}
                ref={(el) => {
                  if (el) itemRefs.current.set(office.hover_id, el);
                  else itemRefs.current.delete(office.hover_id);
                }}
                className="offices-map__item"
                data-office-id={office.hover_id}
                data-active={active ? "true" : "false"}
                data-hovered={office.hover_id === state.hoverId ? "true" : "false"}
                onClick={() => activate(office.hover_id)}
                onFocus={() => activate(office.hover_id)}
                onMouseEnter={() => dispatch({ type: "hover", id: office.hover_id })}
                onMouseLeave={() => dispatch({ type: "hover", id: null })}
              >
                <OfficeCard
                  office={office}
                  title={
                    <button
                      type="button"
                      className="offices-map__select"
                      aria-current={active ? "true" : undefined}
                      aria-label={t("offices.show-on-map", { name: office.main_title })}
                    >
                      {office.main_title}
                    </button>
                  }
                />
              </li>
            );
          })}
        </ul>
        <div className="offices-map__map">
          <SiteMap
            markers={markers}
            activeId={state.activeId}
            highlightId={state.hoverId}
            onMarkerClick={onMarkerClick}
            popupTrigger={params.popup_trigger}
            showActivePopup
            height="var(--offices-map-height)"
            label={t("offices.map-label")}
          />
        </div>
      </div>
    </section>
  );
}
