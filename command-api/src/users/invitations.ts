import { INVITATION_TTL_SECONDS, type IdentityUserEvent } from '@locus/contracts';
import { publicBaseOf, type AnyRequest, type Clock, type IdSource, type LocusConfig } from '@locus/platform';
import type { IdentitySecrets } from '../kit/secrets';

export type InvitationRequest = Omit<Extract<IdentityUserEvent, { type: 'PasswordResetRequested' }>['data'], 'userId'>;

/**
 * An invitation: the password-reset machinery with its own mail and a week's validity. The
 * link is single-use, and a newer one (resend, reset) replaces it.
 */
/**
 * Where the invitation link points: with LOCUS_PUBLIC_URL unset, the address the signed-in admin
 * reached Locus at. Anonymous password resets keep the configured URL, so a forged Host cannot
 * send a reset token to another site.
 */
export const invitationLinkBase = (config: Pick<LocusConfig, 'publicUrl' | 'publicUrlFixed'>, req: Pick<AnyRequest, 'origin'>): string | undefined =>
  config.publicUrlFixed || !req.origin ? undefined : publicBaseOf(config, req);

export function invitationRequest(
  deps: { secrets: IdentitySecrets; clock: Clock; ids: IdSource },
  email: string,
  invitedBy: string,
  linkBase?: string,
): InvitationRequest {
  const token = deps.secrets.newResetToken();
  const requestId = deps.ids.uuid();
  return {
    requestId,
    email: email.trim(),
    tokenHash: deps.secrets.hashResetToken(token),
    sealedToken: deps.secrets.seal(token, requestId),
    expiresAt: new Date(deps.clock.now().getTime() + INVITATION_TTL_SECONDS * 1000).toISOString(),
    purpose: 'invitation',
    invitedBy,
    ...(linkBase ? { linkBase } : {}),
  };
}
