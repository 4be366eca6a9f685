/**
 * The palette: every registered block type by its name and description, grouped by family,
 * searchable in the studio's language (accents and case ignored, the family's name counts).
 * Items drag onto the canvas (dnd-kit drop zones between blocks); from the keyboard, "Insert
 * at position…" inserts after the selected block or at a chosen position, and focus goes to
 * the new block.
 */
import { useDraggable } from "@dnd-kit/core";
import { memo, useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { BLOCK_FAMILIES, type BlockDefinition } from "../../schema/block";
import { ADMIN_ONLY_BLOCK_TYPES } from "../../schema/blocks/embeds";
import type { Locale } from "../../schema/common";
import { blockRegistry } from "../../schema/registry";
import { focusBlock } from "../canvas/focus";
import { matchesQuery } from "../labels";
import { useAnnounce } from "../shell/announce";
import { Icon } from "../shell/icons";
import { useStudioRole } from "../shell/role";
import { useStudioStore } from "../store";

function insertIndexAfterSelection(): number {
  const { doc, selectedId } = useStudioStore.getState();
  if (!doc) return 0;
  const index = selectedId ? doc.blocks.findIndex((b) => b.id === selectedId) : -1;
  return index >= 0 ? index + 1 : doc.blocks.length;
}

function PaletteItem({ definition, locale }: { definition: BlockDefinition; locale: Locale }) {
  const { t } = useTranslation();
  const announce = useAnnounce();
  const formId = useId();
  const total = useStudioStore((s) => s.doc?.blocks.length ?? 0);
  const hasDoc = useStudioStore((s) => s.doc !== null);
  const [asking, setAsking] = useState(false);
  const [position, setPosition] = useState(1);
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: `palette:${definition.type}`,
    data: { kind: "palette", type: definition.type },
    disabled: !hasDoc,
  });
  const label = definition.label[locale];
  const insert = (index: number) => {
    const id = useStudioStore.getState().addBlock(definition.type, index);
    if (id) {
      useStudioStore.getState().select(id);
      announce(t("studio.announce.inserted", { type: label, position: index + 1 }));
      focusBlock(id);
    }
  };
  return (
    <li className="studio-palette-item" data-palette-type={definition.type} data-dragging={isDragging || undefined}>
      <div
        ref={setNodeRef}
        className="studio-palette-drag"
        {...listeners}
        {...attributes}
        tabIndex={-1}
        role="presentation"
        aria-label={undefined}
        title={t("studio.palette.drag", { type: label })}
      >
        <span className="studio-palette-grip" aria-hidden="true">
          <Icon name="drag" size={16} />
        </span>
        <span className="studio-palette-name">{label}</span>
        <span className="studio-palette-description">{definition.description[locale]}</span>
      </div>
      <div className="studio-palette-actions">
        <button
          type="button"
          className="studio-button studio-small-button"
          disabled={!hasDoc}
          aria-expanded={asking}
          aria-controls={asking ? formId : undefined}
          onClick={() => {
            setPosition(insertIndexAfterSelection() + 1);
            setAsking((v) => !v);
          }}
          aria-label={t("studio.palette.insert-named", { name: label })}
        >
          {t("studio.palette.insert")}
        </button>
      </div>
      {asking ? (
        <form
          id={formId}
          className="studio-palette-form"
          onSubmit={(event) => {
            event.preventDefault();
            insert(Math.max(0, Math.min(position - 1, total)));
            setAsking(false);
          }}
        >
          <label>
            {t("studio.palette.position", { max: total + 1 })}
            <input
              type="number"
              min={1}
              max={total + 1}
              value={position}
              autoFocus
              onChange={(e) => setPosition(Number(e.target.value) || 1)}
            />
          </label>
          <button type="submit" className="studio-button studio-button-primary studio-small-button">
            {t("studio.palette.insert-here")}
          </button>
          <button type="button" className="studio-button studio-small-button" onClick={() => setAsking(false)}>
            {t("studio.palette.cancel")}
          </button>
        </form>
      ) : null}
    </li>
  );
}

/** Memoised: the palette does not change while the page is edited. */
export const Palette = memo(function Palette({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState("");
  const searchId = useId();
  const role = useStudioRole();
  const groups = useMemo(() => {
    const all = Object.values(blockRegistry).filter(
      (d) =>
        (role === "admin" || !ADMIN_ONLY_BLOCK_TYPES.has(d.type)) &&
        matchesQuery(d, query, locale, t(`studio.family.${d.family}`)),
    );
    return BLOCK_FAMILIES.map((family) => ({ family, items: all.filter((d) => d.family === family) })).filter(
      (g) => g.items.length > 0,
    );
  }, [query, locale, t, role]);
  return (
    <nav className="studio-palette" aria-label={t("studio.palette.label")}>
      <h2>{t("studio.palette.label")}</h2>
      <label htmlFor={searchId}>{t("studio.palette.search")}</label>
      <input
        id={searchId}
        type="search"
        className="studio-input"
        value={query}
        placeholder={t("studio.palette.search-placeholder")}
        onChange={(e) => setQuery(e.target.value)}
      />
      {groups.length === 0 ? <p role="status">{t("studio.palette.none")}</p> : null}
      {groups.map((group) => (
        <section
          key={group.family}
          className="studio-palette-family"
          aria-labelledby={`${searchId}-${group.family}`}
          // Its size while skipped (studio.css): never less than its items take, or the family below
          // would overlap its last items until scrolled to (an item is about 120 px high).
          style={{ containIntrinsicBlockSize: `auto ${48 + group.items.length * 132}px` }}
        >
          <h3 id={`${searchId}-${group.family}`}>{t(`studio.family.${group.family}`)}</h3>
          <ul>
            {group.items.map((definition) => (
              <PaletteItem key={definition.type} definition={definition} locale={locale} />
            ))}
          </ul>
        </section>
      ))}
    </nav>
  );
});
