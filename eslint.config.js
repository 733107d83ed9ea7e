import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

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
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["~/db/*", "**/db/*", "*.server", "**/*.server"],
              allowTypeImports: true,
              message: "Browser code may import only types from the database or *.server modules.",
            },
          ],
        },
      ],
    },
  },
  {
    // The storefront island hydrates without the router's runtime (docs/decisions/003).
    files: ["app/components/storefront/**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [{ name: "react-router", message: "The storefront island runs without React Router." }],
          patterns: [
            {
              group: ["~/db/*", "**/db/*", "*.server", "**/*.server"],
              allowTypeImports: true,
              message: "Browser code may import only types from the database or *.server modules.",
            },
          ],
        },
      ],
    },
  },
);
