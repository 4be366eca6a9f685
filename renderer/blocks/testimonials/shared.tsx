/**
 * Pieces shared by the testimonials views: the author line, the star rating, the
 * line-truncated text with its "read more" button, and the on-demand testimony modal.
 */
import { type CSSProperties, lazy, type ReactNode, Suspense, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Image as ImageValue } from "../../../schema/fields";
import { useOverflow } from "../../lib/overflow";
import { Icon } from "../../ui/Icon";
import { Image } from "../../ui/Image";
import { Text } from "../../ui/Text";
import { filledStars, STAR_MAX } from "./logic";
import "../../messages/people";

const TestimonyModal = lazy(() => import("./TestimonyModal"));

export interface Testimony {
  avatar?: ImageValue;
  name?: string;
  subtitle?: string;
  text: string;
}

export function Author({ avatar, name, subtitle, fallback }: Omit<Testimony, "text"> & { fallback?: ImageValue }) {
  if (!name && !subtitle) return null;
  return (
    <div className="testimony-author">
      <Image image={avatar} fallback={fallback} className="testimony-author__avatar" />
      <div>
        <Text value={name} as="p" className="testimony-author__name" />
        <Text value={subtitle} as="p" className="testimony-author__subtitle" />
      </div>
    </div>
  );
}

export function Stars({ score, max = STAR_MAX, label }: { score: number | undefined; max?: number; label?: string }) {
  const { t } = useTranslation();
  const filled = filledStars(score, max);
  return (
    <span
      className="stars"
      role="img"
      aria-label={label ?? t("testimonials.stars", { score: filled, max })}
      data-filled={filled}
    >
      {Array.from({ length: max }, (_, i) => (
        <Icon key={i} name="star" size={18} className={i < filled ? "star star--on" : "star"} />
      ))}
    </span>
  );
}

/** Text clamped at `lines`; a "read more" button shows only when it overflows. */
export function TruncatedText({ text, lines, onMore }: { text: string; lines: number; onMore: () => void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLParagraphElement>(null);
  const overflowing = useOverflow(ref, [text, lines]);
  return (
    <>
      <p ref={ref} className="testimony-text text-pre-line" style={{ "--clamp-lines": lines } as CSSProperties}>
        {text}
      </p>
      {overflowing ? (
        <button type="button" className="link-button testimony-more" aria-haspopup="dialog" onClick={onMore}>
          {t("testimonials.show-more")}
        </button>
      ) : null}
    </>
  );
}

/** State and element of the testimony modal: `open(testimony)` shows it; focus returns on close. */
export function useTestimonyModal(): { open: (testimony: Testimony) => void; modal: ReactNode } {
  const [current, setCurrent] = useState<Testimony | null>(null);
  const modal = current ? (
    <Suspense fallback={null}>
      <TestimonyModal testimony={current} onClose={() => setCurrent(null)} />
    </Suspense>
  ) : null;
  return { open: setCurrent, modal };
}
