import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { isLocale } from "../schema/locales";
import { preloadBlocks } from "./blocks/registry";
import { loadMessages } from "./lib/i18n";

// Load the views of the blocks on this page and the page's messages before hydrating, so none suspends.
const types = Array.from(
  document.querySelectorAll<HTMLElement>("[data-block-type]"),
  (el) => el.dataset.blockType ?? "",
);

// <html lang="fr-CA"> names the page's language: only its messages are downloaded.
const lang = document.documentElement.lang.slice(0, 2);

/**
 * Resolves once the browser has painted the server's HTML: hydration is one long task, and
 * started before the first frame it holds the first paint back until it ends (on a slow
 * phone, seconds). A hidden tab produces no frames, hence the time limit.
 */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    const limit = setTimeout(resolve, 250);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(limit);
        resolve();
      }, 0),
    );
  });
}

Promise.allSettled([preloadBlocks(types), isLocale(lang) ? loadMessages(lang) : undefined, afterFirstPaint()]).finally(
  () => {
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <HydratedRouter />
        </StrictMode>,
      );
    });
  },
);
