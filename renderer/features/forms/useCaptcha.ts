/** A form's captcha: asked for while the form is in the viewport, a token per submit, a reset after. */
import { type RefObject, useCallback, useEffect } from "react";
import { useSite } from "../../lib/site";
import { getCaptchaToken, prepareCaptcha, requestCaptcha, resetCaptcha } from "./captcha";

export function useCaptcha(ref: RefObject<HTMLElement | null>, id = "default") {
  const { recaptchaSiteKey, locale } = useSite();
  useEffect(() => {
    const element = ref.current;
    if (!element || !recaptchaSiteKey) return;
    let release: (() => void) | undefined;
    const show = () => {
      release ??= requestCaptcha(id);
      prepareCaptcha(recaptchaSiteKey, id, locale);
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
  }, [ref, id, recaptchaSiteKey, locale]);

  const token = useCallback(() => getCaptchaToken(recaptchaSiteKey, { id, locale }), [recaptchaSiteKey, id, locale]);
  const reset = useCallback(() => resetCaptcha(recaptchaSiteKey, id), [recaptchaSiteKey, id]);
  return { ready: Boolean(recaptchaSiteKey), token, reset };
}
