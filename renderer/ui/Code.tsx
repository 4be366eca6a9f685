/**
 * Code fields shown as code (blocks.md §3 Generic renderers: code): text in
 * <pre><code> inside a focusable, labelled scroll region; never executed.
 */
import { useTranslation } from "react-i18next";

export function Code({
  code,
  language,
  className,
  label,
}: {
  code?: string;
  language?: string;
  className?: string;
  /** Accessible name of the scrollable region. */
  label?: string;
}) {
  const { t } = useTranslation();
  if (!code) return null;
  return (
    <section
      className={["code-block", className].filter(Boolean).join(" ")}
      aria-label={label ?? t("text.code-label")}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable code region must be reachable from the keyboard.
      tabIndex={0}
    >
      <pre>
        <code className={language ? `language-${language}` : undefined}>{code}</code>
      </pre>
    </section>
  );
}
