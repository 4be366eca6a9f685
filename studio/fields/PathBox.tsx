/**
 * QA editing by dotted path (blocks.md §4): type a path inside the selected block, see
 * its value, edit it as JSON (or a plain string for string values) and apply it.
 */
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useStore } from "zustand";
import { getBlockDefinition } from "../../schema/registry";
import { getAtPath, pathExists } from "./path";
import { selectBlock, useFieldsStore } from "./store-adapter";

export function formatValue(value: unknown): string {
  if (value === undefined) return "";
  if (typeof value === "string") return value;
  return JSON.stringify(value, null, 2);
}

/** A string value stays a string; anything else is read as JSON (a bare word falls back to a string). */
export function parseInput(raw: string, current: unknown): { ok: true; value: unknown } | { ok: false } {
  if (typeof current === "string") return { ok: true, value: raw };
  try {
    return { ok: true, value: JSON.parse(raw) };
  } catch {
    if (current === undefined && !/^\s*[[{"]/.test(raw)) return { ok: true, value: raw };
    return { ok: false };
  }
}

export function PathBox({ blockId }: { blockId: string }) {
  const { t } = useTranslation();
  const store = useFieldsStore();
  const id = useId();
  const [path, setPath] = useState("");
  const block = useStore(store, (s) => selectBlock(s, blockId));
  const definition = block ? getBlockDefinition(block.block_type) : undefined;
  const trimmed = path.trim();
  const exists = trimmed !== "" && !!definition && pathExists(definition, block, trimmed);
  const value = exists ? getAtPath(block, trimmed) : undefined;
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [applied, setApplied] = useState(false);

  // A new path shows its own value.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset the draft when the path changes only.
  useEffect(() => {
    setDraft(null);
    setError(null);
    setApplied(false);
  }, [trimmed]);

  const apply = () => {
    if (!exists) return;
    const parsed = parseInput(draft ?? formatValue(value), value);
    if (!parsed.ok) {
      setError(t("studio.fields.errors.json"));
      return;
    }
    setError(null);
    store.getState().setValue(blockId, trimmed, parsed.value);
    setDraft(null);
    setApplied(true);
  };

  const message = trimmed === "" ? null : !exists ? t("studio.fields.pathBox.missing") : error;
  return (
    <section className="sf-pathbox" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t("studio.fields.pathBox.title")}</h3>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          apply();
        }}
      >
        <label htmlFor={`${id}-path`}>{t("studio.fields.pathBox.path")}</label>
        <input
          id={`${id}-path`}
          type="text"
          spellCheck={false}
          placeholder="fields.en.cta_repeater.0.cta.text"
          value={path}
          aria-invalid={trimmed !== "" && !exists ? true : undefined}
          aria-describedby={message ? `${id}-message` : undefined}
          onChange={(e) => setPath(e.currentTarget.value)}
        />
        <label htmlFor={`${id}-value`}>{t("studio.fields.pathBox.value")}</label>
        <textarea
          id={`${id}-value`}
          rows={3}
          spellCheck={false}
          disabled={!exists}
          value={draft ?? formatValue(value)}
          onChange={(e) => {
            setDraft(e.currentTarget.value);
            setApplied(false);
          }}
        />
        <button type="submit" disabled={!exists}>
          {t("studio.fields.pathBox.apply")}
        </button>
        <p id={`${id}-message`} className={message ? "sf-error" : "sf-status"} role="status">
          {message ?? (applied ? t("studio.fields.pathBox.applied") : "")}
        </p>
      </form>
    </section>
  );
}
