/**
 * The frame of the property alert and valuation forms (site.md §4, blocks.md §4):
 * step 0 is an intro with a Start button (disabled until the municipalities and the
 * captcha site key are loaded); Next validates the step and moves on only without
 * errors; Previous clears the errors and goes back; the last step submits (disabled
 * while address, postal code or city is empty). Locked while submitting and after
 * success; a failure shows the submit error in a danger message and unlocks.
 * Focus moves to the step heading on every step change.
 */
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  type AddressValues,
  type ContactDetails,
  type FieldErrors,
  formErrorsFromServer,
  hasErrors,
  type SubmitContext,
} from "../../../schema/forms";
import { useSite } from "../../lib/site";
import { useErrorText } from "../contact/ContactForm";
import { readContactDetails, saveContactDetail } from "../forms/contact-details";
import { DangerMessage, PrivacyNote } from "../forms/fields";
import { postContact } from "../forms/submit";
import { useCaptcha } from "../forms/useCaptcha";
import { useHydrated } from "../forms/useHydrated";
import { loadMunicipalities, type MunicipalityOption } from "./municipalities";
import "../forms/forms.css";
import "../../messages/forms-core";
import { useHeadingTag } from "../../ui/heading-shift";

export interface StepApi<V> {
  values: V;
  set: <K extends keyof V>(key: K, value: V[K]) => void;
  /** Translated error of a field, if any. */
  error: (field: string) => string | undefined;
  locked: boolean;
  uid: string;
  municipalities: readonly MunicipalityOption[];
}

export interface MultiStepFormProps<V extends ContactDetails & AddressValues> {
  kind: "alert" | "valuation";
  title?: string;
  intro?: ReactNode;
  startLabel?: string;
  successMessage?: string;
  steps: number;
  initialValues: (details: ContactDetails) => V;
  validate: (step: number, values: V) => FieldErrors;
  payload: (values: V, ctx: SubmitContext) => Record<string, string>;
  renderStep: (step: number, api: StepApi<V>) => ReactNode;
  headingLevel?: 2 | 3;
}

type Status = "idle" | "submitting" | "success" | "failure";
/** Why a submission failed: the message the visitor reads (fields: their own errors show). */
type FailureReason = "other" | "captcha" | "rate-limited" | "unavailable" | "fields";
const FAILURE_MESSAGES: Record<Exclude<FailureReason, "fields">, string> = {
  other: "multi-step-form.errors.submit",
  captcha: "multi-step-form.errors.submit-captcha",
  "rate-limited": "multi-step-form.errors.submit-rate-limited",
  unavailable: "multi-step-form.errors.submit-unavailable",
};

