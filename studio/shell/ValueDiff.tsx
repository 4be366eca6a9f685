/**
 * What a field was and what it is (issue 33), for the versions dialog: texts side by side (the
 * version's, the draft's), rich text as a word-level diff, images as thumbnails, choices by their
 * names; a repeater item or an object that changed is opened to the values that changed in it.
 * The field's kind comes from the block's schema, as the edit panel's forms do.
 */
import type { TFunction } from "i18next";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import type { Locale } from "../../schema/common";
import { sameValue } from "../../schema/page-diff";
import { getBlockDefinition } from "../../schema/registry";
import { type ResolvedField, resolveField } from "../fields/kinds";
import { getAtPath } from "../fields/path";
import { describePath, valueLabel } from "../labels";

/** The schema of a dotted path inside a block (`fields.fr.buttons.1.text`, `block_params.x`), when the schema has it. */
export function fieldAt(blockType: string, path: string): ResolvedField | undefined {
  const definition = getBlockDefinition(blockType);
  const segments = path.split(".").filter(Boolean);
  let schema: z.ZodType | undefined;
  if (segments[0] === "fields" && (segments[1] === "fr" || segments[1] === "en")) {
    schema = definition?.fields;
    segments.splice(0, 2);
  } else if (segments[0] === "block_params") {
    schema = definition?.params;
    segments.splice(0, 1);
  } else return undefined;
  for (const segment of segments) {
    const field = schema ? resolveField(schema) : undefined;
    if (!field) return undefined;
    if (/^\d+$/.test(segment) && field.def.element) schema = field.def.element;
    else schema = field.def.shape?.[segment];
  }
  return schema ? resolveField(schema) : undefined;
}

/** One value that differs: its full path, its field (when the schema knows it), before and after. */
export interface LeafChange {
  path: string;
  field: ResolvedField | undefined;
  before: unknown;
  after: unknown;
}

/** Kinds shown whole (not opened to their members). */
const WHOLE = new Set([
  "text",
  "textarea",
  "richtext",
  "code",
  "select",
  "number",
  "boolean",
  "colour",
  "image",
  "icon",
]);

/** The values that differ at and below `path`, between two versions of a block. */
export function leafChanges(blockType: string, path: string, before: unknown, after: unknown, depth = 0): LeafChange[] {
  if (sameValue(before, after)) return [];
  const field = fieldAt(blockType, path);
  const composite = (v: unknown) => v !== null && typeof v === "object";
  if (depth > 8 || (field && WHOLE.has(field.kind)) || !(composite(before) || composite(after)))
    return [{ path, field, before, after }];
  const a = (before ?? {}) as Record<string, unknown>;
  const b = (after ?? {}) as Record<string, unknown>;
  const keys =
    Array.isArray(before) || Array.isArray(after)
      ? Array.from(
          {
            length: Math.max(
              (before as unknown[] | undefined)?.length ?? 0,
              (after as unknown[] | undefined)?.length ?? 0,
            ),
          },
          (_, i) => String(i),
        )
      : [...new Set([...Object.keys(a), ...Object.keys(b)])];
  return keys.flatMap((key) => leafChanges(blockType, `${path}.${key}`, a[key], b[key], depth + 1));
}

export type DiffPart = { op: "same" | "del" | "ins"; text: string };

/** Text of rich text: its words, paragraphs and list items kept apart by a space. */
export function plainText(html: string): string {
  return html
    .replace(/<(br|\/p|\/li|\/h\d|\/div)\b[^>]*>/gi, " ")
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
}

/** Past this many words a side, the diff shows the whole texts replaced (the table would be too large). */
const WORD_DIFF_MAX = 1500;

/** A word-level diff of two texts (longest common subsequence of their words and spaces). */
export function wordDiff(before: string, after: string): DiffPart[] {
  const tokens = (text: string) => text.split(/(\s+)/).filter((s) => s !== "");
  const a = tokens(before);
  const b = tokens(after);
  if (a.length > WORD_DIFF_MAX || b.length > WORD_DIFF_MAX)
    return [
      { op: "del", text: before },
      { op: "ins", text: after },
    ];
  const n = a.length;
  const m = b.length;
  const table = Array.from({ length: n + 1 }, () => new Uint16Array(m + 1));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      table[i]![j] = a[i] === b[j] ? table[i + 1]![j + 1]! + 1 : Math.max(table[i + 1]![j]!, table[i]![j + 1]!);
  const parts: DiffPart[] = [];
  const push = (op: DiffPart["op"], text: string) => {
    const last = parts.at(-1);
    if (last && last.op === op) last.text += text;
    else parts.push({ op, text });
  };
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      push("same", b[j]!);
      i++;
      j++;
    } else if (table[i + 1]![j]! >= table[i]![j + 1]!) push("del", a[i++]!);
    else push("ins", b[j++]!);
  }
  while (i < n) push("del", a[i++]!);
  while (j < m) push("ins", b[j++]!);
  return parts;
}

