/**
 * Bank partners with a name filter (blocks.md §2, §3 Bank partner): a labelled search
 * field filters the banks by name, ignoring case and accents; the count is announced.
 */
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { bankPartnersBlock } from "../../../schema/blocks/partners";
import { avatarFallback } from "../../lib/avatars";
import { Icon } from "../../ui/Icon";
import { Image } from "../../ui/Image";
import { Text } from "../../ui/Text";
import type { BlockViewProps } from "../types";
import { filterBanksByName } from "./logic";
import "../../messages/people";

export default function BankPartners({ fields }: BlockViewProps<typeof bankPartnersBlock>) {
  const { t } = useTranslation();
  const [query, setQuery] = useState("");
  const inputId = useId();
  const headingId = `${useId()}-banks-title`;
  const banks = (fields.banks_repeater ?? []).filter((b) => b.name.trim());
  const filtered = filterBanksByName(banks, query);
  const fallback = avatarFallback("broker");
  if (!banks.length) return null;
  return (
    <section className="container section bank-partners" aria-labelledby={fields.main_title ? headingId : undefined}>
      {fields.main_title ? <Text value={fields.main_title} as="h2" className="title-2" id={headingId} /> : null}
      <search className="bank-partners__filter">
        <label htmlFor={inputId}>{t("partners.bank-filter-label")}</label>
        <input
          id={inputId}
          type="search"
          value={query}
          autoComplete="off"
          onChange={(event) => setQuery(event.target.value)}
        />
      </search>
      <p className="bank-partners__status" aria-live="polite">
        {filtered.length ? t("partners.banks-count", { count: filtered.length }) : t("partners.banks-empty", { query })}
      </p>
      <ul className="bank-partners__list">
        {filtered.map((bank, i) => {
          const employees = (bank.employees_repeater ?? []).filter((e) => e.person_name.trim());
          return (
            <li key={`${bank.name}-${i}`} className="bank-card" data-bank-card="">
              <div className="bank-card__head">
                {bank.logo?.url ? <Image image={bank.logo} className="bank-card__logo" /> : null}
                <Text value={bank.name} as="h3" className="bank-card__name" />
              </div>
              {employees.length ? (
                <ul className="bank-card__employees" aria-label={t("partners.employees", { name: bank.name })}>
                  {employees.map((employee, j) => (
                    <li key={j} className="bank-employee">
                      <Image image={employee.person_avatar} fallback={fallback} className="bank-employee__avatar" />
                      <div>
                        <Text value={employee.person_name} as="p" className="bank-employee__name" />
                        <Text value={employee.person_subtitle} as="p" className="bank-employee__subtitle" />
                        {(employee.list_items_repeater ?? [])
                          .filter((item) => item.text.trim())
                          .map((item, k) => (
                            <p key={k} className="bank-employee__line">
                              <Icon name={item.icon.type} size={16} />
                              <span>{item.text}</span>
                            </p>
                          ))}
                      </div>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
