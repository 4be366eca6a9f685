/** Shared, rarely-changing form environment: id prefix and the current validation issues. */
import { createContext, useCallback, useContext, useSyncExternalStore } from "react";
import type { SetValueOptions } from "./store-adapter";

export type OnChange = (path: string, value: unknown, opts?: SetValueOptions) => void;

export interface Issue {
  path: string;
  message: string;
}

/**
 * Issues live outside React props: each field subscribes to its own messages (a string
 * snapshot), so a keystroke re-validating the block re-renders only fields whose messages changed.
 */
export class IssuesStore {
  private issues: Issue[] = [];
  private listeners = new Set<() => void>();
  private cache = new Map<string, string>();

  set(issues: Issue[]): void {
    const same =
      issues.length === this.issues.length &&
      issues.every((issue, i) => issue.path === this.issues[i]?.path && issue.message === this.issues[i]?.message);
    if (same) return;
    this.issues = issues;
    this.cache.clear();
    for (const listener of this.listeners) listener();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Messages on `path` (exact), or on `path` and below (prefix), joined by newlines. */
  messages(path: string, prefix: boolean): string {
    const key = `${prefix ? "p" : "e"}:${path}`;
    const hit = this.cache.get(key);
    if (hit !== undefined) return hit;
    const found = this.issues
      .filter((issue) => issue.path === path || (prefix && issue.path.startsWith(`${path}.`)))
      .map((issue) => issue.message);
    const joined = [...new Set(found)].join("\n");
    this.cache.set(key, joined);
    return joined;
  }
}

export interface FormEnv {
  idPrefix: string;
  issues: IssuesStore;
  /** The current value at a dotted path of the edited block (the edit panel provides it). */
  readValue?: (path: string) => unknown;
  /** Several writes as one undo step (a repeater kept aligned across languages). */
  writeMany?: (writes: readonly { path: string; value: unknown }[]) => void;
}

export const FormEnvContext = createContext<FormEnv | null>(null);

const fallbackEnv: FormEnv = { idPrefix: "ff", issues: new IssuesStore() };

export function useFormEnv(): FormEnv {
  return useContext(FormEnvContext) ?? fallbackEnv;
}

export function useIssues(path: string, prefix: boolean): string[] {
  const { issues } = useFormEnv();
  const getSnapshot = useCallback(() => issues.messages(path, prefix), [issues, path, prefix]);
  const joined = useSyncExternalStore(issues.subscribe, getSnapshot, getSnapshot);
  return joined ? joined.split("\n") : [];
}

/** A DOM id for a dotted path, unique within one form. */
export function useFieldId(path: string): string {
  const { idPrefix } = useFormEnv();
  return `${idPrefix}-${path.replace(/[^a-zA-Z0-9_-]/g, "-")}`;
}
