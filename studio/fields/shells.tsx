/**
 * The frames every control sits in: a leaf (its label, the control, its messages) and a group
 * (a fieldset: objects, repeaters). Apart from the controls so that composite controls in
 * their own modules (RepeaterControl) use them without importing the dispatcher.
 */
import type { ReactNode } from "react";
import { useFieldId, useIssues } from "./context";

/** What a leaf's control spreads on its input: its id and the messages that describe it. */
export interface LeafA11y {
  id: string;
  "aria-invalid": boolean | undefined;
  "aria-describedby": string | undefined;
}

interface LeafShellProps {
  path: string;
  id: string;
  label: string;
  kind: string;
  /** Extra messages from the control itself (URL rules, JSON errors). */
  extra?: string[];
  children: (a11y: LeafA11y) => ReactNode;
  /** Checkboxes put their label after the control. */
  inlineLabel?: boolean;
  /** The control renders its own label (react-aria selects). */
  labelless?: boolean;
}

export function LeafShell({ path, id, label, kind, extra = [], children, inlineLabel, labelless }: LeafShellProps) {
  const issues = useIssues(path, true);
  const messages = [...issues, ...extra];
  const errorId = `${id}-error`;
  const a11y = {
    id,
    "aria-invalid": messages.length > 0 ? true : undefined,
    "aria-describedby": messages.length > 0 ? errorId : undefined,
  };
  return (
    <div className={`sf-field sf-kind-${kind}`} data-path={path} data-invalid={messages.length > 0 || undefined}>
      {labelless ? (
        children(a11y)
      ) : inlineLabel ? (
        <div className="sf-inline">
          {children(a11y)}
          <label htmlFor={id}>{label}</label>
        </div>
      ) : (
        <>
          <label htmlFor={id}>{label}</label>
          {children(a11y)}
        </>
      )}
      {messages.length > 0 && (
        <p className="sf-error" id={errorId}>
          {messages.join(" ")}
        </p>
      )}
    </div>
  );
}

interface GroupShellProps {
  path: string;
  label: string;
  kind: string;
  children: ReactNode;
  actions?: ReactNode;
}

export function GroupShell({ path, label, kind, children, actions }: GroupShellProps) {
  const issues = useIssues(path, false);
  const id = useFieldId(path);
  const errorId = `${id}-error`;
  return (
    <fieldset
      className={`sf-group sf-kind-${kind}`}
      data-path={path}
      aria-invalid={issues.length > 0 || undefined}
      aria-describedby={issues.length > 0 ? errorId : undefined}
    >
      <legend>{label}</legend>
      {actions && <div className="sf-group-actions">{actions}</div>}
      {issues.length > 0 && (
        <p className="sf-error" id={errorId}>
          {issues.join(" ")}
        </p>
      )}
      {children}
    </fieldset>
  );
}
