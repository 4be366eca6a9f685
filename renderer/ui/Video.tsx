/**
 * Videos of blocks (blocks.md §3 Generic renderers, §4 Maps, media and editing, §9 Media).
 *
 * - Files (`sources`, and external sources that are video files) play in <video>:
 *   loop and muted default true, autoplay only without prefers-reduced-motion,
 *   `center` becomes object-position and `filters` a CSS filter.
 * - A play overlay shows when there are no controls or the video has never played;
 *   with controls, the native controls appear after the first play.
 * - A video that leaves the viewport pauses, unless it autoplays.
 * - YouTube links (embed, shorts, live, watch?v=, youtu.be) play from the
 *   privacy-enhanced host behind a click-to-load poster; any other external link
 *   logs a warning and shows no player.
 */
import { type CSSProperties, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Video as VideoValue } from "../../schema/fields";
import {
  cssFilter,
  isVideoFile,
  objectPosition,
  prefersReducedMotion,
  shouldAutoplay,
  showPlayOverlay,
} from "../lib/media";
import { useSite } from "../lib/site";
import { parseYouTubeId, parseYouTubeStart, youTubeEmbedUrl, youTubeThumbnailUrl } from "../lib/youtube";
import { Icon } from "./Icon";
import "../messages/media";

type VideoInput = Partial<VideoValue> & Pick<Partial<VideoValue>, "sources" | "external_sources">;

export interface VideoProps {
  video?: VideoInput;
  /** What the video shows, for the play button and the YouTube frame. */
  title?: string;
  className?: string;
  style?: CSSProperties;
}

export function Video({ video, title, className, style }: VideoProps) {
  if (!video) return null;
  const external = (video.external_sources ?? []).filter((s) => s.url?.trim());
  const files = [...(video.sources ?? []).filter((s) => s.url?.trim()), ...external.filter(isVideoFile)];
  if (files.length) return <FileVideo video={video} files={files} title={title} className={className} style={style} />;
  const link = external.find((s) => !isVideoFile(s));
  if (!link) return null;
  const id = parseYouTubeId(link.url);
  if (!id) {
    console.warn(`Unrecognised video link "${link.url}": only YouTube links are supported; no player is shown.`);
    return null;
  }
  return (
    <YouTubeVideo
      id={id}
      start={parseYouTubeStart(link.url)}
      video={video}
      title={title}
      className={className}
      style={style}
    />
  );
}

/** Starts playback; older browsers return no promise, blocked autoplay rejects it. */
function play(el: HTMLVideoElement, onBlocked: () => void) {
  try {
    const result = el.play() as Promise<void> | undefined;
    result?.catch(onBlocked);
  } catch {
    onBlocked();
  }
}

function FileVideo({
  video,
  files,
  title,
  className,
  style,
}: VideoProps & { video: VideoInput; files: { url: string; type?: string }[] }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLVideoElement>(null);
  const [hasPlayed, setHasPlayed] = useState(false);
  const [playing, setPlaying] = useState(false);
  const loop = video.loop ?? true;
  const muted = video.muted ?? true;
  const autoplay = Boolean(video.autoplay);
  const controls = Boolean(video.controls);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    // React does not reflect `muted` as an attribute in server HTML; set the property.
    el.muted = muted;
    if (shouldAutoplay(autoplay, prefersReducedMotion())) play(el, () => setPlaying(false));
  }, [autoplay, muted]);

  useEffect(() => {
    const el = ref.current;
    if (!el || autoplay || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(([entry]) => {
      if (entry && !entry.isIntersecting && !el.paused) el.pause();
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [autoplay]);

  const toggle = () => {
    const el = ref.current;
    if (!el) return;
    if (el.paused) play(el, () => setPlaying(false));
    else el.pause();
  };

  const overlay = showPlayOverlay(controls, hasPlayed);
  const label = playing
    ? t("media.pause-video")
    : title
      ? t("media.play-video-titled", { title })
      : t("media.play-video");
  return (
    <div
      className={["video", playing ? "is-playing" : "", className].filter(Boolean).join(" ")}
      style={style}
      data-has-played={hasPlayed || undefined}
    >
      <video
        ref={ref}
        className="video__media"
        poster={video.poster}
        loop={loop}
        muted={muted}
        playsInline
        controls={controls && hasPlayed}
        preload={autoplay ? "auto" : video.poster ? "none" : "metadata"}
        aria-label={title}
        style={{ objectPosition: objectPosition(video.center), filter: cssFilter(video.filters) }}
        onPlay={() => {
          setHasPlayed(true);
          setPlaying(true);
        }}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
      >
        {files.map((source) => (
          <source key={source.url} src={source.url} type={source.type} />
        ))}
        {t("media.video-unsupported")}
      </video>
      {overlay ? (
        <button
          type="button"
          className="video__play"
          aria-label={label}
          aria-pressed={controls ? undefined : playing}
          onClick={toggle}
        >
          <span className="video__play-icon">
            <Icon name={playing ? "pause" : "play"} size={28} />
          </span>
        </button>
      ) : null}
    </div>
  );
}

function YouTubeVideo({
  id,
  start,
  video,
  title,
  className,
  style,
}: VideoProps & { id: string; start?: number; video: VideoInput }) {
  const { t } = useTranslation();
  const { locale } = useSite();
  // null: poster shown; "auto": loaded by autoplay; "click": loaded by the visitor.
  const [loaded, setLoaded] = useState<null | "auto" | "click">(null);

  useEffect(() => {
    if (shouldAutoplay(video.autoplay, prefersReducedMotion())) setLoaded("auto");
  }, [video.autoplay]);

  const frameTitle = title ? t("media.youtube-title-named", { title }) : t("media.youtube-title");
  return (
    <div className={["video", "video--youtube", className].filter(Boolean).join(" ")} style={style}>
      {loaded ? (
        <iframe
          className="video__frame"
          src={youTubeEmbedUrl(id, {
            language: locale,
            autoplay: true,
            controls: loaded === "click" ? true : Boolean(video.controls),
            loop: video.loop ?? true,
            mute: loaded === "auto" ? true : Boolean(video.muted ?? true) && !video.controls,
            start,
          })}
          title={frameTitle}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : (
        <button
          type="button"
          className="video__facade"
          onClick={() => setLoaded("click")}
          aria-label={title ? t("media.play-video-titled", { title }) : t("media.play-video")}
        >
          <img
            className="video__poster"
            src={video.poster || youTubeThumbnailUrl(id)}
            alt=""
            loading="lazy"
            decoding="async"
            width={480}
            height={360}
            style={{ objectPosition: objectPosition(video.center), filter: cssFilter(video.filters) }}
          />
          <span className="video__play-icon">
            <Icon name="play" size={28} />
          </span>
        </button>
      )}
    </div>
  );
}
