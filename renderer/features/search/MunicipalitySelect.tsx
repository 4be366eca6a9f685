/**
 * Searchable municipality multi-select: a search field, then a list box of several choices.
 * One tab stop for the whole list (arrows move, Space or Enter ticks, letters jump, as a
 * listbox does), not one per municipality: there are more than a hundred.
 */
// Their messages load with them (renderer/messages).
import "../../messages/search";
import { useMemo, useState } from "react";
import { Input, ListBox, ListBoxItem, SearchField, type Selection } from "react-aria-components";
import { useTranslation } from "react-i18next";
import type { Municipality } from "./api";

const fold = (s: string) =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();

export function MunicipalitySelect({
  municipalities,
  value,
  onChange,
}: {
  municipalities: readonly Municipality[];
  value: readonly string[];
  onChange: (codes: string[]) => void;
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState("");
  const shown = useMemo(() => {
    const q = fold(query.trim());
    const list = q ? municipalities.filter((m) => fold(m.DESCRIPTION).includes(q)) : municipalities;
    return list.slice(0, 200);
  }, [municipalities, query]);
  const onSelectionChange = (selection: Selection) => {
    // The list shows what the search field lets through: ticks outside it stay.
    const hidden = value.filter((code) => !shown.some((m) => m.MUN_CODE === code));
    const ticked = selection === "all" ? shown.map((m) => m.MUN_CODE) : [...selection].map(String);
    onChange([...new Set([...hidden, ...ticked])].sort());
  };
  return (
    <div className="mun-select">
      <SearchField value={query} onChange={setQuery} aria-label={t("search.mun-search")} className="mun-select__search">
        <Input placeholder={t("search.mun-search")} />
      </SearchField>
      <ListBox
        aria-label={t("search.municipalities")}
        selectionMode="multiple"
        selectionBehavior="toggle"
        // Escape closes the dropdown or the dialog around the list; it never clears every tick.
        escapeKeyBehavior="none"
        selectedKeys={value}
        onSelectionChange={onSelectionChange}
        items={shown}
        className="mun-select__list"
        renderEmptyState={() => <p className="mun-select__empty">{t("search.mun-none")}</p>}
      >
        {(m) => (
          <ListBoxItem id={m.MUN_CODE} textValue={m.DESCRIPTION} className="check">
            {m.DESCRIPTION}
          </ListBoxItem>
        )}
      </ListBox>
    </div>
  );
}
