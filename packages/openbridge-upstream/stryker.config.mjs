// StrykerJS for @obmcp/openbridge-upstream: no guard targets; the CI gate mutates the files a change touches, killed by this package's tests.
import { strykerConfig } from '../../scripts/mutation/stryker-base.mjs';

export default strykerConfig('packages/openbridge-upstream');
