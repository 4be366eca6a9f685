/**
 * One control per field kind, generated from the zod schema. Every control is a memoised
 * component addressed by its dotted path (`data-path` on its wrapper); values flow down,
 * changes go up through `onChange(path, value, { groupKey })`.
 */
import { Component, type ComponentType, type ErrorInfo, lazy, memo, type ReactNode, Suspense, useState } from "react";
import { Button, Label, ListBox, ListBoxItem, Popover, Select, SelectValue, Switch, Text } from "react-aria-components";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import type { Locale } from "../../schema/common";
import { blockedFrameHost } from "../../schema/embed-frames";
import { fieldKey, fieldLabel, valueDescription, valueLabel } from "../labels";
import { useFrameHosts } from "../shell/frame-hosts";
import { Icon } from "../shell/icons";
import { useStudioRole } from "../shell/role";
import { ColourPicker } from "./ColourPicker";
import { type OnChange, useFieldId, useIssues } from "./context";
import { EmbedWarning } from "./EmbedWarning";
import { humanise, type ResolvedField, resolveField, selectOptions } from "./kinds";
import { joinPath } from "./path";
import { RepeaterControl } from "./RepeaterControl";
import { GroupShell, type LeafA11y, LeafShell } from "./shells";
import { checkLinkUrl } from "./url";

const RichTextEditor = lazy(() => import("./RichTextEditor"));
const CodeEditor = lazy(() => import("./CodeEditor"));

export interface FieldProps {
  /** Key of the field in its parent object (label fallback). */
  name: string;
  schema: z.ZodType;
  value: unknown;
  /** Dotted path of the value inside the block. */
  path: string;
  onChange: OnChange;
  /** Overrides the computed label (e.g. "Main title (French)"). */
  label?: string;
  /** The same field in the other language (repeaters keep their items aligned with it). */
  counterpart?: unknown;
}

export type ControlProps = FieldProps & {
  field: ResolvedField;
  label: string;
  /** The dispatcher, for controls that hold fields (repeaters): handed down, not imported (no import cycle). */
  renderField: ComponentType<FieldProps>;
};

export function useFieldLabel(name: string, field: ResolvedField): string {
  const { t } = useTranslation();
  return fieldLabel(t, fieldKey(name, field));
}

/** The studio's language (option labels come from the schema in both). */
export function useUiLocale(): Locale {
  const { i18n } = useTranslation();
  return i18n.language === "en" ? "en" : "fr";
}

export function defaultOf(schema: z.ZodType): unknown {
  let current: z.ZodType | undefined = schema;
  for (let i = 0; i < 6 && current; i++) {
    const def: { type: string; innerType?: z.ZodType; defaultValue?: unknown } = (
      current as unknown as { _zod: { def: { type: string; innerType?: z.ZodType; defaultValue?: unknown } } }
    )._zod.def;
    if (def.type === "default") return typeof def.defaultValue === "function" ? def.defaultValue() : def.defaultValue;
    current = def.innerType;
  }
  return undefined;
}

// ---- leaf controls ----------------------------------------------------------

function TextControl({ path, value, onChange, label, field }: ControlProps) {
  const id = useFieldId(path);
  const isUrl = path.endsWith(".url") || path.endsWith(".poster");
  const { t } = useTranslation();
  const extra: string[] = [];
  if (path.endsWith(".url") && checkLinkUrl(value) === "invalid") extra.push(t("studio.fields.errors.url"));
  // An external widget's host the public page's CSP would block (schema/embed-frames.ts).
  const frameHosts = useFrameHosts();
  const blocked =
    path.endsWith(".iframeUrl") && typeof value === "string"
      ? blockedFrameHost(value, window.location.hostname, frameHosts)
      : undefined;
  if (blocked) extra.push(t("studio.fields.errors.frameHost", { host: blocked }));
  const text = typeof value === "string" ? value : value === undefined || value === null ? "" : String(value);
  const multiline = field.kind === "textarea";
  const change = (next: string) => onChange(path, next === "" && field.optional ? undefined : next, { groupKey: path });
  return (
    <LeafShell path={path} id={id} label={label} kind={field.kind} extra={extra}>
      {(a11y) =>
        multiline ? (
          <textarea {...a11y} value={text} rows={3} onChange={(e) => change(e.currentTarget.value)} />
        ) : (
          <input
            {...a11y}
            type="text"
            inputMode={isUrl ? "url" : undefined}
            spellCheck={isUrl ? false : undefined}
            value={text}
            onChange={(e) => change(e.currentTarget.value)}
          />
        )
      }
    </LeafShell>
  );
}

