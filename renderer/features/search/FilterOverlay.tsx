/**
 * The filter overlay (site.md §4 Filter overlay): selected-criteria tags, municipality
 * multi-select, price range (slider on the increments + two text inputs), transaction,
 * property type, bedrooms, bathrooms, open houses, reset, and "see results (N)".
 */
// Their messages load with them (renderer/messages).
import "../../messages/properties";
import "../../messages/search";
import { useEffect, useState } from "react";
import {
  Button,
  Checkbox,
  Input,
  Label,
  Radio,
  RadioGroup,
  Slider,
  SliderThumb,
  SliderTrack,
  TextField,
} from "react-aria-components";
import { useTranslation } from "react-i18next";
import type { Locale } from "../../../schema/common";
import { SiteModal } from "../../ui/shell/SiteModal";
import type { Municipality } from "./api";
import { PROPERTY_TYPE_CODES, type SearchFilters } from "./filters";
import { MunicipalitySelect } from "./MunicipalitySelect";
import { formatNumber, formatPrice, nearestIncrement, parsePriceInput } from "./price";
import { Tags } from "./Tags";

export interface FilterOverlayProps {
  isOpen: boolean;
  /** Closed without "See results" (Escape, the close button, outside): the caller cancels the changes. */
  onOpenChange: (open: boolean) => void;
  /** "See results": the changes stay. */
  onApply: () => void;
  filters: SearchFilters;
  onChange: (next: SearchFilters) => void;
  onReset: () => void;
  municipalities: readonly Municipality[];
  increments: readonly number[];
  count: number | undefined;
  locale: Locale;
}

function PriceInput({
  label,
  value,
  onCommit,
}: {
  label: string;
  value: number | undefined;
  onCommit: (v: number | undefined) => void;
}) {
  const [text, setText] = useState(value === undefined ? "" : String(value));
  useEffect(() => setText(value === undefined ? "" : String(value)), [value]);
  return (
    <TextField
      value={text}
      onChange={setText}
      onBlur={() => onCommit(parsePriceInput(text))}
      className="field"
      inputMode="numeric"
    >
      <Label>{label}</Label>
      <Input onKeyDown={(e) => e.key === "Enter" && onCommit(parsePriceInput(text))} />
    </TextField>
  );
}

const COUNTS = ["", "1", "2", "3", "4", "5"] as const;

export function FilterOverlay(props: FilterOverlayProps) {
  const { t } = useTranslation();
  const { filters, onChange, increments, locale } = props;
  const last = increments.length - 1;
  const range = [
    nearestIncrement(increments, filters.price_min, 0),
    nearestIncrement(increments, filters.price_max, last),
  ];
  const set = (patch: Partial<SearchFilters>) => onChange({ ...filters, ...patch });
  return (
    <SiteModal
      isOpen={props.isOpen}
      onOpenChange={props.onOpenChange}
      title={t("search.filters")}
      className="filter-overlay"
      locale={locale}
    >
      <div className="filter-overlay__body">
        <Tags filters={filters} municipalities={props.municipalities} onChange={onChange} />
        <fieldset className="filter-group">
          <legend>{t("search.municipalities")}</legend>
          <MunicipalitySelect
            municipalities={props.municipalities}
            value={filters.mun ?? []}
            onChange={(mun) => set({ mun })}
          />
        </fieldset>
        <fieldset className="filter-group">
          <legend>{t("search.price")}</legend>
          <Slider
            className="price-slider"
            minValue={0}
            maxValue={last}
            step={1}
            value={range}
            aria-label={t("search.price")}
            onChange={(v) => {
              const [a, b] = v as number[];
              set({ price_min: a ? increments[a!] : undefined, price_max: b === last ? undefined : increments[b!] });
            }}
          >
            <SliderTrack className="price-slider__track">
              {({ state }) => (
                <>
                  <div
                    className="price-slider__fill"
                    style={{
                      left: `${state.getThumbPercent(0) * 100}%`,
                      width: `${(state.getThumbPercent(1) - state.getThumbPercent(0)) * 100}%`,
                    }}
                  />
                  <SliderThumb index={0} aria-label={t("search.price-min")} className="price-slider__thumb" />
                  <SliderThumb index={1} aria-label={t("search.price-max")} className="price-slider__thumb" />
                </>
              )}
            </SliderTrack>
          </Slider>
          <p className="price-slider__output">
            {formatPrice(locale, increments[range[0]!] ?? 0)} –{" "}
            {range[1] === last ? t("search.price-any") : formatPrice(locale, increments[range[1]!] ?? 0)}
          </p>
          <div className="field-row">
            <PriceInput
              label={t("search.price-min")}
              value={filters.price_min}
              onCommit={(price_min) => set({ price_min })}
            />
            <PriceInput
              label={t("search.price-max")}
              value={filters.price_max}
              onCommit={(price_max) => set({ price_max })}
            />
          </div>
        </fieldset>
        <RadioGroup
          className="filter-group"
          value={filters.forSaleForRent ?? ""}
          onChange={(v) => set({ forSaleForRent: v || undefined })}
        >
          <Label>{t("search.transaction.label")}</Label>
          <Radio value="">{t("search.any")}</Radio>
          <Radio value="buy">{t("search.transaction.buy")}</Radio>
          <Radio value="rent">{t("search.transaction.rent")}</Radio>
        </RadioGroup>
        <RadioGroup
          className="filter-group"
          value={filters.status ?? ""}
          onChange={(v) => set({ status: v || undefined })}
        >
          <Label>{t("search.status.label")}</Label>
          <Radio value="">{t("search.status.active")}</Radio>
          <Radio value="sold">{t("search.status.sold")}</Radio>
        </RadioGroup>
        <RadioGroup
          className="filter-group"
          value={filters.type?.[0] ?? ""}
          onChange={(v) => set({ type: v ? [v] : undefined })}
        >
          <Label>{t("search.type")}</Label>
          <Radio value="">{t("search.any")}</Radio>
          {PROPERTY_TYPE_CODES.map((code) => (
            <Radio key={code} value={code}>
              {t(`properties.types.${code}`)}
            </Radio>
          ))}
        </RadioGroup>
        {(["bedrooms", "bathrooms"] as const).map((key) => (
          <RadioGroup
            key={key}
            className="filter-group filter-group--inline"
            orientation="horizontal"
            value={filters[key] ? String(filters[key]) : ""}
            onChange={(v) => set({ [key]: v ? Number(v) : undefined })}
          >
            <Label>{t(`search.${key}`)}</Label>
            {COUNTS.map((c) => (
              <Radio key={c} value={c}>
                {c ? `${c}+` : t("search.any")}
              </Radio>
            ))}
          </RadioGroup>
        ))}
        <Checkbox
          className="check"
          isSelected={Boolean(filters.open_house)}
          onChange={(v) => set({ open_house: v || undefined })}
        >
          {t("search.open-house")}
        </Checkbox>
      </div>
      <div className="filter-overlay__footer">
        <Button className="btn btn-secondary" onPress={props.onReset}>
          {t("search.reset")}
        </Button>
        <Button className="btn btn-primary" onPress={props.onApply}>
          {props.count === undefined
            ? t("search.see-results-pending")
            : t("search.see-results", { count: props.count, n: formatNumber(locale, props.count) })}
        </Button>
      </div>
    </SiteModal>
  );
}
