/** Which captcha a page's forms use, from its answer. */
import type { CaptchaConfig } from "../../../schema/page";

export const OFFLINE_SITE_KEY = "offline";

export const isOfflineSiteKey = (siteKey: string | undefined) =>
  siteKey === OFFLINE_SITE_KEY || Boolean(siteKey?.startsWith(`${OFFLINE_SITE_KEY}-`));

/** What a form's captcha needs: the provider, and reCAPTCHA's site key. */
export interface CaptchaSetup {
  provider: CaptchaConfig["provider"];
  siteKey?: string;
}

/**
 * The captcha of a page: the content service's `captcha`, else (a service that does not say)
 * reCAPTCHA with the site record's key, "offline" meaning offline tokens. Undefined: none.
 */
export function captchaSetupOf(
  captcha: CaptchaConfig | undefined,
  recaptchaSiteKey?: string,
): CaptchaSetup | undefined {
  if (captcha) {
    if (captcha.provider !== "recaptcha") return { provider: captcha.provider };
    const siteKey = captcha.site_key ?? recaptchaSiteKey;
    return siteKey ? { provider: "recaptcha", siteKey } : undefined;
  }
  if (!recaptchaSiteKey) return undefined;
  return isOfflineSiteKey(recaptchaSiteKey)
    ? { provider: "offline" }
    : { provider: "recaptcha", siteKey: recaptchaSiteKey };
}
