/**
 * An imported listing's display rules (issue 31, FEEDS.md §4): the listing brokerage and brokers
 * on every listing (DDF and OACIQ: the broker named as licensed with the title, the agency with
 * its mention), DDF's "Powered by REALTOR.ca" mark in the page's language with its link, and the
 * upcoming open houses. Server-rendered with the page's head; nothing here needs JavaScript.
 */
import "../../messages/listing";
import { useTranslation } from "react-i18next";
import type { ListingProvenance } from "../../../schema/api";
import type { Locale } from "../../../schema/common";

const REALTOR_CA = { fr: "https://www.realtor.ca/fr", en: "https://www.realtor.ca" } as const;

export function ListingProvenanceLine({ provenance, locale }: { provenance: ListingProvenance; locale: Locale }) {
  const { t } = useTranslation();
  const { office, brokers } = provenance;
  if (!office && brokers.length === 0 && provenance.kind !== "ddf") return null;
  return (
    <div className="listing-provenance">
      {office || brokers.length ? (
        <p className="listing-provenance__by">
          <span className="listing-provenance__label">{t("listing.provider.listed-by")}</span>{" "}
          {brokers.map((b, i) => (
            <span key={b.name} className="listing-provenance__broker">
              {i > 0 ? ", " : null}
              {b.name}
              {b.title ? `, ${b.title[locale].toLocaleLowerCase(`${locale}-CA`)}` : null}
            </span>
          ))}
          {office ? (
            <span className="listing-provenance__office">
              {brokers.length ? " — " : null}
              {office.name}
              {office.licence ? `, ${office.licence[locale].toLocaleLowerCase(`${locale}-CA`)}` : null}
            </span>
          ) : null}
        </p>
      ) : null}
      {provenance.kind === "ddf" ? (
        <p className="listing-provenance__mark">
          <a className="realtor-mark" href={provenance.link ?? REALTOR_CA[locale]} rel="noopener">
            {t("listing.provider.realtor-mark")}
          </a>
        </p>
      ) : null}
    </div>
  );
}

const dayFormats = new Map<Locale, Intl.DateTimeFormat>();
const hourFormats = new Map<Locale, Intl.DateTimeFormat>();
/** "samedi 12 janvier" / "Saturday, January 12", in Québec's time zone (server and browser agree). */
function formats(locale: Locale) {
  let day = dayFormats.get(locale);
  let hour = hourFormats.get(locale);
  if (!day || !hour) {
    day = new Intl.DateTimeFormat(`${locale}-CA`, {
      weekday: "long",
      day: "numeric",
      month: "long",
      timeZone: "America/Toronto",
    });
    hour = new Intl.DateTimeFormat(`${locale}-CA`, { hour: "numeric", minute: "2-digit", timeZone: "America/Toronto" });
    dayFormats.set(locale, day);
    hourFormats.set(locale, hour);
  }
  return { day, hour };
}

export function OpenHouses({ openHouses, locale }: { openHouses: { start: string; end: string }[]; locale: Locale }) {
  const { t } = useTranslation();
  const { day, hour } = formats(locale);
  return (
    <section className="listing-open-houses" aria-labelledby="listing-open-houses-title">
      <h2 id="listing-open-houses-title" className="listing-open-houses__title">
        {t("listing.provider.open-houses")}
      </h2>
      <ul>
        {openHouses.map((o) => (
          <li key={o.start}>
            {t("listing.provider.open-house-time", {
              day: day.format(new Date(o.start)),
              from: hour.format(new Date(o.start)),
              to: hour.format(new Date(o.end)),
            })}
          </li>
        ))}
      </ul>
    </section>
  );
}
