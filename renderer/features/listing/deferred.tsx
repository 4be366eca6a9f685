/**
 * The listing page's parts that bring code of their own: the location map (Leaflet and the
 * offline base map) and the visit-request form (the contact form's fields, captcha and
 * toasts). The server renders their place; each loads once it comes near the screen, so the
 * page's first JavaScript is the listing's own.
 */
import "../../messages/listing";
import { type ComponentType, lazy, type ReactNode, Suspense, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { directionsUrl } from "../maps/directions";

/** True once the element comes within a screen of the viewport (at once without IntersectionObserver). */
function useNear<T extends Element>(): [React.RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (typeof IntersectionObserver === "undefined") return setNear(true);
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          io.disconnect();
        }
      },
      { rootMargin: "100% 0px" },
    );
    io.observe(el);
    return () => io.disconnect();
  }, []);
  return [ref, near];
}

const SiteMap = lazy(() => import("../maps/SiteMap").then((m) => ({ default: m.SiteMap })));
const ContactForm = lazy(() => import("../contact/ContactForm")) as ComponentType<
  import("../contact/ContactForm").ContactFormProps
>;

export function LocationMap({
  lat,
  lng,
  address,
  municipality,
}: {
  lat: number;
  lng: number;
  address: string;
  municipality: string;
}) {
  const { t } = useTranslation();
  const [ref, near] = useNear<HTMLDivElement>();
  const markers = useRef([{ id: "listing", lat, lng, label: address }]).current;
  const placeholder = <div className="listing-map__placeholder" aria-hidden="true" />;
  return (
    <section className="listing-section listing-location" aria-labelledby="listing-location-title">
      <h2 id="listing-location-title" className="title-4">
        {t("listing.location.title")}
      </h2>
      <p className="listing-location__where">
        {t("listing.location.municipality", { name: municipality })}
        {" · "}
        <a href={directionsUrl(lat, lng)} target="_blank" rel="noopener noreferrer">
          {t("listing.location.directions")}
        </a>
      </p>
      <div ref={ref} className="listing-map">
        {near ? (
          <Suspense fallback={placeholder}>
            <SiteMap
              markers={markers}
              activeId="listing"
              // The town and its river: the offline base map is drawn at the scale of municipalities.
              singleMarkerZoom={12}
              height="100%"
              label={t("listing.location.map", { address })}
            />
          </Suspense>
        ) : (
          placeholder
        )}
      </div>
    </section>
  );
}

export function VisitRequest({ uls, message, title }: { uls: string; message: string; title: string }): ReactNode {
  const [ref, near] = useNear<HTMLDivElement>();
  return (
    <div ref={ref} className="listing-visit" id="visit">
      {near ? (
        <Suspense fallback={<h2 className="title-4">{title}</h2>}>
          <ContactForm title={title} headingLevel={2} visit={{ uls, message }} className="listing-visit__form" />
        </Suspense>
      ) : (
        <h2 className="title-4">{title}</h2>
      )}
    </div>
  );
}
