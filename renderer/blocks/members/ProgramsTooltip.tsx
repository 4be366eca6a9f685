/**
 * The programmes of a member: a button showing their count, with a tooltip listing their
 * descriptions on hover, focus or press (blocks.md §3: "description per locale shown as a
 * tooltip; count displayed"). The list is the button's description for assistive tech;
 * Escape hides it (WCAG 1.4.13). Small on purpose: no overlay library in the public bundle.
 */
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import "../../messages/people";

export const TOOLTIP_DELAY_MS = 50;

export function ProgramsTooltip({ programs }: { programs: readonly string[] }) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const show = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(true), TOOLTIP_DELAY_MS);
  };
  const hide = () => {
    clearTimeout(timer.current);
    setOpen(false);
  };
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover is a pointer nicety; the button inside opens it from the keyboard.
    <span className="programs-tooltip" onMouseEnter={show} onMouseLeave={hide}>
      <button
        type="button"
        className="programs-tooltip__trigger"
        aria-describedby={id}
        onFocus={show}
        onBlur={hide}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === "Escape" && open) {
            event.stopPropagation();
            hide();
          }
        }}
      >
        {t("members.programs", { count: programs.length })}
      </button>
      <span role="tooltip" id={id} className="programs-tooltip__bubble" hidden={!open}>
        {programs.join(" · ")}
      </span>
    </span>
  );
}
