/**
 * The contact form (site.md §3, §4, §5, §7): firstname, lastname, email, phone
 * (masked), message (5 lines) and an optional preferred communication. States:
 * neutral → sending → success | failure. Invalid data shows field errors under a
 * danger message and sends nothing. Success: a toast with a 5-second countdown and
 * the message blanked. Failure: a toast listing the errors; closing it returns to
 * neutral. Contact details are remembered in session storage across forms.
 *
 * Used by contact_form_block, the contact modal, hero_landing_page_1 and a listing's
 * visit request (`visit`: the same lead path, form type `visit_request`) (import it
 * lazily: `lazy(() => import("…/features/contact/ContactForm"))`).
 */
// Their messages load with them (renderer/messages).
import "../../messages/forms";
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  type ContactFormValues,
  contactPayload,
  contactWording,
  emptyContactDetails,
  type FieldErrors,
  formErrorsFromServer,
  hasErrors,
  type RecipientType,
  validateContact,
} from "../../../schema/forms";
import { onSiteEvent } from "../../lib/events";
import { useSite } from "../../lib/site";
import { showToast } from "../../lib/toast";
import { readContactDetails, saveContactDetail } from "../forms/contact-details";
import { DangerMessage, PrivacyNote, RadioGroupField, TextField } from "../forms/fields";
import { maskPhone } from "../forms/masks";
import { postContact } from "../forms/submit";
import { useCaptcha } from "../forms/useCaptcha";
import { useHydrated } from "../forms/useHydrated";
import "../forms/forms.css";
import "../../messages/forms-core";
import { useHeadingTag } from "../../ui/heading-shift";

export type ContactStatus = "neutral" | "sending" | "success" | "failure";
export const SUCCESS_TOAST_MS = 5000;
const FIELD_ORDER = ["firstname", "lastname", "email", "phone", "message", "preferred_method_of_contact"];

export interface ContactFormProps {
  /** Title override; default "Écrivez-moi" / "Écrivez-nous" by wording. */
  title?: string;
  intro?: ReactNode;
  recipientType?: RecipientType;
  recipientSlug?: string;
  /** Heading level of the title (2 in a block, 3 inside a hero or a modal). */
  headingLevel?: 2 | 3;
  /** Hides the title (the modal already has one). */
  hideTitle?: boolean;
  /** Shows the preferred-communication choice. */
  askPreferredCommunication?: boolean;
  className?: string;
  onSuccess?: () => void;
  /** A visit request about one listing: sent as form type `visit_request` with its number, the message prefilled. */
  visit?: { uls: string; message: string };
}

/** Translated text of one field error, e.g. `firstname-required`. */
export function useErrorText(namespace: "contact-form" | "multi-step-form") {
  const { t } = useTranslation();
  return (field: string, code: string) =>
    t(`${namespace}.errors.${field}-${code}`, { defaultValue: t(`forms.errors.${code}`, { defaultValue: "" }) }) ||
    t("forms.errors.invalid");
}

