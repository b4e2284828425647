// StrykerJS for @obmcp/views: the HTML sinks listed in scripts/mutation/targets.mjs, killed by their DOM tests.
import { strykerConfig } from '../../scripts/mutation/stryker-base.mjs';

export default strykerConfig('packages/views');
