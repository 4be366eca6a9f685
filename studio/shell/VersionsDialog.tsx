/**
 * Versions: every publish of the open page kept by the service (who, when, what changed), the
 * difference between a chosen version and the current draft block by block (block names from
 * the schema, field labels from locales/studio), and "Restore as draft", which replaces the
 * draft with that version as one undo step (a toast offers Annuler). A publish conflict opens
 * the same dialog on the version another editor published (`showVersions(version)`).
 *
 * The list and the chosen version are fetched when the dialog opens; the draft is read from
 * the store, so the comparison follows an undo made meanwhile.
 */
import type { TFunction } from "i18next";
import { useEffect, useMemo, useState } from "react";
import { Button, Dialog, Heading, ListBox, ListBoxItem, Modal, ModalOverlay, Text } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { create } from "zustand";
import type { Block } from "../../schema/block";
import type { Locale } from "../../schema/common";
import {
  type BlockChange,
  type ChangeSummary,
  type DiffablePage,
  diffPages,
  type PagePart,
} from "../../schema/page-diff";
import { blockLabel } from "../labels";
import { useStudioStore } from "../store";
import { type StudioApi, studioBlocks, type VersionDetail, type VersionSummary } from "./api";
import { Icon } from "./icons";
import { lastStep, showToast } from "./toasts";
import { fieldChanges, ValueChange } from "./ValueDiff";

interface VersionsView {
  open: boolean;
  /** The version to select on opening (a publish conflict's); the newest otherwise. */
  initial: number | null;
  show(version?: number): void;
  hide(): void;
}

export const useVersionsView = create<VersionsView>()((set) => ({
  open: false,
  initial: null,
  show: (version) => set({ open: true, initial: version ?? null }),
  hide: () => set({ open: false, initial: null }),
}));

export const showVersions = (version?: number) => useVersionsView.getState().show(version);

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

/** "il y a 3 jours", "5 minutes ago": the largest unit that fits. */
export function relativeTime(iso: string, now: number, locale: Locale): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  const format = new Intl.RelativeTimeFormat(`${locale}-CA`, { numeric: "auto" });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return format.format(Math.abs(seconds) < 10 ? 0 : seconds, "second");
}

export const absoluteTime = (iso: string, locale: Locale) =>
  new Intl.DateTimeFormat(`${locale}-CA`, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));

/** The change summary as a sentence: "2 blocs ajoutés, 1 bloc modifié, titre ou adresse modifiés". */
export function summaryText(t: TFunction, summary: ChangeSummary): string {
  if (summary.origin === "imported") return t("studio.versions.summary.imported", { count: summary.added });
  if (summary.origin === "created") return t("studio.versions.summary.created", { count: summary.added });
  const parts: string[] = [];
  if (summary.added) parts.push(t("studio.versions.summary.added", { count: summary.added }));
  if (summary.removed) parts.push(t("studio.versions.summary.removed", { count: summary.removed }));
  if (summary.changed) parts.push(t("studio.versions.summary.changed", { count: summary.changed }));
  if (summary.moved) parts.push(t("studio.versions.summary.moved", { count: summary.moved }));
  if (summary.page) parts.push(t("studio.versions.summary.page"));
  return parts.length > 0 ? parts.join(", ") : t("studio.versions.summary.none");
}

