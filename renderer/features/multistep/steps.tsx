/** Steps shared by the alert and valuation forms: municipalities, contact, address. */
// Their messages load with them (renderer/messages).
import "../../messages/forms";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type AddressValues, CONTACT_METHODS, type ContactDetails, type ContactMethod } from "../../../schema/forms";
import { RadioGroupField, RequiredMark, SelectField, TextField } from "../forms/fields";
import { maskPhone, maskPostalCode } from "../forms/masks";
import type { StepApi } from "./MultiStepForm";
import "../../messages/forms-core";

type WithMunicipalities = { municipalities: string[] };

/** Alert step 1: several municipalities, grouped under "all cities", with a filter. */
export function MunicipalitiesMulti<V extends WithMunicipalities>({ api }: { api: StepApi<V> }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState("");
  const selected = new Set(api.values.municipalities);
  const needle = filter.trim().toLocaleLowerCase("fr");
  const shown = api.municipalities.filter((m) => !needle || m.name.toLocaleLowerCase("fr").includes(needle));
  const allShownSelected = shown.length > 0 && shown.every((m) => selected.has(m.name));
  const update = (next: Set<string>) =>
    api.set(
      "municipalities",
      api.municipalities.map((m) => m.name).filter((name) => next.has(name)),
    );
  const error = api.error("municipalities");
  const errorId = `${api.uid}-municipalities-error`;
  return (
    <fieldset
      className="form-field municipalities"
      data-field="municipalities"
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="form-field__label">
        {t("forms.fields.municipalities")}
        <RequiredMark />
      </legend>
      <TextField
        id={`${api.uid}-municipality-filter`}
        name="municipality_filter"
        label={t("multi-step-form.municipality-filter")}
        value={filter}
        onChange={setFilter}
        autoComplete="off"
      />
      <p className="form-note" aria-live="polite">
        {t("multi-step-form.selected-count", { count: selected.size })}
      </p>
      {/* biome-ignore lint/a11y/useSemanticElements: a fieldset inside the fieldset would repeat the legend to screen readers. */}
      <div className="municipalities__group" role="group" aria-labelledby={`${api.uid}-all-cities`}>
        <label className="form-choice municipalities__all" id={`${api.uid}-all-cities`}>
          <input
            type="checkbox"
            name="municipalities_all"
            checked={allShownSelected}
            onChange={() => {
              const next = new Set(selected);
              for (const m of shown) {
                if (allShownSelected) next.delete(m.name);
                else next.add(m.name);
              }
              update(next);
            }}
          />
          <span>{t("multi-step-form.all-cities")}</span>
        </label>
        <ul className="municipalities__list">
          {shown.map((m) => (
            <li key={m.code}>
              <label className="form-choice">
                <input
                  type="checkbox"
                  name="municipalities"
                  value={m.name}
                  checked={selected.has(m.name)}
                  onChange={() => {
                    const next = new Set(selected);
                    if (next.has(m.name)) next.delete(m.name);
                    else next.add(m.name);
                    update(next);
                  }}
                />
                <span>{m.name}</span>
              </label>
            </li>
          ))}
        </ul>
      </div>
      {error ? (
        <p id={errorId} className="form-field__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** Valuation step 1: one municipality. */
export function MunicipalitySingle<V extends WithMunicipalities>({ api }: { api: StepApi<V> }) {
  const { t } = useTranslation();
  return (
    <SelectField
      id={`${api.uid}-municipality`}
      name="municipalities"
      label={t("forms.fields.municipality")}
      value={api.values.municipalities[0] ?? ""}
      onChange={(value) => api.set("municipalities", value ? [value] : [])}
      options={[
        { value: "", label: t("forms.choose") },
        ...api.municipalities.map((m) => ({ value: m.name, label: m.name })),
      ]}
      error={api.error("municipalities")}
      required
    />
  );
}

export function ContactStep<V extends ContactDetails & AddressValues>({ api }: { api: StepApi<V> }) {
  const { t } = useTranslation();
  const v = api.values;
  return (
    <div className="form-grid">
      <TextField
        id={`${api.uid}-firstname`}
        name="firstname"
        label={t("forms.fields.firstname")}
        value={v.firstname}
        onChange={(value) => api.set("firstname", value)}
        error={api.error("firstname")}
        autoComplete="given-name"
        required
      />
      <TextField
        id={`${api.uid}-lastname`}
        name="lastname"
        label={t("forms.fields.lastname")}
        value={v.lastname}
        onChange={(value) => api.set("lastname", value)}
        error={api.error("lastname")}
        autoComplete="family-name"
        required
      />
      <TextField
        id={`${api.uid}-phone`}
        name="phone"
        type="tel"
        inputMode="tel"
        label={t("forms.fields.phone")}
        hint={t("forms.hints.phone")}
        value={v.phone}
        onChange={(value) => api.set("phone", value)}
        mask={maskPhone}
        error={api.error("phone")}
        autoComplete="tel"
        required
      />
      <TextField
        id={`${api.uid}-email`}
        name="email"
        type="email"
        label={t("forms.fields.email")}
        value={v.email}
        onChange={(value) => api.set("email", value)}
        error={api.error("email")}
        autoComplete="email"
        required
      />
      <div className="form-grid__full">
        <RadioGroupField
          id={`${api.uid}-preferred`}
          name="preferred_method_of_contact"
          legend={t("forms.fields.preferred_method_of_contact")}
          value={v.preferred_method_of_contact}
          onChange={(value) => api.set("preferred_method_of_contact", value as ContactMethod)}
          options={CONTACT_METHODS.map((m) => ({ value: m, label: t(`forms.contact-methods.${m}`) }))}
          inline
        />
      </div>
    </div>
  );
}

export function AddressStep<V extends ContactDetails & AddressValues>({ api }: { api: StepApi<V> }) {
  const { t } = useTranslation();
  const v = api.values;
  // Characters the postal code's mask could not place ("123456": a postal code starts with a
  // letter) are said, not dropped in silence.
  const [postalRefused, setPostalRefused] = useState(false);
  return (
    <div className="form-grid">
      <TextField
        id={`${api.uid}-address`}
        name="address"
        label={t("forms.fields.address")}
        value={v.address}
        onChange={(value) => api.set("address", value)}
        error={api.error("address")}
        autoComplete="street-address"
        required
        className="form-grid__full"
      />
      <TextField
        id={`${api.uid}-postal_code`}
        name="postal_code"
        label={t("forms.fields.postal_code")}
        hint={t("forms.hints.postal_code")}
        value={v.postal_code}
        onChange={(raw) => {
          const masked = maskPostalCode(raw);
          const typed = raw.replace(/[\s-]/g, "").length;
          setPostalRefused(typed > masked.replace(/\s/g, "").length);
          api.set("postal_code", masked);
        }}
        error={
          api.error("postal_code") ?? (postalRefused ? t("multi-step-form.errors.postal_code-invalid") : undefined)
        }
        autoComplete="postal-code"
        required
      />
      <TextField
        id={`${api.uid}-city`}
        name="city"
        label={t("forms.fields.city")}
        value={v.city}
        onChange={(value) => api.set("city", value)}
        error={api.error("city")}
        autoComplete="address-level2"
        required
      />
      <TextField
        id={`${api.uid}-province`}
        name="province"
        label={t("forms.fields.province")}
        value={v.province}
        onChange={(value) => api.set("province", value)}
        error={api.error("province")}
        autoComplete="address-level1"
      />
      <TextField
        id={`${api.uid}-country`}
        name="country"
        label={t("forms.fields.country")}
        value={v.country}
        onChange={(value) => api.set("country", value)}
        error={api.error("country")}
        autoComplete="country-name"
      />
    </div>
  );
}
