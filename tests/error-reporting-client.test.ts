/**
 * The browser's error-report settings (`<html data-sentry>`): only a well-formed DSN and
 * environment start the SDK; anything else leaves reports off.
 */
import { describe, expect, it } from "vitest";
import { parseSettings } from "../renderer/lib/sentry.client";

describe("browser error-report settings", () => {
  it("accepts the server's settings", () => {
    expect(parseSettings('{"dsn":"https://abc123@o1.ingest.sentry.io/4507","environment":"production"}')).toEqual({
      dsn: "https://abc123@o1.ingest.sentry.io/4507",
      environment: "production",
    });
    expect(parseSettings('{"dsn":"http://k@127.0.0.1:9000/sub/42","environment":"test"}')?.dsn).toBe(
      "http://k@127.0.0.1:9000/sub/42",
    );
  });

  it("refuses anything else", () => {
    for (const raw of [
      "",
      "not json",
      "null",
      "[]",
      '{"dsn":"https://o1.ingest.sentry.io/4507","environment":"x"}',
      '{"dsn":"javascript:alert(1)//@x/1","environment":"x"}',
      '{"dsn":"https://k@host/","environment":"x"}',
      '{"dsn":"https://k@host/1"}',
      '{"dsn":42,"environment":"x"}',
    ]) {
      expect(parseSettings(raw), raw).toBeUndefined();
    }
  });
});