/** The toolbar's Versions button: only a page of the site has versions (not the demo page or a file). */
export function VersionsButton({ api, locale }: { api: StudioApi; locale: Locale }) {
  const { t } = useTranslation();
  // A page never published (a new page, issue 29) has no version yet.
  const pageId = useStudioStore((s) =>
    s.doc && (s.doc.origin ?? "server") === "server" && s.doc.base_version > 0 ? s.doc.page_id : null,
  );
  const open = useVersionsView((s) => s.open);
  return (
    <>
      <Button
        className="studio-button studio-versions-button"
        isDisabled={pageId === null}
        onPress={() => showVersions()}
        aria-haspopup="dialog"
      >
        <Icon name="history" size={18} />
        {/* Narrower windows show the icon alone (the name stays for screen readers, and shows on hover). */}
        <span className="studio-versions-label">{t("studio.versions.open")}</span>
        <span className="studio-tooltip" aria-hidden="true">
          {t("studio.versions.open")}
        </span>
      </Button>
      <ModalOverlay
        className="studio-modal"
        isDismissable
        isOpen={open && pageId !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) useVersionsView.getState().hide();
        }}
      >
        <Modal className="studio-modal-box">
          <Dialog className="studio-dialog studio-versions-dialog">
            {({ close }) => (pageId ? <VersionsPanel api={api} locale={locale} pageId={pageId} close={close} /> : null)}
          </Dialog>
        </Modal>
      </ModalOverlay>
    </>
  );
}

type Loaded<T> = { kind: "loading" } | { kind: "error" } | { kind: "ready"; value: T };

