/** Authorization failures of a server behind OAuth. */
import { McpRuntimeError } from "../../shared/runtime-errors.js";

/** Discovery, registration, the authorization or the token exchange failed, or the server refused the token. */
export class AuthorizationError extends McpRuntimeError {
  override name = "AuthorizationError";
}

/**
 * The server needs a (new) interactive login: nothing is stored, the stored authorization was
 * revoked or expired without a refresh token, or more scope is needed, and no `oauth.authorize`
 * callback was given to run one.
 */
export class LoginRequiredError extends AuthorizationError {
  override name = "LoginRequiredError";
}