function NumberControl({ path, value, onChange, label, field, schema }: ControlProps) {
  const id = useFieldId(path);
  const shown = typeof value === "number" ? value : (defaultOf(schema) as number | undefined);
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <LeafShell path={path} id={id} label={label} kind="number">
      {(a11y) => (
        <input
          {...a11y}
          type="number"
          value={draft ?? (shown === undefined ? "" : String(shown))}
          onChange={(e) => {
            const raw = e.currentTarget.value;
            if (raw === "") {
              setDraft("");
              if (field.optional) onChange(path, undefined, { groupKey: path });
              return;
            }
            const n = Number(raw);
            if (Number.isFinite(n)) {
              setDraft(null);
              onChange(path, n, { groupKey: path });
            } else setDraft(raw);
          }}
          onBlur={() => setDraft(null)}
        />
      )}
    </LeafShell>
  );
}

function BooleanControl({ path, value, onChange, label, schema }: ControlProps) {
  const checked = typeof value === "boolean" ? value : defaultOf(schema) === true;
  const issues = useIssues(path, true);
  return (
    <div className="sf-field sf-kind-boolean" data-path={path} data-invalid={issues.length > 0 || undefined}>
      <Switch className="studio-switch" isSelected={checked} onChange={(on) => onChange(path, on)}>
        <span className="studio-switch-track" aria-hidden="true" />
        {label}
      </Switch>
      {issues.length > 0 && <p className="sf-error">{issues.join(" ")}</p>}
    </div>
  );
}

/** The key standing for "no value" (the schema's default applies) in a select. */
const UNSET = "__studio-unset__";

function SelectControl({ path, value, onChange, label, field, schema }: ControlProps) {
  const id = useFieldId(path);
  const { t } = useTranslation();
  const locale = useUiLocale();
  const options = selectOptions(field);
  const fallback = defaultOf(schema) ?? field.meta?.unsetMeans;
  const current = typeof value === "string" ? value : "";
  const unsetLabel =
    fallback !== undefined
      ? t("studio.fields.defaultOption", { value: valueLabel(field, String(fallback), locale) })
      : t("studio.fields.noneOption");
  const items = [
    ...(field.optional || current === "" ? [{ id: UNSET, label: unsetLabel, description: undefined }] : []),
    ...options.map((option) => ({
      id: option,
      label: valueLabel(field, option, locale),
      description: valueDescription(field, option, locale),
    })),
    // A value from outside the schema's list stays visible (and invalid) rather than vanish.
    ...(current !== "" && !options.includes(current) ? [{ id: current, label: current, description: undefined }] : []),
  ];
  return (
    <LeafShell path={path} id={id} label={label} kind="select" labelless>
      {(a11y) => (
        <ChoiceSelect
          a11y={a11y}
          label={label}
          items={items}
          selectedKey={current === "" ? UNSET : current}
          onChange={(key) => onChange(path, key === UNSET ? undefined : key)}
        />
      )}
    </LeafShell>
  );
}

export interface Choice {
  id: string;
  label: string;
  description?: string;
}

