import { useAccount } from '../../api/account';
import { useAuthServices } from '../../auth/auth-services';
import { DEFAULT_LANGUAGE, accountLanguages, type LanguageCode } from '../../domain/languages';
import { useAdminAccess } from './admin-access';

/**
 * The languages of the signed-in user's account other than English, in the order of `LANGUAGES`,
 * from the account every member may read (`GET /accounts?id=`), so team admins who are not the
 * account admin get them too. Empty while the account loads or when it cannot be.
 */
export function useOtherLanguages(): LanguageCode[] {
  const { api } = useAuthServices();
  const { accountId } = useAdminAccess();
  const account = useAccount(api, accountId);
  return accountLanguages(account?.languages).filter((code) => code !== DEFAULT_LANGUAGE);
}
