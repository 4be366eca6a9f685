/** A form's captcha: asked for while the form is in the viewport, a token per submit, a reset after. */
import { type RefObject, useCallback, useEffect, useMemo } from "react";
import { useSite } from "../../lib/site";
import { captchaSetupOf, getCaptchaToken, prepareCaptcha, requestCaptcha, resetCaptcha } from "./captcha";
import { fetchCaptchaChallenge } from "./submit";

export function useCaptcha(ref: RefObject<HTMLElement | null>, id = "default") {
  const site = useSite();
  const { locale, micrositeId, siteKey } = site;
  // The service's captcha, else (a service that does not say) the site's reCAPTCHA key.
  const captcha = useMemo(
    () => captchaSetupOf(site.captcha, site.recaptchaSiteKey),
    [site.captcha, site.recaptchaSiteKey],
  );
  useEffect(() => {
    const element = ref.current;
    if (!element || !captcha) return;
    let release: (() => void) | undefined;
    const show = () => {
      release ??= requestCaptcha(id);
      prepareCaptcha(captcha, id, locale);
    };
    const hide = () => {
      release?.();
      release = undefined;
    };
    if (typeof IntersectionObserver === "undefined") {
      show();
      return hide;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) show();
      else hide();
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      hide();
    };
  }, [ref, id, captcha, locale]);

  const token = useCallback(
    () =>
      getCaptchaToken(captcha, {
        id,
        locale,
        challenge: () => fetchCaptchaChallenge({ micrositeId, siteKey }),
      }),
    [captcha, id, locale, micrositeId, siteKey],
  );
  const reset = useCallback(() => resetCaptcha(captcha, id), [captcha, id]);
  return { ready: Boolean(captcha), token, reset };
}
