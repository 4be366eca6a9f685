/** sold_properties_map_block: a map of sold listings (badge "sold"), their list as the accessible equivalent. */
// Their messages load with them (renderer/messages).
import "../../messages/properties";
import { useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { soldPropertiesMapBlock } from "../../../schema/blocks/properties";
import { SiteMap } from "../../features/maps/SiteMap";
import { formatPrice } from "../../features/search/price";
import { Heading } from "../../ui/Heading";
import type { BlockViewProps } from "../types";
import { useListings } from "./use-listings";

export default function SoldPropertiesMap({ fields, ctx }: BlockViewProps<typeof soldPropertiesMapBlock>) {
  const { t } = useTranslation();
  const ref = useRef<HTMLElement>(null);
  // Sold listings come only when asked for (a search leaves them out).
  const data = useListings(ref, { forSaleForRent: "buy", status: "sold" }, 100);
  // One array per answer: SiteMap redraws its markers (and refits its view) when it changes.
  const markers = useMemo(
    () =>
      (data?.items ?? [])
        .filter((l) => l.badge === "sold")
        .map((l) => ({
          id: l.uls,
          lat: l.coords.lat,
          lng: l.coords.lng,
          label: `${formatPrice(ctx.locale, l.price)}, ${l.address[ctx.locale]}`,
        })),
    [data, ctx.locale],
  );
  return (
    <section ref={ref} className="container section sold-properties-map">
      {fields.main_title ? (
        <Heading level={2} className="title-2">
          {fields.main_title}
        </Heading>
      ) : null}
      {fields.description ? <p>{fields.description}</p> : null}
      <SiteMap label={fields.main_title || t("properties.sold-map")} markers={markers} />
    </section>
  );
}
