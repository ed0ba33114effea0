import { describe, expect, it } from "vitest";
import { sessionToken } from "./stream-session.ts";

const NAME = "better-auth.session_token";

describe("sessionToken", () => {
  it("reads the token before the signature, URL-decoded, among other cookies", () => {
    expect(sessionToken(`a=1; ${NAME}=tok%2Ben.sig%3D; b=2`, NAME)).toBe("tok+en");
    expect(sessionToken(`__Secure-${NAME}=tok.sig`, `__Secure-${NAME}`)).toBe("tok");
  });

  it("is null without the cookie, without a signature, or when the value does not decode", () => {
    expect(sessionToken(undefined, NAME)).toBeNull();
    expect(sessionToken(`__Secure-${NAME}=tok.sig; x${NAME}=tok.sig`, NAME)).toBeNull();
    expect(sessionToken(`${NAME}=unsigned`, NAME)).toBeNull();
    expect(sessionToken(`${NAME}=.sig`, NAME)).toBeNull();
    expect(sessionToken(`${NAME}=%E0%A4%A.sig`, NAME)).toBeNull();
  });
});