function showValue(t: TFunction, field: ResolvedField | undefined, value: unknown, locale: Locale): string {
  if (value === undefined || value === null || value === "") return t("studio.versions.value.empty");
  if (typeof value === "boolean") return t(value ? "studio.versions.value.yes" : "studio.versions.value.no");
  if (field?.kind === "select" && typeof value === "string") return valueLabel(field, value, locale);
  if (typeof value === "string") return field?.kind === "richtext" ? plainText(value) : value;
  if (typeof value === "number") return String(value);
  return JSON.stringify(value);
}

function Thumbnail({ value }: { value: unknown }) {
  const { t } = useTranslation();
  const image = (value ?? {}) as { url?: unknown; alt?: unknown };
  if (typeof image.url !== "string" || image.url === "") return <span>{t("studio.versions.value.no-image")}</span>;
  return (
    <figure className="studio-diff-image">
      <img src={image.url} alt={typeof image.alt === "string" ? image.alt : ""} loading="lazy" />
      <figcaption>
        {typeof image.alt === "string" && image.alt ? image.alt : t("studio.versions.value.no-alt")}
      </figcaption>
    </figure>
  );
}

/** One changed value: its name, then the version's and the draft's, or a word diff for rich text. */
export function ValueChange(props: { change: LeafChange; blockType: string; version: number; locale: Locale }) {
  const { change, blockType, version, locale } = props;
  const { t } = useTranslation();
  const lang = /^fields\.(fr|en)\./.exec(change.path)?.[1] as Locale | undefined;
  const name = describePath(t, blockType, change.path) || t("studio.canvas.whole-block");
  const kind = change.field?.kind;
  let body: ReactNode;
  if (kind === "richtext" && (typeof change.before === "string" || typeof change.after === "string")) {
    const parts = wordDiff(plainText(String(change.before ?? "")), plainText(String(change.after ?? "")));
    body = (
      <p className="studio-diff-words" lang={lang}>
        {parts.map((part, index) =>
          part.op === "same" ? (
            <span key={index}>{part.text}</span>
          ) : part.op === "del" ? (
            <del key={index}>
              <span className="studio-sr-only">{t("studio.versions.value.removed")} </span>
              {part.text}
            </del>
          ) : (
            <ins key={index}>
              <span className="studio-sr-only">{t("studio.versions.value.added")} </span>
              {part.text}
            </ins>
          ),
        )}
      </p>
    );
  } else {
    const side = (value: unknown) =>
      kind === "image" ? (
        <Thumbnail value={value} />
      ) : kind === "colour" && typeof value === "string" ? (
        <span className="studio-diff-colour">
          <span className="studio-diff-swatch" style={{ background: value }} aria-hidden="true" />
          {value}
        </span>
      ) : (
        <span lang={lang}>{showValue(t, change.field, value, locale)}</span>
      );
    body = (
      <dl className="studio-diff-sides">
        <div>
          <dt>{t("studio.versions.value.before", { version })}</dt>
          <dd data-side="before">{side(change.before)}</dd>
        </div>
        <div>
          <dt>{t("studio.versions.value.after")}</dt>
          <dd data-side="after">{side(change.after)}</dd>
        </div>
      </dl>
    );
  }
  return (
    <li className="studio-diff-field">
      <span className="studio-diff-name">
        {name}
        {lang ? <span className="studio-version-locale"> ({t(`studio.fields.locales.${lang}`)})</span> : null}
      </span>
      {body}
    </li>
  );
}

/** The values that changed in a block's changed field (each language it differs in). */
export function fieldChanges(
  blockType: string,
  path: string,
  locales: readonly ("fr" | "en")[],
  before: unknown,
  after: unknown,
): LeafChange[] {
  const paths = path.startsWith("fields.")
    ? (locales.length ? locales : ["fr" as const]).map((l) => path.replace(/^fields\.(fr|en)\./, `fields.${l}.`))
    : [path];
  return paths.flatMap((p) => leafChanges(blockType, p, getAtPath(before, p), getAtPath(after, p)));
}