export default function ContactForm(props: ContactFormProps) {
  const { t } = useTranslation();
  const site = useSite();
  const uid = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const captcha = useCaptcha(formRef);
  const errorText = useErrorText("contact-form");
  const [values, setValues] = useState<ContactFormValues>(() => ({
    ...emptyContactDetails(),
    message: props.visit?.message ?? "",
    preferred_method_of_contact: "",
  }));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<ContactStatus>("neutral");
  const toastId = `contact-form-${uid}`;
  const hydrated = useHydrated();

  // Session storage is read after hydration, so server and client render the same empty form.
  useEffect(() => setValues((v) => ({ ...v, ...readContactDetails() })), []);
  useEffect(
    () =>
      onSiteEvent("toast-closed", (detail) => {
        if ((detail as { id?: string } | undefined)?.id === toastId) setStatus("neutral");
      }),
    [toastId],
  );

  const wording = contactWording(props.recipientType, site.siteType);
  const title = props.title?.trim() || t(`contact-form.title.${wording}`);
  const Heading = useHeadingTag(props.headingLevel === 3 ? 3 : 2);
  const titleId = `${uid}-title`;
  const sending = status === "sending";

  const set = (key: keyof ContactFormValues) => (value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (key !== "message" && key !== "preferred_method_of_contact") saveContactDetail(key, value);
    if (errors[key]) setErrors(({ [key]: _gone, ...rest }) => rest);
  };
  const fieldError = (key: string) => (errors[key] ? errorText(key, errors[key]) : undefined);
  const ordered = (e: FieldErrors) =>
    Object.entries(e).sort(([a], [b]) => FIELD_ORDER.indexOf(a) - FIELD_ORDER.indexOf(b));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending || !captcha.ready) return;
    const found = validateContact(values);
    setErrors(found);
    if (hasErrors(found)) {
      const first = ordered(found)[0]?.[0];
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus());
      return;
    }
    setStatus("sending");
    let ok = false;
    let serverErrors: FieldErrors = {};
    try {
      const token = await captcha.token();
      const fields = contactPayload(values, {
        locale: site.locale,
        token,
        recipient_type: props.recipientType,
        recipient_slug: props.recipientSlug,
        visit_uls: props.visit?.uls,
      });
      const result = await postContact(site, fields);
      if (result.success) ok = true;
      else if (result.status >= 200 && result.status < 300) {
        // site.md §7: an answer without status "success" is logged, yet counts as sent when the HTTP status is 2xx.
        console.warn(`Contact form: unexpected answer (HTTP ${result.status}); treated as sent.`);
        ok = true;
      } else if (result.status === 429) serverErrors = { submit: "rate-limited" };
      // The service could not store it (its disk full, the captcha service down): nothing was sent, the fields stay.
      else if (result.status === 503) serverErrors = { submit: "unavailable" };
      else serverErrors = formErrorsFromServer(result.errors);
    } catch (error) {
      console.warn(`Contact form: ${(error as Error).message}`);
    } finally {
      void captcha.reset();
    }
    if (ok) {
      setStatus("success");
      setValues((v) => ({ ...v, message: "" }));
      setErrors({});
      showToast({
        id: toastId,
        tone: "success",
        title: t("contact-form.message.success.title"),
        messages: [t(`contact-form.message.success.text-${wording}`)],
        countdown: true,
        timeoutMs: SUCCESS_TOAST_MS,
      });
      props.onSuccess?.();
    } else {
      setStatus("failure");
      setErrors(serverErrors);
      const messages = ordered(serverErrors).map(([field, code]) => errorText(field, code));
      showToast({
        id: toastId,
        tone: "error",
        title: t("contact-form.message.failure.title"),
        messages: messages.length ? messages : [t("contact-form.message.failure.text")],
      });
    }
  }

  const shownErrors = ordered(errors);
  return (
    <div
      className={`contact-form${props.className ? ` ${props.className}` : ""}`}
      data-status={status}
      data-ready={hydrated ? "" : undefined}
    >
      {props.hideTitle ? null : (
        <Heading id={titleId} className="title-2 contact-form__title">
          {title}
        </Heading>
      )}
      {props.intro ? <div className="contact-form__intro text-body">{props.intro}</div> : null}
      <form
        ref={formRef}
        className="form-grid"
        noValidate
        onSubmit={submit}
        aria-labelledby={props.hideTitle ? undefined : titleId}
        aria-label={props.hideTitle ? title : undefined}
        aria-busy={sending || undefined}
      >
        {shownErrors.length && status !== "failure" ? (
          <div className="form-grid__full">
            <DangerMessage
              focusRef={summaryRef}
              title={t("contact-form.message.title")}
              messages={shownErrors.map(([field, code]) => errorText(field, code))}
            />
          </div>
        ) : null}
        <TextField
          id={`${uid}-firstname`}
          name="firstname"
          label={t("forms.fields.firstname")}
          value={values.firstname}
          onChange={set("firstname")}
          error={fieldError("firstname")}
          autoComplete="given-name"
          required
          disabled={sending}
        />
        <TextField
          id={`${uid}-lastname`}
          name="lastname"
          label={t("forms.fields.lastname")}
          value={values.lastname}
          onChange={set("lastname")}
          error={fieldError("lastname")}
          autoComplete="family-name"
          required
          disabled={sending}
        />
        <TextField
          id={`${uid}-email`}
          name="email"
          type="email"
          label={t("forms.fields.email")}
          value={values.email}
          onChange={set("email")}
          error={fieldError("email")}
          autoComplete="email"
          required
          disabled={sending}
        />
        <TextField
          id={`${uid}-phone`}
          name="phone"
          type="tel"
          inputMode="tel"
          label={t("forms.fields.phone")}
          hint={t("forms.hints.phone")}
          value={values.phone}
          onChange={set("phone")}
          mask={maskPhone}
          error={fieldError("phone")}
          // "tel", not "tel-national" (refused by the Nu validator): the mask drops a +1 country code.
          autoComplete="tel"
          disabled={sending}
        />
        <TextField
          id={`${uid}-message`}
          name="message"
          label={t("forms.fields.message")}
          value={values.message}
          onChange={set("message")}
          error={fieldError("message")}
          rows={5}
          required
          disabled={sending}
          className="form-grid__full"
        />
        {props.askPreferredCommunication ? (
          <div className="form-grid__full">
            <RadioGroupField
              id={`${uid}-preferred`}
              name="preferred_method_of_contact"
              legend={t("forms.fields.preferred_method_of_contact")}
              value={values.preferred_method_of_contact}
              onChange={set("preferred_method_of_contact")}
              options={(["phone", "email", "text"] as const).map((m) => ({
                value: m,
                label: t(`forms.contact-methods.${m}`),
              }))}
              disabled={sending}
              inline
            />
          </div>
        ) : null}
        <div className="form-grid__full form-actions">
          <p className="form-note">{t("forms.required-note")}</p>
          <PrivacyNote href={site.privacyPolicyPath} />
          <button type="submit" className="btn btn-primary" disabled={sending || !captcha.ready || !hydrated}>
            {sending ? t("contact-form.sending") : t("contact-form.submit")}
          </button>
        </div>
        <p className="form-sr-only" aria-live="polite">
          {sending ? t("contact-form.sending") : ""}
        </p>
      </form>
    </div>
  );
}
