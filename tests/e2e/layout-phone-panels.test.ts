/** Every panel an owner or the super-administrator opens fits at a phone's 360 × 740 (tests/support/layout-suite.ts). */
import { layoutSuite, VIEWPORTS } from "../support/layout-suite";

layoutSuite(VIEWPORTS.phone, "panels");