/** A react-aria select with a visible label, options named (and described) for people. */
export function ChoiceSelect(props: {
  a11y: { id: string; "aria-invalid": boolean | undefined; "aria-describedby": string | undefined };
  label: string;
  items: readonly Choice[];
  selectedKey: string;
  onChange: (key: string) => void;
}) {
  return (
    <Select
      className="studio-select"
      aria-describedby={props.a11y["aria-describedby"]}
      isInvalid={props.a11y["aria-invalid"]}
      selectedKey={props.selectedKey}
      onSelectionChange={(key) => key !== null && props.onChange(String(key))}
    >
      <Label className="sf-label">{props.label}</Label>
      <Button className="studio-select-button" id={props.a11y.id}>
        <SelectValue />
        <Icon name="chevron-down" size={16} />
      </Button>
      <Popover className="studio-popover">
        <ListBox className="studio-listbox" items={props.items}>
          {(item) => (
            <ListBoxItem id={item.id} className="studio-option" textValue={item.label}>
              <Text slot="label" className="studio-option-label">
                {item.label}
              </Text>
              {item.description ? (
                <Text slot="description" className="studio-option-description">
                  {item.description}
                </Text>
              ) : null}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </Select>
  );
}

function ColourControl({ path, value, onChange, label, field }: ControlProps) {
  const id = useFieldId(path);
  return (
    <LeafShell path={path} id={id} label={label} kind="colour">
      {(a11y) => (
        <ColourPicker
          a11y={a11y}
          label={label}
          value={typeof value === "string" ? value : ""}
          onChange={(next, typing) =>
            onChange(path, next === "" && field.optional ? undefined : next, typing ? { groupKey: path } : undefined)
          }
        />
      )}
    </LeafShell>
  );
}

function JsonControl({ path, value, onChange, label, field }: ControlProps) {
  const id = useFieldId(path);
  const { t } = useTranslation();
  const serialised = value === undefined ? "" : JSON.stringify(value, null, 2);
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <LeafShell path={path} id={id} label={label} kind="json" extra={error ? [error] : []}>
      {(a11y) => (
        <textarea
          {...a11y}
          className="sf-json"
          rows={4}
          spellCheck={false}
          value={draft ?? serialised}
          onChange={(e) => setDraft(e.currentTarget.value)}
          onBlur={() => {
            if (draft === null) return;
            if (draft.trim() === "") {
              setError(null);
              setDraft(null);
              if (field.optional) onChange(path, undefined);
              return;
            }
            try {
              const parsed: unknown = JSON.parse(draft);
              setError(null);
              setDraft(null);
              onChange(path, parsed);
            } catch {
              setError(t("studio.fields.errors.json"));
            }
          }}
        />
      )}
    </LeafShell>
  );
}

/** Shows a plain textarea when an editor bundle fails to load, so content stays editable. */
class EditorBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.warn("Editor failed to load; using a plain textarea.", error, info.componentStack);
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

function PlainTextarea(props: {
  a11y: { id: string; "aria-invalid": boolean | undefined; "aria-describedby": string | undefined };
  value: string;
  path: string;
  onChange: OnChange;
}) {
  return (
    <textarea
      {...props.a11y}
      rows={6}
      spellCheck={false}
      value={props.value}
      onChange={(e) => props.onChange(props.path, e.currentTarget.value, { groupKey: props.path })}
    />
  );
}

function RichTextControl({ path, value, onChange, label }: ControlProps) {
  const id = useFieldId(path);
  const { t } = useTranslation();
  const html = typeof value === "string" ? value : "";
  return (
    <LeafShell path={path} id={id} label={label} kind="richtext">
      {(a11y) => (
        <EditorBoundary fallback={<PlainTextarea a11y={a11y} value={html} path={path} onChange={onChange} />}>
          <Suspense fallback={<p className="sf-loading">{t("studio.fields.loadingEditor")}</p>}>
            <RichTextEditor
              {...a11y}
              label={label}
              value={html}
              // A typing burst is one undo step; bold, a heading, a list or a link is a step of its own.
              onChange={(next, change) => onChange(path, next, change.typing ? { groupKey: path } : undefined)}
            />
          </Suspense>
        </EditorBoundary>
      )}
    </LeafShell>
  );
}

function CodeControl({ path, value, onChange, label, field }: ControlProps) {
  const id = useFieldId(path);
  const { t } = useTranslation();
  const code = typeof value === "string" ? value : "";
  const [open, setOpen] = useState(false);
  // Code runs on the site with the session of whoever views it: an administrator's right.
  const mayEdit = useStudioRole() === "admin";
  const language = field.meta?.language ?? "html";
  return (
    <LeafShell path={path} id={id} label={label} kind="code">
      {(a11y) => (
        <>
          {codeBody(a11y)}
          {language === "html" && <EmbedWarning code={code} id={`${id}-removed`} />}
        </>
      )}
    </LeafShell>
  );

  function codeBody(a11y: LeafA11y) {
    return !mayEdit ? (
      <div className="sf-code-closed">
        <pre className="sf-code-preview" aria-describedby={`${id}-admin-only`}>
          {code.slice(0, 400)}
        </pre>
        <p id={`${id}-admin-only`} className="sf-note">
          {t("studio.fields.codeAdminOnly")}
        </p>
      </div>
    ) : open ? (
      <EditorBoundary fallback={<PlainTextarea a11y={a11y} value={code} path={path} onChange={onChange} />}>
        <Suspense fallback={<p className="sf-loading">{t("studio.fields.loadingEditor")}</p>}>
          <CodeEditor
            id={a11y.id}
            label={label}
            language={language}
            value={code}
            onChange={(next) => onChange(path, next, { groupKey: path })}
          />
        </Suspense>
      </EditorBoundary>
    ) : (
      <div className="sf-code-closed">
        <pre className="sf-code-preview">{code.slice(0, 400)}</pre>
        <button
          type="button"
          {...a11y}
          aria-label={t("studio.fields.openCode", { label })}
          onClick={() => setOpen(true)}
        >
          {t("studio.fields.openCode", { label })}
        </button>
      </div>
    );
  }
}

// ---- composite controls -------------------------------------------------------

type Overrides = Record<string, (props: FieldProps) => ReactNode>;

function shapeOf(field: ResolvedField): Record<string, z.ZodType> {
  return field.def.shape ?? {};
}

/** The fields of an object schema, one `Field` each. */
export function ObjectFields({
  schema,
  value,
  path,
  onChange,
  overrides,
}: {
  schema: z.ZodType;
  value: unknown;
  path: string;
  onChange: OnChange;
  overrides?: Overrides;
}) {
  const field = resolveField(schema);
  const record = value && typeof value === "object" ? (value as Record<string, unknown>) : undefined;
  return (
    <>
      {Object.entries(shapeOf(field)).map(([key, child]) => {
        const props: FieldProps = {
          name: key,
          schema: child,
          value: record?.[key],
          path: joinPath(path, key),
          onChange,
        };
        const override = overrides?.[key];
        return override ? <div key={key}>{override(props)}</div> : <Field key={key} {...props} />;
      })}
    </>
  );
}

function ClearButton({ path, onChange, label }: { path: string; onChange: OnChange; label: string }) {
  const { t } = useTranslation();
  return (
    <button type="button" className="sf-small" onClick={() => onChange(path, undefined)}>
      {t("studio.fields.clear", { label })}
    </button>
  );
}

function ObjectControl({
  path,
  value,
  onChange,
  label,
  field,
  schema,
  overrides,
}: ControlProps & { overrides?: Overrides }) {
  return (
    <GroupShell
      path={path}
      label={label}
      kind={field.kind}
      actions={
        field.optional && value !== undefined ? <ClearButton path={path} onChange={onChange} label={label} /> : null
      }
    >
      <ObjectFields schema={schema} value={value} path={path} onChange={onChange} overrides={overrides} />
    </GroupShell>
  );
}

function ActionControl({ path, value, onChange, name }: FieldProps) {
  const { t } = useTranslation();
  const id = useFieldId(joinPath(path, "action_type"));
  const action =
    value && typeof value === "object" ? (value as { action_type?: string; action_params?: unknown }) : undefined;
  const label = t(`studio.fields.labels.${name}`, { defaultValue: humanise(name) });
  const current = action?.action_type ?? "";
  const items: Choice[] = [
    { id: UNSET, label: t("studio.fields.noAction") },
    { id: "open_contact_modal", label: t("studio.fields.actions.open_contact_modal") },
    ...(current && current !== "open_contact_modal" ? [{ id: current, label: current }] : []),
  ];
  return (
    <fieldset className="sf-group sf-kind-action" data-path={path}>
      <legend>{label}</legend>
      <div className="sf-field" data-path={joinPath(path, "action_type")}>
        <ChoiceSelect
          a11y={{ id, "aria-invalid": undefined, "aria-describedby": undefined }}
          label={t("studio.fields.labels.action_type")}
          items={items}
          selectedKey={current || UNSET}
          onChange={(key) =>
            onChange(path, key === UNSET ? undefined : { action_type: key, action_params: action?.action_params })
          }
        />
      </div>
      {action?.action_type && (
        <JsonControl
          name="action_params"
          schema={JSON_ANY}
          field={resolveField(JSON_ANY)}
          label={t("studio.fields.labels.action_params")}
          value={action.action_params}
          path={joinPath(path, "action_params")}
          onChange={onChange}
          renderField={Field}
        />
      )}
    </fieldset>
  );
}

// A placeholder schema for free JSON values (resolveField falls back to "json").
const JSON_ANY = { _zod: { def: { type: "unknown" } } } as unknown as z.ZodType;

const formatOverrides: Overrides = {
  bg_color: (props) => <ColourLike {...props} />,
  color: (props) => <ColourLike {...props} />,
};

function ColourLike(props: FieldProps) {
  const field = resolveField(props.schema);
  const label = useFieldLabel(props.name, field);
  return <ColourControl {...props} field={{ ...field, kind: "colour" }} label={label} renderField={Field} />;
}

const linkOverrides: Overrides = {
  format: (props) => <FormatField {...props} />,
  on_click_action: (props) => <ActionControl {...props} />,
};

function FormatField(props: FieldProps) {
  const field = resolveField(props.schema);
  const label = useFieldLabel(props.name, field);
  return <ObjectControl {...props} field={field} label={label} overrides={formatOverrides} renderField={Field} />;
}

function LinkControl(props: ControlProps) {
  return <ObjectControl {...props} overrides={linkOverrides} />;
}

function ImageControl(props: ControlProps) {
  const { t } = useTranslation();
  const url = (props.value as { url?: unknown } | undefined)?.url;
  const alt = (props.value as { alt?: unknown } | undefined)?.alt;
  return (
    <GroupShell
      path={props.path}
      label={props.label}
      kind="image"
      actions={
        props.field.optional && props.value !== undefined ? (
          <ClearButton path={props.path} onChange={props.onChange} label={props.label} />
        ) : null
      }
    >
      {typeof url === "string" && url !== "" && checkLinkUrl(url) === "ok" && (
        <img
          className="sf-thumb"
          src={url}
          alt={typeof alt === "string" && alt ? t("studio.fields.preview", { alt }) : t("studio.fields.previewNoAlt")}
          loading="lazy"
        />
      )}
      <ObjectFields schema={props.schema} value={props.value} path={props.path} onChange={props.onChange} />
    </GroupShell>
  );
}

// ---- dispatch -----------------------------------------------------------------

const CONTROLS: Record<ResolvedField["kind"], (props: ControlProps) => ReactNode> = {
  text: TextControl,
  textarea: TextControl,
  richtext: RichTextControl,
  code: CodeControl,
  link: LinkControl,
  image: ImageControl,
  video: ObjectControl,
  icon: ObjectControl,
  select: SelectControl,
  number: NumberControl,
  boolean: BooleanControl,
  colour: ColourControl,
  repeater: RepeaterControl,
  object: ObjectControl,
  json: JsonControl,
};

/** One field: picks the control for its kind. Memoised: it re-renders only when its value (or path) changes. */
export const Field = memo(function Field(props: FieldProps) {
  const field = resolveField(props.schema);
  const computed = useFieldLabel(props.name, field);
  const Control = CONTROLS[field.kind];
  // The wrong shape for its kind (e.g. a number in a text field): edit it as JSON instead of losing it.
  const mismatched = props.value !== undefined && props.value !== null && !fits(field, props.value);
  const Chosen = mismatched ? JsonControl : Control;
  return <Chosen {...props} field={field} label={props.label ?? computed} renderField={Field} />;
});

function fits(field: ResolvedField, value: unknown): boolean {
  switch (field.kind) {
    case "text":
    case "textarea":
    case "richtext":
    case "code":
    case "colour":
    case "select":
      return typeof value === "string";
    case "number":
      return typeof value === "number";
    case "boolean":
      return typeof value === "boolean";
    case "repeater":
      return Array.isArray(value);
    case "json":
      return true;
    default:
      return typeof value === "object" && !Array.isArray(value);
  }
}
