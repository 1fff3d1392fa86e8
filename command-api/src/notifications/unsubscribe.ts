import { UNSUBSCRIBE_LINK_PURPOSE, unsubscribeLink, unsubscribeLinkId } from '@locus/contracts';
import { createLinkSigner, type CommandDeps, type LinkSigner } from '@locus/platform';

/** An unsubscribe link lasts a year: a digest read late must still stop the next one. */
const LINK_TTL_MS = 365 * 24 * 3_600_000;

export const unsubscribeSigner = (config: CommandDeps['config']): LinkSigner =>
  createLinkSigner(config.jwtSecret, UNSUBSCRIBE_LINK_PURPOSE, config.previousJwtSecrets);

/** The headers and the link of a notification mail: RFC 8058 one-click (`List-Unsubscribe-Post`). */
export function unsubscribeHeaders(deps: Pick<CommandDeps, 'config' | 'clock'>, signer: LinkSigner, userId: string, from: 'alert' | 'digest') {
  const token = signer.sign(unsubscribeLinkId(userId, from), new Date(deps.clock.now().getTime() + LINK_TTL_MS));
  const link = unsubscribeLink(deps.config.publicUrl, token);
  return { link, headers: { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } };
}
