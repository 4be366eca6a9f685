/**
 * The studio's edit panel for one block, in three tabs: Contenu (each content field in French
 * and English side by side, with copy-from-the-other-language actions and missing-translation
 * badges), Réglages (the block's parameters and colours) and Avancé (the path box and the
 * block's technical names). Schema validation shows on each field, in the studio's language.
 *
 * Speed: the panel selects only its block from the store, every field is memoised and
 * immer keeps untouched values identical, so a keystroke re-renders the edited field's
 * row only; validation runs on a deferred copy of the block. Only the open tab renders.
 */
import "./fields.css";
import {
  type Key,
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
import {
  Button,
  Dialog,
  Heading,
  Modal,
  ModalOverlay,
  Switch,
  Tab,
  TabList,
  TabPanel,
  Tabs,
} from "react-aria-components";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { useStore } from "zustand";
import { studioPath } from "../../renderer/lib/studio-paths";
import type { Block, BlockDefinition } from "../../schema/block";
import type { Locale } from "../../schema/common";
import { getBlockDefinition } from "../../schema/registry";
import { siteInfoFieldsOf } from "../../schema/site-info";
import { useSiteStore } from "../shell/site-store";
import { useStudioStore } from "../store";
import { setValidationLanguage, validateBlock } from "../store/validate";
import { type FormEnv, FormEnvContext, type Issue, IssuesStore, type OnChange, useFormEnv } from "./context";
import { Field, ObjectFields, useFieldLabel } from "./controls";
import { isEmptyValue, resolveField } from "./kinds";
import { MenuTreeField } from "./MenuTree";
import { PathBox } from "./PathBox";
import { getAtPath, splitPath } from "./path";
import { selectBlock, useFieldsStore } from "./store-adapter";
import { resolveWrite } from "./write";

const LOCALES: readonly Locale[] = ["fr", "en"];
const other = (locale: Locale): Locale => (locale === "fr" ? "en" : "fr");

/** Block parameters sent as payload colours (shown only when payloadColorsEnabled is on). */
const PAYLOAD_COLOURS = ["bg_color_primary", "bg_color_secondary", "text_color"] as const;

type TabKey = "content" | "settings" | "advanced";

const issueLists = new WeakMap<readonly unknown[], Issue[]>();

/** The block's schema issues as dotted paths and messages in the studio's language (store/validate.ts's cache). */
export function validateBlockIssues(definition: BlockDefinition | undefined, block: Block | undefined): Issue[] {
  if (!definition || !block) return [];
  const found = validateBlock(block);
  let issues = issueLists.get(found);
  if (!issues) {
    issues = found.map((issue) => ({ path: issue.path, message: issue.message }));
    issueLists.set(found, issues);
  }
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

/** The tab a dotted path lives in. */
export function tabOfPath(path: string): TabKey {
  if (path.startsWith("fields.")) return "content";
  if (path.startsWith("block_params.")) return "settings";
  return "advanced";
}

export function EditPanel({ blockId, locale: uiLocale }: { blockId: string; locale?: Locale }) {
  const { t, i18n } = useTranslation();
  const locale: Locale = uiLocale ?? (i18n.language === "en" ? "en" : "fr");
  // Messages in the panel's language, also where the panel is used without the studio around it.
  setValidationLanguage(locale, t);
  const store = useFieldsStore();
  // The type only, not the block: a keystroke re-renders the tab showing the edited field, not
  // the tabs around it (react-aria rebuilds a tab list's collection at each render).
  const blockType = useStore(store, (s) => selectBlock(s, blockId)?.block_type);
  const focusPath = useStore(store, (s) => s.focusPath ?? null);
  const definition = blockType ? getBlockDefinition(blockType) : undefined;
  const prefix = useId().replace(/[^a-zA-Z0-9_-]/g, "");
  const rootRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState<Locale>("fr");
  const [tab, setTab] = useState<TabKey>("content");

  const env = useMemo<FormEnv>(
    () => ({
      idPrefix: `sf${prefix}`,
      issues: new IssuesStore(),
      readValue: (path) => getAtPath(selectBlock(store.getState(), blockId), path),
      writeMany: (writes) => {
        const state = store.getState();
        const current = selectBlock(state, blockId);
        const resolved = writes.map((w) => resolveWrite(current, w.path, w.value));
        if (state.setValues) state.setValues(blockId, resolved);
        else for (const w of resolved) state.setValue(blockId, w.path, w.value);
      },
    }),
    [prefix, store, blockId],
  );

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

  // Publish errors point at a path: show its tab and column, scroll to it and focus it.
  const hasBlock = blockType !== undefined;
  useEffect(() => {
    if (!focusPath || !hasBlock) return;
    const segments = splitPath(focusPath);
    setTab(tabOfPath(focusPath));
    if (segments[0] === "fields" && (segments[1] === "fr" || segments[1] === "en")) setActive(segments[1]);
    // The tab, a folded repeater item, render first: a few tries, a frame apart.
    let timer: ReturnType<typeof setTimeout>;
    let tries = 0;
    const attempt = () => {
      if (focusFieldAt(rootRef.current, focusPath)) {
        // A closing dialog (the publish errors) gives focus back to its trigger a moment later.
        timer = setTimeout(() => {
          if (!rootRef.current?.contains(document.activeElement)) focusFieldAt(rootRef.current, focusPath);
        }, 150);
        return;
      }
      if (++tries > 20) return;
      timer = setTimeout(attempt, 16);
    };
    timer = setTimeout(attempt, 0);
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
  /** What copying all of `from` would overwrite: the other language's filled values that differ. */
  const overwritten = useCallback(
    (from: Locale) => {
      const current = selectBlock(store.getState(), blockId);
      return current ? countOverwritten(current.fields[other(from)], current.fields[from]) : 0;
    },
    [store, blockId],
  );

  if (!blockType) return <p className="sf-empty">{t("studio.fields.noBlock")}</p>;
  if (!definition)
    return (
      <FormEnvContext.Provider value={env}>
        <div className="sf-panel" ref={rootRef} data-block-id={blockId}>
          <p className="sf-empty">{t("studio.fields.unknownType", { type: blockType })}</p>
          <PathBox blockId={blockId} />
        </div>
      </FormEnvContext.Provider>
    );

  return (
    <FormEnvContext.Provider value={env}>
      <IssuesSync blockId={blockId} definition={definition} />
      <div className="sf-panel" ref={rootRef} data-active-locale={active} data-block-id={blockId}>
        <p className="sf-description">{definition.description[locale]}</p>
        <Tabs selectedKey={tab} onSelectionChange={(key: Key) => setTab(key as TabKey)} className="sf-tabs">
          <TabList aria-label={t("studio.fields.tabs.label")} className="sf-tablist">
            <Tab id="content" className="sf-tab">
              {t("studio.fields.tabs.content")}
            </Tab>
            <Tab id="settings" className="sf-tab">
              {t("studio.fields.tabs.settings")}
            </Tab>
            <Tab id="advanced" className="sf-tab">
              {t("studio.fields.tabs.advanced")}
            </Tab>
          </TabList>
          <TabPanel id="content" className="sf-tabpanel">
            <LocaleTools active={active} setActive={setActive} copyAll={copyAll} overwritten={overwritten} />
            <ContentFields blockId={blockId} definition={definition} onChange={onChange} uiLocale={locale} />
          </TabPanel>
          <TabPanel id="settings" className="sf-tabpanel">
            <SettingsFields blockId={blockId} definition={definition} onChange={onChange} />
          </TabPanel>
          <TabPanel id="advanced" className="sf-tabpanel">
            <PathBox blockId={blockId} />
            <dl className="sf-technical">
              <dt>{t("studio.fields.technicalType")}</dt>
              <dd>
                <code>{blockType}</code>
              </dd>
              <dt>{t("studio.fields.technicalId")}</dt>
              <dd>
                <code className="sf-block-id">{blockId}</code>
              </dd>
            </dl>
          </TabPanel>
        </Tabs>
      </div>
    </FormEnvContext.Provider>
  );
}

/** Validates a deferred copy of the block and hands the issues to the fields (each follows its own). */
function IssuesSync({ blockId, definition }: { blockId: string; definition: BlockDefinition }) {
  const env = useFormEnv();
  const block = useStore(useFieldsStore(), (s) => selectBlock(s, blockId));
  const deferredBlock = useDeferredValue(block);
  const issues = useMemo(() => validateBlockIssues(definition, deferredBlock), [definition, deferredBlock]);
  useLayoutEffect(() => env.issues.set(issues), [env, issues]);
  return null;
}

/**
 * The filled values of `target` (texts, numbers, choices: each leaf) that copying `source` over it
 * would replace with something else, or remove.
 */
export function countOverwritten(target: unknown, source: unknown): number {
  if (target === undefined || target === null) return 0;
  if (typeof target === "string") return target.trim() !== "" && target !== source ? 1 : 0;
  if (typeof target !== "object") return target !== source ? 1 : 0;
  const from = (source ?? {}) as Record<string, unknown>;
  return Object.entries(target as Record<string, unknown>).reduce(
    (n, [key, value]) => n + countOverwritten(value, from[key]),
    0,
  );
}

function LocaleTools(props: {
  active: Locale;
  setActive: (l: Locale) => void;
  copyAll: (from: Locale) => void;
  overwritten: (from: Locale) => number;
}) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState<{ from: Locale; count: number } | null>(null);
  const [done, setDone] = useState("");
  const copy = (from: Locale) => {
    props.copyAll(from);
    setAsking(null);
    setDone(t("studio.fields.copyAllDone", { to: t(`studio.fields.localesInText.${other(from)}`) }));
  };
  // Filled fields of the other language would be lost: say how many, and ask first.
  const start = (from: Locale) => {
    const count = props.overwritten(from);
    setDone("");
    if (count === 0) copy(from);
    else setAsking({ from, count });
  };
  return (
    <div className="sf-locale-tools">
      <fieldset className="sf-locale-switch">
        <legend>{t("studio.fields.showLocale")}</legend>
        {LOCALES.map((l) => (
          <button key={l} type="button" aria-pressed={props.active === l} onClick={() => props.setActive(l)}>
            {t(`studio.fields.locales.${l}`)}
          </button>
        ))}
      </fieldset>
      <button type="button" className="sf-small" onClick={() => start("fr")}>
        {t("studio.fields.copyAllFrEn")}
      </button>
      <button type="button" className="sf-small" onClick={() => start("en")}>
        {t("studio.fields.copyAllEnFr")}
      </button>
      <p className="sf-copy-done" role="status">
        {done}
      </p>
      <ModalOverlay
        className="studio-modal"
        isOpen={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        isDismissable
      >
        <Modal className="studio-modal-box">
          <Dialog className="studio-dialog" role="alertdialog">
            {({ close }) =>
              asking ? (
                <>
                  <Heading slot="title">
                    {t("studio.fields.copyAllTitle", {
                      from: t(`studio.fields.localesInText.${asking.from}`),
                      to: t(`studio.fields.localesInText.${other(asking.from)}`),
                    })}
                  </Heading>
                  <p>
                    {t("studio.fields.copyAllOverwrite", {
                      count: asking.count,
                      to: t(`studio.fields.localesInText.${other(asking.from)}`),
                    })}
                  </p>
                  <div className="studio-dialog-actions">
                    <Button className="studio-button" onPress={close} autoFocus>
                      {t("studio.fields.copyAllCancel")}
                    </Button>
                    <Button className="studio-button studio-button-danger" onPress={() => copy(asking.from)}>
                      {t("studio.fields.copyAllConfirm", { count: asking.count })}
                    </Button>
                  </div>
                </>
              ) : null
            }
          </Dialog>
        </Modal>
      </ModalOverlay>
    </div>
  );
}

/** The Contenu tab: each content field in both languages; follows the block's fields only. */
function ContentFields({
  blockId,
  definition,
  onChange,
  uiLocale,
}: {
  blockId: string;
  definition: BlockDefinition;
  onChange: OnChange;
  uiLocale: Locale;
}) {
  const { t } = useTranslation();
  const menuLabel = (family: string) =>
    t(family === "footers" ? "studio.menu.footer-title" : "studio.menu.header-title");
  const fields = useStore(useFieldsStore(), (s) => selectBlock(s, blockId)?.fields) as
    | { fr?: Record<string, unknown>; en?: Record<string, unknown> }
    | undefined;
  const fieldShape = (definition.fields as unknown as { shape: Record<string, z.ZodType> }).shape;
  // Headers and footers (issue 29): their menus are edited as a tree, and what the site's
  // information writes into them (logos, phone, OACIQ mentions…) is shown, not edited, here.
  // The mega menu's items also carry group cards (image, title, description) the tree does not
  // edit: that header keeps the repeater, which edits every field of an item.
  const menuAsTree =
    (definition.family === "headers" || definition.family === "footers") && definition.type !== "header_megamenu_block";
  const info = useSiteStore((s) => s.info);
  const fromInfo = info ? siteInfoFieldsOf(definition.type) : [];
  return Object.entries(fieldShape).map(([name, schema]) =>
    menuAsTree && name === "menu_repeater" ? (
      <MenuTreeField key={name} blockId={blockId} label={menuLabel(definition.family)} locale={uiLocale} />
    ) : fromInfo.includes(name) ? (
      <SiteInfoRow key={name} name={name} schema={schema} fr={fields?.fr?.[name]} en={fields?.en?.[name]} />
    ) : (
      <LocaleRow
        key={name}
        name={name}
        schema={schema}
        fr={fields?.fr?.[name]}
        en={fields?.en?.[name]}
        onChange={onChange}
      />
    ),
  );
}

/** A field the site's information writes: its value in both languages, and where to change it. */
function SiteInfoRow({ name, schema, fr, en }: { name: string; schema: z.ZodType; fr: unknown; en: unknown }) {
  const { t, i18n } = useTranslation();
  const label = useFieldLabel(name, resolveField(schema));
  const locale: Locale = i18n.language === "en" ? "en" : "fr";
  const shown = (value: unknown): string => {
    if (typeof value === "string") return value;
    if (Array.isArray(value)) return t("studio.chrome.info-links", { count: value.length });
    const object = (value ?? {}) as { text?: unknown; url?: unknown };
    return [object.text, object.url].filter((v) => typeof v === "string" && v).join(" · ") || "—";
  };
  return (
    <div className="sf-row sf-info-row" data-field={name}>
      <p className="sf-row-head">
        <span className="sf-row-label">{label}</span>
        <span className="sf-badge" data-info="">
          {t("studio.chrome.from-info")}
        </span>
      </p>
      <dl className="sf-info-values">
        <dt>{t("studio.fields.locales.fr")}</dt>
        <dd lang="fr">{shown(fr)}</dd>
        <dt>{t("studio.fields.locales.en")}</dt>
        <dd lang="en">{shown(en)}</dd>
      </dl>
      <a className="sf-small" href={studioPath(locale, "settings")}>
        {t("studio.chrome.edit-info")}
      </a>
    </div>
  );
}

/** The Réglages tab: the block's own parameters, then its payload colours with their preview switch. */
function SettingsFields({
  blockId,
  definition,
  onChange,
}: {
  blockId: string;
  definition: BlockDefinition;
  onChange: OnChange;
}) {
  const { t } = useTranslation();
  const params = (useStore(useFieldsStore(), (s) => selectBlock(s, blockId)?.block_params) ?? {}) as Record<
    string,
    unknown
  >;
  const shape = (definition.params as unknown as { shape: Record<string, z.ZodType> }).shape;
  const entries = Object.entries(shape);
  const colours = entries.filter(([name]) => (PAYLOAD_COLOURS as readonly string[]).includes(name));
  const others = entries.filter(([name]) => !(PAYLOAD_COLOURS as readonly string[]).includes(name));
  return (
    <>
      {others.map(([name, schema]) => (
        <Field
          key={name}
          name={name}
          schema={schema}
          value={params[name]}
          path={`block_params.${name}`}
          onChange={onChange}
        />
      ))}
      {colours.length > 0 ? (
        <Section title={t("studio.fields.blockColours")}>
          <PayloadColoursNote />
          {colours.map(([name, schema]) => (
            <Field
              key={name}
              name={name}
              schema={schema}
              value={params[name]}
              path={`block_params.${name}`}
              onChange={onChange}
            />
          ))}
        </Section>
      ) : null}
    </>
  );
}

/** Whether the preview applies block colours (payloadColorsEnabled), said where the colours are set, with its switch. */
function PayloadColoursNote() {
  const { t } = useTranslation();
  const enabled = useStudioStore((s) => s.editorSettings.payloadColorsEnabled);
  return (
    <div className="sf-note" data-enabled={enabled || undefined}>
      {enabled ? null : <p>{t("studio.fields.payloadColoursOff")}</p>}
      <Switch
        className="studio-switch"
        isSelected={enabled}
        onChange={(on) => useStudioStore.getState().setSettings({ payloadColorsEnabled: on })}
      >
        <span className="studio-switch-track" aria-hidden="true" />
        {t("studio.settings.payload-colors")}
      </Switch>
    </div>
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
                counterpart={values[from]}
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

/** What a field's focus goes to: its text first (a colour's hex, not its swatch), else any control. */
const TYPED = "input:not([type=hidden]):not([disabled]), textarea, [contenteditable='true']";
const FOCUSABLE = `${TYPED}, select, button`;

/**
 * Focuses the control at `path`, or the closest ancestor that is shown. A folded repeater item
 * on the way is opened instead (its form renders then): false, try again a frame later.
 */
export function focusFieldAt(root: HTMLElement | null, path: string): boolean {
  if (!root || !/^[\w.-]+$/.test(path)) return false;
  const all = splitPath(path);
  let segments = all;
  while (segments.length > 0) {
    const el = root.querySelector<HTMLElement>(`[data-path="${segments.join(".")}"]`);
    if (el) {
      const next = all[segments.length];
      if (next !== undefined && /^\d+$/.test(next) && el.classList.contains("sf-kind-repeater")) {
        const item = el.querySelector<HTMLElement>(`:scope > .sf-items > [data-item="${next}"]`);
        if (item && !item.hasAttribute("data-open")) {
          item.querySelector<HTMLElement>('[data-action="toggle"]')?.click();
          return false;
        }
      }
      for (let hidden = el.closest<HTMLElement>("[hidden]"); hidden; hidden = hidden.closest<HTMLElement>("[hidden]"))
        hidden.hidden = false;
      const target = el.matches(FOCUSABLE)
        ? el
        : (el.querySelector<HTMLElement>(TYPED) ?? el.querySelector<HTMLElement>(FOCUSABLE));
      el.scrollIntoView?.({ block: "center", behavior: "smooth" });
      (target ?? el).focus({ preventScroll: true });
      return true;
    }
    segments = segments.slice(0, -1);
  }
  return false;
}
