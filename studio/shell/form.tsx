/**
 * Form fields of the studio's screens (pages, redirects, variants, site information, theme): a
 * label, the control, a hint and the field's error, tied together (aria-describedby,
 * aria-invalid), so a refusal is read next to the field it is about. Errors are the codes the
 * schemas and the content service give (`required`, `path-taken`…), said in the editor's language.
 */
import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";

/** A field's error code in words (`studio.errors.<code>`); an unknown code as the service wrote it. */
export function useErrorText(): (code: string | undefined) => string | undefined {
  const { t } = useTranslation();
  return (code) => (code ? t(`studio.errors.${code}`, { defaultValue: code }) : undefined);
}

/** A zod error's issues by dotted path (the first of each), as the content service answers them. */
export function issuesByPath(error: z.ZodError | undefined, prefix = ""): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error?.issues ?? []) {
    const key = `${prefix}${issue.path.map(String).join(".")}`;
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

export function Field(props: {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: ReactNode;
  /** Shown after the hint: "42 / 60". */
  counter?: { length: number; max: number };
  multiline?: boolean;
  type?: "text" | "email" | "tel" | "url" | "color";
  name?: string;
  placeholder?: string;
  disabled?: boolean;
  lang?: string;
  autoFocus?: boolean;
  className?: string;
}) {
  const id = useId();
  const errorText = useErrorText()(props.error);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [props.hint || props.counter ? hintId : null, errorText ? errorId : null]
    .filter(Boolean)
    .join(" ");
  const common = {
    id,
    name: props.name,
    value: props.value,
    disabled: props.disabled,
    lang: props.lang,
    placeholder: props.placeholder,
    "aria-invalid": errorText ? true : undefined,
    "aria-describedby": describedBy || undefined,
    // The dialog opened for this field.
    autoFocus: props.autoFocus,
    className: "studio-input",
  };
  return (
    <div
      className={`studio-field${props.className ? ` ${props.className}` : ""}`}
      data-invalid={errorText ? "" : undefined}
    >
      <label htmlFor={id}>{props.label}</label>
      {props.multiline ? (
        <textarea {...common} rows={3} onChange={(e) => props.onChange(e.target.value)} />
      ) : (
        <input {...common} type={props.type ?? "text"} onChange={(e) => props.onChange(e.target.value)} />
      )}
      {props.hint || props.counter ? (
        <p id={hintId} className="studio-field-hint">
          {props.hint}
          {props.counter ? (
            <span className="studio-counter" data-over={props.counter.length > props.counter.max || undefined}>
              {" "}
              {props.counter.length} / {props.counter.max}
            </span>
          ) : null}
        </p>
      ) : null}
      {errorText ? (
        <p id={errorId} className="studio-field-error">
          {errorText}
        </p>
      ) : null}
    </div>
  );
}

/** A native select with its label and error. */
export function SelectField(props: {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  error?: string;
  disabled?: boolean;
  name?: string;
}) {
  const id = useId();
  const errorText = useErrorText()(props.error);
  return (
    <div className="studio-field" data-invalid={errorText ? "" : undefined}>
      <label htmlFor={id}>{props.label}</label>
      <select
        id={id}
        name={props.name}
        className="studio-input"
        value={props.value}
        disabled={props.disabled}
        aria-invalid={errorText ? true : undefined}
        aria-describedby={errorText ? `${id}-error` : undefined}
        onChange={(e) => props.onChange(e.target.value)}
      >
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {errorText ? (
        <p id={`${id}-error`} className="studio-field-error">
          {errorText}
        </p>
      ) : null}
    </div>
  );
}

/** A date and time in the studio's language, e.g. « 24 nov. 2026, 11 h 30 ». */
export const formatDateTime = (iso: string, locale: string) =>
  new Intl.DateTimeFormat(`${locale}-CA`, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));

/** Text folded for a search: no accents, no case ("Évaluation" finds "evaluation"). */
export const fold = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
