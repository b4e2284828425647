// Flags the suite's known false passes: tool scenarios that "pass" on our tool_not_found envelope.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Scenarios whose check only looks at the result shape, so an isError envelope for a missing tool passes. */
export const FALSE_PASS_SCENARIOS = ['tools-call-simple-text', 'tools-call-error'] as const;

interface Check {
  status?: string;
  details?: { result?: { isError?: boolean; content?: { type?: string; text?: string }[] } };
}

/** Names of scenarios in outputDir that passed only because the fixture tool is missing. */
export function falsePasses(outputDir: string): string[] {
  const found: string[] = [];
  for (const dir of readdirSync(outputDir)) {
    const scenario = FALSE_PASS_SCENARIOS.find((s) => dir.startsWith(`server-${s}-`));
    if (!scenario) continue;
    const checks = JSON.parse(readFileSync(join(outputDir, dir, 'checks.json'), 'utf8')) as Check[];
    const hollow = checks.some(
      (c) =>
        c.status === 'SUCCESS' &&
        c.details?.result?.isError === true &&
        (c.details.result.content ?? []).some((p) =>
          (p.text ?? '').includes('"error_kind":"tool_not_found"'),
        ),
    );
    if (hollow) found.push(scenario);
  }
  return found.sort();
}
