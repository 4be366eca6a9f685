/**
 * Test/demo block (blocks.md §2 Property blocks): shows its own type, id and colour
 * scheme and the live breakpoint flags, for designers checking schemes and layouts.
 */
import { useTranslation } from "react-i18next";
import type { demoBlock } from "../../../schema/blocks/utility";
import { isColorScheme } from "../../../schema/theme-values";
import { BREAKPOINTS, type BreakpointName, useBreakpoints } from "../../lib/breakpoints";
import { Text } from "../../ui/Text";
import type { BlockViewProps } from "../types";

export default function DemoBlock({ block, fields }: BlockViewProps<typeof demoBlock>) {
  const { t } = useTranslation();
  const bp = useBreakpoints();
  const names = Object.keys(BREAKPOINTS) as BreakpointName[];
  return (
    <section className="container section demo-block">
      {fields.main_title ? <Text value={fields.main_title} as="h2" className="title-2" /> : null}
      {fields.description ? <Text value={fields.description} as="p" className="text-body" /> : null}
      <dl className="demo-block__facts">
        <div>
          <dt>{t("utility.demo.type")}</dt>
          <dd>
            <code>{block.block_type}</code>
          </dd>
        </div>
        <div>
          <dt>{t("utility.demo.id")}</dt>
          <dd>
            <code>{block.id}</code>
          </dd>
        </div>
        <div>
          <dt>{t("utility.demo.scheme")}</dt>
          <dd>
            <code>{isColorScheme(block.block_params.color_scheme) ? block.block_params.color_scheme : "normal"}</code>
          </dd>
        </div>
        <div>
          <dt>{t("utility.demo.window")}</dt>
          <dd>
            <code>
              {bp.width} × {bp.height}
            </code>
          </dd>
        </div>
      </dl>
      <h3 className="title-3">{t("utility.demo.breakpoints")}</h3>
      <ul className="demo-block__breakpoints">
        {names.map((name) => (
          <li key={name} data-active={bp[`${name}Up`] ? "" : undefined}>
            <code>{name}</code> ≥ {BREAKPOINTS[name]} px :{" "}
            <strong>{bp[`${name}Up`] ? t("utility.demo.up") : t("utility.demo.down")}</strong>
          </li>
        ))}
      </ul>
    </section>
  );
}
