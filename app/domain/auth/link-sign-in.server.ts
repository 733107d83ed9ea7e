import { data, redirect, type AppLoadContext } from "react-router";
import { enforce } from "~/domain/rate-limit/rate-limit.server";
import { NEW_ACCOUNT_MESSAGES } from "./account-forms";
import { AppError } from "~/lib/errors";
import { fieldErrors, invalidForm } from "~/lib/form-result";
import { answering } from "~/lib/http-errors.server";
import { z } from "~/lib/zod";
import { getCurrentUser } from "./guards.server";
import { logIn } from "./login.server";

/** Signs in from a link's page (a claim, an invitation), with the login's limits. */
export function signInWithLink(
  request: Request,
  context: AppLoadContext,
  { email, password }: { email: string; password: string },
) {
  return logIn(context.services, { email, password, ip: context.clientIp, headers: request.headers });
}

/** The session cookie a login just set, as a request would carry it. */
export function sessionHeaders(setCookies: Headers) {
  const cookie = setCookies
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
  return new Headers({ cookie });
}

const LoginSchema = z.object({
  email: z.string().trim().toLowerCase().max(254),
  password: z.string().max(1024),
});

type SignupFields = { email: string; password: string };

/** What a link's page does with its token, and how it speaks. */
export type LinkFlow<Signup extends SignupFields> = {
  /** The one-button intent of a signed-in user without a store ("claim", "accept"). */
  useIntent: string;
  /** The page, to come back to after a login whose user cannot use the link. */
  pagePath: string;
  failed: string;
  logLines: { failed: string; used: string; signedUp: string };
  signupSchema: z.ZodType<Signup> & { shape: Record<string, unknown> };
  /** Uses the token as this account; throws an AppError the page shows when it cannot. */
  useAs: (userId: string) => Promise<{ storeId: string }>;
  /** Makes the account and uses the token in one transaction. */
  signUp: (fields: Signup) => Promise<{ storeId: string; userId: string }>;
};

/**
 * The action of a page whose link binds a token to an account (claiming a store, joining a team):
 * a signed-in user without a store uses it with one button; a visitor signs up, within the
 * address's sign-up limit, the account and the token's use made together; or signs in, and the
 * token is tried as that user, the page shown again as them whatever it answers.
 */
export async function answerLinkForm<Signup extends SignupFields>(
  request: Request,
  context: AppLoadContext,
  flow: LinkFlow<Signup>,
) {
  const form = Object.fromEntries(await request.formData());
  const options = { logger: context.logger, fallback: flow.failed, logLine: flow.logLines.failed };
  switch (form.intent) {
    case flow.useIntent:
      return answering(options, async () => {
        const user = await getCurrentUser(request, context);
        if (!user) throw new AppError("UNAUTHENTICATED", flow.failed);
        const { storeId } = await flow.useAs(user.id);
        context.logger.info(flow.logLines.used, { storeId, userId: user.id });
        return redirect("/i/admin");
      });
    case "signup": {
      const fields = Object.fromEntries(
        Object.keys(flow.signupSchema.shape).map((key) => [key, form[key] ?? ""]),
      );
      const parsed = flow.signupSchema.safeParse(fields);
      if (!parsed.success)
        return data(invalidForm(NEW_ACCOUNT_MESSAGES.failed, fieldErrors(parsed.error)), 400);
      return answering(options, async () => {
        const limit = {
          name: "signupPerAddress",
          subject: context.clientIp,
          limit: context.services.env.SIGNUP_LIMIT_PER_HOUR,
        } as const;
        await enforce(context.services.db, [limit], NEW_ACCOUNT_MESSAGES.tooMany);
        const { storeId, userId } = await flow.signUp(parsed.data);
        context.logger.info(flow.logLines.signedUp, { storeId, userId });
        return redirect("/i/admin", { headers: await signInWithLink(request, context, parsed.data) });
      });
    }
    case "login": {
      const parsed = LoginSchema.safeParse({ email: form.email ?? "", password: form.password ?? "" });
      if (!parsed.success) return data({ ok: false as const, message: flow.failed }, 400);
      return answering(options, async () => {
        const headers = await signInWithLink(request, context, parsed.data);
        // Signed in now: the token is tried, and whatever it answers the page shows as this user.
        const session = await context.services.auth.api.getSession({ headers: sessionHeaders(headers) });
        if (session) {
          try {
            await flow.useAs(session.user.id);
            return redirect("/i/admin", { headers });
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
          }
        }
        return redirect(flow.pagePath, { headers });
      });
    }
    default:
      return data({ ok: false as const, message: flow.failed }, 400);
  }
}
