import { describe, expect, it } from "vitest";
import { IMAGE_MESSAGES, MAX_UPLOAD_BYTES } from "./image-messages";

describe("image messages", () => {
  it("tells the owner the size limit the server enforces, in megabytes", () => {
    expect(MAX_UPLOAD_BYTES).toBe(10 * 1024 * 1024);
    expect(IMAGE_MESSAGES.tooLarge).toBe("La imagen pesa más de 10 MB. Elige una foto más ligera.");
  });
});