function VersionsPanel(props: { api: StudioApi; locale: Locale; pageId: string; close: () => void }) {
  const { api, locale, pageId, close } = props;
  const { t } = useTranslation();
  const initial = useVersionsView((s) => s.initial);
  const [versions, setVersions] = useState<VersionSummary[]>([]);
  const [next, setNext] = useState<number | null>(null);
  const [list, setList] = useState<"loading" | "error" | "ready">("loading");
  const [selected, setSelected] = useState<number | null>(initial);
  const [details, setDetails] = useState<Record<number, Loaded<VersionDetail>>>({});
  const [now] = useState(() => Date.now());

  const loadMore = (before?: number) => {
    api
      .versions(pageId, before)
      .then((answer) => {
        setVersions((current) => (before === undefined ? answer.versions : [...current, ...answer.versions]));
        setNext(answer.next);
        setList("ready");
        setSelected((current) => current ?? answer.versions[0]?.version ?? null);
      })
      .catch(() => setList("error"));
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: the list loads once per opened page
  useEffect(() => loadMore(), [pageId]);

  useEffect(() => {
    if (selected === null || details[selected]) return;
    setDetails((d) => ({ ...d, [selected]: { kind: "loading" } }));
    api
      .version(pageId, selected)
      .then((value) => setDetails((d) => ({ ...d, [selected]: { kind: "ready", value } })))
      .catch(() => setDetails((d) => ({ ...d, [selected]: { kind: "error" } })));
  }, [api, pageId, selected, details]);

  const detail = selected === null ? undefined : details[selected];
  const titleId = "studio-versions-title";
  return (
    <>
      <div className="studio-versions-head">
        <Heading slot="title" id={titleId}>
          {t("studio.versions.title")}
        </Heading>
        <Button className="studio-icon-button" aria-label={t("studio.versions.close")} onPress={close}>
          <Icon name="close" size={18} />
        </Button>
      </div>
      <div className="studio-versions-body">
        <section className="studio-versions-list" aria-label={t("studio.versions.list")}>
          {list === "loading" ? <p role="status">{t("studio.versions.loading")}</p> : null}
          {list === "error" ? (
            <p role="alert" className="studio-error">
              {t("studio.versions.load-error")}
            </p>
          ) : null}
          {list === "ready" && versions.length === 0 ? <p>{t("studio.versions.empty")}</p> : null}
          {versions.length > 0 ? (
            <ListBox
              aria-label={t("studio.versions.list")}
              className="studio-versions-options"
              selectionMode="single"
              disallowEmptySelection
              selectedKeys={selected === null ? [] : [selected]}
              onSelectionChange={(keys) => {
                const key = [...(keys as Set<number>)][0];
                if (typeof key === "number") setSelected(key);
              }}
              items={versions.map((v) => ({ ...v, id: v.version }))}
            >
              {(item) => (
                <ListBoxItem
                  id={item.version}
                  className="studio-version-option"
                  textValue={t("studio.versions.version", { version: item.version })}
                >
                  <Text slot="label" className="studio-version-name">
                    {t("studio.versions.version", { version: item.version })}
                  </Text>
                  <Text slot="description" className="studio-version-meta">
                    <span>{item.editor?.name ?? t("studio.versions.no-editor")}</span>
                    {" · "}
                    <time dateTime={item.created_at} title={absoluteTime(item.created_at, locale)}>
                      {relativeTime(item.created_at, now, locale)}
                    </time>
                    <span className="studio-version-when">{absoluteTime(item.created_at, locale)}</span>
                    {item.scheduled_for ? (
                      <span className="studio-version-scheduled">
                        {t("studio.versions.scheduled", { when: absoluteTime(item.scheduled_for, locale) })}
                      </span>
                    ) : null}
                    <span className="studio-version-summary">{summaryText(t, item.summary)}</span>
                    {item.note ? (
                      <span className="studio-version-note">{t("studio.versions.note", { note: item.note })}</span>
                    ) : null}
                  </Text>
                </ListBoxItem>
              )}
            </ListBox>
          ) : null}
          {next !== null ? (
            <Button className="studio-button studio-versions-more" onPress={() => loadMore(next)}>
              {t("studio.versions.more")}
            </Button>
          ) : null}
        </section>
        <section className="studio-versions-diff" aria-labelledby="studio-versions-diff-title">
          {selected === null ? null : (
            <VersionDiff version={selected} detail={detail} locale={locale} onRestored={close} />
          )}
        </section>
      </div>
    </>
  );
}

const PART_KEYS: Record<PagePart, string> = {
  title: "studio.versions.parts.title",
  paths: "studio.versions.parts.paths",
  hidden: "studio.versions.parts.hidden",
  seo: "studio.versions.parts.seo",
  override: "studio.versions.parts.override",
};

function VersionDiff(props: {
  version: number;
  detail: Loaded<VersionDetail> | undefined;
  locale: Locale;
  onRestored: () => void;
}) {
  const { version, detail, locale, onRestored } = props;
  const { t } = useTranslation();
  const doc = useStudioStore((s) => s.doc);
  const ready = detail?.kind === "ready" ? detail.value : undefined;
  // Blocks of the version pass through the studio's parse, as the draft's did: schema defaults
  // filled in on both sides, so a default is not reported as a change.
  const restorable = useMemo(
    () => (ready ? { ...ready.page, blocks: studioBlocks(ready.page.content) } : undefined),
    [ready],
  );
  const diff = useMemo(() => {
    if (!restorable || !doc) return undefined;
    const before: DiffablePage = { ...restorable, content: restorable.blocks };
    const after: DiffablePage = {
      title: doc.title,
      paths: doc.paths,
      hidden: doc.hidden,
      seo: doc.seo,
      override: doc.override,
      content: doc.blocks,
    };
    return diffPages(before, after);
  }, [restorable, doc]);

  const heading = (
    <h3 id="studio-versions-diff-title" className="studio-versions-diff-title">
      {t("studio.versions.compare-title", { version })}
    </h3>
  );
  if (!detail || detail.kind === "loading") {
    return (
      <>
        {heading}
        <p role="status">{t("studio.versions.loading-version")}</p>
      </>
    );
  }
  if (detail.kind === "error" || !restorable || !diff) {
    return (
      <>
        {heading}
        <p role="alert" className="studio-error">
          {t("studio.versions.load-error")}
        </p>
      </>
    );
  }
  const same = diff.blocks.length === 0 && diff.page.length === 0;
  const restore = () => {
    useStudioStore.getState().restoreVersion(version, {
      title: restorable.title,
      paths: restorable.paths,
      blocks: restorable.blocks,
      hidden: restorable.hidden,
      seo: restorable.seo,
      override: restorable.override,
    });
    onRestored();
    showToast({ text: t("studio.versions.restored", { version }), step: lastStep() });
  };
  return (
    <>
      <div className="studio-versions-diff-head">
        {heading}
        <Button className="studio-button studio-button-primary" isDisabled={same} onPress={restore}>
          {t("studio.versions.restore")}
        </Button>
      </div>
      <p className="studio-versions-explain">{t("studio.versions.explain", { version })}</p>
      {same ? (
        <p className="studio-versions-same">{t("studio.versions.same")}</p>
      ) : (
        <ul className="studio-versions-changes">
          {diff.page.map((part) => (
            <li key={part} className="studio-version-change" data-kind="page">
              <span className="studio-version-badge" data-kind="changed">
                {t("studio.versions.kind.changed")}
              </span>
              <span className="studio-version-block">{t(PART_KEYS[part])}</span>
              {part === "title" || part === "paths" ? (
                <ul className="studio-version-fields">
                  {(["fr", "en"] as const)
                    .filter((l) => restorable[part][l] !== doc?.[part][l])
                    .map((l) => (
                      <li key={l} className="studio-diff-field">
                        <span className="studio-diff-name">{t(`studio.fields.locales.${l}`)}</span>
                        <dl className="studio-diff-sides">
                          <div>
                            <dt>{t("studio.versions.value.before", { version })}</dt>
                            <dd data-side="before" lang={l}>
                              {restorable[part][l] || t("studio.versions.value.empty")}
                            </dd>
                          </div>
                          <div>
                            <dt>{t("studio.versions.value.after")}</dt>
                            <dd data-side="after" lang={l}>
                              {doc?.[part][l] || t("studio.versions.value.empty")}
                            </dd>
                          </div>
                        </dl>
                      </li>
                    ))}
                </ul>
              ) : null}
            </li>
          ))}
          {diff.blocks.map((change) => (
            <BlockChangeItem
              key={`${change.kind}:${change.key}`}
              change={change}
              version={version}
              locale={locale}
              before={blockOf(restorable.blocks, change.key)}
              after={doc?.blocks[change.index]}
            />
          ))}
        </ul>
      )}
    </>
  );
}

/** A block of a list by its diff key: its id, or `#index` when it had none (or a repeated one). */
function blockOf(blocks: readonly Block[], key: string): Block | undefined {
  const index = /^#(\d+)$/.exec(key)?.[1];
  return index === undefined ? blocks.find((b) => b.id === key) : blocks[Number(index)];
}

function BlockChangeItem(props: {
  change: BlockChange;
  version: number;
  locale: Locale;
  before: Block | undefined;
  after: Block | undefined;
}) {
  const { change, version, locale, before, after } = props;
  const { t } = useTranslation();
  const name = blockLabel(change.block_type, locale);
  const kind =
    change.kind === "added"
      ? t("studio.versions.kind.added")
      : change.kind === "removed"
        ? t("studio.versions.kind.removed", { version })
        : change.kind === "moved"
          ? t("studio.versions.kind.moved")
          : change.moved
            ? t("studio.versions.kind.changed-moved")
            : t("studio.versions.kind.changed");
  const place =
    change.kind === "moved"
      ? t("studio.versions.place-moved", { from: change.from + 1, to: change.index + 1 })
      : t(change.kind === "removed" ? "studio.versions.place-version" : "studio.versions.place", {
          place: change.index + 1,
          version,
        });
  return (
    <li className="studio-version-change" data-kind={change.kind}>
      <span className="studio-version-badge" data-kind={change.kind}>
        {kind}
      </span>
      <span className="studio-version-block">
        {name} <span className="studio-version-place">{place}</span>
      </span>
      {change.kind === "changed" ? (
        <ul className="studio-version-fields" aria-label={t("studio.versions.fields", { name })}>
          {change.fields.flatMap((field) =>
            fieldChanges(change.block_type, field.path, field.locales, before, after).map((leaf) => (
              <ValueChange
                key={leaf.path}
                change={leaf}
                blockType={change.block_type}
                version={version}
                locale={locale}
              />
            )),
          )}
        </ul>
      ) : null}
    </li>
  );
}
