/**
 * What the server hands to loaders: the content client and public configuration.
 * The production server reads `servicesContext` from the server build's entry
 * module so both sides share one context object.
 */
import { createContext } from "react-router";
import type { AssetBases } from "../../schema/assets";
import type { ContentClient } from "./content-client";

export interface PublicConfig {
  /** Map tile URL template; empty means a plain background. */
  mapTileUrl: string;
  mapTileAttribution: string;
  publicOrigin: string;
  exposeErrors: boolean;
  recaptchaSiteKey?: string;
  /** Where asset URLs point (CONTENT_ASSET_BASE, the content host); absent: this origin. */
  assets?: AssetBases;
  /** Frame hosts embeds may show besides the known players (EMBED_FRAME_HOSTS). */
  embedFrameHosts?: readonly string[];
  /** Browser error reports (SENTRY_DSN); absent: the browser loads no reporting code. */
  errorReporting?: ErrorReportingSettings;
}

/** What the browser's error reporting needs: public by design (a DSN only lets one send events). */
export interface ErrorReportingSettings {
  dsn: string;
  environment: string;
}

/** The signed-in editor a request carries (its session cookie), as the content service sees it. */
export interface SignedInEditor {
  id: string;
  name: string;
  email: string;
  role: "admin" | "editor";
}

export interface AppServices {
  content: ContentClient;
  config: PublicConfig;
  /**
   * The editor signed in on this request, or null: the studio and the account pages are
   * served to a signed-in editor only. Absent in tests that build services by hand.
   */
  editorOf?: (request: Request) => Promise<SignedInEditor | null>;
  /**
   * Password sign-in for the sign-in page's form posted without its script (the content
   * service's /api/auth/sign-in answer, cookies included). Absent in hand-built services.
   */
  signIn?: (request: Request, email: string, password: string) => Promise<Response>;
  /**
   * The client chunks a page needs beyond its route's (block views, messages), announced
   * as modulepreload links; absent without a client build (dev server, tests).
   */
  viewModules?: (types: Iterable<string>, locale: string, route?: string) => string[];
  /** The browser's error-reporting module (its own entry in the build); absent without a client build. */
  errorReportingScript?: string;
  /** Reports an unexpected server error (SENTRY_DSN); absent or a no-op without one. */
  reportError?: (error: unknown, request?: { method: string; url: string }) => void;
}

export const servicesContext = createContext<AppServices>();

/**
 * What a render tells the rendered-page cache (server/page-cache) about itself. The server puts
 * a fresh object on the context of the renders it may keep; the loaders of routes that opt in
 * (`handle.pageCache`) fill it once their data is loaded. Absent on other renders.
 */
export interface PageCacheFacts {
  /** Set by a loader whose page may be served again to every anonymous visitor. */
  cacheable: boolean;
  /** The page's language: its answers set the locale cookie when the visitor's differs. */
  locale?: string;
  /** Surrogate keys (renderer/lib/cache-tags.ts) a CDN can purge the page by. */
  tags: string[];
}

export const pageCacheContext = createContext<PageCacheFacts | null>(null);
