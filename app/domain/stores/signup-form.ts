import { z } from "~/lib/zod";
import { EMAIL_PATTERN, NEW_ACCOUNT_MESSAGES } from "~/domain/auth/account-forms";
import { passwordProblem } from "~/domain/auth/password";
import {
  STORE_ID_FORMAT_MESSAGE,
  STORE_ID_PATTERN,
  RESERVED_STORE_IDS,
  STORE_ID_TAKEN_MESSAGE,
} from "./store-id";

/** Sign-up messages, in the product's fixed wording. */
export const SIGNUP_MESSAGES = {
  required: "Por favor, completa todos los campos.",
  storeIdFormat: STORE_ID_FORMAT_MESSAGE,
  storeIdTaken: STORE_ID_TAKEN_MESSAGE,
  category: "Por favor, selecciona una categoría para tu tienda.",
  ...NEW_ACCOUNT_MESSAGES,
} as const;

/**
 * One schema for the sign-up form: the browser runs it for instant feedback, the action
 * enforces it. The first problem of each field is reported next to that field.
 */
export const SignupFormSchema = z
  .object({
    displayName: z.string().trim().max(80, "El nombre puede tener como máximo 80 caracteres."),
    storeId: z.string().trim(),
    storeCategory: z.string().trim(),
    email: z.string().trim().toLowerCase().max(254, SIGNUP_MESSAGES.email),
    password: z.string(),
  })
  .superRefine((form, ctx) => {
    const required = ["displayName", "storeId", "email", "password"] as const;
    for (const field of required) {
      if (form[field] === "")
        ctx.addIssue({ code: "custom", path: [field], message: SIGNUP_MESSAGES.required });
    }
    if (
      form.storeId !== "" &&
      (!STORE_ID_PATTERN.test(form.storeId) || RESERVED_STORE_IDS.has(form.storeId))
    ) {
      const message = RESERVED_STORE_IDS.has(form.storeId) ? STORE_ID_TAKEN_MESSAGE : STORE_ID_FORMAT_MESSAGE;
      ctx.addIssue({ code: "custom", path: ["storeId"], message });
    }
    if (form.storeCategory === "") {
      ctx.addIssue({ code: "custom", path: ["storeCategory"], message: SIGNUP_MESSAGES.category });
    }
    if (form.email !== "" && !EMAIL_PATTERN.test(form.email)) {
      ctx.addIssue({ code: "custom", path: ["email"], message: SIGNUP_MESSAGES.email });
    }
    const problem = form.password === "" ? undefined : passwordProblem(form.password);
    if (problem) ctx.addIssue({ code: "custom", path: ["password"], message: problem });
  });

export type SignupForm = z.infer<typeof SignupFormSchema>;
export type SignupField = keyof SignupForm;
