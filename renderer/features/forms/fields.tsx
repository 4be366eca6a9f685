/**
 * Form controls shared by the contact, alert, valuation and calculator forms: a
 * visible label, the error text tied by aria-describedby, aria-invalid, and an
 * optional mask applied to every change.
 */
// Their messages load with them (renderer/messages).
import "../../messages/forms";
import type { ChangeEvent, HTMLAttributes, InputHTMLAttributes, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useSite } from "../../lib/site";
import { withVariant } from "../../ui/SmartLink";

export interface FieldProps {
  id: string;
  name: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  /** Error text, shown under the control. */
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  mask?: (raw: string) => string;
  type?: "text" | "email" | "tel" | "number";
  inputMode?: HTMLAttributes<HTMLInputElement>["inputMode"];
  autoComplete?: string;
  placeholder?: string;
  /** Textarea with this many lines. */
  rows?: number;
  inputProps?: InputHTMLAttributes<HTMLInputElement>;
  className?: string;
}

export function RequiredMark() {
  const { t } = useTranslation();
  return (
    <span className="form-field__required" title={t("forms.required")}>
      {" *"}
    </span>
  );
}

export function TextField(props: FieldProps) {
  const { id, name, label, value, onChange, error, hint, required, disabled, mask, rows } = props;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : "", error ? errorId : ""].filter(Boolean).join(" ") || undefined;
  const handle = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    onChange(mask ? mask(event.target.value) : event.target.value);
  const common = {
    id,
    name,
    value,
    onChange: handle,
    disabled,
    required,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy,
    className: "form-field__control",
  } as const;
  return (
    <div className={`form-field${props.className ? ` ${props.className}` : ""}`} data-invalid={error ? "" : undefined}>
      <label htmlFor={id} className="form-field__label">
        {label}
        {required ? <RequiredMark /> : null}
      </label>
      {hint ? (
        <p id={hintId} className="form-field__hint">
          {hint}
        </p>
      ) : null}
      {rows ? (
        <textarea {...common} rows={rows} />
      ) : (
        <input
          {...common}
          type={props.type ?? "text"}
          inputMode={props.inputMode}
          autoComplete={props.autoComplete}
          placeholder={props.placeholder}
          {...props.inputProps}
        />
      )}
      {error ? (
        <p id={errorId} className="form-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export interface Option {
  value: string;
  label: string;
}

export function SelectField(props: Omit<FieldProps, "mask" | "rows" | "type"> & { options: readonly Option[] }) {
  const { id, name, label, value, onChange, error, required, disabled, options } = props;
  const errorId = `${id}-error`;
  return (
    <div className="form-field" data-invalid={error ? "" : undefined}>
      <label htmlFor={id} className="form-field__label">
        {label}
        {required ? <RequiredMark /> : null}
      </label>
      <select
        id={id}
        name={name}
        value={value}
        disabled={disabled}
        required={required}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="form-field__control"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error ? (
        <p id={errorId} className="form-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Radio buttons in a fieldset; the legend names the group. */
export function RadioGroupField(props: {
  id: string;
  name: string;
  legend: ReactNode;
  value: string;
  onChange: (value: string) => void;
  options: readonly Option[];
  error?: string;
  required?: boolean;
  disabled?: boolean;
  inline?: boolean;
}) {
  const { id, name, legend, value, onChange, options, error, required, disabled } = props;
  const errorId = `${id}-error`;
  return (
    <fieldset
      className={`form-field form-choices${props.inline ? " form-choices--inline" : ""}`}
      data-invalid={error ? "" : undefined}
      aria-describedby={error ? errorId : undefined}
      id={id}
    >
      <legend className="form-field__label">
        {legend}
        {required ? <RequiredMark /> : null}
      </legend>
      <div className="form-choices__list">
        {options.map((option) => (
          <label key={option.value} className="form-choice">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              disabled={disabled}
              onChange={() => onChange(option.value)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="form-field__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The danger message: a title and the list of errors (site.md §5). */
export function DangerMessage({
  id,
  title,
  messages,
  focusRef,
}: {
  id?: string;
  title: string;
  messages?: readonly string[];
  focusRef?: React.Ref<HTMLDivElement>;
}) {
  return (
    <div id={id} className="form-danger" role="alert" tabIndex={-1} ref={focusRef}>
      <p className="form-danger__title">{title}</p>
      {messages?.length ? (
        <ul className="form-danger__list">
          {messages.map((message, i) => (
            <li key={i}>{message}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** One checkbox with its sentence as label (a consent): required boxes are refused unticked. */
export function CheckboxField(props: {
  id: string;
  name: string;
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  className?: string;
}) {
  const { id, name, label, checked, onChange, error, required, disabled } = props;
  const errorId = `${id}-error`;
  return (
    <div
      className={`form-field form-check${props.className ? ` ${props.className}` : ""}`}
      data-invalid={error ? "" : undefined}
    >
      <label className="form-choice form-check__label" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          name={name}
          checked={checked}
          required={required}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => onChange(event.target.checked)}
        />
        <span>
          {label}
          {required ? <RequiredMark /> : null}
        </span>
      </label>
      {error ? (
        <p id={errorId} className="form-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** What the visitor's information is for, with the site's privacy policy (Québec Law 25). */
export function PrivacyNote({ href, className }: { href?: string; className?: string }) {
  const { t } = useTranslation();
  const { variantId } = useSite();
  return (
    <p className={`form-note form-privacy${className ? ` ${className}` : ""}`}>
      {t("forms.privacy.notice")}
      {href ? (
        <>
          {" "}
          <a href={withVariant(href, variantId)}>{t("forms.privacy.link")}</a>
        </>
      ) : null}
    </p>
  );
}
