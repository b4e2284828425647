// StrykerJS for @obmcp/hosted-auth: the guard modules listed in scripts/mutation/targets.mjs, killed by this package's tests.
import { strykerConfig } from '../../scripts/mutation/stryker-base.mjs';

export default strykerConfig('packages/hosted-auth');
