/**
 * Property alert form (site.md §3, §4; blocks.md §4): intro + 6 steps —
 * 1 municipalities, 2 moving date and current situation, 3 budget, 4 property type
 * with bedrooms and bathrooms, 5 contact, 6 address and submit.
 */
// Their messages load with them (renderer/messages).
import "../../messages/forms";
import "../../messages/forms-core";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  ALERT_STEPS,
  type AlertValues,
  alertPayload,
  budgetIncrements,
  CURRENT_SITUATIONS,
  type CurrentSituation,
  defaultAlertValues,
  MOVING_DATES,
  type MovingDate,
  PROPERTY_TYPE_CODES,
  type PropertyTypeCode,
  validateAlertStep,
} from "../../../schema/forms";
import { useSite } from "../../lib/site";
import { fetchAlertConsent } from "../alerts/api";
import { CheckboxField, RadioGroupField, SelectField, TextField } from "../forms/fields";
import { maskCount } from "../forms/masks";
import { MultiStepForm, type StepApi } from "./MultiStepForm";
import { AddressStep, ContactStep, MunicipalitiesMulti } from "./steps";

export interface PropertyFormProps {
  title?: string;
  intro?: ReactNode;
  startLabel?: string;
  successMessage?: string;
}

function wholeDollars(value: number, locale: "fr" | "en") {
  return new Intl.NumberFormat(`${locale}-CA`, { style: "currency", currency: "CAD", maximumFractionDigits: 0 }).format(
    value,
  );
}

function AlertStep({ step, api }: { step: number; api: StepApi<AlertValues> }) {
  const { t } = useTranslation();
  const { locale } = useSite();
  const v = api.values;
  switch (step) {
    case 1:
      return <MunicipalitiesMulti api={api} />;
    case 2:
      return (
        <>
          <RadioGroupField
            id={`${api.uid}-moving_date`}
            name="moving_date"
            legend={t("forms.fields.moving_date")}
            value={v.moving_date}
            onChange={(value) => api.set("moving_date", value as MovingDate)}
            options={MOVING_DATES.map((d) => ({ value: d, label: t(`forms.moving-dates.${d}`) }))}
            error={api.error("moving_date")}
            required
          />
          <RadioGroupField
            id={`${api.uid}-current_situation`}
            name="current_situation"
            legend={t("forms.fields.current_situation")}
            value={v.current_situation}
            onChange={(value) => api.set("current_situation", value as CurrentSituation)}
            options={CURRENT_SITUATIONS.map((s) => ({ value: s, label: t(`forms.situations.${s}`) }))}
            error={api.error("current_situation")}
            required
          />
        </>
      );
    case 3: {
      const steps = budgetIncrements();
      return (
        <div className="form-grid">
          <SelectField
            id={`${api.uid}-budget_min`}
            name="budget_min"
            label={t("forms.fields.budget_min")}
            value={String(v.budget_min)}
            onChange={(value) => api.set("budget_min", Number(value))}
            options={steps.map((n) => ({ value: String(n), label: wholeDollars(n, locale) }))}
            error={api.error("budget_min")}
          />
          <SelectField
            id={`${api.uid}-budget_max`}
            name="budget_max"
            label={t("forms.fields.budget_max")}
            value={Number.isFinite(v.budget_max) ? String(v.budget_max) : "Infinity"}
            onChange={(value) => api.set("budget_max", value === "Infinity" ? Number.POSITIVE_INFINITY : Number(value))}
            options={[
              ...steps.filter((n) => n > 0).map((n) => ({ value: String(n), label: wholeDollars(n, locale) })),
              { value: "Infinity", label: t("forms.budget-unlimited") },
            ]}
            error={api.error("budget_max")}
          />
        </div>
      );
    }
    case 4:
      return (
        <div className="form-grid">
          <div className="form-grid__full">
            <SelectField
              id={`${api.uid}-property_type`}
              name="property_type"
              label={t("forms.fields.property_type")}
              value={v.property_type}
              onChange={(value) => api.set("property_type", value as PropertyTypeCode | "")}
              options={[
                { value: "", label: t("forms.property-types.any") },
                ...PROPERTY_TYPE_CODES.map((code) => ({ value: code, label: t(`forms.property-types.${code}`) })),
              ]}
            />
          </div>
          <TextField
            id={`${api.uid}-bedrooms`}
            name="bedrooms"
            label={t("forms.fields.bedrooms")}
            value={v.bedrooms}
            onChange={(value) => api.set("bedrooms", value)}
            mask={maskCount}
            inputMode="numeric"
            error={api.error("bedrooms")}
            required
          />
          <TextField
            id={`${api.uid}-bathrooms`}
            name="bathrooms"
            label={t("forms.fields.bathrooms")}
            value={v.bathrooms}
            onChange={(value) => api.set("bathrooms", value)}
            mask={maskCount}
            inputMode="numeric"
            error={api.error("bathrooms")}
            required
          />
        </div>
      );
    case 5:
      return <ContactStep api={api} />;
    default:
      return (
        <>
          <AddressStep api={api} />
          <ConsentField api={api} />
        </>
      );
  }
}

/**
 * CASL express consent: an unticked box, its sentence naming who sends the e-mails (kept with the
 * lead). With alerts on (issue 32) the sentence is the alerts' own (purpose, who asks, their
 * contact, withdrawable), the words the server records with the lead and the alert it creates.
 */
function ConsentField({ api }: { api: StepApi<AlertValues> }) {
  const { t } = useTranslation();
  const site = useSite();
  const { siteName } = site;
  const [alertsConsent, setAlertsConsent] = useState<string | undefined>();
  useEffect(() => {
    let live = true;
    void fetchAlertConsent({ micrositeId: site.micrositeId, siteKey: site.siteKey, locale: site.locale }).then(
      (text) => {
        if (live) setAlertsConsent(text);
      },
    );
    return () => {
      live = false;
    };
  }, [site.micrositeId, site.siteKey, site.locale]);
  return (
    <CheckboxField
      id={`${api.uid}-consent_email`}
      name="consent_email"
      className="multistep__consent"
      label={
        alertsConsent ??
        (siteName ? t("multi-step-form.alert.consent", { site: siteName }) : t("multi-step-form.alert.consent-unnamed"))
      }
      checked={api.values.consent_email}
      onChange={(checked) => api.set("consent_email", checked)}
      error={api.error("consent_email")}
      required
    />
  );
}

export default function AlertForm(props: PropertyFormProps) {
  return (
    <MultiStepForm<AlertValues>
      kind="alert"
      {...props}
      steps={ALERT_STEPS}
      initialValues={defaultAlertValues}
      validate={validateAlertStep}
      payload={alertPayload}
      renderStep={(step, api) => <AlertStep step={step} api={api} />}
    />
  );
}
