/**
 * The suite's processes hash passwords at the test cost (tests/support/server-process.ts): the
 * factories create accounts by the thousand. `password.test.ts` keeps production's cost.
 */
import { setPasswordHashCost } from "~/domain/auth/password-hash.server";
import { TEST_HASH_LOG_N } from "./server-process";

setPasswordHashCost(Number(TEST_HASH_LOG_N));
