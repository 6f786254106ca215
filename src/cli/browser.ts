/**
 * Opens a URL in the user's browser, best effort (a headless machine has none: the URL is
 * printed too). The `open` package passes the URL as one argument to each platform's opener
 * (no shell, so a `&` in the URL or a hostile authorization endpoint cannot cut or inject).
 */
import open from "open";

export async function openBrowser(url: string): Promise<void> {
  try {
    const child = await open(url);
    child.once("error", () => undefined);
  } catch {
    // No browser: the printed URL is the way.
  }
}
