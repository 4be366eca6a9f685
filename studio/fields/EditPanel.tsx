/**
 * The studio's edit panel for one block: the path box, the block's params once, then
 * each content field in French and English side by side, with copy-from-the-other-
 * language actions, missing-translation badges and schema validation on each field.
 *
 * Speed: the panel selects only its block from the store, every field is memoised and
 * immer keeps untouched values identical, so a keystroke re-renders the edited field's
 * row only; validation runs on a deferred copy of the block.
 */
import "./fields.css";
import {
  memo,
  type ReactNode,
  useCallback,
  useDeferredValue,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { useStore } from "zustand";
import type { Block, BlockDefinition } from "../../schema/block";
import { getBlockDefinition } from "../../schema/registry";
import { type FormEnv, FormEnvContext, type Issue, IssuesStore, type OnChange, useFormEnv } from "./context";
import { Field, ObjectFields, useFieldLabel } from "./controls";
import { isEmptyValue, resolveField } from "./kinds";
import { PathBox } from "./PathBox";
import { splitPath } from "./path";
import { selectBlock, useFieldsStore } from "./store-adapter";
import { resolveWrite } from "./write";

type Locale = "fr" | "en";
const LOCALES: readonly Locale[] = ["fr", "en"];
const other = (locale: Locale): Locale => (locale === "fr" ? "en" : "fr");

const validationCache = new WeakMap<Block, Issue[]>();

/** The block's schema issues as dotted paths; memoised per block object (immer keeps it until it changes). */
export function validateBlockIssues(definition: BlockDefinition | undefined, block: Block | undefined): Issue[] {
  if (!definition || !block) return [];
  const hit = validationCache.get(block);
  if (hit) return hit;
  const result = definition.schema.safeParse(block);
  const issues = result.success
    ? []
    : result.error.issues.map((issue) => ({ path: issue.path.map(String).join("."), message: issue.message }));
  validationCache.set(block, issues);
  return issues;
}

/** A form for any object schema; reusable outside the edit panel (general settings). */
export function FieldForm({
  schema,
  value,
  path,
  onChange,
}: {
  schema: z.ZodType;
  value: unknown;
  path: string;
  onChange: OnChange;
}) {
  const parent = useFormEnv();
  const hasParent = useRef(parent.idPrefix !== "ff").current;
  const prefix = useId().replace(/[^a-zA-Z0-9_-]/g, "");
  const env = useMemo<FormEnv>(() => ({ idPrefix: `sf${prefix}`, issues: new IssuesStore() }), [prefix]);
  const field = resolveField(schema);
  const content = (
    <div className="sf-form">
      {field.kind === "object" ? (
        <ObjectFields schema={schema} value={value} path={path} onChange={onChange} />
      ) : (
        <Field name={splitPath(path).at(-1) ?? "value"} schema={schema} value={value} path={path} onChange={onChange} />
      )}
    </div>
  );
  return hasParent ? content : <FormEnvContext.Provider value={env}>{content}</FormEnvContext.Provider>;
}

export function EditPanel({ blockId }: { blockId: string }) {
  const { t } = useTranslation();
  const store = useFieldsStore();
  const block = useStore(store, (s) => selectBlock(s, blockId));
  const focusPath = useStore(store, (s) => s.focusPath ?? null);
  const definition = block ? getBlockDefinition(block.block_type) : undefined;
  const prefix = useId().replace(/[^a-zA-Z0-9_-]/g, "");
  const env = useMemo<FormEnv>(() => ({ idPrefix: `sf${prefix}`, issues: new IssuesStore() }), [prefix]);
  const rootRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState<Locale>("fr");

  const onChange = useCallback<OnChange>(
    (path, value, opts) => {
      const state = store.getState();
      const write = resolveWrite(selectBlock(state, blockId), path, value);
      state.setValue(
        blockId,
        write.path,
        write.value,
        opts?.groupKey ? { groupKey: `${blockId}:${opts.groupKey}` } : undefined,
      );
    },
    [store, blockId],
  );

  const deferredBlock = useDeferredValue(block);
  const issues = useMemo(() => validateBlockIssues(definition, deferredBlock), [definition, deferredBlock]);
  useLayoutEffect(() => env.issues.set(issues), [env, issues]);

  // Publish errors point at a path: show its column, scroll to it and focus it.
  const hasBlock = block !== undefined;
  useEffect(() => {
    if (!focusPath || !hasBlock) return;
    const segments = splitPath(focusPath);
    if (segments[0] === "fields" && (segments[1] === "fr" || segments[1] === "en")) setActive(segments[1]);
    const timer = setTimeout(() => focusFieldAt(rootRef.current, focusPath), 0);
    return () => clearTimeout(timer);
  }, [focusPath, hasBlock]);

  const copyAll = useCallback(
    (from: Locale) => {
      const current = selectBlock(store.getState(), blockId);
      if (!current) return;
      store.getState().setValue(blockId, `fields.${other(from)}`, structuredClone(current.fields[from]));
    },
    [store, blockId],
  );

  if (!block) return <p className="sf-empty">{t("studio.fields.noBlock")}</p>;
  if (!definition) return <p className="sf-empty">{t("studio.fields.unknownType", { type: block.block_type })}</p>;

  const fieldShape = (definition.fields as unknown as { shape: Record<string, z.ZodType> }).shape;
  const locales = block.fields as { fr?: Record<string, unknown>; en?: Record<string, unknown> };

  return (
    <FormEnvContext.Provider value={env}>
      <div className="sf-panel" ref={rootRef} data-active-locale={active} data-block-id={blockId}>
        <h2 className="sf-title">
          {t("studio.fields.title", { type: block.block_type })}
          <code className="sf-block-id">{block.id}</code>
        </h2>
        <PathBox blockId={blockId} />
        <Section title={t("studio.fields.params")}>
          <ObjectFields schema={definition.params} value={block.block_params} path="block_params" onChange={onChange} />
        </Section>
        <Section title={t("studio.fields.content")}>
          <div className="sf-locale-tools">
            <fieldset className="sf-locale-switch">
              <legend>{t("studio.fields.showLocale")}</legend>
              {LOCALES.map((locale) => (
                <button key={locale} type="button" aria-pressed={active === locale} onClick={() => setActive(locale)}>
                  {t(`studio.fields.locales.${locale}`)}
                </button>
              ))}
            </fieldset>
            <button type="button" onClick={() => copyAll("fr")}>
              {t("studio.fields.copyAllFrEn")}
            </button>
            <button type="button" onClick={() => copyAll("en")}>
              {t("studio.fields.copyAllEnFr")}
            </button>
          </div>
          {Object.entries(fieldShape).map(([name, schema]) => (
            <LocaleRow
              key={name}
              name={name}
              schema={schema}
              fr={locales.fr?.[name]}
              en={locales.en?.[name]}
              onChange={onChange}
            />
          ))}
        </Section>
      </div>
    </FormEnvContext.Provider>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="sf-section" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {children}
    </section>
  );
}

interface LocaleRowProps {
  name: string;
  schema: z.ZodType;
  fr: unknown;
  en: unknown;
  onChange: OnChange;
}

/** One content field in both languages. Re-renders only when one of its two values changes. */
const LocaleRow = memo(function LocaleRow({ name, schema, fr, en, onChange }: LocaleRowProps) {
  const { t } = useTranslation();
  const label = useFieldLabel(name, resolveField(schema));
  const values = { fr, en };
  const emptyFr = isEmptyValue(fr);
  const emptyEn = isEmptyValue(en);
  const missing: Locale | null = emptyFr && !emptyEn ? "fr" : emptyEn && !emptyFr ? "en" : null;
  return (
    <fieldset className="sf-row" data-field={name}>
      <legend className="sf-row-head">
        <span className="sf-row-label">{label}</span>
        {missing && (
          <span className="sf-badge" data-missing={missing}>
            {t("studio.fields.missingTranslation", { locale: t(`studio.fields.locales.${missing}`) })}
          </span>
        )}
      </legend>
      <div className="sf-cols">
        {LOCALES.map((locale) => {
          const from = other(locale);
          return (
            <div key={locale} className="sf-col" data-locale={locale} lang={locale}>
              <Field
                name={name}
                schema={schema}
                value={values[locale]}
                path={`fields.${locale}.${name}`}
                onChange={onChange}
                label={t("studio.fields.inLocale", { label, locale: t(`studio.fields.locales.${locale}`) })}
              />
              <button
                type="button"
                className="sf-small sf-copy"
                // The visible text stays short; the name says which field (many copy buttons per form).
                aria-label={t(from === "fr" ? "studio.fields.copyFromFrNamed" : "studio.fields.copyFromEnNamed", {
                  label,
                })}
                disabled={values[from] === undefined}
                onClick={() =>
                  onChange(
                    `fields.${locale}.${name}`,
                    values[from] === undefined ? undefined : structuredClone(values[from]),
                  )
                }
              >
                {t(from === "fr" ? "studio.fields.copyFromFr" : "studio.fields.copyFromEn")}
              </button>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
});

const FOCUSABLE = "input:not([type=hidden]):not([disabled]), select, textarea, [contenteditable='true'], button";

/** Focuses the control at `path`, or the closest ancestor that is shown. */
export function focusFieldAt(root: HTMLElement | null, path: string): boolean {
  if (!root || !/^[\w.-]+$/.test(path)) return false;
  let segments = splitPath(path);
  while (segments.length > 0) {
    const el = root.querySelector<HTMLElement>(`[data-path="${segments.join(".")}"]`);
    if (el) {
      for (let hidden = el.closest<HTMLElement>("[hidden]"); hidden; hidden = hidden.closest<HTMLElement>("[hidden]"))
        hidden.hidden = false;
      const target = el.matches(FOCUSABLE) ? el : el.querySelector<HTMLElement>(FOCUSABLE);
      el.scrollIntoView?.({ block: "center", behavior: "smooth" });
      (target ?? el).focus({ preventScroll: true });
      return true;
    }
    segments = segments.slice(0, -1);
  }
  return false;
}
