/** Small accessible pieces the editor pages share: the page frame, a labelled field, a status line. */
import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import "../../renderer/messages/auth";
import "./auth.css";

export function AuthFrame({ title, children, wide }: { title: string; children: ReactNode; wide?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="auth-page">
      <header className="auth-brand">
        <span>{t("auth.brand")}</span>
      </header>
      <main id="main-content" tabIndex={-1} className={wide ? "auth-card auth-card-wide" : "auth-card"}>
        <h1>{title}</h1>
        {children}
      </main>
    </div>
  );
}

export function Field(props: {
  label: string;
  name: string;
  type?: string;
  autoComplete?: string;
  required?: boolean;
  /** Controlled; or, without `onChange`, uncontrolled from `defaultValue` (read from the form on submit). */
  value?: string;
  onChange?: (value: string) => void;
  defaultValue?: string;
  error?: string;
  hint?: string;
  minLength?: number;
  maxLength?: number;
  autoFocus?: boolean;
}) {
  const id = useId();
  const describedBy = [props.hint ? `${id}-hint` : "", props.error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return (
    <div className="auth-field">
      <label htmlFor={id}>{props.label}</label>
      {props.hint ? (
        <p id={`${id}-hint`} className="auth-hint">
          {props.hint}
        </p>
      ) : null}
      <input
        id={id}
        name={props.name}
        type={props.type ?? "text"}
        autoComplete={props.autoComplete}
        required={props.required}
        minLength={props.minLength}
        maxLength={props.maxLength}
        autoFocus={props.autoFocus}
        {...(props.onChange
          ? { value: props.value ?? "", onChange: (event) => props.onChange?.(event.target.value) }
          : { defaultValue: props.defaultValue })}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {props.error ? (
        <p id={`${id}-error`} className="auth-field-error">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

/** A live message: errors are alerts, confirmations polite status. */
export function Status({ kind, children }: { kind: "error" | "ok"; children: ReactNode }) {
  if (!children) return null;
  return kind === "error" ? (
    <p role="alert" className="auth-status auth-status-error">
      {children}
    </p>
  ) : (
    <p role="status" className="auth-status auth-status-ok">
      {children}
    </p>
  );
}

/** The message a failed call shows: field problems have their own, throttling says how long to wait. */
export function problemText(
  t: (key: string, values?: Record<string, unknown>) => string,
  field: string,
  code?: string,
) {
  if (!code) return undefined;
  if (field.includes("password") && ["too-short", "too-long", "common", "guessable", "wrong"].includes(code))
    return t(`auth.password-problem.${code}`);
  if (code === "required" || code === "taken") return t(`auth.field-problem.${code}`);
  return t("auth.field-problem.invalid");
}

/** Whether a call failed because the editor declined to confirm who they are (sudo mode). */
export const wasNotConfirmed = (caught: unknown) =>
  caught instanceof Error && (caught as { code?: unknown }).code === "reauth_required";