export function MultiStepForm<V extends ContactDetails & AddressValues>(props: MultiStepFormProps<V>) {
  const { t } = useTranslation();
  const site = useSite();
  const uid = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const captcha = useCaptcha(rootRef);
  const errorText = useErrorText("multi-step-form");
  const [step, setStep] = useState(0);
  const [values, setValues] = useState<V>(() =>
    props.initialValues({ firstname: "", lastname: "", email: "", phone: "" }),
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<Status>("idle");
  const [failure, setFailure] = useState<FailureReason>("other");
  const [municipalities, setMunicipalities] = useState<MunicipalityOption[] | null>(null);
  const moved = useRef(false);
  const hydrated = useHydrated();

  useEffect(() => {
    setValues((v) => ({ ...v, ...readContactDetails() }));
    let live = true;
    loadMunicipalities().then(
      (list) => live && setMunicipalities(list),
      (error: unknown) => console.warn(`Municipalities could not load: ${String(error)}`),
    );
    return () => {
      live = false;
    };
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: focus follows every step or status change.
  useEffect(() => {
    if (!moved.current) return;
    headingRef.current?.focus();
  }, [step, status]);

  const locked = status === "submitting" || status === "success";
  const ns = `multi-step-form.${props.kind}`;
  const Heading = useHeadingTag(props.headingLevel === 3 ? 3 : 2);
  const Sub = useHeadingTag(props.headingLevel === 3 ? 4 : 3);

  const api: StepApi<V> = {
    values,
    set: (key, value) => {
      setValues((v) => ({ ...v, [key]: value }));
      if (typeof value === "string") {
        if (key === "firstname" || key === "lastname" || key === "email" || key === "phone")
          saveContactDetail(key, value);
      }
      const name = String(key);
      if (errors[name]) setErrors(({ [name]: _gone, ...rest }) => rest);
    },
    error: (field) => (errors[field] ? errorText(field, errors[field]) : undefined),
    locked,
    uid,
    municipalities: municipalities ?? [],
  };

  const go = (next: number) => {
    moved.current = true;
    setStep(next);
  };
  const focusFirstError = (found: FieldErrors) => {
    const first = Object.keys(found)[0];
    requestAnimationFrame(() =>
      rootRef.current?.querySelector<HTMLElement>(`[name="${first}"], [data-field="${first}"] input`)?.focus(),
    );
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (locked) return;
    const found = props.validate(step, values);
    setErrors(found);
    if (hasErrors(found)) return focusFirstError(found);
    if (step < props.steps) return go(step + 1);
    // Last step: every step is checked again before sending.
    for (let s = 1; s <= props.steps; s++) {
      const stepErrors = props.validate(s, values);
      if (hasErrors(stepErrors)) {
        setErrors(stepErrors);
        go(s);
        return;
      }
    }
    setStatus("submitting");
    let ok = false;
    let reason: FailureReason = "other";
    try {
      const token = await captcha.token();
      const result = await postContact(site, props.payload(values, { locale: site.locale, token }));
      // site.md §7: the HTTP status decides. A refused captcha or the rate limit says so.
      ok = result.status >= 200 && result.status < 300;
      if (result.status === 429) reason = "rate-limited";
      // Nothing was stored (the service's disk full, the captcha service down): the answers stay for a retry.
      else if (result.status === 503) reason = "unavailable";
      else if (result.status === 403 && result.errors?.recaptcha_response) reason = "captcha";
      else if (result.status === 400 && result.errors) {
        const serverErrors = formErrorsFromServer(result.errors);
        if (hasErrors(serverErrors)) {
          setErrors(serverErrors);
          reason = "fields";
        }
      }
    } catch (error) {
      console.warn(`Multi-step form: ${(error as Error).message}`);
    } finally {
      void captcha.reset();
    }
    moved.current = true;
    setFailure(reason);
    setStatus(ok ? "success" : "failure");
  }

  const ready = municipalities !== null && captcha.ready;
  const fieldErrors = Object.entries(errors);
  const headingId = `${uid}-step-title`;
  const progressText = t("multi-step-form.progress", { step, total: props.steps });

  if (status === "success") {
    return (
      <div className="multistep" ref={rootRef} data-kind={props.kind} data-status="success">
        <Heading className="title-2" ref={headingRef} tabIndex={-1}>
          {t(`${ns}.success.title`)}
        </Heading>
        <p className="form-success" role="status">
          {props.successMessage?.trim() || t(`${ns}.success.text`)}
        </p>
      </div>
    );
  }

  if (step === 0) {
    return (
      <div
        className="multistep"
        ref={rootRef}
        data-kind={props.kind}
        data-step={0}
        data-ready={hydrated ? "" : undefined}
      >
        <Heading className="title-2" ref={headingRef} tabIndex={-1}>
          {props.title?.trim() || t(`${ns}.title`)}
        </Heading>
        <div className="multistep__intro text-body">{props.intro ?? <p>{t(`${ns}.intro`)}</p>}</div>
        <div className="btn-row">
          <button type="button" className="btn btn-primary" disabled={!ready} onClick={() => go(1)}>
            {props.startLabel?.trim() || t("multi-step-form.start")}
          </button>
        </div>
        {!ready ? (
          <p className="form-note" aria-live="polite">
            {t("multi-step-form.loading")}
          </p>
        ) : null}
      </div>
    );
  }

  const last = step === props.steps;
  return (
    <div className="multistep" ref={rootRef} data-kind={props.kind} data-step={step} data-status={status}>
      <p className="title-3 multistep__form-title">{props.title?.trim() || t(`${ns}.title`)}</p>
      <div
        className="multistep__progress"
        role="progressbar"
        aria-label={t("multi-step-form.progress-label")}
        aria-valuemin={1}
        aria-valuemax={props.steps}
        aria-valuenow={step}
        aria-valuetext={progressText}
      >
        <span className="multistep__progress-bar" style={{ width: `${(step / props.steps) * 100}%` }} />
      </div>
      <p className="multistep__progress-text" aria-hidden="true">
        {progressText}
      </p>
      <form noValidate onSubmit={onSubmit} aria-labelledby={headingId} aria-busy={locked || undefined}>
        <Sub id={headingId} ref={headingRef} tabIndex={-1} className="multistep__step-title">
          {t(`${ns}.steps.${step}`)}
        </Sub>
        {status === "failure" && failure !== "fields" ? <DangerMessage title={t(FAILURE_MESSAGES[failure])} /> : null}
        {fieldErrors.length ? (
          <DangerMessage
            title={t("multi-step-form.errors.message-title")}
            messages={fieldErrors.map(([field, code]) => errorText(field, code))}
          />
        ) : null}
        <fieldset className="multistep__fields" disabled={locked}>
          <legend className="form-sr-only">{t(`${ns}.steps.${step}`)}</legend>
          {props.renderStep(step, api)}
        </fieldset>
        {last ? <PrivacyNote href={site.privacyPolicyPath} /> : null}
        <div className="btn-row multistep__nav">
          <button
            type="button"
            className="btn btn-secondary"
            disabled={locked}
            onClick={() => {
              setErrors({});
              setStatus((s) => (s === "failure" ? "idle" : s));
              go(step - 1);
            }}
          >
            {t("multi-step-form.previous")}
          </button>
          {last ? (
            // Never disabled for a missing field: pressed, it says what is missing (validate).
            <button type="submit" className="btn btn-primary" disabled={locked}>
              {status === "submitting" ? t("multi-step-form.submitting") : t("multi-step-form.submit")}
            </button>
          ) : (
            <button type="submit" className="btn btn-primary" disabled={locked}>
              {t("multi-step-form.next")}
            </button>
          )}
        </div>
      </form>
    </div>
  );
}
