import { Hono } from 'hono';
import type { AppEnv, Caller } from '../app-env';
import { userInfoResponse, type User } from '../../src/api/contract/user';
import { contract } from './contract';

export function toUserDto(caller: Caller): User {
  return {
    _id: caller.id,
    email: caller.email,
    account: caller.accountId,
    teams: caller.teams,
    adminTeams: caller.adminTeams,
    accountAdmin: caller.accountAdmin,
    ...(caller.cognitoSub ? { cognitoAuth: { sub: caller.cognitoSub } } : {}),
    ...(caller.microsoftSub ? { microsoftAuth: { sub: caller.microsoftSub } } : {}),
  };
}

/** `GET /user-info` → `{ user }`: who the bearer token belongs to. */
export function userInfoRoutes() {
  const userInfo = contract({ summary: 'The signed-in user', response: userInfoResponse });
  return new Hono<AppEnv>().get('/', userInfo, (c) => c.json({ user: toUserDto(c.var.caller) }));
}
