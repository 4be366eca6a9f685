/** General settings: theme preset, radii, accents, and the editor's own preferences, previewed live. */
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { BlockList } from "../../renderer/blocks/BlockList";
import type { Block } from "../../schema/block";
import type { Locale } from "../../schema/common";
import { blockRegistry } from "../../schema/registry";
import type { Theme } from "../../schema/theme";
import { PRESETS, THEME_PRESETS, type ThemePreset } from "../../schema/theme-values";
import { themeStyle, withoutPayloadColors } from "../canvas/Canvas";
import { blockFromExample, useStudioStore } from "../store";

const SAMPLE_TYPES = ["text_block_1", "text_block_2"];
let sample: Block[] | undefined;
function sampleBlocks(): Block[] {
  sample ??= SAMPLE_TYPES.filter((t) => t in blockRegistry).flatMap((type, i) => {
    const block = blockFromExample(type, `sample-${type}`);
    if (!block) return [];
    return [{ ...block, block_params: { ...block.block_params, color_scheme: i % 2 ? "inverted" : "normal" } }];
  });
  return sample;
}

const COLOUR_KEYS = ["accent", "accent_dark", "accent_light", "text"] as const;

export function Settings({ locale, siteTheme }: { locale: Locale; siteTheme: Theme }) {
  const { t } = useTranslation();
  const id = useId();
  const docTheme = useStudioStore((s) => s.doc?.theme);
  const editor = useStudioStore((s) => s.editorSettings);
  const theme: Theme = docTheme ?? editor.theme ?? siteTheme;
  const preset = PRESETS[theme.preset];
  const { setTheme, setSettings } = useStudioStore.getState();
  const px = (value: string | undefined) => Number.parseInt(value ?? "0", 10) || 0;
  return (
    <div className="studio-settings">
      <form className="studio-settings-form" onSubmit={(e) => e.preventDefault()}>
        <h1>{t("studio.settings.title")}</h1>
        <fieldset>
          <legend>{t("studio.settings.theme")}</legend>
          <label htmlFor={`${id}-preset`}>{t("studio.settings.preset")}</label>
          <select
            id={`${id}-preset`}
            value={theme.preset}
            onChange={(e) => setTheme({ preset: e.target.value as ThemePreset, colors: {} })}
          >
            {THEME_PRESETS.map((p) => (
              <option key={p} value={p}>
                {t(`studio.settings.preset-${p}`)}
              </option>
            ))}
          </select>
          {([1, 2, 3] as const).map((n) => (
            <div key={n}>
              <label htmlFor={`${id}-r${n}`}>{t("studio.settings.radius", { n })}</label>
              <input
                id={`${id}-r${n}`}
                type="number"
                min={0}
                max={200}
                value={px(theme.radius[`radius-${n}`] ?? preset.radius[`radius-${n}`])}
                onChange={(e) =>
                  setTheme({ radius: { [`radius-${n}`]: `${Math.max(0, Number(e.target.value) || 0)}px` } })
                }
              />
            </div>
          ))}
          {COLOUR_KEYS.map((key) => (
            <div key={key}>
              <label htmlFor={`${id}-${key}`}>{t(`studio.settings.${key}`)}</label>
              <input
                id={`${id}-${key}`}
                type="color"
                value={theme.colors[key] ?? preset[key]}
                onChange={(e) => setTheme({ colors: { [key]: e.target.value } })}
              />
            </div>
          ))}
          <button
            type="button"
            className="studio-button"
            onClick={() => setTheme({ ...siteTheme, radius: { ...siteTheme.radius }, colors: {} })}
          >
            {t("studio.settings.reset-theme")}
          </button>
        </fieldset>
        <fieldset>
          <legend>{t("studio.settings.editor")}</legend>
          <label className="studio-check">
            <input
              type="checkbox"
              checked={editor.payloadColorsEnabled}
              onChange={(e) => setSettings({ payloadColorsEnabled: e.target.checked })}
            />
            {t("studio.settings.payload-colors")}
          </label>
          <label className="studio-check">
            <input
              type="checkbox"
              checked={editor.globalEditModeActivated}
              onChange={(e) => setSettings({ globalEditModeActivated: e.target.checked })}
            />
            {t("studio.settings.global-edit")}
          </label>
        </fieldset>
      </form>
      <section className="studio-settings-sample" aria-label={t("studio.settings.sample")}>
        <h2>{t("studio.settings.sample")}</h2>
        <div className="studio-canvas" data-theme-preset={theme.preset} style={themeStyle(theme)}>
          <BlockList
            blocks={editor.payloadColorsEnabled ? sampleBlocks() : sampleBlocks().map(withoutPayloadColors)}
            locale={locale}
            siteType="broker"
            region="content"
          />
        </div>
      </section>
    </div>
  );
}
