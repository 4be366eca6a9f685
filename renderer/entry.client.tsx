import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { preloadBlocks } from "./blocks/registry";

// Load the views of the blocks on this page before hydrating, so none suspends.
const types = Array.from(
  document.querySelectorAll<HTMLElement>("[data-block-type]"),
  (el) => el.dataset.blockType ?? "",
);

preloadBlocks(types).finally(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});
