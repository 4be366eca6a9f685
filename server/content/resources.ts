/**
 * `/resources/…`: files of the content host (site.md §7), served by the embedded content service
 * from `<DATA_DIR>/resources`. serve-static (Express's) resolves paths safely: `..` that would
 * leave the folder is a 403, NUL bytes a 400, a missing file or folder a 404, dotfiles 404; types
 * come from the file's extension. Answers are plain text when not a file, never a page or a stack.
 */
import path from "node:path";
import express from "express";

/** Browser and CDN caching of resources: files may be replaced under the same name, so not immutable. */
export const RESOURCES_CACHE_CONTROL = "public, max-age=3600";

/**
 * A resource opened on its own (an SVG, an HTML file someone uploaded) runs nothing and reaches
 * nothing: it is shown, not run, on this site's origin.
 */
const RESOURCE_CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox";

export function resourcesDir(dataDir: string): string {
  return path.join(dataDir, "resources");
}

export function createResourceFiles(dataDir: string): express.Router {
  const router = express.Router();
  router.use(
    express.static(resourcesDir(dataDir), {
      fallthrough: false,
      index: false,
      redirect: false,
      dotfiles: "ignore",
      cacheControl: false,
      setHeaders(res) {
        res.setHeader("Cache-Control", RESOURCES_CACHE_CONTROL);
        res.setHeader("Content-Security-Policy", RESOURCE_CSP);
        res.setHeader("Cross-Origin-Resource-Policy", "cross-origin");
      },
    }),
  );
  router.use((error: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    const raw = (error as { status?: unknown; statusCode?: unknown } | null)?.status;
    const status = typeof raw === "number" && raw >= 400 && raw < 500 ? raw : 404;
    res.status(status);
    res.setHeader("Cache-Control", "no-store");
    res.type("text/plain").send(status === 404 ? "Not found" : status === 405 ? "Method not allowed" : "Bad request");
  });
  return router;
}
