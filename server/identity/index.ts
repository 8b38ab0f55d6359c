/** The built-in user pool's public surface (see pool.ts and README.md in this folder). */
export { createUserPool, DEFAULT_LIMITS, type PoolLimits, type UserPool, type UserPoolOptions } from './pool';
export { identityRoutes } from './routes';
export { loadIdentityConfig, type IdentityConfig } from './config';
export { createPoolUser, setPoolUserPassword, PoolUserError, type CreatePoolUserInput, type SetPoolUserPasswordInput } from './users';
export { DEFAULT_LIFETIMES, type TokenLifetimes } from './tokens';
export { ProvisioningError, type IdentityProvisioner, type ProvisionedUser } from './provisioning';
export { builtInProvisioner } from './provisioning-pool';
export { createIdentityProvisioner, loadProvisioningConfig, type ProvisioningConfig } from './provisioners';
