import { useEffect, useState } from "react";

/**
 * False in the server render and the first client render, true once the form's
 * handlers are attached. Submit buttons wait for it: a form sent before hydration
 * would go out as a plain GET with the visitor's details in the URL. Forms mark
 * themselves `data-ready` with it (tests wait on that).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
