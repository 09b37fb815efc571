/**
 * Resolves once `condition` holds, checking it every few milliseconds: for state a test can read
 * but not subscribe to. Fails after `ms`, as a hang check, never as the expected outcome.
 */
export async function until(
  condition: () => boolean | Promise<boolean>,
  what: string,
  ms = 5_000,
): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
