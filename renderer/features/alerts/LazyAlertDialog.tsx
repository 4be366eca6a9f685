/** The alert dialog, loaded on its first opening (not part of the search page's initial JavaScript). */
import { type ComponentProps, lazy, Suspense, useState } from "react";
import type { AlertDialog as Dialog } from "./AlertDialog";

const AlertDialog = lazy(() => import("./AlertDialog").then((module) => ({ default: module.AlertDialog })));

export function LazyAlertDialog(props: ComponentProps<typeof Dialog>) {
  const [opened, setOpened] = useState(false);
  if (props.isOpen && !opened) setOpened(true);
  if (!props.isOpen && !opened) return null;
  return (
    <Suspense fallback={null}>
      <AlertDialog {...props} />
    </Suspense>
  );
}
