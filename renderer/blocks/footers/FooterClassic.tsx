/**
 * Classic footer (blocks.md §2 Footer): logo by colour scheme, CTA, social icon links,
 * menu columns (4 at xl, 2 otherwise), powered-by link, copyright line, privacy policy
 * link and a consent-management link shown once the consent tool is ready.
 */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { footerClassicBlock } from "../../../schema/blocks/footers";
import { isColorScheme, SCHEME_INFO } from "../../../schema/theme-values";
import { useSite } from "../../lib/site";
import { InternalLink as RouterLink, SmartLink } from "../../ui/SmartLink";
import { Text } from "../../ui/Text";
import { Icon } from "../headers/icons";
import { copyrightYear, homePath, menuEntries, privacyPolicyPath } from "../headers/menu";
import type { BlockViewProps } from "../types";
import { checkMainContentId } from "./mainContent";

/** The platform provider named by the powered-by link. */
export const PLATFORM_PROVIDER = {
  name: "RE/MAX Québec",
  url: { fr: "https://www.remax-quebec.com/fr", en: "https://www.remax-quebec.com/en" },
} as const;

declare global {
  interface Window {
    __consent?: { ready?: boolean; openPreferences?: () => void };
  }
}

/** True once the consent tool announced itself (`consent:ready` or `window.__consent.ready`). */
export function useConsentReady(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (window.__consent?.ready) {
      setReady(true);
      return;
    }
    const onReady = () => setReady(true);
    window.addEventListener("consent:ready", onReady);
    return () => window.removeEventListener("consent:ready", onReady);
  }, []);
  return ready;
}

export default function FooterClassic({ fields, params }: BlockViewProps<typeof footerClassicBlock>) {
  const { t } = useTranslation();
  const { locale } = useSite();
  const consentReady = useConsentReady();
  useEffect(() => {
    checkMainContentId();
  }, []);
  const scheme = params.color_scheme;
  const dark = isColorScheme(scheme) && SCHEME_INFO[scheme].dark;
  const logo = dark
    ? fields.logo_image_dark?.url
      ? fields.logo_image_dark
      : fields.logo_image_light
    : fields.logo_image_light?.url
      ? fields.logo_image_light
      : fields.logo_image_dark;
  const columns = menuEntries(fields.menu_repeater);
  const socials = (fields.icon_links_repeater ?? []).filter((item) => item.link.url);
  const year = copyrightYear();

  return (
    <footer className="site-footer">
      <div className="container ftr-top">
        <div className="ftr-brand">
          {logo?.url ? (
            <RouterLink to={homePath(locale)} className="ftr-logo" aria-label={logo.alt ? undefined : t("footer.home")}>
              <img
                src={logo.url}
                alt={logo.alt ?? ""}
                width={logo.width}
                height={logo.height}
                loading="lazy"
                decoding="async"
              />
            </RouterLink>
          ) : null}
          {fields.licence || fields.agency_name || fields.address || fields.phone?.url ? (
            // The identification OACIQ requires in a broker's advertising.
            <address className="ftr-contact">
              <Text value={fields.licence} as="span" className="ftr-contact__licence" />
              <Text value={fields.agency_name} as="span" />
              <Text value={fields.address} as="span" />
              {fields.phone?.url ? <SmartLink link={fields.phone} className="ftr-contact__phone" /> : null}
            </address>
          ) : null}
          {fields.cta?.text ? <SmartLink link={fields.cta} className="btn btn-primary ftr-cta" /> : null}
          {socials.length > 0 ? (
            <ul className="ftr-social" aria-label={t("footer.social")}>
              {socials.map((item, i) => (
                <li key={i}>
                  <SmartLink
                    link={item.link}
                    className="ftr-social__link"
                    aria-label={
                      item.link.target === "_blank"
                        ? `${item.link.text ?? item.icon.type} ${t("footer.new-window")}`
                        : (item.link.text ?? item.icon.type)
                    }
                  >
                    <Icon name={item.icon.type} size={20} />
                  </SmartLink>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        {columns.length > 0 ? (
          <nav className="ftr-nav" aria-label={t("footer.navigation")}>
            <ul className="ftr-columns">
              {columns.map((column, i) => (
                <li key={i} className="ftr-column">
                  {column.link.url ? (
                    <SmartLink link={column.link} className="ftr-column__title" />
                  ) : (
                    <p className="ftr-column__title">{column.link.text}</p>
                  )}
                  {column.children.length > 0 ? (
                    <ul className="ftr-column__links">
                      {column.children.map((link, j) => (
                        <li key={j}>
                          <SmartLink link={link} className="ftr-link" />
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </div>
      <div className="container ftr-bottom">
        <p className="ftr-copyright">
          {t("footer.copyright", {
            year,
            agency: fields.agency ?? "",
            rights: fields.all_rights_reserved ?? t("footer.all-rights-reserved"),
          }).trim()}
        </p>
        <nav aria-label={t("footer.legal")}>
          <ul className="ftr-legal">
            <li>
              <RouterLink to={privacyPolicyPath(locale)} className="ftr-link">
                {t("footer.privacy-policy")}
              </RouterLink>
            </li>
            {consentReady ? (
              <li>
                <button
                  type="button"
                  className="ftr-link ftr-consent"
                  data-consent-preferences=""
                  onClick={() => window.__consent?.openPreferences?.()}
                >
                  {t("footer.consent-preferences")}
                </button>
              </li>
            ) : null}
            <li>
              <a
                className="ftr-link"
                href={PLATFORM_PROVIDER.url[locale]}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`${t("footer.powered-by", { provider: PLATFORM_PROVIDER.name })} ${t("footer.new-window")}`}
              >
                {t("footer.powered-by", { provider: PLATFORM_PROVIDER.name })}
              </a>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
