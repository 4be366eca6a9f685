import type { headerOutOfNormBlock } from "../../../schema/blocks/headers";
import type { BlockViewProps } from "../types";
import { Header } from "./Header";

export default function HeaderOutOfNorm({ block, fields, params, ctx }: BlockViewProps<typeof headerOutOfNormBlock>) {
  return <Header variant="out-of-norm" blockId={block.id} fields={fields} params={params} ctx={ctx} />;
}
