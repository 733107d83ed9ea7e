import { isCommonPassword } from "~/domain/auth/common-passwords.server";
import { passwordProblem, PASSWORD_TOO_COMMON_MESSAGE } from "~/domain/auth/password";
import { SignupFormSchema } from "./signup-form";

/**
 * The sign-up form as the server checks it: the shared schema plus the common-passwords list,
 * which is too big for the browser. A common password is reported next to the field, with the
 * form's other problems, and before any limit or hash is spent on it.
 */
export const ServerSignupFormSchema = SignupFormSchema.superRefine((form, ctx) => {
  if (form.password !== "" && !passwordProblem(form.password) && isCommonPassword(form.password)) {
    ctx.addIssue({ code: "custom", path: ["password"], message: PASSWORD_TOO_COMMON_MESSAGE });
  }
});
