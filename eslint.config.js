import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** `new pg.Pool`/`new pg.Client` (or their bare names) outside the one connection factory. */
const ONE_CONNECTION_FACTORY = ["Client", "Pool"].flatMap((name) => [
  {
    selector: `NewExpression[callee.property.name="${name}"][callee.object.name=/^(pg|pool|Pg)$/]`,
    message: `Use create${name}() from ~/db/client.server: it handles the connection's errors.`,
  },
  {
    selector: `NewExpression[callee.name="${name}"]`,
    message: `Use create${name}() from ~/db/client.server: it handles the connection's errors.`,
  },
]);
const ONE_TRANSACTION_HELPER = [
  {
    selector: 'CallExpression[callee.property.name="transaction"]',
    message: "Open transactions with inTransaction(db, …) from ~/db/after-commit.server.",
  },
];

/**
 * The folders of app/domain in their layers, lowest first: each may import only the folders before
 * it, never one after it (docs/ARCHITECTURE.md, "The layers of the domain"; docs/decisions/049). A
 * new folder takes its place here; a test fails for a folder that has none.
 */
export const DOMAIN_LAYERS = [
  "money",
  "jobs",
  "rate-limit",
  "secrets",
  "images",
  "mail",
  "push",
  "analytics",
  "auth",
  "stores",
  "domains",
  "products",
  "promotions",
  "directory",
  "share",
  "invoices",
  "orders",
  "payments",
  "team",
  "storefront",
  "super-admin",
  "data-export",
  "retention",
  "backup",
];

/** What code in the browser may not import: the database and server modules, but for their types. */
const BROWSER_CODE_PATTERNS = [
  {
    group: ["~/db/*", "**/db/*", "*.server", "**/*.server"],
    allowTypeImports: true,
    message: "Browser code may import only types from the database or *.server modules.",
  },
];

/** The import patterns that name a domain folder above `folder`, aliased or relative. */
function higherDomainFolders(folder) {
  const above = DOMAIN_LAYERS.slice(DOMAIN_LAYERS.indexOf(folder) + 1);
  if (above.length === 0) return [];
  return [
    {
      group: above.flatMap((name) => [
        `~/domain/${name}`,
        `~/domain/${name}/*`,
        `**/domain/${name}`,
        `**/domain/${name}/*`,
        `../${name}`,
        `../${name}/*`,
        `../../${name}/*`,
      ]),
      message: `app/domain/${folder} sits below ${above.join(", ")} (docs/ARCHITECTURE.md, "The layers of the domain"): move what both need down, or the caller up.`,
    },
  ];
}

/**
 * Each domain folder's imports, in two parts: its browser code (the pure modules) keeps the
 * browser's restriction as well; its server modules and tests have the layers' only.
 */
const DOMAIN_LAYER_RULES = DOMAIN_LAYERS.flatMap((folder) => [
  {
    files: [`app/domain/${folder}/**/*.{ts,tsx}`],
    ignores: ["**/*.server.ts", "**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { patterns: [...BROWSER_CODE_PATTERNS, ...higherDomainFolders(folder)] },
      ],
    },
  },
  {
    files: [`app/domain/${folder}/**/*.server.ts`, `app/domain/${folder}/**/*.test.ts`],
    rules: {
      "@typescript-eslint/no-restricted-imports": ["error", { patterns: higherDomainFolders(folder) }],
    },
  },
]);

export default tseslint.config(
  {
    ignores: [
      "build/",
      "build-*/",
      ".react-router/",
      "data/",
      "node_modules/",
      "drizzle/",
      ".stryker-tmp/",
      "reports/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  {
    // Every pool and client comes from app/db/client.server.ts, which gives each connection the
    // error listener without which a database restart kills the process.
    files: ["**/*.{ts,tsx,js,mjs}"],
    ignores: ["app/db/client.server.ts"],
    rules: { "no-restricted-syntax": ["error", ...ONE_CONNECTION_FACTORY] },
  },
  {
    // Transactions open with inTransaction (app/db/after-commit.server.ts): it announces after the
    // commit and gives a lost connection back to the pool, which Drizzle's own does not.
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts", "scripts/**/*.ts"],
    ignores: ["app/db/client.server.ts", "app/db/after-commit.server.ts", "**/*.test.ts"],
    rules: { "no-restricted-syntax": ["error", ...ONE_CONNECTION_FACTORY, ...ONE_TRANSACTION_HELPER] },
  },
  {
    // Loaders and domain code reach the read replica through one seam (app/lib/public-reads.server.ts,
    // docs/decisions/047), never by choosing a pool themselves.
    files: ["app/routes/**/*.{ts,tsx}", "app/domain/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["~/db/replica.server"],
              message: "Public reads go through publicReads or recentReads (~/lib/public-reads.server).",
            },
          ],
        },
      ],
    },
  },
  {
    // A component or function a reader can hold in their head: longer ones are split into named
    // parts, and an exception says why on the line above it.
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts", "scripts/**/*.{ts,mjs}"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: { "max-lines-per-function": ["error", { max: 150, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "warn" },
  },
  {
    // Code that runs in the browser never bundles the database or server modules: types only.
    files: [
      "app/components/**/*.{ts,tsx}",
      "app/domain/**/*.{ts,tsx}",
      "app/lib/**/*.{ts,tsx}",
      "app/entry.client.tsx",
      "app/root.tsx",
    ],
    ignores: ["**/*.server.ts", "**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": ["error", { patterns: BROWSER_CODE_PATTERNS }],
    },
  },
  // After the browser's rule: each domain folder's own adds its layer to it.
  ...DOMAIN_LAYER_RULES,
  {
    // The storefront island hydrates without the router's runtime (docs/decisions/003).
    files: ["app/components/storefront/**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [{ name: "react-router", message: "The storefront island runs without React Router." }],
          patterns: BROWSER_CODE_PATTERNS,
        },
      ],
    },
  },
);
