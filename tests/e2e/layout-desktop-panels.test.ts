/** Every panel an owner or the super-administrator opens fits at a desktop's 1280 × 800 (tests/support/layout-suite.ts). */
import { layoutSuite, VIEWPORTS } from "../support/layout-suite";

layoutSuite(VIEWPORTS.desktop, "panels");
