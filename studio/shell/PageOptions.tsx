/** A react-aria select of the site's pages: each by its title and path in the studio's language. */
import { Button, Label, ListBox, ListBoxItem, Popover, Select, SelectValue, Text } from "react-aria-components";
import { useTranslation } from "react-i18next";
import type { Locale } from "../../schema/common";
import type { PageSummary } from "./api";
import { Icon } from "./icons";

export function PageSelect(props: {
  label: string;
  pages: readonly PageSummary[];
  locale: Locale;
  value: string;
  onChange: (pageId: string) => void;
  isRequired?: boolean;
}) {
  const { t } = useTranslation();
  const { pages, locale } = props;
  return (
    <Select
      className="studio-select"
      selectedKey={props.value || null}
      onSelectionChange={(key) => props.onChange(key === null ? "" : String(key))}
      isRequired={props.isRequired}
      placeholder={t("studio.toolbar.choose-page")}
    >
      <Label>{props.label}</Label>
      <Button className="studio-select-button">
        <SelectValue />
        <Icon name="chevron-down" size={16} />
      </Button>
      <Popover className="studio-popover">
        <ListBox className="studio-listbox" items={pages}>
          {(page) => (
            <ListBoxItem id={page.page_id} className="studio-option" textValue={page.title[locale]}>
              <Text slot="label" className="studio-option-label">
                {page.title[locale]}
              </Text>
              <Text slot="description" className="studio-option-description">
                {page.paths[locale]}
              </Text>
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </Select>
  );
}
