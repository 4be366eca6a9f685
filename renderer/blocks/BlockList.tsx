/**
 * Renders a list of validated blocks through the render registry. Each block gets
 * a root carrying data-block-type, data-block-id and its colour scheme; a block that
 * throws while rendering is removed from the page, never the page itself.
 */
import { Component, type CSSProperties, createContext, Fragment, type ReactNode, Suspense, useContext } from "react";
import type { Block } from "../../schema/block";
import type { Locale, SiteType } from "../../schema/common";
import { isColorScheme } from "../../schema/theme-values";
import { HeadingShiftContext } from "../ui/heading-shift";
import { renderRegistry } from "./registry";
import type { BlockContext } from "./types";

/** Lets the studio wrap each block (overlays) without the public bundle importing studio code. */
export type BlockDecorator = (block: Block, rendered: ReactNode, ctx: BlockContext) => ReactNode;
export const BlockDecoratorContext = createContext<BlockDecorator | null>(null);
/** True inside the studio's canvas (the only place that decorates blocks): embeds run nothing there. */
export const useInStudio = () => useContext(BlockDecoratorContext) !== null;

class BlockErrorBoundary extends Component<
  { block: Block; fallback?: ReactNode; children: ReactNode },
  { failed: boolean }
> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    console.warn(`Block ${this.props.block.id} (${this.props.block.block_type}) failed to render:`, error);
  }
  render() {
    return this.state.failed ? (this.props.fallback ?? null) : this.props.children;
  }
}

export function schemeOf(block: Block): string {
  const scheme = (block.block_params as { color_scheme?: unknown }).color_scheme;
  return isColorScheme(scheme) ? scheme : "normal";
}

function frameStyle(block: Block): CSSProperties | undefined {
  const p = block.block_params as { bg_color_primary?: string; bg_color_secondary?: string; text_color?: string };
  if (!p.bg_color_primary && !p.bg_color_secondary && !p.text_color) return undefined;
  return {
    ...(p.bg_color_primary ? { "--block-bg": p.bg_color_primary } : {}),
    ...(p.bg_color_secondary ? { "--block-bg-2": p.bg_color_secondary } : {}),
    ...(p.text_color ? { "--block-text": p.text_color } : {}),
  } as CSSProperties;
}

/** `inert` (the studio's canvas): the block's links, buttons and fields do nothing and take no focus. */
export function BlockFrame({ block, children, inert }: { block: Block; children: ReactNode; inert?: boolean }) {
  const anchor = (block.block_params as { anchor?: string }).anchor;
  return (
    <div
      className="block"
      inert={inert || undefined}
      id={anchor || undefined}
      data-block-type={block.block_type}
      data-block-id={block.id}
      data-scheme={schemeOf(block)}
      data-payload-colors={frameStyle(block) ? "" : undefined}
      style={frameStyle(block)}
    >
      {children}
    </div>
  );
}

export function BlockView({ block, ctx }: { block: Block; ctx: BlockContext }) {
  const entry = renderRegistry[block.block_type];
  if (!entry) return null;
  const fields = block.fields[ctx.locale];
  return (
    <BlockErrorBoundary block={block}>
      <Suspense fallback={null}>
        <entry.Component
          block={block as never}
          fields={fields as never}
          params={block.block_params as never}
          ctx={ctx}
        />
      </Suspense>
    </BlockErrorBoundary>
  );
}

export function BlockList(props: {
  blocks: readonly Block[];
  locale: Locale;
  siteType: SiteType;
  region: BlockContext["region"];
  variantId?: string;
  /** Type of the block right before this list (e.g. the last header block). */
  before?: string;
  /** The block right after this list (e.g. the first content block, for transparent headers). */
  after?: Block;
  /** The block that carries the page's h1 and whether its headings shift (blocks/page-title.ts). */
  pageTitle?: { index: number; shift: boolean };
}) {
  const decorate = useContext(BlockDecoratorContext);
  return props.blocks.map((block, index) => {
    const previous = props.blocks[index - 1];
    const next = props.blocks[index + 1] ?? (index === props.blocks.length - 1 ? props.after : undefined);
    const ctx: BlockContext = {
      locale: props.locale,
      siteType: props.siteType,
      index,
      region: props.region,
      previousType: previous?.block_type ?? props.before,
      nextType: next?.block_type,
      nextScheme: next ? schemeOf(next) : undefined,
      variantId: props.variantId,
      pageTitle: index === props.pageTitle?.index,
    };
    const view = <BlockView block={block} ctx={ctx} />;
    const rendered = (
      <BlockFrame block={block}>
        {ctx.pageTitle && props.pageTitle?.shift ? (
          <HeadingShiftContext.Provider value={1}>{view}</HeadingShiftContext.Provider>
        ) : (
          view
        )}
      </BlockFrame>
    );
    return <Fragment key={block.id}>{decorate ? decorate(block, rendered, ctx) : rendered}</Fragment>;
  });
}
