/** Searchable municipality multi-select (a list of checkboxes filtered by a search field). */
// Their messages load with them (renderer/messages).
import "../../messages/search";
import { useMemo, useState } from "react";
import { Checkbox, CheckboxGroup, Input, Label, SearchField } from "react-aria-components";
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
  return (
    <div className="mun-select">
      <SearchField value={query} onChange={setQuery} aria-label={t("search.mun-search")} className="mun-select__search">
        <Input placeholder={t("search.mun-search")} />
      </SearchField>
      <CheckboxGroup value={[...value]} onChange={(v) => onChange([...v].sort())} className="mun-select__list">
        <Label className="visually-hidden">{t("search.municipalities")}</Label>
        {shown.map((m) => (
          <Checkbox key={m.MUN_CODE} value={m.MUN_CODE} className="check">
            {m.DESCRIPTION}
          </Checkbox>
        ))}
      </CheckboxGroup>
    </div>
  );
}
