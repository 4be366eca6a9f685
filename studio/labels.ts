/**
 * Human names in the studio: a block type's label and description (schema, defineBlock), a
 * select value's label (schema, f.select), a field's label (locales/studio, by its key), a dotted
 * path as the editor reads it ("Boutons › Bouton 2 › Texte"), and the palette's search, which
 * ignores accents and case and also matches the family's name.
 */
import type { TFunction } from "i18next";
import type { z } from "zod";
import type { BlockDefinition } from "../schema/block";
import type { Locale } from "../schema/common";
import { type OptionLabel, optionLabel } from "../schema/labels";
import { getBlockDefinition } from "../schema/registry";
import { humanise, type ResolvedField, resolveField } from "./fields/kinds";

/** The block type's name in `locale`; an unknown type (a page from elsewhere) keeps its id. */
export function blockLabel(type: string, locale: Locale): string {
  return getBlockDefinition(type)?.label[locale] ?? type;
}

/** A select value's name from the schema; a value the schema does not know is shown as it is. */
export function valueLabel(field: ResolvedField, value: string, locale: Locale): string {
  return optionLabel(field.meta?.optionLabels, value, locale) ?? value;
}

export function valueDescription(field: ResolvedField, value: string, locale: Locale): string | undefined {
  const labels = field.meta?.optionLabels as Readonly<Record<string, OptionLabel>> | undefined;
  return labels && Object.hasOwn(labels, value) ? labels[value]?.description?.[locale] : undefined;
}

/** A field's label key: its meta label, else its name. */
export function fieldKey(name: string, field: ResolvedField): string {
  return field.meta?.label ?? name;
}

export function fieldLabel(t: TFunction, key: string): string {
  return t(`studio.fields.labels.${key}`, { defaultValue: humanise(key) });
}

export function itemTypeLabel(t: TFunction, itemType: string | undefined): string {
  return itemType
    ? t(`studio.fields.itemTypes.${itemType}`, { defaultValue: humanise(itemType) })
    : t("studio.fields.item");
}

/**
 * A dotted path inside a block as the editor reads it: each field by its label, each repeater
 * item by its type and number ("Boutons › Bouton 2 › Texte"). `fields.fr.` and `block_params.`
 * are left out (the locale is shown apart). Segments the schema does not know keep their name.
 */
export function describePath(t: TFunction, blockType: string, path: string): string {
  const definition = getBlockDefinition(blockType);
  const segments = path.split(".").filter((s) => s !== "");
  let schema: z.ZodType | undefined;
  if (segments[0] === "fields" && (segments[1] === "fr" || segments[1] === "en")) {
    schema = definition?.fields;
    segments.splice(0, 2);
  } else if (segments[0] === "block_params") {
    schema = definition?.params;
    segments.splice(0, 1);
  }
  const parts: string[] = [];
  let itemType: string | undefined;
  for (const segment of segments) {
    const field = schema ? resolveField(schema) : undefined;
    if (/^\d+$/.test(segment) && field?.kind === "repeater") {
      parts.push(`${itemTypeLabel(t, itemType)} ${Number(segment) + 1}`);
      schema = field.def.element;
      continue;
    }
    const child = field?.def.shape?.[segment];
    if (!child) {
      parts.push(fieldLabel(t, segment));
      schema = undefined;
      continue;
    }
    const resolved = resolveField(child);
    parts.push(fieldLabel(t, fieldKey(segment, resolved)));
    itemType = resolved.meta?.itemType;
    schema = child;
  }
  return parts.join(" › ");
}

/** Lower case without accents: "Équipe" and "equipe" are the same to the palette's search. */
export function foldText(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/**
 * Whether a block type answers the palette's search: every word of the query is found in its
 * label, description, family name or type id, accents and case ignored.
 */
export function matchesQuery(definition: BlockDefinition, query: string, locale: Locale, familyName: string): boolean {
  const words = foldText(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = foldText(
    [definition.label[locale], definition.description[locale], familyName, definition.type].join(" "),
  );
  return words.every((word) => haystack.includes(word));
}
