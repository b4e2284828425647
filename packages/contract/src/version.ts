// The one constant behind _envelope_version, capabilities.contract_version and releases.
export const CONTRACT_VERSION = 1 as const;
export type ContractVersion = typeof CONTRACT_VERSION;
