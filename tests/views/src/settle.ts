// Waiting for a view: its body's data-state, with the server's stderr when it never comes.
import type { FrameLocator } from 'playwright-core';
import type { ViewHost } from './view-host.js';

export async function settled(host: ViewHost, frame: FrameLocator, state: string): Promise<void> {
  try {
    await frame.locator(`body[data-state="${state}"]`).waitFor({ state: 'attached', timeout: 20_000 });
  } catch (error) {
    const seen = await frame
      .locator('body')
      .getAttribute('data-state', { timeout: 2_000 })
      .catch(() => 'unknown');
    throw new Error(
      `view never reached ${state} (it is ${seen}): ${String(error)}\n${host.stderr().slice(-1500)}`,
    );
  }
}
