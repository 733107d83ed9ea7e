/**
 * Every problem a zod schema found, in order, as the field's path ("zones.0.fee") and its message:
 * what a form shows next to each field, and nothing it does not.
 */
export function schemaIssues(result: {
  success: boolean;
  error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] };
}): { path: string; message: string }[] {
  return result.success
    ? []
    : result.error!.issues.map(({ path, message }) => ({ path: path.join("."), message }));
}
