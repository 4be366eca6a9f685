/**
 * Who sends a site's alert e-mails, as CASL and the OACIQ require them to say: the broker as
 * licensed, with her title, and the agency with its licence mention; a mailing address; a phone
 * and the site's address. Read from the site's published footer (the licence line, the agency,
 * the address and phone every page shows) and its broker card, so the e-mails say what the site
 * says. A site that publishes no mailing address cannot send alerts (CASL).
 */
import type { Locale } from "../../schema/common";
import type { SiteRecord } from "../content/stores/content";
import { alertsT } from "./messages";

export interface AlertSender {
  /** The broker as licensed (name, title, licence) and the agency: "Julie Tremblay, …, permis OACIQ J7421 (Groupe …)". */
  name: string;
  /** The site's name, for the From header. */
  siteName: string;
  address: string;
  /** A phone, and the site's address when known. */
  contact: string;
}

const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : undefined);

/** The footer's fields of a language (the first footer block that has an address). */
function footerFields(site: SiteRecord, locale: Locale): Record<string, unknown> | undefined {
  for (const block of site.footer) {
    const fields = (block as { fields?: Record<string, Record<string, unknown>> } | null)?.fields?.[locale];
    if (fields && text(fields.address)) return fields;
  }
  return undefined;
}

export function alertSenderOf(site: SiteRecord, locale: Locale, origin?: string): AlertSender | undefined {
  const footer = footerFields(site, locale);
  const address = text(footer?.address);
  if (!address) return undefined;
  const broker = site.broker;
  const licensed =
    text(footer?.licence) ??
    (broker ? `${broker.name}, ${broker.designation[locale].toLocaleLowerCase(locale)}` : site.name);
  const agency = text(footer?.agency_name) ?? broker?.agency[locale];
  const phone = text((footer?.phone as { text?: unknown } | undefined)?.text) ?? broker?.phone_display;
  const website = origin ? origin.replace(/^https?:\/\//, "") : undefined;
  return {
    name: agency && !licensed.includes(agency) ? `${licensed} (${agency})` : licensed,
    siteName: site.name,
    address,
    contact: [phone, website].filter(Boolean).join(", ") || site.name,
  };
}

/** The consent sentence a visitor reads beside the unticked box: purpose, who asks, contact, withdrawable. */
export function alertConsentText(locale: Locale, sender: AlertSender): string {
  return alertsT(locale)("alerts.consent", { sender: sender.name, address: sender.address, contact: sender.contact });
}
