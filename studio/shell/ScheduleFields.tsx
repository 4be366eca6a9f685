/**
 * "Publier plus tard" in the publish dialog (issue 33): when to publish, as a date and a time in
 * the site's time zone (America/Toronto unless the site says otherwise), whatever the editor's
 * computer is set to. react-aria's DatePicker with a zoned value from @internationalized/date:
 * typed segment by segment or picked in a calendar, its hours in the studio language's clock,
 * the instant sent as UTC (daylight saving time included).
 */
import { getLocalTimeZone, now, type ZonedDateTime } from "@internationalized/date";
import {
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
  DateInput,
  DatePicker,
  DateSegment,
  Dialog,
  FieldError,
  Group,
  Heading,
  I18nProvider,
  Label,
  Popover,
  Text,
} from "react-aria-components";
import { useTranslation } from "react-i18next";
import type { Locale } from "../../schema/common";
import { intlLocale } from "../../schema/locales";
import { Icon } from "./icons";

/** The next quarter hour at least an hour from now, in the site's time zone: the dialog's first proposal. */
export function defaultWhen(timeZone: string, from: ZonedDateTime = now(timeZone)): ZonedDateTime {
  const later = from.add({ hours: 1 }).set({ second: 0, millisecond: 0 });
  return later.add({ minutes: (15 - (later.minute % 15)) % 15 });
}

/** "12 déc. 2026, 09 h 00 HNE": when a publish is scheduled, in the site's time zone and the studio's language. */
export function scheduleText(iso: string, timeZone: string, locale: Locale): string {
  return new Intl.DateTimeFormat(intlLocale(locale), {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone,
  }).format(new Date(iso));
}

/** The zone's short name at that instant ("HNE", "EDT"), for saying which clock a time is on. */
export function zoneName(iso: string, timeZone: string, locale: Locale): string {
  const parts = new Intl.DateTimeFormat(intlLocale(locale), { timeZone, timeZoneName: "short" }).formatToParts(
    new Date(iso),
  );
  return parts.find((p) => p.type === "timeZoneName")?.value ?? timeZone;
}

export function ScheduleFields(props: {
  locale: Locale;
  timeZone: string;
  value: ZonedDateTime | null;
  onChange: (value: ZonedDateTime | null) => void;
}) {
  const { t } = useTranslation();
  const { locale, timeZone, value, onChange } = props;
  const min = now(timeZone);
  const local = getLocalTimeZone();
  return (
    <I18nProvider locale={intlLocale(locale)}>
      <DatePicker
        className="studio-date-picker"
        value={value}
        onChange={onChange}
        granularity="minute"
        hideTimeZone
        minValue={min}
        isRequired
        shouldForceLeadingZeros
        validate={(v) => (v && v.compare(now(timeZone)) <= 0 ? t("studio.schedule.past") : null)}
      >
        <Label>{t("studio.schedule.when")}</Label>
        <Group className="studio-date-group">
          <DateInput className="studio-date-input">
            {(segment) => <DateSegment segment={segment} className="studio-date-segment" />}
          </DateInput>
          <Button className="studio-icon-button studio-date-button" aria-label={t("studio.schedule.calendar")}>
            <Icon name="calendar" size={18} />
          </Button>
        </Group>
        <Text slot="description" className="studio-field-hint">
          {t("studio.schedule.zone", { zone: timeZone.replace(/_/g, " ") })}
          {local !== timeZone && value
            ? ` ${t("studio.schedule.your-time", {
                time: new Intl.DateTimeFormat(intlLocale(locale), {
                  timeStyle: "short",
                  dateStyle: "medium",
                  timeZone: local,
                }).format(value.toDate()),
              })}`
            : null}
        </Text>
        <FieldError className="studio-field-error" />
        <Popover className="studio-popover studio-calendar-popover" placement="bottom start">
          <Dialog className="studio-calendar-dialog" aria-label={t("studio.schedule.calendar")}>
            <Calendar className="studio-calendar">
              <header className="studio-calendar-head">
                <Button slot="previous" className="studio-icon-button" aria-label={t("studio.schedule.previous")}>
                  <Icon name="chevron-left" size={18} />
                </Button>
                <Heading className="studio-calendar-title" />
                <Button slot="next" className="studio-icon-button" aria-label={t("studio.schedule.next")}>
                  <Icon name="chevron-right" size={18} />
                </Button>
              </header>
              <CalendarGrid className="studio-calendar-grid">
                {(date) => <CalendarCell date={date} className="studio-calendar-cell" />}
              </CalendarGrid>
            </Calendar>
          </Dialog>
        </Popover>
      </DatePicker>
    </I18nProvider>
  );
}
