/**
 * The video player, loaded only by the pages that show a video: heroes and text-and-media
 * blocks mostly show images, and every page would otherwise ship the player (~2 KB gzipped).
 * The server renders it as usual and announces its chunk when the page has a video source
 * (renderer/lib/page-loader.server.ts, "@video"), so hydration does not wait for it.
 */
import { lazy, Suspense } from "react";
import type { VideoProps } from "./Video";

const Player = lazy(() => import("./Video").then((module) => ({ default: module.Video })));

export function LazyVideo(props: VideoProps) {
  return (
    <Suspense fallback={null}>
      <Player {...props} />
    </Suspense>
  );
}
