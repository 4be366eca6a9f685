/**
 * Runs blocks through their definition's schema. Results are kept per block object: the
 * store's blocks are immutable (immer), so an edit makes a new object for the edited block
 * only and every other block's result is reused. Validating a 300-block document after a
 * keystroke costs one schema run, not 300.
 *
 * Messages are in the studio's language (validation-messages.ts): the studio sets it with
 * `setValidationLanguage`, and results are kept per language.
 */

import type { TFunction } from "i18next";
import type { z } from "zod";
import type { Block } from "../../schema/block";
import type { Locale } from "../../schema/common";
import { getBlockDefinition } from "../../schema/registry";
import { studioErrorMap } from "../validation-messages";
import type { StudioDoc, ValidationIssue } from "./types";

const caches: Record<Locale, WeakMap<Block, readonly ValidationIssue[]>> = { fr: new WeakMap(), en: new WeakMap() };
let language: Locale = "fr";
let translate: TFunction | null = null;
let errorMap: z.core.$ZodErrorMap | undefined;

/** The language of validation messages from now on (the studio's), with its translate function. */
export function setValidationLanguage(locale: Locale, t: TFunction): void {
  if (locale === language && t === translate) return;
  if (t !== translate) caches[locale] = new WeakMap();
  language = locale;
  translate = t;
  errorMap = studioErrorMap(t);
}

function runSchema(block: Block): ValidationIssue[] {
  const definition = getBlockDefinition(block.block_type);
  if (!definition) {
    const message = translate ? translate("studio.validation.unknown-type") : "Unknown block type";
    return [{ blockId: block.id, block_type: block.block_type, path: "block_type", message }];
  }
  const result = definition.schema.safeParse(block, errorMap ? { error: errorMap } : undefined);
  if (result.success) return [];
  return result.error.issues.map((issue) => {
    const path = issue.path.map(String).join(".");
    const locale =
      issue.path[0] === "fields" && (issue.path[1] === "fr" || issue.path[1] === "en") ? issue.path[1] : undefined;
    return { blockId: block.id, block_type: block.block_type, locale, path, message: issue.message };
  });
}

/** The block's schema issues (none: valid), computed once per block object. Do not mutate the result. */
export function validateBlock(block: Block): readonly ValidationIssue[] {
  const cache = caches[language];
  let issues = cache.get(block);
  if (!issues) {
    issues = runSchema(block);
    // A block that is still mutable (a test's or an import's object, not yet frozen by immer)
    // may change in place: its result is not kept.
    if (Object.isFrozen(block)) cache.set(block, issues);
  }
  return issues;
}

/** Every block a publish writes: the content, the site's header and footer, the page's own footer. */
function publishedLists(doc: StudioDoc): Block[][] {
  return [doc.blocks, doc.chrome?.header ?? [], doc.chrome?.footer ?? [], doc.page_footer ?? []];
}

export function validateDoc(doc: StudioDoc | null): ValidationIssue[] {
  if (!doc) return [];
  return publishedLists(doc).flatMap((list) => list.flatMap(validateBlock));
}

/** How many errors the document has (the Publish button's count): cached lookups, no allocation. */
export function countIssues(doc: StudioDoc | null): number {
  if (!doc) return 0;
  let count = 0;
  for (const block of doc.blocks) count += validateBlock(block).length;
  if (doc.chrome) {
    for (const block of doc.chrome.header) count += validateBlock(block).length;
    for (const block of doc.chrome.footer) count += validateBlock(block).length;
  }
  if (doc.page_footer) for (const block of doc.page_footer) count += validateBlock(block).length;
  return count;
}
