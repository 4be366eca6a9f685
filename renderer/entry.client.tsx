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

Promise.allSettled([preloadBlocks(types), isLocale(lang) ? loadMessages(lang) : undefined]).finally(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});
