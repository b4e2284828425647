// defineViews: an app's view specs → ViewDefinitions whose HTML lives in the app package's own dist/views/.
import type { ViewDefinition, ViewSpec } from './view-types.js';

const VIEW_NAME = /^[a-z][a-z0-9-]{0,62}$/;

/**
 * `moduleUrl` is `import.meta.url` of a module directly under the package's src/ (or its compiled copy in
 * dist/): `../dist/views/<view>.html` resolves to the same file from both, so tests running the sources
 * and the published package read the HTML the build copied, with no assumption about the repository.
 */
export function defineViews(moduleUrl: string, server: string, specs: readonly ViewSpec[]): ViewDefinition[] {
  return specs.map((spec) => {
    if (!VIEW_NAME.test(spec.view)) throw new Error(`view name ${JSON.stringify(spec.view)} is not a-z0-9-`);
    return {
      uri: `ui://${server}/${spec.view}`,
      name: spec.view,
      title: spec.title,
      description: spec.description,
      tools: spec.tools,
      file: new URL(`../dist/views/${spec.view}.html`, moduleUrl),
    };
  });
}
