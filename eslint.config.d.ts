/** The types of eslint.config.js's exports, for the test that reads the domain's layers (app/domain/layers.test.ts). */
import type { Linter } from "eslint";

export declare const DOMAIN_LAYERS: string[];
declare const config: Linter.Config[];
export default config;
