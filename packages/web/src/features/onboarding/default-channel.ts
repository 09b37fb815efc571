import { createGroup, sendMessage } from '../../lib/api';

/**
 * A new server opens on a public channel with a greeting, not on an empty list. A failure here
 * (shown as the usual toast) must not keep the administrator in the wizard: the channel can be
 * created by hand later.
 */
export async function createDefaultChannel(name: string, greeting: string): Promise<void> {
  try {
    const response = await createGroup({ name, is_public: true });
    const gid = typeof response === 'number' ? response : response.gid;
    await sendMessage(
      { to: { kind: 'group', id: gid }, content: greeting, contentType: 'text/plain', properties: {} },
      { default: null },
    );
  } catch {
    // See above: the wizard finishes either way.
  }
}
