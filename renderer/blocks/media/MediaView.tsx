/** One `f.media()` value: its video when it has a source, else its image (blocks.md §3 Generic renderers). */
import type { Image as ImageValue, Video as VideoValue } from "../../../schema/fields";
import { hasVideoSource } from "../../lib/media";
import { Image } from "../../ui/Image";
import { Video } from "../../ui/Video";

export function MediaView({
  media,
  title,
  className,
}: {
  media?: { image?: ImageValue; video?: VideoValue };
  title?: string;
  className?: string;
}) {
  if (!media) return null;
  if (hasVideoSource(media.video))
    return <Video video={media.video} title={media.image?.alt || title} className={className} />;
  return <Image image={media.image} className={className} />;
}

export function hasMedia(media?: { image?: ImageValue; video?: VideoValue }): boolean {
  return Boolean(media && (hasVideoSource(media.video) || media.image?.url?.trim()));
}
