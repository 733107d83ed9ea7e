/**
 * The direction between the folders of app/domain (docs/ARCHITECTURE.md, "The layers of the
 * domain"; docs/decisions/049), as ESLint holds it: a planted import against the direction fails
 * the lint, one along it passes.
 */
import { readdirSync } from "node:fs";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { DOMAIN_LAYERS } from "../../eslint.config.js";

const eslint = new ESLint();

/** The messages ESLint gives a file of `folder` that holds only `code`. */
async function lint(file: string, code: string) {
  const [result] = await eslint.lintText(`${code}\nexport const used = imported;\n`, { filePath: file });
  return result!.messages.map((message) => `${message.ruleId}: ${message.message}`);
}

describe("the layers of the domain", () => {
  it("place every folder of app/domain", () => {
    const folders = readdirSync("app/domain", { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect([...folders].sort()).toEqual([...DOMAIN_LAYERS].sort());
  });

  it.each([
    ["app/domain/stores/scratch.ts", 'import { orderTotal as imported } from "~/domain/orders/cart";'],
    [
      "app/domain/products/scratch.server.ts",
      'import { placeOrder as imported } from "~/domain/orders/place-order/index.server";',
    ],
    ["app/domain/money/scratch.test.ts", 'import { can as imported } from "~/domain/team/team-roles";'],
    ["app/domain/stores/scratch.ts", 'import { orderTotal as imported } from "../orders/cart";'],
    [
      "app/domain/orders/place-order/scratch.ts",
      'import type { ActivityEntry as imported } from "~/domain/team/activity";',
    ],
  ])("%s may not import upward: %s", async (file, code) => {
    expect(await lint(file, code)).toEqual([
      expect.stringMatching(/^@typescript-eslint\/no-restricted-imports: .*sits below/),
    ]);
  });

  it.each([
    ["app/domain/orders/scratch.ts", 'import { resolveLicence as imported } from "~/domain/stores/licence";'],
    [
      "app/domain/team/scratch.server.ts",
      'import { findStore as imported } from "~/domain/stores/store.server";',
    ],
    ["app/domain/stores/scratch.ts", 'import { formatMoney as imported } from "~/domain/money/money";'],
  ])("%s may import downward: %s", async (file, code) => {
    expect(await lint(file, code)).toEqual([]);
  });

  it("keep the browser's own rule in a folder's pure modules", async () => {
    expect(
      await lint("app/domain/orders/scratch.ts", 'import { orders as imported } from "~/db/schema";'),
    ).toEqual([expect.stringMatching(/Browser code may import only types/)]);
  });
});
