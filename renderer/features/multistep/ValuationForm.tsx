/**
 * Free valuation form (site.md §3, §4; blocks.md §4): intro + 7 steps —
 * 1 municipality, 2 property details, 3 measurement system and areas, 4 two yes/no
 * questions, 5 selling reason and renovations (optional), 6 contact, 7 address and submit.
 */
// Their messages load with them (renderer/messages).
import "../../messages/forms";
import { useTranslation } from "react-i18next";
import {
  AREA_UNITS,
  defaultValuationValues,
  MEASUREMENT_SYSTEMS,
  type MeasurementSystem,
  PROPERTY_TYPE_CODES,
  type PropertyTypeCode,
  VALUATION_STEPS,
  type ValuationValues,
  validateValuationStep,
  valuationPayload,
  YES_NO,
  type YesNo,
} from "../../../schema/forms";
import { useSite } from "../../lib/site";
import { RadioGroupField, SelectField, TextField } from "../forms/fields";
import { maskArea, maskCount, maskYear } from "../forms/masks";
import type { PropertyFormProps } from "./AlertForm";
import { MultiStepForm, type StepApi } from "./MultiStepForm";
import { AddressStep, ContactStep, MunicipalitySingle } from "./steps";

type CountKey = "bedrooms" | "bathrooms" | "parking" | "garage";

function ValuationStep({ step, api }: { step: number; api: StepApi<ValuationValues> }) {
  const { t } = useTranslation();
  const { locale } = useSite();
  const v = api.values;
  const count = (key: CountKey) => (
    <TextField
      key={key}
      id={`${api.uid}-${key}`}
      name={key}
      label={t(`forms.fields.${key}`)}
      value={v[key]}
      onChange={(value) => api.set(key, value)}
      mask={maskCount}
      inputMode="numeric"
      error={api.error(key)}
      required
    />
  );
  const unit = AREA_UNITS[v.measurement_system][locale];
  const yesNo = YES_NO.map((answer) => ({ value: answer, label: t(`forms.yes-no.${answer}`) }));
  switch (step) {
    case 1:
      return <MunicipalitySingle api={api} />;
    case 2:
      return (
        <div className="form-grid">
          <SelectField
            id={`${api.uid}-property_type`}
            name="property_type"
            label={t("forms.fields.property_type")}
            value={v.property_type}
            onChange={(value) => api.set("property_type", value as PropertyTypeCode | "")}
            options={[
              { value: "", label: t("forms.choose") },
              ...PROPERTY_TYPE_CODES.map((code) => ({ value: code, label: t(`forms.property-types.${code}`) })),
            ]}
            error={api.error("property_type")}
            required
          />
          <TextField
            id={`${api.uid}-construction_year`}
            name="construction_year"
            label={t("forms.fields.construction_year")}
            value={v.construction_year}
            onChange={(value) => api.set("construction_year", value)}
            mask={maskYear}
            inputMode="numeric"
            error={api.error("construction_year")}
            required
          />
          {(["bedrooms", "bathrooms", "parking", "garage"] as const).map(count)}
        </div>
      );
    case 3:
      return (
        <>
          <RadioGroupField
            id={`${api.uid}-measurement_system`}
            name="measurement_system"
            legend={t("forms.fields.measurement_system")}
            value={v.measurement_system}
            onChange={(value) => api.set("measurement_system", value as MeasurementSystem)}
            options={MEASUREMENT_SYSTEMS.map((s) => ({
              value: s,
              label: t(`forms.measurement-systems.${s}`, { unit: AREA_UNITS[s][locale] }),
            }))}
            inline
          />
          <div className="form-grid">
            <TextField
              id={`${api.uid}-livable_surface_area`}
              name="livable_surface_area"
              label={t("forms.fields.livable_surface_area", { unit })}
              value={v.livable_surface_area}
              onChange={(value) => api.set("livable_surface_area", value)}
              mask={maskArea}
              inputMode="numeric"
              error={api.error("livable_surface_area")}
              required
            />
            <TextField
              id={`${api.uid}-lot_surface_area`}
              name="lot_surface_area"
              label={t("forms.fields.lot_surface_area", { unit })}
              value={v.lot_surface_area}
              onChange={(value) => api.set("lot_surface_area", value)}
              mask={maskArea}
              inputMode="numeric"
              error={api.error("lot_surface_area")}
              required
            />
          </div>
        </>
      );
    case 4:
      return (
        <>
          <RadioGroupField
            id={`${api.uid}-report`}
            name="report"
            legend={t("forms.fields.report")}
            value={v.report}
            onChange={(value) => api.set("report", value as YesNo)}
            options={yesNo}
            inline
          />
          <RadioGroupField
            id={`${api.uid}-report_available`}
            name="report_available"
            legend={t("forms.fields.report_available")}
            value={v.report_available}
            onChange={(value) => api.set("report_available", value as YesNo)}
            options={yesNo}
            inline
          />
        </>
      );
    case 5:
      return (
        <>
          <TextField
            id={`${api.uid}-selling_motivation`}
            name="selling_motivation"
            label={t("forms.fields.selling_motivation")}
            value={v.selling_motivation}
            onChange={(value) => api.set("selling_motivation", value)}
            error={api.error("selling_motivation")}
            rows={5}
          />
          <TextField
            id={`${api.uid}-renovations`}
            name="renovations"
            label={t("forms.fields.renovations")}
            value={v.renovations}
            onChange={(value) => api.set("renovations", value)}
            error={api.error("renovations")}
            rows={5}
          />
        </>
      );
    case 6:
      return <ContactStep api={api} />;
    default:
      return <AddressStep api={api} />;
  }
}

export default function ValuationForm(props: PropertyFormProps) {
  return (
    <MultiStepForm<ValuationValues>
      kind="valuation"
      {...props}
      steps={VALUATION_STEPS}
      initialValues={defaultValuationValues}
      validate={validateValuationStep}
      payload={valuationPayload}
      renderStep={(step, api) => <ValuationStep step={step} api={api} />}
    />
  );
}
