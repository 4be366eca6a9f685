import type { headerClassicBlock } from "../../../schema/blocks/headers";
import type { BlockViewProps } from "../types";
import { Header } from "./Header";

export default function HeaderClassic({ block, fields, params, ctx }: BlockViewProps<typeof headerClassicBlock>) {
  return <Header variant="classic" blockId={block.id} fields={fields} params={params} ctx={ctx} />;
}
