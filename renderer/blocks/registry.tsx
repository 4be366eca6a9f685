/**
 * The render registry: `block_type` → view. Views load on demand so a page ships
 * only the code of the blocks it shows; `preloadBlocks` resolves them before
 * hydration (entry.client) and on the server, so nothing suspends in practice.
 */
import { type ComponentType, use } from "react";
import type { BlockViewProps } from "./types";

// biome-ignore lint/suspicious/noExplicitAny: views are typed by their own definition; the registry is heterogeneous.
type AnyView = ComponentType<BlockViewProps<any>>;
type Loader = () => Promise<{ default: AnyView }>;

interface Entry {
  Component: AnyView;
  preload: () => Promise<unknown>;
}

function lazyView(load: Loader): Entry {
  let loaded: AnyView | undefined;
  let pending: Promise<AnyView> | undefined;
  const preload = () => {
    pending ??= load().then((module) => {
      loaded = module.default;
      return module.default;
    });
    return pending;
  };
  // biome-ignore lint/correctness/noComponentHookFactories: created once per block type at module load, never per render.
  function LazyBlockView(props: BlockViewProps<never>) {
    const View = loaded ?? use(preload());
    return <View {...props} />;
  }
  return { Component: LazyBlockView as AnyView, preload };
}

const loaders: Record<string, Loader> = {
  header_classic_block: () => import("./headers/HeaderClassic"),
  header_megamenu_block: () => import("./headers/HeaderMegamenu"),
  header_out_of_norm_block: () => import("./headers/HeaderOutOfNorm"),
  footer_classic_block: () => import("./footers/FooterClassic"),
  text_block_1: () => import("./text/TextBlock1"),
  text_block_2: () => import("./text/TextBlock2"),
  txt_img_double_block_1: () => import("./text/TxtImgDoubleBlock1"),
};

// Null prototype, as in schema/registry.ts: inherited names never count as block types.
export const renderRegistry: Readonly<Record<string, Entry>> = Object.assign(
  Object.create(null) as Record<string, Entry>,
  Object.fromEntries(Object.entries(loaders).map(([type, load]) => [type, lazyView(load)])),
);

export function hasView(type: string): boolean {
  return Object.hasOwn(renderRegistry, type);
}

export function preloadBlocks(types: Iterable<string>): Promise<unknown[]> {
  return Promise.all([...new Set(types)].map((type) => renderRegistry[type]?.preload()));
}

export function preloadAllBlocks(): Promise<unknown[]> {
  return preloadBlocks(Object.keys(renderRegistry));
}
