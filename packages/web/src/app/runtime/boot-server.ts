import { getInitialized, getOrganization } from '../../lib/api';
import { endSession } from '../../lib/session';
import { dispatch } from '../../lib/store';
import { clearAllStorage, loadServerId, saveServerId } from '../../lib/store/persistence';

/** Anonymous start-up reads (API.md §13): is the server set up, and what is it called. */
export function bootServer(): void {
  getInitialized()
    .then((initialized) => dispatch({ type: 'server/initialized', initialized: initialized !== false }))
    // SPEC §4: the initialized check falls back to `true` when it fails.
    .catch(() => dispatch({ type: 'server/initialized', initialized: true }));

  getOrganization()
    .then((organization) => {
      const serverId = organization.server_id || null;
      const known = loadServerId();
      if (serverId && known && known !== serverId) {
        // Another server now answers at this origin: nothing stored for the old one is valid here.
        clearAllStorage();
        endSession();
      }
      if (serverId) saveServerId(serverId);
      dispatch({
        type: 'server/organization',
        name: organization.name,
        description: organization.description,
        serverId,
      });
    })
    .catch(() => undefined);
}
